"""Matchmakers positions and moves for the tests in this folder (not a test module).

Positions are built with ``engine.from_scenario`` through ``table()`` (the format is in
engine/games/matchmakers/position.py). In the rulebook's examples players A, B, C, D are
seats 0, 1, 2, 3 (teams A+C and B+D).
"""

from collections import Counter

import pytest

from engine import IllegalAction, from_scenario
from engine.games.matchmakers.rules import ALL_CARDS, ANIMALS


def table(hands, *, options=None, seed=0, **position):
    """A scenario game with these hands (one list per seat)."""
    return from_scenario({"game": "matchmakers", "players": len(hands), "seed": seed,
                          "options": dict(options or {}),
                          "position": {"hands": [list(h) for h in hands], **position}})


def trick_of(*plays):
    return [{"seat": seat, "card": card} for seat, card in plays]


def play(game, card, seat=None):
    game.apply({"type": "play", "card": card, "seat": game.to_move if seat is None else seat})


def allowed(game, seat=None) -> list:
    return sorted(a["card"] for a in game.legal_actions(seat) if a["type"] == "play")


def refused(game, action) -> IllegalAction:
    """Apply an action that must be refused; check nothing changed and return the refusal."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert game.to_json() == before
    return caught.value


def places_ok(game):
    places = game.card_locations()
    assert Counter(c for cards in places.values() for c in cards) == Counter(ALL_CARDS)


def straw_of(ups, downs=None):
    """9 stacks [down, up]: ``ups`` on top of ``downs`` (missing entries: no card)."""
    ups = list(ups) + [None] * (9 - len(ups))
    downs = list(downs or []) + [None] * (9 - len(downs or []))
    return [[d, u] for d, u in zip(downs, ups, strict=True)]


def exchange_game(hands, **kw):
    return table(hands, stage="exchange", **kw)


def deal_4p():
    """Four 13-card hands: seat s gets every 4th card of the deck in code order."""
    return [[c for i, c in enumerate(ANIMALS) if i % 4 == s] for s in range(4)]


def two_player(hands, ups, downs=None, **kw):
    downs = downs or [[], []]
    return table(hands, straw=[straw_of(ups[0], downs[0]), straw_of(ups[1], downs[1])], **kw)


def loser_example():
    """loser.example: A (0) leads red 8, B (1) red 2, C (2) green 4, D (3) blue 4; A holds T4."""
    return table([["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]],
                 starter=0, guides=[["T4"], [], [], []],
                 trick=trick_of((0, "R8s"), (1, "R2s")))


def kinds(game, start=0) -> list:
    return [entry["kind"] for entry in game.log[start:]]
