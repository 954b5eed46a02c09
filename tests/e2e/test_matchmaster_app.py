"""Matchmaster in the browser: 13 rounds by clicking, hidden bids, reload, history."""

from __future__ import annotations

import re

import pytest
from matchbook import ENGINE_READY, fast_bots, moves, open_app, pick_game, play_one_turn, wait_idle


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def start_matchmaster(page, players: int = 4, seed: str = "") -> None:
    pick_game(page, "matchmaster")
    page.select_option("#players", str(players))
    if seed:
        page.fill("#seed", seed)
    page.click("#start")
    wait_idle(page)


CODE = r"\b(?:DO|LO|DB|LB)\d+\b|\b\d+ (?:DO|LO|DB|LB)\b"

# For every face in the trick: its picture (the deck's sprite, tools/card_faces.py) is drawn,
# inside the card, and is the card its name says ("dark orange 10" draws #c-DO10).
FACES_FIT = """() => [...document.querySelectorAll('.trick-cards .card')].map(card => {
  const use = card.querySelector(':scope > svg.art > use');
  const box = use ? use.getBoundingClientRect() : null, edge = card.getBoundingClientRect();
  return {label: card.ariaLabel, href: use ? use.getAttribute('href') : null,
          drawn: !!box && box.width > 8 && box.height > 8,
          fits: !!box && box.left >= edge.left - 1 && box.right <= edge.right + 1
                && box.top >= edge.top - 1 && box.bottom <= edge.bottom + 1
                && card.scrollWidth <= card.clientWidth + 1
                && card.scrollHeight <= card.clientHeight + 1};
})"""
DRAWN = """() => [...document.querySelectorAll('.card > svg.art > use')]
  .every(use => use.getBoundingClientRect().width > 0)"""
SHADES = {"dark orange": "DO", "light orange": "LO", "dark blue": "DB", "light blue": "LB"}


def stage(page) -> str:
    return "bid" if page.locator(".choices button", has_text="Bid 0").count() else "play"


def test_full_game_of_13_rounds_to_the_score_sheet_and_history(app):
    open_app(app)
    start_matchmaster(app, players=4, seed="1313")
    for _ in range(600):
        if wait_idle(app) == "over":
            break
        play_one_turn(app)
    else:
        raise AssertionError("the game did not end")
    reveal = app.locator(".reveal")
    assert re.search(r"wins the game|win the game|Shared victory", reveal.inner_text())
    rows = reveal.locator(".score-sheet tbody tr")
    assert rows.count() == 13
    assert reveal.locator("svg.chart polyline").count() == 4  # one line per player
    # the legend names each seat's line: a swatch drawn like that line, then the seat's name
    legend = reveal.locator(".totals-chart .legend li")
    assert legend.count() == 4
    for seat, name in enumerate(["You", "Seat 2", "Seat 3", "Seat 4"]):
        item = legend.nth(seat)
        assert item.locator(f"svg.swatch line.series.s{seat}").count() == 1
        assert item.inner_text().startswith(name)
        assert item.locator("svg.swatch").bounding_box()["width"] > 10
    # the log reads in words: no card codes anywhere a player reads
    log = app.locator("details.log")
    log.locator("summary").click()
    text = log.inner_text() + reveal.inner_text()
    assert not re.search(CODE, text), re.search(CODE, text)
    assert re.search(r"(You play|Seat \d \(bot\) plays) (dark|light) (orange|blue) \d+\.", text)
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first
    assert "Matchmaster" in row.inner_text() and "matchmaster-v1" in row.inner_text()


def test_bids_stay_hidden_in_the_dom_until_all_are_in(app):
    open_app(app)
    start_matchmaster(app, players=4, seed="77")
    assert stage(app) == "bid"
    # Bots that bid before the human show only that they have bid, never the number.
    markers = app.locator(".seat .bid-marker").all_inner_texts()
    assert all(re.match(r"(bid in|bidding) · won 0$", m) for m in markers), markers
    html = app.content()
    assert not re.search(r"bid [0-7] ·", html)
    before = moves(app)
    app.locator(".choices button", has_text="Bid 1").click()
    app.wait_for_function(f"() => +document.documentElement.dataset.moves > {before}")
    wait_idle(app)
    # All bids are in: now every seat shows its number.
    markers = app.locator(".seat .bid-marker").all_inner_texts()
    assert all(re.match(r"bid \d · won \d$", m) for m in markers), markers


def test_reload_during_bidding_and_during_a_trick_resumes(app):
    open_app(app)
    start_matchmaster(app, players=3, seed="5")
    assert stage(app) == "bid"
    hand = app.locator(".hand").inner_text()
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert stage(app) == "bid" and app.locator(".hand").inner_text() == hand

    play_one_turn(app)  # the bid; then play until a trick is under way on our turn
    for _ in range(20):
        wait_idle(app)
        if app.locator(".trick").count() and "This trick" in app.locator(".centre").inner_text():
            break
        play_one_turn(app)
    centre = app.locator(".centre").inner_text()
    hand, count = app.locator(".hand").inner_text(), moves(app)
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert moves(app) == count
    assert app.locator(".hand").inner_text() == hand
    assert app.locator(".centre").inner_text() == centre


def test_illegal_card_names_the_follow_rule(app):
    open_app(app)
    start_matchmaster(app, players=4, seed="21")
    for _ in range(80):
        if wait_idle(app) == "over":
            raise AssertionError("deal 21 ended with no card to refuse: pick another seed")
        blocked = app.locator(".hand button[data-try]")
        if stage(app) == "play" and blocked.count():
            blocked.first.click()
            refusal = app.locator(".refusal")
            refusal.wait_for()
            assert re.search(r"must|follow|trump", refusal.inner_text(), re.I)
            assert refusal.locator("a.rule-link").count() == 1
            return
        play_one_turn(app)
    raise AssertionError("never held an unplayable card")


def test_matchmaster_table_has_no_accessibility_violations(app, axe):
    open_app(app)
    start_matchmaster(app, players=4, seed="9")
    violations = axe(app)
    assert violations == [], [(v["id"], v["help"]) for v in violations]


@pytest.mark.parametrize("width", [1280, 360])
def test_trick_cards_draw_their_own_face_inside_the_card_and_name_the_shade(app, width):
    """Issue #9 item 10: "10 DO" wrapped in the trick. Now a face is its deck's picture (the
    rank in its corners, the shade's own shape, MS-A10): drawn inside the card, the very card
    its name says in words, at 1280 and 360 px."""
    app.set_viewport_size({"width": width, "height": 800})
    open_app(app)
    start_matchmaster(app, players=4, seed="21")
    for _ in range(60):
        if wait_idle(app) == "over":
            break
        app.wait_for_function(DRAWN)  # the sprite is in
        faces = app.evaluate(FACES_FIT)
        if len(faces) >= 3:
            break
        play_one_turn(app)
    assert len(faces) >= 3, faces
    for face in faces:
        assert face["drawn"] and face["fits"], face
        shade, rank = re.fullmatch(r"((?:dark|light) (?:orange|blue)) (\d+)(?:, trump)?",
                                   face["label"]).groups()
        assert face["href"] == f"static/cards/matchmaster.svg#c-{SHADES[shade]}{rank}", face
    labels = app.locator(".trick-cards .card").evaluate_all("cards => cards.map(c => c.ariaLabel)")
    assert all(re.fullmatch(r"(dark|light) (orange|blue) \d+(, trump)?", label) for label in labels)
    buttons = " ".join(app.locator(".choices button, .hand button").evaluate_all(
        "els => els.map(e => e.innerText + ' ' + (e.getAttribute('aria-label') || ''))"))
    assert not re.search(CODE, buttons), buttons
    assert app.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
