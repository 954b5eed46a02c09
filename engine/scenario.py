"""Scenarios: a position any game can be built from (tests, lessons, embeds, the editor).

A scenario is a JSON object:

    {
      "game": "matatu",            # game id
      "rules": "matatu-v1",        # optional, default the newest version
      "options": {"jokers": false},# optional, defaults from the game's OPTIONS table
      "players": 3,                # seat count
      "seed": 7,                   # optional: seeds the RNG used after the position (draws)
      "rng": "1234",               # optional: the RNG's exact state (Game.to_scenario writes it)
      "position": {...}            # game-specific; each game documents its own format
    }

Each game documents the ``position`` it accepts in its ``setup_position`` docstring, with an
example; ``docs/scenarios.md`` collects one example per game. A scenario must describe every
card (each exactly once); a position the rules could not reach is refused with a reason.
``Game.to_scenario()`` writes a game's current position in this format.
"""

from .errors import IllegalAction
from .game import copy_json
from .limits import check_value
from .rng import SeededRng
from .shape import check_position

SCENARIO_KEYS = ("game", "players", "rules", "options", "seed", "rng", "position")


def from_scenario(data: dict):
    from . import game_class  # late import: engine/__init__ imports this module

    if not isinstance(data, dict):
        raise IllegalAction("A scenario is a JSON object.")
    check_value(data, "scenario")  # depth and size first: nothing below recurses unbounded
    unknown = sorted(str(key) for key in data if key not in SCENARIO_KEYS)
    if unknown:
        raise IllegalAction(f"A scenario has no key {unknown[0]!r}; the keys are"
                            f" {', '.join(SCENARIO_KEYS)}.")
    cls = game_class(data.get("game"))
    position = data.get("position")
    if not isinstance(position, dict):
        raise IllegalAction("A scenario needs a \"position\" object.")
    game = object.__new__(cls)
    game._init_common(data.get("players"), data.get("seed", 0), data.get("rules"),
                      data.get("options"), scenario=copy_json(data))
    if data.get("rng") is not None:
        state = data["rng"]
        if not isinstance(state, str) or not state.isdigit() or len(state) > 20 \
                or int(state) >= 1 << 64:
            raise IllegalAction("\"rng\" is the generator's state: a number in a string.")
        game.rng = SeededRng.from_json(state)
    check_position(game, position)  # every field's type, named, before the game reads it
    game.setup_position(copy_json(position))
    return game
