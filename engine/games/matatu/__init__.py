"""Matatu: a shedding game with pick-two, Aces that name the suit, and the chopper cut.

The package: ``rulebook.py`` (the rules as data), ``rules.py`` (cards and one predicate per
rule), ``game.py`` (the state machine), ``position.py`` (scenarios in and out), ``bots.py``,
``lessons.py`` and ``words.py`` (names and log sentences, shared with the UI).
"""

from .game import Matatu

__all__ = ["Matatu"]
