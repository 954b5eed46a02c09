"""Matchmaster figures: how strong the basic bot is, and how fast the engine plays.

Run from the repository root: ``python3 bench/matchmaster_bench.py [--games 1000]``.
Prints figures; asserts nothing about wall-clock time (DESIGN.md, "Tests").
"""

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from engine.bots import RandomBot  # noqa: E402
from engine.games.matchmaster import Matchmaster  # noqa: E402
from engine.games.matchmaster.bots import BasicBot  # noqa: E402
from engine.rng import SeededRng  # noqa: E402


def play_out(game: Matchmaster, bots: list) -> None:
    """Every seat's bot decides from its own view; simultaneous bids go in seat order."""
    while not game.over:
        seat = game.pending[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def basic_vs_random(games: int, players: int = 4) -> dict:
    """One basic bot against uniform random bots (random bids and random legal cards).

    The basic bot sits in a different seat each game, so dealing first is not its edge.
    A win is being among the winners (the rulebook's ties share the win).
    """
    wins = outright = made = bids = 0
    for number in range(games):
        game = Matchmaster(players=players, seed=number)
        hero = number % players
        bots = [RandomBot(SeededRng(number * 31 + seat)) for seat in range(players)]
        bots[hero] = BasicBot(SeededRng(number))
        play_out(game, bots)
        winners = game.result()["winners"]
        wins += hero in winners
        outright += winners == [hero]
        for row in game.score_rows:
            made += row["bids"][hero] == row["tricks"][hero]
            bids += 1
    return {"games": games, "wins": wins, "outright": outright, "exact_bids": made / bids}


def random_playout_rate(seconds: float = 2.0) -> dict:
    """Random playouts of one freshly dealt 4-player round of 7 cards (bids and tricks).

    This is the loop a search bot would run: copy the state, play random legal moves on the
    trusted path to the end of the round.
    """
    start = Matchmaster(players=4, seed=2024)
    rng = SeededRng(7)
    playouts = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        game = start.copy()
        while game.round == 1 and not game.over:
            seat = game.pending[0]
            game.apply_trusted(rng.choice(game.actions_for(seat)))
        playouts += 1
    elapsed = time.perf_counter() - began
    return {"playouts": playouts, "seconds": elapsed, "rate": playouts / elapsed}


def openspiel_playout_rate(seconds: float = 2.0) -> dict:
    """OpenSpiel's ``oh_hell`` (4 players, 7 tricks, off_bid_penalty) random playouts from a
    dealt position, measured the same way in the same run. OpenSpiel is a test-only
    dependency (requirements-test.txt): run this from the .venv that bin/test makes."""
    import random

    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7,
                                         "off_bid_penalty": True})
    chooser = random.Random(7)
    dealt = game.new_initial_state()
    while dealt.is_chance_node():  # deal once, as ours starts from a dealt round
        dealt.apply_action(chooser.choice([o for o, _ in dealt.chance_outcomes()]))
    playouts = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = dealt.clone()
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
        playouts += 1
    elapsed = time.perf_counter() - began
    return {"playouts": playouts, "seconds": elapsed, "rate": playouts / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()

    began = time.perf_counter()
    strength = basic_vs_random(args.games)
    took = time.perf_counter() - began
    rate = strength["wins"] / strength["games"]
    print(f"basic bot vs 3 random bots, {strength['games']} seeded 4-player games:"
          f" win rate {rate:.1%} ({strength['wins']} wins, {strength['outright']} outright),"
          f" exact bids {strength['exact_bids']:.1%}  [{took:.1f} s]")
    print(f"  target >= 90%: {'met' if rate >= 0.9 else 'NOT MET'}")

    playout = random_playout_rate(args.seconds)
    print(f"random playouts, 4 players, one 7-card round: {playout['rate']:.0f} per second"
          f" ({playout['playouts']} in {playout['seconds']:.1f} s)")

    try:
        peer = openspiel_playout_rate()
    except ImportError:
        print("OpenSpiel playouts: not measured (pip install open-spiel, or use .venv/bin/python)")
        return
    print(f"OpenSpiel oh_hell random playouts, 4 players, 7 tricks: {peer['rate']:.0f} per"
          f" second ({peer['playouts']} in {peer['seconds']:.1f} s)")
    print(f"ratio ours/OpenSpiel: {playout['rate'] / peer['rate']:.3f}"
          " (OpenSpiel is C++; scores are checked equal in tests/test_matchmaster_openspiel.py)")


if __name__ == "__main__":
    main()
