"""Browser figures for the built site: load times, bytes, responsiveness, engine speed.

    .venv/bin/python bench/browser_bench.py [--clicks 20] [--pyodide-games 40] [--headed]

Builds dist/ if needed, serves it on 127.0.0.1 with a server that counts requests and bytes
per path, and drives Debian's Chromium (Playwright, egress blocked) through:

1. a cold visit (fresh on-disk profile) and a warm visit (same profile relaunched, the
   service worker in control): first paint, first contentful paint, UI ready
   (html[data-ui=ready]) and engine ready (html[data-engine=ready]);
2. the longest main-thread task of the cold visit, overall and after UI ready;
3. bytes sent by the server on the first visit against the site's unique bytes, and how
   often pyodide.asm.wasm was asked for (first visit: 1, warm visit: 0);
4. click -> re-render latency in a Matatu game (1 human, 2 bots at bot_delay_ms 0);
5. bot move time in the browser (one "bot" engine call plus one render);
6. Matatu random playouts per second in CPython and in Pyodide (the engine worker's
   "bench" op, reached through the worker's PyScript handle from JavaScript).

Times are stamped in the page (performance.now(), whose origin is the navigation start) by
init scripts: a MutationObserver on <html>'s data-* attributes, a capturing click listener
and a buffered 'longtask' PerformanceObserver. A MutationObserver runs at the end of the
script that changed the attribute, so "UI ready" includes the lobby's first render.

Prints a table and a final ``BENCH_JSON {...}`` line; asserts nothing about time
(DESIGN.md: benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import build  # noqa: E402  (tools/build.py)
import conftest  # noqa: E402  (tests/e2e/conftest.py: RecordingServer, Site, CHROMIUM)
import engine_playouts  # noqa: E402
import matchbook  # noqa: E402  (tests/e2e/matchbook.py: drive the app like a player)
from playwright.sync_api import sync_playwright  # noqa: E402

from engine.service import handle  # noqa: E402

WASM = "pyodide.asm.wasm"
LAUNCH_ARGS = [  # as tests/e2e/conftest.py: nothing leaves the machine, HTTP cache kept
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--proxy-server=http://127.0.0.1:9",
]

# Stamps in the page, from before any of its scripts runs.
MARKS_JS = """
(() => {
  if (window.top !== window || window.__bench) return;
  const bench = window.__bench = {ui: null, engine: null, longtasks: [], clicks: [], moves: []};
  const seen = new Map();  // attribute -> last value, so re-setting the same value is no event
  new MutationObserver((records) => {
    const now = performance.now();
    const root = document.documentElement;
    for (const record of records) {
      if (record.target !== root) continue;
      const name = record.attributeName;
      const value = root.getAttribute(name);
      if (seen.get(name) === value) continue;
      seen.set(name, value);
      if (name === "data-ui" && value === "ready" && bench.ui === null) bench.ui = now;
      if (name === "data-engine" && value === "ready" && bench.engine === null) bench.engine = now;
      if (name === "data-moves") {
        const entry = {t: now, moves: +value, turn: root.dataset.turn, frame: null};
        bench.moves.push(entry);
        requestAnimationFrame(() => { entry.frame = performance.now(); });
      }
    }
  }).observe(document, {subtree: true, attributes: true,
                        attributeFilter: ["data-ui", "data-engine", "data-moves"]});
  addEventListener("click", (event) => {
    bench.clicks.push({t: performance.now(), ts: event.timeStamp,
                       moves: +(document.documentElement.dataset.moves || 0)});
  }, {capture: true});
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        bench.longtasks.push({start: e.startTime, duration: e.duration});
      }
    }).observe({type: "longtask", buffered: true});
  } catch (error) { bench.longtasks = null; }
})();
"""

# Bots at full speed: the setting the lobby's bots read (ui/storage.py, "matchbook:settings").
NO_BOT_DELAY_JS = """
localStorage.setItem("matchbook:settings",
  JSON.stringify({kind: "settings", schema: 1, values: {bot_delay_ms: 0}}));
"""

# The engine worker's exported handle(), called from JavaScript: PyScript keeps the worker on
# its <script> element (element.xworker) and the worker's __export__ on xworker.sync.
ENGINE_CALL_JS = """
async (request) => {
  const script = document.querySelector('script[type="py"][worker][name="engine"]');
  return String(await script.xworker.sync.handle(request));
}
"""

LOAD_MARKS_JS = """
() => {
  const paint = {};
  for (const e of performance.getEntriesByType("paint")) paint[e.name] = e.startTime;
  const nav = performance.getEntriesByType("navigation")[0] || {};
  const b = window.__bench;
  return {fp: paint["first-paint"] ?? null, fcp: paint["first-contentful-paint"] ?? null,
          ui: b.ui, engine: b.engine, longtasks: b.longtasks,
          html: nav.responseStart ?? null, sw: nav.workerStart || null,
          dcl: nav.domContentLoadedEventEnd ?? null, load: nav.loadEventEnd ?? null,
          controlled: !!navigator.serviceWorker.controller};
}
"""


# --------------------------------------------------------------------------- the server


class _CountingWriter:
    """The handler's wfile, counting every byte written (headers and bodies)."""

    def __init__(self, raw, handler):
        self._raw = raw
        self._handler = handler

    def write(self, data):
        written = self._raw.write(data)
        self._handler.server.add_bytes(self._handler.bench_path,
                                       len(data) if written is None else written)
        return written

    def __getattr__(self, name):
        return getattr(self._raw, name)


class _CountingHandler(conftest._QuietHandler):
    bench_path = "?"

    def setup(self):
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self)

    def send_head(self):
        self.bench_path = urlsplit(self.path).path
        return super().send_head()


class ByteCountingServer(conftest.RecordingServer):
    """tests/e2e's RecordingServer (paths asked for), plus bytes sent per path."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        self._bytes: Counter[str] = Counter()
        self.RequestHandlerClass = lambda *args, **kwargs: _CountingHandler(
            *args, directory=str(self.directory), **kwargs)

    def add_bytes(self, path: str, count: int) -> None:
        with self._lock:
            self._bytes[path] += count

    def snapshot(self) -> tuple[Counter[str], Counter[str]]:
        """(requests per path, bytes per path) since the last reset."""
        with self._lock:
            return Counter(self._requests), Counter(self._bytes)

    def reset(self) -> None:
        with self._lock:
            self._requests.clear()
            self._bytes.clear()


def site_bytes(dist: Path) -> tuple[int, int]:
    """(files, bytes) of the site: the precache list plus the service worker itself."""
    manifest = json.loads((dist / "precache-manifest.json").read_text())
    paths = list(manifest["files"]) + ["sw.js"]
    return len(paths), sum((dist / path).stat().st_size for path in paths)


# --------------------------------------------------------------------------- the browser


class Browser:
    def __init__(self, playwright, url: str, headed: bool):
        self.playwright = playwright
        self.url = url
        self.headed = headed
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def launch(self, profile: Path):
        context = self.playwright.chromium.launch_persistent_context(
            str(profile), executable_path=conftest.CHROMIUM, headless=not self.headed,
            args=LAUNCH_ARGS, base_url=self.url, viewport={"width": 1280, "height": 800})
        context.add_init_script(MARKS_JS)
        context.add_init_script(NO_BOT_DELAY_JS)
        context.on("request", lambda request: None if conftest.is_local(request.url)
                   else self.foreign.append(request.url))
        context.on("page", self.watch)
        for page in context.pages:
            self.watch(page)
        return context

    def watch(self, page) -> None:
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self.errors.append(message.text)
                if message.type == "error" else None)


def page_of(context):
    return context.pages[0] if context.pages else context.new_page()


def load(page, reload: bool = False) -> dict:
    if reload:
        page.reload()
    else:
        page.goto("index.html")
    page.wait_for_selector(matchbook.ENGINE_READY, timeout=120_000)
    page.wait_for_timeout(1000)  # let the tasks after engine-ready (first lobby, SW) show up
    return page.evaluate(LOAD_MARKS_JS)


def wait_service_worker(page) -> None:
    """Until the service worker is active, i.e. its precache install finished."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")


def longest_tasks(marks: dict) -> tuple[float | None, float | None, int]:
    tasks = marks["longtasks"]
    if tasks is None:
        return None, None, 0
    after = [t["duration"] for t in tasks
             if marks["ui"] is not None and t["start"] >= marks["ui"]]
    return (max((t["duration"] for t in tasks), default=0.0), max(after, default=0.0),
            len(tasks))


def new_game(page, seed: int) -> None:
    if page.evaluate("location.hash") != "#/":
        page.evaluate("location.hash = '#/'")
    page.wait_for_selector("button[data-game=matatu]")
    matchbook.start_matatu(page, players=3, seed=str(seed), seats=["human", "bot", "bot"])


def play(page, actions: int) -> tuple[list[float], list[float], list[float], int]:
    """Play ``actions`` human actions (new rounds as needed); return the latencies."""
    page.evaluate("() => { window.__bench.clicks = []; window.__bench.moves = []; }")
    seed, games, done = 11, 1, 0
    new_game(page, seed)
    while done < actions:
        if matchbook.wait_idle(page) == "over":
            seed += 1
            games += 1
            new_game(page, seed)
            continue
        matchbook.play_one_turn(page)
        done += 1
    matchbook.wait_idle(page)
    page.wait_for_timeout(100)
    log = page.evaluate("() => ({clicks: window.__bench.clicks, moves: window.__bench.moves})")
    clicks, changes = log["clicks"], log["moves"]
    to_dom, to_frame = [], []
    for change in changes:
        # A human action: the last click before this change, with no other change between.
        before = [c for c in clicks if c["t"] <= change["t"]]
        if not before:
            continue
        click = before[-1]
        previous = [m for m in changes if m["t"] < change["t"]]
        if previous and previous[-1]["t"] >= click["t"]:
            continue  # the click was already answered: this change is a bot's move
        if change["moves"] != click["moves"] + 1:
            continue  # not one human action (a new round, say)
        to_dom.append(change["t"] - click["t"])
        if change["frame"] is not None:
            to_frame.append(change["frame"] - click["t"])
    # A bot's move: from the render that left a bot to move to the render of its move.
    pairs = zip(changes, changes[1:], strict=False)
    bot_moves = [after["t"] - before["t"] for before, after in pairs
                 if before["turn"] == "bot" and after["moves"] == before["moves"] + 1]
    return to_dom, to_frame, bot_moves, games


def pyodide_bench(page, games: int) -> dict:
    request = json.dumps({"op": "bench", "game": "matatu", "players": 4, "games": games,
                          "seed": 1})
    page.evaluate(ENGINE_CALL_JS, json.dumps({"op": "bench", "game": "matatu", "players": 4,
                                              "games": 2, "seed": 1}))  # warm up the code
    return json.loads(page.evaluate(ENGINE_CALL_JS, request))


# --------------------------------------------------------------------------- figures


def percentile(values: list[float], fraction: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    rank = fraction * (len(ordered) - 1)
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f} ms"


def task_ms(value: float | None) -> str:
    return "none > 50 ms" if value == 0 else ms(value)


def mb(count: int) -> str:
    return f"{count / 1e6:.2f} MB"


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for number, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                               for i, cell in enumerate(row)).rstrip())
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


LOAD_KEYS = ("sw", "html", "fp", "fcp", "dcl", "ui", "engine")


def rounded(value):
    return None if value is None else round(value, 1)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=20, help="human actions to time")
    parser.add_argument("--pyodide-games", type=int, default=40,
                        help="random 4-player Matatu playouts in Pyodide")
    parser.add_argument("--cpython-games", type=int, default=40,
                        help="random 4-player Matatu playouts in CPython (each way)")
    parser.add_argument("--headed", action="store_true", help="show the browser")
    args = parser.parse_args(argv)
    if not os.access(conftest.CHROMIUM, os.X_OK):
        sys.exit(f"{conftest.CHROMIUM} is missing: apt-get install chromium (bin/test does)")
    started = time.perf_counter()
    build.build(quiet=True)
    files, unique = site_bytes(build.DIST)

    server = ByteCountingServer(build.DIST).start()
    host, port = server.server_address[:2]
    url = f"http://{host}:{port}/"
    profile = Path(tempfile.mkdtemp(prefix="matchbook-bench-"))
    result: dict = {}
    try:
        with sync_playwright() as playwright:
            browser = Browser(playwright, url, args.headed)
            print(f"cold visit (fresh profile {profile}) ...", file=sys.stderr)
            context = browser.launch(profile)
            page = page_of(context)
            server.reset()
            cold = load(page)
            wait_service_worker(page)
            page.wait_for_timeout(500)  # the last precache responses
            cold_requests, cold_bytes = server.snapshot()
            context.close()

            print("warm visit (same profile, service worker active) ...", file=sys.stderr)
            context = browser.launch(profile)
            page = page_of(context)
            server.reset()
            warm = load(page)
            warm_reloaded = False
            if not warm["controlled"]:  # not expected: the worker was active before this visit
                warm_reloaded = True
                server.reset()
                warm = load(page, reload=True)
            warm_requests, warm_bytes = server.snapshot()

            print(f"playing Matatu: {args.clicks} human actions, bots at 0 ms ...",
                  file=sys.stderr)
            to_dom, to_frame, bot_moves, games = play(page, args.clicks)

            print(f"Pyodide: {args.pyodide_games} random playouts ...", file=sys.stderr)
            pyodide = pyodide_bench(page, args.pyodide_games)
            context.close()
    finally:
        server.stop()
        shutil.rmtree(profile, ignore_errors=True)

    print(f"CPython: {args.cpython_games} random playouts, twice ...", file=sys.stderr)
    cpython_service = json.loads(handle(json.dumps(
        {"op": "bench", "game": "matatu", "players": 4, "games": args.cpython_games,
         "seed": 1})))
    cpython_apply = engine_playouts.random_playouts(args.cpython_games, 4, False)

    overall, after_ui, task_count = longest_tasks(cold)
    cold_total = sum(cold_bytes.values())
    warm_total = sum(warm_bytes.values())
    result = {
        "cold": {k: rounded(cold[k]) for k in LOAD_KEYS},
        "warm": {k: rounded(warm[k]) for k in LOAD_KEYS},
        "warm_controlled": warm["controlled"], "warm_reloaded": warm_reloaded,
        "longtask_max_ms": rounded(overall), "longtask_after_ui_max_ms": rounded(after_ui),
        "longtasks": task_count,
        "first_visit_bytes": cold_total, "first_visit_requests": sum(cold_requests.values()),
        "site_bytes": unique, "site_files": files,
        "wasm_requests_first": sum(n for p, n in cold_requests.items() if p.endswith(WASM)),
        "wasm_requests_warm": sum(n for p, n in warm_requests.items() if p.endswith(WASM)),
        "warm_bytes": warm_total, "warm_requests": sum(warm_requests.values()),
        "warm_paths": sorted(warm_requests),
        "click_render_ms": {"n": len(to_dom), "median": rounded(percentile(to_dom, 0.5)),
                            "p95": rounded(percentile(to_dom, 0.95))},
        "click_frame_ms": {"n": len(to_frame), "median": rounded(percentile(to_frame, 0.5)),
                           "p95": rounded(percentile(to_frame, 0.95))},
        "bot_move_ms": {"n": len(bot_moves), "p50": rounded(percentile(bot_moves, 0.5)),
                        "p95": rounded(percentile(bot_moves, 0.95))},
        "games_played": games,
        "playouts_per_s": {
            "cpython_random_playouts": rounded(cpython_apply["playouts_per_second"]),
            "cpython_bench_op": rounded(cpython_service["games_per_second"]),
            "pyodide_bench_op": rounded(pyodide.get("games_per_second")),
        },
        "foreign_requests": len(browser.foreign), "browser_errors": len(browser.errors),
        "seconds": round(time.perf_counter() - started, 1),
    }

    print()
    print(table([
        ("load (ms from navigation start)", "cold", "warm"),
        ("service worker started", ms(cold["sw"]), ms(warm["sw"])),
        ("index.html first byte", ms(cold["html"]), ms(warm["html"])),
        ("first paint", ms(cold["fp"]), ms(warm["fp"])),
        ("first contentful paint", ms(cold["fcp"]), ms(warm["fcp"])),
        ("DOMContentLoaded", ms(cold["dcl"]), ms(warm["dcl"])),
        ("UI ready (html[data-ui=ready])", ms(cold["ui"]), ms(warm["ui"])),
        ("engine ready (html[data-engine=ready])", ms(cold["engine"]), ms(warm["engine"])),
        ("longest main-thread task", task_ms(overall), task_ms(longest_tasks(warm)[0])),
        ("longest main-thread task after UI ready", task_ms(after_ui),
         task_ms(longest_tasks(warm)[1])),
        ("served by the service worker", "no" if not cold["controlled"] else "yes",
         ("yes" if warm["controlled"] else "no") + (" (after a reload)" if warm_reloaded
                                                   else "")),
        ("requests to the server", str(sum(cold_requests.values())),
         str(sum(warm_requests.values()))),
        ("bytes sent by the server", mb(cold_total), mb(warm_total)),
        (f"{WASM} requests (goal 1 / 0)", str(result["wasm_requests_first"]),
         str(result["wasm_requests_warm"])),
    ]))
    print("warm visit asked the server for: " + (", ".join(sorted(warm_requests)) or "nothing"))
    print()
    ratio = cold_total / unique if unique else 0
    print(table([
        ("first visit", "figure"),
        (f"site: unique bytes ({files} files)", mb(unique)),
        ("bytes sent on the first visit (incl. SW install)", f"{mb(cold_total)} ({ratio:.2f}x)"),
        ("long tasks (>50 ms) on the main thread", str(task_count) if cold["longtasks"]
         is not None else "n/a"),
    ]))
    print()
    print(table([
        (f"play (Matatu, 1 human + 2 bots, {games} round(s))", "n", "median", "p95"),
        ("click -> html[data-moves] changed", str(len(to_dom)),
         ms(percentile(to_dom, 0.5)), ms(percentile(to_dom, 0.95))),
        ("click -> next animation frame", str(len(to_frame)),
         ms(percentile(to_frame, 0.5)), ms(percentile(to_frame, 0.95))),
        ("bot move (engine 'bot' call + render)", str(len(bot_moves)),
         ms(percentile(bot_moves, 0.5)), ms(percentile(bot_moves, 0.95))),
    ]))
    print()
    speed = result["playouts_per_s"]
    slowdown = (speed["cpython_bench_op"] / speed["pyodide_bench_op"]
                if speed["pyodide_bench_op"] else None)
    print(table([
        ("random Matatu playouts, 4 players", "playouts/s", "actions/s"),
        ("CPython, bench/engine_playouts.random_playouts (apply)",
         f"{cpython_apply['playouts_per_second']:.1f}",
         f"{cpython_apply['actions_per_second']:,.0f}"),
        ("CPython, service 'bench' op (apply_trusted)",
         f"{cpython_service['games_per_second']:.1f}",
         f"{cpython_service['moves'] / cpython_service['seconds']:,.0f}"),
        ("Pyodide worker, service 'bench' op (apply_trusted)",
         f"{pyodide['games_per_second']:.1f}",
         f"{pyodide['moves'] / pyodide['seconds']:,.0f}"),
        ("Pyodide slowdown vs CPython (same op)", f"{slowdown:.1f}x" if slowdown else "n/a",
         ""),
    ]))
    if browser.foreign:
        print(f"\nwarning: the page asked for other hosts (blocked): {browser.foreign[:5]}")
    if browser.errors:
        print(f"\nwarning: {len(browser.errors)} browser error(s), first: {browser.errors[0]}")
    print(f"\n{result['seconds']:.0f} s in all")
    print("BENCH_JSON " + json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
