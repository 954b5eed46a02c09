"""The Match-Maker in the browser: a whole game by clicking, a cancellation offered to the
player, reload and resume, no face-down identity in the DOM, history, accessibility; a stack
that may not be opened says why when clicked, the grid is revealed at the end, and options
read as words in the lobby and in History."""

from __future__ import annotations

import re

import pytest
from matchbook import (
    ENGINE_READY,
    fast_bots,
    inject_current,
    moves,
    open_app,
    pick_game,
    wait_idle,
    wait_moves_above,
)

import engine
from engine.games.match_maker import MatchMaker
from engine.games.match_maker.rules import person_counts
from engine.games.match_maker.words import PERSONS

NAMES = ("straight man", "straight woman", "gay man", "gay woman", "celibate man",
         "celibate woman")
CODE = re.compile(r"\b(?:straight|gay|celibate)-[mf]\b|orientation-change|sex-change"
                  r"|\bsoulmate\b|\bdeathmate\b")
# The page as a browser holds it, less the face-up cards and the grid locations showing one
# (which may name their card).
WITHOUT_FACES = """() => {
  const copy = document.getElementById('app').cloneNode(true);
  copy.querySelectorAll('.mx-cell').forEach((cell) => {
    if (cell.querySelector('.face')) cell.remove();
  });
  copy.querySelectorAll('.face').forEach((node) => node.remove());
  const grid = copy.querySelector('.mx-grid');
  const log = [...copy.querySelectorAll('.log li')].map((li) => li.textContent);
  return {page: copy.outerHTML, grid: grid ? grid.outerHTML : '', log: log};
}"""


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def start_match_maker(page, players: int = 2, seed: str = "") -> None:
    pick_game(page, "match_maker")
    page.select_option("#players", str(players))
    if seed:
        page.fill("#seed", seed)
    page.click("#start")
    wait_idle(page)


def play_one_turn(page) -> None:
    """One legal move as a simple player: the first stack the grid offers, else the first
    choice button (Couple, draw a mate card, draw a change card, the first replacement, try
    to cancel)."""
    before = moves(page)
    stacks = page.locator(".mx-grid [data-action]")
    if stacks.count():
        stacks.first.click()
    else:
        page.locator(".choices button[data-action]").first.click()
    wait_moves_above(page, before)


def assert_no_face_down_identity(page) -> None:
    scrubbed = page.evaluate(WITHOUT_FACES)
    grid = scrubbed["grid"]
    assert grid, "the grid is on the page"
    for trace in NAMES + ("straight", "gay", "celibate", "♂", "♀"):
        assert trace not in grid, f"the grid shows {trace!r} outside a face-up card"
    assert not CODE.search(scrubbed["page"]), CODE.search(scrubbed["page"]).group(0)
    for line in scrubbed["log"]:  # what happened, never where a card went back face down
        assert not (" at row " in line and any(name in line for name in NAMES)), line


def test_full_two_player_game_by_clicking_to_the_end_screen_and_history(app, axe):
    open_app(app)
    start_match_maker(app, players=2, seed="3")
    assert app.locator(".mx-grid .mx-cell").count() == 20
    assert app.locator(".mx-grid").get_by_text("3 cards").count() + app.locator(
        ".mx-grid").get_by_text("2 cards").count() >= 18  # depth shown on every stack
    checked = 0
    for _ in range(400):
        if wait_idle(app) == "over":
            break
        if app.locator(".mx-turn-zone .face").count() and checked < 6:
            assert_no_face_down_identity(app)  # with cards face up this turn
            checked += 1
        play_one_turn(app)
    else:
        raise AssertionError("the game did not end")
    end = app.locator(".mx-end")
    text = end.inner_text()
    assert re.search(r"wins the game|win the game|Shared victory", text)
    for words in ("The Match-Maker", "The Player", "The Grand Master", "Special events"):
        assert words in text
    assert end.locator(".mx-scores tbody tr").count() == 2
    assert app.locator("button[data-cmd=rematch]").count() == 1  # the app's, under the result
    assert app.locator(".mx-collection").count() == 2  # each player's piles stay on show
    assert_no_face_down_identity(app)
    violations = axe(app)  # the end screen too
    assert violations == [], [(v["id"], v["help"], v["nodes"][0]["html"]) for v in violations]
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first
    assert "The Match-Maker" in row.inner_text() and "match-maker-v1" in row.inner_text()


def cancellation_scenario() -> engine.Game:
    """Seat 1 (a bot) is to move with two stacks left, a straight man and a gay man: it opens
    both, misses, and draws the Orientation Change on top of the Change Chance pile. The next
    card there is the other Orientation Change, so the human's attempt cancels it (MX-A12)."""
    empty = [[] for _ in range(5)]
    grid = [[["straight-m"], ["gay-m"], [], [], []], empty, list(empty), list(empty)]
    ctp = ["gay-m", "straight-f", "celibate-m"]
    placed = ["straight-m", "gay-m"] + ctp
    deck = person_counts("standard", 62)
    discard = [code for code in PERSONS for _ in range(deck[code] - placed.count(code))]
    position = {"grid": grid, "change_to_person": ctp, "mate_pile": ["deathmate", "soulmate"],
                "change_pile": ["orientation-change", "orientation-change", "sex-change",
                                "time"],
                "discard": discard, "to_move": 1}
    return engine.from_scenario({"game": "match_maker", "players": 2, "seed": 5,
                                 "position": position})


def test_a_cancellation_attempt_is_offered_to_the_human(app):
    game = cancellation_scenario()
    assert isinstance(game, MatchMaker) and game.to_move == 1
    app.goto("index.html")
    inject_current(app, game, ["human", "bot"])
    open_app(app, "#/play")
    assert wait_idle(app) == "human"
    status = app.locator("#table-status").inner_text()
    assert "Orientation Change" in status and "cancel" in status
    choices = app.locator(".choices button:not([data-cmd=hint])")  # and the Hint
    assert choices.all_inner_texts() == ["Try to cancel the Orientation Change",
                                        "Let the Orientation Change stand"]
    # The change card lies face up, its face printing what it does ("new orientation",
    # tools/card_faces.py), its name saying it in full; both opened cards too.
    change = app.locator(".mx-turn-zone .face[aria-label^='Orientation Change:']")
    art = change.locator(":scope > svg.art > use")
    assert art.get_attribute("href") == "static/cards/match_maker.svg#c-orientation-change"
    app.wait_for_function("() => document.querySelector('.mx-turn-zone .face > svg.art > use')"
                          ".getBoundingClientRect().width > 8")
    assert "same sex, another orientation" in change.get_attribute("aria-label")
    assert app.locator(".mx-grid .mx-pc").all_inner_texts() in (["1st", "2nd"], ["2nd", "1st"])
    before = moves(app)
    choices.first.click()
    wait_moves_above(app, before)
    assert wait_idle(app) == "human"
    log = app.locator(".log li").all_text_contents()  # the log is folded away
    assert any(line.startswith("Cancelled: both Orientation Change cards") for line in log), log
    # The cancelled card gives the bot nothing: its turn ended, and now it is ours.
    assert app.locator("#table-status").inner_text().startswith("Your turn")
    assert app.locator(".mx-grid button[data-action]").count() == 2
    # One Change Chance card drawn by the bot, one opened by us: two left.
    assert "2 cards face down" in app.locator(".mx-pile", has_text="Change Chance").inner_text()


def test_reload_mid_turn_resumes_the_same_grid(app):
    open_app(app)
    start_match_maker(app, players=2, seed="11")
    play_one_turn(app)  # PC1 lies open: the turn is half done
    for _ in range(10):
        if app.locator(".mx-grid .mx-pc").count() == 1 and wait_idle(app) == "human":
            break
        play_one_turn(app)
    assert app.locator(".mx-grid .mx-pc").count() == 1
    grid = app.locator(".mx-grid").inner_html()
    turn = app.locator(".mx-turn-zone").inner_html()
    count = moves(app)
    assert_no_face_down_identity(app)
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert moves(app) == count
    assert app.locator(".mx-grid").inner_html() == grid
    assert app.locator(".mx-turn-zone").inner_html() == turn
    play_one_turn(app)  # and the game goes on from there: PC2
    assert app.locator(".mx-grid .mx-pc").count() in (0, 2)


def test_match_maker_table_has_no_accessibility_violations(app, axe):
    open_app(app)
    start_match_maker(app, players=3, seed="9")
    play_one_turn(app)  # a face-up card on the grid, and on the "this turn" strip
    wait_idle(app)
    violations = axe(app)
    assert violations == [], [(v["id"], v["help"], v["nodes"][0]["html"]) for v in violations]


def test_a_stack_that_may_not_be_opened_says_why_and_the_grid_is_revealed_at_the_end(
        app, tmp_path):
    open_app(app)
    start_match_maker(app, players=2, seed="3")
    assert wait_idle(app) == "human"
    first = app.locator(".mx-grid button[data-action]").first
    cell = first.locator("xpath=..").get_attribute("data-cell")
    before = moves(app)
    first.click()
    wait_moves_above(app, before)
    wait_idle(app)
    # The first card lies open; its own stack is now a button that asks the engine.
    again = app.locator(f".mx-cell[data-cell='{cell}'] button[data-try]")
    assert again.locator(".mx-sr").text_content().endswith("cannot be opened now")
    count = moves(app)
    again.click()
    refusal = app.locator(".refusal")
    refusal.wait_for()
    row, col = cell.split(",")
    assert (f"You opened your first card at row {row}, column {col}: the second comes from"
            " another stack") in refusal.inner_text()
    assert refusal.locator("a.rule-link").get_attribute("href").endswith("/MX-A3")
    assert moves(app) == count  # refused: nothing changed
    for width in (1280, 360):
        app.set_viewport_size({"width": width, "height": 800})
        app.screenshot(path=str(tmp_path / f"match-maker-refusal-{width}.png"), full_page=True)
    app.set_viewport_size({"width": 1280, "height": 800})
    for _ in range(400):
        if wait_idle(app) == "over":
            break
        play_one_turn(app)
    else:
        raise AssertionError("the game did not end")
    # At the end every card on the grid lies face up, so the players can check their memory.
    board = app.locator(".mx-final-board")
    assert board.is_visible()
    assert board.locator(".mx-grid .card.back").count() == 0
    stacks = board.locator(".mx-grid .mx-stack:not(.empty)").count()
    assert stacks and board.locator(".mx-grid .mx-top.face").count() == stacks
    assert "revealed at the end of the game" in board.inner_text()
    for width in (1280, 360):
        app.set_viewport_size({"width": width, "height": 800})
        app.screenshot(path=str(tmp_path / f"match-maker-end-{width}.png"), full_page=True)
        assert app.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_options_read_as_words_in_the_lobby_and_in_history(app):
    open_app(app)
    pick_game(app, "match_maker")
    rounds = app.locator("#opt-max_rounds option").all_inner_texts()
    assert rounds == ["No limit", "5 rounds", "10 rounds", "20 rounds"]
    mixes = app.locator("#opt-chance_mix option").all_inner_texts()
    assert mixes[0] == "Soulmate, Deathmate, 2 Orientation Changes, Sex Change, Time"
    lobby = app.locator("#app").inner_text()
    for code in ("SM1 DM1", "preserve_attraction", "bottom_of_pile", "2x_players"):
        assert code not in lobby
    app.select_option("#opt-max_rounds", label="5 rounds")
    app.select_option("#players", "2")
    app.fill("#seed", "4")
    app.click("#start")
    for _ in range(400):
        if wait_idle(app) == "over":
            break
        play_one_turn(app)
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first
    assert "Most rounds: 5 rounds" in row.inner_text()
    assert "max_rounds" not in row.inner_text() and "None" not in row.inner_text()
