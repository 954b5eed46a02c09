"""No error reaches the page (issue #27 item 5): the flows a returning player takes — the
lobby's "Resume it" after reopening the page mid-game, "Play round N" between rounds — raise
nothing, in every game. (Before, both saved with nothing new to save and raised TypeError in
ui/storage.py: a red "Uncaught PythonError" box stayed on screen until a reload; the suite
passed because a test did not fail when the page threw. Now every test does: conftest.py.)"""

from __future__ import annotations

import pytest
from matchbook import ENGINE_READY, fast_bots, moves, open_app, pick_game, shot, wait_idle

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
    app.fill("#seed", "5")  # one deal every run (a random one could end before the reopen)
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


# The test's own hook into the page: Python run in the page's MicroPython (as
# test_boot_preloads.py does), here to plant a command, or a timer, that fails.
PYTHON_JS = """async (code) => {
  const core = await import('/static/vendor/pyscript/core.js');
  const mpy = await core.whenDefined('mpy');
  mpy.interpreter.runPython(code);
}"""
# A command the app's delegated click listener runs in a task of its own, as it runs Start.
FAILING_COMMAND = """
import ui.app
async def explode(target):
    raise RuntimeError("planted by the test: an error nobody expected")
ui.app.app.commands["test-explode"] = explode
import js
button = js.document.createElement("button")
button.setAttribute("data-cmd", "test-explode")
button.id = "explode"
button.textContent = "Explode"
js.document.getElementById("app").append(button)
"""
# A Python function JavaScript calls (a timer), which raises.
FAILING_TIMER = """
import js
from jsffi import create_proxy
def tick(*args):
    raise ValueError("planted by the test: a timer that fails")
js.setTimeout(create_proxy(tick), 0)
"""
CALM = "#ui-error[role=alertdialog]"


def assert_calm_message(page, planted: str) -> None:
    box = page.locator(CALM)
    box.wait_for(timeout=10_000)
    assert box.get_by_role("heading").inner_text() == "Something went wrong"
    assert "Traceback" not in box.locator("p").all_inner_texts()[0]
    reload_button = box.get_by_role("button", name="Reload")
    assert reload_button.is_visible()
    report = box.locator("textarea").input_value()
    assert report.startswith("Matchbook error report")
    assert "Page: " + page.url in report and planted in report
    page.wait_for_function("() => /Build: matchbook-[0-9a-f]+/"
                           ".test(document.querySelector('#ui-error textarea').value)")
    assert "Browser: " in report
    # PyScript's own red box never shows.
    assert page.locator(".py-error, .mpy-error").count() == 0


@pytest.mark.expect_page_errors("planted by the test")
@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_an_unexpected_error_shows_a_calm_message_with_reload_and_a_report(
        app, browser_log, width, height):
    app.set_viewport_size({"width": width, "height": height})
    open_app(app)
    app.evaluate(PYTHON_JS, FAILING_COMMAND)
    app.click("#explode")
    assert_calm_message(app, "planted by the test: an error nobody expected")
    assert app.locator("#ui-error-report").evaluate("a => a.readOnly")
    shot(app, f"i27a/error-{width}x{height}.png")
    app.get_by_role("button", name="Copy report").click()
    assert "Report" in app.locator(".ui-error-status").inner_text()
    assert app.locator("#ui-error-report").is_visible()  # unfolded, selected for copying
    shot(app, f"i27a/error-copied-{width}x{height}.png")
    # A second error adds to the report; the message stays one.
    app.evaluate(PYTHON_JS, FAILING_TIMER)
    app.wait_for_function("() => document.querySelector('#ui-error textarea').value"
                          ".includes('a timer that fails')")
    assert app.locator(CALM).count() == 1
    # Reload starts the page again, without the message.
    app.get_by_role("button", name="Reload").click()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert app.locator(CALM).count() == 0
    assert browser_log.console_errors or browser_log.python_errors or browser_log.page_errors


@pytest.mark.expect_page_errors("planted by the test")
def test_a_failing_timer_alone_shows_the_calm_message(app):
    open_app(app)
    app.evaluate(PYTHON_JS, FAILING_TIMER)
    assert_calm_message(app, "planted by the test: a timer that fails")
