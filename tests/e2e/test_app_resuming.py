"""A reload mid-game shows the saved position at once, before the engine has booted (issue #13
item 1): the table the player last saw, kept with the save, read-only with a "Resuming…" mark;
a card pressed then only says the game is resuming; the engine takes over and play goes on. A
hot-seat game kept only whose hand-off it was: no hand shows before the engine either."""

from __future__ import annotations

import json

import pytest
from matchbook import (
    ENGINE_READY,
    fast_bots,
    moves,
    open_app,
    play_one_turn,
    shot,
    start_matatu,
    wait_idle,
)

TURN = "document.documentElement.dataset.turn"
SAVED_MOVES = """() => {
  const head = JSON.parse(localStorage.getItem("matchbook:current") || "null");
  return head && head.view && head.moves === +document.documentElement.dataset.moves;
}"""


@pytest.fixture
def app(new_context, browser_log):
    # The service worker would answer the held engine file from its cache after a reload.
    context = new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    context.on("request", browser_log.on_request)
    context.on("page", browser_log.watch_page)
    fast_bots(context)
    return context.new_page()


def hand(page) -> list[str]:
    return page.locator(".hand button").evaluate_all("cards => cards.map(c => c.dataset.card)")


def pile_top(page) -> str:
    return page.locator(".pile .card").first.get_attribute("aria-label")


def reload_held(page, hold):
    """Reload with the engine held mid-boot; the saved game's table shows meanwhile."""
    page.wait_for_function(SAVED_MOVES)  # the save runs just after the render
    release = hold("engine.snapshot.gz")
    page.reload()
    page.wait_for_selector("html[data-ui=ready]", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.engine") != "ready"
    return release


def test_a_reload_mid_game_shows_the_saved_table_until_the_engine_takes_over(app, hold):
    open_app(app)
    start_matatu(app, players=3, seed="77")
    for _ in range(3):
        wait_idle(app)
        play_one_turn(app)
    assert wait_idle(app) == "human"
    cards, top, count = hand(app), pile_top(app), moves(app)
    status = app.locator("#table-status").inner_text()

    release = reload_held(app, hold)
    mark = app.locator(".resuming-mark")
    assert mark.is_visible() and mark.inner_text() == "Resuming…"
    assert hand(app) == cards and pile_top(app) == top and moves(app) == count
    assert app.locator("#table-status").inner_text() == status
    assert app.evaluate(TURN) == "resuming"
    assert app.locator(".hand button[aria-disabled=true]").count() == len(cards)
    shot(app, "resume/table-1280x800.png")

    # A card pressed now says the game is resuming, and nothing is played. (Pressed at 1280 px:
    # on a phone the sticky action bar lies over the hand, and a forced click at the card's
    # place can land on the bar's prompt instead.)
    app.locator(".hand button").first.click(force=True)  # aria-disabled, still pressable
    assert "resuming" in app.locator(".refusal").inner_text()
    assert moves(app) == count and hand(app) == cards
    app.locator("[data-cmd=resuming]", has_text="Share this deal").click(force=True)
    assert app.locator(".notice.share").count() == 0
    app.set_viewport_size({"width": 360, "height": 740})
    shot(app, "resume/table-360x740.png", full_page=True)

    release()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert wait_idle(app) == "human"
    assert app.locator(".resuming-mark").count() == 0
    assert hand(app) == cards and pile_top(app) == top and moves(app) == count
    play_one_turn(app)
    assert moves(app) > count


def test_the_lobby_offers_the_kept_game_and_resume_shows_it_before_the_engine(app, hold):
    open_app(app)
    start_matatu(app, players=2, seed="5")
    wait_idle(app)
    play_one_turn(app)
    wait_idle(app)
    count = moves(app)
    app.evaluate("location.hash = '#/'")
    release = reload_held(app, hold)
    notice = app.locator("#resume-notice")
    assert f"unfinished game of Matatu ({count} move" in notice.inner_text()
    notice.locator("[data-cmd=resume]").click()
    app.wait_for_selector(".resuming-mark")
    assert app.evaluate("location.hash") == "#/play" and moves(app) == count
    release()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert wait_idle(app) == "human" and moves(app) == count


def test_a_hot_seat_game_shows_only_the_hand_off_before_the_engine(app, hold):
    open_app(app)
    start_matatu(app, players=2, seed="31", seats=["human", "human"])
    for _ in range(12):
        if wait_idle(app) == "handoff":
            break
        play_one_turn(app)
    else:
        raise AssertionError("no hand-off between two human players")
    heading = app.locator(".handoff h2").inner_text()
    count = moves(app)
    head = json.loads(app.evaluate("localStorage.getItem('matchbook:current')"))
    assert set(head["view"]) == {"moves", "handoff"}  # no hand in storage for hot seat

    release = reload_held(app, hold)
    assert app.locator(".handoff h2").inner_text() == heading
    assert app.locator(".resuming-mark").is_visible()
    assert app.locator(".hand, .card.face").count() == 0
    shot(app, "resume/handoff-1280x800.png")
    app.locator("button", has_text="show my hand").click(force=True)
    assert "resuming" in app.locator(".refusal").inner_text()
    assert app.locator(".hand").count() == 0
    app.set_viewport_size({"width": 360, "height": 740})
    shot(app, "resume/handoff-360x740.png", full_page=True)

    release()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert wait_idle(app) == "handoff" and moves(app) == count
    assert app.locator(".resuming-mark").count() == 0
    app.click("[data-cmd=handoff-done]")
    app.wait_for_selector(".hand")
    play_one_turn(app)
    assert moves(app) > count
