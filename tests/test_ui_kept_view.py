"""The table kept with the save (issue #13): a reload shows it before the engine is back. It
is only the reader's view, bounded, checked when read with the rest of the game's head; a
hot-seat game keeps no hand; a head without it still resumes."""

import json

import pytest
from test_ui_session import call
from test_ui_storage import KNOWN, FakeStorageJs

from ui import storage as store
from ui.session import Session


def played(seats, moves=6, seed=11):
    """A Matatu game a few moves in, as the app keeps it."""
    humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
    session = Session("matatu", seats, viewer=humans[0] if len(humans) == 1 else None,
                      bot="random", entry="e1")
    call(session, "new", game="matatu", players=len(seats), seed=seed, fresh_actions=True)
    while session.moves() < moves and not session.state["over"]:
        mover = session.state["to_move"]
        if session.seats[mover] == "human" and session.viewer == mover:
            call(session, "act", action=session.state["legal"][0])
        else:
            call(session, "bot", seat=mover, level="random")
    return session


def saved(session):
    backend = FakeStorageJs()
    storage = store.Storage(backend, "tab-a", KNOWN)
    assert storage.save_current(session.stored_head(), session.actions, 0)
    return backend, store.Storage(backend, "tab-b", KNOWN)


def test_the_kept_view_is_the_readers_table_and_reads_back():
    session = played(["human", "bot", "bot"])
    kept = session.kept_view()
    assert kept["viewer"] == 0 and kept["moves"] == session.moves()
    assert kept["view"]["hand"] == session.state["view"]["hand"]
    assert kept["view"]["pile_top"] == session.state["view"]["pile_top"]
    assert kept["legal"] == session.state["legal"]
    assert "log" not in kept["view"] and kept["log"] == session.log[-store.MAX_KEPT_LOG:]
    backend, storage = saved(session)
    assert storage.kept_view()["view"] == json.loads(json.dumps(kept))
    assert storage.problems == []
    # Only the reader's cards: the others' hands are counts.
    assert "hands" not in kept["view"] and kept["view"]["hand_counts"][1] > 0


def test_a_hot_seat_game_keeps_whose_hand_off_it_is_and_no_hand():
    session = played(["human", "human", "bot"], moves=0)
    session.viewer = 0  # the table was showing seat 1's hand before the hand-off
    call(session, "view")
    kept = session.kept_view()
    mover = session.state["to_move"]
    assert kept == ({"moves": session.moves(), "handoff": mover}
                    if session.seats[mover] == "human" else None)
    text = json.dumps(session.stored_head())
    for card in session.state["view"]["hand"]:
        assert f'"{card}"' not in text.split('"view"')[1]


def test_a_game_without_a_kept_view_resumes_as_before():
    session = played(["human", "bot"])
    head = session.stored_head()
    head.pop("view")
    backend = FakeStorageJs()
    store.Storage(backend, "a", KNOWN).save_current(head, session.actions, 0)
    storage = store.Storage(backend, "b", KNOWN)
    assert storage.kept_view() is None
    assert storage.load_current()["save"]["actions"] == session.actions
    assert storage.problems == []


@pytest.mark.parametrize("damage", ["other seat", "wrong moves", "hot seat hand", "huge",
                                    "hand not cards"])
def test_a_damaged_kept_view_is_set_aside_with_the_game_and_said(damage):
    seats = ["human", "human", "bot"] if damage == "hot seat hand" else ["human", "bot", "bot"]
    session = played(seats)
    session.viewer = 0
    call(session, "view")
    head = session.stored_head()
    view = dict(session.state["view"])
    view.pop("log")
    kept = {"moves": session.moves(), "viewer": 0, "to_move": session.state["to_move"],
            "legal": [], "view": view, "log": []}
    if damage == "other seat":
        kept["view"] = dict(view, seat=1)
    elif damage == "wrong moves":
        kept["moves"] += 1
    elif damage == "huge":
        kept["log"] = [{"kind": "x" * 1000}] * 30
    elif damage == "hand not cards":
        kept["view"] = dict(view, hand=[{"a": 1}])
    head["view"] = kept
    backend = FakeStorageJs()
    store.Storage(backend, "a", KNOWN).save_current(head, session.actions, 0)
    storage = store.Storage(backend, "b", KNOWN)
    assert storage.kept_view() is None
    assert len(storage.problems) == 1 and "kept view" in storage.problems[0]["reason"]


def test_a_long_log_is_cut_to_keep_the_view_bounded():
    session = played(["human", "bot", "bot"], moves=60)
    session.log = session.log + [{"kind": "note", "text": "y" * 600}] * 40
    kept = session.kept_view()
    assert len(json.dumps(kept)) <= store.MAX_VIEW
    assert len(kept["log"]) < store.MAX_KEPT_LOG
