"""Embed load figures: a teaching page with five embeds, first visit and cached, beside the
single-table app's engine-ready in the same run.

    .venv/bin/python bench/embed_bench.py

Serves dist/ (the site) and examples/embed-host.html (the teaching page, on another port, as
another origin would be), opens the page in a fresh on-disk Chromium profile with every frame
in view, and reads each frame's own marks: "matchbook:shown" (its first position is on
screen) and "matchbook:ready" (it accepts a move), both on the host page's clock. Then it
relaunches the same profile (HTTP cache and service worker warm) and does it again. Memory is
the sum of the RSS of every Chromium process of the visit, once all frames are ready, beside
the same page with its frames removed. The app is index.html until html[data-engine=ready].
Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

import browser_bench  # noqa: E402  (ByteCountingServer, LAUNCH_ARGS)
import build  # noqa: E402
import conftest  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

EMBEDS = 5
# A frame's marks on the host page's clock (frames have their own time origin).
FRAME_MARKS_JS = """hostOrigin => {
  const at = (name) => {
    const mark = performance.getEntriesByName(name)[0];
    return mark ? performance.timeOrigin + mark.startTime - hostOrigin : null;
  };
  return {shown: at("matchbook:shown"), ready: at("matchbook:ready"),
          state: document.documentElement.dataset.embed};
}"""


def descendants_memory_mb() -> tuple[float, float]:
    """(RSS, PSS) summed over every Chromium process under this one (the visit's browser).
    RSS counts shared pages (the Chromium binary) once per process; PSS splits them."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        pid = int(entry)
        parents[pid] = int(re.search(r"PPid:\s+(\d+)", status).group(1))
        names[pid] = re.search(r"Name:\s+(\S+)", status).group(1)
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        rss[pid] = int(found.group(1)) if found else 0
    mine = {os.getpid()}
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                changed = True
    chromium = [pid for pid in mine if "chrom" in names[pid]]
    pss = 0
    for pid in chromium:
        try:
            found = re.search(r"Pss:\s+(\d+) kB", Path(f"/proc/{pid}/smaps_rollup").read_text())
        except OSError:
            continue
        pss += int(found.group(1)) if found else 0
    return sum(rss[pid] for pid in chromium) / 1024, pss / 1024


def launch(playwright, profile: Path):
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=conftest.CHROMIUM, headless=True,
        args=browser_bench.LAUNCH_ARGS, viewport={"width": 900, "height": 6000})


def teaching_page(playwright, profile: Path, url: str, site) -> dict:
    site.reset()
    context = launch(playwright, profile)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    loaded = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    origin = page.evaluate("performance.timeOrigin")
    deadline = time.monotonic() + 180
    while True:
        frames = [frame for frame in page.frames if "/embed.html" in frame.url]
        marks = []
        for frame in frames:
            try:
                marks.append({**frame.evaluate(FRAME_MARKS_JS, origin),
                              "lesson": "lesson=" in frame.url})
            except Exception:  # a frame still navigating
                marks.append({"ready": None, "shown": None, "state": None})
        if len(marks) == EMBEDS and all(m["ready"] is not None for m in marks):
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"embeds not ready after 180 s: {marks}")
        time.sleep(0.1)
    page.wait_for_timeout(1000)  # settle before reading memory
    rss, pss = descendants_memory_mb()
    page.wait_for_timeout(3000)  # let the service worker finish its precache
    context.close()
    requests, sent = site.snapshot()
    shown = [m["shown"] for m in marks if m["shown"] is not None]
    lessons = [m["shown"] for m in marks if m["lesson"] and m["shown"] is not None]
    ready = [m["ready"] for m in marks]
    return {"load_ms": round(loaded), "all_shown_ms": round(max(shown)) if shown else None,
            "lessons_shown_ms": round(max(lessons)) if lessons else None,
            "lessons": len(lessons),
            "shown_count": len(shown), "first_ready_ms": round(min(ready)),
            "all_ready_ms": round(max(ready)), "rss_mb": round(rss), "pss_mb": round(pss),
            "requests": sum(requests.values()), "bytes": sum(sent.values()),
            "wasm_requests": requests.get("/static/vendor/pyodide/pyodide.asm.wasm", 0)}


def bare_page_memory(playwright, profile: Path, url: str) -> tuple[int, int]:
    """The same teaching page with its frames removed before they load."""
    context = launch(playwright, profile)
    context.add_init_script("""addEventListener("DOMContentLoaded", () => {
      for (const frame of document.querySelectorAll("iframe")) frame.remove(); });""")
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_timeout(3000)
    rss, pss = descendants_memory_mb()
    context.close()
    return round(rss), round(pss)


def app(playwright, profile: Path, url: str) -> dict:
    context = launch(playwright, profile)
    page = context.pages[0] if context.pages else context.new_page()
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", timeout=180_000)
    ready = page.evaluate("performance.now()")
    wall = time.monotonic() - started
    page.wait_for_timeout(1000)
    rss, pss = descendants_memory_mb()
    page.wait_for_timeout(3000)  # the precache, for the warm visit
    context.close()
    return {"engine_ready_ms": round(ready), "wall_s": round(wall, 2), "rss_mb": round(rss),
            "pss_mb": round(pss)}


def main() -> int:
    build.build(quiet=True)
    site = browser_bench.ByteCountingServer(ROOT / "dist")
    threading.Thread(target=site.serve_forever, daemon=True).start()
    site_url = f"http://127.0.0.1:{site.server_address[1]}/"
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        host = conftest.RecordingServer(ROOT / "examples").start()
        host_url = f"http://localhost:{host.server_address[1]}/embed-host.html?site={site_url}"
        with sync_playwright() as playwright:
            apps = [app(playwright, scratch / "app", site_url + "index.html") for _ in "12"]
            pages = [teaching_page(playwright, scratch / "embeds", host_url, site)
                     for _ in "12"]
            bare = bare_page_memory(playwright, scratch / "bare", host_url)
        host.stop()
    site.shutdown()
    print(f"teaching page on another site (localhost -> 127.0.0.1), {EMBEDS} embeds in view;"
          " times from navigation start")
    for name, figures, single in (("first visit", pages[0], apps[0]),
                                  ("cached visit", pages[1], apps[1])):
        target = single["engine_ready_ms"]
        print(f"{name:13} page loaded {figures['load_ms']} ms;"
              f" {figures['lessons']} lessons' first positions shown by"
              f" {figures['lessons_shown_ms']} ms (all {figures['shown_count']} by"
              f" {figures['all_shown_ms']} ms: the fresh deal has no build-time view);"
              f" first playable {figures['first_ready_ms']} ms,"
              f" all {EMBEDS} {figures['all_ready_ms']} ms"
              f" (app's engine ready {target} ms; all/app"
              f" {figures['all_ready_ms'] / target:.2f}x);"
              f" {figures['requests']} requests, {figures['bytes'] / 1e6:.2f} MB,"
              f" pyodide.asm.wasm asked {figures['wasm_requests']}x;"
              f" Chromium RSS {figures['rss_mb']} MB, PSS {figures['pss_mb']} MB"
              f" (app alone RSS {single['rss_mb']} MB, PSS {single['pss_mb']} MB)")
    for name, figures in (("first visit", pages[0]), ("cached visit", pages[1])):
        print(f"memory, {name}: the five embeds add RSS {figures['rss_mb'] - bare[0]} MB,"
              f" PSS {figures['pss_mb'] - bare[1]} MB over the same page without its frames"
              f" (RSS {bare[0]} MB, PSS {bare[1]} MB)")
    print("BENCH_JSON " + json.dumps({"first": pages[0], "cached": pages[1], "app": apps,
                                      "bare_rss_mb": bare[0], "bare_pss_mb": bare[1]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
