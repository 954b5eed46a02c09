"""engine/service.py: the JSON-string protocol the browser's engine worker exposes."""

import json

import pytest

import engine
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
    assert call(op="new", game="chess", players=2)["error"].startswith(
        "There is no game called 'chess'; the games are")
    assert "format 99" in call(op="load", save=json.dumps({"format": 99}))["error"]


def test_a_save_is_checked_against_its_own_record():
    call(op="new", game="matatu", players=2, seed=1, viewer=0)
    save = call(op="save")["save"]
    assert call(op="check", save=save)["ok"]
    tampered = json.loads(save)
    tampered["seed"] = 2  # the record now replays to another deal than the one saved
    checked = call(op="check", save=json.dumps(tampered))
    assert checked["ok"] is False
    assert checked["error"].startswith("This save does not match its own move record")


def test_replay_never_touches_the_game_in_play():
    call(op="new", game="matatu", players=3, seed=9, viewer=0)
    record = json.loads(call(op="save")["save"])
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


def test_undo_takes_back_a_move_that_revealed_nothing_before_anyone_else_moves():
    """BGA's rule: a played card may be taken back; a drawn card (new information) may not."""
    state = call(op="new", game="matatu", players=3, seed=12, viewer=None)
    seat = state["to_move"]
    state = call(op="view", viewer=seat)
    before = call(op="save")["save"]
    play = next((a for a in state["legal"] if a["type"] == "play"), None)
    draw = next(a for a in state["legal"] if a["type"] == "draw")
    if play is not None:
        played = call(op="act", action=play, viewer=seat)
        if not played["over"] and played["to_move"] != seat:
            assert played["undo"] is True
            undone = call(op="undo", viewer=seat)
            assert undone["ok"] and json.loads(call(op="save")["save"])["check"] == \
                json.loads(before)["check"]
    drawn = call(op="act", action=draw, viewer=seat)
    assert drawn["undo"] is False
    refused = call(op="undo", viewer=seat)
    assert refused["ok"] is False and "showed you something new" in refused["error"]


def test_undo_is_refused_once_another_player_has_acted():
    state = call(op="new", game="matatu", players=3, seed=12, viewer=None)
    seat = state["to_move"]
    legal = call(op="view", viewer=seat)["legal"]
    play = next((a for a in legal if a["type"] == "play"), None)
    if play is None:
        return  # this deal opens with nothing to play; the other test covers the refusal
    after = call(op="act", action=play, viewer=seat)
    other = after["to_move"]
    call(op="act", action=call(op="view", viewer=other)["legal"][0], viewer=other)
    refused = call(op="undo", viewer=seat)
    assert refused["ok"] is False and "another player has moved" in refused["error"]


def bot_replies(seat):
    """Let the bots move until ``seat`` is to move again (or the game ends)."""
    state = call(op="view", viewer=seat)
    replies = []
    while not state["over"] and state["to_move"] != seat:
        state = call(op="bot", viewer=seat)
        replies.append(state["last"])
    return state, replies


def test_undo_takes_back_the_bots_replies_that_showed_the_player_nothing():
    """The button stays until the player's next decision: a bot that only drew a card (face
    down) is taken back with the player's move; a bot that played a card showed it."""
    found = {"kept": False, "refused": False}
    for seed in range(100):
        state = call(op="new", game="matatu", players=2, seed=seed, viewer=0,
                     bounded=True, actions_from=0)
        if state["to_move"] != 0:
            state, _ = bot_replies(0)
        if state["over"]:
            continue
        before = call(op="view", viewer=0)
        play = next((a for a in before["legal"] if a["type"] == "play"), None)
        if play is None:
            continue
        played = call(op="act", action=play, viewer=0)
        if played["over"] or not played["undo"]:
            continue
        state, replies = bot_replies(0)
        if state["over"] or not replies:
            continue
        quiet = all(reply["type"] in ("draw", "pass", "accept") for reply in replies)
        assert state["undo"] is quiet, (seed, replies)
        if quiet:
            undone = call(op="undo", viewer=0, bounded=True, actions_from=0)
            assert undone["ok"] and undone["moves"] == before["moves"]
            assert undone["view"]["hand"] == before["view"]["hand"]
            assert undone["legal"] == before["legal"]
            found["kept"] = True
        else:
            refused = call(op="undo", viewer=0)
            assert refused["ok"] is False and "showed you something new" in refused["error"]
            found["refused"] = True
        if all(found.values()):
            return
    raise AssertionError(f"no deal showed both cases: {found}")


def test_a_deal_is_checked_without_being_kept():
    refused = call(op="check_deal", game="matatu", players=7, seed=1)
    assert refused["ok"] is False and refused["rule"] == "MT-S1"
    assert call(op="check_deal", game="matatu", players=7, seed=1,
                options={"max_players": 7})["ok"]


def test_a_replay_reads_a_save_as_stored_and_returns_its_record():
    state = call(op="new", game="matatu", players=3, seed=9, viewer=0)
    state = call(op="act", action=state["legal"][0], viewer=0) if state["legal"] else state
    save = call(op="save")["save"]
    replayed = call(op="replay", save=save, upto=0, viewer=0, actions_from=0)
    assert replayed["ok"] and replayed["moves"] == 0
    assert replayed["total_moves"] == len(json.loads(save)["actions"])
    assert replayed["record"]["seed"] == 9 and "actions" not in replayed["record"]


def test_the_position_editor_starts_from_a_real_deal_and_checks_what_a_teacher_changed():
    dealt = call(op="deal_position", game="matatu", players=3, seed=4)
    scenario = dealt["scenario"]
    position = scenario["position"]
    assert dealt["ok"] and len(position["hands"]) == 3 and position["pile"]
    # It is the deal itself, written out by Game.to_scenario (RNG included).
    dealt_game = engine.new_game("matatu", players=3, seed=4)
    assert engine.from_scenario(scenario).full_state() == dealt_game.full_state()
    checked = call(op="check_scenario", scenario=scenario)
    assert checked["ok"] and checked["to_move"] == position["to_move"] and checked["legal"]
    # The mover's own view (the editor words the moves with it): only that seat's hand.
    assert checked["view"]["hand"] == position["hands"][position["to_move"]]
    assert "hands" not in checked["view"]
    # The text an embed URL carries builds the same position.
    again = call(op="scenario", scenario=checked["encoded"], viewer=0)
    assert again["view"]["hand"] == position["hands"][0]
    # A card placed twice is refused with the engine's reason, naming the card.
    card = position["stock"][0]
    position["hands"][1].append(card)
    refused = call(op="check_scenario", scenario=scenario)
    assert refused["ok"] is False and "appears 2 times" in refused["error"]
    # An emptied hand is refused too: counts must be legal.
    position["hands"][1] = []
    assert "has no cards" in call(op="check_scenario", scenario=scenario)["error"]


def test_the_editor_offers_a_checked_example_position_for_every_game():
    for game in ("matchmaster", "matchmakers", "match_maker"):
        dealt = call(op="deal_position", game=game, players=2, seed=1)
        assert dealt["ok"] and dealt["scenario"]["game"] == game
        assert call(op="check_scenario", scenario=dealt["scenario"])["ok"]
    assert "no game called" in call(op="deal_position", game="chess")["error"]


def test_a_teachers_captioned_example_travels_as_link_text():
    scenario = call(op="deal_position", game="matatu", players=3, seed=4)["scenario"]
    packed = call(op="pack_script", script={"scenario": scenario, "seat": 0, "title": "T",
                                            "captions": ["First", "Then"], "explanation": "End"})
    opened = call(op="open_script", text=packed["text"], viewer=0)
    assert opened["ok"] and opened["script"]["captions"] == ["First", "Then"]
    assert sorted(opened["view"]["hand"]) == sorted(scenario["position"]["hands"][0])
    broken = dict(scenario, position=dict(scenario["position"], hands=[[], [], []]))
    assert call(op="pack_script", script={"scenario": broken, "captions": []})["ok"] is False


# ---- protocol 2: bounded replies, clients, the boundary ---------------------------------------

def test_a_bounded_reply_carries_only_what_the_client_has_not_seen():
    state = call(op="new", game="matatu", players=3, seed=21, viewer=0, bounded=True,
                 actions_from=0)
    assert "save" not in state and state["record"]["format"] == 2 and "actions" not in \
        state["record"]
    seen_log, actions = state["view"]["log_next"], list(state["actions"])
    for _ in range(12):
        state = call(op="bot", viewer=0, bounded=True, log_from=seen_log,
                     actions_from=len(actions))
        assert state["view"]["log_from"] == seen_log
        seen_log = state["view"]["log_next"]
        actions += state["actions"]
        if state["over"]:
            break
    assert len(actions) == state["moves"]
    # The record and the kept actions are the save: it loads back to the same game.
    record = call(op="new", game="matatu", players=3, seed=21, viewer=0, bounded=True)["record"]
    replayed = call(op="load", save=dict(record, actions=actions), viewer=0, bounded=True)
    assert replayed["ok"] and replayed["moves"] == len(actions)


def test_clients_sharing_the_worker_keep_their_games_apart():
    first = json.loads(service.handle(json.dumps({"op": "new", "game": "matatu", "players": 2,
                                                  "seed": 1, "viewer": 0}), "frame-1"))
    json.loads(service.handle(json.dumps({"op": "new", "game": "matchmaster", "players": 3,
                                          "seed": 2, "viewer": 0}), "frame-2"))
    again = json.loads(service.handle(json.dumps({"op": "view", "viewer": 0}), "frame-1"))
    assert again["view"]["game"] == "matatu" and again["moves"] == first["moves"]
    service.forget("frame-1")
    gone = json.loads(service.handle(json.dumps({"op": "view", "viewer": 0}), "frame-1"))
    assert gone["ok"] is False and "No game is open" in gone["error"]


@pytest.mark.parametrize("request_fields, words", [
    ({"op": "new", "game": "matatu", "players": True}, "not true"),
    ({"op": "new", "game": "matatu", "seed": 1e300}, "seed"),
    ({"op": "new", "game": "matatu", "seed": "x" * 500}, "seed word"),
    ({"op": "new", "game": ["matatu"]}, "no game called"),
    ({"op": "new", "game": "matatu", "options": "jokers"}, "'options' must be an object"),
    ({"op": "view", "viewer": False}, "seat"),
    ({"op": ["new"]}, "Unknown request"),
    ({"op": "load", "save": 5}, "no save"),
    ({"op": "lesson_start", "lesson": {"id": 1}}, "'lesson' must be a text"),
    ({"op": "open_deal", "text": 12}, "'text' must be a text"),
])
def test_wrong_fields_are_refused_by_name_never_as_a_bug(request_fields, words):
    call(op="new", game="matatu", players=2, seed=3, viewer=0)
    reply = call(**request_fields)
    assert reply["ok"] is False and not reply.get("bug"), reply
    assert words in reply["error"]


def test_deep_or_huge_or_strange_json_is_refused_with_a_reason():
    deep = '{"op": "new", "options": ' + "[" * 3000 + "]" * 3000 + "}"
    for text, words in [(deep, "levels deep"), ('{"op": "new", "seed": NaN}', "NaN"),
                        ('{"op": "new", "seed": 1' + "0" * 5000 + "}", "too many digits"),
                        ('{"op": "new", "game": "\\ud800"}', "lone surrogate"),
                        ("x" * 3_000_000, "too large")]:
        reply = json.loads(service.handle(text))
        assert reply["ok"] is False and not reply.get("bug") and words in reply["error"]


def test_an_escaped_backslash_before_u_is_text_not_a_surrogate():
    """JSON text carried inside a request (a guest's message, escaped by JSON.stringify) has
    \\\\ud83d: a backslash, then the letters "ud83d", not a broken character."""
    inner = json.dumps({"emoji": "\U0001F44D"})  # ASCII escapes: \\ud83d\\udc4d
    reply = json.loads(service.handle(json.dumps({"op": "nonsense", "text": inner})))
    assert "Unknown request" in reply["error"]
    lone = json.loads(service.handle('{"op": "nonsense", "text": "\\\\\\ud800"}'))
    assert "lone surrogate" in lone["error"]


def test_a_bug_is_reported_as_a_bug(monkeypatch):
    def broken(request, client):
        raise KeyError("oops")

    monkeypatch.setitem(service._OPERATIONS, "view", broken)
    reply = call(op="view")
    assert reply["ok"] is False and reply["bug"] is True
    assert reply["error"].startswith("Internal error (a bug in Matchbook)")


def test_the_crafted_links_of_issue_14_are_refused_with_a_reason():
    deep = (
        "eNrtyLEJgEAQRNFWjo1NTG1FDC5Qo0MQBUHs3S3jgveimf_GdpytXjGVcSix17bmjCz1uiPLk3cGAAC6tw"
        "AAAN37fo5Od78")
    reply = call(op="open_game", text=deep)
    assert reply["ok"] is False and "levels deep" in reply["error"]
    no_players = call(op="open_deal", text="eNqrVkpPzE1VslLKTSxJLClVqgUAM4AF4Q", viewer=0)
    assert no_players["ok"] is False and "how many players" in no_players["error"]


def call_as(client, **request):
    return json.loads(service.handle(json.dumps(request), client))


def test_two_clients_sharing_the_worker_play_independent_games_in_the_same_slot():
    """Frames sharing one engine worker each have their own "play" slot, lesson and undo."""
    first = call_as("frame-1", op="new", game="matatu", players=3, seed=5, viewer=0)
    second = call_as("frame-2", op="new", game="matatu", players=2, seed=8, viewer=0)
    second_save = call_as("frame-2", op="save")["save"]
    assert first["view"]["hand"] != second["view"]["hand"]
    moved = call_as("frame-1", op="act", action=first["legal"][0], viewer=0)
    assert moved["moves"] == 1
    # The other frame's game did not move, and each sees its own number of players.
    assert call_as("frame-2", op="view", viewer=0)["moves"] == 0
    assert call_as("frame-2", op="save")["save"] == second_save
    assert json.loads(call_as("frame-1", op="save")["save"])["players"] == 3
    # A lesson in one frame is not open in the other.
    assert call_as("frame-1", op="lesson_start", lesson="matatu-cut-exactly-20")["ok"]
    assert call_as("frame-2", op="lesson_next")["error"] == "No lesson is open."
    # A client that never started a game has none, even though others have.
    assert call_as("frame-3", op="view", viewer=0)["ok"] is False


def test_a_client_that_leaves_loses_only_its_own_games():
    call_as("tab-a", op="new", game="matatu", players=3, seed=1, viewer=0)
    call_as("tab-b", op="new", game="matatu", players=3, seed=2, viewer=0)
    service.forget("tab-a")
    assert call_as("tab-a", op="view", viewer=0)["ok"] is False
    assert call_as("tab-b", op="view", viewer=0)["ok"] is True
