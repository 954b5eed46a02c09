"""Matchmaster (rules/001): predict exactly how many tricks you will take. The package's
modules: rulebook (rules as data), rules (cards and rule predicates), game (the state
machine), position (scenarios), bots, lessons, words (names and log sentences, shared with
the UI)."""

from .game import Matchmaster

__all__ = ["Matchmaster"]
