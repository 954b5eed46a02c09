"""End-to-end fixtures: the built site (dist/) served on 127.0.0.1, driven in Chromium.

Fixtures for tests under tests/e2e:

- ``site``          session server for dist/: ``.url``, ``.requests`` (paths asked for, in
                    order), ``.count(suffix)``, ``.reset()``.
- ``base_url``      ``site.url``, so ``page.goto("/")`` and ``page.goto("index.html")`` work.
- ``serve``         ``serve(directory) -> Site``: another recording server, for a page of
                    a test's own (stopped after the test).
- ``relay``         session: the local relay for play with friends (``node tools/relay.mjs``)
                    on a free port: ``.port``, ``.url``, ``.stop()``, ``.start()`` (same port).
- ``friends_site``  session server for dist/ that answers /relay.json with ``relay``'s port,
                    as ``bin/serve`` does: its pages play with friends through that relay.
- ``hold``          ``hold(suffix, on=site) -> release()``: the server answers no request
                    for that file until released (holds the engine mid-boot, whichever
                    worker asks; Playwright's routes do not see a SharedWorker's requests).
- ``browser_log``   what the browser did wrong during the test: ``.console_errors``,
                    ``.page_errors``, ``.python_errors``, ``.foreign_requests``.
- ``new_context``   pytest-playwright's, guarded: every context a test makes (and so
                    ``context``/``page``) is watched by ``browser_log``.
- ``context``/``page`` pytest-playwright's, guarded: any request to a host other than
                    127.0.0.1 fails the test (and never leaves the machine).
- ``new_persistent_context``  ``(profile_dir, third_party_storage=None) -> context`` with
                    an on-disk HTTP cache, as a real visitor has (same guards); for service
                    worker and cache tests. ``third_party_storage`` "allowed" or "blocked" sets
                    the profile's cookie controls (chrome://settings/cookies): blocked, frames
                    of another site are refused localStorage, the Cache API and service workers.
- ``axe``           ``axe(page) -> violations``: runs axe-core on the page.

Every test fails when a page it opened logs an error nobody expected: an uncaught JS error
(``pageerror``), a Python traceback (a console message with "Traceback" or "PythonError", or
PyScript's own error box on the page) or a ``console.error``. A test that provokes one on
purpose says so, with the text it expects (a regular expression, searched for)::

    @pytest.mark.expect_page_errors("Failed to load resource", reason="the engine is cut off")

Chromium is Debian's (/usr/lib/chromium/chromium); `playwright install` is never needed.
"""

from __future__ import annotations

import http.server
import io
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CHROMIUM = "/usr/lib/chromium/chromium"
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# localhost is loopback too: a host page there is "another site" than 127.0.0.1 (embeds).
LOCAL_HOSTS = {"127.0.0.1", "localhost"}

sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402  (tools/build.py: stdlib only)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "expect_page_errors(*patterns, reason): the page errors (console.error, "
        "uncaught JS or Python errors) this test provokes on purpose; any other fails it")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Everything here needs the browser: `-m "not e2e"` runs only the CPython tests. (Under
    # bin/test's two xdist workers, all of them run in one, one after another: tests/conftest.py.)
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)


# --------------------------------------------------------------------------- servers


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass  # the tests read Site.requests instead

    def send_head(self):  # every request, before the file is opened
        path = urlsplit(self.path).path
        self.server.record(path)
        self.server.wait_if_held(path)
        if path == "/relay.json" and self.server.relay_port is not None:
            body = json.dumps({"port": self.server.relay_port}).encode()
            self.send_response(200)  # as tools/static_host.py --relay-port answers it
            self.send_header("Content-Type", "application/json")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()


class RecordingServer(http.server.ThreadingHTTPServer):
    """A static file server on 127.0.0.1 that remembers every path asked for."""

    daemon_threads = True

    def __init__(self, directory: Path, relay_port: int | None = None) -> None:
        self.directory = Path(directory)
        self.relay_port = relay_port  # answered at /relay.json when set (bin/serve's relay)
        self._lock = threading.Lock()
        self._requests: list[str] = []
        self._holds: dict[str, threading.Event] = {}

        def handler(*args, **kwargs):
            return _QuietHandler(*args, directory=str(self.directory), **kwargs)

        super().__init__(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)

    def handle_error(self, request, client_address) -> None:
        """A browser that leaves a page while a file is on its way closes the connection: not
        a failure of the site, and no traceback in the test output. Anything else is shown."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)

    def record(self, path: str) -> None:
        with self._lock:
            self._requests.append(path)

    def hold(self, suffix: str) -> Callable[[], None]:
        """Answer no request for a path ending with ``suffix`` until the returned release()
        is called: whoever asks (page, dedicated or shared worker) waits."""
        gate = threading.Event()
        with self._lock:
            self._holds[suffix] = gate
        return gate.set

    def wait_if_held(self, path: str) -> None:
        with self._lock:
            gates = [gate for suffix, gate in self._holds.items() if path.endswith(suffix)]
        for gate in gates:
            gate.wait(timeout=120)

    def start(self) -> RecordingServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        self._thread.join(timeout=5)


@dataclass
class Site:
    """A served directory, for tests: where it is and what the browser asked of it."""

    server: RecordingServer

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/"

    @property
    def directory(self) -> Path:
        return self.server.directory

    @property
    def requests(self) -> list[str]:
        """Paths requested so far (query strings dropped), oldest first."""
        with self.server._lock:
            return list(self.server._requests)

    def count(self, suffix: str = "") -> int:
        """How many requests had a path ending with `suffix` (all when empty)."""
        return sum(1 for path in self.requests if path.endswith(suffix))

    def counter(self) -> Counter[str]:
        return Counter(self.requests)

    def reset(self) -> None:
        with self.server._lock:
            self.server._requests.clear()

    def stop(self) -> None:
        self.server.stop()


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """dist/, rebuilt if anything changed (a no-op build takes a fraction of a second)."""
    try:
        build.build(quiet=True)
    except build.BuildError as exc:
        pytest.exit(f"cannot build dist/: {exc}", returncode=1)
    return DIST


@pytest.fixture(scope="session")
def site(dist_dir: Path) -> Iterator[Site]:
    served = Site(RecordingServer(dist_dir).start())
    yield served
    served.stop()


@pytest.fixture(scope="session")
def base_url(site: Site) -> str:
    return site.url


@pytest.fixture
def hold(site: Site) -> Iterator[Callable[..., Callable[[], None]]]:
    """hold(suffix, on=site) -> release(): the server keeps requests for that file waiting
    (e.g. "engine.snapshot.gz" keeps the engine mid-boot) until release() or the test ends."""
    releases: list[Callable[[], None]] = []

    def start(suffix: str, on: Site | None = None) -> Callable[[], None]:
        release = (on or site).server.hold(suffix)
        releases.append(release)
        return release

    yield start
    for release in releases:
        release()
    site.server._holds.clear()


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Relay:
    """``node tools/relay.mjs`` on one port, for as long as the session (a test may stop and
    start it again: the port stays). ``tls``: (certificate, key) files, for wss:// as
    ``bin/serve --lan`` runs it."""

    def __init__(self, tls: tuple[str, str] | None = None) -> None:
        self.port = free_port()
        self.tls = tls
        self.process: subprocess.Popen | None = None
        self.started_in = 0.0  # seconds from spawn to its "relay: ws://..." line

    @property
    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://127.0.0.1:{self.port}"

    def start(self) -> Relay:
        began = time.monotonic()
        tls = ["--cert", self.tls[0], "--key", self.tls[1]] if self.tls else []
        self.process = subprocess.Popen(
            ["node", str(ROOT / "tools" / "relay.mjs"), "--port", str(self.port), *tls],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
        line = self.process.stdout.readline()  # one line once it listens (or why it did not)
        if line.strip() != f"relay: {self.url}":
            self.stop()
            raise RuntimeError(f"the relay did not start: {line!r}")
        self.started_in = time.monotonic() - began
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture(scope="session")
def relay() -> Iterator[Relay]:
    running = Relay()
    try:
        running.start()
    except (OSError, RuntimeError) as exc:
        pytest.fail(f"cannot start tools/relay.mjs: {exc}")
    yield running
    running.stop()


@pytest.fixture(scope="session")
def friends_site(dist_dir: Path, relay: Relay) -> Iterator[Site]:
    served = Site(RecordingServer(dist_dir, relay_port=relay.port).start())
    yield served
    served.stop()


@pytest.fixture
def serve() -> Iterator[Callable[[Path], Site]]:
    started: list[Site] = []

    def start(directory: Path) -> Site:
        served = Site(RecordingServer(directory).start())
        started.append(served)
        return served

    yield start
    for served in started:
        try:
            served.stop()
        except OSError:
            pass  # a test may have stopped it already (e.g. to go offline)


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.exit(f"{CHROMIUM} is missing: apt-get install chromium (bin/test does)", 1)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            # Nothing leaves the machine: every non-loopback request goes to a proxy
            # that is not there (Chromium never proxies loopback). Unlike routing
            # "**/*" in Playwright, this keeps the HTTP cache on, which the service
            # worker's install relies on.
            "--proxy-server=http://127.0.0.1:9",
        ],
    }


# A Python error as PyScript reports it: MicroPython's traceback on stderr (console.error), or
# the "Uncaught PythonError" of an error that escaped an event handler or a task.
PYTHON_ERROR = re.compile(r"Traceback|PythonError")
# PyScript's own red box (its "error" plugin; the pages turn it off, ui/errors.py shows a calm
# message instead), should it ever come back.
PYSCRIPT_ERROR_BOX = ".py-error, .mpy-error"
ERROR_BOXES_JS = f"""() => Array.from(document.querySelectorAll({json.dumps(PYSCRIPT_ERROR_BOX)}),
                                        box => box.textContent)"""


@dataclass
class BrowserLog:
    """What went wrong in the browser during one test."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    python_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    _watched: set[int] = field(default_factory=set)

    def _first_time(self, thing) -> bool:
        if id(thing) in self._watched:
            return False
        self._watched.add(id(thing))
        return True

    def watch_page(self, page) -> None:
        if not self._first_time(page):
            return  # a test's own fixture may watch a page conftest watches already
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def watch_context(self, ctx) -> None:
        """Every page of ``ctx``, now and later, and its requests."""
        if not self._first_time(ctx):
            return
        ctx.on("request", self.on_request)
        ctx.on("page", self.watch_page)
        for page in ctx.pages:
            self.watch_page(page)

    def _on_console(self, message) -> None:
        text = message.text
        if PYTHON_ERROR.search(text):
            self.python_errors.append(text)  # at any level: PyScript may print it as a log
        elif message.type == "error":
            url = (message.location or {}).get("url") if text.startswith("Failed to load") \
                else None
            if url and url.endswith("/favicon.ico"):
                return  # the browser's own guess on a test's bare host page, not the site's
            self.console_errors.append(f"{text} ({url})" if url else text)

    def _on_page_error(self, error) -> None:
        self.page_errors.append(str(error))

    def on_request(self, request) -> None:
        if not is_local(request.url):
            self.foreign_requests.append(request.url)

    def scan(self, ctx) -> None:
        """PyScript's error boxes still on the pages of ``ctx`` (before it closes)."""
        for page in ctx.pages:
            try:
                boxes = page.evaluate(ERROR_BOXES_JS)
            except Exception:  # noqa: BLE001 -- a page closed or navigating: nothing to read
                continue
            self.python_errors.extend("PyScript error box: " + text for text in boxes)

    def unexpected(self, patterns: tuple[str, ...]) -> list[str]:
        """Every error logged, less those a pattern of the test's marker matches."""
        found = ([("uncaught", text) for text in self.page_errors]
                 + [("python", text) for text in self.python_errors]
                 + [("console.error", text) for text in self.console_errors])
        return [f"{kind}: {text}" for kind, text in found
                if not any(re.search(pattern, text) for pattern in patterns)]


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-error", "file"):
        return True
    return parts.hostname in LOCAL_HOSTS


@pytest.fixture
def browser_log() -> BrowserLog:
    return BrowserLog()


@pytest.fixture(autouse=True)
def page_errors_fail_the_test(request: pytest.FixtureRequest,
                              browser_log: BrowserLog) -> Iterator[None]:
    """After the test (its pages closed), any page error it did not declare fails it."""
    yield
    patterns = tuple(pattern for marker in request.node.iter_markers("expect_page_errors")
                     for pattern in marker.args)
    unexpected = browser_log.unexpected(patterns)
    assert not unexpected, (
        "the page logged errors this test does not expect (mark it "
        "@pytest.mark.expect_page_errors(...) if it provokes them on purpose):\n  "
        + "\n  ".join(text[:2000] for text in unexpected))


@pytest.fixture
def new_context(new_context, browser_log: BrowserLog):
    """pytest-playwright's new_context(**kwargs), every context it makes watched."""
    made = []

    def make(**kwargs):
        ctx = new_context(**kwargs)
        browser_log.watch_context(ctx)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        browser_log.scan(ctx)


@pytest.fixture
def context(new_context, browser_log: BrowserLog):
    """pytest-playwright's context, watched: console errors are collected, and a request to
    any host but 127.0.0.1 fails the test at teardown."""
    ctx = new_context()
    yield ctx
    assert not browser_log.foreign_requests, (
        f"the page asked for hosts other than 127.0.0.1: {browser_log.foreign_requests}"
    )


@pytest.fixture
def new_persistent_context(browser_type, browser_type_launch_args: dict, browser_log: BrowserLog):
    """new_persistent_context(profile_dir) -> a guarded context with an on-disk profile.

    Use it where caching must behave as for a real visitor: a normal (incognito) context
    keeps its HTTP cache in memory, which drops big files such as pyodide.asm.wasm.
    """
    contexts = []

    def launch(profile_dir: Path, third_party_storage: str | None = None, **kwargs):
        if third_party_storage is not None:
            blocked = {"allowed": False, "blocked": True}[third_party_storage]
            preferences = Path(profile_dir) / "Default" / "Preferences"
            preferences.parent.mkdir(parents=True, exist_ok=True)
            preferences.write_text(json.dumps({"profile": {
                "cookie_controls_mode": 1 if blocked else 0,
                "block_third_party_cookies": blocked}}))
        ctx = browser_type.launch_persistent_context(
            str(profile_dir), **{**browser_type_launch_args, **kwargs}
        )
        contexts.append(ctx)
        browser_log.watch_context(ctx)
        return ctx

    yield launch
    for ctx in contexts:
        browser_log.scan(ctx)
        ctx.close()
    assert not browser_log.foreign_requests, (
        f"the page asked for hosts other than 127.0.0.1: {browser_log.foreign_requests}"
    )


# --------------------------------------------------------------------------- checks


@pytest.fixture(scope="session")
def axe() -> Callable[..., list[dict]]:
    """axe(page, options=None) -> axe-core violations (a list; empty is good)."""
    if not AXE_JS.is_file():
        pytest.exit(f"{AXE_JS} is missing: run `npm ci`", 1)

    def run(page, options: dict | None = None) -> list[dict]:
        page.add_script_tag(path=str(AXE_JS))
        return page.evaluate(
            "async (options) => (await axe.run(document, options || {})).violations",
            options,
        )

    return run
