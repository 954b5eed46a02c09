"""The registry of games: id -> Game subclass. A game lands here when it is complete."""

from .matatu import Matatu

GAMES = {game.id: game for game in (Matatu,)}
