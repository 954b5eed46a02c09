"""The built site is complete, self-contained and offline-capable; the PyScript stack works.

The first tests read dist/ only (fast, no browser). The probe tests serve a tiny page of
their own beside dist's vendored runtimes and prove, in Chromium, that the vendored
runtimes work with nothing from a CDN: PyScript with MicroPython on the main thread awaiting
a Pyodide worker, and a service worker that precaches once and plays offline. (The app's own
engine worker is tested in test_engine_runtime.py.)
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import time
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import build
import pytest
import site_config

ROOT = Path(__file__).resolve().parents[2]
CDN_MARKERS = (b"cdn.jsdelivr", b"unpkg", b"pyscript.net")
PYODIDE_FILES = build.PYODIDE_FILES
PROBE_TIMEOUT_MS = 60_000


def dist_files(dist: Path) -> dict[str, Path]:
    return {p.relative_to(dist).as_posix(): p for p in sorted(dist.rglob("*")) if p.is_file()}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --------------------------------------------------------------------------- dist/ contents


def test_runtimes_are_vendored_into_dist(dist_dir: Path) -> None:
    vendor = dist_dir / "static" / "vendor"
    for name in PYODIDE_FILES:
        assert (vendor / "pyodide" / name).is_file(), name
    for name in ("micropython.mjs", "micropython.wasm"):
        assert (vendor / "micropython" / name).is_file(), name
    assert (vendor / "pyscript" / "core.js").is_file()
    assert (vendor / "pyscript" / "core.css").is_file()
    # PyScript's whole dist (core.js imports hashed chunks), its source maps left out.
    upstream = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    wanted = {p.name for p in upstream.iterdir() if p.suffix != ".map"}
    shipped = {p.name for p in (vendor / "pyscript").iterdir()}
    assert {name for name in shipped if name[:-3] not in shipped} == wanted  # and their .gz
    # Byte-identical to the pinned npm packages.
    wasm = vendor / "pyodide" / "pyodide.asm.wasm"
    assert sha256(wasm) == sha256(ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm")


@pytest.mark.quick
def test_dist_holds_the_site_and_nothing_else(dist_dir: Path) -> None:
    files = dist_files(dist_dir)
    for rel in files:
        assert not rel.endswith((".map", ".pyc", ".tmp-build")), rel
        assert "__pycache__" not in rel, rel
    for tooling in ("package.json", "package-lock.json", "pyproject.toml", "static/sw.js"):
        assert tooling not in files
    for page in ROOT.glob("*.html"):
        assert page.name in files
    # The engine is published as one archive, not file by file; the words modules the UI
    # shares with it travel in the UI's bundle (ui/bundle.bin): no engine/ file is published.
    assert not [rel for rel in files if rel.startswith("engine/")]


def test_the_engine_ships_compiled_in_one_archive_with_a_snapshot(dist_dir: Path) -> None:
    boot = json.loads((dist_dir / "static" / "engine" / "boot.json").read_text())
    # Node and the pinned Pyodide are there whenever the site is built (npm ci): the bytecode
    # and the snapshot are expected, not optional, in the site we test.
    assert boot["compiled"] is True and boot["snapshot"] == "engine.snapshot.gz"
    assert boot["archive_path"] == build.ARCHIVE_PATH
    names = set(zipfile.ZipFile(dist_dir / "static" / "engine" / boot["archive"]).namelist())
    for source in (ROOT / "engine").rglob("*.py"):
        if "__pycache__" not in source.parts:
            rel = source.relative_to(ROOT).as_posix()
            assert rel + "c" in names, f"{rel} is not in the engine archive"
    assert not any(name.endswith(".py") for name in names), "sources shipped beside bytecode"
    snapshot = dist_dir / "static" / "engine" / boot["snapshot"]
    assert snapshot.read_bytes()[:2] == b"\x1f\x8b"  # gzip: the worker gunzips it as it arrives
    # A build with nothing changed reuses the bundle (keyed by a hash of the sources).
    started = time.monotonic()
    again = build.engine_bundle(ROOT)[1]
    assert again == boot and time.monotonic() - started < 5


class _ScriptTags(HTMLParser):
    """Collects PyScript script tags and every src/href of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.urls: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        kind = (a.get("type") or "").lower()
        if tag == "script" and kind in ("py", "mpy"):
            self.scripts.append(a)
        elif tag in ("py-script", "mpy-script"):
            self.scripts.append({**a, "type": tag.split("-")[0]})
        for key in ("src", "href"):
            if a.get(key) and tag in ("script", "link", "img", "iframe", "source", "audio"):
                self.urls.append((tag, a[key] or ""))


def pyscript_configs(dist: Path) -> dict[str, dict]:
    """Every PyScript config of the site: top-level *.toml and each page's config=."""
    configs = {}
    for path in sorted(dist.glob("*.toml")):
        configs[path.name] = tomllib.loads(path.read_text(encoding="utf-8"))
    for page in sorted(dist.glob("*.html")):
        parser = _ScriptTags()
        parser.feed(page.read_text(encoding="utf-8"))
        for script in parser.scripts:
            ref = script.get("config")
            if not ref:
                continue
            if ref.endswith((".toml", ".json")):
                path = dist / ref.split("?")[0]
                assert path.is_file(), f"{page.name}: config={ref!r} is not in dist/"
                text = path.read_text(encoding="utf-8")
                name = path.resolve().relative_to(dist.resolve()).as_posix()
                configs[name] = tomllib.loads(text) if ref.endswith(".toml") else json.loads(text)
            else:
                configs[f"{page.name} inline"] = json.loads(ref)
    return configs


def is_local_url(url: str) -> bool:
    return not re.match(r"^(?:[a-z][a-z0-9+.-]*:|//)", url, re.IGNORECASE)


def test_every_pyscript_config_loads_a_vendored_interpreter(dist_dir: Path) -> None:
    # Without `interpreter`, PyScript silently downloads its default from a CDN.
    for name, config in pyscript_configs(dist_dir).items():
        interpreter = config.get("interpreter")
        assert interpreter, f"{name} sets no interpreter: PyScript would fetch one from a CDN"
        assert is_local_url(interpreter), f"{name}: interpreter {interpreter!r} is not local"
        target = dist_dir / interpreter.split("?")[0]
        assert target.is_file(), f"{name}: interpreter {interpreter!r} is not in dist/"
        assert target.is_relative_to(dist_dir / "static" / "vendor"), name
        assert "packages" not in config, f"{name}: `packages` needs micropip and the network"


@pytest.mark.quick
def test_every_file_a_pyscript_config_maps_is_published(dist_dir: Path) -> None:
    # A [files] entry that 404s stops the interpreter from starting.
    missing = []
    for name, config in pyscript_configs(dist_dir).items():
        for source in config.get("files", {}):
            assert is_local_url(source), f"{name}: [files] {source!r} is not local"
            if not (dist_dir / source).is_file():
                missing.append(f"{name}: {source}")
    assert not missing, f"[files] sources missing from dist/: {missing}"


def test_every_pyscript_tag_has_a_config(dist_dir: Path) -> None:
    # PyScript takes the main thread's config from the first tag of each type; each worker
    # reads its own. A tag that reaches the interpreter without one falls back to the CDN.
    for page in sorted(dist_dir.glob("*.html")):
        parser = _ScriptTags()
        parser.feed(page.read_text(encoding="utf-8"))
        seen_main: set[str] = set()
        for script in parser.scripts:
            kind = script["type"]
            if "worker" in script:
                assert script.get("config"), f"{page.name}: a {kind} worker has no config="
            elif kind not in seen_main:
                seen_main.add(kind)
                assert script.get("config"), (
                    f"{page.name}: first <script type={kind}> lacks config="
                )
        for tag, url in parser.urls:
            assert is_local_url(url) or tag not in ("script", "link"), (
                f"{page.name}: <{tag}> loads {url} from another host"
            )


def test_every_page_runs_on_pyscript_toml(dist_dir: Path) -> None:
    # One config (issue #27 item 6): the build writes pyscript.toml into each MicroPython
    # page, so what the browser gets is that file, whatever the page's source says.
    expected = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    inline = {name: config for name, config in pyscript_configs(dist_dir).items()
              if name.endswith(" inline")}
    assert set(inline) == {f"{page} inline"
                           for page in ("editor.html", "index.html", "join.html", "lab.html")}
    assert all(config == expected for config in inline.values()), inline


def test_precache_manifest_lists_every_file_with_its_hash(dist_dir: Path) -> None:
    manifest = json.loads((dist_dir / "precache-manifest.json").read_text())
    files = dist_files(dist_dir)
    del files["sw.js"], files["precache-manifest.json"], files["sw.js.gz"]
    # Every file but the precompressed copies a host sends in their place (path.gz beside
    # path), and Pyodide's whole standard library when the engine ships its own small one.
    for rel in list(files):
        if build.is_precompressed(dist_dir, rel):
            original = (dist_dir / rel[:-3]).read_bytes()
            assert gzip.decompress(files.pop(rel).read_bytes()) == original
    boot = json.loads((dist_dir / "static" / "engine" / "boot.json").read_text())
    if boot.get("stdlib"):
        del files[build.FULL_STDLIB]
    assert sorted(manifest["files"]) == sorted(files)
    for rel, path in files.items():
        assert manifest["files"][rel] == sha256(path), f"{rel}: stale hash in the manifest"
    assert manifest["cache"] == build.cache_name(manifest["files"])

    sw = (dist_dir / "sw.js").read_text()
    assert f'const CACHE_NAME = "{manifest["cache"]}";' in sw
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    assert sorted(precache) == sorted(files)
    assert (ROOT / "static" / "sw.js").read_text() in sw  # the template follows the header


def test_cache_name_changes_with_any_byte() -> None:
    a = build.cache_name({"index.html": "0" * 64, "x.py": "1" * 64})
    b = build.cache_name({"index.html": "0" * 64, "x.py": "2" * 64})
    c = build.cache_name({"index.html": "0" * 64, "y.py": "1" * 64})
    assert len({a, b, c}) == 3
    assert re.fullmatch(r"matchbook-[0-9a-f]{16}", a)


@pytest.mark.quick
def test_nothing_outside_vendor_names_a_cdn(dist_dir: Path) -> None:
    # static/vendor/pyscript mentions CDNs as defaults; that is why every config sets
    # `interpreter`. Our own files must not.
    # The UI bundle also carries PyScript's own package as bytecode (pslib/, made from the
    # vendored core): vendor code, read as such; the UI's modules in it are ours.
    offenders = []
    for rel, path in dist_files(dist_dir).items():
        if rel.startswith("static/vendor/"):
            continue
        parts = {rel: path.read_bytes()}
        if rel == "ui/bundle.bin":
            parts = {f"{rel}: {name}": data for name, data in
                     site_config.unpack(parts[rel]).items() if not name.startswith("pslib/")}
        for name, data in parts.items():
            offenders += [f"{name}: {m.decode()}" for m in CDN_MARKERS if m in data.lower()]
    assert not offenders


def test_build_is_idempotent(dist_dir: Path) -> None:
    before = {rel: p.stat().st_mtime_ns for rel, p in dist_files(dist_dir).items()}
    summary = build.build(quiet=True)
    after = {rel: p.stat().st_mtime_ns for rel, p in dist_files(dist_dir).items()}
    assert summary["copied"] == 0 and summary["vendored"] == 0
    assert before == after


# --------------------------------------------------------------------------- the probe page

# The PyScript stack in miniature:
# MicroPython on the main thread awaits a named Pyodide worker and calls a function the
# worker exports. Interpreters come from static/vendor; nothing else is fetched.
PROBE_HTML = """\
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>PyScript probe</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./static/vendor/pyscript/core.css">
  <script type="module" src="./static/vendor/pyscript/core.js"></script>
</head>
<body>
  <script type="py" worker name="engine" src="./probe_worker.py"
          config="./probe-worker.toml"></script>
  <script type="mpy" config="./probe-mpy.toml">
from pyscript import document, window, workers
root = document.documentElement
root.dataset.mpyReady = str(int(window.performance.now()))
engine = await workers["engine"]
root.dataset.workerReady = str(int(window.performance.now()))
root.dataset.probe = await engine.ping("hi")
  </script>
</body>
</html>
"""

PROBE_WORKER_TOML = """\
interpreter = "./static/vendor/pyodide/pyodide.mjs"

[files]
"./probe_lib.py" = "./probe_lib.py"
"""

PROBE_MPY_TOML = """\
interpreter = "./static/vendor/micropython/micropython.mjs"
"""

PROBE_WORKER_PY = """\
from probe_lib import echo


def ping(s):
    return echo(s)


__export__ = ["ping"]
"""

PROBE_LIB_PY = """\
def echo(s):
    return s
"""


def write_probe(directory: Path, dist: Path, *, copy_static: bool) -> Path:
    """The probe page beside dist's static/ (a symlink, or a copy a service worker can list)."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in {
        "probe.html": PROBE_HTML,
        "probe-worker.toml": PROBE_WORKER_TOML,
        "probe-mpy.toml": PROBE_MPY_TOML,
        "probe_worker.py": PROBE_WORKER_PY,
        "probe_lib.py": PROBE_LIB_PY,
    }.items():
        (directory / name).write_text(text, encoding="utf-8")
    if copy_static:
        shutil.copytree(dist / "static" / "vendor", directory / "static" / "vendor")
    else:
        (directory / "static").symlink_to(dist / "static", target_is_directory=True)
    return directory


def wait_for_probe(page, url: str) -> dict[str, float]:
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector('html[data-probe="hi"]', state="attached", timeout=PROBE_TIMEOUT_MS)
    elapsed = time.monotonic() - started
    data = page.evaluate("() => ({...document.documentElement.dataset})")
    return {
        "ready_s": round(elapsed, 2),
        "mpy_ready_ms": int(data["mpyReady"]),
        "worker_ready_ms": int(data["workerReady"]),
    }


def test_probe_micropython_main_thread_calls_pyodide_worker(
    tmp_path, dist_dir, serve, page, browser_log
) -> None:
    probe = serve(write_probe(tmp_path / "probe", dist_dir, copy_static=False))
    timing = wait_for_probe(page, probe.url + "probe.html")
    print(f"\nprobe ready: {timing}")

    assert page.evaluate("() => document.documentElement.dataset.probe") == "hi"
    assert not browser_log.page_errors
    assert not browser_log.foreign_requests
    # Everything came from this server, and the runtimes from the vendored copy.
    asked = probe.requests
    assert "/static/vendor/pyodide/pyodide.asm.wasm" in asked
    assert "/static/vendor/micropython/micropython.wasm" in asked
    assert "/probe_lib.py" in asked


def test_service_worker_precaches_once_and_plays_offline(
    tmp_path, dist_dir, serve, new_persistent_context, browser_log
) -> None:
    # The page registers the worker once the engine is ready, as index.html does; install
    # must then take the big files from the HTTP cache, not download them again. That
    # needs a profile on disk like a real visitor's: an incognito context's memory cache
    # does not keep a 9.6 MB file, so there the wasm would be fetched twice.
    directory = write_probe(tmp_path / "sw-probe", dist_dir, copy_static=True)
    cache_name, hashes = build.write_service_worker(directory)
    assert "probe.html" in hashes and "static/vendor/pyodide/pyodide.asm.wasm" in hashes
    probe = serve(directory)
    page = new_persistent_context(tmp_path / "profile").new_page()
    first = wait_for_probe(page, probe.url + "probe.html")

    state = page.evaluate(
        """async () => {
            await navigator.serviceWorker.register("./sw.js");
            const registration = await navigator.serviceWorker.ready;
            return registration.active.state;
        }"""
    )
    assert state in ("activating", "activated")
    cached = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).length", cache_name
    )
    assert cached == len(hashes)
    wasm = "/static/vendor/pyodide/pyodide.asm.wasm"
    assert probe.count(wasm) == 1, f"pyodide.asm.wasm was downloaded {probe.count(wasm)} times"

    # Offline for real: the server is gone, so only the service worker can answer.
    probe.stop()
    again = wait_for_probe(page, probe.url + "probe.html")
    print(f"\nservice worker probe: online {first}, offline {again}")
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    assert not browser_log.page_errors
    assert not browser_log.foreign_requests


@pytest.mark.expect_page_errors("ERR_PROXY_CONNECTION_FAILED", reason="the blocked fetch")
def test_requests_to_other_hosts_are_caught_and_blocked(site, page, browser_log) -> None:
    # The guard every e2e test runs under. `.invalid` never resolves, so even a broken
    # guard would send nothing anywhere.
    page.goto(site.url + "precache-manifest.json")
    outcome = page.evaluate(
        """async () => {
            try { await fetch("http://cdn.matchbook.invalid/pyodide.mjs"); return "fetched"; }
            catch (error) { return "blocked"; }
        }"""
    )
    assert outcome == "blocked"
    assert browser_log.foreign_requests == ["http://cdn.matchbook.invalid/pyodide.mjs"]
    browser_log.foreign_requests.clear()  # expected here; elsewhere it fails the test


def test_axe_helper_reports_violations(site, page, axe) -> None:
    page.goto(site.url + "precache-manifest.json")
    page.set_content('<html lang="en"><title>t</title><main><img src="data:,"></main></html>')
    ids = {violation["id"] for violation in axe(page)}
    assert "image-alt" in ids


@pytest.mark.quick
def test_every_micropython_page_is_published_with_its_entry_script_written_in(dist_dir: Path):
    # PyScript fetched a src= entry script only once MicroPython was up (site_config,
    # with_inline_entry): no published page leaves one to fetch.
    for name in ("index.html", "editor.html", "lab.html", "join.html"):
        built = (dist_dir / name).read_text(encoding="utf-8")
        assert 'type="mpy" src=' not in built, name
        assert built.count('<script type="mpy"') == 1, name
        entry = re.search(r'src="\./ui/(\w+\.py)"', (ROOT / name).read_text()).group(1)
        assert (ROOT / "ui" / entry).read_text(encoding="utf-8") in built, name


@pytest.mark.quick
def test_every_page_that_starts_the_engine_carries_its_builds_key(dist_dir: Path):
    # The page names its engine worker by the engine build's key (static/js/engine.mjs) without
    # fetching boot.json first: the build writes the key into the page (site_config,
    # with_engine_key), the same as boot.json's.
    key = json.loads((dist_dir / "static" / "engine" / "boot.json").read_text())["key"]
    for name in ("index.html", "editor.html", "lab.html", "join.html", "embed.html"):
        built = (dist_dir / name).read_text(encoding="utf-8")
        assert built.count(f'data-engine-key="{key}"') == 1, name
    assert "data-engine-key" not in (dist_dir / "examples" / "embed-host.html").read_text()
