"""Matchbook's game engine: pure Python, no js, no pyscript, no third-party imports.

The protocol (see DESIGN.md):

    >>> import engine
    >>> game = engine.new_game("matatu", players=3, seed=42)
    >>> action = game.legal_actions()[0]
    >>> game.apply(action)
    >>> same = engine.load_game(game.to_json())
"""

from . import limits
from .errors import IllegalAction
from .game import READABLE_FORMATS, SAVE_FORMAT, Game
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
        data = limits.parse_json(data, what="save")
    if not isinstance(data, dict):
        raise IllegalAction("This save is not a game record.")
    limits.check_value(data, "save")  # depth and size before anything walks it
    if data.get("format") not in READABLE_FORMATS:
        shown = data.get("format") if _small(data.get("format")) else "an unknown one"
        raise IllegalAction(
            f"This save uses format {shown!r}; this version of Matchbook reads formats"
            f" {', '.join(str(f) for f in READABLE_FORMATS)}.")
    return data


def _small(value) -> bool:
    return isinstance(value, (int, str)) and len(str(value)) <= 20


def _fresh_from_record(data: dict) -> Game:
    scenario = data.get("scenario")
    if scenario is not None:
        game = from_scenario(scenario)
        # A record names its game, players, rules and options: they must be the scenario's.
        for key in ("game", "players", "rules"):
            if data.get(key) is not None and data.get(key) != getattr(game, key if key !=
                                                                     "game" else "id"):
                raise IllegalAction(f"This record's {key} does not match its scenario's.")
        if data.get("options") is not None and data["options"] != game.options:
            raise IllegalAction("This record's options do not match its scenario's.")
        return game
    return new_game(data.get("game"), players=data.get("players"), seed=data.get("seed", 0),
                    rules=data.get("rules"), options=data.get("options"))


def replay(data, upto: int | None = None) -> Game:
    """Rebuild a game from its record alone (seed, rules, options, scenario, actions).

    Every action is validated again, so a tampered or corrupt log is refused, not obeyed.
    """
    data = _parse_record(data)
    game = _fresh_from_record(data)
    actions = data.get("actions")
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise IllegalAction("The save's action log is not a list.")
    if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int)):
        raise IllegalAction("\"upto\" is a number of moves.")
    for number, action in enumerate(actions[:upto]):
        try:
            game.apply(action)
        except IllegalAction as error:
            raise IllegalAction(f"Replay failed at move {number + 1}: {error.reason}") from None
    return game


def load_game(data) -> Game:
    """A saved game, believed only if it replays: the record is replayed move by move, the
    result must be a consistent position, and a ``check`` digest (format 2) must match.

    Format 1 saves carried a full state snapshot written by an older engine; it is not
    trusted (or needed): their record is replayed the same way."""
    data = _parse_record(data)
    game = replay(data)
    check = data.get("check")
    if data.get("format") == 2 and check is not None:
        if not isinstance(check, dict) or check.get("digest") != game.digest() \
                or check.get("moves") != len(game.actions):
            raise IllegalAction("This save does not match its own move record: it was changed"
                                " or written by another version.")
    problem = consistency_problem(game)
    if problem:
        raise IllegalAction(f"This save replays to a broken game: {problem}.")
    return game


def consistency_problem(game: Game) -> str | None:
    """What is wrong with a game's position, or None: every card in exactly one place (for
    games that report where cards are) and someone may act unless it is over."""
    if not game.over:
        pending = game.pending
        if not pending or not any(game.legal_actions(seat) for seat in pending):
            return "nobody can move, yet it is not over"
    return None


def catalog() -> list[dict]:
    """Rules data of every registered game, for the lobby and the rules pages."""
    return [cls.describe() for cls in GAMES.values()]
