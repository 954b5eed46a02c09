"""Helpers for The Match-Maker's tests: positions built by name, moves by name, and a seeded
player that mixes the memory bot with random moves.

Positions are built with ``engine.from_scenario`` through ``table()``: name the stacks on the
grid and the chance piles, and every other card goes face up to the Discard pile.
"""

from collections import Counter

import pytest

import engine
from engine import IllegalAction
from engine.games.match_maker import MatchMaker
from engine.games.match_maker.bots import MemoryBot
from engine.games.match_maker.words import CHANCES, PERSONS
from engine.rng import SeededRng


def table(grid, *, ctp=(), mate=(), change=(), players=2, to_move=0, options=None, **position):
    """A scenario game. ``grid`` maps (row, col) to a stack, bottom..top; every card not
    placed goes to the Discard pile."""
    options = dict(options or {})
    deck = Counter(MatchMaker(players=players, options=options).full_deck())
    rows = {"3,3,3,2": (5, 5, 5, 5), "row4_2x3": (5, 5, 5, 2), "2,2,2,1": (5, 5, 5, 5)}
    shape = rows[options.get("grid_stacks", "3,3,3,2")]
    layout = [[[] for _ in range(cols)] for cols in shape]
    for (row, col), stack in grid.items():
        layout[row - 1][col - 1] = list(stack)
    placed = Counter(c for stack in grid.values() for c in stack)
    placed += Counter(ctp) + Counter(mate) + Counter(change)
    for pile in position.get("couples", []) + position.get("exes", []):
        placed += Counter(pile)
    rest = deck - placed
    assert not placed - deck, f"more cards than the deck holds: {placed - deck}"
    discard = [code for code in PERSONS + CHANCES for _ in range(rest[code])]
    data = {"game": "match_maker", "players": players, "options": options,
            "position": {"grid": layout, "change_to_person": list(ctp), "mate_pile": list(mate),
                         "change_pile": list(change), "discard": discard, "to_move": to_move,
                         **position}}
    return engine.from_scenario(data)


def act(game, kind, **fields):
    game.apply({"type": kind, "seat": game.to_move, **fields})


def open_(game, row, col):
    act(game, "open", stack=[row, col])


def refused(game, kind, **fields) -> IllegalAction:
    """Apply a move that must be refused; check nothing changed and return the refusal."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        act(game, kind, **fields)
    assert game.to_json() == before
    assert caught.value.reason
    return caught.value


def types(game, seat=None) -> list:
    return [a["type"] for a in game.legal_actions(seat)]


def cell(view, row, col) -> dict:
    return next(c for c in view["grid"] if (c["row"], c["col"]) == (row, col))


# A little grid used by many tests: a straight pair on top at (1, 1) and (1, 2), a gay-woman
# pair (so the game goes on after the first match), a gay man and celibates.
BASE = {(1, 1): ["gay-m", "straight-m"], (1, 2): ["celibate-f", "straight-f"],
        (2, 1): ["celibate-m"], (2, 2): ["gay-f"], (3, 3): ["gay-m"], (3, 5): ["gay-f"]}


def play_out(game, bots=None, limit=20000):
    rng = SeededRng(7)
    bots = bots or [MemoryBot(rng.fork()) for _ in range(game.players)]
    for _ in range(limit):
        if game.over:
            return game
        seat = game.to_move
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    raise AssertionError("game did not finish")


class Player:
    """Seeded mixture of the memory bot and uniformly random moves, so games end in a sensible
    number of moves yet every legal action gets tried."""

    def __init__(self, game, seed: int):
        self.rng = SeededRng(seed * 7919 + 1)
        self.bots = [MemoryBot(self.rng.fork()) for _ in range(game.players)]
        self.bot_share = (60, 80, 95)[seed % 3]

    def move(self, game) -> dict:
        seat = game.to_move
        legal = game.legal_actions(seat)
        if self.rng.randbelow(100) < self.bot_share:
            return self.bots[seat].choose(game.view(seat), legal)
        return self.rng.choice(legal)
