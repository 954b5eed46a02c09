"""Matchmakers in the browser: full games against bots by clicking, reload, history, axe."""

from __future__ import annotations

import re

import pytest
from matchbook import (
    ENGINE_READY,
    fast_bots,
    moves,
    open_app,
    pick_game,
    wait_idle,
    wait_moves_above,
)
from playwright.sync_api import expect

TABLE = "section.table.game-matchmakers"
# A card picked for the exchange stays in the hand with one action, "take back": a simple
# player skips those, or it would pick and unpick the same card for ever.
HAND_PICK = ".hand button.legal:not([aria-label*='Take back'])"


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def start_matchmakers(page, players: int = 4, seed: str = "") -> None:
    pick_game(page, "matchmakers")
    page.select_option("#players", str(players))
    if seed:
        page.fill("#seed", seed)
    page.click("#start")
    page.wait_for_selector(TABLE)
    wait_idle(page)


def click_something(page) -> None:
    """One legal move by clicking: a hand card, else any button of the table with an action."""
    before = moves(page)
    card = page.locator(HAND_PICK)
    if card.count():
        card.first.click()
    else:
        page.locator(TABLE + " [data-action]:not([aria-label*='Take back'])").first.click()
    wait_moves_above(page, before)


def play_to_the_end(page, limit: int = 1500) -> set[str]:
    """Play until the result screen; return the stages the human acted in."""
    seen = set()
    for _ in range(limit):
        if wait_idle(page) == "over":
            return seen
        status = page.locator("#table-status").inner_text()
        if status.startswith("Exchange:"):
            seen.add("exchange")
        elif "take the guide" in status:
            seen.add("claim")
        elif "collect one card" in status:
            seen.add("collect")
        else:
            seen.add("play")
        click_something(page)
    raise AssertionError("the game did not end")


def test_four_players_from_the_lobby_to_the_result_and_history(app):
    open_app(app)
    start_matchmakers(app, players=4, seed="404")
    # The lobby offers 2 or 4 players, never 3.
    assert app.locator(TABLE + " .mk-office").count() == 1
    seen = play_to_the_end(app)
    assert {"exchange", "play"} <= seen, seen
    reveal = app.locator(".reveal")
    assert re.search(r"win the game|wins the game|Shared victory", reveal.inner_text())
    assert reveal.locator(".score-sheet tbody tr").count() >= 1
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first
    assert "Matchmakers" in row.inner_text()


def test_two_players_with_straw_piles_to_the_end(app):
    open_app(app)
    start_matchmakers(app, players=2, seed="22")
    straw = app.locator(TABLE + " .mk-straw")
    assert straw.count() == 2
    assert straw.first.locator(".mk-stack").count() == 9
    play_to_the_end(app)
    assert app.locator(".reveal h2").count() == 1


def test_lobby_offers_two_or_four_players(app):
    open_app(app)
    pick_game(app, "matchmakers")
    expect(app.locator("#players option")).to_have_text(["2", "4"])  # once the form is drawn


def test_reload_mid_trick_resumes_the_same_position(app):
    open_app(app)
    start_matchmakers(app, players=4, seed="9")
    for _ in range(200):
        wait_idle(app)
        if app.locator(TABLE + " .mk-trick").count() and app.locator(".hand button.legal").count():
            break
        click_something(app)
    else:
        raise AssertionError("never reached a trick under way on our turn")
    centre = app.locator(TABLE + " .centre").inner_text()
    hand, count = app.locator(".hand").inner_text(), moves(app)
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert moves(app) == count
    assert app.locator(".hand").inner_text() == hand
    assert app.locator(TABLE + " .centre").inner_text() == centre


def test_matchmakers_table_has_no_accessibility_violations(app, axe):
    open_app(app)
    start_matchmakers(app, players=4, seed="3")
    violations = axe(app)
    assert violations == [], [(v["id"], v["help"]) for v in violations]
    click_something(app)  # into the exchange or the first trick
    wait_idle(app)
    violations = axe(app)
    assert violations == [], [(v["id"], v["help"]) for v in violations]


def test_matchmakers_2p_table_has_no_accessibility_violations(app, axe):
    open_app(app)
    start_matchmakers(app, players=2, seed="5")
    violations = axe(app)
    assert violations == [], [(v["id"], v["help"]) for v in violations]


def test_exchange_refusal_names_the_colour_rule_and_picked_cards_stay_marked(app):
    """Issue #9 items 6 and 10: returning cards to the partner, a card of a colour that may not
    go back is refused by the colour rule, in words; a picked card stays marked in the hand;
    the guides' faces hold their text."""
    open_app(app)
    start_matchmakers(app, players=4, seed="2")  # seat 3 deals and gives 2 blue and 1 yellow
    status = app.locator("#table-status")
    assert status.inner_text().startswith("Exchange: return 3 cards"), status.inner_text()
    assert "2 blue and 1 yellow" in status.inner_text()
    red = app.locator(".hand button[data-try][data-card^='R']").first
    red.click()
    refusal = app.locator(".refusal")
    refusal.wait_for()
    assert ("You received 2 blue and 1 yellow and must return exactly those colours: still 2"
            " blue and 1 yellow to return, so no red card.") in refusal.inner_text()
    assert refusal.locator("a.rule-link").inner_text() == "Read the rule"
    assert refusal.locator("a.rule-link").get_attribute("href").endswith("/MK-A3")
    before = moves(app)
    app.locator(".hand button[data-action][data-card^='Y']").first.click()
    wait_moves_above(app, before)
    wait_idle(app)
    picked = app.locator(".hand .card.legal[aria-label*=', Take back ']")
    assert picked.count() == 1
    assert app.evaluate("getComputedStyle(document.querySelector("
                        "\".hand .card.legal[aria-label*=', Take back ']\"), '::after').content"
                        ) == '"picked"'
    app.locator(".hand button[data-try][data-card^='Y']").first.click()
    app.wait_for_function("document.querySelector('.refusal') &&"
                          " document.querySelector('.refusal').innerText.includes('no more')")
    assert "still 2 blue to return, so no more yellow card." in refusal.inner_text()
    guides = app.locator(TABLE + " .card.mk-t")
    assert guides.count() >= 4  # the office
    for face in guides.all():
        # Its picture (a mountain over "GUIDE", the value in the corners) inside the card;
        # its words kept in the page under it.
        fits = face.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <="
                             " e.clientHeight")
        words = face.inner_text().split()
        assert fits and words in (["2", "guide"], ["4", "guide"], ["6", "guide"],
                                  ["8", "guide"])
        art = face.locator(":scope > svg.art > use")
        assert art.get_attribute("href") == f"static/cards/matchmakers.svg#c-T{words[0]}"
        box = art.bounding_box()
        assert box and box["width"] > 8 and box["height"] > 8
