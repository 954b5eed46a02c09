// The page's side of the engine worker (static/js/engine-worker.mjs). Loaded from <head>
// before PyScript, so Pyodide boots in the worker while MicroPython draws the page.
//
//   globalThis.matchbookEngine
//     .connect({shared})    start (or join) the worker; done at load time from
//                           <html data-engine-worker="shared|dedicated"> (default dedicated)
//     .ready                a promise of a JSON string, {"ok": true, "timings": {...}} or
//                           {"ok": false, "error": "..."}; it never rejects (MicroPython
//                           cannot catch a JavaScript exception)
//     .call(requestJson)    a promise of the engine's JSON reply; never rejects either
//     .kind                 "shared" or "dedicated": which worker this page got
//     events "progress" (detail {stage, done, total}), "ready", "failed"
//
// A SharedWorker lets every frame of one site share one engine (a teaching page with five
// embeds boots Python once). A frame refused storage cannot start one (new SharedWorker
// throws), and some browsers have none: then a dedicated Worker, which always works.
// Nothing here touches localStorage, the service worker or the Cache API.

const WORKER_URL = new URL("./engine-worker.mjs", import.meta.url);
const BOOT_URL = new URL("../engine/boot.json", import.meta.url);
const WORKER_NAME = "matchbook-engine";

class MatchbookEngine extends EventTarget {
  constructor() {
    super();
    this.kind = null;
    this.progress = { stage: "start", done: 0, total: 100 };
    this.timings = null;
    this.error = null;
    this.port = null;
    this.pending = new Map();
    this.nextId = 1;
    this.ready = new Promise((resolve) => { this.settle = resolve; });
  }

  connect({ shared = false } = {}) {
    if (!this.connecting) {
      this.connecting = this.open(shared).then((port) => { this.port = port; });
    }
    return this;
  }

  async open(shared) {
    if (shared && typeof SharedWorker === "function") {
      try {
        return await this.share();
      } catch (error) {
        // e.g. a third-party frame refused storage (SecurityError): a worker of our own
      }
    }
    return this.dedicate();
  }

  async share() {
    // One shared worker per build: a tab left open on an older version keeps its engine,
    // and a page of this version never talks to it (boot.json's key names the build).
    const boot = await fetch(BOOT_URL).then((response) => response.json());
    const worker = new SharedWorker(WORKER_URL, { type: "module",
                                                  name: `${WORKER_NAME} ${boot.key}` });
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

  // The shared worker failed to load: carry on with a dedicated one, resending what waits.
  unshare() {
    if (this.timings || this.error || this.kind !== "shared") return;
    this.port = this.dedicate();
    for (const [id, entry] of this.pending) this.port.postMessage({ id, request: entry.request });
  }

  dedicate() {
    const worker = new Worker(WORKER_URL, { type: "module", name: WORKER_NAME });
    worker.onerror = (event) => {
      this.fail((event && event.message) || "the engine worker could not be loaded");
    };
    this.listen(worker);
    this.kind = "dedicated";
    return worker;
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

  async call(requestJson) {
    this.connect();
    await this.connecting;
    if (this.error) return this.refusal();
    const request = String(requestJson);
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, { request, resolve });
      this.port.postMessage({ id, request });
    });
  }
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
engine.connect({ shared: document.documentElement.dataset.engineWorker === "shared" });

// The worker downloads at once but boots Python once the page's UI is drawn (<html data-ui>
// leaves "loading"), so the two do not fight over the cores (see GO_ANYWAY_MS there).
function sayGo() {
  if (document.documentElement.dataset.ui === "loading") return false;
  engine.connecting.then(() => engine.port.postMessage({ type: "go" }));
  return true;
}
if (!sayGo()) {
  const watcher = new MutationObserver(() => { if (sayGo()) watcher.disconnect(); });
  watcher.observe(document.documentElement, { attributes: true, attributeFilter: ["data-ui"] });
}
