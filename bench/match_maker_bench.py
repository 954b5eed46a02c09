"""The Match-Maker figures: how strong the remembering bot is, and how fast the engine plays.

Run from the repository root: ``python3 bench/match_maker_bench.py [--games 1000]``.
Prints figures; asserts nothing about wall-clock time (DESIGN.md, "Tests").
"""

import argparse
import os
import sys
import time

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.bots import RandomBot  # noqa: E402
from engine.games.match_maker import MatchMaker  # noqa: E402
from engine.games.match_maker.bots import MemoryBot  # noqa: E402
from engine.rng import SeededRng  # noqa: E402


def play_out(game: MatchMaker, bots: list) -> int:
    """Every seat's bot decides from its own view (a cancellation offer is the offered
    seat's decision). Returns the number of actions."""
    moves = 0
    while not game.over:
        seat = game.to_move
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        moves += 1
    return moves


def memory_vs_random(games: int, players: int = 3, memory_turns=None) -> dict:
    """One remembering bot against uniform random bots, a fresh seeded deal each game.

    The bot sits in a different seat each game, so playing first is not its edge. A win is
    being among the winners (MX-A15: tied players share the win); ``outright`` counts the
    games it won alone.
    """
    wins = outright = moves = 0
    margins = []
    for number in range(games):
        game = MatchMaker(players=players, seed=number)
        hero = number % players
        bots = [RandomBot(SeededRng(number * 31 + seat)) for seat in range(players)]
        bots[hero] = MemoryBot(SeededRng(number), memory_turns=memory_turns)
        moves += play_out(game, bots)
        result = game.result()
        wins += hero in result["winners"]
        outright += result["winners"] == [hero]
        best_other = max(s for seat, s in enumerate(result["scores"]) if seat != hero)
        margins.append(result["scores"][hero] - best_other)
    return {"games": games, "wins": wins, "outright": outright,
            "mean_margin": sum(margins) / games, "moves_per_game": moves / games}


def random_playout_rate(seconds: float = 2.0, players: int = 3) -> dict:
    """Whole games from a fresh deal with uniformly random legal moves, on the trusted path
    (what a search bot would run), starting from a copy of one dealt position."""
    start = MatchMaker(players=players, seed=2024)
    rng = SeededRng(7)
    playouts = moves = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        game = start.copy()
        while not game.over:
            game.apply_trusted(rng.choice(game.actions_for(game.to_move)))
            moves += 1
        playouts += 1
    elapsed = time.perf_counter() - began
    return {"playouts": playouts, "seconds": elapsed, "rate": playouts / elapsed,
            "moves_per_playout": moves / playouts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()

    for label, memory_turns in (("remembering bot (basic)", None), ("easy bot (forgets)", 3)):
        began = time.perf_counter()
        strength = memory_vs_random(args.games, memory_turns=memory_turns)
        took = time.perf_counter() - began
        rate = strength["wins"] / strength["games"]
        print(f"{label} vs 2 random bots, {strength['games']} seeded 3-player games:"
              f" win rate {rate:.1%} ({strength['wins']} wins, {strength['outright']} outright),"
              f" mean lead {strength['mean_margin']:+.1f} points,"
              f" {strength['moves_per_game']:.0f} moves a game  [{took:.1f} s]")
        if memory_turns is None:
            print(f"  target >= 90%: {'met' if rate >= 0.9 else 'NOT MET'}")

    playout = random_playout_rate(args.seconds)
    print(f"random playouts, 3 players, whole games: {playout['rate']:.1f} per second"
          f" ({playout['playouts']} in {playout['seconds']:.1f} s,"
          f" {playout['moves_per_playout']:.0f} moves each)")


if __name__ == "__main__":
    main()
