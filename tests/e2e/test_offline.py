"""After the first visit the app works with the network gone (service worker precache)."""

from __future__ import annotations

import json

from matchbook import ENGINE_READY, FAST_BOTS, play_one_turn, start_matatu, wait_idle

WASM = "/static/vendor/pyodide/pyodide.asm.wasm"


def test_app_reloads_offline_and_a_new_game_can_be_played(
    tmp_path, dist_dir, serve, new_persistent_context, browser_log
):
    manifest = json.loads((dist_dir / "precache-manifest.json").read_text())
    site = serve(dist_dir)
    context = new_persistent_context(tmp_path / "profile", base_url=site.url)
    context.add_init_script(FAST_BOTS)
    page = context.new_page()
    page.goto("index.html")
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    # The app registers its service worker once the engine is ready; wait for the precache.
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function(
        "async ([name, count]) => (await (await caches.open(name)).keys()).length === count",
        arg=[manifest["cache"], len(manifest["files"])], timeout=60_000)
    assert site.count(WASM) == 1, f"the 9.6 MB wasm was downloaded {site.count(WASM)} times"

    site.stop()  # offline for real: only the service worker can answer now
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    start_matatu(page, players=3, seed="404")
    play_one_turn(page)
    assert wait_idle(page) in ("human", "over")
    assert not browser_log.page_errors
