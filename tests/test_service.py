"""engine/service.py: the JSON-string protocol the browser's engine worker exposes."""

import json

from engine import service


def call(**request):
    return json.loads(service.handle(json.dumps(request)))


def test_a_game_is_played_through_json_strings_only():
    state = call(op="new", game="matatu", players=3, seed=5, viewer=0)
    assert state["ok"] and state["view"]["hand"] and state["legal"]
    state = call(op="act", action=state["legal"][0], viewer=0)
    assert state["ok"] and state["moves"] == 1
    while not state["over"] and state["to_move"] != 0:
        state = call(op="bot", viewer=0)
    assert state["ok"]


def test_refusals_carry_the_engines_reason_and_rule():
    call(op="new", game="matatu", players=3, seed=5, viewer=0)
    refused = call(op="act", action={"type": "play", "card": "XX"}, viewer=0)
    assert refused["ok"] is False and refused["error"]


def test_bad_requests_get_messages_not_exceptions():
    assert call(op="nonsense")["ok"] is False
    assert json.loads(service.handle("{not json"))["ok"] is False
    assert call(op="new", game="chess", players=2)["error"] == "There is no game called 'chess'."
    assert "format 99" in call(op="load", save=json.dumps({"format": 99}))["error"]


def test_a_save_is_checked_against_its_own_record():
    state = call(op="new", game="matatu", players=2, seed=1, viewer=0)
    save = state["save"]
    assert call(op="check", save=save)["ok"]
    tampered = json.loads(save)
    tampered["state"]["stock"] = list(reversed(tampered["state"]["stock"]))
    checked = call(op="check", save=json.dumps(tampered))
    assert checked["ok"] is False
    assert checked["error"] == "This save does not match its own move record."


def test_replay_never_touches_the_game_in_play():
    state = call(op="new", game="matatu", players=3, seed=9, viewer=0)
    record = json.loads(state["save"])
    assert call(op="replay", record=record, upto=0, slot="play")["ok"] is False
    replayed = call(op="replay", record=record, upto=0, slot="replay", viewer=0)
    assert replayed["ok"] and replayed["moves"] == 0


def test_the_catalog_is_the_rules_data():
    games = call(op="catalog")["games"]
    matatu = next(g for g in games if g["id"] == "matatu")
    assert matatu["rule_versions"][0]["id"] == "matatu-v1"
    assert any(option["id"] == "jokers" for option in matatu["options"])


def test_a_stale_bot_request_never_moves_another_seat():
    state = call(op="new", game="matatu", players=3, seed=5, viewer=0)
    mover = state["to_move"]
    other = (mover + 1) % 3
    refused = call(op="bot", seat=other, viewer=0)
    assert refused["ok"] is False and "is not to move" in refused["error"]
    assert call(op="view", viewer=0)["moves"] == state["moves"]
