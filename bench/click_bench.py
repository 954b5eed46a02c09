"""The click path of a long Matatu round: click -> re-render at move 20, 200 and 1,000.

    .venv/bin/python bench/click_bench.py [--clicks 12] [--dist DIR] [--label after]

Serves a built site (this checkout's dist/, rebuilt first, or ``--dist`` for another
build, e.g. main's, to compare) on 127.0.0.1 and drives Debian's Chromium (egress blocked).
For each length it puts an unfinished 4-player Matatu round of that many moves in storage
(seat 1 human, three Random bots so the round stays long; the record as today's main writes
it, which every version resumes), reloads, and plays ``--clicks`` human moves by clicking,
bots at 0 ms. Stamped in the page: click (capturing listener) -> html[data-moves] changed
(MutationObserver) and -> the next animation frame; localStorage bytes written per move.

It also prints, from CPython with the same requests the UI sends, the size of the engine's
reply per move (before: the whole view and log plus the save text; after: bounded) and the
size of a saved 4-player round (before: one record re-encoded on every move; after: a head
and chunks of moves, a move rewriting one chunk).

Prints a table and ``BENCH_JSON {...}``; asserts nothing about time (benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import build  # noqa: E402  (tools/build.py)
import conftest  # noqa: E402  (tests/e2e/conftest.py: RecordingServer, CHROMIUM, is_local)
import matchbook  # noqa: E402  (tests/e2e/matchbook.py: drive the app like a player)
from playwright.sync_api import sync_playwright  # noqa: E402

import engine  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.rng import SeededRng  # noqa: E402
from engine.service import handle  # noqa: E402

LAUNCH_ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run", "--disable-quic",
               "--proxy-server=http://127.0.0.1:9"]

MARKS_JS = """
(() => {
  if (window.top !== window || window.__bench) return;
  const bench = window.__bench = {clicks: [], moves: [], written: 0, writes: 0};
  let last = null;
  new MutationObserver((records) => {
    const now = performance.now();
    const root = document.documentElement;
    for (const record of records) {
      if (record.target !== root || record.attributeName !== "data-moves") continue;
      const value = root.getAttribute("data-moves");
      if (value === last) continue;
      last = value;
      const entry = {t: now, moves: +value, frame: null};
      bench.moves.push(entry);
      requestAnimationFrame(() => { entry.frame = performance.now(); });
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-moves"]});
  addEventListener("click", () => {
    bench.clicks.push({t: performance.now(),
                       moves: +(document.documentElement.dataset.moves || 0)});
  }, {capture: true});
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("matchbook:")) {
      bench.written += String(key).length + String(value).length;
      bench.writes += 1;
    }
    return setItem.call(this, key, value);
  };
  try {
    localStorage.setItem("matchbook:settings",
      JSON.stringify({kind: "settings", schema: 1, values: {bot_delay_ms: 0}}));
  } catch (error) { /* about:blank */ }
})();
"""


def long_round(moves: int, seed: int = 1) -> engine.Game:
    """A 4-player Matatu round of random legal moves, stopped at seat 0's turn at or after
    ``moves`` (random players draw often, so a round lasts past 1,000 moves)."""
    rng = random.Random(seed)
    game = engine.new_game("matatu", players=4, seed=seed)
    while len(game.actions) < moves or game.to_move != 0:
        if game.over:
            raise SystemExit(f"seed {seed}: the round ended at move {len(game.actions)}")
        seat = game.pending[0]
        game.apply_trusted(rng.choice(game.legal_actions(seat)))
    return game


def legacy_record(game: engine.Game) -> str:
    """``matchbook:current`` as today's main writes it (every version resumes it)."""
    return json.dumps({"kind": "current", "schema": 1, "game": game.id, "rules": game.rules,
                       "save": game.to_json(), "seats": ["human", "bot", "bot", "bot"],
                       "rev": 1, "tab": "bench",
                       "meta": {"names": ["You", "Seat 2 (bot)", "Seat 3 (bot)",
                                          "Seat 4 (bot)"],
                                "viewer": 0, "bot": "random", "entry": "bench"}})


# --------------------------------------------------------------------------- CPython figures


def reply_sizes(game: engine.Game) -> dict:
    """Bytes of the engine's reply to one human move at this length, both ways."""
    save = game.to_json()
    action = game.legal_actions(0)[0]
    sizes = {}
    for label, extra in (("before", {}), ("after", {"bounded": True})):
        handle(json.dumps({"op": "load", "save": save, "viewer": 0, **extra}), "bench")
        request = {"op": "act", "action": action, "viewer": 0, **extra}
        if extra:
            request["log_from"] = len(game.log)
            request["actions_from"] = len(game.actions)
        sizes[label] = len(handle(json.dumps(request), "bench"))
        if not extra:  # main's replies also carried the whole save text (gone from replies now)
            saved = json.loads(handle(json.dumps({"op": "save"}), "bench"))["save"]
            sizes[label] += len(', "save": ') + len(json.dumps(saved))
    return sizes


def save_sizes() -> dict:
    """A typical 4-player round (basic bots) saved, both ways, and bytes written per move."""
    game = engine.new_game("matatu", players=4, seed=3)
    bots = [make_bot(type(game), "basic", SeededRng(f"bench{s}")) for s in range(4)]
    legacy_written = 0
    while not game.over:
        seat = game.to_move
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        legacy_written += len(legacy_record(game))
    moves = len(game.actions)
    try:
        from ui import storage as store  # the new storage module (absent on main)
    except ImportError:
        store = None
    after = None
    if store is not None and hasattr(store, "CHUNK"):
        written = []

        class Backend(dict):
            length = property(lambda self: len(self))

            def key(self, index):
                return list(self)[index] if index < len(self) else None

            def getItem(self, key):  # noqa: N802
                return self.get(key)

            def setItem(self, key, value):  # noqa: N802
                written.append(len(key) + len(value))
                self[key] = value
                return ""

            def removeItem(self, key):  # noqa: N802
                self.pop(key, None)

            def measure(self, key, limit):
                value = self.get(key)
                return "" if value is None else f"{len(value)} 3"

        backend = Backend()
        storage = store.Storage(backend, "bench")
        record = game.record()
        actions = record.pop("actions")
        head = {"game": game.id, "rules": game.rules, "record": record,
                "seats": ["human", "bot", "bot", "bot"],
                "names": ["You", "Seat 2 (bot)", "Seat 3 (bot)", "Seat 4 (bot)"],
                "viewer": 0, "bot": "basic", "entry": "bench", "handoff": None}
        for count in range(1, moves + 1):
            storage.save_current(head, actions[:count], count - 1)
        after = {"stored": sum(len(k) + len(v) for k, v in backend.items()),
                 "per_move": statistics.mean(written)}
    return {"moves": moves, "before": {"stored": len(legacy_record(game)),
                                       "per_move": legacy_written / moves},
            "after": after}


# --------------------------------------------------------------------------- the browser


def measure(page, game: engine.Game, clicks: int) -> dict:
    matchbook.open_app(page, "#/")
    page.evaluate("record => { localStorage.clear(); localStorage.setItem("
                  "'matchbook:settings', JSON.stringify({kind: 'settings', schema: 1,"
                  " values: {bot_delay_ms: 0}})); localStorage.setItem('matchbook:current',"
                  " record); location.hash = '#/play'; }", legacy_record(game))
    page.reload()  # the app boots with that game in storage
    page.wait_for_selector(matchbook.ENGINE_READY, timeout=120_000)
    page.wait_for_selector(".hand", timeout=120_000)
    matchbook.wait_idle(page)
    page.wait_for_timeout(300)  # a save the resume scheduled, before the first click
    page.evaluate("() => { const b = window.__bench; b.clicks = []; b.moves = [];"
                  " b.written = 0; b.writes = 0; }")
    played = 0
    for _ in range(clicks):
        if matchbook.wait_idle(page) == "over":
            break
        matchbook.play_one_turn(page)
        played += 1
    matchbook.wait_idle(page)
    page.wait_for_timeout(200)
    log = page.evaluate("() => window.__bench")
    to_dom, to_frame = [], []
    changes = log["moves"]
    for click in log["clicks"]:
        after = [c for c in changes if c["t"] >= click["t"]]
        if not after or after[0]["moves"] != click["moves"] + 1:
            continue  # not answered by one move (a choice button first, say)
        to_dom.append(after[0]["t"] - click["t"])
        if after[0]["frame"] is not None:
            to_frame.append(after[0]["frame"] - click["t"])
    moves_made = max(changes[-1]["moves"] - len(game.actions), 1) if changes else 1
    return {"clicks": played, "dom": to_dom, "frame": to_frame,
            "written_per_move": log["written"] / moves_made}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=12, help="human moves per length")
    parser.add_argument("--lengths", default="20,200,1000")
    parser.add_argument("--dist", type=Path, help="a built site (default: build dist/)")
    parser.add_argument("--label", default="this checkout")
    parser.add_argument("--compare", type=Path, metavar="DIST",
                        help="another build (e.g. main's dist/), measured in turn with this"
                             " one at each length, so both see the same machine load")
    parser.add_argument("--compare-label", default="before")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure each length this many times per build (medians of all)")
    args = parser.parse_args(argv)
    if not os.access(conftest.CHROMIUM, os.X_OK):
        sys.exit(f"{conftest.CHROMIUM} is missing")
    started = time.perf_counter()
    dist = args.dist
    if dist is None:
        build.build(quiet=True)
        dist = build.DIST
    lengths = [int(n) for n in args.lengths.split(",")]
    games = {length: long_round(length) for length in lengths}
    builds = [(args.label, dist)] + ([(args.compare_label, args.compare)] if args.compare
                                     else [])
    servers = [conftest.RecordingServer(path).start() for _, path in builds]
    samples = {(label, length): [] for label, _ in builds for length in lengths}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=conftest.CHROMIUM,
                                                 args=LAUNCH_ARGS)
            for _ in range(args.rounds):
                for length in lengths:
                    for (label, _), server in zip(builds, servers, strict=True):
                        host, port = server.server_address[:2]
                        context = browser.new_context(base_url=f"http://{host}:{port}/",
                                                      viewport={"width": 1280, "height": 800})
                        context.add_init_script(MARKS_JS)
                        print(f"{label}: move {length} ...", file=sys.stderr)
                        samples[label, length].append(
                            measure(context.new_page(), games[length], args.clicks))
                        context.close()
            browser.close()
    finally:
        for server in servers:
            server.stop()
    browser_figures = {}
    for (label, length), runs in samples.items():
        dom = [t for run in runs for t in run["dom"]]
        frame = [t for run in runs for t in run["frame"]]
        browser_figures.setdefault(label, {})[length] = {
            "n": len(dom), "dom_median": statistics.median(dom) if dom else None,
            "frame_median": statistics.median(frame) if frame else None,
            "written_per_move": statistics.mean(run["written_per_move"] for run in runs)}
    replies = {length: reply_sizes(games[length]) for length in lengths}
    saves = save_sizes()

    def ms(value):
        return "n/a" if value is None else f"{value:.1f} ms"

    print("\nclick path, Matatu, 4 players (1 human, 3 random bots at 0 ms):"
          " medians of every click")
    print(f"{'build':>28} {'at move':>8} {'clicks':>6} {'click->DOM':>11}"
          f" {'click->frame':>13} {'stored/move':>12}")
    for length in lengths:
        for label, _ in builds:
            figure = browser_figures[label][length]
            print(f"{label:>28} {length:>8} {figure['n']:>6} {ms(figure['dom_median']):>11}"
                  f" {ms(figure['frame_median']):>13} {figure['written_per_move']:>10,.0f} B")
    print("\nengine reply to one human move (CPython, the same requests):")
    for length in lengths:
        reply = replies[length]
        print(f"  at move {length:>5}: {reply['before']:>7,} B unbounded (view, whole log,"
              f" save text), {reply['after']:>5,} B bounded")
    print(f"\nsaved 4-player round ({saves['moves']} moves, basic bots):"
          f" before {saves['before']['stored']:,} B stored,"
          f" {saves['before']['per_move']:,.0f} B written per move", end="")
    if saves["after"]:
        print(f"; after {saves['after']['stored']:,} B stored,"
              f" {saves['after']['per_move']:,.0f} B written per move")
    else:
        print()
    print(f"{time.perf_counter() - started:.0f} s in all")
    print("BENCH_JSON " + json.dumps({"label": args.label, "browser": browser_figures,
                                      "replies": replies, "saves": saves}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
