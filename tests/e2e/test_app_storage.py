"""Storage that never bricks the app (issue #14 items 2 and 3): every record that once stopped
the boot is set aside with its reason while the app, the engine and the other records carry
on; a full storage says what really happened; records written by an earlier main resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from matchbook import (
    ENGINE_READY,
    fast_bots,
    moves,
    open_app,
    play_one_turn,
    start_matatu,
    wait_idle,
    write_storage,
)

SAVES = {s["name"]: s for s in json.loads(
    (Path(__file__).parents[1] / "data" / "saves-4b676ca.json").read_text())}


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def legacy_history(entry_id: str, saved: dict) -> str:
    game = json.loads(saved["save"])
    return json.dumps({"kind": "history", "schema": 1, "id": entry_id, "game": game["game"],
                       "rules": game["rules"], "save": saved["save"],
                       "seats": ["human"] + ["bot"] * (game["players"] - 1),
                       "summary": {"finished": "2026-11-01 10:00", "outcome": "Seat 2 won",
                                   "players_text": "You, Seat 2 (bot), Seat 3 (bot)",
                                   "options": game["options"]}})


def legacy_current(saved: dict, **changes) -> str:
    game = json.loads(saved["save"])
    seats = ["human"] + ["bot"] * (game["players"] - 1)
    record = {"kind": "current", "schema": 1, "game": game["game"], "rules": game["rules"],
              "save": saved["save"], "seats": seats, "rev": 3, "tab": "old",
              "meta": {"names": ["You"] + [f"Seat {n + 2} (bot)" for n in range(len(seats) - 1)],
                       "viewer": 0, "bot": "basic", "entry": "old-entry"}}
    record.update(changes)
    return json.dumps(record)


GOOD_HISTORY = legacy_history("old", SAVES["matatu-3p-1"])
BAD_SETS = {
    "first": {
        "matchbook:settings": json.dumps({"kind": "settings", "schema": 1, "values": "fast"}),
        "matchbook:current": '{"kind": "current", "schema": 1, "game": "matatu", "save": '
                             + "[" * 5000 + "]" * 5000 + "}",
        "matchbook:history:noid": json.dumps({**json.loads(GOOD_HISTORY), "id": None}),
        "matchbook:history:list": json.dumps({**json.loads(GOOD_HISTORY), "id": "list",
                                              "summary": ["Seat 2 won"]}),
        "matchbook:quarantine:history:x:0": json.dumps({"kind": "quarantine",
                                                        "from": ["x"]}),
    },
    "second": {
        "matchbook:settings": json.dumps({"kind": "settings", "schema": 1,
                                          "values": {"bot_delay_ms": "slow"}}),
        "matchbook:current": legacy_current(SAVES["matatu-4p-0"],
                                            save="x" * 1_270_000),
        "matchbook:history:seats": json.dumps({**json.loads(GOOD_HISTORY), "id": "seats",
                                               "seats": "human,bot,bot"}),
    },
    "third": {
        "matchbook:current": legacy_current(SAVES["matatu-4p-0"], meta=["You", "Seat 2"]),
    },
}


@pytest.mark.parametrize("name", sorted(BAD_SETS))
def test_records_that_once_bricked_the_app_are_set_aside_and_play_goes_on(app, name):
    records = {**BAD_SETS[name], "matchbook:history:old": GOOD_HISTORY,
               "other-app:key": "left alone"}
    write_storage(app, records, clear=True)
    app.goto("index.html")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)  # the engine becomes ready
    notice = app.locator(".notice.problems")
    notice.wait_for()
    text = notice.inner_text()
    for key in BAD_SETS[name]:
        assert key in text  # the player is told, record by record
    assert "set aside" in text or "removed" in text
    stored = app.evaluate("Object.keys(localStorage)")
    for key in BAD_SETS[name]:
        assert key not in stored  # never read again at the next boot
    assert app.evaluate("localStorage.getItem('matchbook:history:old')") == GOOD_HISTORY
    assert app.evaluate("localStorage.getItem('other-app:key')") == "left alone"
    # The lobby works: a game starts and a move is made.
    start_matatu(app, players=3, seed="5")
    play_one_turn(app)
    # History shows the good record, which still replays.
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr")
    row.first.wait_for()  # the History screen is drawn when the route's change arrives
    assert row.count() == 1 and "Matatu" in row.inner_text()
    if name == "first":
        row.locator("a", has_text="Replay").click()
        app.wait_for_selector(".replay-controls")
        total = SAVES["matatu-3p-1"]["expect"]["moves"]
        assert app.locator(".replay-controls .step").inner_text() == \
            f"Move {total} of {total}"


def test_with_storage_full_the_player_is_told_what_really_happened(app, context):
    context.add_init_script("""
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('matchbook:quarantine') || key.startsWith('matchbook:current')) {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
      };""")
    write_storage(app, {"matchbook:history:bad": "{not json"})
    app.goto("index.html")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    problem = app.locator(".notice.problems")
    problem.wait_for()
    assert "could not be kept aside" in problem.inner_text()
    assert "so it was removed" in problem.inner_text()
    assert app.evaluate("localStorage.getItem('matchbook:history:bad')") is None
    start_matatu(app, players=3, seed="11")
    full = app.locator(".notice[role=status]", has_text="Storage is full")
    full.wait_for()
    play_one_turn(app)
    assert wait_idle(app) in ("human", "over")
    assert full.is_visible()  # still said while it holds


def test_an_unfinished_game_saved_by_an_earlier_main_resumes_and_saves_anew(app):
    saved = SAVES["matchmaster-4p-3"]
    write_storage(app, {"matchbook:current": legacy_current(saved)})
    app.goto("index.html#/play")
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert moves(app) >= saved["expect"]["moves"]
    play_one_turn(app)
    wait_idle(app)
    count, hand = moves(app), app.locator(".hand").inner_text()
    # It was saved again as a head plus chunks of moves, and resumes from those.
    head = json.loads(app.evaluate("localStorage.getItem('matchbook:current')"))
    assert head["schema"] == 2 and head["moves"] == count and "save" not in head
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    wait_idle(app)
    assert moves(app) == count and app.locator(".hand").inner_text() == hand


def test_a_finished_game_in_an_earlier_mains_history_replays(app):
    saved = SAVES["matchmakers-2p-6"]
    open_app(app)
    app.evaluate("record => localStorage.setItem('matchbook:history:old', record)",
                 legacy_history("old", saved))
    app.click("nav.top a[data-nav=history]")
    app.locator(".history-table a", has_text="Replay").click()
    app.wait_for_selector(".replay-controls")
    total = saved["expect"]["moves"]
    assert app.locator(".replay-controls .step").inner_text() == f"Move {total} of {total}"
    app.get_by_role("button", name="Start", exact=True).click()
    app.wait_for_function("() => document.documentElement.dataset.replayStep === '0'")
