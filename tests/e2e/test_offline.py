"""After the first visit the app works with the network gone (service worker precache)."""

from __future__ import annotations

import json
import shutil

import build
from matchbook import (
    ENGINE_READY,
    FAST_BOTS,
    play_one_turn,
    start_matatu,
    wait_idle,
    wait_precached,
    wait_until,
)

WASM = "/static/vendor/pyodide/pyodide.asm.wasm"
# The page's own requests that the browser did not answer from Cache Storage by itself (empty
# where the browser has no static routes: it then reports no source at all).
ROUTED = """() => [performance.getEntriesByType("navigation")[0],
                 ...performance.getEntriesByType("resource")]
    .filter((entry) => entry.workerFinalSourceType !== undefined
                       && entry.workerFinalSourceType !== "cache")
    .map((entry) => `${entry.name} ${entry.workerFinalSourceType}`)"""


def test_app_reloads_offline_and_a_new_game_can_be_played(
    tmp_path, dist_dir, serve, new_persistent_context, browser_log
):
    site = serve(dist_dir)
    context = new_persistent_context(tmp_path / "profile", base_url=site.url)
    context.add_init_script(FAST_BOTS)
    page = context.new_page()
    page.goto("index.html")
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    # The app registers its service worker once the engine is ready; wait for the precache.
    wait_precached(page, dist_dir, timeout=60_000)
    assert site.count(WASM) == 1, f"the 9.6 MB wasm was downloaded {site.count(WASM)} times"

    site.stop()  # offline for real: only the service worker can answer now
    context.set_offline(True)
    page.goto(site.url)  # the site's own address, "/", which no file of the build is named
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    # Chromium answers the page and its files from the precache by itself (the worker's
    # static routes), without waiting for the service worker to start.
    assert page.evaluate(ROUTED) == [], "answered through the service worker's fetch handler"
    start_matatu(page, players=3, seed="404")
    # The cards' faces too: their deck's sprite is precached like every file of the build.
    assert "static/cards/matatu.svg" in json.loads(
        (dist_dir / "precache-manifest.json").read_text())["files"]
    page.wait_for_function("() => { const uses = document.querySelectorAll("
                           "'.hand .card > svg.art > use'); return uses.length > 0 && "
                           "[...uses].every(use => use.getBoundingClientRect().width > 0); }")
    play_one_turn(page)
    assert wait_idle(page) in ("human", "over")
    assert not browser_log.page_errors


def test_a_new_deploy_takes_over_on_the_visit_after_it_is_seen(
    tmp_path, dist_dir, serve, new_persistent_context
):
    # The browser answers navigations from the precache without starting the service worker,
    # so nothing of the worker runs then: the new sw.js must still be found, installed beside
    # the old version (the visit that finds it stays on the old one) and used on the next.
    directory = tmp_path / "site"
    shutil.copytree(dist_dir, directory)
    site = serve(directory)
    profile = tmp_path / "profile"

    def visit(until: str = "true") -> dict:
        context = new_persistent_context(profile, base_url=site.url)
        page = context.new_page()
        page.goto("index.html")
        page.wait_for_selector(ENGINE_READY, timeout=90_000)
        wait_until(page, "async () => { const registration = await navigator.serviceWorker.ready;"
                         f" return {until}; }}", timeout=60_000)
        css = page.evaluate("async () => (await fetch('static/css/app.css')).text()")
        caches = page.evaluate("async () => await caches.keys()")
        context.close()
        return {"new_css": css.endswith("/* the next deploy */\n"), "caches": caches}

    first = visit()
    old = json.loads((directory / "precache-manifest.json").read_text())["cache"]
    css = directory / "static" / "css" / "app.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n/* the next deploy */\n", encoding="utf-8")
    build.write_service_worker(directory)
    new = json.loads((directory / "precache-manifest.json").read_text())["cache"]
    assert new != old
    seen = visit(until="registration.waiting !== null")  # installed, waiting for the old to go
    after = visit()
    assert first == {"new_css": False, "caches": [old]}
    assert seen == {"new_css": False, "caches": [old, new]}
    assert after == {"new_css": True, "caches": [new]}
