"""The table a player meets (issue #30): taps and keystrokes from opening the site to the
first card played, every legal choice in view at the first decisions, the largest layout
shift between turns, Lighthouse (mobile) on the lobby and on a table.

    .venv/bin/python bench/table_bench.py [--before DIST] [--no-lighthouse]
                                          [--lighthouse-runs 3] [--games matatu,...]

Builds dist/ if needed and serves it on 127.0.0.1 (and ``--before``, another build of the site,
e.g. an older commit's ``dist/``, on a port of its own, measured the same way in the same run,
alternating, so the figures print side by side). For each game at 360x740, 740x360 and
1280x800, in a fresh browser profile (Debian's Chromium, egress blocked):

1. taps: a player opens the site, taps the game's tile, then Play, then the first card (or
   choice) the engine offers. A target that is not on screen costs a scroll first (counted
   as one more gesture). Printed: gestures before the first card (goal: 2);
2. keystrokes: the same from the keyboard alone: the page's skip link (Tab, Enter), Tab until
   the tile has the focus (the arrow keys within the games, where they are one tab stop),
   Enter, Tab to Play, Enter, Tab to the first card or choice, Enter (goal: a few);
3. choices in view: at the player's first three decisions (scrolled to the top, as the table
   is drawn), how many of the legal choices are on screen and not covered, of all of them;
4. layout shift: the largest session window of layout-shift entries not caused by the
   player's input (CLS's own windows: 1 s gap, 5 s cap), from the first decision to the
   third, the bots at their normal pace (goal: < 0.05).

Then Lighthouse 12.8.2 (mobile, simulated throttling; bench/browser_bench.py installs it) on
the lobby and on a table (a shared deal's link), performance and accessibility, medians of
several runs. Prints tables and a final ``BENCH_JSON {...}`` line; asserts nothing (DESIGN.md:
benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import browser_bench  # noqa: E402
import conftest  # noqa: E402  (tests/e2e/conftest.py: the server, Chromium's path)
from matchbook import wait_idle  # noqa: E402  (tests/e2e/matchbook.py: as the tests wait)
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from engine import service  # noqa: E402

GAMES = ["matatu", "matchmaster", "match_maker", "matchmakers"]
SIZES = [(360, 740), (740, 360), (1280, 800)]
PLAYERS = {"matatu": 3, "matchmaster": 4, "match_maker": 2, "matchmakers": 4}
CHOICE = "#app [data-action], #app [data-choose]"
TURN = "document.documentElement.dataset.turn"

# Layout shifts, from before the page's own scripts run.
SHIFTS_JS = """
(() => {
  if (window.top !== window || window.__shifts) return;
  const shifts = window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) shifts.push([entry.startTime, entry.value]);
    }
  }).observe({type: 'layout-shift', buffered: true});
})();
"""
IN_VIEW = """(selector) => {
  const els = [...document.querySelectorAll(selector)].filter(el => el.offsetParent !== null);
  const shown = els.filter(el => {
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
          && r.right <= innerWidth)) return false;
    const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!t && (t === el || el.contains(t));
  });
  return [shown.length, els.length];
}"""
ON_SCREEN = """(el) => { const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def largest_window(shifts: list, start: float, end: float) -> float:
    """CLS's session windows (a new one after a 1 s gap or 5 s), the largest sum."""
    best, total, first, last = 0.0, 0.0, None, None
    for when, value in shifts:
        if when < start or when > end:
            continue
        if first is None or when - last > 1000 or when - first > 5000:
            total, first = 0.0, when
        total += value
        last = when
        best = max(best, total)
    return round(best, 4)


def press(page, selector: str) -> int:
    """Tap ``selector`` as a player would: one gesture, or two if it must be scrolled to."""
    target = page.locator(selector).first
    target.wait_for(state="attached", timeout=60_000)
    gestures = 1
    if not target.evaluate(ON_SCREEN):
        gestures += 1
        target.scroll_into_view_if_needed()
    target.click()
    return gestures


def start_button(page) -> str:
    """Play (today's lobby) or Start (older lobbies), once it can be pressed."""
    page.wait_for_selector("#start:not([disabled]):not([aria-disabled=true])", timeout=120_000)
    return "#start"


def taps_and_view(browser, url: str, game: str, size: tuple) -> dict:
    """Taps to the first card, choices in view at decisions 1-3, layout shift between turns."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  base_url=url)
    context.add_init_script(SHIFTS_JS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)[:200]))
    try:
        page.goto("index.html")
        page.wait_for_selector("html[data-ui=ready]", timeout=120_000)
        taps = press(page, f"button[data-game={game}]")
        taps += press(page, start_button(page))
        seen, first_at = [], None
        for decision in range(3):
            if wait_idle(page, timeout=120_000) != "human":
                break
            if first_at is None:
                first_at = page.evaluate("performance.now()")
            page.evaluate("scrollTo(0, 0)")
            seen.append(page.evaluate(IN_VIEW, CHOICE))
            if decision == 0:
                before_card = taps
                taps += press(page, "#app [data-action]")
            else:
                page.locator("#app [data-action]").first.click()
            page.wait_for_function(
                "() => document.documentElement.dataset.busy !== '1'", timeout=60_000)
        end = page.evaluate("performance.now()")
        shifts = page.evaluate("window.__shifts || []")
        return {"taps": before_card, "in_view": seen,
                "shift": largest_window(shifts, first_at or 0, end), "errors": errors}
    except PlaywrightError as error:
        return {"error": str(error).splitlines()[0][:200], "errors": errors}
    finally:
        context.close()


def keystrokes(browser, url: str, game: str, size: tuple, limit: int = 150) -> dict:
    """Keys from the lobby to the first card played: Tabs to the tile, Enter, Tabs to Play,
    Enter, Tabs to the first card or choice, Enter."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  base_url=url)
    page = context.new_page()
    try:
        page.goto("index.html")
        page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
        keys = 0
        # A keyboard player takes the page's "Skip to the game" link first, if it has one.
        page.keyboard.press("Tab")
        keys += 1
        if page.evaluate("document.activeElement.classList.contains('skip')"):
            page.keyboard.press("Enter")
            keys += 1
        for goal in (f"[data-game={game}]", "#start", "[data-action],[data-choose]"):
            if goal != "#start" and goal.startswith("[data-action"):
                wait_idle(page, timeout=120_000)
            while not page.evaluate(f"!!document.activeElement.matches('{goal}')"):
                # In a group that is one tab stop (the games, the hand), the arrow keys move.
                in_zone = page.evaluate("!!document.activeElement.closest('[data-zone]')")
                page.keyboard.press("ArrowRight" if in_zone and goal.startswith("[data-game")
                                    else "Tab")
                keys += 1
                if keys > limit:
                    return {"keys": None, "error": f"no focus on {goal} in {limit} keys"}
            page.keyboard.press("Enter")
            keys += 1
            if goal == "#start":
                page.wait_for_function(f"() => {TURN} !== undefined", timeout=120_000)
        return {"keys": keys}
    except PlaywrightError as error:
        return {"keys": None, "error": str(error).splitlines()[0][:200]}
    finally:
        context.close()


def deal_link(game: str) -> str:
    reply = json.loads(service.handle(json.dumps(
        {"op": "share_deal", "game": game, "players": PLAYERS[game], "seed": 7}), "bench"))
    return "index.html#/deal/" + reply["text"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another build to measure beside this one")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--lighthouse-runs", type=int, default=3)
    args = parser.parse_args(argv)
    games = [game for game in args.games.split(",") if game]
    started = time.perf_counter()
    builds, servers, urls = browser_bench.serve_builds(args.before)
    figures = {name: {} for name in builds}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=conftest.CHROMIUM,
                                                 args=browser_bench.LAUNCH_ARGS)
            for size in SIZES:
                for game in games:
                    for name in builds:  # alternating: the same machine state for both
                        key = f"{game} {size[0]}x{size[1]}"
                        print(f"{name}: {key} ...", file=sys.stderr)
                        row = taps_and_view(browser, urls[name], game, size)
                        row.update(keystrokes(browser, urls[name], game, size))
                        figures[name][key] = row
            browser.close()
        lighthouse = {name: {} for name in builds}
        cli = None if args.no_lighthouse else browser_bench.lighthouse_cli()
        if cli is not None:
            pages = {"lobby": "index.html", "table": deal_link("matatu")}
            for page_name, path in pages.items():
                runs = {name: [] for name in builds}
                for run in range(args.lighthouse_runs):
                    for name in builds:
                        print(f"lighthouse {name} {page_name} {run + 1}/{args.lighthouse_runs}",
                              file=sys.stderr)
                        runs[name].append(browser_bench.lighthouse(
                            cli, urls[name] + path, ("performance", "accessibility")))
                for name in builds:
                    lighthouse[name][page_name] = {
                        key: browser_bench.median([run.get(key) for run in runs[name]])
                        for key in ("performance", "accessibility", "tbt_ms", "cls")}
    finally:
        for server in servers.values():
            server.shutdown()

    def cell(row, what):
        if row is None:
            return "n/a"
        if "error" in row and what != "keys":
            return "error"
        if what == "taps":
            return str(row.get("taps"))
        if what == "keys":
            return str(row.get("keys")) if row.get("keys") is not None else "n/a"
        if what == "view":
            return " ".join(f"{shown}/{total}" for shown, total in row.get("in_view") or [])
        return f"{row.get('shift', 0):.3f}"

    header = ["game, size"]
    for what in ("taps to 1st card", "keys to 1st card", "choices in view (1-3)",
                 "largest shift"):
        header += [f"{what} {name}" for name in builds]
    rows = [tuple(header)]
    for size in SIZES:
        for game in games:
            key = f"{game} {size[0]}x{size[1]}"
            line = [key]
            for what in ("taps", "keys", "view", "shift"):
                line += [cell(figures[name].get(key), what) for name in builds]
            rows.append(tuple(line))
    print(browser_bench.table(rows))
    if any(lighthouse.values()):
        print()
        rows = [("Lighthouse mobile (median)", *[f"{what} {name}" for what in
                 ("performance", "accessibility", "TBT ms", "CLS") for name in builds])]
        for page_name in ("lobby", "table"):
            line = [page_name]
            for what in ("performance", "accessibility", "tbt_ms", "cls"):
                line += [f"{value:.4g}" if isinstance(value, float) else str(value)
                         for value in (lighthouse[name].get(page_name, {}).get(what)
                                       for name in builds)]
            rows.append(tuple(line))
        print(browser_bench.table(rows))
    errors = {name: {key: row.get("errors") or row.get("error") for key, row in rows_.items()
                     if row.get("errors") or row.get("error")}
              for name, rows_ in figures.items()}
    if any(errors.values()):
        print("errors:", json.dumps(errors)[:2000])
    print(f"({time.perf_counter() - started:.0f} s)")
    print("BENCH_JSON " + json.dumps({"figures": figures, "lighthouse": lighthouse}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
