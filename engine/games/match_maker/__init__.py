"""The Match-Maker: a memory grid of person cards, chance cards and cancellation attempts.

rulebook.py (the rules as data), rules.py (cards and one predicate per move), game.py (the
state machine), position.py (scenarios), bots.py, lessons.py, and words.py (card names and log
sentences, shared with the UI)."""

from .game import MatchMaker

__all__ = ["MatchMaker"]
