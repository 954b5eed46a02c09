"""Peer check: OpenSpiel's oh_hell with off_bid_penalty scores a hand exactly like Matchmaster.

For many random deals and trick outcomes played out in OpenSpiel, our ``score_hand`` of each
player's bid and tricks must equal OpenSpiel's return for that player (MS-A7: exact = 10 +
tricks, otherwise minus the difference).
"""

import random
import re

import pyspiel

from engine.games.matchmaster.rules import score_hand


def play_random_oh_hell(players: int, tricks: int, seed: int):
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks,
                                         "off_bid_penalty": True})
    state = game.new_initial_state()
    chooser = random.Random(seed)  # OpenSpiel's chance and choices, not our engine's RNG
    while not state.is_terminal():
        if state.is_chance_node():
            action = chooser.choice([outcome for outcome, _ in state.chance_outcomes()])
        else:
            action = chooser.choice(state.legal_actions())
        state.apply_action(action)
    return state


def numbers_after(label: str, text: str) -> list[int]:
    line = re.search(rf"^{label}:\s*(.*)$", text, re.M).group(1)
    return [int(value) for value in line.split()]


def test_ms_a7_scoring_matches_openspiel_oh_hell():
    checked = 0
    for players in (3, 4, 5, 6, 7):  # oh_hell takes 3 to 7 players
        for tricks in (1, 3, 7):
            for seed in range(25):
                state = play_random_oh_hell(players, tricks, seed)
                text = str(state)
                bids = numbers_after("Bids", text)
                won = numbers_after("Tricks Won", text)
                ours = [score_hand(bid, took) for bid, took in zip(bids, won, strict=True)]
                assert ours == [int(value) for value in state.returns()], (players, tricks, seed)
                checked += 1
    assert checked == 5 * 3 * 25
