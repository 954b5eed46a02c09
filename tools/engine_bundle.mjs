// Build-time half of the engine worker (static/js/engine-worker.mjs), run by tools/build.py:
//
//   node tools/engine_bundle.mjs <pyodide dir> <out dir> <archive path in Pyodide> <file>...
//
// Each <file> is "relative/path.py=/absolute/source.py". In the SAME Pyodide the browser runs
// (the pinned npm package), it:
// 1. compiles every .py to .pyc and zips them into <out>/engine.zip, the one file the worker
//    fetches instead of one request per module;
// 2. puts that zip at <archive path> on sys.path, imports every engine module from it, and
//    writes Pyodide's memory snapshot of that interpreter to <out>/engine.snapshot.gz, so the
//    worker starts with the engine already imported instead of booting Python;
// 3. loads that snapshot in a fresh Pyodide and asks the engine for its catalog, so a broken
//    snapshot never ships (the worker would fall back anyway).
// It prints one JSON line: {"compiled": bool, "snapshot": bool, "warnings": [...], timings}.
// A step that fails leaves its file out and says why; the build then ships sources instead.

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideDir, outDir, archivePath, ...files] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const report = { compiled: false, snapshot: false, warnings: [], seconds: {} };
const quiet = { stdout: () => {}, stderr: () => {} };
const since = (t) => Math.round(performance.now() - t) / 1000;

fs.mkdirSync(outDir, { recursive: true });
let started = performance.now();
const pyodide = await loadPyodide({ indexURL: pyodideDir, _makeSnapshot: true, ...quiet });
report.seconds.boot = since(started);

// The sources, at the paths the archive will hold.
const SRC = "/tmp/engine-src";
const modules = [];
for (const entry of files) {
  const [rel, source] = entry.split(/=(.*)/s);
  pyodide.FS.mkdirTree(path.posix.join(SRC, path.posix.dirname(rel)));
  pyodide.FS.writeFile(path.posix.join(SRC, rel), fs.readFileSync(source));
  if (rel.endsWith(".py") && !rel.endsWith("__main__.py")) {
    modules.push(rel.slice(0, -3).replace(/\/__init__$/, "").replaceAll("/", "."));
  }
}
// Each step runs in a namespace of its own, dropped afterwards: nothing of the build lingers in
// the snapshot's __main__.
const namespace = (names) => pyodide.toPy({ SRC, ARCHIVE: archivePath, ...names });

// 1. Compile. Unchecked-hash pycs: no source mtime inside, so the same sources give the same
// archive, and zipimport never looks for a .py to compare them with.
started = performance.now();
try {
  const ns = namespace({ RELS: files.map((entry) => entry.split("=")[0]) });
  pyodide.runPython(`
import os, py_compile, zipfile
os.makedirs(os.path.dirname(ARCHIVE), exist_ok=True)
with zipfile.ZipFile(ARCHIVE, "w", zipfile.ZIP_DEFLATED) as archive:
    for rel in sorted(RELS):
        if rel.endswith(".py"):
            pyc = py_compile.compile(os.path.join(SRC, rel), cfile=os.path.join(SRC, rel + "c"),
                                     dfile=rel, doraise=True,
                                     invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            name, data = rel + "c", open(pyc, "rb").read()
        else:
            name, data = rel, open(os.path.join(SRC, rel), "rb").read()
        archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data,
                         compress_type=zipfile.ZIP_DEFLATED)
`, { globals: ns });
  ns.destroy();
  fs.writeFileSync(path.join(outDir, "engine.zip"), pyodide.FS.readFile(archivePath));
  report.compiled = true;
} catch (error) {
  report.warnings.push(`compiling the engine failed: ${firstLine(error)}`);
}
report.seconds.compile = since(started);

// 2. Snapshot: the interpreter with every engine module imported from the archive.
if (report.compiled) {
  started = performance.now();
  try {
    const ns = namespace({ MODULES: modules });
    pyodide.runPython(`
import importlib, sys
sys.path.insert(0, ARCHIVE)
for name in MODULES:
    importlib.import_module(name)
import engine.service
`, { globals: ns });
    ns.destroy();
    const snapshot = pyodide.makeMemorySnapshot();
    fs.writeFileSync(path.join(outDir, "engine.snapshot.gz"), zlib.gzipSync(snapshot));
    report.snapshot_bytes = snapshot.length;
    report.seconds.snapshot = since(started);
    // 3. Check it: a fresh interpreter from the snapshot answers a request, with the
    // archive written where it was (as the browser's worker does).
    started = performance.now();
    const fresh = await loadPyodide({ indexURL: pyodideDir, _loadSnapshot: snapshot, ...quiet });
    fresh.FS.mkdirTree(path.posix.dirname(archivePath));
    fresh.FS.writeFile(archivePath, fs.readFileSync(path.join(outDir, "engine.zip")));
    const handle = fresh.pyimport("engine.service").handle;
    const reply = JSON.parse(handle(JSON.stringify({ op: "catalog" }), "build-check"));
    if (!reply.ok || !reply.games.length) throw new Error(`catalog: ${JSON.stringify(reply)}`);
    report.snapshot = true;
    report.seconds.check = since(started);
  } catch (error) {
    fs.rmSync(path.join(outDir, "engine.snapshot.gz"), { force: true });
    report.warnings.push(`the memory snapshot failed: ${firstLine(error)}`);
  }
}

process.stdout.write(JSON.stringify(report) + "\n");

function firstLine(error) {
  const text = String((error && error.message) || error);
  const lines = text.trim().split("\n");
  return lines[lines.length - 1];
}
