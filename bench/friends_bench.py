"""Play with friends (issue #32): what a friend's device downloads and waits for, how long a
move takes to reach the other devices, and what a big table costs the host.

    .venv/bin/python bench/friends_bench.py [--runs 3] [--big-moves 60] [--headed]

Builds dist/ if needed, starts the local relay (tools/relay.mjs, as ``bin/serve`` does) and
serves dist/ on 127.0.0.1 answering /relay.json with it. Every device is a browser context
with a fresh profile, as in tests/e2e/test_friends.py; nothing leaves the machine.

1. Invite to table, cold (``--runs`` times, a new host table and a new friend each time): a
   host opens a 2-player Matatu table; a friend's fresh profile opens the invite link. Printed:
   link opened -> the name form (the page usable), Join pressed -> seated, the host's Start ->
   the friend's table drawn, and their sum (the friend's waiting, without the time a person
   takes to type a name or the host to press Start).
2. Bytes a friend's device downloads (every request its page made, sized from dist/, raw and
   gzip -9 as a static host sends them): until its table, until the game's end, and after it
   (the engine boots only then, to check the deal); whether any Pyodide file was asked for
   before the end. Goal: no Pyodide, under 2 MB before the end.
3. Move latency, the same 2-player games played to the end by both devices (the first legal
   move): from the mover's click to the other device drawing the move (host -> friend and
   friend -> host), beside the reference: the mover's own table drawing it. p50 / p95.
4. A 7-player Matchmaster table: the host in a browser of its own, six friends in another.
   ``--big-moves`` moves by whoever is to move; latency from a click to each other device
   drawing it, and the host browser's memory (PSS of all its processes, and the page's JS
   heap) at the lobby, at the table's start and after the moves, beside the reference: the
   same host playing 7-player Matchmaster against six bots.

Prints tables and a ``BENCH_JSON`` line; asserts nothing (benchmarks are not tests).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import browser_bench  # noqa: E402
import build  # noqa: E402
import conftest  # noqa: E402  (tests/e2e/conftest.py: the server, the relay, Chromium's path)
from matchbook import open_app, pick_game, wait_idle  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_friends import PHONE, can_move, moves_of, open_table, play_a_move, wait_host  # noqa: E402

# Before the page's scripts: every click (capture phase) and every change of the page's move
# count and guest phase, stamped with Date.now() (one clock for every context on the machine).
STAMPS_JS = """
(() => {
  if (window.top !== window || window.__fb) return;
  const fb = window.__fb = {clicks: [], moves: [], phases: []};
  document.addEventListener("click", () => fb.clicks.push(Date.now()), true);
  new MutationObserver(() => {
    const root = document.documentElement;
    if (!root) return;
    const moves = +(root.dataset.moves || 0);
    const last = fb.moves[fb.moves.length - 1];
    if (!last || last[0] !== moves) fb.moves.push([moves, Date.now()]);
    const phase = root.dataset.guest || "";
    const was = fb.phases[fb.phases.length - 1];
    if (phase && (!was || was[0] !== phase)) fb.phases.push([phase, Date.now()]);
  }).observe(document, {attributes: true, subtree: true,
                        attributeFilter: ["data-moves", "data-guest"]});
})();
"""
PYODIDE_PATHS = ("/static/vendor/pyodide/", "/static/engine")  # the engine's runtime and code


def ms(value) -> str:
    return "-" if value is None else f"{value:.0f}"


def kb(count: int) -> str:
    return f"{count / 1024:.0f} kB"


class Sizes:
    """A path's bytes in dist/: as written and gzip -9 (what a static host sends)."""

    def __init__(self, dist: Path):
        self.dist = dist
        self._known: dict[str, tuple[int, int]] = {}

    def of(self, path: str) -> tuple[int, int]:
        if path not in self._known:
            file = self.dist / path.lstrip("/")
            if path.endswith("/") or not file.is_file():
                file = self.dist / path.lstrip("/") / "index.html"
            if not file.is_file():
                self._known[path] = (0, 0)
            else:
                data = file.read_bytes()
                self._known[path] = (len(data), len(gzip.compress(data, 9)))
        return self._known[path]


class Devices:
    """Browser contexts (devices) on the friends' site, their requests noted with the time."""

    def __init__(self, browser, url: str):
        self.browser = browser
        self.url = url
        self.contexts = []
        self.errors: list[str] = []

    def new(self, viewport=None, requests: list | None = None):
        context = self.browser.new_context(base_url=self.url,
                                           viewport=viewport or {"width": 1280, "height": 800})
        context.add_init_script(STAMPS_JS)
        if requests is not None:
            context.on("request", lambda request: requests.append(
                (time.time() * 1000, urlsplit(request.url).path)))
        context.on("weberror", lambda error: self.errors.append(str(error.error)))
        context.on("console", lambda message: self.errors.append(message.text)
                   if message.type == "error" else None)
        self.contexts.append(context)
        return context.new_page()

    def close(self):
        for context in self.contexts:
            context.close()
        self.contexts.clear()


def stamps(page) -> dict:
    return page.evaluate("window.__fb")


def first_at_or_above(moves: list, count: int):
    return next((at for value, at in moves if value >= count), None)


def one_move(pages) -> tuple[int, int, int] | None:
    """Whoever can move makes one (a click, as a player); until every device has drawn it.
    ``(mover's index, moves before, moves after)``, or None when nobody could move."""
    host = pages[0]
    for _ in range(400):
        if wait_host(host) == "over":
            return None
        before = moves_of(host)
        for index, page in enumerate(pages):
            if can_move(page):
                play_a_move(page)
                host.wait_for_function(f"() => +document.documentElement.dataset.moves"
                                       f" > {before}", timeout=60_000)
                after = moves_of(host)
                for other in pages[1:]:
                    other.wait_for_function(f"() => +document.documentElement.dataset.moves"
                                            f" >= {after}", timeout=60_000)
                return index, before, after
        host.wait_for_timeout(25)
    raise RuntimeError("nobody could move for 10 s")


def latencies(pages, mover: int, after: int) -> list[tuple[int, float, float]]:
    """``(device, click -> that device drew the move ms)`` for every device, the mover's own
    table included: the click is the mover's last one."""
    clicked = stamps(pages[mover])["clicks"][-1]
    rows = []
    for index, page in enumerate(pages):
        drawn = first_at_or_above(stamps(page)["moves"], after)
        if drawn is not None:
            rows.append((index, drawn - clicked))
    return rows


# --------------------------------------------------------------------------- 1-3: two devices


def two_player_run(devices: Devices, sizes: Sizes) -> dict:
    requests: list = []
    host = devices.new()
    link = open_table(host, "matatu", 2)
    guest = devices.new(PHONE, requests)
    began = time.time() * 1000
    guest.goto(link)
    guest.wait_for_selector("#guest-name", timeout=60_000)
    form = time.time() * 1000 - began
    guest.fill("#guest-name", "Ann")
    guest.click("#join")
    guest.wait_for_selector("html[data-guest=seated]", timeout=30_000)
    phases = dict(stamps(guest)["phases"])
    seated = phases["seated"] - stamps(guest)["clicks"][-1]
    host.click("#friends-start")
    guest.wait_for_selector("html[data-guest=playing] .dock .hand", timeout=30_000)
    started = stamps(host)["clicks"][-1]
    table = dict(stamps(guest)["phases"])["playing"] - started
    table_at = time.time() * 1000
    pages = [host, guest]
    moves = {"host->friend": [], "friend->host": [], "own table": []}
    while True:
        made = one_move(pages)
        if made is None:
            break
        mover, _, after = made
        for device, value in latencies(pages, mover, after):
            key = "own table" if device == mover else (
                "host->friend" if mover == 0 else "friend->host")
            moves[key].append(value)
    guest.wait_for_selector("html[data-turn=over]", timeout=60_000)
    over_at = first_at_or_above(stamps(guest)["moves"], moves_of(host)) or time.time() * 1000
    guest.wait_for_selector("html[data-fair]", timeout=180_000)
    fair = guest.evaluate("document.documentElement.dataset.fair")

    def total(paths):
        raw = sum(sizes.of(path)[0] for path in paths)
        return raw, sum(sizes.of(path)[1] for path in paths)

    until_table = [path for at, path in requests if at <= table_at]
    before_end = [path for at, path in requests if at <= over_at]
    after_end = [path for at, path in requests if at > over_at]
    row = {
        "form_ms": form, "seated_ms": seated, "table_ms": table,
        "cold_ms": form + seated + table,
        "bytes_table": total(until_table), "bytes_before_end": total(before_end),
        "bytes_after_end": total(after_end), "requests_before_end": len(before_end),
        "pyodide_before_end": sorted({path for path in before_end
                                      if path.startswith(PYODIDE_PATHS)}),
        "moves": moves, "fair": fair,
    }
    devices.close()
    return row


# --------------------------------------------------------------------------- 4: seven devices


def browser_root_pid(marker: str) -> int | None:
    """The browser process launched with ``marker`` among its switches."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if marker.encode() in cmdline and not any(arg.startswith(b"--type=") for arg in cmdline):
            return int(proc.name)
    return None


def tree_pss_kb(root: int) -> int:
    """PSS of a process and all its descendants (kB), from /proc."""
    children: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(proc.name))
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, []))
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def memory(page, root: int | None) -> dict:
    session = page.context.new_cdp_session(page)
    session.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    session.detach()
    return {"pss_mb": tree_pss_kb(root) / 1024 if root else None,
            "js_heap_mb": metrics.get("JSHeapUsedSize", 0) / 2**20}


# Two browsers on one machine do not resolve each other's mDNS host candidates here (one
# browser resolves its own): the big table's browsers show their local addresses instead.
PLAIN_CANDIDATES = "--disable-features=WebRtcHideLocalIpsWithMdns"


def launch(playwright, marker: str, headed: bool, *extra: str):
    return playwright.chromium.launch(executable_path=conftest.CHROMIUM, headless=not headed,
                                      args=[*browser_bench.LAUNCH_ARGS, marker, *extra])


def reference_table(playwright, url: str, moves: int, headed: bool) -> dict:
    """The reference: a host's browser of its own playing 7-player Matchmaster against six
    bots (no friends), its memory measured at the same points."""
    marker = "--matchbook-bench-reference"
    browser = launch(playwright, marker, headed)
    root = browser_root_pid(marker)
    devices = Devices(browser, url)
    found = {}
    try:
        page = devices.new()
        open_app(page)
        page.wait_for_timeout(1000)
        found["lobby"] = memory(page, root)
        pick_game(page, "matchmaster")
        page.select_option("#players", "7")
        page.click("#start")
        wait_idle(page)
        found["start"] = memory(page, root)
        while moves_of(page) < moves and wait_idle(page) != "over":
            before = moves_of(page)
            play_a_move(page)
            page.wait_for_function(f"() => +document.documentElement.dataset.moves > {before}")
        wait_idle(page)
        found["after"] = memory(page, root)
        found["moves"] = moves_of(page)
        found["errors"] = devices.errors
    finally:
        devices.close()
        browser.close()
    return found


def big_table(playwright, url: str, moves: int, headed: bool) -> dict:
    """Host + six friends at 7-player Matchmaster: the host's browser on its own (its memory),
    the friends' six devices in another."""
    marker = "--matchbook-bench-host"
    host_browser = launch(playwright, marker, headed, PLAIN_CANDIDATES)
    root = browser_root_pid(marker)
    guests_browser = launch(playwright, "--matchbook-bench-guests", headed, PLAIN_CANDIDATES)
    hosts, guests = Devices(host_browser, url), Devices(guests_browser, url)
    row: dict = {"memory": {}, "latency": {"host->friends": [], "friend->host": [],
                                           "friend->friends": [], "own table": []}}
    try:
        host = hosts.new()
        link = open_table(host, "matchmaster", 7)
        host.wait_for_timeout(1000)
        row["memory"]["lobby"] = memory(host, root)
        pages = [host]
        row["seated_s"] = []  # Join pressed -> seated, each friend in turn
        for number in range(6):
            guest = guests.new(PHONE)
            guest.goto(link)
            guest.wait_for_selector("#guest-name", timeout=60_000)
            guest.fill("#guest-name", f"Friend {number + 1}")
            began = time.monotonic()
            guest.click("#join")
            guest.wait_for_selector("html[data-guest=seated]", timeout=180_000)
            row["seated_s"].append(time.monotonic() - began)
            pages.append(guest)
        host.click("#friends-start")
        for guest in pages[1:]:
            guest.wait_for_selector("html[data-guest=playing]", timeout=60_000)
        wait_host(host)
        row["memory"]["start"] = memory(host, root)
        while moves_of(host) < moves:
            made = one_move(pages)
            if made is None:
                break
            mover, _, after = made
            for device, value in latencies(pages, mover, after):
                if device == mover:
                    key = "own table"
                elif mover == 0:
                    key = "host->friends"
                else:
                    key = "friend->host" if device == 0 else "friend->friends"
                row["latency"][key].append(value)
        wait_host(host)
        row["memory"]["after"] = memory(host, root)
        row["moves"] = moves_of(host)
        row["errors"] = hosts.errors + guests.errors
    finally:
        hosts.close()
        guests.close()
        host_browser.close()
        guests_browser.close()
    return row


# --------------------------------------------------------------------------- report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big-moves", type=int, default=60)
    parser.add_argument("--no-big-table", action="store_true")
    parser.add_argument("--headed", action="store_true")
    args = parser.parse_args(argv)
    build.build(quiet=True)
    sizes = Sizes(build.DIST)
    relay = conftest.Relay().start()
    server = conftest.RecordingServer(build.DIST, relay_port=relay.port).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    runs, big = [], None
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright, "--matchbook-bench", args.headed)
            devices = Devices(browser, url)
            for run in range(args.runs):
                print(f"two devices, run {run + 1}/{args.runs} ...", file=sys.stderr)
                runs.append(two_player_run(devices, sizes))
            errors = list(devices.errors)
            browser.close()
            if not args.no_big_table:
                print(f"seven devices, {args.big_moves} moves ...", file=sys.stderr)
                big = big_table(playwright, url, args.big_moves, args.headed)
                big["reference"] = reference_table(playwright, url, args.big_moves,
                                                   args.headed)
                errors += big.get("errors", []) + big["reference"].get("errors", [])
    finally:
        server.shutdown()
        relay.stop()

    if runs:
        report_two(runs)
    report_big(big)
    print(f"\npage errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:10]))
    print("BENCH_JSON " + json.dumps({"runs": runs, "big": big}, default=str))
    return 0


def report_two(runs):
    print("\n## Invite to table, a friend's fresh profile (2-player Matatu), ms")
    rows = [("run", "link -> name form", "Join -> seated", "Start -> table", "sum")]
    for number, run in enumerate(runs, start=1):
        rows.append((str(number), ms(run["form_ms"]), ms(run["seated_ms"]),
                     ms(run["table_ms"]), ms(run["cold_ms"])))
    rows.append(("median", *(ms(statistics.median(run[key] for run in runs))
                             for key in ("form_ms", "seated_ms", "table_ms", "cold_ms"))))
    print(browser_bench.table(rows))

    print("\n## Bytes a friend's device downloads (raw / gzip -9), goal < 2 MB, no Pyodide")
    rows = [("run", "until its table", "until the end", "after the end (check)",
             "Pyodide before the end")]
    for number, run in enumerate(runs, start=1):
        rows.append((str(number), *(f"{kb(run[key][0])} / {kb(run[key][1])}" for key in
                                    ("bytes_table", "bytes_before_end", "bytes_after_end")),
                     ", ".join(run["pyodide_before_end"]) or "none"))
    print(browser_bench.table(rows))

    print("\n## Move latency, click -> drawn on the other device, ms (2-player Matatu)")
    rows = [("direction", "n", "p50", "p95")]
    for key in ("host->friend", "friend->host", "own table"):
        values = [v for run in runs for v in run["moves"][key]]
        rows.append((key, str(len(values)), ms(browser_bench.percentile(values, 0.5)),
                     ms(browser_bench.percentile(values, 0.95))))
    print(browser_bench.table(rows))
    print("fair check at the end: " + ", ".join(run["fair"] for run in runs))


def report_big(big):
    if big:
        print("\n## 7-player Matchmaster, host + 6 friends (two browsers), latency ms")
        rows = [("direction", "n", "p50", "p95")]
        for key, values in big["latency"].items():
            rows.append((key, str(len(values)), ms(browser_bench.percentile(values, 0.5)),
                         ms(browser_bench.percentile(values, 0.95))))
        print(browser_bench.table(rows))
        print("Join -> seated, friends 1 to 6 in turn: "
              + ", ".join(f"{value:.1f} s" for value in big["seated_s"]))
        print("\n## The host's browser (all its processes, PSS MB; its page's JS heap MB),"
              " beside the same host against six bots")
        ref = big["reference"]
        rows = [("when", "with 6 friends", "with 6 bots (reference)")]
        for key, label in (("lobby", "lobby (friends: the room open)"),
                           ("start", "the table dealt"),
                           ("after", f"after {big.get('moves')} / {ref.get('moves')} moves")):
            rows.append((label, *(f"{side[key]['pss_mb']:.0f} / {side[key]['js_heap_mb']:.1f}"
                                  if side.get(key) and side[key]["pss_mb"] else "-"
                                  for side in (big["memory"], ref))))
        print(browser_bench.table(rows))


if __name__ == "__main__":
    sys.exit(main())
