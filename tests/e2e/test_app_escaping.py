"""Every text path of the app is escaped by one function (ui/markup.py ``esc``): routes, share
links, player names typed and stored, seeds, History records and settings carry script-shaped
text; no script runs and the text shows as text (issue #14 item 3)."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from matchbook import (
    ENGINE_READY,
    fast_bots,
    open_app,
    pick_game,
    play_one_turn,
    wait_idle,
    write_storage,
)

PAYLOADS = ["<img src=x onerror=window.__pwned=1>", "<svg onload=window.__pwned=2>",
            '" onfocus="window.__pwned=3" autofocus x="', "javascript:window.__pwned=4"]
IMG, SVG, QUOTE, JS = PAYLOADS
NAMES = ["<svg onload=__pwned=1>", '" onfocus="__pwned=3"']  # names hold 24 characters


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def nothing_ran(page) -> None:
    page.wait_for_timeout(300)  # an onerror or onload would have fired by now
    assert page.evaluate("window.__pwned") is None
    injected = page.evaluate("() => document.querySelectorAll('#app img, #app svg[onload],"
                             " [onerror], [onload], [onfocus], [autofocus]').length")
    assert injected == 0


def test_routes_and_share_links_show_script_shaped_text_as_text(app):
    open_app(app)
    for payload in PAYLOADS:
        app.evaluate("hash => { location.hash = hash; }", "#/rules/" + payload)
        app.locator(".notice.warn", has_text="There is no game called").wait_for()
        assert payload in app.locator("#app").inner_text()  # the text itself, shown
        nothing_ran(app)
        for route in ("#/replay/", "#/deal/", "#/shared/"):
            app.evaluate("hash => { location.hash = hash; }", route + payload)
            app.locator(".notice.warn, .notice[role=status]").first.wait_for()
            nothing_ran(app)
        app.evaluate("hash => { location.hash = hash; }", "#/replay/" + quote(payload))
        app.locator(".notice.warn", has_text="not in your history").wait_for()
        nothing_ran(app)


def test_names_seeds_history_and_settings_carry_text_not_markup(app):
    history = {"kind": "history", "schema": 1, "id": JS, "game": "matatu",
               "rules": "matatu-v1", "save": "{}", "seats": ["human", "bot"],
               "summary": {"finished": SVG, "players_text": IMG + ", " + QUOTE,
                           "outcome": QUOTE + " won", "options": {IMG: SVG},
                           "names": NAMES, "viewer": 0}}
    settings = {"kind": "settings", "schema": 1, "values": {IMG: SVG, "bot_delay_ms": 30}}
    write_storage(app, {"matchbook:history:" + JS: json.dumps(history),
                        "matchbook:history:" + IMG: json.dumps({**history, "id": 5}),
                        "matchbook:settings": json.dumps(settings)})
    app.goto("index.html")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    problems = app.locator(".notice.problems")
    problems.wait_for()  # the record with a wrong id, named by its key as text
    assert "matchbook:history:" + IMG in problems.inner_text()
    nothing_ran(app)

    # Seeds: R&D stays R&D after a re-render, and a quote cannot leave the attribute.
    pick_game(app, "matatu")
    for seed in ("R&D", QUOTE):
        app.fill("#seed", seed)
        app.select_option("#players", "3")  # the form is rendered again
        app.select_option("#players", "2")
        assert app.locator("#seed").input_value() == seed
        nothing_ran(app)

    # Names typed in the lobby, for a hot-seat game dealt with the seed R&D.
    app.fill("#seed", "R&D")
    app.select_option("#seat-1", "human")
    app.fill("#name-0", NAMES[0])
    app.fill("#name-1", NAMES[1])
    app.click("#start")
    wait_idle(app)
    head = json.loads(app.evaluate("localStorage.getItem('matchbook:current')"))
    assert head["record"]["seed"] == "R&D"
    for _ in range(12):
        if wait_idle(app) == "handoff":
            break
        play_one_turn(app)
    assert "Pass the device to " + NAMES[1] in app.locator(".handoff").inner_text()
    nothing_ran(app)
    app.reload()  # the stored names come back as text too
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert NAMES[1] in app.locator(".handoff").inner_text()
    nothing_ran(app)

    # History: every field of the stored record as text; its links stay inside the app.
    app.click("nav.top a[data-nav=history]")
    table = app.locator(".history-table")
    for text in (SVG, IMG, QUOTE + " won"):
        assert text in table.inner_text()
    nothing_ran(app)
    app.locator(".history-table a", has_text="Replay").first.click()
    app.locator(".notice.warn, .replay-controls").first.wait_for()
    assert app.evaluate("location.protocol") == "http:"
    nothing_ran(app)
