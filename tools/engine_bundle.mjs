// Build-time half of the engine worker (static/js/engine-worker.mjs), run by tools/build.py:
//
//   node tools/engine_bundle.mjs <pyodide dir> <out dir> <archive path in Pyodide>
//                                <exercise.py> <file>...
//   node tools/engine_bundle.mjs --check <pyodide dir> <stdlib zip> <engine zip>
//                                <archive path in Pyodide> <exercise.py>
//
// Each <file> is "relative/path.py=/absolute/source.py". In the SAME Pyodide the browser runs
// (the pinned npm package), it:
// 1. compiles every .py to .pyc and zips them into <out>/engine.zip, the one file the worker
//    fetches instead of one request per module;
// 2. finds the standard library the engine needs: a fresh interpreter imports every engine
//    module and every module their sources name, then plays everything the pages ask
//    (tools/engine_exercise.py); the stdlib files of sys.modules afterwards (and Pyodide's own
//    packages, whole), compiled to .pyc as the engine is, go into <out>/python_stdlib.zip, a
//    fraction of Pyodide's 2.5 MB;
// 3. with only that archive, puts the engine zip at <archive path> on sys.path, imports every
//    engine module from it, and writes Pyodide's memory snapshot of that interpreter to
//    <out>/engine.snapshot.gz, so a later visit starts with the engine already imported;
// 4. checks both ways the worker boots, each in a fresh Pyodide with only the small archive:
//    from the snapshot, and without it (a first visit), each playing the exercise again. If
//    the small archive fails, the snapshot is made again with the whole library, which ships
//    (a warning says why); a broken snapshot never ships (the worker would fall back anyway).
// It prints one JSON line: {"compiled": bool, "stdlib": bool, "snapshot": bool,
// "warnings": [...], timings}. A step that fails leaves its file out and says why; the build
// then ships sources instead.
//
// --check boots Pyodide with the given standard library archive (no snapshot) and plays the
// exercise; it prints {"ok": bool, ...} (tests/e2e/test_engine_stdlib.py).

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const EXERCISE_DIR = "/tmp/matchbook-exercise";
const args = process.argv.slice(2);
if (args[0] === "--check") {
  process.stdout.write(JSON.stringify(await check(...args.slice(1))) + "\n");
  process.exit(0);
}
const [pyodideDir, outDir, archivePath, exercisePath, ...files] = args;
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const report = { compiled: false, stdlib: false, snapshot: false, warnings: [], seconds: {} };
const quiet = { stdout: () => {}, stderr: () => {} };
const since = (t) => Math.round(performance.now() - t) / 1000;

fs.mkdirSync(outDir, { recursive: true });
let started = performance.now();
const pyodide = await loadPyodide({ indexURL: pyodideDir, ...quiet });
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

// Imported anywhere in the sources (inside functions too), absolute imports only: the probe
// imports these as well, so a module imported lazily on a path the exercise missed is kept.
let named = [];
if (report.compiled) {
  const ns = namespace({});
  named = pyodide.runPython(`
import ast, os
names = set()
for top, _, found in os.walk(SRC):
    for file in found:
        if file.endswith(".py") and file != "__main__.py":  # the command line's own
            tree = ast.parse(open(os.path.join(top, file), encoding="utf-8").read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module)
# engine/arena_runner.py's process pool: the command line's, never the browser's (no processes).
sorted(names - {"multiprocessing"})
`, { globals: ns }).toJs();
  ns.destroy();
}

// 2. The standard library the engine imports.
const stdlibFile = path.join(outDir, "python_stdlib.zip");
if (report.compiled) {
  started = performance.now();
  try {
    const probe = await loadPyodide({ indexURL: pyodideDir, ...quiet });
    mountEngine(probe, archivePath, fs.readFileSync(path.join(outDir, "engine.zip")));
    writeExercise(probe, exercisePath);
    const ns = probe.toPy({ MODULES: modules, NAMED: named, EXERCISE_DIR, OUT: "/tmp/stdlib.zip" });
    probe.runPython(`
import importlib, sys
for name in MODULES:
    importlib.import_module(name)
for name in NAMED:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # the UI's own (js, pyscript): not in Pyodide's library, not ours to ship
# Pyodide's error paths (a Python exception crossing into JavaScript is formatted) and the
# codecs a str may meet.
for name in ("traceback", "linecache", "tokenize", "encodings.latin_1", "encodings.ascii",
             "encodings.utf_8", "encodings.utf_16", "encodings.idna", "encodings.aliases"):
    importlib.import_module(name)
sys.path.insert(0, EXERCISE_DIR)
import engine_exercise
engine_exercise.run()
stdlib = next(p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/python"))
keep = set()
for module in list(sys.modules.values()):  # before this step imports zipfile
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib + "/"):
        keep.add(origin[len(stdlib) + 1:])
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
with zipfile.ZipFile(stdlib) as whole, zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED) as small:
    for info in whole.infolist():
        name = info.filename
        top = name.split("/")[0]
        if (name in keep or top in ("pyodide", "_pyodide") or name.startswith("_sysconfigdata")
                or name.endswith("/") and any(k.startswith(name) for k in keep)):
            data = whole.read(name)
            if name.endswith(".py"):
                # Compiled here, as the engine is: a first visit without the snapshot
                # imports these ~140 modules, and compiling 2.7 MB of source in the browser
                # was most of its boot (engine ready 6.9 -> 6.0 s at 10 Mbit/s). Unchecked-
                # hash pycs, no .py beside them; optimize=2 (no docstrings or asserts, as
                # python -OO) makes the archive 1.2 MB instead of 1.4 MB. The engine's own
                # code keeps its asserts: it runs the same as in CPython.
                code = compile(data, stdlib + "/" + name, "exec", dont_inherit=True, optimize=2)
                data = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
                name += "c"
            small.writestr(zipfile.ZipInfo(name, info.date_time), data,
                           compress_type=zipfile.ZIP_DEFLATED)
`, { globals: ns });
    ns.destroy();
    fs.writeFileSync(stdlibFile, probe.FS.readFile("/tmp/stdlib.zip"));
    report.seconds.stdlib = since(started);
  } catch (error) {
    fs.rmSync(stdlibFile, { force: true });
    report.warnings.push(`finding the standard library the engine imports failed: ${firstLine(error)}`);
  }
}

// 3 and 4. The snapshot, made and checked with the small library (or the whole one).
if (report.compiled) {
  const small = fs.existsSync(stdlibFile) ? stdlibFile : null;
  if (small && await snapshotWith(small)) {
    report.stdlib = true;
  } else {
    if (small) fs.rmSync(stdlibFile, { force: true });
    await snapshotWith(null);
  }
}

async function snapshotWith(stdlib) {
  started = performance.now();
  const library = stdlib ? { stdLibURL: stdlib } : {};
  const archive = fs.readFileSync(path.join(outDir, "engine.zip"));
  try {
    const maker = await loadPyodide({ indexURL: pyodideDir, _makeSnapshot: true, ...library,
                                      ...quiet });
    maker.FS.mkdirTree(path.posix.dirname(archivePath));
    maker.FS.writeFile(archivePath, archive);
    const ns = maker.toPy({ ARCHIVE: archivePath, MODULES: modules });
    maker.runPython(`
import importlib, sys
sys.path.insert(0, ARCHIVE)
for name in MODULES:
    importlib.import_module(name)
import engine.service
`, { globals: ns });
    ns.destroy();
    const snapshot = maker.makeMemorySnapshot();
    report.snapshot_bytes = snapshot.length;
    report.seconds.snapshot = since(started);
    // Check it: a fresh interpreter from the snapshot, with the archive written where it was
    // (as the browser's worker does), plays the exercise; so does one booted without it.
    started = performance.now();
    const fresh = await loadPyodide({ indexURL: pyodideDir, _loadSnapshot: snapshot, ...library,
                                      ...quiet });
    fresh.FS.mkdirTree(path.posix.dirname(archivePath));
    fresh.FS.writeFile(archivePath, archive);
    const reply = JSON.parse(fresh.pyimport("engine.service").handle(
      JSON.stringify({ op: "catalog" }), "build-check"));
    if (!reply.ok || !reply.games.length) throw new Error(`catalog: ${JSON.stringify(reply)}`);
    exercise(fresh, exercisePath);
    if (stdlib) {
      const cold = await loadPyodide({ indexURL: pyodideDir, ...library, ...quiet });
      mountEngine(cold, archivePath, archive);
      exercise(cold, exercisePath);
    }
    fs.writeFileSync(path.join(outDir, "engine.snapshot.gz"), zlib.gzipSync(snapshot));
    report.snapshot = true;
    report.seconds.check = since(started);
    return true;
  } catch (error) {
    fs.rmSync(path.join(outDir, "engine.snapshot.gz"), { force: true });
    report.warnings.push(`${stdlib ? "the small standard library" : "the memory snapshot"}`
                         + ` failed: ${firstLine(error)}`);
    return false;
  }
}

process.stdout.write(JSON.stringify(report) + "\n");

// The engine archive at its path, on sys.path.
function mountEngine(py, at, archive) {
  py.FS.mkdirTree(path.posix.dirname(at));
  py.FS.writeFile(at, archive);
  py.runPython(`import sys\nif ${JSON.stringify(at)} not in sys.path: sys.path.insert(0, ${JSON.stringify(at)})`);
}

// tools/engine_exercise.py, importable.
function writeExercise(py, file) {
  py.FS.mkdirTree(EXERCISE_DIR);
  py.FS.writeFile(`${EXERCISE_DIR}/engine_exercise.py`, fs.readFileSync(file));
  py.runPython(`import sys\nif ${JSON.stringify(EXERCISE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(EXERCISE_DIR)})`);
}

// Play everything the pages ask; its summary, or an exception (a bug reply).
function exercise(py, file) {
  writeExercise(py, file);
  return JSON.parse(py.runPython("import json, engine_exercise\njson.dumps(engine_exercise.run())"));
}

// --check: a first visit's boot (no snapshot) with only <stdlib zip>, playing the exercise.
async function check(pyodideDir, stdlib, engineZip, archivePath, exercisePath) {
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  try {
    const py = await loadPyodide({ indexURL: pyodideDir, stdLibURL: stdlib, stdout: () => {},
                                   stderr: () => {} });
    mountEngine(py, archivePath, fs.readFileSync(engineZip));
    const played = exercise(py, exercisePath);
    return { ok: true, played };
  } catch (error) {
    return { ok: false, error: firstLine(error) };
  }
}


function firstLine(error) {
  const text = String((error && error.message) || error);
  const lines = text.trim().split("\n");
  return lines[lines.length - 1];
}
