"""Scenarios: a position any game can be built from (tests, lessons, embeds).

A scenario is a JSON object:

    {
      "game": "matatu",            # game id
      "rules": "matatu-v1",        # optional, default the newest version
      "options": {"jokers": false},# optional, defaults from the game's OPTIONS table
      "players": 3,                # seat count
      "seed": 7,                   # optional: seeds the RNG used after the position (draws)
      "position": {...}            # game-specific; each game documents its own format
    }

Each game documents the ``position`` it accepts in its ``setup_position`` docstring, with an
example; ``docs/scenarios.md`` collects one example per game. A scenario must describe every
card (each exactly once); a position the rules could not reach is refused with a reason.
"""

import copy

from .errors import IllegalAction


def from_scenario(data: dict):
    from . import game_class  # late import: engine/__init__ imports this module

    if not isinstance(data, dict):
        raise IllegalAction("A scenario is a JSON object.")
    cls = game_class(data.get("game"))
    position = data.get("position")
    if not isinstance(position, dict):
        raise IllegalAction("A scenario needs a \"position\" object.")
    game = object.__new__(cls)
    players = data.get("players", cls.default_players)
    if not isinstance(players, int) or not cls.min_players <= players <= cls.max_players:
        raise IllegalAction(
            f"{cls.title} is played by {cls.min_players} to {cls.max_players} players.")
    from .rng import SeededRng

    game.players = players
    game.seed = data.get("seed", 0)
    game.rules = cls.resolve_rules(data.get("rules"))
    game.options = cls.resolve_options(data.get("options"))
    game.rng = SeededRng(game.seed)
    game.actions = []
    game.scenario = copy.deepcopy(data)
    game.setup_position(copy.deepcopy(position))
    return game
