"""The learner's Hint (issue #31): at your turn a Hint button shows the move the Basic bot would
make, highlighted where you would press it, and says in one sentence why; the hint is a legal
move (pressing it plays it), it is on by default for a first game and a setting turns it off."""

from __future__ import annotations

import json
import re

import pytest
from matchbook import IN_VIEW, fast_bots, moves, open_app, open_setup, shot, wait_idle

pytestmark = pytest.mark.e2e

GAMES = ["matatu", "matchmaster", "match_maker", "matchmakers"]


def start(page, game: str, seed: str = "7") -> None:
    open_app(page, "#/")
    page.click(f"button[data-game={game}]")
    page.wait_for_selector(f"button[data-game={game}][aria-pressed=true]")
    open_setup(page)
    page.fill("#seed", seed)
    page.click("#start")


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_a_hint_shows_a_legal_move_and_says_why(context, page, game, size):
    fast_bots(context)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start(page, game)
    for _ in range(6):  # the first decision of yours that has a hint
        assert wait_idle(page) in ("human", "over")
        if page.locator("[data-cmd=hint]").count():
            break
        page.locator(".dock [data-action], .table [data-action]").first.click()
    hint = page.locator("[data-cmd=hint]")
    assert hint.evaluate(IN_VIEW), "the Hint button is off screen"
    assert hint.get_attribute("aria-describedby")
    hint.click()
    said = page.locator(".dock .hint-said")
    said.wait_for()
    sentence = said.inner_text()
    assert sentence.startswith("Hint: ") and len(sentence) > 15, sentence
    assert not re.search(r"\b[A-Z]{2}-[A-Z0-9]+\b", sentence)  # words, never a rule code
    shown = page.locator("#app .hinted")
    assert shown.count() == 1
    # Highlighted where the player would press it, in view, and it is a move the engine offers.
    assert shown.evaluate(IN_VIEW)
    assert shown.get_attribute("data-action") is not None or \
        shown.get_attribute("data-choose") is not None
    assert page.evaluate("document.activeElement.classList.contains('hinted')")
    card = shown.get_attribute("data-card")
    if card and game == "matatu":  # a card it plays is named: its face's label is in the why
        label = shown.locator(".rank").inner_text()
        assert label in sentence, (label, sentence)
    shot(page, f"i31/hint-{game}-{size[0]}x{size[1]}.png")
    before = moves(page)
    choose = shown.get_attribute("data-choose")
    shown.click()
    if choose:  # a card played in several ways: the hinted way is marked among them
        page.locator(".choices .hinted").click()
    page.wait_for_function(f"() => +document.documentElement.dataset.moves > {before}")
    assert page.locator(".hint-said").count() == 0  # the hint was for that decision only


def test_hints_are_a_setting_on_for_a_first_game(context, page):
    fast_bots(context)
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, "#/")
    open_setup(page)
    box = page.locator("#setting-hints")
    assert box.is_checked()  # a first game: offered
    box.uncheck()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('matchbook:settings'))"
                           ".values.hints === false")
    page.click("#start")
    assert wait_idle(page) == "human"
    assert page.locator("[data-cmd=hint]").count() == 0
    stored = json.loads(page.evaluate("localStorage.getItem('matchbook:settings')"))
    assert stored["values"]["hints"] is False
