"""Cards that move (issue #31): what motion costs the page and how long a player waits for it.

    .venv/bin/python bench/motion_bench.py [--before DIST] [--games matatu,...]
                                           [--decisions 4] [--no-lighthouse]

Builds dist/ if needed and serves it on 127.0.0.1 (and ``--before``, another build, e.g. the
commit before the issue's work, measured the same way in the same run, alternating). For each
game at 360x740 and 1280x800, a fresh profile, the bots at the normal pace: a player makes
``--decisions`` decisions (the first card or choice the engine offers), and the page records

1. the longest main-thread task (PerformanceObserver "longtask", over 50 ms) while a card
   moves, and over the whole game so far (goal: none over 50 ms while cards move);
2. frames: animation frames while a card moves, and those dropped (a frame interval over
   1.5 times the page's median interval);
3. bot to rest: from a bot's decision (the reply's arrival, the UI's "bot-move" mark) to its
   card at rest on the table (the redraw's animations finished), the median per speed (slow,
   normal, fast: the setting a player picks);

and, once: the bytes the card faces add to a first visit (every deck's sprite, gzip -9, as
the host sends it; goal <= 150 kB) and Lighthouse 12.8.2 (mobile) performance on a table
(a shared deal's link), median of a few runs, this build beside ``--before``. Prints tables
and a ``BENCH_JSON`` line; asserts nothing (benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import browser_bench  # noqa: E402
import conftest  # noqa: E402  (tests/e2e/conftest.py: the server, Chromium's path)
from matchbook import wait_idle  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from table_bench import PLAYERS, deal_link  # noqa: E402

GAMES = ["matatu", "matchmaster", "match_maker", "matchmakers"]
SIZES = [(360, 740), (1280, 800)]
SPEEDS = ["slow", "normal", "fast"]

# Before the page's scripts: long tasks, every animation frame, and (once the animator is
# there) the windows in which cards move and each bot card's time to rest.
WATCH_JS = """
(() => {
  if (window.top !== window || window.__motion) return;
  const m = window.__motion = {tasks: [], frames: [], windows: [], rests: []};
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) m.tasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
  const frame = t => { m.frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  let lastBot = 0;
  const hook = () => {
    const motion = window.matchbookMotion;
    if (!motion) return setTimeout(hook, 50);
    const after = motion.after;
    motion.after = function (root, hints) {
      after.call(motion, root, hints);
      const animations = document.getAnimations();
      if (!animations.length) return;
      const start = performance.now();
      const bots = performance.getEntriesByName("bot-move");
      const bot = bots.length ? bots[bots.length - 1].startTime : 0;
      const fresh = bot > lastBot;
      lastBot = Math.max(lastBot, bot);
      Promise.all(animations.map(a => a.finished.catch(() => null))).then(() => {
        const end = performance.now();
        m.windows.push([start, end]);
        if (fresh) m.rests.push(end - bot);
      });
    };
  };
  hook();
})();
"""


def settings_js(speed: str) -> str:
    record = json.dumps({"kind": "settings", "schema": 1, "values": {"speed": speed}})
    return ("try { localStorage.setItem('matchbook:settings', " + json.dumps(record)
            + "); } catch (e) {}")


def play(browser, url: str, game: str, size: tuple, speed: str, decisions: int) -> dict:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(settings_js(speed))
    context.add_init_script(WATCH_JS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)[:200]))
    page.on("console", lambda m: errors.append(m.text[:200]) if m.type == "error" else None)
    try:
        page.goto(url + "index.html#/")
        page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
        page.click(f"button[data-game={game}]")
        page.wait_for_selector(f"button[data-game={game}][aria-pressed=true]")
        page.click(".panel-links [data-cmd=toggle-setup]")
        page.select_option("#players", str(PLAYERS[game]))
        page.click("#start")
        for _ in range(decisions):
            if wait_idle(page, timeout=120_000) != "human":
                break
            choice = page.locator(".dock .hand button.legal, .dock .choices [data-action],"
                                  " .table [data-action]").first
            choice.click()
            if choice.get_attribute("data-choose"):
                page.locator(".choices button[data-action]").first.click()
            page.wait_for_timeout(100)
        wait_idle(page, timeout=120_000)
        page.wait_for_timeout(800)  # the last card at rest
        data = page.evaluate("window.__motion")
    except PlaywrightError as error:
        context.close()
        return {"error": str(error).splitlines()[0][:200], "errors": errors}
    context.close()
    windows = data["windows"]

    def moving(start, length=0.0):
        """Whether a task (or frame) began while a card moved: the redraw that sets the cards
        off comes before their motion, and is the table's own cost (bench/table_bench.py)."""
        return any(a <= start < b for a, b in windows)

    tasks = data["tasks"]
    frames = data["frames"]
    pairs = list(zip(frames, frames[1:], strict=False))
    gaps = [b - a for a, b in pairs]
    typical = statistics.median(gaps) if gaps else 16.7
    moving_gaps = [b - a for a, b in pairs if moving(a, b - a)]
    return {"longest_moving": max((d for s, d in tasks if moving(s, d)), default=0.0),
            "longest_any": max((d for _, d in tasks), default=0.0),
            "frames": len(moving_gaps),
            "dropped": sum(1 for gap in moving_gaps if gap > 1.5 * typical),
            "frame_ms": typical, "rests": data["rests"], "moves": len(windows),
            "errors": errors}


def face_bytes(dist: Path) -> dict:
    faces = sorted((dist / "static" / "cards").glob("*.svg"))
    raw = sum(path.stat().st_size for path in faces)
    packed = sum(len(gzip.compress(path.read_bytes(), 9, mtime=0)) for path in faces)
    return {"files": len(faces), "raw": raw, "gzip": packed}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another build to measure beside this one")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--decisions", type=int, default=4)
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--lighthouse-runs", type=int, default=3)
    args = parser.parse_args(argv)
    games = [game for game in args.games.split(",") if game]
    started = time.perf_counter()
    builds, servers, urls = browser_bench.serve_builds(args.before)
    figures = {name: {} for name in builds}
    rests = {name: {speed: [] for speed in SPEEDS} for name in builds}
    lighthouse = {name: {} for name in builds}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=conftest.CHROMIUM,
                                                 args=browser_bench.LAUNCH_ARGS)
            for size in SIZES:
                for game in games:
                    for name in builds:  # alternating: the same machine state for both
                        key = f"{game} {size[0]}x{size[1]}"
                        print(f"{name}: {key} ...", file=sys.stderr)
                        row = play(browser, urls[name], game, size, "normal", args.decisions)
                        figures[name][key] = row
                        rests[name]["normal"] += row.get("rests", [])
            for speed in ("slow", "fast"):  # normal: from the rows above
                for game in games:
                    for name in builds:
                        print(f"{name}: {game} at {speed} ...", file=sys.stderr)
                        row = play(browser, urls[name], game, SIZES[0], speed, 2)
                        rests[name][speed] += row.get("rests", [])
            browser.close()
        cli = None if args.no_lighthouse else browser_bench.lighthouse_cli()
        if cli is not None:
            runs = {name: [] for name in builds}
            for run in range(args.lighthouse_runs):
                for name in builds:
                    print(f"lighthouse {name} table {run + 1}/{args.lighthouse_runs}",
                          file=sys.stderr)
                    runs[name].append(browser_bench.lighthouse(cli, urls[name]
                                                               + deal_link("matatu")))
            for name in builds:
                lighthouse[name] = {key: browser_bench.median(
                    [run.get(key) for run in runs[name] if run.get(key) is not None])
                    for key in ("performance", "tbt_ms")}
    finally:
        for server in servers.values():
            server.shutdown()

    def cell(row, what):
        if row is None or "error" in row:
            return "error"
        if what == "tasks":
            return f"{row['longest_moving']:.0f} / {row['longest_any']:.0f}"
        if what == "frames":
            return f"{row['dropped']}/{row['frames']}"
        return str(row["moves"])

    header = ["game, size"]
    for what in ("longest task ms moving/any", "frames dropped/moving", "redraws that moved"):
        header += [f"{what} {name}" for name in builds]
    rows = [tuple(header)]
    for size in SIZES:
        for game in games:
            key = f"{game} {size[0]}x{size[1]}"
            line = [key]
            for what in ("tasks", "frames", "moves"):
                line += [cell(figures[name].get(key), what) for name in builds]
            rows.append(tuple(line))
    print(browser_bench.table(rows))
    print()
    rows = [("bot's decision to card at rest (median ms, n)", *builds)]
    for speed in SPEEDS:
        rows.append((speed, *[f"{statistics.median(values):.0f} (n={len(values)})" if values
                              else "n/a" for values in (rests[name][speed] for name in builds)]))
    print(browser_bench.table(rows))
    print()
    faces = {name: face_bytes(path) for name, path in builds.items()}
    rows = [("card faces (all decks)", *builds)]
    rows.append(("files", *[str(faces[name]["files"]) for name in builds]))
    rows.append(("bytes", *[f"{faces[name]['raw'] / 1000:.1f} kB" for name in builds]))
    rows.append(("gzip -9 (on the wire)", *[f"{faces[name]['gzip'] / 1000:.1f} kB"
                                            for name in builds]))
    if any(lighthouse.values()):
        rows.append(("Lighthouse mobile, table: performance",
                     *[str(lighthouse[name].get("performance")) for name in builds]))
        rows.append(("Lighthouse mobile, table: TBT ms",
                     *[str(lighthouse[name].get("tbt_ms")) for name in builds]))
    print(browser_bench.table(rows))
    errors = {name: {key: row.get("errors") or row.get("error") for key, row in rows_.items()
                     if row.get("errors") or row.get("error")}
              for name, rows_ in figures.items()}
    if any(errors.values()):
        print("errors:", json.dumps(errors)[:2000])
    print(f"({time.perf_counter() - started:.0f} s)")
    print("BENCH_JSON " + json.dumps({"figures": figures, "rests": rests, "faces": faces,
                                      "lighthouse": lighthouse}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
