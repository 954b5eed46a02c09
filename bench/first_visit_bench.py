"""First visits over a phone's link: the app beside the bare reference page, gzip on.

    .venv/bin/python bench/first_visit_bench.py [--rounds 2] [--links 10/40,50/20]

Builds dist/ if needed and serves it (and bench/reference/ at /reference/, as
bench/browser_bench.py does) on 127.0.0.1 with tools/static_host.py's handler -- gzip
negotiated as a static host does, the build's precompressed .gz files used -- through one
shaped link: every byte of every connection goes through one shared pacer at the link's rate
(a token bucket with no burst), and every request waits one round trip before its answer.
A server-side shaper rather than Chromium's Network.emulateNetworkConditions: CDP throttles
each request on its own (six parallel downloads each get the full rate) and does not reach a
module worker's fetches reliably, while a phone has one link that every file shares -- which
is exactly the contention between the lobby's files and the engine's download this bench is
for.

Per link, rounds alternate the app and the reference, each visit in a fresh Chromium profile
(browser_bench's launch: egress blocked, HTTP cache on). Per visit: UI ready
(html[data-ui=ready]), engine ready (html[data-engine=ready]) and, for the app, the first
move accepted (the bench starts a Matatu game as soon as the lobby is drawn and plays the
first legal card once one is clickable); the bytes the server had sent before each, and the
visit's total (with the service worker's precache). Medians, app/reference ratios against
the issue's goals, and a final ``BENCH_JSON {...}`` line. Asserts nothing about time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench")]

import browser_bench as bb  # noqa: E402  (its paths, Browser, helpers, reference page)
import build  # noqa: E402  (tools/build.py, on sys.path through browser_bench)
import conftest  # noqa: E402
import matchbook  # noqa: E402
import static_host  # noqa: E402  (tools/static_host.py: the gzip a static host does)
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHUNK = 8192  # bytes paced at a time: ~6.5 ms at 10 Mbit/s, so connections interleave
LINKS = ((10.0, 40.0), (50.0, 20.0))  # Mbit/s, round trip ms
GOALS = {  # the goals, printed beside the figures
    (10.0, 40.0): {"ui": 1.0, "engine": 0.8},
    (50.0, 20.0): {"engine": 0.6},
}


class Link:
    """One shared link: bytes leave at ``rate`` bytes/s in arrival order, whoever sends them;
    each request's answer starts one round trip after it came in."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.set(None, 0.0)
        self.log: list[tuple[float, int, str]] = []  # (epoch s when sent, bytes, path)

    def set(self, mbit: float | None, rtt_ms: float) -> None:
        with self._lock:
            self.rate = None if mbit is None else mbit * 1e6 / 8
            self.rtt = rtt_ms / 1000
            self._free = time.monotonic()

    def send(self, count: int, path: str) -> None:
        if self.rate is not None:
            with self._lock:
                start = max(time.monotonic(), self._free)
                self._free = start + count / self.rate
                done = self._free
            time.sleep(max(0.0, done - time.monotonic()))
        with self._lock:
            self.log.append((time.time(), count, path))

    def reset(self) -> None:
        with self._lock:
            self.log = []

    def sent(self, before: float | None = None) -> int:
        """Bytes sent in all, or before an epoch time (s)."""
        with self._lock:
            return sum(n for t, n, _ in self.log if before is None or t <= before)

    def by_path(self, before: float | None = None) -> Counter[str]:
        with self._lock:
            counts: Counter[str] = Counter()
            for t, n, path in self.log:
                if before is None or t <= before:
                    counts[path] += n
            return counts


class _PacedWriter:
    def __init__(self, raw, handler) -> None:
        self._raw = raw
        self._handler = handler

    def write(self, data) -> int:
        view = memoryview(data)
        for start in range(0, len(view), CHUNK):
            piece = view[start:start + CHUNK]
            self._handler.server.link.send(len(piece), self._handler.bench_path)
            self._raw.write(piece)
        return len(view)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class ShapedHandler(static_host.StaticHostHandler):
    bench_path = "?"

    def setup(self) -> None:
        super().setup()
        self.wfile = _PacedWriter(self.wfile, self)

    def send_head(self):
        self.bench_path = urlsplit(self.path).path
        time.sleep(self.server.link.rtt)  # the request's way up and the answer's first byte
        return super().send_head()

    def translate_path(self, path: str) -> str:
        route = unquote(urlsplit(path).path)
        if route.startswith("/reference/"):
            return str(bb.REFERENCE / route[len("/reference/"):])
        return super().translate_path(path)


class ShapedServer(conftest.RecordingServer):
    """tests/e2e's server (127.0.0.1, quiet about dropped connections) with a host's gzip and
    one shaped link."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        self.link = Link()
        self.RequestHandlerClass = lambda *args, **kwargs: ShapedHandler(
            *args, directory=str(self.directory), **kwargs)


MARK_EPOCHS_JS = """
() => {
  const b = window.__bench;
  return {origin: performance.timeOrigin, ui: b.ui, engine: b.engine, moves: b.moves,
          clicks: b.clicks, worker: globalThis.matchbookEngine ? matchbookEngine.timings : null};
}
"""


def first_move(page) -> None:
    """Start a Matatu game as soon as the lobby is there; play the first legal card."""
    matchbook.start_matatu(page, players=3, seed="77", seats=["human", "basic", "basic"])
    if matchbook.wait_idle(page, timeout=180_000) == "human":
        before = matchbook.moves(page)
        matchbook.play_one_turn(page)
        matchbook.wait_moves_above(page, before, timeout=60_000)


def visit(browser, server: ShapedServer, profile: Path, path: str) -> dict:
    """One first visit in a fresh profile: marks (ms from navigation start) and bytes."""
    context = browser.launch(profile)
    page = bb.page_of(context)
    server.link.reset()
    try:
        page.goto(path, wait_until="commit", timeout=180_000)
        page.wait_for_selector("html[data-ui=ready]", timeout=180_000)
        is_app = path == "index.html"
        if is_app:
            first_move(page)
        page.wait_for_selector(matchbook.ENGINE_READY, timeout=180_000)
        marks = page.evaluate(MARK_EPOCHS_JS)
        if is_app:
            bb.wait_service_worker(page)  # the precache, for the visit's total bytes
            page.wait_for_timeout(500)
    finally:
        context.close()
    origin = marks["origin"]
    accepted = None
    if marks["clicks"]:
        last_click = marks["clicks"][-1]["t"]
        after = [m["t"] for m in marks["moves"] if m["t"] >= last_click]
        accepted = after[0] if after else None
    figures = {"ui": marks["ui"], "engine": marks["engine"], "move": accepted,
               "worker": marks["worker"]}
    for key in ("ui", "engine", "move"):
        at = figures[key]
        figures[f"bytes_{key}"] = (None if at is None else
                                   server.link.sent(before=(origin + at) / 1000))
    figures["bytes_total"] = server.link.sent()
    if marks["engine"] is not None:
        figures["paths_engine"] = dict(server.link.by_path(before=(origin + marks["engine"])
                                                          / 1000))
    figures["paths_total"] = dict(server.link.by_path())
    return figures


def summarize(visits: list[dict]) -> dict:
    keys = ("ui", "engine", "move", "bytes_ui", "bytes_engine", "bytes_move", "bytes_total")
    return {key: bb.median([v[key] for v in visits]) for key in keys}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternations of app and reference per link")
    parser.add_argument("--links", default=",".join(f"{m:g}/{r:g}" for m, r in LINKS),
                        help="links as Mbit/s/round-trip-ms, comma separated")
    parser.add_argument("--headed", action="store_true", help="show the browser")
    args = parser.parse_args(argv)
    links = [tuple(float(x) for x in item.split("/")) for item in args.links.split(",")]
    started = time.perf_counter()
    build.build(quiet=True)
    server = ShapedServer(build.DIST).start()
    host, port = server.server_address[:2]
    url = f"http://{host}:{port}/"
    scratch = Path(tempfile.mkdtemp(prefix="matchbook-first-visit-"))
    results = []
    try:
        with sync_playwright() as playwright:
            browser = bb.Browser(playwright, url, args.headed, server)
            for mbit, rtt in links:
                server.link.set(mbit, rtt)
                apps, refs = [], []
                for number in range(1, args.rounds + 1):
                    order = [("app", "index.html"), ("reference", bb.REFERENCE_PAGE)]
                    if number % 2 == 0:
                        order.reverse()  # alternate who goes first, too
                    for name, path in order:
                        print(f"{mbit:g} Mbit/s, {rtt:g} ms, round {number}/{args.rounds}:"
                              f" {name} ...", file=sys.stderr)
                        try:
                            figures = visit(browser, server, scratch / f"{name}-{mbit}-{number}",
                                            path)
                        except PlaywrightError as error:
                            print(f"  failed: {str(error).splitlines()[0]}", file=sys.stderr)
                            continue
                        (apps if name == "app" else refs).append(figures)
                app, ref = summarize(apps), summarize(refs)
                results.append({
                    "mbit": mbit, "rtt_ms": rtt, "app": app, "reference": ref,
                    "ratios": {key: bb.ratio(app[key], ref[key])
                               for key in ("ui", "engine", "bytes_engine")},
                    "app_move_vs_reference_engine": bb.ratio(app["move"], ref["engine"]),
                    "per_visit": {"app": [{k: bb.rounded(v[k]) if k in ("ui", "engine", "move")
                                           else v[k] for k in ("ui", "engine", "move",
                                                                "bytes_engine", "bytes_total")}
                                          for v in apps],
                                  "reference": [{k: bb.rounded(v[k]) if k in ("ui", "engine")
                                                 else v[k] for k in ("ui", "engine",
                                                                      "bytes_engine",
                                                                      "bytes_total")}
                                                for v in refs]},
                    "app_worker": apps[0]["worker"] if apps else None,
                    "app_paths_before_engine": apps[0].get("paths_engine") if apps else None,
                    "app_paths_total": apps[0].get("paths_total") if apps else None,
                })
    finally:
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)

    def mb(value):
        return "n/a" if value is None else f"{value / 1e6:.2f} MB"

    def goal(link, key, value):
        limit = GOALS.get(link, {}).get(key)
        if limit is None or value is None:
            return ""
        return f"goal <= {limit:.2f}x: {'met' if value <= limit else 'NOT met'}"

    print()
    for result in results:
        link = (result["mbit"], result["rtt_ms"])
        app, ref, ratios = result["app"], result["reference"], result["ratios"]
        print(f"{result['mbit']:g} Mbit/s, {result['rtt_ms']:g} ms round trip, gzip on:"
              f" medians of {args.rounds} first visits each (ms from navigation start)")
        bytes_goal = ("" if ratios["bytes_engine"] is None else
                      f"goal <= 1.00x: {'met' if ratios['bytes_engine'] <= 1 else 'NOT met'}")
        print(bb.table([
            ("first visit", "app", "reference", "ratio", "goal"),
            ("UI ready", bb.ms(app["ui"]), bb.ms(ref["ui"]), bb.times(ratios["ui"]),
             goal(link, "ui", ratios["ui"])),
            ("engine ready", bb.ms(app["engine"]), bb.ms(ref["engine"]),
             bb.times(ratios["engine"]), goal(link, "engine", ratios["engine"])),
            ("first move accepted (app) / engine ready (ref)", bb.ms(app["move"]),
             bb.ms(ref["engine"]), bb.times(result["app_move_vs_reference_engine"]), ""),
            ("bytes sent before UI ready", mb(app["bytes_ui"]), mb(ref["bytes_ui"]),
             bb.times(bb.ratio(app["bytes_ui"], ref["bytes_ui"])), ""),
            ("bytes sent before engine ready", mb(app["bytes_engine"]), mb(ref["bytes_engine"]),
             bb.times(ratios["bytes_engine"]), bytes_goal),
            ("bytes sent before the first move", mb(app["bytes_move"]), "", "", ""),
            ("bytes sent in the visit (app: with the precache)", mb(app["bytes_total"]),
             mb(ref["bytes_total"]), "", ""),
        ]))
        worker = result["app_worker"] or {}
        print("app's engine worker (first round): snapshot used "
              f"{worker.get('snapshot')}, link measured by the page"
              f" {worker.get('link_mbit')} Mbit/s, go {bb.ms(worker.get('go_ms'))}, the wasm's"
              f" last byte {bb.ms(worker.get('wasm_ms'))}, runtime"
              f" {bb.ms(worker.get('runtime_ms'))}, archive {bb.ms(worker.get('archive_ms'))},"
              f" ready {bb.ms(worker.get('ready_ms'))} after the worker started")
        before = result["app_paths_before_engine"] or {}
        top = sorted(before.items(), key=lambda item: -item[1])[:6]
        print("app's largest downloads before engine ready: " + ", ".join(
            f"{Path(path).name} {count / 1e6:.2f} MB" for path, count in top))
        print()
    summary = {"rounds": args.rounds, "links": results,
               "seconds": round(time.perf_counter() - started, 1)}
    print(f"{summary['seconds']:.0f} s in all")
    print("BENCH_JSON " + json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
