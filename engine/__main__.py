"""Command line for any registered game: list them, play one against bots, simulate many,
or measure bots against each other in the arena.

    python3 -m engine list
    python3 -m engine play matatu --players 3 --seed 5 [--jokers] [--seat 0]
    python3 -m engine simulate matatu --games 1000 --players 4 [--option jokers=true]
                                      [--bots basic,random,random,random]
    python3 -m engine arena matchmakers --bots basic,random,basic,random --games 1000
                            --seed 1 [--option k=v ...] [--players P] [--rules V]
                            [--workers N] [--scheduler tcp://host:8786] [--json]

The arena prints win rates by seat (and by team in team games) with 95% Wilson intervals,
game length, scores and how often each kind of event was logged; the same command prints
the same numbers, with any ``--workers`` or on a Dask cluster (``engine/arena.py`` is the
study, ``engine/arena_runner.py`` where it runs).

Everything goes through the protocol (``legal_actions``, ``apply``, ``view``, ``make_bot``),
so a new game works here as soon as it is in ``engine.GAMES``.
"""

import argparse
import importlib
import json
import sys
import time
from collections import Counter

from . import GAMES, IllegalAction, arena_runner, new_game
from .bots import make_bot
from .rng import SeededRng
from .words import Speaker

# View keys that are bulky or shown separately when printing a table.
_QUIET_KEYS = {"game", "rules", "options", "log", "hand", "result", "seat", "players"}


def _words(game_id: str):
    """The game's words module (card names, log sentences; engine/games/<id>/words.py)."""
    try:
        return importlib.import_module(f"engine.games.{game_id}.words")
    except ImportError:
        return None


def _label(value, words):
    """Card codes as the screen shows them (7D -> 7♦); anything else unchanged."""
    if isinstance(value, str) and words is not None and hasattr(words, "card_label"):
        if hasattr(words, "is_card") and not words.is_card(value):
            return value
        try:
            return words.card_label(value)
        except (KeyError, IndexError, ValueError):
            return value
    if isinstance(value, list):
        return [_label(v, words) for v in value]
    return value


def _parse_options(pairs) -> dict:
    options = {}
    for pair in pairs or []:
        key, sep, text = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option needs key=value, not {pair!r}")
        try:
            options[key] = json.loads(text)
        except ValueError:
            options[key] = text  # bare words such as end_round
    return options


def _game_class(game_id: str):
    if game_id not in GAMES:
        raise SystemExit(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}")
    return GAMES[game_id]


def _options_with_jokers(cls, args) -> dict:
    options = _parse_options(args.option)
    if getattr(args, "jokers", False):
        if not any(spec["id"] == "jokers" for spec in cls.OPTIONS):
            raise SystemExit(f"{cls.title} has no jokers option")
        options["jokers"] = True
    return options


def _describe_action(action: dict, words) -> str:
    fields = [f"{k}={_label(v, words)}" for k, v in action.items() if k not in ("type", "seat")]
    return action["type"] + (" " + " ".join(fields) if fields else "")


# ---- list ------------------------------------------------------------------------------------


def cmd_list(args) -> int:
    for game_id in sorted(GAMES):
        cls = GAMES[game_id]
        print(f"{game_id}: {cls.title}, {cls.min_players}-{cls.max_players} players"
              f" (default {cls.default_players})")
        for version in cls.RULE_VERSIONS:
            print(f"  rules {version['id']}: {version.get('title', '')}")
        for spec in cls.OPTIONS:
            values = ", ".join(json.dumps(v) for v in spec["values"])
            print(f"  option {spec['id']} = {json.dumps(spec['default'])} [{values}]"
                  f" - {spec.get('meaning', '')}")
        print(f"  bots: {', '.join(cls.BOTS) or 'random'}")
    return 0


# ---- play ------------------------------------------------------------------------------------


def _show_table(view: dict, log_seen: int, words) -> int:
    log = view.get("log") or []
    speaker = Speaker(players=view["players"], viewer=view["seat"])
    for event in log[log_seen:]:
        if "kind" in event and words is not None:
            print(f"  · {words.describe(event, speaker)}")
        else:
            print(f"  · {event.get('text', event)}")
    print()
    for key, value in view.items():
        if key not in _QUIET_KEYS and value is not None:
            print(f"  {key}: {_label(value, words)}")
    if view.get("hand") is not None:
        print(f"  your hand: {' '.join(_label(view['hand'], words))}")
    return len(log)


def cmd_play(args) -> int:
    cls = _game_class(args.game)
    options = _options_with_jokers(cls, args)
    try:
        game = new_game(args.game, players=args.players, seed=args.seed, rules=args.rules,
                        options=options)
    except IllegalAction as error:
        print(error.reason)
        return 2
    if not 0 <= args.seat < game.players:
        raise SystemExit(f"--seat must be 0 to {game.players - 1}")
    rng = SeededRng(args.seed).fork()
    levels = (args.bots or "").split(",") if args.bots else []
    bots = {seat: make_bot(cls, levels[seat] if seat < len(levels) else None, rng.fork())
            for seat in range(game.players) if seat != args.seat}
    log_seen = 0
    words = _words(game.id)
    print(f"{cls.title}: you are seat {args.seat + 1} of {game.players} (seed {args.seed}).")
    while not game.over:
        pending = game.pending
        if args.seat not in pending:
            seat = pending[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            continue
        log_seen = _show_table(game.view(args.seat), log_seen, words)
        actions = game.legal_actions(args.seat)
        for number, action in enumerate(actions, 1):
            print(f"  {number:>2}. {_describe_action(action, words)}")
        while True:
            try:
                text = input("your move (number, or q)> ").strip()
            except EOFError:
                print()
                return 1
            if text.lower() in ("q", "quit"):
                return 1
            if text.isdigit():
                if not 1 <= int(text) <= len(actions):
                    print(f"  type a number from 1 to {len(actions)}")
                    continue
                action = actions[int(text) - 1]
            else:
                try:
                    action = json.loads(text)  # a move typed as JSON, to see refusals
                except ValueError:
                    print(f"  type a number from 1 to {len(actions)}")
                    continue
            try:
                game.apply(action)
                break
            except IllegalAction as error:
                print(f"  refused: {error.reason}")
    _show_table(game.view(args.seat), log_seen, words)
    print(f"\nresult: {json.dumps(game.result(), ensure_ascii=False)}")
    return 0


# ---- simulate --------------------------------------------------------------------------------


def play_one(game_id: str, players: int, seed: int, options: dict, levels: list,
             move_limit: int = 100000):
    """Play one game with bots; returns (game, number of actions)."""
    cls = GAMES[game_id]
    game = new_game(game_id, players=players, seed=seed, options=options)
    rng = SeededRng(seed).fork()
    bots = [make_bot(cls, levels[seat % len(levels)] if levels else None, rng.fork())
            for seat in range(game.players)]
    moves = 0
    while not game.over and moves < move_limit:
        seat = game.pending[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        moves += 1
    return game, moves


def cmd_simulate(args) -> int:
    cls = _game_class(args.game)
    options = _options_with_jokers(cls, args)
    levels = args.bots.split(",") if args.bots else ["random"]
    for level in levels:
        if cls.BOTS and level not in cls.BOTS:
            raise SystemExit(f"{cls.title} has no bot {level!r}; bots: {', '.join(cls.BOTS)}")
    players = args.players or cls.default_players
    wins, reasons = Counter(), Counter()
    total_moves = unfinished = 0
    started = time.perf_counter()
    for number in range(args.games):
        try:
            game, moves = play_one(args.game, players, args.seed + number, options, levels)
        except IllegalAction as error:
            print(error.reason)
            return 2
        total_moves += moves
        if not game.over:
            unfinished += 1
            continue
        result = game.result()
        for seat in result["winners"]:
            wins[seat] += 1
        reasons[result.get("reason", "over")] += 1
    elapsed = time.perf_counter() - started
    print(f"{cls.title}: {args.games} games, {players} players, options {options or 'default'}")
    print(f"bots: {', '.join(levels[s % len(levels)] for s in range(players))}")
    print(f"{args.games / elapsed:.1f} games/s, {total_moves / elapsed:.0f} actions/s,"
          f" {total_moves / args.games:.1f} actions per game")
    for seat in range(players):
        print(f"  seat {seat + 1} ({levels[seat % len(levels)]}): {wins[seat]} wins"
              f" ({100 * wins[seat] / args.games:.1f}%, ties count for every winner)")
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    if unfinished:
        print(f"unfinished (move limit): {unfinished}")
    return 0


# ---- arena -----------------------------------------------------------------------------------


def cmd_arena(args) -> int:
    return arena_runner.command(args, _parse_options(args.option))


# ---- arguments -------------------------------------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m engine",
                                     description="Matchbook's games in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="games, player ranges, rule versions, options")

    play = commands.add_parser("play", help="play against bots in the terminal")
    simulate = commands.add_parser("simulate", help="bots play many seeded games")
    for sub in (play, simulate):
        sub.add_argument("game")
        sub.add_argument("--players", type=int)
        sub.add_argument("--seed", type=int, default=0 if sub is simulate else 1)
        sub.add_argument("--option", action="append", metavar="KEY=VALUE",
                         help="a rule option, e.g. jokers=true (repeatable)")
        sub.add_argument("--jokers", action="store_true", help="same as --option jokers=true")
        sub.add_argument("--bots", help="bot levels by seat, comma separated")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0")
    play.add_argument("--rules", help="rules version id (default: the newest)")
    simulate.add_argument("--games", type=int, default=100)
    arena_runner.add_arguments(commands.add_parser(
        "arena", help="bots play many seeded games: win rates with intervals, lengths, scores"))
    args = parser.parse_args(argv)
    handler = {"list": cmd_list, "play": cmd_play, "simulate": cmd_simulate,
               "arena": cmd_arena}[args.command]
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
