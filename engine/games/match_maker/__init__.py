"""The Match-Maker: a memory grid of person cards, chance cards and cancellation attempts.

rulebook.py (the rules as data), rules.py (cards and one predicate per move), game.py (the
state machine), position.py (scenarios), bots.py, lessons.py, and words.py (card names and log
sentences, shared with the UI)."""

from . import lessons
from .game import MatchMaker

# The registry's entry (engine/games/__init__.py): this package is a game. Its layout is
# ui/layouts/match_maker.py (LAYOUT), its words words.py (mounted for the UI by the build), its bots
# MatchMaker.BOTS.
GAME = MatchMaker
LESSONS = lessons.LESSONS
LOBBY_ORDER = 3  # where its tile stands in the lobby

__all__ = ["GAME", "LESSONS", "LOBBY_ORDER", "MatchMaker"]
