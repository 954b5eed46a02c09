// An embed frame (embed.html): thin on purpose. It shows the example's first position at once
// (a lesson's, rendered at build time by the same code that renders it live), joins the
// site's one engine when the frame is visible or touched, and from then on sends the reader's
// clicks to ui/embed_controller.py in the engine worker and mounts the markup that comes back.
// Five embeds on a page cost one engine, not five Python runtimes.
//
// The one boundary for what comes from outside is Python: the URL's parameters go to the
// controller as raw strings. Here, only the shapes and sizes of a host page's messages are
// checked. Nothing here touches storage: no localStorage, no Cache API, and the service
// worker (offline copies) is registered only once the example plays, guarded.
//
// Messages to the host (window.parent): {source: "matchbook", type, ...}, documented in
// docs/embeds.md; "height" comes from a ResizeObserver, the rest from the controller.

import "./engine.mjs";

const engine = globalThis.matchbookEngine;
const root = document.documentElement;
const main = document.getElementById("app");
const params = [...new URLSearchParams(location.search)];
const param = (name) => {
  const found = params.filter(([key]) => key === name);
  return found.length ? found[found.length - 1][1] : null;
};
const framed = window.parent !== window;
const CONTROLS = ["status", "seats", "centre", "choices", "hand", "log"];

let version = 0; // of the markup shown: a click names it, so a stale click changes nothing
let live = false; // the controller answers (the engine is up and the example opened)
let starting = null;
let waiting = null; // a click made on the first view before the engine was up
let busy = false;
let botTimer = null;
let shownMarked = false;

// ---- talking to the host page ---------------------------------------------------------------

function post(type, fields = {}) {
  if (!framed) return;
  try {
    window.parent.postMessage({ ...fields, source: "matchbook", type }, "*");
  } catch (error) {
    // a detached frame: nobody is listening
  }
}

let lastHeight = 0;
function postHeight() {
  const height = Math.ceil(main.getBoundingClientRect().bottom + window.scrollY);
  if (height !== lastHeight) {
    lastHeight = height;
    post("height", { height });
  }
}
new ResizeObserver(() => postHeight()).observe(main);

// ---- showing ------------------------------------------------------------------------------

function mount(html) {
  const focused = document.activeElement;
  let keep = null;
  if (focused && main.contains(focused)) {
    for (const name of ["data-card", "data-cmd", "id"]) {
      const value = focused.getAttribute(name);
      if (value) {
        keep = `[${name}="${CSS.escape(value)}"]`;
        break;
      }
    }
  }
  main.innerHTML = html;
  if (keep) {
    const again = main.querySelector(keep);
    if (again) again.focus();
  }
}

function show(reply, fromBuild = false) {
  if (!reply || !reply.ok) {
    const message = (reply && reply.error) || "The example could not be shown.";
    main.innerHTML = "";
    const box = document.createElement("div");
    box.className = "notice warn embed-error";
    box.setAttribute("role", "alert");
    box.append(Object.assign(document.createElement("strong"),
                             { textContent: "This example could not be loaded:" }),
               Object.assign(document.createElement("p"), { textContent: message }));
    main.append(box);
    root.dataset.embed = "error";
    post("error", { message });
    return;
  }
  version = reply.version;
  mount(reply.html);
  if (!shownMarked && reply.status === "ready") {
    shownMarked = true;
    performance.mark("matchbook:shown"); // the first position is on screen
  }
  const data = root.dataset;
  data.embed = fromBuild ? "shown" : reply.status;
  data.theme = reply.theme;
  data.hide = reply.hide;
  for (const name of ["turn", "lesson", "moves"]) {
    if (reply[name] === null || reply[name] === undefined) delete data[name];
    else data[name] = String(reply[name]);
  }
  if (!fromBuild) {
    for (const event of reply.events || []) post(event.type, event);
    clearTimeout(botTimer);
    if (reply.bot_in !== null && reply.bot_in !== undefined) {
      botTimer = setTimeout(() => send({ op: "bot", version }), reply.bot_in);
    }
  }
  postHeight();
}

// ---- the engine ---------------------------------------------------------------------------

// Requests go one at a time, in order.
let queue = Promise.resolve();
function send(request) {
  queue = queue.then(async () => {
    busy = true;
    root.dataset.busy = "1";
    try {
      show(JSON.parse(await engine.call(JSON.stringify(request), "embed")));
    } finally {
      busy = false;
      root.dataset.busy = "0";
    }
  });
  return queue;
}

function start() {
  if (!starting) {
    starting = (async () => {
      engine.connect({ shared: true });
      engine.go();
      const status = JSON.parse(await engine.ready);
      if (!status.ok) {
        show({ ok: false, error: `The game engine could not start: ${status.error}` });
        return;
      }
      await send({ op: "open", params });
      live = root.dataset.embed === "ready";
      if (!live) return;
      performance.mark("matchbook:ready");
      offerOffline();
      if (waiting) {
        const click = waiting;
        waiting = null;
        if (click.version === version) send(click);
      }
    })();
  }
  return starting;
}

// The first view: a lesson's first position from the build (data/lessons/<id>.json, made by
// the same controller in CPython), else a placeholder the size of a table.
async function firstView() {
  const theme = param("theme");
  if (theme === "dark") root.dataset.theme = "dark";
  const controls = param("controls");
  if (controls && controls !== "all") {
    const wanted = controls === "none" ? [] : controls.split(",");
    root.dataset.hide = CONTROLS.filter((name) => !wanted.includes(name)).join(" ");
  }
  const lesson = param("lesson");
  if (lesson && /^[a-z0-9-]{1,80}$/.test(lesson) && !param("scenario") && !param("script")) {
    try {
      const response = await fetch(`data/lessons/${lesson}.json`);
      if (response.ok) {
        const data = await response.json();
        if (!live && data.embed && data.embed.ok && data.embed.status === "ready") {
          show(data.embed, true);
        }
      }
    } catch (error) {
      // not built, or offline: the placeholder stays until the engine answers
    }
  }
  root.dataset.ui = "ready";
}

// ---- the reader -----------------------------------------------------------------------------

main.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action],[data-try],[data-choose],[data-cmd]");
  if (!target || target.disabled) return;
  event.preventDefault();
  let click;
  for (const [attribute, kind] of [["data-action", "action"], ["data-try", "try"],
                                   ["data-choose", "choose"], ["data-cmd", "cmd"]]) {
    const value = target.getAttribute(attribute);
    if (value !== null) {
      click = { op: "click", kind, value, version };
      break;
    }
  }
  if (!live) {
    waiting = click; // played as soon as the engine is up, if still meant for what shows
    root.dataset.embed = root.dataset.embed === "shown" ? "starting" : root.dataset.embed;
    start();
    return;
  }
  if (busy) return;
  send(click);
});

// Joining the engine: when the frame is visible, or the reader reaches into it.
for (const type of ["pointerdown", "keydown", "focusin"]) {
  addEventListener(type, () => start(), { once: true, passive: true });
}
new IntersectionObserver((entries, observer) => {
  if (entries.some((entry) => entry.isIntersecting)) {
    observer.disconnect();
    start();
  }
}).observe(main);

// ---- the host page's messages: documented shapes and sizes only ------------------------------

const HOST_TYPES = new Set(["reset", "step", "load-scenario"]);
const STEPS = new Set(["watch", "back", "next", "restart"]);
const MAX_SCENARIO_CHARS = 100000;
const MAX_DEPTH = 12;
const MAX_NODES = 20000;
let hostPending = null; // the latest host message waiting while one is handled
let hostBusy = false;
let hostWindowStart = 0;
let hostCount = 0;

// A plain JSON value no deeper than MAX_DEPTH and no bigger than MAX_NODES, or null.
function plain(value) {
  let nodes = 0;
  const stack = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop();
    nodes += 1;
    if (nodes > MAX_NODES || depth > MAX_DEPTH) return null;
    if (item === null || ["string", "number", "boolean"].includes(typeof item)) continue;
    if (typeof item !== "object") return null;
    const proto = Object.getPrototypeOf(item);
    if (Array.isArray(item)) {
      for (const child of item) stack.push([child, depth + 1]);
    } else if (proto === Object.prototype || proto === null) {
      for (const key of Object.keys(item)) stack.push([item[key], depth + 1]);
    } else {
      return null;
    }
  }
  try {
    const text = JSON.stringify(value);
    return text.length <= MAX_SCENARIO_CHARS ? JSON.parse(text) : null;
  } catch (error) {
    return null;
  }
}

function hostMessage(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  if (data.source === "matchbook" || !HOST_TYPES.has(data.type)) return null;
  if (data.type === "reset") return { type: "reset" };
  if (data.type === "step") return STEPS.has(data.do) ? { type: "step", do: data.do } : null;
  const scenario = data.scenario;
  if (typeof scenario === "string") {
    return scenario.length <= MAX_SCENARIO_CHARS ? { type: "load-scenario", scenario } : null;
  }
  const checked = plain(scenario);
  if (!checked || typeof checked !== "object" || Array.isArray(checked)) return null;
  return { type: "load-scenario", scenario: checked };
}

async function handleHost() {
  if (hostBusy) return;
  hostBusy = true;
  try {
    while (hostPending) {
      const message = hostPending;
      hostPending = null;
      await start();
      if (live) await send({ op: "host", message });
    }
  } finally {
    hostBusy = false;
  }
}

addEventListener("message", (event) => {
  if (event.source !== window.parent) return; // only the page this frame is embedded in
  const now = performance.now();
  if (now - hostWindowStart > 1000) {
    hostWindowStart = now;
    hostCount = 0;
  }
  hostCount += 1;
  if (hostCount > 20) return; // a flood: at most 20 a second are even looked at
  const message = hostMessage(event.data);
  if (!message) {
    if (!(event.data && event.data.source === "matchbook")) {
      console.warn("Matchbook embed ignored a message of the wrong shape or size");
    }
    return;
  }
  hostPending = message; // the latest wins: a burst of resets is one reset
  handleHost();
});

// ---- offline copies (optional) ----------------------------------------------------------------

// Once the example plays, the site's service worker may keep offline copies, where the
// browser allows this frame storage (a third-party frame is often refused: then nothing).
function offerOffline() {
  try {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register("./sw.js").catch(() => {});
  } catch (error) {
    // refused: the example works the same, without offline copies
  }
}

firstView();
