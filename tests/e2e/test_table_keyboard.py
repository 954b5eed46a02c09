"""Keyboard, screen reader and links at the table (issue #30 items 4 and 5, in part): the
focus stays in your hand after a move, arrow keys move through the cards and Enter plays one,
every move by anyone is said once in words in a live region, and a shared link has a Copy
button."""

from __future__ import annotations

import re

import pytest
from matchbook import (
    fast_bots,
    moves,
    open_app,
    pick_game,
    start_matatu,
    wait_idle,
    wait_moves_above,
)

FOCUS_IN_HAND = "() => !!document.activeElement.closest('.dock')"


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["360x740", "1280x800"])
def test_the_hand_is_played_from_the_keyboard_and_keeps_the_focus(app, size):
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app)
    start_matatu(app, players=2, seed="12")
    cards = app.locator(".dock .hand button")
    cards.first.focus()
    app.keyboard.press("ArrowRight")
    assert app.evaluate("document.activeElement.dataset.card") == \
        cards.nth(1).get_attribute("data-card")
    app.keyboard.press("ArrowLeft")
    app.keyboard.press("End")
    last = cards.nth(cards.count() - 1).get_attribute("data-card")
    assert app.evaluate("document.activeElement.dataset.card") == last
    # Enter on a playable card plays it; the focus stays in the dock, not on the page.
    playable = app.locator(".dock .hand button[data-action]")
    if playable.count() == 0:
        playable = app.locator(".dock [data-action]")
    before = app.evaluate("document.documentElement.dataset.moves")
    playable.first.focus()
    app.keyboard.press("Enter")
    app.wait_for_function(f"() => document.documentElement.dataset.moves !== '{before}'")
    wait_idle(app)
    assert app.evaluate(FOCUS_IN_HAND), app.evaluate("document.activeElement.outerHTML")


def test_every_move_is_said_once_in_words_in_a_live_region(app):
    open_app(app)
    start_matatu(app, players=3, seed="5")
    announcer = app.locator("#announcer")
    assert announcer.get_attribute("aria-live") == "polite"
    before = app.evaluate("document.documentElement.dataset.moves")
    app.locator(".dock [data-action]").first.click()
    app.wait_for_function(f"() => document.documentElement.dataset.moves !== '{before}'")
    wait_idle(app)
    said = announcer.inner_text()
    assert "Seat 2" in said or "Seat 3" in said, said  # the bots' moves, in words
    newest = app.locator(".recent li").first.inner_text()
    assert newest in said  # the same words the table shows
    assert not app.locator("#app #announcer").count()  # outside <main>: never redrawn


def test_a_shared_link_has_a_copy_button(app, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(app)
    start_matatu(app, players=3, seed="31337")
    app.click("[data-cmd=share-deal]")
    link = app.locator("#share-link").input_value()
    app.click("[data-cmd=copy-link]")
    app.wait_for_function("() => document.getElementById('share-copied').textContent !== ''")
    assert app.locator("#share-copied").inner_text().startswith(("Copied", "Selected"))
    if app.locator("#share-copied").inner_text().startswith("Copied"):
        assert app.evaluate("navigator.clipboard.readText()") == link


def test_your_matatu_hand_s_value_shows_while_you_play(app):
    open_app(app)
    start_matatu(app, players=2, seed="12")
    worth = app.locator(".facts .hand-points").inner_text()
    assert re.fullmatch(r"Your hand: \d+ points?", worth), worth


ACTIVE = "() => [document.activeElement.closest('[data-zone]')?.dataset.zone || null," \
         " document.activeElement.dataset.card || document.activeElement.dataset.cell" \
         " || document.activeElement.textContent.trim().slice(0, 20)]"


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["360x740", "1280x800"])
def test_each_zone_of_the_table_is_one_tab_stop(app, size):
    """Tab moves from the hand to the choices to what follows, not card by card; Shift+Tab
    comes back to the card you were on; the arrow keys move within a zone."""
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app)
    start_matatu(app, players=2, seed="12")
    cards = app.locator(".dock .hand button")
    assert cards.count() >= 5
    stops = app.evaluate("[...document.querySelectorAll('.dock .hand button')]"
                         ".filter(b => b.tabIndex >= 0).length")
    assert stops == 1
    # The page's skip link goes straight to your hand, and leaves the route alone.
    app.focus("a.skip")
    app.keyboard.press("Enter")
    assert app.evaluate(ACTIVE)[0] == "hand" and app.evaluate("location.hash") == "#/play"
    cards.first.focus()
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowRight")
    third = cards.nth(2).get_attribute("data-card")
    assert app.evaluate(ACTIVE) == ["hand", third]
    app.keyboard.press("Tab")
    zone, _ = app.evaluate(ACTIVE)
    assert zone == "choices"  # one Tab out of a hand of seven
    app.keyboard.press("Tab")
    assert app.evaluate(ACTIVE)[0] is None  # and one Tab out of the choices
    app.keyboard.press("Shift+Tab")
    app.keyboard.press("Shift+Tab")
    assert app.evaluate(ACTIVE) == ["hand", third]  # back on the card you were on


def test_the_grid_is_walked_row_by_row_with_the_arrow_keys(app):
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app)
    pick_game(app, "match_maker")
    app.fill("#seed", "7")
    app.click("#start")
    assert wait_idle(app) == "human"
    cells = app.locator(".mx-grid button")
    stops = app.evaluate("[...document.querySelectorAll('.mx-grid button')]"
                         ".filter(b => b.tabIndex >= 0).length")
    assert cells.count() >= 10 and stops == 1
    app.locator(".mx-grid button[tabindex='0']").focus()
    start = app.evaluate("document.activeElement.closest('li').dataset.cell")
    app.keyboard.press("ArrowDown")
    below = app.evaluate("document.activeElement.closest('li').dataset.cell")
    assert below.split("-")[0] != start.split("-")[0], (start, below)  # another row
    app.keyboard.press("ArrowUp")
    assert app.evaluate("document.activeElement.closest('li').dataset.cell") == start
    app.keyboard.press("ArrowRight")
    beside = app.evaluate("document.activeElement.closest('li').dataset.cell")
    assert beside != start
    # Enter opens the focused stack, as a tap does (if it may be opened now).
    if app.locator(".mx-grid button[tabindex='0']").get_attribute("data-action") is None:
        app.locator(".mx-grid button[data-action]").first.focus()
    before = moves(app)
    app.keyboard.press("Enter")
    wait_moves_above(app, before)


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["360x740", "1280x800"])
def test_a_screen_reader_meets_the_table_in_words(app, size):
    """Playwright's accessibility snapshot of the table: the players, the pile, your hand (by
    card names and what each does) and your choices, each a named group; nothing of the
    other hands."""
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app)
    start_matatu(app, players=3, seed="12")
    tree = app.locator("#app").aria_snapshot()
    assert 'heading "Matatu" [level=2]' in tree
    assert re.search(r'status: "Your turn: ', tree), tree
    assert 'list "Players"' in tree and "listitem: You 7 cards to move" in tree
    assert re.search(r'img "Top of the pile: [A-Z0-9]', tree)
    assert 'list "Your hand, 7 cards"' in tree
    names = re.findall(r'button "([^"]+)"', tree.split('list "Your hand, 7 cards"')[1])
    cards = [name for name in names if "not playable now" in name or ", Play " in name]
    assert len(cards) == 7, names
    assert all(re.fullmatch(r"\S+, [\w ]+ of \w+, (not playable now|Play \S+)", name)
               or "Joker" in name for name in cards), cards
    assert 'group "Your choices"' in tree and 'button "Draw a card' in tree
    hidden = app.evaluate("document.querySelectorAll('#app [data-card]').length")
    assert hidden == 7  # only your own cards are in the page at all
