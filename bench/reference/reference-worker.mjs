// A bare Pyodide worker: boot the vendored Pyodide (no snapshot, no packages), import one
// small module fetched from the server, answer once.
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({
  indexURL: new URL("../static/vendor/pyodide/", import.meta.url).href,
});
const source = await (await fetch(new URL("./small.py", import.meta.url))).text();
pyodide.FS.writeFile("/home/pyodide/small.py", source);
postMessage(pyodide.pyimport("small").answer());
