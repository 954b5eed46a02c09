"""Matchmakers (rulebook ``rules/000``): see game.py for the state machine and its actions."""

from .game import Matchmakers

__all__ = ["Matchmakers"]
