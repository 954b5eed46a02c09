"""No error reaches the page (issue #27 item 5): the flows a returning player takes — the
lobby's "Resume it" after reopening the page mid-game, "Play round N" between rounds — raise
nothing, in every game. (Before, both saved with nothing new to save and raised TypeError in
ui/storage.py: a red "Uncaught PythonError" box stayed on screen until a reload; the suite
passed because a test did not fail when the page threw. Now every test does: conftest.py.)"""

from __future__ import annotations

import pytest
from matchbook import ENGINE_READY, fast_bots, moves, open_app, pick_game, wait_idle

GAMES = ("matatu", "matchmaster", "match_maker", "matchmakers")
# One legal move, as a simple player makes it: a card the hand may play, a stack of the grid,
# else the first choice the table offers (never "take back", which would undo for ever).
MOVE_TARGETS = (".hand button.legal:not([aria-label*='Take back'])",
                ".mx-grid [data-action]",
                ".choices button[data-action]",
                "section.table [data-action]:not([aria-label*='Take back'])")
SAVED = """() => {
  const head = JSON.parse(localStorage.getItem("matchbook:current") || "null");
  return head !== null && head.moves === +document.documentElement.dataset.moves;
}"""


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def any_move(page) -> None:
    before = moves(page)
    for target in MOVE_TARGETS:
        found = page.locator(target)
        if found.count():
            choose = found.first.get_attribute("data-choose")
            found.first.click()
            if choose:  # several ways to play this card: the choices appear
                page.locator(".choices button[data-action]").first.click()
            break
    else:
        raise AssertionError("the table offers no move: " + page.locator("#app").inner_text())
    page.wait_for_function(f"() => +document.documentElement.dataset.moves > {before}")


def play_on(page, count: int) -> None:
    for _ in range(count):
        assert wait_idle(page) == "human", "the game ended or wants a hand-off"
        any_move(page)


def assert_no_error_on_the_page(page, browser_log) -> None:
    assert page.locator(".py-error, .mpy-error").count() == 0
    assert not browser_log.page_errors and not browser_log.python_errors
    assert not browser_log.console_errors


@pytest.mark.parametrize("game", GAMES)
def test_resume_it_from_the_lobby_after_a_reopen_plays_on(app, browser_log, game):
    open_app(app)
    pick_game(app, game)
    app.click("#start")
    play_on(app, 2)
    wait_idle(app)
    app.wait_for_function(SAVED)
    count = moves(app)

    app.evaluate("location.hash = '#/'")
    app.reload()  # the page reopened: the lobby offers the unfinished game
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    app.locator("#resume-notice [data-cmd=resume]").click()
    assert wait_idle(app) == "human" and moves(app) >= count
    assert_no_error_on_the_page(app, browser_log)
    play_on(app, 3)
    wait_idle(app)
    assert moves(app) >= count + 3
    app.wait_for_function(SAVED)  # and it is still saved as it goes
    assert_no_error_on_the_page(app, browser_log)


def test_play_round_two_after_the_first_round_plays_on(app, browser_log):
    open_app(app)
    pick_game(app, "matchmaster")
    app.select_option("#players", "3")
    app.fill("#seed", "5")
    app.click("#start")
    for _ in range(60):
        turn = wait_idle(app, dismiss_summary=False)
        if turn == "summary":
            break
        any_move(app)
    else:
        raise AssertionError("the first round did not end")
    app.get_by_role("button", name="Play round 2").click()
    app.wait_for_function("() => document.documentElement.dataset.turn !== 'summary'")
    play_on(app, 2)
    app.wait_for_function(SAVED)
    assert_no_error_on_the_page(app, browser_log)
