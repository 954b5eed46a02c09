"""Plural and person agreement in every log entry (issue #30 item 3): every kind of entry that
seeded games of each game write is worded for the seat it is about (as "You") and for
another reader, and neither reading says "You plays", "You has", "1 cards" or "these 1"."""

import importlib
import re

import pytest

import engine
from engine.bots import make_bot
from engine.rng import SeededRng
from engine.words import Speaker

WRONG = [
    (re.compile(r"\bYou (is|has|was|does)\b"), "You + a verb for one other person"),
    (re.compile(r"\bYou (?!pass\b|miss\b|guess\b|discuss\b)[a-z]+[^s]s\b"), "You + -s verb"),
    (re.compile(r"\b1 (cards|tricks|points|matches|players|moves|couples|exes)\b"), "1 + plural"),
    (re.compile(r"\bthese 1\b"), "these 1"),
    (re.compile(r"\b(?:Seat \d+(?: \([A-Za-z]+ bot\))?) (are|have|were)\b"), "a seat + plural"),
]
GAMES = sorted(engine.GAMES)


def entries_by_kind(game_id, games=6):
    """One entry of each kind (and each seat it names), from seeded games of bots."""
    found = {}
    for seed in range(games):
        game = engine.new_game(game_id, seed=seed)
        bots = {}
        moves = 0
        while not game.over and moves < 3000:
            seat = game.to_move
            if seat is None:
                seat = game.pending[0]
            bot = bots.setdefault(seat, make_bot(type(game), None, SeededRng(seed * 10 + seat)))
            game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
            moves += 1
        for entry in game.view(None)["log"]:
            kind = entry.get("kind")
            found.setdefault((kind, entry.get("seat")), entry)
    return list(found.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_log_entry_agrees_in_person_and_number(game_id):
    words = importlib.import_module(f"engine.games.{game_id}.words")
    entries = entries_by_kind(game_id)
    kinds = {entry.get("kind") for entry in entries}
    assert len(kinds) >= 5, kinds
    players = engine.new_game(game_id, seed=0).players
    names = ["Seat " + str(seat + 1) + " (Basic bot)" for seat in range(players)]
    problems = []
    for entry in entries:
        about = entry.get("seat")
        readers = {None, 0 if about != 0 else 1}
        if isinstance(about, int):
            readers.add(about)  # the seat the entry is about reads it: "You ..."
        for reader in readers:
            speaker_names = list(names)
            if reader is not None:
                speaker_names[reader] = "You"
            line = words.describe(entry, Speaker(speaker_names, reader))
            for pattern, what in WRONG:
                if pattern.search(line):
                    problems.append(f"{entry.get('kind')} for seat {reader}: {what}: {line}")
    assert not problems, "\n".join(problems)
