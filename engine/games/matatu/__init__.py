"""Matatu: a shedding game with pick-two, Aces that name the suit, and the chopper cut.

The package: ``rulebook.py`` (the rules as data), ``rules.py`` (cards and one predicate per
rule), ``game.py`` (the state machine), ``position.py`` (scenarios in and out), ``bots.py``,
``lessons.py`` and ``words.py`` (names and log sentences, shared with the UI).
"""

from . import lessons
from .game import Matatu

# The registry's entry (engine/games/__init__.py): this package is a game. Its layout is
# ui/layouts/matatu.py (LAYOUT), its words words.py (mounted for the UI by the build), its bots
# Matatu.BOTS.
GAME = Matatu
LESSONS = lessons.LESSONS
LOBBY_ORDER = 1  # where its tile stands in the lobby

__all__ = ["GAME", "LESSONS", "LOBBY_ORDER", "Matatu"]
