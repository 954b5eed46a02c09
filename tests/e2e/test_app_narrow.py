"""Every screen on a 360 px phone and the last accessibility leftovers (issue #9 items 4, 10,
12): no sideways scrolling anywhere, History as cards, the current decision always in view,
replay buttons that need no emoji font, and axe clean where the end screens show."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from matchbook import (
    ENGINE_READY,
    before_last_move_of,
    fast_bots,
    moves,
    open_app,
    pick_game,
    play_one_turn,
    put_current,
    wait_idle,
    wait_moves_above,
)

GAMES = ["matatu", "matchmaster", "matchmakers", "match_maker"]
PLAYERS = {"matatu": 2, "matchmaster": 3, "matchmakers": 4, "match_maker": 2}
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
SHOTS = Path(os.environ.get("MATCHBOOK_SHOTS", "")) if os.environ.get("MATCHBOOK_SHOTS") \
    else None
WIDTH = "() => [document.documentElement.scrollWidth, innerWidth]"
# The widest element reaching past the screen's right edge, to name in a failure.
CULPRIT = """() => {
  let worst = null;
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > innerWidth + 0.5 && (!worst || r.right > worst.right)) {
      worst = {right: Math.round(r.right), tag: el.tagName, id: el.id,
               cls: String(el.getAttribute('class') || ''),
               text: (el.innerText || '').slice(0, 40)};
    }
  }
  return worst;
}"""


@pytest.fixture
def app(context, page):
    fast_bots(context)
    page.set_viewport_size(PHONE)
    return page


def shot(page, name: str) -> None:
    """With MATCHBOOK_SHOTS=dir, a full-page screenshot for a person to look at."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / (name + ".png")), full_page=True)


class Fits:
    """Collects every screen that scrolls sideways, so one run names them all."""

    def __init__(self, page):
        self.page = page
        self.wide: list[tuple[str, int, object]] = []
        self.seen: list[str] = []

    def check(self, name: str) -> None:
        page = self.page
        page.wait_for_timeout(50)
        scroll, inner = page.evaluate(WIDTH)
        self.seen.append(name)
        shot(page, "360-" + name)
        if scroll > inner:
            self.wide.append((name, scroll, page.evaluate(CULPRIT)))

    def assert_all(self) -> None:
        assert not self.wide, json.dumps(self.wide, indent=1)


def start_game(page, game_id: str, seed: str) -> None:
    page.click("nav.top a[data-nav=lobby]")
    pick_game(page, game_id)
    page.select_option("#players", str(PLAYERS[game_id]))
    page.fill("#seed", seed)
    page.click("#start")
    page.wait_for_selector("section.table, [data-cmd=abandon-start]")
    if page.locator("[data-cmd=abandon-start]").count():
        page.click("[data-cmd=abandon-start]")
    wait_idle(page)


def play_any(page, game_id: str) -> None:
    """One legal move: Matatu's helper, else the first thing of the table with an action."""
    if game_id == "matatu":
        play_one_turn(page)
        return
    before = moves(page)
    page.locator("section.table [data-action]:not([aria-label*='Take back'])").first.click()
    wait_moves_above(page, before)


def finish(page, game_id: str, seed: int):
    """The game one move before its end, in storage; the player makes that last move."""
    before, last, after = before_last_move_of(game_id, PLAYERS[game_id], seed,
                                              lambda g: g.over)
    seat = last["seat"]
    seats = ["bot"] * PLAYERS[game_id]
    seats[seat] = "human"
    put_current(page, before, seats, viewer=seat, entry="ended-" + game_id)
    wait_idle(page)
    index = before.legal_actions(seat).index(last)
    page.locator(f"[data-action='{index}']").first.click()
    assert wait_idle(page) == "over"
    return after


def test_every_screen_of_every_game_fits_a_360px_screen(app):
    fits = Fits(app)
    open_app(app)
    fits.check("lobby")
    for game_id in GAMES:
        app.click("nav.top a[data-nav=lobby]")
        pick_game(app, game_id)
        fits.check("lobby-" + game_id)
        app.goto(f"index.html#/rules/{game_id}")
        app.wait_for_selector("article.rules")
        fits.check("rules-" + game_id)
        start_game(app, game_id, "5")
        fits.check("table-" + game_id + "-start")
        for _ in range(6):
            if wait_idle(app) == "over":
                break
            play_any(app, game_id)
        wait_idle(app)
        fits.check("table-" + game_id + "-later")
    # Each start abandoned the game before it: History has those, unfinished, and the ends.
    for game_id in GAMES:
        finish(app, game_id, 3)
        fits.check("table-" + game_id + "-over")
    app.click("nav.top a[data-nav=history]")
    app.wait_for_selector(".history-table")
    assert app.locator(".history-table tbody tr").count() >= 4
    fits.check("history")
    app.locator(".history-table a", has_text="Replay").first.click()
    app.wait_for_selector("[data-cmd=replay-to]")
    fits.check("replay")
    app.locator("[data-cmd=replay-to][data-step='0']").first.click()
    app.wait_for_function("document.documentElement.dataset.replayStep === '0'")
    fits.check("replay-start")
    app.goto("editor.html")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    fits.check("editor")
    app.select_option("#ed-game", "matatu")
    app.select_option("#ed-players", "2")
    app.fill("#ed-seed", "7")
    app.click("#ed-deal")
    app.wait_for_selector('[data-cmd=pick][data-zone="hands.0"]', timeout=30_000)
    fits.check("editor-dealt")
    app.goto("lab.html")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    fits.check("lab")
    assert len(fits.seen) >= 4 * 5 + 5
    fits.assert_all()


IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5; }"""


def in_view(locator) -> bool:
    return locator.evaluate(IN_VIEW)


def test_the_match_makers_choices_stay_in_view_above_the_grid_on_a_phone(app):
    """Opening two stacks leaves choices (Couple, draw a card, try to cancel ...): on a phone
    they show at the bottom of the screen while the grid is scrolled, not 1,000 px down."""
    open_app(app)
    start_game(app, "match_maker", "8")
    seen = 0
    for _ in range(60):
        if wait_idle(app) == "over":
            break
        choices = app.locator(".choices button[data-action]")
        if choices.count():
            app.evaluate("scrollTo(0, 0)")
            app.wait_for_timeout(50)
            for index in range(choices.count()):
                assert in_view(choices.nth(index)), choices.nth(index).inner_text()
            prompt = app.locator(".action-bar .bar-prompt")
            assert in_view(prompt)
            assert prompt.inner_text() == app.locator("#table-status").inner_text()
            seen += 1
            if seen == 1:
                shot(app, "360-match_maker-choices")
            if seen >= 3:
                break
            choices.first.click()
        else:
            before = moves(app)
            app.locator(".mx-grid [data-action]").first.click()
            wait_moves_above(app, before)
    assert seen, "no choice came up"


def test_the_try_to_cancel_choice_is_in_view_on_a_phone(app):
    from test_match_maker_app import cancellation_scenario

    app.goto("index.html")
    put_current(app, cancellation_scenario(), ["human", "bot"])
    assert wait_idle(app) == "human"
    app.evaluate("scrollTo(0, 0)")
    cancel = app.locator(".choices button", has_text="Try to cancel")
    assert in_view(cancel)
    shot(app, "360-match_maker-cancel")


def test_matchmakers_prompt_stays_in_view_while_picking_a_card(app):
    open_app(app)
    start_game(app, "matchmakers", "4")
    status = app.locator("#table-status")
    for _ in range(40):
        assert wait_idle(app) == "human"
        if app.locator(".hand button.legal").count():
            break
        play_any(app, "matchmakers")
    else:
        raise AssertionError("never a card to pick")
    last = app.locator(".hand button.card").last
    last.scroll_into_view_if_needed()
    prompt = app.locator(".action-bar .bar-prompt")
    assert in_view(last) and in_view(prompt)
    assert prompt.inner_text() == status.inner_text() and prompt.inner_text()
    app.evaluate("scrollTo(0, 0)")
    assert in_view(prompt)
    shot(app, "360-matchmakers-picking")
    app.set_viewport_size(DESKTOP)
    assert not prompt.is_visible()  # on a wide screen the status line says it once
    shot(app, "1280-matchmakers-picking")


# ---- issue #9 item 12: axe on the end screens and History ------------------------------------

AXE_ALL = """async () => { const r = await axe.run(document);
  const brief = (list) => list.map(v => [v.id, v.nodes.slice(0, 4).map(n =>
      [n.target.join(' '), (n.any[0] || {}).message])]);
  return {violations: brief(r.violations),
          contrast: brief(r.incomplete.filter(v => v.id === 'color-contrast'))}; }"""


def axe_clean(page, axe, name: str) -> None:
    """Zero violations and zero colour-contrast items axe could not decide ("needs review")."""
    axe(page)  # loads axe-core into the page
    found = page.evaluate(AXE_ALL)
    assert found == {"violations": [], "contrast": []}, (name, json.dumps(found, indent=1))


@pytest.mark.parametrize("width", [1280, 360])
def test_end_screens_and_history_pass_axe_with_no_contrast_left_to_review(app, axe, width):
    app.set_viewport_size(DESKTOP if width == 1280 else PHONE)
    app.goto("index.html")
    finish(app, "matatu", 3)
    assert app.locator(".reveal").is_visible()
    shot(app, f"{width}-matatu-result")
    axe_clean(app, axe, "Matatu's result")
    finish(app, "matchmaster", 3)
    for sheet in app.locator("details", has=app.locator(".score-sheet")).all():
        sheet.evaluate("d => { d.open = true; }")
    # The end of the game shows the sheet, and its chart's legend names every player.
    assert app.locator(".score-sheet").last.is_visible()
    assert app.locator(".totals-chart .legend li").first.is_visible()
    assert app.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(app, f"{width}-matchmaster-sheet")
    axe_clean(app, axe, "Matchmaster's score sheet")
    finish(app, "matchmakers", 3)
    shot(app, f"{width}-matchmakers-final")
    axe_clean(app, axe, "the final Matchmakers screen")
    app.click("nav.top a[data-nav=history]")
    app.wait_for_selector(".history-table")
    assert app.locator(".history-table tbody tr").count() == 3
    last = app.locator(".history-table tbody tr").first
    assert last.locator("a", has_text="Replay").is_visible()
    assert last.locator("button", has_text="Share").is_visible()
    assert "won" in last.locator("td.result").inner_text() or "Tie" in last.inner_text() \
        or "Shared" in last.inner_text()
    shot(app, f"{width}-history")
    axe_clean(app, axe, "History")
    app.locator(".history-table a", has_text="Replay").first.click()
    app.wait_for_selector("[data-cmd=replay-to]")
    icons = app.locator(".replay-controls button svg.icon")
    assert icons.count() == 7  # every control draws its icon, and says it in words
    assert app.get_by_role("button", name="Previous turn").inner_text() == "Turn"
    shot(app, f"{width}-replay")
