"""The strong bot in the browser: decision time through the engine worker (Pyodide).

    .venv/bin/python bench/bots_browser_bench.py [--games 2] [--moves 400] [--only GAME]

Builds dist/ if needed, serves it on 127.0.0.1 and opens the app in Debian's Chromium
(Playwright, nothing leaves the machine). For each table (as bench/bots_bench.py's strength
tables) it starts games in the engine worker with the service's ``new`` op and plays them
with its ``bot`` op, each seat at its level, timing every call of the strong seat that had
more than one legal action in the page (performance.now() around the worker call: the
search, the move and the reply, which is what the app waits for while it shows
"thinking"). Playouts per second in Pyodide are measured by bench/pyodide_run.mjs (the same
Pyodide, in Node).

Prints p50/p95/max per table and a final ``BENCH_JSON {...}`` line; asserts nothing about
time (DESIGN.md: benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import bots_bench  # noqa: E402
import build  # noqa: E402  (tools/build.py)
import conftest  # noqa: E402  (tests/e2e/conftest.py: RecordingServer, CHROMIUM)
from playwright.sync_api import sync_playwright  # noqa: E402

# Plays one game in the engine worker and returns the strong seat's decision times (ms).
PLAY_JS = """
async ({game, players, seed, levels, moves}) => {
  // The engine's page side (static/js/engine.mjs), or the PyScript worker of older builds.
  const engine = globalThis.matchbookEngine;
  const script = document.querySelector('script[type="py"][worker][name="engine"]');
  const send = engine ? (text) => engine.call(text)
                      : (text) => script.xworker.sync.handle(text);
  if (engine) await engine.ready;
  const call = async (request) => JSON.parse(String(await send(JSON.stringify(request))));
  const slot = "bench";
  let state = await call({op: "new", game, players, seed, slot, bounded: true,
                          log_from: 1 << 30});
  const times = [];
  for (let move = 0; move < moves && !state.over; move++) {
    const seat = state.to_move;
    const level = levels[seat];
    let choices = 0;
    if (level === "strong") {
      const seen = await call({op: "view", slot, viewer: seat, bounded: true,
                               log_from: 1 << 30});
      choices = seen.legal.length;
    }
    const began = performance.now();
    state = await call({op: "bot", slot, level, seat, bounded: true, log_from: 1 << 30});
    const took = performance.now() - began;
    if (!state.ok) throw new Error(state.error);
    if (choices > 1) times.push(took);
  }
  return times;
}
"""

def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * (len(ordered) - 1) + 0.5))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per table")
    parser.add_argument("--moves", type=int, default=400, help="moves per game at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="one game id")
    args = parser.parse_args(argv)
    if not os.access(conftest.CHROMIUM, os.X_OK):
        sys.exit(f"{conftest.CHROMIUM} is missing: apt-get install chromium (bin/test does)")
    build.build(quiet=True)
    server = conftest.RecordingServer(build.DIST).start()
    host, port = server.server_address[:2]
    result = {"decisions": {}}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=conftest.CHROMIUM,
                args=["--disable-gpu", "--no-first-run", "--proxy-server=http://127.0.0.1:9"])
            page = browser.new_page()
            page.goto(f"http://{host}:{port}/")
            page.wait_for_selector("html[data-engine=ready]", timeout=180_000)
            for label, game_id, bots in bots_bench.STRENGTH:
                if args.only and args.only != game_id:
                    continue
                levels = bots.split(",")
                times = []
                for number in range(args.games):
                    times += page.evaluate(PLAY_JS, {"game": game_id, "players": len(levels),
                                                     "seed": args.seed + number,
                                                     "levels": levels, "moves": args.moves})
                if not times:
                    print(f"{label}: no strong decisions (no strong bot in this engine?)")
                    continue
                figures = {"decisions": len(times), "p50_ms": percentile(times, 0.5),
                           "p95_ms": percentile(times, 0.95), "max_ms": max(times)}
                result["decisions"][label] = figures
                print(f"{label}: {len(times)} strong decisions in Pyodide, p50"
                      f" {figures['p50_ms']:.0f} ms, p95 {figures['p95_ms']:.0f} ms, max"
                      f" {figures['max_ms']:.0f} ms", flush=True)
            browser.close()
    finally:
        server.stop()
    print("BENCH_JSON " + json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
