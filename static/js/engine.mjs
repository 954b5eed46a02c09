// The page's side of the engine worker (static/js/engine-worker.mjs). Loaded from <head>
// before PyScript, so Pyodide boots in the worker while MicroPython draws the page.
//
//   globalThis.matchbookEngine
//     .connect({shared})    start (or join) the worker; done at load time from
//                           <html data-engine-worker="shared|dedicated"> (default dedicated),
//                           unless <html data-engine-connect="manual"> (an embed frame connects
//                           once it is visible or touched)
//     .ready                a promise of a JSON string, {"ok": true, "timings": {...}} or
//                           {"ok": false, "error": "..."}; it never rejects (MicroPython
//                           cannot catch a JavaScript exception)
//     .call(requestJson, target)   a promise of the reply's JSON text; never rejects either.
//                           target "embed": an embed frame's table (ui/embed_controller.py)
//     .kind                 "shared", "sibling" or "dedicated": how this page reached it
//     events "progress" (detail {stage, done, total}), "ready", "failed"
//
// A SharedWorker lets every frame of one site share one engine (a teaching page with five
// embeds boots Python once). A frame refused storage cannot start one (a third-party frame
// when the browser blocks third-party storage: the worker fails with an error event), and
// some browsers have none. Then frames of the same origin on one page still share one engine:
// the first to need it starts a dedicated Worker and its same-origin siblings (reached through
// parent.frames, which needs no storage) join it over a MessageChannel. A frame alone gets a
// dedicated Worker of its own. Nothing here touches localStorage, the service worker or the
// Cache API.

const WORKER_URL = new URL("./engine-worker.mjs", import.meta.url);
const BOOT_URL = new URL("../engine/boot.json", import.meta.url);
const WORKER_NAME = "matchbook-engine";

class MatchbookEngine extends EventTarget {
  constructor() {
    super();
    this.kind = null;
    this.key = null;
    this.progress = { stage: "start", done: 0, total: 100 };
    this.timings = null;
    this.error = null;
    this.port = null;
    this.worker = null; // a dedicated worker of our own, which sibling frames may join
    this.told = false; // "go" was said (said again to a worker we switch to)
    this.pending = new Map();
    this.nextId = 1;
    this.ready = new Promise((resolve) => { this.settle = resolve; });
  }

  connect({ shared = false } = {}) {
    if (!this.connecting) {
      this.connecting = this.open(shared).then((port) => {
        this.port = port;
        if (this.kind !== "sibling") askPrefetch(port);
      });
    }
    return this;
  }

  async open(shared) {
    // One engine per build: a tab left open on an older version keeps its engine, and a page
    // of this version never talks to it (boot.json's key names the build; the build writes it
    // into the page as <html data-engine-key>, which saves fetching boot.json first).
    try {
      this.key = document.documentElement.dataset.engineKey
        || (await fetch(BOOT_URL).then((response) => response.json())).key;
    } catch (error) {
      this.key = "unknown";
    }
    if (shared && typeof SharedWorker === "function") {
      try {
        return this.share();
      } catch (error) {
        // refused at once (some browsers throw SecurityError): share another way
      }
    }
    return this.fallback();
  }

  share() {
    const worker = new SharedWorker(WORKER_URL, { type: "module",
                                                  name: `${WORKER_NAME} ${this.key}` });
    worker.onerror = () => this.unshare();
    const port = worker.port;
    this.listen(port);
    port.start();
    this.kind = "shared";
    // Leaving for good (not into the back/forward cache): the worker drops our games.
    addEventListener("pagehide", (event) => {
      if (!event.persisted && this.kind === "shared") port.postMessage({ type: "bye" });
    });
    return port;
  }

  // The shared worker could not start (storage refused): carry on another way, resending
  // what waits.
  unshare() {
    if (this.timings || this.error || this.kind !== "shared") return;
    this.port = this.fallback();
    if (this.told) this.port.postMessage({ type: "go", mbit: this.mbit });
    for (const [id, entry] of this.pending) {
      this.port.postMessage({ id, request: entry.request, target: entry.target });
    }
  }

  // A sibling frame's engine if one of the same origin and build runs one, else our own.
  // Synchronous from the search to the claim: same-origin frames share one event loop, so
  // two frames never both decide to start a worker.
  fallback() {
    const host = siblingEngine(this.key);
    if (host) {
      const channel = new MessageChannel();
      host.adopt(channel.port2);
      this.listen(channel.port1);
      channel.port1.start();
      this.kind = "sibling";
      addEventListener("pagehide", (event) => {
        if (!event.persisted) channel.port1.postMessage({ type: "bye" });
      });
      return channel.port1;
    }
    return this.dedicate();
  }

  dedicate() {
    const worker = new Worker(WORKER_URL, { type: "module", name: WORKER_NAME });
    worker.onerror = (event) => {
      this.fail((event && event.message) || "the engine worker could not be loaded");
    };
    this.listen(worker);
    this.kind = "dedicated";
    this.worker = worker;
    return worker;
  }

  // A sibling frame joins our dedicated worker: the worker serves it as a client of its own.
  adopt(port) {
    if (!this.worker) throw new Error("this frame runs no engine of its own");
    this.worker.postMessage({ type: "port" }, [port]);
  }

  listen(port) {
    port.onmessage = (event) => {
      if (port === this.port || this.port === null) this.receive(event.data || {});
    };
  }

  receive(message) {
    if (message.id !== undefined) {
      const entry = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (entry) entry.resolve(message.response);
    } else if (message.type === "progress") {
      this.progress = { stage: message.stage, done: message.done, total: message.total };
      showProgress(message.done / message.total);
      this.dispatchEvent(new CustomEvent("progress", { detail: this.progress }));
    } else if (message.type === "ready" && !this.timings && !this.error) {
      this.timings = message.timings;
      showProgress(1);
      this.settle(JSON.stringify({ ok: true, kind: this.kind, timings: this.timings }));
      this.dispatchEvent(new CustomEvent("ready", { detail: this.timings }));
    } else if (message.type === "failed") {
      this.fail(message.error);
    }
  }

  fail(error) {
    if (this.timings || this.error) return;
    this.error = String(error);
    this.settle(JSON.stringify({ ok: false, error: this.error }));
    for (const entry of this.pending.values()) entry.resolve(this.refusal());
    this.pending.clear();
    this.dispatchEvent(new CustomEvent("failed", { detail: this.error }));
  }

  refusal() {
    return JSON.stringify({ ok: false, error: `The game engine could not start: ${this.error}`,
                            rule: null, bug: true });
  }

  // The page's UI has started: the worker may download and boot now (see GO_ANYWAY_MS there).
  go() {
    this.connect();
    this.mbit ??= linkMbit();
    this.connecting.then(() => {
      this.told = true;
      this.port.postMessage({ type: "go", mbit: this.mbit });
    });
  }

  async call(requestJson, target) {
    this.connect();
    await this.connecting;
    if (this.error) return this.refusal();
    const request = String(requestJson);
    return new Promise((resolve) => {
      const id = this.nextId++;
      const entry = { request, resolve, target: target === "embed" ? "embed" : undefined };
      this.pending.set(id, entry);
      this.port.postMessage({ id, request, target: entry.target });
    });
  }
}

// A first visit (a top-level page no service worker serves yet: a later visit's engine comes
// from the precache; an embed frame fetches as its engine boots): the worker fetches the
// engine's files into the HTTP cache once the page's own big files are in (MicroPython's wasm
// and the UI's bytecode: the lobby first), see prefetch in static/js/engine-worker.mjs.
function askPrefetch(port) {
  try {
    if (window.top !== window || navigator.serviceWorker?.controller) return;
  } catch (error) {
    return; // a frame that cannot look at its top or its service worker: as before
  }
  const after = ["../vendor/micropython/micropython.wasm", "../../ui/bundle.bin"];
  port.postMessage({ type: "prefetch",
                     after: after.map((path) => new URL(path, import.meta.url).href) });
}

// How fast this page's own files came over the network, in Mbit/s (Resource Timing): the
// bytes of its larger files (MicroPython's wasm, the UI's bytecode: small ones mostly measure
// round trips) over the time the link was busy bringing them, from each one's first byte to
// its last (downloads side by side counted once); null with too little to go by (e.g. they
// came from the service worker). The worker weighs a snapshot download by it.
function linkMbit() {
  const spans = performance.getEntriesByType("resource")
    .filter((entry) => entry.transferSize > 0 && entry.encodedBodySize >= 64_000
            && entry.responseEnd > entry.responseStart)
    .map((entry) => [entry.responseStart, entry.responseEnd, entry.encodedBodySize])
    .sort((a, b) => a[0] - b[0]);
  let bytes = 0;
  let busy = 0;
  let reached = -Infinity;
  for (const [start, end, size] of spans) {
    bytes += size;
    busy += Math.max(0, end - Math.max(start, reached));
    reached = Math.max(reached, end);
  }
  return bytes >= 128_000 && busy > 0 ? (bytes * 8) / (busy * 1000) : null;
}

// The engine of a same-origin sibling frame that runs a dedicated worker of this build, or
// null. Frames of other origins throw on access: they are skipped.
function siblingEngine(key) {
  let frames;
  try {
    if (window.parent === window) return null;
    frames = window.parent.frames;
  } catch (error) {
    return null;
  }
  for (let index = 0; index < frames.length; index += 1) {
    try {
      const other = frames[index];
      if (other === window) continue;
      const engine = other.matchbookEngine;
      if (engine && engine.worker && engine.key === key && !engine.error) return engine;
    } catch (error) {
      // another origin: not ours to use
    }
  }
  return null;
}

// Every <progress data-boot-progress> on the page follows the worker's boot: it moves only
// when the worker reports progress (no endless animation competing for the cores).
function showProgress(fraction) {
  for (const bar of document.querySelectorAll("progress[data-boot-progress]")) {
    bar.value = Math.round(100 * Math.min(1, Math.max(0, fraction)));
  }
}

const engine = new MatchbookEngine();
globalThis.matchbookEngine = engine;
const root = document.documentElement;

// The lobby, the rules pages and History need no live game: the build wrote the engine's
// catalog reply (data/catalog.json), so the UI draws them before Python has booted. A
// promise of its text ("" when the page asks for none or it cannot be read): never rejects.
globalThis.matchbookCatalog = root.dataset.staticCatalog
  ? fetch(new URL(root.dataset.staticCatalog, document.baseURI))
    .then((response) => (response.ok ? response.text() : ""))
    .catch(() => "")
  : Promise.resolve("");
if (root.dataset.engineConnect !== "manual") {
  engine.connect({ shared: root.dataset.engineWorker === "shared" });

  // The worker downloads and boots Python once the page's UI has started (<html
  // data-ui> leaves "loading"), so the two do not fight over the cores.
  const sayGo = () => {
    if (root.dataset.ui === "loading") return false;
    engine.go();
    return true;
  };
  if (!sayGo()) {
    const watcher = new MutationObserver(() => { if (sayGo()) watcher.disconnect(); });
    watcher.observe(root, { attributes: true, attributeFilter: ["data-ui"] });
  }
}
