"""Saves written by an earlier main (commit 4b676ca, format 1, with English logs and full state
snapshots) still load and replay to the same game: the same seat to move, the same legal
moves, the same result. tests/data/saves-4b676ca.json was written by that commit's engine
(seeded bot and random play of every game, finished and unfinished, and lesson scenarios)."""

import json
from pathlib import Path

import pytest

import engine

SAVES = json.loads((Path(__file__).parent / "data" / "saves-4b676ca.json").read_text())


def summary(game) -> dict:
    pending = game.pending
    result = game.result()
    return {"moves": len(game.actions), "to_move": game.to_move, "over": game.over,
            "pending": pending, "legal": {str(s): game.legal_actions(s) for s in pending},
            "result": None if result is None else {k: result[k] for k in ("scores", "winners")}}


@pytest.mark.parametrize("saved", SAVES, ids=[s["name"] for s in SAVES])
def test_an_old_save_loads_and_replays_to_the_same_game(saved):
    loaded = engine.load_game(saved["save"])
    assert summary(loaded) == saved["expect"]
    assert summary(engine.replay(saved["save"])) == saved["expect"]
    # and it saves again in today's format, which loads back to the same game
    assert engine.load_game(loaded.to_json()) == loaded
