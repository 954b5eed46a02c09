"""Matatu engine figures: random playouts per second, and the basic bot against random bots.

    python3 bench/engine_playouts.py [--playouts 200] [--rounds 1000]

Prints figures and asserts nothing about time (DESIGN.md: benchmarks are not tests).
``random_playouts`` and ``bot_win_rate`` are importable, so the browser benchmark runs the very
same code in Pyodide.
"""

import argparse
import os
import sys
import time

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.rng import SeededRng  # noqa: E402


def random_playouts(n: int, players: int, jokers: bool, seed: int = 0) -> dict:
    """Play ``n`` Matatu rounds with uniformly random legal moves; return the figures.

    Uses the validated ``apply`` path, as the site does for every click.
    """
    actions = 0
    reasons = {}
    started = time.perf_counter()
    for number in range(n):
        game = engine.new_game("matatu", players=players, seed=seed + number,
                               options={"jokers": jokers})
        rng = SeededRng(seed + number + 1_000_003)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        reason = game.result()["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
    elapsed = time.perf_counter() - started
    return {
        "playouts": n, "players": players, "jokers": jokers, "seconds": elapsed,
        "playouts_per_second": n / elapsed if elapsed else float("inf"),
        "actions_per_second": actions / elapsed if elapsed else float("inf"),
        "actions_per_playout": actions / n if n else 0.0,
        "reasons": reasons,
    }


def bot_win_rate(rounds: int = 1000, players: int = 4, seed: int = 0, jokers: bool = False,
                 level: str = "basic") -> dict:
    """One ``level`` bot against random bots over seeded rounds; its seat rotates.

    A tie for the lowest total counts as a win for every tied seat (MT-A18).
    """
    cls = engine.GAMES["matatu"]
    wins = 0
    started = time.perf_counter()
    for number in range(rounds):
        game = engine.new_game("matatu", players=players, seed=seed + number,
                               options={"jokers": jokers})
        hero = number % players
        rng = SeededRng(seed + number + 2_000_003)
        bots = [make_bot(cls, level if seat == hero else "random", rng.fork())
                for seat in range(players)]
        while not game.over:
            seat = game.to_move
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        wins += hero in game.result()["winners"]
    return {"rounds": rounds, "players": players, "level": level, "wins": wins,
            "win_rate": wins / rounds, "fair_share": 1 / players,
            "seconds": time.perf_counter() - started}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=200, help="random playouts per setting")
    parser.add_argument("--rounds", type=int, default=1000, help="rounds for the bot figure")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name})")
    print("Matatu random playouts (uniform over legal actions):")
    for players in (2, 4, 6):
        for jokers in (False, True):
            r = random_playouts(args.playouts, players, jokers)
            print(f"  {players} players, jokers {'on ' if jokers else 'off'}:"
                  f" {r['playouts_per_second']:8.1f} playouts/s"
                  f" {r['actions_per_second']:9.0f} actions/s"
                  f" {r['actions_per_playout']:7.1f} actions/playout")
    r = bot_win_rate(args.rounds)
    print(f"basic bot vs {r['players'] - 1} random bots, {r['rounds']} seeded rounds:"
          f" won {r['wins']} ({100 * r['win_rate']:.1f}%; a fair share is"
          f" {100 * r['fair_share']:.0f}%) in {r['seconds']:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
