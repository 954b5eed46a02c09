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
      worst = {right: Math.round(r.right), tag: el.tagName, cls: el.className && el.className.baseVal === undefined ? el.className : '', id: el.id, text: (el.innerText || '').slice(0, 40)};
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
    page.click(f"button[data-game={game_id}]")
    page.select_option("#players", str(PLAYERS[game_id]))
    page.fill("#seed", seed)
    page.click("#start")
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
    put_current(page, before, seats, viewer=seat)
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
        app.click(f"button[data-game={game_id}]")
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
        finish(app, game_id, 3)
        fits.check("table-" + game_id + "-over")
    app.click("nav.top a[data-nav=history]")
    app.wait_for_selector(".history-table")
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
