// The engine worker: Pyodide running engine/service.py, for one page (a dedicated Worker) or
// for every frame of one site in a browser (a SharedWorker, one MessagePort per client).
//
// Protocol (static/js/engine.mjs is the page's side):
//   page -> worker  {id, request}        request: a JSON string for engine.service.handle
//                   {id, request, target: "embed"}   for ui.embed_controller.handle: an embed
//                                        frame's table, rendered here beside the engine
//                   {type: "go"}         the page is drawn: boot Python now (GO_ANYWAY_MS)
//                   {type: "bye"}        this client is leaving: drop its games
//                   {type: "port"} + a MessagePort (dedicated worker only): another frame of
//                                        the page joins this engine as a client of its own
//   worker -> page  {id, response}       response: the JSON string handle() returned
//                   {type: "progress", stage, done, total}   while booting (done/total of 100)
//                   {type: "ready", timings}  |  {type: "failed", error}
// Each client has an id of its own, passed to handle(request, client): its games are its own.
//
// Booting: the build (tools/build.py, tools/engine_bundle.mjs) ships static/engine/boot.json,
// the engine compiled to .pyc in one zip, and a memory snapshot of Pyodide with the engine
// already imported. From the snapshot, Python does not boot at all; without one (or if it
// fails to load), Pyodide boots and imports the engine from the zip. Nothing here touches
// storage: a frame refused storage boots the same way.

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

// Until the page says "go" (its UI is drawn), the worker only downloads: on two cores,
// booting Pyodide at once (gunzip, wasm compile and tier-up) slowed MicroPython's first
// screen several times over. A page that never says it (no UI) gets the engine anyway.
let go;
const uiDrawn = new Promise((resolve) => { go = resolve; });
const GO_ANYWAY_MS = 3000;
setTimeout(() => go("timeout"), GO_ANYWAY_MS);

// The snapshot: downloaded at once (progress follows the bytes), gunzipped after "go".
async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
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

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  // worker_origin names this worker: frames sharing it get the same one.
  const timings = { snapshot: false, compiled: false, worker_origin: performance.timeOrigin };
  const [{ loadPyodide }, boot] = await Promise.all([
    import("../vendor/pyodide/pyodide.mjs"),
    fetch(BUNDLE + "boot.json").then((r) => {
      if (!r.ok) throw new Error(`boot.json: HTTP ${r.status}`);
      return r.json();
    }),
  ]);
  timings.compiled = !!boot.compiled;
  timings.files_ms = since();
  progress("files", 10);
  const archive = fetchBytes(BUNDLE + boot.archive);
  archive.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
  const quiet = { stdout: () => {}, stderr: (line) => console.warn(line) };
  let pyodide = null;
  if (boot.snapshot) {
    try {
      const compressed = fetchSnapshot(BUNDLE + boot.snapshot);
      compressed.then(() => { timings.snapshot_fetched_ms = since(); }, () => {});
      // loadPyodide starts its downloads at once but compiles nothing before it has the
      // snapshot: holding the snapshot holds all of the boot's CPU work.
      const snapshot = Promise.all([compressed, uiDrawn]).then(([blob, why]) => {
        timings.go_ms = since();
        timings.go = why;
        return gunzip(blob);
      });
      pyodide = await loadPyodide({ indexURL: PYODIDE, _loadSnapshot: snapshot, ...quiet });
      timings.snapshot = true;
    } catch (error) {
      // A snapshot that does not fit this runtime: boot Python the ordinary way instead.
      console.warn("Matchbook: the engine snapshot could not be used:", error);
      timings.snapshot_error = String((error && error.message) || error);
    }
  }
  timings.runtime_ms = since();
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: PYODIDE, ...quiet });
    timings.runtime_ms = since();
  }
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
      go("ui");
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
