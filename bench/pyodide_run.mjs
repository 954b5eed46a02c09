// Runs a Python script in Pyodide under Node: the same Pyodide (and WebAssembly engine, V8)
// the site's engine worker uses, without a browser. For benchmarks of engine code:
//
//     node bench/pyodide_run.mjs ROOT SCRIPT [ARGS...]
//
// ROOT (a checkout, or any directory holding engine/) is put first on sys.path, so an older
// engine can be measured the same way: `node bench/pyodide_run.mjs /tmp/old bench/x.py`.
// SCRIPT runs as __main__ with ARGS in sys.argv. Prints what the script prints.
import { loadPyodide } from "pyodide";
import path from "node:path";

const [root, script, ...args] = process.argv.slice(2);
if (!root || !script) {
  console.error("usage: node bench/pyodide_run.mjs ROOT SCRIPT [ARGS...]");
  process.exit(2);
}
const pyodide = await loadPyodide();
const mounts = { "/root_under_test": path.resolve(root), "/script_dir": path.dirname(path.resolve(script)) };
for (const [at, dir] of Object.entries(mounts)) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, at);
}
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
pyodide.globals.set("SCRIPT", "/script_dir/" + path.basename(script));
pyodide.globals.set("ARGS", pyodide.toPy(args));
await pyodide.runPythonAsync(`
import os, runpy, sys
os.environ["PYTHONPATH"] = "/root_under_test"
sys.path[:0] = ["/root_under_test", os.path.dirname(SCRIPT)]
sys.argv = [SCRIPT] + list(ARGS)
try:
    runpy.run_path(SCRIPT, run_name="__main__")
except SystemExit as exit:
    if exit.code not in (None, 0):
        raise
`);
