"""Embed load figures: a teaching page with three lesson embeds, first visit and cached.

    .venv/bin/python bench/embed_bench.py

Serves dist/ (the site) and examples/embed-host.html (the teaching page, on another port,
as another origin would be), opens the page in a fresh on-disk Chromium profile, and times
until all three frames have posted "ready"; then relaunches the same profile (the service
worker now in control) and times it again. Prints times, requests and bytes the site's
server sent, and how often the 9.6 MB pyodide.asm.wasm was asked for. Asserts nothing.
"""

from __future__ import annotations

import json
import shutil
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

# The host page's frames post {source: "matchbook", type: "ready"}: stamp when each does.
READY_STAMPS_JS = """
window.__readyAt = {};
window.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.source === "matchbook" && data.type === "ready") {
    const frame = [...document.querySelectorAll("iframe")]
      .find((f) => f.contentWindow === event.source);
    if (frame) window.__readyAt[frame.title] = performance.now();
  }
});
"""


def visit(playwright, profile: Path, host_url: str, site: browser_bench.ByteCountingServer):
    site.reset()
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=conftest.CHROMIUM, headless=True,
        args=browser_bench.LAUNCH_ARGS, viewport={"width": 900, "height": 4000})
    context.add_init_script(READY_STAMPS_JS)
    page = context.pages[0] if context.pages else context.new_page()
    started = time.monotonic()
    page.goto(host_url)
    page.wait_for_function("() => Object.keys(window.__readyAt).length === 3",
                           timeout=180_000)
    wall = time.monotonic() - started
    stamps = page.evaluate("() => window.__readyAt")
    # Let the embeds' service worker finish its precache before the profile is closed.
    page.wait_for_timeout(4000)
    context.close()
    requests, sent = site.snapshot()
    return {"all_ready_s": round(wall, 2),
            "ready_ms": {title: round(value) for title, value in stamps.items()},
            "requests": sum(requests.values()), "bytes": sum(sent.values()),
            "wasm_requests": requests.get("/static/vendor/pyodide/pyodide.asm.wasm", 0)}


def main() -> int:
    build.build(quiet=True)
    site = browser_bench.ByteCountingServer(ROOT / "dist")
    threading.Thread(target=site.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        (scratch / "host").mkdir()
        shutil.copy(ROOT / "examples" / "embed-host.html", scratch / "host" / "index.html")
        host = conftest.RecordingServer(scratch / "host").start()
        site_url = f"http://127.0.0.1:{site.server_address[1]}/"
        host_url = f"http://127.0.0.1:{host.server_address[1]}/index.html?site={site_url}"
        with sync_playwright() as playwright:
            first = visit(playwright, scratch / "profile", host_url, site)
            cached = visit(playwright, scratch / "profile", host_url, site)
        host.stop()
    site.shutdown()
    for name, figures in (("first visit", first), ("cached visit", cached)):
        print(f"{name:13} all three embeds ready in {figures['all_ready_s']:.2f} s;"
              f" {figures['requests']} requests, {figures['bytes'] / 1e6:.2f} MB from the site,"
              f" pyodide.asm.wasm asked {figures['wasm_requests']}x;"
              f" per frame ready at {figures['ready_ms']} ms")
    print("BENCH_JSON " + json.dumps({"first": first, "cached": cached}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
