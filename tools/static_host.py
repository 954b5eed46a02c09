#!/usr/bin/env python3
"""Serve dist/ as a static host does: gzip negotiated by Accept-Encoding, for the types hosts
compress (html, js, mjs, css, json, wasm, svg, ...), from the precompressed ``.gz`` the build
writes beside large files when there is one, else compressed once and kept in memory. What
``bin/serve`` shows is then what a player gets over a real host, and what the benches measure
(bench/first_visit_bench.py shapes this same handler onto a slow link).

    python3 tools/static_host.py [--port 8000] [--directory dist] [--relay-port N]
                                 [--bind 0.0.0.0 --cert FILE --key FILE]

On 127.0.0.1 unless --bind says otherwise (bin/serve --lan: 0.0.0.0, with https from --cert
and --key, since a page on a LAN address must be secure to play with friends). Files that are
already compressed (the stdlib and engine zips, the snapshot, ui/bundle.bin, images) are sent
as they are, as hosts do. With --relay-port N it answers ``GET /relay.json`` with
``{"port": N}``: the local relay bin/serve runs (tools/relay.mjs), which static/js/friends.mjs
then uses instead of public ones; without it /relay.json is 404, as on any static host.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import http.server
import io
import json
import os
import ssl
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent

# What GitHub Pages, Netlify, Cloudflare Pages and nginx's usual gzip_types compress: text
# and wasm. tools/build.py precompresses the same suffixes (build.COMPRESSIBLE).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt", ".toml",
                ".webmanifest", ".py", ".xml", ".map")

_memory: dict[tuple[str, int, int], bytes] = {}
_memory_lock = threading.Lock()


def gzipped(path: Path) -> bytes:
    """The file's gzip body: the build's precompressed sibling when it is up to date, else
    compressed here once (level 6, as hosts compress on the fly) and kept."""
    stat = path.stat()
    sibling = path.with_name(path.name + ".gz")
    try:
        if sibling.stat().st_mtime_ns >= stat.st_mtime_ns:
            return sibling.read_bytes()
    except FileNotFoundError:
        pass
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    with _memory_lock:
        body = _memory.get(key)
    if body is None:
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with _memory_lock:
            _memory[key] = body
    return body


def accepts_gzip(header: str | None) -> bool:
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class StaticHostHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with a host's gzip (Content-Encoding, Vary) and keep-alive."""

    protocol_version = "HTTP/1.1"  # keep-alive, as hosts: a connection serves many files
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json", ".toml": "text/plain"}

    relay_port: int | None = None  # set by serve_handler(): /relay.json names it

    def send_head(self):
        if self.relay_port is not None and urlsplit(self.path).path == "/relay.json":
            return self.send_relay()
        path = Path(self.translate_path(self.path))
        if (path.is_file() and path.suffix in COMPRESSIBLE
                and accepts_gzip(self.headers.get("Accept-Encoding"))
                and self.headers.get("Range") is None):
            return self.send_gzip(path)
        return super().send_head()

    def send_relay(self):
        body = json.dumps({"port": self.relay_port}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_gzip(self, path: Path):
        stat = path.stat()
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= int(
                    stat.st_mtime)
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format, *args):
        if os.environ.get("STATIC_HOST_LOG"):
            super().log_message(format, *args)


def serve_handler(directory: str, relay_port: int | None = None):
    """The request handler class for ``directory``, naming ``relay_port`` in /relay.json."""

    class Handler(StaticHostHandler):
        pass

    Handler.relay_port = relay_port

    def handler(*a, **k):
        return Handler(*a, directory=str(directory), **k)

    return handler


def make_server(directory: str, port: int, *, relay_port: int | None = None,
                bind: str = "127.0.0.1", cert: str | None = None,
                key: str | None = None) -> http.server.ThreadingHTTPServer:
    """The host, bound and ready for serve_forever() (https when given a certificate)."""
    server = http.server.ThreadingHTTPServer((bind, port), serve_handler(directory, relay_port))
    server.daemon_threads = True
    if cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        # The handshake in the request's own thread: a phone that stalls on it (or refuses the
        # certificate) never holds up the others.
        server.socket = context.wrap_socket(server.socket, server_side=True,
                                            do_handshake_on_connect=False)
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--directory", default=str(ROOT / "dist"))
    parser.add_argument("--relay-port", type=int, default=None,
                        help="answer /relay.json with this port (the local relay's)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--cert", help="serve https with this certificate (PEM)")
    parser.add_argument("--key", help="the certificate's private key (PEM)")
    args = parser.parse_args(argv)
    if bool(args.cert) != bool(args.key):
        parser.error("--cert and --key go together")

    server = make_server(args.directory, args.port, relay_port=args.relay_port,
                         bind=args.bind, cert=args.cert, key=args.key)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
