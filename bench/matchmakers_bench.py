"""Matchmakers figures: how strong the basic bot is, and how fast the engine plays.

Run from the repository root: ``python3 bench/matchmakers_bench.py [--games 1000]``.
Prints figures; asserts nothing about wall-clock time (DESIGN.md, "Tests").
"""

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from engine.bots import RandomBot  # noqa: E402
from engine.games.matchmakers import Matchmakers  # noqa: E402
from engine.games.matchmakers.bots import BasicBot  # noqa: E402
from engine.rng import SeededRng  # noqa: E402


def team_vs_random(games: int, players: int) -> dict:
    """The basic bot's team (both partners with 4 players) against random bots.

    The bot team alternates between team 0 and team 1, so starting first is not its edge. A
    win is being among the winning teams (equal totals share the win, end.three).
    """
    wins = outright = 0
    margin = 0
    for number in range(games):
        game = Matchmakers(players=players, seed=number)
        hero = number % 2
        bots = [BasicBot(SeededRng(number * 31 + seat)) if game.team_of(seat) == hero
                else RandomBot(SeededRng(number * 31 + seat)) for seat in range(players)]
        while not game.over:
            seat = game.pending[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        result = game.result()
        wins += hero in result["winning_teams"]
        outright += result["winning_teams"] == [hero]
        margin += result["team_scores"][hero] - result["team_scores"][1 - hero]
    return {"games": games, "wins": wins, "outright": outright, "margin": margin / games}


def random_playout_rate(players: int, seconds: float) -> dict:
    """Whole games (up to 3 rounds) of uniformly random legal moves, as a search bot would
    run them: copy the dealt game, then the trusted path (``actions_for`` + ``apply_trusted``).
    """
    start = Matchmakers(players=players, seed=2024)
    rng = SeededRng(7)
    playouts = moves = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        game = start.copy()
        while not game.over:
            seat = rng.choice(game.pending)
            game.apply_trusted(rng.choice(game.actions_for(seat)))
            moves += 1
        playouts += 1
    elapsed = time.perf_counter() - began
    return {"playouts": playouts, "moves": moves, "seconds": elapsed,
            "rate": playouts / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()

    for players, label in ((4, "4-player (2 basic vs 2 random)"), (2, "2-player")):
        began = time.perf_counter()
        strength = team_vs_random(args.games, players)
        took = time.perf_counter() - began
        rate = strength["wins"] / strength["games"]
        print(f"basic team vs random, {strength['games']} seeded {label} games:"
              f" win rate {rate:.1%} ({strength['wins']} wins, {strength['outright']}"
              f" outright), mean margin {strength['margin']:+.1f}  [{took:.1f} s]")
        print(f"  target >= 90%: {'met' if rate >= 0.9 else 'NOT MET'}")

    for players in (4, 2):
        playout = random_playout_rate(players, args.seconds)
        print(f"random playouts, {players} players, whole games:"
              f" {playout['rate']:.1f} games per second"
              f" ({playout['playouts']} games, {playout['moves'] / playout['seconds']:.0f}"
              f" moves per second, CPython {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
