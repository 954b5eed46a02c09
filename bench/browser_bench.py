"""Browser figures for the built site: load times beside a bare reference, bytes,
responsiveness, engine speed, Lighthouse.

    .venv/bin/python bench/browser_bench.py [--rounds 3] [--clicks 20] [--no-lighthouse]
                                            [--lighthouse-runs 3]

Builds dist/ if needed, serves it on 127.0.0.1 with a server that counts requests and bytes
per path (and bench/reference/ at /reference/), and drives Debian's Chromium (Playwright,
egress blocked) through:

1. rounds that alternate the app and the bare reference page (bench/reference/: a MicroPython
   page with a bare Pyodide worker importing one small module, the same vendored runtimes),
   each in a fresh on-disk profile: a cold visit, then a warm one (same profile relaunched;
   for the app, its service worker in control). Per visit: first paint, UI ready
   (html[data-ui=ready]), engine ready (html[data-engine=ready]) and, for the app, the
   worker's own timings (snapshot used, runtime loaded). Medians and app/reference ratios;
2. the longest main-thread task, overall and after UI ready;
3. bytes sent by the server on the first visit against the site's unique bytes, and how
   often pyodide.asm.wasm was asked for (first visit: 1, warm visit: 0);
4. click -> re-render latency in a Matatu game (1 human, 2 bots at bot_delay_ms 0), then a
   reload mid-game: time to the position, to the first legal card, to the first accepted move;
5. bot move time in the browser (one "bot" engine call plus one render);
6. Matatu random playouts per second in CPython and in Pyodide (the engine worker's "bench"
   op, through matchbookEngine.call);
7. Lighthouse 12.8.2 (mobile, simulated throttling) on the lobby and on the reference page,
   alternating, several runs each (medians; one run moves by +-150 ms of blocking time here):
   performance score and total blocking time (installed on demand into bench/.lighthouse/,
   which git ignores; needs npm and /usr/bin/chromium).

Times are stamped in the page (performance.now(), whose origin is the navigation start) by
init scripts: a MutationObserver on <html>'s data-* attributes and on the table, a capturing
click listener and a buffered 'longtask' PerformanceObserver. A MutationObserver runs at the
end of the script that changed the attribute, so "UI ready" includes the lobby's first render.

Prints tables and a final ``BENCH_JSON {...}`` line; asserts nothing about time
(DESIGN.md: benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import build  # noqa: E402  (tools/build.py)
import conftest  # noqa: E402  (tests/e2e/conftest.py: RecordingServer, Site, CHROMIUM)
import engine_playouts  # noqa: E402
import matchbook  # noqa: E402  (tests/e2e/matchbook.py: drive the app like a player)
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from engine.service import handle  # noqa: E402

WASM = "pyodide.asm.wasm"
REFERENCE = ROOT / "bench" / "reference"
REFERENCE_PAGE = "reference/index.html"
LIGHTHOUSE_VERSION = "12.8.2"
LIGHTHOUSE_DIR = ROOT / "bench" / ".lighthouse"  # git-ignored; never the site's package.json
LIGHTHOUSE_CHROME = "/usr/bin/chromium"
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
  const bench = window.__bench = {ui: null, engine: null, table: null, playable: null,
                                  longtasks: [], clicks: [], moves: []};
  // When the table first shows, and when a card (or choice) first becomes clickable.
  // Not the kept table shown while the engine boots: its cards are aria-disabled.
  const PLAYABLE = ".hand button.legal:not([aria-disabled]),"
    + " .choices button[data-action]:not([aria-disabled])";
  const board = new MutationObserver(() => {
    const now = performance.now();
    if (bench.table === null && document.querySelector(".table")) bench.table = now;
    if (bench.playable === null
        && document.querySelector(PLAYABLE)) {
      bench.playable = now;
    }
    if (bench.table !== null && bench.playable !== null) board.disconnect();
  });
  board.observe(document, {subtree: true, childList: true, attributes: true,
                           attributeFilter: ["class"]});
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

# The engine worker, called from JavaScript as the UI calls it (static/js/engine.mjs).
ENGINE_CALL_JS = """
async (request) => String(await matchbookEngine.call(request))
"""

LOAD_MARKS_JS = """
() => {
  const paint = {};
  for (const e of performance.getEntriesByType("paint")) paint[e.name] = e.startTime;
  const nav = performance.getEntriesByType("navigation")[0] || {};
  const b = window.__bench;
  return {fp: paint["first-paint"] ?? null, fcp: paint["first-contentful-paint"] ?? null,
          ui: b.ui, engine: b.engine, longtasks: b.longtasks,
          table: b.table, playable: b.playable,
          worker: globalThis.matchbookEngine ? matchbookEngine.timings : null,
          html: nav.responseStart ?? null, sw: nav.workerStart || null,
          // how the service worker's static routes answered the page and its files
          sources: [nav, ...performance.getEntriesByType("resource")].reduce((counts, e) => {
            const source = e.workerFinalSourceType || "none";
            counts[source] = (counts[source] || 0) + 1;
            return counts;
          }, {}),
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

    def translate_path(self, path):
        # bench/reference/ is served at /reference/, beside the site (same server, same
        # vendored runtimes at /static/vendor/).
        route = unquote(urlsplit(path).path)
        if route.startswith("/reference/"):
            return str(REFERENCE / route[len("/reference/"):])
        return super().translate_path(path)


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
    def __init__(self, playwright, url: str, headed: bool, server=None):
        self.playwright = playwright
        self.server = server
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


def load(page, reload: bool = False, path: str = "index.html") -> dict:
    if reload:
        page.reload()
    else:
        page.goto(path)
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
    matchbook.start_matatu(page, players=3, seed=str(seed), seats=["human", "basic", "basic"])


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


def reload_mid_game(page) -> dict:
    """Reload while a human is to move; then play the first legal card as soon as there is one.

    Returns ms from the reload's navigation start: UI ready, the position shown, the first
    card clickable, the engine ready, and the first move accepted (html[data-moves] grew)."""
    if page.evaluate("location.hash") != "#/":
        page.evaluate("location.hash = '#/'")
    matchbook.start_matatu(page, players=3, seed="77", seats=["human", "basic", "basic"])
    # The game play() left unfinished: Start asks first (it never replaces one silently).
    abandon = page.locator("[data-cmd=abandon-start]")
    if abandon.count():
        abandon.click()
        page.wait_for_function("() => location.hash === '#/play'")
    if matchbook.wait_idle(page) == "human":
        matchbook.play_one_turn(page)
    if matchbook.wait_idle(page) != "human":
        return {}
    before = matchbook.moves(page)
    page.reload()
    page.wait_for_selector(".hand button.legal:not([aria-disabled]),"
                           " .choices button[data-action]:not([aria-disabled])", timeout=120_000)
    matchbook.play_one_turn(page)
    marks = page.evaluate("""(before) => {
        const b = window.__bench;
        const accepted = b.moves.find((m) => m.moves > before);
        const clicks = b.clicks.filter((c) => c.t >= b.playable);
        return {ui: b.ui, table: b.table, playable: b.playable, engine: b.engine,
                accepted: accepted ? accepted.t : null,
                first_click: clicks.length ? clicks[0].t : null,
                last_click: clicks.length ? clicks[clicks.length - 1].t : null};
    }""", before)
    return {key: rounded(value) for key, value in marks.items()}


# --------------------------------------------------------------------------- Lighthouse


def serve_builds(before: Path | None) -> tuple[dict, dict, dict]:
    """This build (built now, if needed) and ``before`` (another build's dist/, if given),
    each served on a port of its own: ``(builds, servers, urls)`` by name ("before", "now"),
    so a bench measures both in the same run. The caller shuts the servers down."""
    build.build(quiet=True)
    builds = {"now": build.DIST}
    if before:
        builds = {"before": before.resolve(), "now": build.DIST}
    servers = {name: conftest.RecordingServer(path).start() for name, path in builds.items()}
    urls = {name: f"http://127.0.0.1:{server.server_address[1]}/"
            for name, server in servers.items()}
    return builds, servers, urls


def lighthouse_cli() -> Path | None:
    """Lighthouse's CLI, installed into bench/.lighthouse/ the first time (npm, pinned)."""
    cli = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
    if cli.is_file():
        return cli
    if shutil.which("npm") is None:
        return None
    print(f"installing lighthouse@{LIGHTHOUSE_VERSION} into {LIGHTHOUSE_DIR} ...", file=sys.stderr)
    LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
    (LIGHTHOUSE_DIR / "package.json").write_text(
        '{"name": "matchbook-bench-lighthouse", "private": true}\n', encoding="utf-8")
    done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error",
                           f"lighthouse@{LIGHTHOUSE_VERSION}"], cwd=LIGHTHOUSE_DIR,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"lighthouse install failed: {done.stderr.strip()[-500:]}", file=sys.stderr)
        return None
    return cli if cli.is_file() else None


def lighthouse(cli: Path, url: str, categories: tuple = ("performance",)) -> dict:
    """Lighthouse (mobile, simulated throttling) on one page: performance and blocking time
    (and each other category's score asked for, e.g. "accessibility")."""
    with tempfile.TemporaryDirectory(prefix="matchbook-lh-") as scratch:
        report = Path(scratch) / "report.json"
        flags = " ".join(["--headless=new", "--no-sandbox", "--disable-gpu",
                          "--no-first-run", "--disable-background-networking",
                          "--proxy-server=http://127.0.0.1:9",
                          f"--user-data-dir={Path(scratch) / 'profile'}"])
        done = subprocess.run(
            ["node", str(cli), url, "--only-categories=" + ",".join(categories), "--output=json",
             f"--output-path={report}", "--quiet", f"--chrome-flags={flags}"],
            env={**os.environ, "CHROME_PATH": LIGHTHOUSE_CHROME}, capture_output=True,
            text=True, timeout=600, check=False)
        if not report.is_file():
            return {"error": (done.stderr.strip() or f"exit {done.returncode}")[-300:]}
        data = json.loads(report.read_text())
    audits = data["audits"]

    def value(name):
        return rounded(audits.get(name, {}).get("numericValue"))

    scores = {name: data["categories"][name]["score"] for name in categories}
    return {**scores, "tbt_ms": value("total-blocking-time"),
            "cls": audits.get("cumulative-layout-shift", {}).get("numericValue"),
            "fcp_ms": value("first-contentful-paint"),
            "lcp_ms": value("largest-contentful-paint"), "tti_ms": value("interactive"),
            "max_fid_ms": value("max-potential-fid"),
            "warnings": data.get("runWarnings", [])[:3]}


def player_first_move(resumed: dict) -> float | None:
    """After a reload mid-game: the first card clickable plus the app's own time from the
    bench's last click to the move accepted."""
    keys = ("playable", "accepted", "last_click")
    if any(resumed.get(key) is None for key in keys):
        return None
    return rounded(resumed["playable"] + resumed["accepted"] - resumed["last_click"])


def lighthouse_median(runs: list[dict]) -> dict:
    """The medians of several Lighthouse runs of one page (one run moves by ±150 ms of
    blocking time on this box), with each run's score and blocking time beside them."""
    good = [run for run in runs if "error" not in run]
    if not good:
        return runs[0] if runs else {"error": "no run"}
    figures = {key: median([run[key] for run in good if run.get(key) is not None])
               for key in ("performance", "tbt_ms", "fcp_ms", "lcp_ms", "tti_ms", "max_fid_ms")}
    figures["runs"] = [{"performance": run["performance"], "tbt_ms": run["tbt_ms"]}
                       for run in good]
    figures["failed_runs"] = len(runs) - len(good)
    return figures


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


def sources(visit: dict) -> str:
    """The page's requests by how they were answered: "cache" by the browser from the precache
    (the service worker's static routes), "fetch-event" by its fetch handler, "none" without
    the service worker."""
    counts = visit.get("sources") or {}
    return ", ".join(f"{name} {counts[name]}" for name in sorted(counts)) or "n/a"


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




def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ratio(a, b) -> float | None:
    return round(a / b, 2) if a is not None and b else None


def times(value) -> str:
    return "n/a" if value is None else f"{value:.2f}x"


def visit(browser, profile: Path, path: str) -> dict:
    """A cold visit and a warm one (same profile relaunched) of one page, in a fresh profile."""
    figures = {}
    for kind in ("cold", "warm"):
        context = browser.launch(profile)
        page = page_of(context)
        browser.server.reset()
        marks = load(page, path=path)
        if kind == "cold" and path == "index.html":
            wait_service_worker(page)
            page.wait_for_timeout(500)  # the last precache responses
        marks["requests"], marks["bytes"] = browser.server.snapshot()
        figures[kind] = marks
        if kind == "warm" and path == "index.html":
            figures["context"] = context  # kept open: the game is played in it
        else:
            context.close()
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternations of app and reference (cold and warm visits each)")
    parser.add_argument("--clicks", type=int, default=20, help="human actions to time")
    parser.add_argument("--pyodide-games", type=int, default=40,
                        help="random 4-player Matatu playouts in Pyodide")
    parser.add_argument("--cpython-games", type=int, default=40,
                        help="random 4-player Matatu playouts in CPython (each way)")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--lighthouse-runs", type=int, default=3,
                        help="Lighthouse runs of each page, alternating (medians printed)")
    parser.add_argument("--headed", action="store_true", help="show the browser")
    args = parser.parse_args(argv)
    if min(args.rounds, args.pyodide_games, args.cpython_games) < 1:
        parser.error("--rounds, --pyodide-games and --cpython-games need at least 1 (the"
                     " engine's bench op plays one game or more)")
    if not os.access(conftest.CHROMIUM, os.X_OK):
        sys.exit(f"{conftest.CHROMIUM} is missing: apt-get install chromium (bin/test does)")
    started = time.perf_counter()
    build.build(quiet=True)
    files, unique = site_bytes(build.DIST)

    server = ByteCountingServer(build.DIST).start()
    host, port = server.server_address[:2]
    url = f"http://{host}:{port}/"
    scratch = Path(tempfile.mkdtemp(prefix="matchbook-bench-"))
    apps, references = [], []
    lighthouse_figures = {}
    try:
        with sync_playwright() as playwright:
            browser = Browser(playwright, url, args.headed, server)
            for number in range(1, args.rounds + 1):
                print(f"round {number}/{args.rounds}: app cold + warm ...", file=sys.stderr)
                app = visit(browser, scratch / f"app-{number}", "index.html")
                if number < args.rounds:
                    app.pop("context").close()
                apps.append(app)
                print(f"round {number}/{args.rounds}: reference cold + warm ...",
                      file=sys.stderr)
                references.append(visit(browser, scratch / f"ref-{number}", REFERENCE_PAGE))
            context = apps[-1].pop("context")
            page = page_of(context)
            print(f"playing Matatu: {args.clicks} human actions, bots at 0 ms ...",
                  file=sys.stderr)
            to_dom, to_frame, bot_moves, games = play(page, args.clicks)
            print("reload mid-game ...", file=sys.stderr)
            try:
                resumed = reload_mid_game(page)
            except PlaywrightError as error:  # a figure missing, not the whole run lost
                print(f"reload mid-game: no figure ({str(error).splitlines()[0]})",
                      file=sys.stderr)
                resumed = {}
            print(f"Pyodide: {args.pyodide_games} random playouts ...", file=sys.stderr)
            pyodide = pyodide_bench(page, args.pyodide_games)
            context.close()
        if not args.no_lighthouse:
            cli = lighthouse_cli()
            runs: dict[str, list[dict]] = {"lobby": [], "reference": []}
            for number in range(1, args.lighthouse_runs + 1):  # alternating, as the loads
                for name, path in (("lobby", "index.html"), ("reference", REFERENCE_PAGE)):
                    print(f"Lighthouse (mobile) {number}/{args.lighthouse_runs}: {name} ...",
                          file=sys.stderr)
                    runs[name].append(lighthouse(cli, url + path) if cli else
                                      {"error": "lighthouse is not installed (npm?)"})
            lighthouse_figures = {name: lighthouse_median(found) for name, found in runs.items()}
    finally:
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)

    print(f"CPython: {args.cpython_games} random playouts, twice ...", file=sys.stderr)
    cpython_service = json.loads(handle(json.dumps(
        {"op": "bench", "game": "matatu", "players": 4, "games": args.cpython_games,
         "seed": 1})))
    cpython_apply = engine_playouts.random_playouts(args.cpython_games, 4, False)

    def med(visits, kind, key):
        return median([v[kind][key] for v in visits])

    cold = {k: med(apps, "cold", k) for k in LOAD_KEYS}
    warm = {k: med(apps, "warm", k) for k in LOAD_KEYS}
    ref_cold = {k: med(references, "cold", k) for k in LOAD_KEYS}
    ref_warm = {k: med(references, "warm", k) for k in LOAD_KEYS}
    first = apps[0]["cold"]
    first_warm = apps[0]["warm"]
    cold_requests, cold_bytes = first["requests"], first["bytes"]
    warm_requests, warm_bytes = first_warm["requests"], first_warm["bytes"]
    overall, after_ui, task_count = longest_tasks(first)
    ref_overall, ref_after_ui, _ = longest_tasks(references[0]["cold"])
    cold_total = sum(cold_bytes.values())
    warm_total = sum(warm_bytes.values())
    worker = {kind: {key: median([(a[kind]["worker"] or {}).get(key) for a in apps])
                     for key in ("files_ms", "snapshot_fetched_ms", "runtime_ms", "ready_ms")}
              for kind in ("cold", "warm")}
    snapshot_used = {kind: [bool((a[kind]["worker"] or {}).get("snapshot")) for a in apps]
                     for kind in ("cold", "warm")}
    ratios = {
        "ui_cold": ratio(cold["ui"], ref_cold["ui"]),
        "ui_warm": ratio(warm["ui"], ref_warm["ui"]),
        "engine_cold": ratio(cold["engine"], ref_cold["engine"]),
        "engine_warm": ratio(warm["engine"], ref_warm["engine"]),
        "app_warm_vs_cold": ratio(warm["engine"], cold["engine"]),
    }
    player_move = player_first_move(resumed)
    result = {
        "rounds": args.rounds,
        "cold": {k: rounded(v) for k, v in cold.items()},
        "warm": {k: rounded(v) for k, v in warm.items()},
        "reference_cold": {k: rounded(v) for k, v in ref_cold.items()},
        "reference_warm": {k: rounded(v) for k, v in ref_warm.items()},
        "ratios": ratios,
        "per_round": [{"app_cold": {k: rounded(a["cold"][k]) for k in ("ui", "engine")},
                       "app_warm": {k: rounded(a["warm"][k]) for k in ("ui", "engine")},
                       "ref_cold": {k: rounded(r["cold"][k]) for k in ("ui", "engine")},
                       "ref_warm": {k: rounded(r["warm"][k]) for k in ("ui", "engine")}}
                      for a, r in zip(apps, references, strict=True)],
        "worker_ms": worker, "snapshot_used": snapshot_used,
        "warm_controlled": all(a["warm"]["controlled"] for a in apps),
        "longtask_max_ms": rounded(overall), "longtask_after_ui_max_ms": rounded(after_ui),
        "longtasks": task_count,
        "reference_longtask_max_ms": rounded(ref_overall),
        "reference_longtask_after_ui_max_ms": rounded(ref_after_ui),
        "first_visit_bytes": cold_total, "first_visit_requests": sum(cold_requests.values()),
        "site_bytes": unique, "site_files": files,
        "wasm_requests_first": sum(n for p, n in cold_requests.items() if p.endswith(WASM)),
        "wasm_requests_warm": sum(n for p, n in warm_requests.items() if p.endswith(WASM)),
        "warm_bytes": warm_total, "warm_requests": sum(warm_requests.values()),
        "warm_paths": sorted(warm_requests),
        "reload_mid_game_ms": resumed,
        "reload_to_first_move_vs_warm_engine": ratio(resumed.get("accepted"), warm["engine"]),
        # A player who clicks as soon as a card is clickable: that moment plus the app's time
        # from the click to the move accepted (the bench's own clicks come ~300 ms later:
        # Playwright's polling and actionability checks).
        "reload_player_first_move_ms": player_move,
        "reload_player_first_move_vs_warm_engine": ratio(player_move, warm["engine"]),
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
        "lighthouse": lighthouse_figures,
        "foreign_requests": len(browser.foreign), "browser_errors": len(browser.errors),
        "seconds": round(time.perf_counter() - started, 1),
    }

    print()
    print(f"medians of {args.rounds} alternations (fresh profile each; ms from navigation start)")
    print(table([
        ("load", "app cold", "ref cold", "ratio", "app warm", "ref warm", "ratio"),
        ("first paint", ms(cold["fp"]), ms(ref_cold["fp"]), times(ratio(cold["fp"],
         ref_cold["fp"])), ms(warm["fp"]), ms(ref_warm["fp"]),
         times(ratio(warm["fp"], ref_warm["fp"]))),
        ("UI ready (goal <= 1.2x)", ms(cold["ui"]), ms(ref_cold["ui"]), times(ratios["ui_cold"]),
         ms(warm["ui"]), ms(ref_warm["ui"]), times(ratios["ui_warm"])),
        ("engine ready (goal cold <= 1.05x, warm <= 0.5x)", ms(cold["engine"]),
         ms(ref_cold["engine"]), times(ratios["engine_cold"]), ms(warm["engine"]),
         ms(ref_warm["engine"]), times(ratios["engine_warm"])),
    ]))
    print(f"app: warm engine ready / cold engine ready = {times(ratios['app_warm_vs_cold'])}"
          " (the warm visit should be the fast one: < 1.00x)")
    print("per round (ms)     " + "   ".join(
        f"#{n + 1}: app {r['app_cold']['engine']:.0f}/{r['app_warm']['engine']:.0f},"
        f" ref {r['ref_cold']['engine']:.0f}/{r['ref_warm']['engine']:.0f}"
        for n, r in enumerate(result["per_round"])) + "   (engine ready, cold/warm)")
    print("engine worker (median ms since the worker started): " + ", ".join(
        f"{kind}: boot.json {ms(w['files_ms'])}, snapshot in {ms(w['snapshot_fetched_ms'])},"
        f" runtime {ms(w['runtime_ms'])}, ready {ms(w['ready_ms'])}"
        for kind, w in worker.items()))
    print(f"snapshot used: cold {snapshot_used['cold']}, warm {snapshot_used['warm']}")
    print()
    print(table([
        ("first app round", "cold", "warm"),
        ("service worker started for the page (n/a: not needed)", ms(first["sw"]),
         ms(first_warm["sw"])),
        ("the page's requests, by who answered them", sources(first), sources(first_warm)),
        ("index.html first byte", ms(first["html"]), ms(first_warm["html"])),
        ("first contentful paint", ms(first["fcp"]), ms(first_warm["fcp"])),
        ("DOMContentLoaded", ms(first["dcl"]), ms(first_warm["dcl"])),
        ("longest main-thread task (reference)",
         f"{task_ms(overall)} ({task_ms(ref_overall)})", task_ms(longest_tasks(first_warm)[0])),
        ("longest main-thread task after UI ready (reference)",
         f"{task_ms(after_ui)} ({task_ms(ref_after_ui)})",
         task_ms(longest_tasks(first_warm)[1])),
        ("served by the service worker", "no" if not first["controlled"] else "yes",
         "yes" if first_warm["controlled"] else "no"),
        ("requests to the server", str(sum(cold_requests.values())),
         str(sum(warm_requests.values()))),
        ("bytes sent by the server", mb(cold_total), mb(warm_total)),
        (f"{WASM} requests (goal 1 / 0)", str(result["wasm_requests_first"]),
         str(result["wasm_requests_warm"])),
    ]))
    print("warm visit asked the server for: " + (", ".join(sorted(warm_requests)) or "nothing"))
    print()
    over = cold_total / unique if unique else 0
    print(table([
        ("first visit", "figure"),
        (f"site: unique bytes ({files} files)", mb(unique)),
        ("bytes sent on the first visit (incl. SW install)", f"{mb(cold_total)} ({over:.2f}x)"),
        ("long tasks (>50 ms) on the main thread", str(task_count) if first["longtasks"]
         is not None else "n/a"),
    ]))
    print()
    print(table([
        ("reload mid-game (ms from the reload)", "figure"),
        ("UI ready", ms(resumed.get("ui"))),
        ("position shown (.table, the kept one while the engine boots)",
         ms(resumed.get("table"))),
        ("engine ready", ms(resumed.get("engine"))),
        ("first card clickable", ms(resumed.get("playable"))),
        ("the bench's first click (Playwright: a card, then its choice)",
         ms(resumed.get("first_click"))),
        ("its last click", ms(resumed.get("last_click"))),
        ("first move accepted, the bench's clicks",
         f"{ms(resumed.get('accepted'))} "
         f"({times(result['reload_to_first_move_vs_warm_engine'])} of warm engine ready)"),
        ("first move accepted, clicked once clickable (goal <= warm engine ready)",
         f"{ms(result['reload_player_first_move_ms'])} "
         f"({times(result['reload_player_first_move_vs_warm_engine'])} of warm engine ready)"),
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
    if lighthouse_figures:
        print()
        rows = [(f"Lighthouse 12.8.2, mobile, median of {args.lighthouse_runs}",
                 "performance", "total blocking time", "FCP", "LCP", "each run (score/TBT)")]
        for name, figures in lighthouse_figures.items():
            if "error" in figures:
                rows.append((name, "error", figures["error"][:60], "", "", ""))
            else:
                each = " ".join(f"{run['performance']:.2f}/{run['tbt_ms']:.0f}"
                                for run in figures.get("runs", []))
                rows.append((name, f"{figures['performance']:.2f}", ms(figures["tbt_ms"]),
                             ms(figures["fcp_ms"]), ms(figures["lcp_ms"]), each))
        print(table(rows))
    if browser.foreign:
        print(f"\nwarning: the page asked for other hosts (blocked): {browser.foreign[:5]}")
    if browser.errors:
        print(f"\nwarning: {len(browser.errors)} browser error(s), first: {browser.errors[0]}")
    print(f"\n{result['seconds']:.0f} s in all")
    print("BENCH_JSON " + json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
