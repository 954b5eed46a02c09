"""A first visit on a phone's link: the engine boots with only the standard library the build
ships (tools/engine_bundle.mjs), without the memory snapshot when downloading it would not
pay, from a host that serves gzip (tools/static_host.py, bin/serve); the snapshot comes with
the precache and later visits, offline too, start from it. (bench/first_visit_bench.py gives
the figures on shaped links.)"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from urllib.parse import urlsplit

import build
import static_host
from conftest import RecordingServer, Site
from matchbook import ENGINE_READY, wait_precached

ROOT = build.ROOT
SNAPSHOT = "/static/engine/engine.snapshot.gz"
WASM = "/static/vendor/pyodide/pyodide.asm.wasm"
STDLIB = "/static/engine/python_stdlib.zip"
ARCHIVE = "/static/engine/engine.zip"
TIMINGS_JS = "() => matchbookEngine.timings"
NEW_GAME_JS = """() => matchbookEngine.call(JSON.stringify({op: 'new', game: 'matatu', players: 3,
                                                          seed: 4, viewer: 0, slot: 'probe'}))"""


def test_the_engine_plays_every_game_with_only_the_shipped_standard_library(dist_dir):
    boot = json.loads((dist_dir / "static" / "engine" / "boot.json").read_text())
    assert boot["stdlib"] == "python_stdlib.zip"
    small = dist_dir / "static" / "engine" / boot["stdlib"]
    whole = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    assert small.stat().st_size < whole.stat().st_size / 2
    assert len(zipfile.ZipFile(small).namelist()) < len(zipfile.ZipFile(whole).namelist()) / 2
    # A first visit's boot (no snapshot) in the pinned Pyodide with only that archive, playing
    # every game, every bot level, the lessons and the Lab's study ops (tools/engine_exercise.py).
    done = subprocess.run(
        ["node", str(ROOT / "tools" / "engine_bundle.mjs"), "--check",
         str(ROOT / "node_modules" / "pyodide"), str(small),
         str(dist_dir / "static" / "engine" / boot["archive"]), boot["archive_path"],
         str(ROOT / "tools" / "engine_exercise.py")],
        capture_output=True, text=True, timeout=300, check=False)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["ok"], report
    catalog = json.loads((dist_dir / "data" / "catalog.json").read_text())
    assert report["played"]["games"] >= len(catalog["games"])


class _GzipRecordingHandler(static_host.StaticHostHandler):
    """Records each request's path, and each answer as "<path> <status>"."""

    def send_head(self):
        self.server.record(urlsplit(self.path).path)
        return super().send_head()

    def send_response(self, code, message=None):
        self.server.record(f"{urlsplit(self.path).path} {code}")
        super().send_response(code, message)


def gzip_site(directory) -> Site:
    server = RecordingServer(directory)
    server.RequestHandlerClass = lambda *args, **kwargs: _GzipRecordingHandler(
        *args, directory=str(directory), **kwargs)
    return Site(server.start())


def test_a_slow_first_visit_skips_the_snapshot_and_the_next_visit_offline_starts_from_it(
        tmp_path, dist_dir, new_persistent_context, browser_log):
    # The site as built, with a snapshot that never pays to download on this link (as on a
    # phone's 10 Mbit/s: bench/first_visit_bench.py), served gzipped as a static host does.
    directory = tmp_path / "site"
    shutil.copytree(dist_dir, directory)
    boot_file = directory / "static" / "engine" / "boot.json"
    boot = json.loads(boot_file.read_text())
    boot["snapshot_bytes"] = 10 ** 13
    boot_file.write_text(json.dumps(boot))
    (directory / "static" / "engine" / "boot.json.gz").unlink(missing_ok=True)
    build.write_service_worker(directory, leave_out=frozenset({build.FULL_STDLIB}))
    site = gzip_site(directory)
    profile = tmp_path / "profile"
    try:
        context = new_persistent_context(profile, base_url=site.url)
        page = context.new_page()
        page.goto("index.html")
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        timings = page.evaluate(TIMINGS_JS)
        assert timings["snapshot"] is False and timings["snapshot_from"] == "none", timings
        # The worker fetched the engine's files into the HTTP cache once the lobby's were in
        # (static/js/engine-worker.mjs, prefetch) and the boot's own requests found them
        # there: each came over the network once; the archive after Pyodide's files, while
        # Python booted.
        requests = site.requests
        for path in (WASM, STDLIB, ARCHIVE):
            assert requests.count(f"{path} 200") == 1, (path, requests)
        assert requests.index(ARCHIVE) > requests.index(f"{WASM} 200"), requests
        assert requests.index(ARCHIVE) > requests.index(f"{STDLIB} 200"), requests
        # The page named its worker by the key the build wrote into it: boot.json is the
        # worker's alone (the page's own fetch of it came before the worker could start).
        before_engine = requests[:requests.index(WASM)]
        assert before_engine.count("/static/engine/boot.json") == 1, requests
        assert json.loads(page.evaluate(NEW_GAME_JS))["ok"]
        encoding = page.evaluate("async () => (await fetch('static/vendor/pyodide/pyodide.mjs',"
                                 " {cache: 'no-store'})).headers.get('content-encoding')")
        assert encoding == "gzip"
        # The precache fetches the snapshot once the engine is up, for later visits: once in
        # all, so the worker did not (its copy would be in the HTTP cache for the precache).
        wait_precached(page, directory, timeout=90_000)
        assert site.count(SNAPSHOT) == 1
        assert site.count("/" + build.FULL_STDLIB) == 0  # the engine's own small one instead
        context.close()

        site.stop()  # offline: only the service worker's precache (files as served) answers
        context = new_persistent_context(profile, base_url=site.url)
        context.set_offline(True)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site.url)
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        timings = page.evaluate(TIMINGS_JS)
        assert timings["snapshot"] is True and timings["snapshot_from"] == "cache", timings
        assert json.loads(page.evaluate(NEW_GAME_JS))["ok"]
        assert not browser_log.page_errors
    finally:
        try:
            site.stop()
        except OSError:
            pass
