"""Matchmaster (rules/001): predict exactly how many tricks you will take. The package's
modules: rulebook (rules as data), rules (cards and rule predicates), game (the state
machine), position (scenarios), bots, lessons, words (names and log sentences, shared with
the UI)."""

from . import lessons
from .game import Matchmaster

# The registry's entry (engine/games/__init__.py): this package is a game. Its layout is
# ui/layouts/matchmaster.py (LAYOUT), its words words.py (mounted for the UI by the build), its bots
# Matchmaster.BOTS.
GAME = Matchmaster
LESSONS = lessons.LESSONS
LOBBY_ORDER = 2  # where its tile stands in the lobby

__all__ = ["GAME", "LESSONS", "LOBBY_ORDER", "Matchmaster"]
