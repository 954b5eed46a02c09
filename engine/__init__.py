"""Matchbook's game engine: pure Python, no js, no pyscript, no third-party imports.

The protocol (see DESIGN.md):

    >>> import engine
    >>> game = engine.new_game("matatu", players=3, seed=42)
    >>> action = game.legal_actions()[0]
    >>> game.apply(action)
    >>> same = engine.load_game(game.to_json())
"""

import json

from .errors import IllegalAction
from .game import SAVE_FORMAT, Game
from .games import GAMES
from .scenario import from_scenario

__all__ = ["GAMES", "Game", "IllegalAction", "SAVE_FORMAT", "catalog", "from_scenario",
           "load_game", "new_game", "replay"]


def game_class(game_id: str) -> type[Game]:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise IllegalAction(f"There is no game called {game_id!r}.") from None


def new_game(game_id: str, *, players: int | None = None, seed=0, rules: str | None = None,
             options: dict | None = None) -> Game:
    return game_class(game_id)(players=players, seed=seed, rules=rules, options=options)


def _parse_record(data) -> dict:
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as error:
            raise IllegalAction(f"This save is not valid JSON ({error}).") from None
    if not isinstance(data, dict):
        raise IllegalAction("This save is not a game record.")
    if data.get("format") != SAVE_FORMAT:
        raise IllegalAction(
            f"This save uses format {data.get('format')!r}; this version of Matchbook reads"
            f" format {SAVE_FORMAT}.")
    return data


def _fresh_from_record(data: dict) -> Game:
    if data.get("scenario") is not None:
        return from_scenario(data["scenario"])
    return new_game(data.get("game"), players=data.get("players"), seed=data.get("seed", 0),
                    rules=data.get("rules"), options=data.get("options"))


def replay(data, upto: int | None = None) -> Game:
    """Rebuild a game from its record alone (seed, rules, options, scenario, actions).

    Every action is validated again, so a tampered or corrupt log is refused, not obeyed.
    """
    data = _parse_record(data)
    game = _fresh_from_record(data)
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        raise IllegalAction("The save's action log is not a list.")
    for number, action in enumerate(actions[:upto]):
        try:
            game.apply(action)
        except IllegalAction as error:
            raise IllegalAction(f"Replay failed at move {number + 1}: {error.reason}") from None
    return game


def load_game(data) -> Game:
    """Restore a saved game exactly, RNG state included, from ``Game.to_json()``."""
    data = _parse_record(data)
    if "state" not in data:
        return replay(data)
    game = _fresh_from_record(data)
    game.actions = list(data.get("actions") or [])
    try:
        state = dict(data["state"])
        game.rng.state = int(state.pop("rng"))
        game.restore(state)
    except (KeyError, TypeError, ValueError) as error:
        raise IllegalAction(f"This save's state cannot be read ({error!r}).") from None
    return game


def catalog() -> list[dict]:
    """Rules data of every registered game, for the lobby and the rules pages."""
    return [cls.describe() for cls in GAMES.values()]
