"""Lessons are engine data: every one is checked against the engine here.

Each lesson reaches its end by watching alone (every expected and scripted move legal at its
step), each refused move is refused for the stated reason, the facts it claims hold, and its
rule id is in the game's rules data. LessonRun refuses wrong moves with the engine's reason,
steps back to an identical position, and scenarios survive the URL encoding.
"""

import base64
import copy
import json
import zlib

import pytest

import engine
from engine import IllegalAction
from engine import lessons as L

LESSON_IDS = [lesson["id"] for lesson in L.LESSONS]


def _state(game):
    return (json.dumps(game.full_state(), sort_keys=True), list(game.actions))


# ---- the lesson data ----------------------------------------------------------------------------

def test_every_game_has_lessons_and_ids_are_unique():
    assert len(set(LESSON_IDS)) == len(LESSON_IDS)
    for game_id in engine.GAMES:
        assert L.lessons_for(game_id), game_id
    assert {lesson["game"] for lesson in L.LESSONS} == set(engine.GAMES)


def test_the_rulebook_examples_the_issue_lists_are_there():
    wanted = {
        "matchmakers": {"exchange.example", "loser.example", "winner.example", "trumps.example"},
        "match_maker": {"mismatch.5", "mismatch.8", "match.1", "match.5", "match.6"},
        "matatu": {"chopper.2", "chopper.5", "chopper.8", "basics.6", "jokers.6", "jokers.4"},
    }
    for game_id, rules in wanted.items():
        assert rules <= {lesson["rule"] for lesson in L.lessons_for(game_id)}, game_id
    assert len([x for x in L.lessons_for("matchmaster")
                if x["rule"] == "scoring.examples"]) == 4
    ids = set(LESSON_IDS)
    assert {"matatu-cut-exactly-20", "matatu-cut-21-refused", "matatu-cut-7d-7h-8s",
            "matatu-chopper-6d", "matatu-chopper-kc", "matatu-pick-two-chain",
            "matatu-ace-of-spades-cancel", "matatu-joker-pick-five-ten",
            "match-maker-oc-valid", "match-maker-oc-invalid", "match-maker-sc-valid",
            "match-maker-sc-invalid"} <= ids


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_lesson_is_checked_by_the_engine(lesson_id):
    lesson = L.get_lesson(lesson_id)
    L.verify_lesson(lesson)  # shape, rule id, every step, checks and expect_after
    assert lesson["rule"] in L.rule_ids(lesson["game"], lesson["scenario"].get("rules"))
    assert lesson["scenario"]["game"] == lesson["game"]
    assert any("refuse" in s or "expect" in s for s in lesson["steps"])


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_lesson_reaches_its_end_by_watching(lesson_id):
    lesson = L.get_lesson(lesson_id)
    run = L.LessonRun(lesson)
    seen = []
    while not run.done:
        assert run.kind in ("expect", "refuse")
        step = run.step
        if run.kind == "refuse":
            before = _state(run.game)
            refusal = run.refusal
            assert refusal is not None and step["because"] in refusal.reason
            assert _state(run.game) == before  # a refusal changes nothing
            assert run.watch()["refused"] == refusal.reason
        else:
            assert run.watch()["refused"] is None
        seen.append(step["caption"])
        assert len(seen) <= len(lesson["steps"])
    assert run.caption == lesson["explanation"]
    assert L.check_facts(run.view(), lesson.get("expect_after", {})) == []


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_learner_moves_by_hand_give_the_same_game(lesson_id):
    watched, played = L.LessonRun(lesson_id), L.LessonRun(lesson_id)
    while not watched.done:
        watched.watch()
    while not played.done:
        step = played.step
        if "refuse" in step:
            with pytest.raises(L.LessonRefusal) as refused:
                played.try_action(step["refuse"])
            assert step["because"] in refused.value.reason
        else:
            played.try_action(step["expect"])
    assert _state(played.game) == _state(watched.game)


# ---- LessonRun ----------------------------------------------------------------------------------

def test_a_wrong_move_is_refused_with_the_engines_reason_and_a_hint():
    run = L.LessonRun("matatu-cut-21-refused")
    run.next()  # past the refused cut
    before = _state(run.game)
    with pytest.raises(L.LessonRefusal) as refused:
        run.try_action({"type": "play", "card": "10S"})  # 10♠ on 9♦
    engine_reason = run.game.copy()
    with pytest.raises(IllegalAction) as direct:
        engine_reason.apply({"type": "play", "card": "10S", "seat": 0})
    assert refused.value.reason == direct.value.reason
    assert "does not match 9♦" in refused.value.reason
    assert refused.value.hint == run.step["hint"]
    assert refused.value.legal is False
    assert refused.value.to_dict()["hint"] == run.step["hint"]
    assert _state(run.game) == before and run.step_index == 1


def test_a_legal_move_the_lesson_does_not_show_gets_the_hint():
    run = L.LessonRun("matatu-cut-21-refused")
    run.next()
    with pytest.raises(L.LessonRefusal) as refused:
        run.try_action({"type": "draw"})
    assert refused.value.legal is True
    assert refused.value.reason.startswith("That is legal, but this lesson shows")
    assert run.step["hint"] in refused.value.reason
    assert run.step_index == 1 and not run.game.actions


def test_trying_the_refused_move_shows_the_refusal_and_moves_on():
    run = L.LessonRun("matatu-cut-21-refused")
    assert run.kind == "refuse"
    with pytest.raises(L.LessonRefusal) as refused:
        run.try_action({"type": "cut", "card": "7D"})
    assert "would total 21 points" in refused.value.reason
    assert run.step_index == 1 and run.kind == "expect"


def test_the_expected_move_plays_and_scripted_moves_follow():
    run = L.LessonRun("matatu-pick-two-chain")
    assert run.step_index == 1  # the opening scripted 2♣ has played itself
    assert [n["actions"] for n in run.narration] == [[{"type": "play", "card": "2C", "seat": 0}]]
    run.next()
    applied = run.try_action({"type": "play", "card": "2H"})  # seat filled in
    assert applied == {"type": "play", "card": "2H", "seat": 1}
    assert run.done and len(run.narration) == 2
    assert run.view()["hand_counts"] == [5, 3, 3]


def test_back_returns_to_the_previous_step_with_the_same_state():
    for lesson_id in LESSON_IDS:
        run = L.LessonRun(lesson_id)
        assert run.back() is False  # nothing before the first step
        states = []
        while not run.done:
            states.append((run.step_index, _state(run.game), copy.deepcopy(run.narration)))
            run.watch()
        for index, state, narration in reversed(states):
            assert run.back() is True
            assert run.step_index == index
            assert _state(run.game) == state, lesson_id
            assert run.narration == narration
        assert run.back() is False


def test_after_back_the_lesson_plays_on():
    run = L.LessonRun("matchmakers-exchange")
    run.watch()
    run.watch()
    assert run.back()
    run.try_action({"type": "return", "card": "R3"})
    while not run.done:
        run.watch()
    assert run.view()["stage"] == "play"


def test_a_finished_lesson_refuses_further_moves():
    run = L.LessonRun("matatu-cut-exactly-20")
    run.try_action({"type": "cut", "card": "7D"})
    assert run.done and run.kind == "done"
    with pytest.raises(IllegalAction):
        run.try_action({"type": "pass"})
    with pytest.raises(IllegalAction):
        run.watch()
    assert run.restart().step_index == 0 and not run.done


def test_lookup_errors():
    with pytest.raises(IllegalAction, match="no lesson"):
        L.get_lesson("nope")
    with pytest.raises(IllegalAction, match="no game called"):
        L.lessons_for("chess")
    lesson = L.get_lesson("matatu-cut-exactly-20")
    lesson["title"] = "changed"
    assert L.get_lesson("matatu-cut-exactly-20")["title"] != "changed"


def test_verify_lesson_catches_a_wrong_lesson():
    lesson = L.get_lesson("matatu-cut-21-refused")
    lesson["steps"][0]["because"] = "something else"
    with pytest.raises(IllegalAction, match="does not say"):
        L.verify_lesson(lesson)
    lesson = L.get_lesson("matatu-cut-exactly-20")
    lesson["steps"][0]["expect"] = {"type": "cut", "card": "10S"}
    with pytest.raises(IllegalAction, match="is refused"):
        L.verify_lesson(lesson)
    lesson = L.get_lesson("matatu-cut-exactly-20")
    lesson["rule"] = "chopper.99"
    with pytest.raises(IllegalAction, match="not in the rules data"):
        L.verify_lesson(lesson)
    lesson = L.get_lesson("matatu-cut-exactly-20")
    lesson["expect_after"] = {"result.totals.0": 21}
    with pytest.raises(IllegalAction, match="not 21"):
        L.verify_lesson(lesson)


# ---- scenarios: encoding and validation ---------------------------------------------------------

def _scenario(game_id):
    return copy.deepcopy(L.lessons_for(game_id)[0]["scenario"])


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_encode_decode_round_trip(game_id):
    scenario = _scenario(game_id)
    text = L.encode_scenario(scenario)
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert L.decode_scenario(text) == scenario
    game = L.validate_scenario(L.decode_scenario(text))
    assert _state(game) == _state(L.build_game(scenario))


def _raw(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


@pytest.mark.parametrize("text, message", [
    ("", "string"),
    ("not base64!", "not base64url"),
    ("abcde", "not base64url"),
    ("aGVsbG8gd29ybGQ", "not a compressed scenario"),
    (_raw(b"{not json"), "is not valid JSON"),
    (_raw(b"[1, 2]"), "JSON object"),
    (_raw(b" " * 30_000), "too large"),
    (_raw(b'{"game": "matatu"}')[:-6], "damaged"),
])
def test_garbage_encodings_are_refused(text, message):
    with pytest.raises(IllegalAction, match=message):
        L.decode_scenario(text)


def test_an_oversized_scenario_is_not_encoded():
    with pytest.raises(IllegalAction, match="at most"):
        L.encode_scenario({"game": "matatu", "note": "x" * 25_000})


def _matatu():
    return _scenario("matatu")


def test_missing_card_is_refused():
    scenario = _matatu()
    scenario["position"]["stock"].remove("AS")
    with pytest.raises(IllegalAction, match="missing: A♠"):  # card names, not codes
        L.validate_scenario(scenario)


def test_duplicated_card_is_refused():
    scenario = _matatu()
    scenario["position"]["stock"].append("7D")
    with pytest.raises(IllegalAction, match="appears 2 times"):
        L.validate_scenario(scenario)


@pytest.mark.parametrize("game_id, change, message", [
    ("matatu", lambda p: p["hands"].pop(), "expected a list of 2 \\(one per seat\\)"),
    ("matchmaster", lambda p: p["hands"][0].pop(), "should hold 3 cards in round 5, not 2"),
    ("matchmakers", lambda p: p["hands"][0].append(p["hands"][1].pop()),
     "every hand holds the 13 cards dealt"),
    ("match_maker", lambda p: p["grid"][0][0].append("gay-m"), "holds 4 cards"),
])
def test_wrong_counts_are_refused(game_id, change, message):
    scenario = _scenario(game_id)
    change(scenario["position"])
    with pytest.raises(IllegalAction, match=message):
        L.validate_scenario(scenario)


def test_match_maker_counts_every_card():
    scenario = _scenario("match_maker")
    scenario["position"]["change_to_person"][0] = "celibate-m"
    with pytest.raises(IllegalAction, match="celibate man appears 6 times; it is in the deck 5"):
        L.validate_scenario(scenario)


def test_unknown_version_and_unknown_game_are_refused():
    scenario = _matatu()
    scenario["rules"] = "matatu-v9"
    with pytest.raises(IllegalAction, match="no rules version 'matatu-v9'"):
        L.validate_scenario(scenario)
    scenario["rules"] = "matatu-v1"
    scenario["game"] = "chess"
    with pytest.raises(IllegalAction, match="no game called 'chess'"):
        L.validate_scenario(scenario)
    del scenario["game"]
    with pytest.raises(IllegalAction, match="names its game"):
        L.validate_scenario(scenario)


@pytest.mark.parametrize("bad, message", [
    ("text", "JSON object"),
    ({"game": "matatu", "players": 2}, "position"),
    ({"game": "matatu", "players": 2, "position": {}, "colour": 1}, "no key 'colour'"),
    ({"game": "matatu", "players": 2, "position": {}, "seed": 1.5}, "seed"),
    ({"game": "matchmakers", "players": 9, "position": {}}, "played by"),
])
def test_malformed_scenarios_are_refused(bad, message):
    with pytest.raises(IllegalAction, match=message):
        L.validate_scenario(bad)
