"""Matchmakers (rulebook ``rules/000``): see game.py for the state machine and its actions."""

from . import lessons
from .game import Matchmakers

# The registry's entry (engine/games/__init__.py): this package is a game. Its layout is
# ui/layouts/matchmakers.py (LAYOUT), its words words.py (mounted for the UI by the build), its bots
# Matchmakers.BOTS.
GAME = Matchmakers
LESSONS = lessons.LESSONS
LOBBY_ORDER = 4  # where its tile stands in the lobby

__all__ = ["GAME", "LESSONS", "LOBBY_ORDER", "Matchmakers"]
