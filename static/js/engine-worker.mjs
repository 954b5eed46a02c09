// The engine worker: Pyodide running engine/service.py, for one page (a dedicated Worker) or
// for every frame of one site in a browser (a SharedWorker, one MessagePort per client).
//
// Protocol (static/js/engine.mjs is the page's side):
//   page -> worker  {id, request}        request: a JSON string for engine.service.handle
//                   {id, request, target: "embed"}   for ui.embed_controller.handle: an embed
//                                        frame's table, rendered here beside the engine
//                   {type: "go", mbit}   the page is drawn: boot Python now (GO_ANYWAY_MS);
//                                        mbit: how fast the page's files came, or null
//                   {type: "prefetch", after: [url]}   a first visit: fetch the engine's files
//                                        into the HTTP cache once the page's are in
//                   {type: "bye"}        this client is leaving: drop its games
//                   {type: "port"} + a MessagePort (dedicated worker only): another frame of
//                                        the page joins this engine as a client of its own
//   worker -> page  {id, response}       response: the JSON string handle() returned
//                   {type: "progress", stage, done, total}   while booting (done/total of 100)
//                   {type: "ready", timings}  |  {type: "failed", error}
// Each client has an id of its own, passed to handle(request, client): its games are its own.
//
// Booting: the build (tools/build.py, tools/engine_bundle.mjs) ships static/engine/boot.json,
// the engine compiled to .pyc in one zip, the part of the standard library it imports, and a
// memory snapshot of Pyodide with the engine already imported. The snapshot is used when it is
// already on this device (the service worker's precache, or the HTTP cache), or downloaded
// when the link the page measured brings it in sooner than booting Python would take
// (SNAPSHOT_SAVES_MS); otherwise Pyodide boots and imports the engine from the zip, and the
// precache fetches the snapshot once the engine is up, for every later visit (from the
// snapshot, Python does not boot at all). Nothing here touches storage APIs: a frame refused
// storage boots the same way (its cache-only fetch finds nothing).
//
// The lobby first: on a slow link the engine's downloads (the wasm alone is 3.5 MB gzipped)
// would share the link with the page's own files, so the worker downloads nothing big before
// those files are in (on a first visit it then fetches the engine's into the HTTP cache,
// prefetch below: Pyodide's, then the archive, which the boot asks for only once Python has
// booted) or the page says "go" (its UI's own files are in and its Python runs), or
// GO_ANYWAY_MS passed; it boots only on "go".

const PYODIDE = new URL("../vendor/pyodide/", import.meta.url).href;
const BUNDLE = new URL("../engine/", import.meta.url).href;
const started = performance.now();

const ports = new Set();
let nextClient = 1;
let last = { type: "progress", stage: "start", done: 0, total: 100 };
const since = () => Math.round(performance.now() - started);

function broadcast(message) {
  last = message;
  for (const port of ports) port.postMessage(message);
}

function progress(stage, done) {
  if (last.type === "progress" && done <= last.done) return;
  broadcast({ type: "progress", stage, done: Math.round(done), total: 100 });
}

// Until the page says "go" (its UI has started), the worker does not boot, and downloads only
// what prefetch below allows: on two cores, booting Pyodide at once (gunzip, wasm compile and
// tier-up) slowed MicroPython's first screen several times over, and on a slow link its
// downloads delayed the page's files. A page that never says it (no UI) gets the engine anyway.
let go;
const uiStarted = new Promise((resolve) => { go = resolve; });
const GO_ANYWAY_MS = 3000;
// What the snapshot saves on a first visit: with the standard library compiled by the build,
// booting Python and importing the engine takes only ~0.5 s more than starting from the
// snapshot here (bench/first_visit_bench.py, 2 cores; it was ~2.5 s when the library was
// source the browser compiled), so a snapshot this device lacks (5.3 MB) is downloaded only
// when that is quicker: above ~85 Mbit/s, as the page measured its own files. At 50 Mbit/s,
// engine ready 2.6 s with it, 2.0 s without.
const SNAPSHOT_SAVES_MS = 500;
setTimeout(() => go({ why: "timeout", mbit: null }), GO_ANYWAY_MS);

// A file if this device already has it (the service worker's precache or the HTTP cache):
// the response, whose body is still to read; null if not (the snapshot on a first visit).
async function cached(url) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    return response.ok ? response : null;
  } catch (error) {
    return null; // not cached: the network is not asked
  }
}

// Its bytes (progress follows them).
async function readSnapshot(response) {
  const total = Number(response.headers.get("content-length")) || 0;
  const chunks = [];
  let received = 0;
  for (const reader = response.body.getReader(); ;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total) progress("download", 15 + (55 * received) / total);
  }
  return new Blob(chunks);
}

async function gunzip(blob) {
  const stream = blob.stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The engine's archive, its bytes, timed; a failure is reported where it is awaited.
function fetchArchive(url, timings) {
  const bytes = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const data = new Uint8Array(await response.arrayBuffer());
    timings.archive_ms = since();
    return data;
  });
  bytes.catch(() => {}); // not unhandled while the boot awaits something else
  return bytes;
}

const bootJson = fetch(BUNDLE + "boot.json").then((r) => {
  if (!r.ok) throw new Error(`boot.json: HTTP ${r.status}`);
  return r.json();
});
bootJson.catch(() => {}); // reported by the boot, which awaits it

// A first visit's engine files, fetched into the HTTP cache once the page's own big files
// are in ({type: "prefetch", after}: MicroPython's wasm and the UI's bytecode: the lobby
// first) or the page says "go": Pyodide's files (the wasm is 3.5 MB gzipped), then the
// engine's archive, which the boot asks for only once Python is up, so that it comes while
// Python boots instead of before it. The boot itself still waits for "go"; its requests find
// these files in the cache or on their way (the browser makes a request for a file it is
// still downloading wait for that download: each file comes once), so the link does not sit
// idle while the page's Python starts. Done here, not by the page: a worker sees when a file
// is in the cache within ~10 ms, while the page's main thread, busy starting MicroPython,
// learnt it ~100 ms late, and the bodies cost the worker's thread, not the page's.
let prefetching = false;
async function prefetch(after) {
  if (prefetching) return;
  prefetching = true;
  const went = uiStarted.then(() => true);
  for (const url of after) {
    while (!(await cached(url).then(drain)) && !(await Promise.race([went, pause(10)]))) {
      // not in the cache yet: look again (a request for a file on its way may also wait for it)
    }
  }
  const boot = await bootJson.catch(() => ({}));
  if (!boot.archive) return;
  await Promise.all([PYODIDE + "pyodide.asm.wasm", PYODIDE + "pyodide.asm.mjs",
                     PYODIDE + "pyodide-lock.json",
                     boot.stdlib ? BUNDLE + boot.stdlib : PYODIDE + "python_stdlib.zip"]
    .map((url) => fetch(url).then(drain, () => false)));
  await fetch(BUNDLE + boot.archive).then(drain, () => false);
}

// Reads a response to its end into nothing (it lands in the HTTP cache); false for none or a
// failure (the boot's own request reports it).
async function drain(response) {
  if (!response || !response.ok || !response.body) return false;
  try {
    await response.body.pipeTo(new WritableStream());
    return true;
  } catch (error) {
    return false;
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(() => resolve(false), ms));

async function boot() {
  // worker_origin names this worker: frames sharing it get the same one.
  const timings = { snapshot: false, compiled: false, worker_origin: performance.timeOrigin };
  const [{ loadPyodide }, boot] = await Promise.all([
    import("../vendor/pyodide/pyodide.mjs"),
    bootJson,
  ]);
  timings.compiled = !!boot.compiled;
  timings.files_ms = since();
  progress("files", 10);
  const kept = boot.snapshot ? await cached(BUNDLE + boot.snapshot) : null;
  const said = await uiStarted;
  timings.go = said.why;
  timings.go_ms = since();
  // How fast the page's own files came (Mbit/s, measured by the page; null when it could not
  // tell, e.g. they all came from the service worker): a snapshot this device lacks is
  // downloaded only when that link brings it in less time than the boot it saves.
  timings.link_mbit = said.mbit;
  let source = kept;
  if (!source && boot.snapshot && boot.snapshot_bytes && said.mbit
      && boot.snapshot_bytes / (said.mbit * 125) < SNAPSHOT_SAVES_MS) {
    try {
      const response = await fetch(BUNDLE + boot.snapshot);
      if (response.ok) source = response;
    } catch (error) {
      // no snapshot then: Python boots from the archive
    }
  }
  timings.snapshot_from = kept ? "cache" : source ? "network" : "none";
  const quiet = { stdout: () => {}, stderr: (line) => console.warn(line) };
  // The standard library the engine imports (the build's python_stdlib.zip, a fraction of
  // Pyodide's): the snapshot was made with it, so both always go together.
  const stdlib = boot.stdlib ? { stdLibURL: BUNDLE + boot.stdlib } : {};
  let pyodide = null;
  let archive = null;
  if (source) {
    archive = fetchArchive(BUNDLE + boot.archive, timings); // beside the snapshot
    try {
      const snapshot = readSnapshot(source).then((blob) => {
        timings.snapshot_fetched_ms = since();
        return gunzip(blob);
      });
      pyodide = await loadPyodide({ indexURL: PYODIDE, _loadSnapshot: snapshot, ...stdlib,
                                    ...quiet });
      timings.snapshot = true;
    } catch (error) {
      // A snapshot that does not fit this runtime: boot Python the ordinary way instead.
      console.warn("Matchbook: the engine snapshot could not be used:", error);
      timings.snapshot_error = String((error && error.message) || error);
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ indexURL: PYODIDE, ...stdlib, ...quiet });
  timings.runtime_ms = since();
  // When the wasm's last byte came (Resource Timing; the bench prints it): from then on the
  // boot is CPU.
  const wasm = performance.getEntriesByName?.(PYODIDE + "pyodide.asm.wasm")?.[0];
  if (wasm) timings.wasm_ms = Math.round(wasm.responseEnd - started);
  // Without the snapshot, the archive is asked for only now: only the import below needs it,
  // and on a first visit the page has fetched it into the HTTP cache after Pyodide's files,
  // while Python booted (static/js/engine.mjs, prefetch).
  archive ??= fetchArchive(BUNDLE + boot.archive, timings);
  progress("runtime", timings.snapshot ? 85 : 60);
  const path = boot.archive_path;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, await archive);
  if (!timings.snapshot) {
    pyodide.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
  }
  const service = pyodide.pyimport("engine.service");
  // The embeds' tables (pure Python, beside the engine; in the snapshot when there is one).
  let embed = null;
  try {
    embed = pyodide.pyimport("ui.embed_controller");
  } catch (error) {
    console.warn("Matchbook: no embed controller in this engine bundle:", error);
  }
  timings.engine_ms = since();
  progress("engine", 95);
  return { handle: service.handle, forget: service.forget, embed, timings };
}

const booting = boot().then(
  (engine) => {
    engine.timings.ready_ms = since();
    broadcast({ type: "ready", timings: engine.timings });
    return engine;
  },
  (error) => {
    console.error("Matchbook: the engine could not start:", error);
    broadcast({ type: "failed", error: String((error && error.message) || error) });
    return null;
  },
);

function attach(port) {
  const client = `client-${nextClient++}`;
  ports.add(port);
  port.postMessage(last); // a frame that joins late learns where the boot is, or that it is done
  port.onmessage = async (event) => {
    const message = event.data || {};
    if (message.type === "go") {
      const mbit = Number(message.mbit);
      go({ why: "ui", mbit: Number.isFinite(mbit) && mbit > 0 ? Math.round(mbit * 10) / 10 : null });
      return;
    }
    if (message.type === "prefetch" && Array.isArray(message.after)) {
      prefetch(message.after.map(String));
      return;
    }
    if (message.type === "port" && port === self && event.ports && event.ports[0]) {
      attach(event.ports[0]); // a sibling frame of the page that owns this worker
      return;
    }
    const engine = await booting;
    if (message.type === "bye") {
      ports.delete(port);
      if (engine) {
        engine.forget(client);
        if (engine.embed) engine.embed.forget(client);
      }
      return;
    }
    let response;
    if (!engine) {
      response = JSON.stringify({ ok: false, error: "The game engine could not start.",
                                  rule: null, bug: true });
    } else {
      try {
        const handle = message.target === "embed" && engine.embed ? engine.embed.handle
          : engine.handle;
        response = handle(String(message.request), client);
      } catch (error) { // handle() answers every request itself; this is a bug in the worker
        response = JSON.stringify({ ok: false, error: `Internal error: ${error}`, rule: null,
                                    bug: true });
      }
    }
    port.postMessage({ id: message.id, response });
  };
}

if (typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope) {
  self.onconnect = (event) => attach(event.ports[0]);
} else {
  attach(self);
}
progress("worker", 5);
