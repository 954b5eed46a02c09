"""The registry of games: id -> Game subclass. A game lands here when it is complete."""

from .matatu import Matatu
from .match_maker import MatchMaker
from .matchmakers import Matchmakers
from .matchmaster import Matchmaster

GAMES = {game.id: game for game in (Matatu, Matchmaster, MatchMaker, Matchmakers)}
