"""tools/static_host.py's /relay.json: bin/serve names its local relay there (--relay-port);
without the option it is 404, as on any static host, and the pages use public relays."""

from __future__ import annotations

import json
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import static_host  # noqa: E402


@pytest.fixture
def host(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    servers = []

    def start(relay_port=None):
        server = static_host.make_server(str(tmp_path), 0, relay_port=relay_port)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def test_relay_json_names_the_relay_port_uncached(host):
    with urllib.request.urlopen(host(relay_port=8123) + "relay.json?x=1", timeout=10) as reply:
        assert reply.status == 200
        assert reply.headers["Content-Type"] == "application/json"
        assert reply.headers["Cache-Control"] == "no-store"
        assert json.loads(reply.read()) == {"port": 8123}


def test_relay_json_is_404_without_a_relay(host):
    url = host()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(url + "relay.json", timeout=10)
    assert refused.value.code == 404
    with urllib.request.urlopen(url + "index.html", timeout=10) as reply:
        assert reply.status == 200  # the files are served as before
