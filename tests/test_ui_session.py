"""ui/session.py in CPython against the real engine service: what the app keeps from bounded
replies (protocol 2) is the whole game, move for move and log entry for log entry."""

import json
import random

from engine import service
from ui.session import Session


def call(session, op, fresh_log=False, fresh_actions=False, **fields):
    request = session.fields(fresh_log, fresh_actions)
    request.update(fields, op=op)
    text = service.handle(json.dumps(request), "session-test")
    reply = json.loads(text)
    assert reply["ok"], reply
    session.take(reply)
    reply["size"] = len(text)  # what crossed the worker boundary
    return reply


def whole_log(viewer):
    return json.loads(service.handle(json.dumps({"op": "view", "viewer": viewer}),
                                     "session-test"))["view"]["log"]


def test_bounded_replies_add_up_to_the_whole_game():
    rng = random.Random(3)
    session = Session("matatu", ["human", "bot", "bot"], viewer=0, bot="random")
    call(session, "new", game="matatu", players=3, seed=8, fresh_actions=True)
    assert session.record["seed"] == 8 and "actions" not in session.record
    sizes = []
    while not session.state["over"] and len(session.actions) < 300:
        if session.state["to_move"] == 0:
            reply = call(session, "act", action=rng.choice(session.state["legal"]))
            session.decided()
        else:
            reply = call(session, "bot", level="random", seat=session.state["to_move"])
        sizes.append(reply["size"])
        assert session.log == whole_log(0)
        assert session.state["view"]["log"] is session.log  # renderers read the kept log
    assert len(session.actions) == session.state["moves"] > 150
    # The record it keeps is the save: it replays to this very game.
    loaded = json.loads(service.handle(json.dumps(
        {"op": "load", "save": session.save_record(), "viewer": 0}), "session-check"))
    assert loaded["ok"] and loaded["moves"] == session.state["moves"]
    assert loaded["legal"] == session.state["legal"]
    # A reply does not grow with the game: the 150th is about the size of the 10th.
    assert sizes[150] < 3 * max(sizes[:20])


def test_an_undo_and_a_change_of_reader_refill_what_was_kept():
    session = Session("matatu", ["human", "human"], viewer=0)
    call(session, "new", game="matatu", players=2, seed=12, fresh_actions=True)
    for _ in range(6):
        seat = session.state["to_move"]
        if seat != session.viewer:
            assert session.needs_handoff() == seat  # hot seat: pass the device
            session.change_viewer(seat)
            call(session, "view")
            assert session.log == whole_log(seat)
        plays = [a for a in session.state["legal"] if a["type"] == "play"]
        if plays and session.state["moves"] >= 2:
            before = list(session.actions)
            log_before = list(session.log)
            session.saved()  # as the autosave does after each move
            call(session, "act", action=plays[0])
            assert session.state["undo"]
            call(session, "undo", fresh_log=True)
            assert session.actions == before and session.log == log_before
            assert session.dirty_from == len(before)  # only the last chunk is saved again
            return
        call(session, "act", action=session.state["legal"][0])
    raise AssertionError("no undoable play in six moves")


def test_a_scored_round_is_kept_for_the_summary_until_dismissed():
    rng = random.Random(5)
    session = Session("matchmaster", ["human", "bot"], viewer=0)
    call(session, "new", game="matchmaster", players=2, seed=5, fresh_actions=True)
    assert session.summary is None
    while session.summary is None:
        seat = session.state["to_move"]
        if seat == 0:
            call(session, "act", action=rng.choice(session.state["legal"]))
        else:
            call(session, "bot", seat=seat)
    sheet = session.state["view"]["score_sheet"]
    assert session.summary == len(sheet["rounds"]) - 1 == 0
    assert session.state["view"]["round"] == 2


def test_a_route_segment_is_read_as_typed_and_never_throws():
    from ui.routes import decode_route

    assert decode_route("R%20D") == "R D"
    assert decode_route("%3Cimg%3E") == "<img>"
    assert decode_route("caf%C3%A9") == "café"
    assert decode_route("100%") == "100%" and decode_route("%ZZ") == "%ZZ"
    assert decode_route("%E0%A4%A") == "%E0%A4%A"  # a broken sequence stays as it came
