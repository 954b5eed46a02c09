"""The engine's own runtime: a module worker (static/js/engine-worker.mjs) that starts Pyodide
from the build's memory snapshot, shared by the frames of one site, fetched once and then
served from the caches, with a progress bar that moves only when the worker reports progress.
"""

from __future__ import annotations

import json
from pathlib import Path

from matchbook import ENGINE_READY, wait_precached

ROOT = Path(__file__).resolve().parents[2]

WASM = "/static/vendor/pyodide/pyodide.asm.wasm"
SNAPSHOT = "/static/engine/engine.snapshot.gz"
ARCHIVE = "/static/engine/engine.zip"

ENGINE_INFO_JS = "() => ({kind: matchbookEngine.kind, timings: matchbookEngine.timings})"

# Above this link speed a first visit downloads the snapshot (engine-worker.mjs: 5.3 MB must
# take under SNAPSHOT_SAVES_MS = 500 ms), below it Python boots from the archive.
SNAPSHOT_WORTH_MBIT = 80


def assert_first_visit_choice(timings):
    """A first visit boots from the downloaded snapshot on a fast link and from the archive on
    a slow one; which one depends on how fast the page's own files came (a busy 2-core CI box
    measured localhost below the threshold), so the test checks the choice fits the measured
    link."""
    if timings["snapshot_from"] == "network":
        assert timings["snapshot"] is True, timings  # Python did not boot
    else:
        assert timings["snapshot_from"] == "none" and timings["snapshot"] is False, timings
        # The page measured a slower link than that from its own files, or could not tell.
        mbit = timings["link_mbit"]
        assert mbit is None or mbit < SNAPSHOT_WORTH_MBIT * 1.2, timings



def test_the_engine_boots_in_its_own_worker_from_the_snapshot(site, page, browser_log):
    site.reset()
    page.goto("index.html")
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    info = page.evaluate(ENGINE_INFO_JS)
    assert info["kind"] == "shared"  # the rules page's "Try it" frames join the same engine
    assert_first_visit_choice(info["timings"])
    assert info["timings"]["compiled"] is True
    # No PyScript worker, no engine module fetched one by one: one archive, one snapshot. (The
    # UI's modules, the engine's words among them, come in one bundle; the service worker's
    # precache may ask for ui/ sources once the engine is ready.)
    assert page.locator('script[type="py"]').count() == 0
    assert not [path for path in site.requests if path.endswith((".py", "pyscript.toml"))
                and not path.startswith("/ui/")]
    # (How often: test_first_visit_... with an on-disk profile; this incognito context's
    # memory cache drops big files, so the service worker's precache asks again.)
    assert site.count(ARCHIVE) >= 1 and site.count(SNAPSHOT) >= 1
    # And it plays: the engine answers through the page's own call().
    reply = json.loads(page.evaluate(
        "() => matchbookEngine.call(JSON.stringify({op: 'new', game: 'matatu', players: 3,"
        " seed: 4, viewer: 0, slot: 'probe'}))"))
    assert reply["ok"] and len(reply["view"]["hand"]) == 7
    assert not browser_log.page_errors and not browser_log.console_errors
    assert not browser_log.foreign_requests


def test_first_visit_fetches_the_wasm_once_and_a_warm_visit_not_at_all(
        tmp_path, dist_dir, serve, new_persistent_context):
    site = serve(dist_dir)
    profile = tmp_path / "profile"
    context = new_persistent_context(profile, base_url=site.url)
    page = context.new_page()
    page.goto("index.html")
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert_first_visit_choice(page.evaluate(ENGINE_INFO_JS)["timings"])
    wait_precached(page, dist_dir)
    # The service worker's precache took the big files from the HTTP cache.
    assert site.count(WASM) == 1, f"pyodide.asm.wasm was fetched {site.count(WASM)} times"
    assert site.count(SNAPSHOT) == 1
    context.close()

    site.reset()
    context = new_persistent_context(profile, base_url=site.url)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto("index.html")
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    timings = page.evaluate(ENGINE_INFO_JS)["timings"]
    assert timings["snapshot"] is True and timings["snapshot_from"] == "cache", timings
    assert site.count(WASM) == 0 and site.count(SNAPSHOT) == 0 and site.count(ARCHIVE) == 0, (
        f"a warm visit asked the server for {site.requests}")


# Samples, from before the page's scripts run until the engine is ready, what is animating.
ANIMATION_SAMPLER_JS = """
(() => {
  if (window.top !== window) return;
  const seen = window.__animations = {samples: 0, running: [], values: []};
  const tick = () => {
    const root = document.documentElement;
    if (root) {
      seen.samples += 1;
      for (const animation of document.getAnimations()) {
        if (animation.playState === "running") {
          seen.running.push(animation.animationName || animation.transitionProperty || "?");
        }
      }
      const bar = document.querySelector("progress[data-boot-progress]");
      if (bar) seen.values.push(bar.hasAttribute("value") ? bar.value : "indeterminate");
      if (root.dataset.engine === "ready") return;
    }
    setTimeout(tick, 25);
  };
  tick();
})();
"""


def test_nothing_animates_while_the_engine_boots_and_the_bar_follows_the_worker(
        context, page, hold):
    context.add_init_script(ANIMATION_SAMPLER_JS)
    release = hold("engine.snapshot.gz")  # the worker stays mid-boot until released
    page.goto("index.html")
    page.wait_for_selector("html[data-ui=ready]", timeout=60_000)
    page.wait_for_function("() => matchbookEngine.progress.done >= 10", timeout=30_000)
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    booting = page.evaluate("""() => ({
        animations: document.getAnimations().length,
        value: document.querySelector("progress[data-boot-progress]").value,
        status: document.getElementById("engine-status").getAttribute("role")})""")
    assert booting["animations"] == 0
    assert 0 < booting["value"] < 100  # determinate, and where the worker said it is
    assert booting["status"] == "status"
    release()
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    seen = page.evaluate("() => window.__animations")
    assert seen["samples"] > 5
    assert seen["running"] == [], f"animations ran while booting: {set(seen['running'])}"
    assert "indeterminate" not in seen["values"]
    # It only ever moved forward.
    assert seen["values"] == sorted(seen["values"])


def test_two_frames_of_one_site_share_one_engine_with_their_own_games(
        tmp_path, site, serve, page, browser_log):
    host = tmp_path / "host"
    host.mkdir()
    frames = "".join(
        f'<iframe title="Example {n}" src="{site.url}embed.html?game=matatu&players={players}'
        f'&seed={seed}" width="640" height="560"></iframe>'
        for n, (players, seed) in enumerate([(3, 5), (2, 9)], start=1))
    (host / "index.html").write_text(
        f'<!doctype html><html lang="en"><title>Two examples</title><body>{frames}</body></html>')
    hosted = serve(host)
    site.reset()
    page.goto(hosted.url + "index.html")
    embeds = [frame for frame in page.frames if "embed.html" in frame.url]
    assert len(embeds) == 2
    engines = []
    for frame in embeds:
        frame.wait_for_selector("html[data-embed=ready]", timeout=90_000)
        engines.append(frame.evaluate(ENGINE_INFO_JS))
    # One Pyodide for both: the same worker (its time origin names it) answered both frames.
    assert [engine["kind"] for engine in engines] == ["shared", "shared"]
    assert engines[0]["timings"]["worker_origin"] == engines[1]["timings"]["worker_origin"]
    # Each frame's table is its own deal in the "play" slot, in the same worker.
    views = [call(frame, op="view", viewer=0) for frame in embeds]
    saves = [call(frame, op="save")["save"] for frame in embeds]
    assert [json.loads(save)["players"] for save in saves] == [3, 2]
    assert views[0]["view"]["hand"] != views[1]["view"]["hand"]
    # A move in one frame's game leaves the other frame's game of the same slot alone.
    games = [call(frame, op="new", game="matatu", players=3, seed=11, slot="probe")
             for frame in embeds]
    probes = [call(frame, op="save", slot="probe")["save"] for frame in embeds]
    assert probes[0] == probes[1]
    seat = games[0]["to_move"]
    legal = call(embeds[0], op="view", viewer=seat, slot="probe")["legal"]
    assert call(embeds[0], op="act", action=legal[0], viewer=seat, slot="probe")["moves"] == 1
    assert call(embeds[1], op="view", viewer=seat, slot="probe")["moves"] == 0
    assert not browser_log.page_errors


def call(frame, **request) -> dict:
    return json.loads(frame.evaluate(
        "(request) => matchbookEngine.call(JSON.stringify(request))", request))
