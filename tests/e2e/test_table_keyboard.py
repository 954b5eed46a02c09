"""Keyboard, screen reader and links at the table (issue #30 items 4 and 5, in part): the
focus stays in your hand after a move, arrow keys move through the cards and Enter plays one,
every move by anyone is said once in words in a live region, and a shared link has a Copy
button."""

from __future__ import annotations

import re

import pytest
from matchbook import fast_bots, open_app, start_matatu, wait_idle

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
