"""UI ready of two builds beside the bare reference page, alternating, in one run.

    .venv/bin/python bench/ui_ready_bench.py --compare DIST [--rounds 5] [--label this]

Builds this checkout's dist/ (or takes ``--dist``) and serves it and ``--compare`` (another
build, e.g. main's: ``git worktree add /tmp/main main`` and build there) on 127.0.0.1. Each
round visits this build, the other and bench/reference/ (served beside this build), each in a
fresh Chromium profile, cold then warm, the way bench/browser_bench.py does, and stamps
html[data-ui=ready]. Prints the medians and the ratios to the reference: on this noisy 2-core
box a change to the first minute is only seen against another build measured in the same run
(the reference alone moves by ±40% between rounds). Asserts nothing about time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tools"), str(ROOT / "tests" / "e2e")]

import browser_bench  # noqa: E402  (bench/browser_bench.py: Browser, visit, the servers)
import build  # noqa: E402  (tools/build.py)
from playwright.sync_api import sync_playwright  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, required=True, help="another build's dist/")
    parser.add_argument("--compare-label", default="other")
    parser.add_argument("--dist", type=Path, help="this build (default: build dist/)")
    parser.add_argument("--label", default="this checkout")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds needs at least 1")
    if not (args.compare / "index.html").is_file():
        parser.error(f"{args.compare} holds no built site (index.html)")
    started = time.perf_counter()
    dist = args.dist
    if dist is None:
        build.build(quiet=True)
        dist = build.DIST
    builds = {args.label: dist, args.compare_label: args.compare}
    servers = {label: browser_bench.ByteCountingServer(path).start()
               for label, path in builds.items()}
    scratch = Path(tempfile.mkdtemp(prefix="matchbook-ui-ready-"))
    ready = {label: {"cold": [], "warm": []} for label in [*builds, "reference"]}
    try:
        with sync_playwright() as playwright:
            browsers = {label: browser_bench.Browser(
                playwright, f"http://{server.server_address[0]}:{server.server_address[1]}/",
                False, server) for label, server in servers.items()}
            visits = [(label, label, "index.html") for label in builds]
            visits.append(("reference", args.label, browser_bench.REFERENCE_PAGE))
            for number in range(1, args.rounds + 1):
                for label, served_by, path in visits:
                    print(f"round {number}/{args.rounds}: {label} cold + warm ...",
                          file=sys.stderr)
                    figures = browser_bench.visit(browsers[served_by],
                                                  scratch / f"{label}-{number}", path)
                    context = figures.pop("context", None)
                    if context is not None:
                        context.close()
                    for kind in ("cold", "warm"):
                        ready[label][kind].append(figures[kind]["ui"])
    finally:
        for server in servers.values():
            server.stop()
    medians = {label: {kind: statistics.median(times) for kind, times in kinds.items()}
               for label, kinds in ready.items()}
    reference = medians["reference"]
    print(f"\nUI ready (html[data-ui=ready]), medians of {args.rounds} rounds, ms from navigation")
    print(f"{'page':>28} {'cold':>8} {'warm':>8} {'cold/ref':>9} {'warm/ref':>9}")
    for label, figure in medians.items():
        print(f"{label:>28} {figure['cold']:>8,.0f} {figure['warm']:>8,.0f}"
              f" {figure['cold'] / reference['cold']:>8.2f}x"
              f" {figure['warm'] / reference['warm']:>8.2f}x")
    print("per round (cold/warm): " + "   ".join(
        f"{label} " + ", ".join(f"{cold:.0f}/{warm:.0f}" for cold, warm
                                in zip(kinds["cold"], kinds["warm"], strict=True))
        for label, kinds in ready.items()))
    print(f"{time.perf_counter() - started:.0f} s in all")
    print("BENCH_JSON " + json.dumps({"rounds": args.rounds, "ui_ready_ms": ready,
                                      "medians": medians}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
