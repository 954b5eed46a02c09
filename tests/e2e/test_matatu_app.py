"""Matatu in the browser, played by clicking as a person would (issue: platform + Matatu)."""

from __future__ import annotations

import json
import re

import pytest
from matchbook import (
    ENGINE_READY,
    fast_bots,
    inject_current,
    matatu_scenario,
    moves,
    open_app,
    open_setup,
    pick_game,
    play_one_turn,
    play_to_end,
    start_matatu,
    wait_idle,
    wait_moves_above,
    write_storage,
)


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def test_ui_is_usable_before_the_engine_is_ready(app, hold):
    """The lobby shows at once and says the engine is loading; it never waits blank."""
    release = hold("engine.snapshot.gz")  # the engine stays mid-boot meanwhile
    app.goto("index.html")
    app.wait_for_selector("html[data-ui=ready]", timeout=30_000)
    assert app.locator("#engine-status").is_visible()
    assert app.evaluate("document.documentElement.dataset.engine") == "loading"
    release()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert not app.locator("#engine-status").is_visible()


def test_full_round_against_bots_lands_in_history_and_replays(app):
    open_app(app)
    start_matatu(app, players=3, seed="2024")
    play_to_end(app)
    reveal = app.locator(".reveal")
    assert reveal.is_visible()
    assert reveal.locator("tbody tr").count() == 3  # every hand revealed with its points
    assert app.locator(".reveal h2").inner_text().strip()  # who won, or a tie

    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first
    assert "matatu-v1" in row.inner_text()
    assert "Matatu" in row.inner_text()
    # Options in words: the defaults, not "auto_cut=False, base_card_mode=virtual ..."
    assert "defaults" in row.inner_text() and "virtual" not in row.inner_text()
    row.locator("a", has_text="Replay").click()
    app.wait_for_selector("[data-cmd=replay-to]")
    total = int(app.evaluate("document.documentElement.dataset.replayStep"))
    assert total > 0
    app.get_by_role("button", name="Start", exact=True).click()
    app.wait_for_function("() => document.documentElement.dataset.replayStep === '0'")
    app.get_by_role("button", name="Forward", exact=True).click()
    app.wait_for_function("() => document.documentElement.dataset.replayStep === '1'")
    assert app.locator(".replay-controls .step").inner_text() == f"Move 1 of {total}"


@pytest.mark.quick
def test_illegal_card_shows_the_engines_reason(app):
    open_app(app)
    start_matatu(app, players=3, seed="7")
    for _ in range(30):  # find a turn where some card cannot be played
        if wait_idle(app) == "over":
            raise AssertionError("deal 7 ended with no unplayable card: pick another seed")
        blocked = app.locator(".hand button[data-try]")
        if blocked.count():
            before = moves(app)
            blocked.first.click()
            refusal = app.locator(".refusal")
            refusal.wait_for()
            # The reason is words (no rule id), and it links to its rule on the rules page.
            assert not re.search(r"MT-A\d+|[a-z]+\.\d+", refusal.inner_text())
            assert refusal.locator("a.rule-link").inner_text() == "Read the rule"
            assert moves(app) == before  # refused: nothing changed
            refusal.locator("a.rule-link").click()
            app.wait_for_selector("article.rules li.highlight")
            return
        play_one_turn(app)
    raise AssertionError("never held an unplayable card")


def test_cut_with_the_chopper_ends_the_round(app):
    """The rulebook's example: 7♦ 7♥ 8♠ with chopper 7♦ cuts, 15 points remain (MT-A3)."""
    game = matatu_scenario(["7D", "7H", "8S"], pile_top="6D", base_card="6D")
    app.goto("index.html")
    inject_current(app, game, ["human", "bot", "bot"])
    open_app(app, "#/play")
    wait_idle(app)
    app.locator(".hand button[data-choose='7D']").click()  # play as a 7, or cut
    app.locator(".choices button", has_text="Cut with 7♦").click()
    wait_moves_above(app, 0)
    assert wait_idle(app) == "over"
    assert "cut with the chopper" in app.locator(".reveal").inner_text()
    # The sum as it is made: 7♥ and 8♠ are worth 7 + 8.
    assert "7 + 8 = 15" in app.locator(".reveal-table tbody tr").first.inner_text()


def test_refused_cut_is_explained_and_the_round_carries_on(app):
    """Remaining 21 points: the cut is refused with the reason (MT-A3), nothing changes."""
    game = matatu_scenario(["7D", "KH", "8S"], pile_top="6D", base_card="6D")
    app.goto("index.html")
    inject_current(app, game, ["human", "bot", "bot"])
    open_app(app, "#/play")
    wait_idle(app)
    before = moves(app)
    app.locator(".choices button.unavailable", has_text="Cut with 7♦").click()
    refusal = app.locator(".refusal")
    refusal.wait_for()
    assert "21" in refusal.inner_text() and "20" in refusal.inner_text()
    assert moves(app) == before
    assert app.evaluate("document.documentElement.dataset.turn") == "human"


def test_reload_mid_round_resumes_the_same_position(app):
    open_app(app)
    start_matatu(app, players=3, seed="99")
    play_one_turn(app)
    wait_idle(app)
    hand = app.locator(".hand").inner_text()
    centre = app.locator(".centre").inner_text()
    count = moves(app)
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert moves(app) == count
    assert app.locator(".hand").inner_text() == hand
    assert app.locator(".centre").inner_text() == centre


def test_corrupted_records_are_quarantined_and_the_app_boots(app):
    good = {"kind": "history", "schema": 1, "id": "good", "game": "matatu",
            "rules": "matatu-v1", "save": "{}", "seats": ["human", "bot"],
            "summary": {"finished": "2026-11-01 10:00", "outcome": "You won"}}
    records = {
        "matchbook:history:good": json.dumps(good),
        "matchbook:history:badjson": "{not json",
        "matchbook:history:future": json.dumps({**good, "schema": 99}),
        "matchbook:history:nogame": json.dumps({**good, "game": "chess"}),
        "matchbook:history:newrules": json.dumps({**good, "rules": "matatu-v9"}),
        "matchbook:current": json.dumps({"kind": "current", "schema": 1, "game": "matatu",
                                         "rules": "matatu-v1", "save": "{\"format\": 1}",
                                         "seats": ["human", "bot"]}),
        "other-app:key": "left alone",
    }
    write_storage(app, records)
    open_app(app)
    notice = app.locator(".notice.warn")
    notice.wait_for()
    text = notice.inner_text()
    for key in ("badjson", "future", "nogame", "newrules", "current"):
        assert key in text
    stored = app.evaluate("Object.keys(localStorage)")
    assert "matchbook:history:good" in stored  # the good record is untouched
    assert "other-app:key" in stored  # not ours: never touched
    assert sum(key.startswith("matchbook:quarantine:") for key in stored) == 5
    assert not any(key in stored for key in ("matchbook:history:badjson", "matchbook:current"))


def test_two_tabs_on_one_game_do_not_overwrite_each_other(app, context):
    open_app(app)
    start_matatu(app, players=2, seed="5", seats=["human", "human"])
    other = context.new_page()
    open_app(other, "#/play")
    wait_idle(other)
    # Tab 1 moves on; tab 2, still on the old position, is told instead of overwriting.
    if app.evaluate("document.documentElement.dataset.turn") == "handoff":
        app.click("[data-cmd=handoff-done]")
    play_one_turn(app)
    other.locator(".notice.warn", has_text="another tab").wait_for(timeout=10_000)


def test_storage_full_says_so_and_play_continues(app, context):
    context.add_init_script("""
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === 'matchbook:current') {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
      };""")
    open_app(app)
    start_matatu(app, players=3, seed="11")
    app.locator(".notice", has_text="Storage is full").wait_for()
    play_one_turn(app)
    assert wait_idle(app) in ("human", "over")


def test_hot_seat_hides_the_previous_hand(app):
    open_app(app)
    start_matatu(app, players=2, seed="31", seats=["human", "human"])
    for _ in range(10):
        state = wait_idle(app)
        if state == "handoff":
            assert app.locator(".hand").count() == 0  # nothing of anyone's hand shows
            app.click("[data-cmd=handoff-done]")
            app.wait_for_selector(".hand")
            assert app.evaluate("document.documentElement.dataset.turn") == "human"
            return
        if state == "over":
            break
        play_one_turn(app)
    raise AssertionError("no handoff between two human players")


def test_every_action_is_reachable_by_keyboard(app):
    open_app(app)
    start_matatu(app, players=3, seed="8")
    before = moves(app)
    first = app.locator(".hand button.legal, .choices button[data-action]").first
    first.focus()
    app.keyboard.press("Enter")
    if app.locator(".choices button[data-action]").count() and moves(app) == before:
        app.locator(".choices button[data-action]").first.focus()
        app.keyboard.press("Enter")
    app.wait_for_function(f"() => +document.documentElement.dataset.moves > {before}")


def test_face_down_cards_carry_no_identity(app):
    open_app(app)
    start_matatu(app, players=4, seed="77")
    own = set(app.locator(".hand button").evaluate_all("els => els.map(e => e.dataset.card)"))
    table_html = app.locator(".table").inner_html()
    # Cards anyone can see: own hand, pile top, base card. Nothing else may be named.
    visible = own | set(app.locator(".centre [aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"))
    for back in app.locator(".card.back").all():
        assert back.get_attribute("aria-label") is None
        assert back.get_attribute("aria-hidden") == "true"
        assert back.inner_text() == ""
    assert "data-card" not in app.locator(".seats").inner_html()
    assert visible and table_html


def test_layout_fits_a_360px_screen(app):
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app)
    start_matatu(app, players=4, seed="3")
    overflow = app.evaluate("document.documentElement.scrollWidth")
    assert overflow <= 360


def test_rules_page_renders_the_engines_rules_data(app):
    open_app(app, "#/rules/matatu")
    app.wait_for_selector("article.rules")
    text = app.locator("article.rules").inner_text()
    assert "matatu-v1" in text
    assert "chopper" in text.lower()
    for ruling in ("MT-A1", "MT-A9", "MT-A18"):
        assert ruling in text
    assert app.locator("#option-jokers").is_visible()


@pytest.mark.parametrize("route", ["", "#/play", "#/rules/matatu"])
def test_no_accessibility_violations(app, axe, route):
    open_app(app)
    if route == "#/play":
        start_matatu(app, players=3, seed="42")
    elif route:
        app.goto("index.html" + route)
        app.wait_for_selector("article.rules")
    violations = axe(app)
    assert violations == [], json.dumps(
        [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in violations],
        indent=1)


def test_lobby_options_reach_the_engine_with_their_declared_values(app):
    """A select offers the engine's values in words (issue #9 item 9: the option's labels,
    never a code like end_round); the chosen one arrives typed as declared."""
    open_app(app)
    pick_game(app, "matatu")
    assert app.locator("#opt-base_card_mode option").all_inner_texts() == [
        "a marker only", "taken out of play"]
    app.select_option("#opt-session_rounds", label="3 rounds")
    app.select_option("#opt-on_stock_empty", label="the round ends")
    app.click("#start")
    wait_idle(app)
    assert "Round 1 of 3" in app.locator(".centre").inner_text()
    assert app.locator(".notice.warn").count() == 0


def test_undo_takes_back_a_played_card_when_offered(app, context):
    context.add_init_script("""try { localStorage.setItem("matchbook:settings", JSON.stringify(
        {kind: "settings", schema: 1, values: {bot_delay_ms: 3000}})); } catch (e) {}""")
    open_app(app)
    open_setup(app)
    app.check("#setting-undo")
    start_matatu(app, players=3, seed="12")
    hand = app.locator(".hand").inner_text()
    playable = app.locator(".hand button.legal:not([data-choose])")
    if not playable.count():
        raise AssertionError("deal 12 has no plain card to play: pick another seed")
    before = moves(app)
    playable.first.click()
    app.locator("[data-cmd=undo]").click()  # within the bots' 3 s pause
    app.wait_for_function(f"() => document.documentElement.dataset.moves === '{before}'")
    wait_idle(app)
    assert app.locator(".hand").inner_text() == hand


def test_rules_page_shows_what_the_jokers_option_changes(app):
    """The version diff: matatu-v1 without and with Jokers, from the rules data."""
    open_app(app, "#/rules/matatu")
    app.wait_for_selector("#compare")
    assert app.locator("#cmp-b-jokers").input_value() == "1"  # B: Jokers on
    app.click("[data-cmd=compare]")
    table = app.locator(".compare-table")
    table.wait_for()
    text = table.inner_text()
    assert "Option Jokers" in text
    assert "jokers.4" in text and "Pick Five" in text  # in force only with Jokers
    assert "basics.1" in text  # "no jokers" holds only without them
    app.select_option("#cmp-b-jokers", "0")
    app.click("[data-cmd=compare]")
    app.locator("#compare .notice", has_text="the same rules").wait_for()


def test_the_current_game_replays_without_disturbing_it(app):
    open_app(app)
    start_matatu(app, players=3, seed="55")
    play_one_turn(app)
    wait_idle(app)
    count, hand = moves(app), app.locator(".hand").inner_text()
    app.click("text=Replay so far")
    app.wait_for_selector(".replay-controls")
    assert app.locator(".replay-controls .step").inner_text() == f"Move {count} of {count}"
    app.get_by_role("button", name="Start", exact=True).click()
    app.wait_for_function("() => document.documentElement.dataset.replayStep === '0'")
    app.click("text=Back to the game")
    app.wait_for_selector(".hand")
    wait_idle(app)
    assert moves(app) == count and app.locator(".hand").inner_text() == hand
