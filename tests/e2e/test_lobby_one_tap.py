"""The lobby is two taps from the first card (issue #30 item 1): a tile per game with a picture,
its players and one sentence; Play with the setup last used, in view without scrolling on a
phone (held either way) and a laptop; the whole setup one tap away, remembered, in words."""

from __future__ import annotations

import re

import pytest
from matchbook import ENGINE_READY, IN_VIEW, fast_bots, open_app, open_setup, shot, wait_idle

GAMES = ["matatu", "matchmaster", "match_maker", "matchmakers"]
SIZES = [(360, 740), (740, 360), (1280, 800)]
# What a player must never read in the lobby: a ruling's id, a rule's id, a file name.
CODES = re.compile(r"\b(MT|MS|MX|MK)-A\d+|\b[a-z_]+\.\d+\b|RULINGS\.md|\.py\b")


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_is_two_taps_away_and_play_is_in_view(app, size):
    width, height = size
    app.set_viewport_size({"width": width, "height": height})
    for game in GAMES:
        app.goto("about:blank")  # a fresh visit for each game: none is in play
        open_app(app, "#/")
        tile = app.locator(f"button[data-game={game}]")
        assert tile.evaluate(IN_VIEW), f"{game}'s tile is off screen at {width}x{height}"
        assert re.search(r"\d+(–| or )\d+ players", tile.inner_text())
        tile.click()  # tap 1
        app.wait_for_selector(f"button[data-game={game}][aria-pressed=true]")
        play = app.locator("#start")
        assert app.evaluate("scrollY") == 0
        assert play.evaluate(IN_VIEW), f"Play is off screen for {game} at {width}x{height}"
        summary = app.locator("#setup-summary").inner_text()
        assert summary.startswith("You against "), summary
        if width < 700 and height > 500:  # the game's sentence shows beside Play on a phone
            assert app.locator(".play-panel .game-summary").is_visible()
        shot(app, f"i30/lobby-{game}-{width}x{height}.png")
        play.click()  # tap 2: the table, your first decision
        assert wait_idle(app) in ("human", "handoff", "over")
        assert app.locator(".table").count() == 1
        app.evaluate("localStorage.clear()")


def test_the_setup_is_one_tap_away_in_words_and_remembered(app):
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app)
    for game in GAMES:  # every game's whole setup, without a code a player cannot read
        app.click(f"button[data-game={game}]")
        app.wait_for_selector(f"button[data-game={game}][aria-pressed=true]")
        open_setup(app)
        text = app.locator("#app").inner_text()
        assert not CODES.search(text), CODES.search(text).group(0)
    app.click("button[data-game=matatu]")
    app.wait_for_selector("button[data-game=matatu][aria-pressed=true]")
    app.select_option("#players", "2")
    app.fill("#name-0", "Ana")
    app.select_option("#seat-1", "strong")
    app.check("#opt-jokers")
    app.locator(".setup [data-cmd=toggle-setup]").click()  # Done: the one line says it all
    expect_summary = "Ana against 1 Strong bot, with jokers."
    app.wait_for_function("t => document.getElementById('setup-summary').textContent === t",
                          arg=expect_summary)
    assert app.locator("#players").count() == 0
    app.click("#start")
    wait_idle(app)
    assert app.locator(".seat").count() == 2  # the setup played: Ana and one bot
    # Another visit: the lobby opens on Matatu with that setup; Play is still one tap.
    app.evaluate("localStorage.removeItem('matchbook:current')")
    app.goto("index.html#/")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert app.locator("button[data-game=matatu]").get_attribute("aria-pressed") == "true"
    assert app.locator("#setup-summary").inner_text() == expect_summary
    open_setup(app)
    assert app.locator("#players").input_value() == "2"
    assert app.locator("#name-0").input_value() == "Ana"
    assert app.locator("#opt-jokers").is_checked()
    # Another game never played: the same people sit down, under that game's usual rules.
    app.click("button[data-game=matchmaster]")
    app.wait_for_selector("button[data-game=matchmaster][aria-pressed=true]")
    assert app.locator("#setup-summary").inner_text() == \
        "Ana against 1 Strong bot, the usual rules."


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_keyboard_player_reaches_the_first_card_in_a_few_keys(app, size):
    """The skip link, one tab stop for the games (the arrow keys choose among them), Play, the
    hand: from opening the site to a card played in about ten keys."""
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app, "#/")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    keys = []

    def press(key):
        keys.append(key)
        app.keyboard.press(key)

    def focused(selector):
        return app.evaluate(f"!!document.activeElement.matches({selector!r})")

    press("Tab")
    assert focused("a.skip")
    press("Enter")
    press("Tab")
    assert focused("button[data-game=matatu]"), app.evaluate("document.activeElement.outerHTML.slice(0, 200)")  # noqa: E501
    press("ArrowRight")
    assert focused("button[data-game=matchmaster]")
    press("ArrowLeft")
    press("Enter")
    press("Tab")
    assert focused("#start")
    press("Enter")
    assert wait_idle(app) == "human"
    # The hand's tab stop is a card you can play; with none, the choices' (Draw) is next.
    while not focused("[data-action]") and len(keys) < 30:
        press("Tab")
    before = app.evaluate("document.documentElement.dataset.moves")
    press("Enter")
    app.wait_for_function(f"() => document.documentElement.dataset.moves !== '{before}'")
    assert len(keys) <= 12, keys
