"""Matchmaster rules: one test per rulebook rule with something to check, per ruling MS-A1..A10,
the rulebook's scoring examples, legality tables, hidden bids, the log's entries and words,
positions written and read back, and seeded simulations.

Positions are built with ``engine.from_scenario`` through ``table()``. Test names carry the
rule id (``during.follow`` -> ``test_during_follow_...``) or the ruling id (``test_ms_a5_...``).
"""

import json
import random

import pytest

import engine
from engine import IllegalAction, from_scenario
from engine.bots import RandomBot, make_bot
from engine.games.matchmaster import Matchmaster, words
from engine.games.matchmaster.bots import BasicBot, best_bid, win_chances
from engine.games.matchmaster.rulebook import OPTIONS, RULE_VERSIONS
from engine.games.matchmaster.rules import (
    CARD_RULES,
    DECK,
    HAND_SIZES,
    Duty,
    card_refusal,
    legal_cards,
    score_hand,
    trick_winner,
)
from engine.rng import SeededRng
from engine.words import Speaker


def table(hands, *, options=None, seed=0, **position):
    """A scenario game with these hands (one list per seat); see Matchmaster.setup_position."""
    return from_scenario({"game": "matchmaster", "players": len(hands), "seed": seed,
                          "options": dict(options or {}),
                          "position": {"hands": [list(h) for h in hands], **position}})


def trick_of(*plays):
    """``trick_of((1, "LB2"), (2, "LB9"))`` -> the scenario's trick list."""
    return [{"seat": seat, "card": card} for seat, card in plays]


def allowed(game) -> list:
    return sorted(a["card"] for a in game.legal_actions())


def refused(game, action) -> IllegalAction:
    """Apply an action that must be refused; check nothing changed and return the refusal."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert game.to_json() == before
    return caught.value


def bid_all(game, bids):
    for seat, bid in enumerate(bids):
        game.apply({"type": "bid", "bid": bid, "seat": seat})


def play(game, card):
    game.apply({"type": "play", "card": card, "seat": game.to_move})


def random_game(players, seed, *, options=None):
    """A whole game of uniformly random legal moves; bids go in from a random pending seat."""
    game = Matchmaster(players=players, seed=seed, options=options)
    rng = SeededRng(seed + 1000)
    while not game.over:
        seat = rng.choice(game.pending)
        game.apply(rng.choice(game.legal_actions(seat)))
    return game


# ---- components --------------------------------------------------------------------------------


def test_components_colours_52_cards_four_colours_numbered_1_to_13():
    assert len(DECK) == len(set(DECK)) == 52
    for colour in ("DO", "LO", "DB", "LB"):
        assert [c for c in DECK if c.startswith(colour)] == [f"{colour}{r}" for r in range(1, 14)]


def test_components_list_and_play_matches_52_cards_and_7_matches_for_each_player():
    # "52 cards, 50 matches": 7 matches each, so at most 7 players (MS-A1), at most 7 a bid
    assert len(DECK) == 52
    assert Matchmaster(players=7, seed=1).view(0)["hand_counts"] == [7] * 7
    game = table([["LB1"], ["LO1"]], round=7, options={"allow_bid_above_hand": True})
    assert max(a["bid"] for a in game.legal_actions(0)) == 7


def test_play_shuffle_every_deal_comes_from_the_games_own_shuffle():
    hands = {tuple(Matchmaster(players=4, seed=seed).hands[0]) for seed in range(12)}
    assert len(hands) == 12  # a fresh shuffle for each seed
    assert Matchmaster(players=4, seed=5).hands == Matchmaster(players=4, seed=5).hands


def test_components_trump_dark_orange_beats_every_other_colour_ms_a4():
    assert trick_winner([(0, "LB13"), (1, "DO1"), (2, "LB12")]) == 1
    assert trick_winner([(0, "LO2"), (1, "DB13"), (2, "LB13"), (3, "DO2")]) == 3


def test_ms_a4_highest_trump_wins_when_several_are_played():
    assert trick_winner([(2, "LO5"), (3, "DO4"), (0, "DO11"), (1, "DO9")]) == 0
    assert trick_winner([(0, "DO3"), (1, "DO13")]) == 1


def test_ms_a4_without_trump_the_highest_card_of_the_led_colour_wins():
    # "All other colors have the same value": a higher card of another colour does not win.
    assert trick_winner([(1, "LB4"), (2, "LO13"), (3, "DB12"), (0, "LB5")]) == 0
    assert trick_winner([(3, "DB7"), (0, "DB2")]) == 3


# ---- players, deal, dealer ---------------------------------------------------------------------


def test_ms_a1_two_to_seven_players_four_by_default():
    assert Matchmaster(seed=1).players == 4
    for players in range(2, 8):
        assert Matchmaster(players=players, seed=1).view(0)["hand_counts"] == [7] * players
    for players in (1, 8):
        with pytest.raises(IllegalAction, match="2 to 7 players"):
            Matchmaster(players=players, seed=1)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_play_deal_first_round_seven_cards_each_rest_undealt(players):
    game = Matchmaster(players=players, seed=players)
    places = game.card_locations()
    assert [len(places[f"hand:{s}"]) for s in range(players)] == [7] * players
    assert len(places["stock"]) == 52 - 7 * players
    assert sorted(c for cards in places.values() for c in cards) == sorted(DECK)
    assert game.view(None)["cards_this_round"] == 7 and game.view(None)["round"] == 1


def test_play_dealer_first_dealer_comes_from_the_seed():
    dealers = {Matchmaster(players=5, seed=seed).dealer for seed in range(60)}
    assert dealers == set(range(5))
    assert Matchmaster(players=5, seed=9).dealer == Matchmaster(players=5, seed=9).dealer


def test_play_dealer_role_passes_clockwise_each_round():
    game = Matchmaster(players=3, seed=4)
    first = game.dealer
    rng = SeededRng(1)
    dealers = []
    while not game.over:
        if game.stage == "bid" and not any(game.view(None)["has_bid"]):
            dealers.append(game.dealer)
        game.apply(rng.choice(game.legal_actions(game.pending[0])))
    assert dealers == [(first + r) % 3 for r in range(13)]
    assert [row["dealer"] for row in game.score_rows] == dealers


def test_play_lead_left_of_dealer_leads_the_first_trick():
    game = Matchmaster(players=4, seed=12)
    bid_all(game, [0, 0, 0, 0])
    assert game.to_move == (game.dealer + 1) % 4
    assert game.view(0)["leader"] == game.to_move


def test_play_lead_trick_winner_leads_the_next():
    game = table([["LB2", "DO1"], ["LB9", "LO3"], ["LB5", "DB4"]], round=6, dealer=2,
                 bids=[0, 1, 0])
    assert game.to_move == 0
    play(game, "LB2")
    play(game, "LB9")
    play(game, "LB5")
    assert game.tricks_won == [0, 1, 0]
    assert game.to_move == 1
    assert game.view(2)["last_trick"] == {"winner": 1, "cards": trick_of(
        (0, "LB2"), (1, "LB9"), (2, "LB5"))}


def test_ms_a8_thirteen_rounds_of_7_6_5_4_3_2_1_2_3_4_5_6_7_cards():
    assert HAND_SIZES == (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
    game = random_game(3, seed=8)
    assert [row["cards"] for row in game.score_rows] == list(HAND_SIZES)
    assert [row["round"] for row in game.score_rows] == list(range(1, 14))


def test_rounds_sequence_cards_reshuffled_every_round():
    game = Matchmaster(players=2, seed=3)
    rng = SeededRng(3)
    hands = []
    while not game.over:
        if game.stage == "bid" and not any(game.view(None)["has_bid"]):
            hands.append(list(game.hands[0]))
            assert len(game.card_locations()["stock"]) == 52 - 2 * game.cards_this_round
        game.apply(rng.choice(game.legal_actions(game.pending[0])))
    assert len(hands) == 13
    assert len({tuple(h) for h in hands}) > 10  # a fresh deal each round


# ---- bidding -----------------------------------------------------------------------------------


def test_play_bid_everyone_bids_at_once_in_any_order():
    game = Matchmaster(players=4, seed=2)
    assert sorted(game.pending) == [0, 1, 2, 3]
    for seat in (3, 0, 2):
        game.apply({"type": "bid", "bid": 1, "seat": seat})
    assert game.pending == [1] and game.stage == "bid"
    err = refused(game, {"type": "bid", "bid": 2, "seat": 0})  # one bid each
    assert "not seat 1's turn" in err.reason
    game.apply({"type": "bid", "bid": 0, "seat": 1})
    assert game.stage == "play"


def test_play_secret_bids_hidden_from_every_other_seat_until_all_are_in():
    game = Matchmaster(players=4, seed=21)
    bids = [3, 0, 5, 1]
    for order, seat in enumerate((2, 0, 3, 1)):
        for viewer in (None, 0, 1, 2, 3):
            view = game.view(viewer)
            for other in range(4):
                if other != viewer:
                    assert view["bids"][other] is None
            assert view["bids_revealed"] is False
            # a bid entry says that a seat has bid, never how much, to anyone
            assert all(set(entry) == {"kind", "seat"} for entry in view["log"]
                       if entry["kind"] == "bid")
            assert "reveal" not in [entry["kind"] for entry in view["log"]]
        game.apply({"type": "bid", "bid": bids[seat], "seat": seat})
        if order < 3:
            # the seat that bid sees its own bid; everyone sees that it has bid
            assert game.view(seat)["bids"][seat] == bids[seat]
            assert game.view(None)["has_bid"][seat] is True
    for viewer in (None, 0, 1, 2, 3):  # "All players open their hands at the same time"
        assert game.view(viewer)["bids"] == bids
        assert game.view(viewer)["bids_revealed"] is True
    assert game.log[-1] == {"kind": "reveal", "bids": bids}
    assert words.describe(game.log[-1], Speaker(players=4)) == (
        "Bids revealed: Seat 1 3, Seat 2 0, Seat 3 5, Seat 4 1.")


def test_play_bid_cards_are_played_only_after_every_bid():
    game = Matchmaster(players=3, seed=5)
    card = game.hands[game.to_move][0]
    err = refused(game, {"type": "play", "card": card, "seat": game.to_move})
    assert "Everyone bids first" in err.reason


def test_ms_a2_bids_are_0_to_the_cards_in_the_round():
    game = table([["LB1", "LB2", "LB3"], ["LO1", "LO2", "LO3"]], round=5)  # 3 cards
    assert [a["bid"] for a in game.legal_actions(0)] == [0, 1, 2, 3]
    err = refused(game, {"type": "bid", "bid": 4, "seat": 0})
    assert err.reason == "You can bid 0 to 3 tricks: there are only 3 cards in this round."
    assert err.rule == "MS-A2"
    assert "whole number" in refused(game, {"type": "bid", "bid": "2", "seat": 0}).reason
    assert "whole number" in refused(game, {"type": "bid", "bid": True, "seat": 0}).reason
    assert "whole number" in refused(game, {"type": "bid", "bid": -1.5, "seat": 0}).reason
    assert "whole number" in refused(game, {"type": "bid", "bid": 1.0, "seat": 0}).reason
    one = table([["LB1"], ["LO1"]], round=7)
    assert "0 to 1 trick: there is only 1 card" in refused(
        one, {"type": "bid", "bid": 2, "seat": 1}).reason


def test_ms_a2_option_allows_bids_up_to_the_seven_matches():
    game = table([["LB1"], ["LO1"]], round=7, options={"allow_bid_above_hand": True})
    assert [a["bid"] for a in game.legal_actions(0)] == list(range(8))
    err = refused(game, {"type": "bid", "bid": 8, "seat": 0})
    assert err.reason == "You have 7 matches: bid 0 to 7 tricks."
    game.apply({"type": "bid", "bid": 7, "seat": 0})
    game.apply({"type": "bid", "bid": 0, "seat": 1})
    play(game, game.hands[game.to_move][0])
    play(game, game.hands[game.to_move][0])
    assert game.score_rows[0]["points"][0] == -(7 - game.score_rows[0]["tricks"][0])


def test_ms_a3_no_hook_bids_may_add_up_to_the_tricks_or_any_other_total():
    for bids in ([1, 0, 0], [0, 0, 0], [1, 1, 1]):
        game = table([["LB1"], ["LO1"], ["DB1"]], round=7, dealer=2)
        bid_all(game, bids)  # the dealer (seat 2) may complete any total
        assert game.stage == "play"


def test_ms_a3_equal_bids_are_irrelevant_each_scores_on_its_own():
    game = table([["LB13"], ["LB1"]], round=7, dealer=1, bids=[1, 1])
    play(game, "LB13")
    play(game, "LB1")
    assert game.score_rows[0]["points"] == [11, -1]


def test_ms_a3_dealer_hook_option_dealer_bids_last_and_cannot_make_the_total():
    hands = [["LB1", "LB2", "LB3"], ["LO1", "LO2", "LO3"], ["DB1", "DB2", "DB3"]]
    game = table(hands, round=5, dealer=1, options={"dealer_hook": True})
    assert game.pending == [2, 0]  # the dealer waits for the others
    assert game.legal_actions(1) == []
    game.apply({"type": "bid", "bid": 2, "seat": 0})
    game.apply({"type": "bid", "bid": 0, "seat": 2})
    assert game.pending == [1]
    assert game.view(1)["bids"] == [None, None, None]  # still hidden from the dealer's view
    assert [a["bid"] for a in game.legal_actions(1)] == [0, 2, 3]
    err = refused(game, {"type": "bid", "bid": 1, "seat": 1})
    assert err.rule == "MS-A3" and "may not bid 1" in err.reason
    game.apply({"type": "bid", "bid": 3, "seat": 1})
    assert game.view(0)["bids"] == [2, 3, 0]


def test_ms_a3_dealer_hook_forbids_only_the_completing_bid_and_the_dealer_bids_last():
    hands = [["LB1", "LB2"], ["LO1", "LO2"]]
    hook = {"dealer_hook": True}
    game = table(hands, round=6, dealer=1, options=hook, bids=[2, None])
    assert [a["bid"] for a in game.legal_actions(1)] == [1, 2]
    # others already above the tricks available: no bid can complete the total
    game = table(hands, round=6, dealer=1, options={**hook, "allow_bid_above_hand": True},
                 bids=[3, None])
    assert [a["bid"] for a in game.legal_actions(1)] == list(range(8))
    with pytest.raises(IllegalAction, match="dealer bids last"):
        table(hands, round=6, dealer=1, options=hook, bids=[None, 1])
    with pytest.raises(IllegalAction, match="may not add up to 2"):
        table(hands, round=6, dealer=1, options=hook, bids=[1, 1])


def test_ms_a3_dealer_hook_binds_only_the_dealer():
    # The house rule restricts the dealer's bid alone: a player before the dealer may bid
    # anything, even a bid that brings the others' total to the round's tricks, and the
    # simulations' fast path (moves) agrees with the rules path (legal_actions).
    hands = [["LB1", "LB2", "LB3"], ["LO1", "LO2", "LO3"], ["DB1", "DB2", "DB3"],
             ["DO1", "DO2", "DO3"]]
    game = table(hands, round=5, dealer=3, options={"dealer_hook": True})
    for seat, bid in ((0, 1), (1, 1)):
        assert [a["bid"] for a in game.legal_actions(seat)] == [0, 1, 2, 3]
        game.apply({"type": "bid", "bid": bid, "seat": seat})
    # Seat 2's bid of 1 makes the non-dealers' total 3, the round's tricks: allowed.
    assert [a["bid"] for a in game.legal_actions(2)] == [0, 1, 2, 3]
    assert list(game.moves(2)) == [0, 1, 2, 3]
    game.apply({"type": "bid", "bid": 1, "seat": 2})
    # Only now is one bid forbidden, and only to the dealer: 0 would make the total 3.
    assert [a["bid"] for a in game.legal_actions(3)] == [1, 2, 3]
    assert list(game.moves(3)) == [1, 2, 3]
    err = refused(game, {"type": "bid", "bid": 0, "seat": 3})
    assert err.rule == "MS-A3"


def test_ms_a9_bids_start_afresh_every_round():
    game = table([["LB13"], ["LB1"]], round=7, dealer=1, bids=[1, 0])
    play(game, "LB13")
    play(game, "LB1")
    assert game.round == 8 and game.stage == "bid"
    assert game.view(0)["bids"] == [None, None]
    assert game.view(0)["has_bid"] == [False, False]
    assert game.view(0)["tricks_won"] == [0, 0]
    assert game.view(0)["hand_counts"] == [2, 2]
    # the last trick's cards went back into the shuffle, so the new deal shows none
    assert game.view(0)["last_trick"] is None and game.view(0)["trick"] == []


# ---- following, trumping, overtrumping ---------------------------------------------------------

# (hand, trick so far, legal cards) under the default options.
FOLLOW_TABLE = [
    # the leader may lead anything, trumps included
    (["DO9", "LB4", "LO2"], [], ["DO9", "LB4", "LO2"]),
    # during.follow: follow the colour led, need not beat, may not trump instead (MS-A6)
    (["LB4", "LB11", "DO9", "LO2"], [(0, "LB12")], ["LB11", "LB4"]),
    (["LB4", "DO13"], [(0, "LB2"), (1, "DO3")], ["LB4"]),
    # void, with trumps: must trump (during.must-trump)
    (["DO2", "DO9", "LO2"], [(0, "LB2")], ["DO2", "DO9"]),
    # void, a trump already in: must beat the highest (MS-A6)
    (["DO2", "DO9", "DO12", "LO2"], [(0, "LB2"), (1, "DO5"), (2, "DO10")], ["DO12"]),
    (["DO2", "DO9", "LO2"], [(0, "LB2"), (1, "DO5")], ["DO9"]),
    # cannot beat it: must still undertrump (MS-A6, must_undertrump)
    (["DO2", "DO4", "LO2"], [(0, "LB2"), (1, "DO5")], ["DO2", "DO4"]),
    # void and no trump: any card
    (["LO2", "DB8"], [(0, "LB2"), (1, "DO5")], ["DB8", "LO2"]),
    # MS-A5: trump led, hold a higher trump: must overtrump
    (["DO2", "DO9", "DO12", "LB1"], [(0, "DO8")], ["DO12", "DO9"]),
    # MS-A5: trump led, cannot beat it: any trump (still following suit)
    (["DO2", "DO4", "LB1"], [(0, "DO8")], ["DO2", "DO4"]),
    # MS-A5: measured against the highest trump, not the previous card
    (["DO5", "DO12", "LB1"], [(0, "DO10"), (1, "DO3")], ["DO12"]),
    (["DO5", "DO7", "LB1"], [(0, "DO10"), (1, "DO3")], ["DO5", "DO7"]),
    # MS-A5: trump led, no trump in hand: any card
    (["LB1", "LO13"], [(0, "DO10"), (1, "LB2")], ["LB1", "LO13"]),
]


@pytest.mark.parametrize("hand, trick, expected", FOLLOW_TABLE)
def test_during_follow_ms_a5_ms_a6_legality_table(hand, trick, expected):
    assert sorted(legal_cards(hand, trick)) == sorted(expected)


# The same positions where the options change the answer.
OPTION_TABLE = [
    # overtrump_reference = previous_card: beat the card played just before you (MS-A5)
    ({"overtrump_reference": "previous_card"}, ["DO5", "DO12", "LB1"],
     [(0, "DO10"), (1, "DO3")], ["DO12", "DO5"]),
    ({"overtrump_reference": "previous_card"}, ["DO2", "DO5", "DO12"],
     [(0, "DO10"), (1, "DO3")], ["DO12", "DO5"]),
    # ... and when that card is not a trump, the highest trump (MS-A5 fallback)
    ({"overtrump_reference": "previous_card"}, ["DO5", "DO12", "LB1"],
     [(0, "DO10"), (1, "LB7")], ["DO12"]),
    ({"overtrump_reference": "previous_card"}, ["DO5", "DO7"],
     [(0, "DO10"), (1, "LB7")], ["DO5", "DO7"]),
    # the option leaves non-trump leads alone: MS-A6 measures against the highest trump
    ({"overtrump_reference": "previous_card"}, ["DO6", "DO12", "LO1"],
     [(0, "LB2"), (1, "DO10"), (2, "DO4")], ["DO12"]),
    # must_undertrump = false: unable to overtrump, any card may go (MS-A6)
    ({"must_undertrump": False}, ["DO2", "DO4", "LO2"], [(0, "LB2"), (1, "DO5")],
     ["DO2", "DO4", "LO2"]),
    # ... but whoever can overtrump still must
    ({"must_undertrump": False}, ["DO2", "DO9", "LO2"], [(0, "LB2"), (1, "DO5")], ["DO9"]),
    # ... and with no trump yet in the trick, the void player must still trump
    ({"must_undertrump": False}, ["DO2", "LO2"], [(0, "LB2")], ["DO2"]),
]


@pytest.mark.parametrize("options, hand, trick, expected", OPTION_TABLE)
def test_ms_a5_ms_a6_option_legality_table(options, hand, trick, expected):
    assert sorted(legal_cards(hand, trick, **options)) == sorted(expected)


def test_during_trump_lead_literal_reading_is_the_previous_card_option():
    # "every player must overtrump the card played before them": with the option, a player
    # after an undertrump beats that lower card, not the highest trump (the note on the rule)
    hand, trick = ["DO5", "DO12"], [(0, "DO10"), (1, "DO3")]
    assert sorted(legal_cards(hand, trick, overtrump_reference="previous_card")) == [
        "DO12", "DO5"]
    assert legal_cards(hand, trick) == ["DO12"]  # MS-A5, the default: the highest trump


def _trick_position(hand, trick, players=4, options=None):
    """Seat ``len(trick)`` holds ``hand`` and is to play to ``trick`` (led by seat 0)."""
    me = len(trick)
    used = set(hand) | {card for _, card in trick}
    spare = iter(c for c in DECK if c not in used and not c.startswith(("DO", "LB")))
    hands = []
    for seat in range(players):
        size = len(hand) - (1 if seat < me else 0)
        hands.append(list(hand) if seat == me else [next(spare) for _ in range(size)])
    return table(hands, round=6 + len(hand), dealer=players - 1, bids=[0] * players,
                 trick=trick_of(*trick), options=options)


@pytest.mark.parametrize("hand, trick, expected", FOLLOW_TABLE[1:])
def test_legality_table_holds_in_a_real_game(hand, trick, expected):
    game = _trick_position(hand, trick)
    assert allowed(game) == sorted(expected)


def test_during_follow_message_names_the_colour_and_the_cards_held():
    game = _trick_position(["LB4", "DO9", "LO2"], [(0, "LB12")])
    err = refused(game, {"type": "play", "card": "DO9", "seat": 1})
    assert err.reason == "You must follow light blue: you hold light blue 4."
    assert err.rule == "during.follow"
    game = _trick_position(["LB4", "LB9", "DO9"], [(0, "LB12")])
    err = refused(game, {"type": "play", "card": "DO9", "seat": 1})
    assert "you hold light blue 4 and light blue 9." in err.reason


def test_ms_a5_message_you_must_overtrump_the_9():
    game = _trick_position(["DO2", "DO11", "LB1"], [(0, "DO9")])
    err = refused(game, {"type": "play", "card": "DO2", "seat": 1})
    assert err.reason == ("You hold a trump higher than the dark orange 9: you must overtrump"
                          ".")
    assert err.rule == "MS-A5"
    err = refused(game, {"type": "play", "card": "LB1", "seat": 1})
    assert err.reason == ("A trump was led: you must play a trump. You hold dark orange"
                          " 2 and dark orange 11.")
    assert err.rule == "MS-A5"


def test_ms_a6_messages_must_trump_overtrump_and_undertrump():
    game = _trick_position(["DO2", "LO2"], [(0, "LB2")])
    err = refused(game, {"type": "play", "card": "LO2", "seat": 1})
    assert err.reason == ("You have no light blue: you must play a trump. You hold dark"
                          " orange 2.")
    game = _trick_position(["DO2", "DO9", "LO2"], [(0, "LB2"), (1, "DO5")])
    err = refused(game, {"type": "play", "card": "DO2", "seat": 2})
    assert err.reason == ("You hold a trump higher than the dark orange 5: you must overtrump"
                          ".")
    assert err.rule == "MS-A6"
    game = _trick_position(["DO2", "LO2"], [(0, "LB2"), (1, "DO5")])
    err = refused(game, {"type": "play", "card": "LO2", "seat": 2})
    assert err.reason == ("You cannot beat the dark orange 5, but you have no light blue and hold"
                          " a trump: you must still play one.")
    assert err.rule == "MS-A6"


def test_play_messages_for_cards_not_held_or_unknown_and_unknown_moves():
    game = _trick_position(["LB4", "DO9"], [(0, "LB12")])
    assert refused(game, {"type": "play", "card": "LB5", "seat": 1}).reason == (
        "You do not hold the light blue 5.")
    assert "There is no card 'XX1'" in refused(
        game, {"type": "play", "card": "XX1", "seat": 1}).reason
    assert "exactly these fields: card, seat, type" in refused(
        game, {"type": "play", "seat": 1}).reason
    assert "no move called 'pass'" in refused(game, {"type": "pass", "seat": 1}).reason
    assert "already revealed" in refused(game, {"type": "bid", "bid": 1, "seat": 1}).reason
    assert "not seat 3's turn" in refused(game, {"type": "play", "card": "LO1", "seat": 2}).reason
    # an extra field makes it a different action; refused without touching the state
    assert refused(game, {"type": "play", "card": "LB4", "seat": 1, "x": 1}).reason


def test_seat_may_be_left_out_and_defaults_to_the_player_to_move():
    game = _trick_position(["LB4", "DO9"], [(0, "LB12")])
    game.apply({"type": "play", "card": "LB4"})
    assert game.actions[-1] == {"type": "play", "card": "LB4", "seat": 1}


# ---- scoring -----------------------------------------------------------------------------------


def test_scoring_examples_from_the_rulebook():
    assert score_hand(3, 3) == 13  # "3 tricks predicted and won = ... 13 points"
    assert score_hand(4, 3) == -1  # "4 tricks predicted, but only 3 won = 1 minus point"
    assert score_hand(0, 0) == 10  # "0 tricks predicted and no trick taken = ... 10 points"
    assert score_hand(0, 2) == -2  # "0 tricks predicted, but 2 taken = 2 minus points"


def test_scoring_correct_is_10_plus_the_tricks_and_scoring_incorrect_costs_each_trick():
    assert [score_hand(tricks, tricks) for tricks in range(8)] == list(range(10, 18))
    assert [score_hand(bid, 2) for bid in (0, 1, 3, 7)] == [-2, -1, -1, -5]


def test_goal_predict_and_during_compare_each_round_bids_are_compared_with_tricks():
    # goal.predict: a bid is a number of tricks; during.compare: at the round's end the
    # tricks won meet the bids on the score sheet (scoring.paper), and goal.points: 13
    # rounds, the most points wins
    game = random_game(4, seed=15)
    sheet = game.view(None)["score_sheet"]
    assert len(sheet["rounds"]) == 13
    for row in sheet["rounds"]:
        assert row["points"] == [score_hand(b, t) for b, t in zip(row["bids"], row["tricks"],
                                                                  strict=True)]
    assert game.result()["scores"] == sheet["totals"]
    assert game.result()["winners"] == [s for s, t in enumerate(sheet["totals"])
                                        if t == max(sheet["totals"])]


def test_ms_a7_wrong_bid_costs_the_difference_in_either_direction():
    assert [score_hand(b, 3) for b in range(8)] == [-3, -2, -1, 13, -1, -2, -3, -4]
    assert score_hand(7, 7) == 17 and score_hand(7, 0) == -7


def test_scoring_examples_played_out_on_the_score_sheet():
    # 4 players, round 11 (5 cards) nearly over: each holds one card, tricks so far [3, 1, 0, 0]
    game = table([["LB13"], ["LB2"], ["LB3"], ["DB1"]], round=11, dealer=3, leader=0,
                 bids=[4, 0, 0, 1], tricks_won=[3, 1, 0, 0], scores=[5, 0, -3, 0])
    for card in ("LB13", "LB2", "LB3", "DB1"):
        play(game, card)
    row = game.score_rows[0]
    assert row["tricks"] == [4, 1, 0, 0]
    assert row["points"] == [14, -1, 10, -1]
    sheet = game.view(None)["score_sheet"]
    assert sheet["totals"] == [19, -1, 7, -1] == game.view(2)["scores"]
    assert sheet["carried"] == [5, 0, -3, 0]
    scored = [entry for entry in game.log if entry["kind"] == "scored"]
    assert scored == [{"kind": "scored", "round": 11, "bids": [4, 0, 0, 1],
                       "tricks": [4, 1, 0, 0], "points": [14, -1, 10, -1]}]
    assert words.describe(scored[0], Speaker(players=4, viewer=1)) == (
        "Round 11 scored: Seat 1 bid 4, took 4, +14; You bid 0, took 1, -1; Seat 3 bid 0, took"
        " 0, +10; Seat 4 bid 1, took 0, -1.")


def test_end_winner_most_points_wins_and_ties_share():
    # round 13, last trick: seat 1 takes it.
    def last_trick(scores):
        game = table([["LB1"], ["LB13"]], round=13, dealer=1, leader=0, bids=[3, 4],
                     tricks_won=[3, 3], scores=scores)
        play(game, "LB1")
        play(game, "LB13")
        return game

    game = last_trick([1, 0])  # 1 + 13 = 14 = 0 + 14
    assert game.over and game.stage == "over" and game.to_move is None
    assert game.result() == {"scores": [14, 14], "winners": [0, 1]}
    assert game.log[-1] == {"kind": "over", "winners": [0, 1], "scores": [14, 14]}
    assert words.describe(game.log[-1], Speaker(players=2)) == "Game over: Seat 1 and Seat 2 win."
    assert words.describe(game.log[-1], Speaker(players=2, viewer=1)) == (
        "Game over: Seat 1 and You win.")
    game = last_trick([2, 0])
    assert game.result() == {"scores": [15, 14], "winners": [0]}
    assert game.view(1)["result"] == game.result()
    assert game.legal_actions(0) == game.legal_actions(1) == []
    assert "The game is over" in refused(game, {"type": "bid", "bid": 0, "seat": 0}).reason


# ---- views, saves, rules data ------------------------------------------------------------------

VIEW_KEYS = {"log_from", "log_next",
             "game", "rules", "options", "players", "seat", "to_move", "pending", "over",
             "round", "rounds", "cards_this_round", "dealer", "leader", "stage", "hand",
             "hand_counts", "bid_range", "bids", "has_bid", "bids_revealed", "tricks_won",
             "trick", "lead_colour", "trump", "last_trick", "score_sheet", "scores", "log",
             "result"}


def test_view_shape_and_json_safety_for_every_seat_and_the_spectator():
    game = Matchmaster(players=3, seed=6)
    rng = SeededRng(6)
    for _ in range(60):
        for seat in (None, 0, 1, 2):
            view = game.view(seat)
            assert set(view) == VIEW_KEYS
            assert json.loads(json.dumps(view)) == view
            if seat is None:
                assert view["hand"] is None
            else:
                assert view["hand"] == game.hands[seat]
        game.apply(rng.choice(game.legal_actions(game.pending[0])))
    view = game.view(0)
    assert view["trump"] == "DO" and view["stage"] == "play"
    if view["trick"]:
        assert view["lead_colour"] == view["trick"][0]["card"][:2]
    with pytest.raises(IllegalAction, match="no seat"):
        game.view(3)


def test_view_never_shows_another_hand_or_the_undealt_cards():
    game = Matchmaster(players=4, seed=30)
    hidden = set(game.hands[1]) | set(game.hands[2]) | set(game.hands[3]) | set(game.stock)
    text = json.dumps(game.view(0))
    assert not any(f'"{card}"' in text for card in hidden)


def test_to_json_load_game_and_replay_give_the_same_game():
    game = Matchmaster(players=4, seed=77, options={"must_undertrump": False})
    rng = SeededRng(77)
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions(game.pending[0])))
    saved = game.to_json()
    loaded = engine.load_game(saved)
    assert loaded == game and loaded.to_json() == saved
    assert engine.replay(game.record()) == game
    # both go on identically, RNG included (the next deals)
    while not game.over:
        action = rng.choice(game.legal_actions(game.pending[0]))
        game.apply(action)
        loaded.apply(action)
    assert loaded == game


def test_scenario_games_save_and_replay_from_their_scenario():
    game = table([["LB13", "DO2"], ["LB1", "LO5"]], round=6, dealer=0, seed=5)
    bid_all(game, [1, 1])
    play(game, "LB1")
    play(game, "LB13")
    assert engine.replay(game.record()) == game
    assert engine.load_game(game.to_json()) == game


def test_determinism_survives_other_code_using_global_random():
    def run(noise):
        game = Matchmaster(players=4, seed=2024)
        rng = SeededRng(5)
        while not game.over:
            if noise:
                random.random()
                random.shuffle(list(range(10)))
            game.apply(rng.choice(game.legal_actions(game.pending[0])))
        return game.to_json()

    random.seed(1)
    first = run(False)
    random.seed(99)
    assert run(True) == first


def test_rules_data_carries_the_rulebook_and_every_ms_ruling():
    version = RULE_VERSIONS[-1]
    assert version["id"] == "matchmaster-v1"
    assert [r["id"] for r in version["rulings"]] == [f"MS-A{i}" for i in range(1, 11)]
    ruling_ids = {r["id"] for r in version["rulings"]}
    rule_ids = set()
    for section in version["sections"]:
        for rule in section["rules"]:
            assert rule["text"] and set(rule["rulings"]) <= ruling_ids
            rule_ids.add(rule["id"])
    cited = {ruling for s in version["sections"] for r in s["rules"] for ruling in r["rulings"]}
    assert cited == ruling_ids  # every ruling is attached to the rule it settles
    assert {note["rule"] for note in version["notes"]} <= rule_ids
    text = " ".join(r["text"] for s in version["sections"] for r in s["rules"])
    for sentence in ("Dark orange is the trump suit.",
                     "every player must overtrump the card played before them",
                     "A correct prediction is rewarded with 10 points plus 1 point for each trick.",
                     "In case of a tie, there are several winners."):
        assert sentence in text
    assert json.loads(json.dumps(Matchmaster.describe()))["id"] == "matchmaster"


def test_options_table_has_every_ms_config_key_default_first():
    assert [o["id"] for o in OPTIONS] == ["allow_bid_above_hand", "dealer_hook",
                                         "overtrump_reference", "must_undertrump"]
    for spec in OPTIONS:
        assert set(spec) == {"id", "title", "default", "values", "labels", "meaning", "ruling",
                             "locked"}
        assert spec["values"][0] == spec["default"]
        # words a person reads for each value, never the value's code (issue #9 item 9)
        assert len(spec["labels"]) == len(spec["values"])
        for label, value in zip(spec["labels"], spec["values"], strict=True):
            assert "_" not in label and label not in ("True", "False", str(value))
        assert spec["ruling"] in {f"MS-A{i}" for i in range(1, 11)}
    assert Matchmaster(seed=1).options == {"allow_bid_above_hand": False, "dealer_hook": False,
                                           "overtrump_reference": "highest_trump",
                                           "must_undertrump": True}
    with pytest.raises(IllegalAction, match="Overtrumping after a trump lead"):
        Matchmaster(seed=1, options={"overtrump_reference": "lowest"})
    with pytest.raises(IllegalAction, match="no option"):
        Matchmaster(seed=1, options={"players": 4})


def test_ms_a10_cards_are_named_by_their_shade_in_words_never_by_code():
    game = _trick_position(["DB4", "DO9"], [(0, "DB12")])
    err = refused(game, {"type": "play", "card": "DO9", "seat": 1})
    assert "dark blue 4" in err.reason and "DB" not in err.reason
    assert all(card[:2] in ("DO", "LO", "DB", "LB") for card in game.view(1)["hand"])
    assert [words.card_name(card) for card in ("DO11", "LO1", "DB13", "LB7")] == [
        "dark orange 11", "light orange 1", "dark blue 13", "light blue 7"]
    # a face shows the rank, and the shade in words under it
    assert words.card_label("LO10") == "10\nlight orange"


# ---- scenarios ---------------------------------------------------------------------------------


def test_setup_position_docstring_example():
    game = table([["DO9", "LB4", "LO11"], ["DO12", "DB7"], ["LB9", "LB13", "DB1"],
                  ["DO3", "LO1", "DB2"]], round=5, dealer=0, bids=[1, 0, 2, 1], leader=1,
                 trick=trick_of((1, "LB2")))
    assert game.to_move == 2 and allowed(game) == ["LB13", "LB9"]
    places = game.card_locations()
    assert sorted(c for cards in places.values() for c in cards) == sorted(DECK)
    assert places["played"] == [] and len(places["stock"]) == 52 - 12


def test_setup_position_draws_unnamed_finished_tricks_from_the_seed_or_takes_them_named():
    hands = [["LB4"], ["LB5"]]
    drawn = table(hands, round=9, dealer=0, bids=[1, 1], tricks_won=[1, 1], leader=0)
    assert len(drawn.played) == 4 and not set(drawn.played) & {"LB4", "LB5"}
    named = table(hands, round=9, dealer=0, bids=[1, 1], tricks_won=[1, 1], leader=0,
                  played=["DO1", "DO2", "DO3", "DO4"])
    assert named.played == ["DO1", "DO2", "DO3", "DO4"]
    assert "DO1" not in named.stock


@pytest.mark.parametrize("change, message", [
    ({"hands": [["LB1", "LB2"], ["LB2", "LO1"]]}, "light blue 2 appears 2 times"),
    ({"hands": [["LB1", "LB2"], ["LO1"]]}, "Seat 2 should hold 2 cards"),
    ({"hands": [["LB1", "XX2"], ["LO1", "LO2"]]},
     "position.hands[0][1]: expected a card of this game, got \"XX2\""),
    ({"round": 14}, "position.round: expected a whole number from 1 to 13, got 14"),
    ({"dealer": 2}, "position.dealer: expected a seat number from 0 to 1, got 2"),
    ({"bids": [3, 0]}, "A bid is null or 0 to 2"),
    ({"bids": [1, None], "trick": [{"seat": 1, "card": "LO9"}]}, "once every bid is in"),
    ({"bids": [1, 0], "tricks_won": [1, 1]}, "already over"),
    ({"bids": [1, 0], "tricks_won": [1, 0]}, "Say who leads"),
    ({"bids": [1, 0], "leader": 0, "trick": [{"seat": 1, "card": "LO9"}],
      "hands": [["LB1", "LB2"], ["LO1"]]}, "must be the leader's"),
    ({"bids": [1, 0], "trick": [{"seat": 0, "card": "LO9"}],
      "hands": [["LB1"], ["LO1", "LO2"]]}, "left of the dealer"),
    ({"bids": [1, 0], "leader": 0}, "left of the dealer"),
    ({"bids": [1, 0], "trick": [{"seat": 1, "card": "DO9"}],
      "hands": [["DO2", "LB1"], ["LO1", "DO1"]]}, "Seat 2 should hold 1 card"),
    ({"bids": [1, 0], "trick": [{"seat": 1, "card": "LO9"}, {"seat": 0, "card": "LO8"}],
      "hands": [["LO1"], ["LO2"]]}, "a full trick is already won"),
    ({"colour": "x"}, "there is no field 'colour'"),
    ({"scores": [1, "x"]}, "position.scores[1]: expected a whole number"),
    ({"trick": [{"seat": 1, "card": "XX9"}], "bids": [1, 0]},
     "position.trick[0].card: expected a card of this game, got \"XX9\""),
    ({"bids": [1, 0], "tricks_won": [1, 0], "leader": 1, "played": ["DO1"],
      "hands": [["LB1"], ["LO1"]]}, "\"played\" holds the 2 cards"),
    ({"sheet": [{"round": 1}]}, "position.sheet[0]: the field 'cards' is needed"),
    ({"sheet": [{}] * 6}, "position.sheet[0]: the field 'round' is needed"),
    ({"sheet": [{"round": 5, "cards": 3, "dealer": 0, "bids": [0, 0], "tricks": [2, 1],
                 "points": [-2, -1]}]}, "Round 5 of \"sheet\" does not fit"),
    ({"sheet": [{"round": 5, "cards": 3, "dealer": 1, "bids": [0, 0], "tricks": [2, 1],
                 "points": [-2, -2]}]}, "Round 5 of \"sheet\" does not add up"),
])
def test_setup_position_refuses_impossible_positions(change, message):
    position = {"round": 6, "dealer": 0, "hands": [["LB1", "LB2"], ["LO1", "LO2"]], **change}
    with pytest.raises(IllegalAction) as caught:
        from_scenario({"game": "matchmaster", "players": 2, "position": position})
    assert message in caught.value.reason


def test_setup_position_refuses_a_trick_card_that_broke_the_rules():
    # seat 0 trumped a light orange lead while holding light orange
    position = {"round": 6, "dealer": 1, "bids": [1, 0, 0],
                "hands": [["LO1"], ["LO2", "LO3"], ["LB4"]],
                "trick": trick_of((2, "LO9"), (0, "DO9"))}
    with pytest.raises(IllegalAction, match="could not have played the dark orange 9: You must"
                                            " follow light orange"):
        from_scenario({"game": "matchmaster", "players": 3, "position": position})


# ---- bots ---------------------------------------------------------------------------------------


def test_bots_basic_first_and_random_and_both_play_legally():
    assert list(Matchmaster.BOTS) == ["basic", "easy", "strong", "random"]
    assert isinstance(make_bot(Matchmaster, None, SeededRng(1)), BasicBot)
    assert isinstance(make_bot(Matchmaster, "random", SeededRng(1)), RandomBot)
    game = Matchmaster(players=5, seed=13, options={"dealer_hook": True})
    bots = [make_bot(Matchmaster, "basic" if s % 2 else "random", SeededRng(s))
            for s in range(5)]
    while not game.over:
        seat = game.pending[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        assert action in game.legal_actions(seat)
        game.apply(action)


def test_basic_bot_bids_from_hand_strength():
    strong = win_chances(["DO13", "DO12", "DO11", "LB13"], 4)
    weak = win_chances(["LB1", "LO2", "DB3", "LB4"], 4)
    assert sum(strong) > 2.5 > 0.5 > sum(weak)
    assert best_bid(strong, range(5)) >= 3 and best_bid(weak, range(5)) == 0
    assert best_bid([1.0, 1.0], [0, 1, 3]) == 1  # the best of the bids allowed


def test_basic_bot_wins_tricks_while_short_and_ducks_at_its_bid():
    bot = BasicBot(SeededRng(0))
    # last to play to a light blue trick with LB13 and LB5
    hands = [["LO1", "LO2"], ["LO3", "LO4"], ["LB13", "LB5", "DB1"]]
    for bid, card in ((1, "LB13"), (0, "LB5")):
        game = table(hands, round=5, dealer=2, bids=[0, 0, bid],
                     trick=trick_of((0, "LB9"), (1, "LB2")))
        choice = bot.choose(game.view(2), game.legal_actions(2))
        assert choice == {"type": "play", "card": card, "seat": 2}


def test_basic_bot_decides_from_its_own_view_only():
    bot = BasicBot(SeededRng(0))
    # the same public position, with the two other hands swapped
    a = table([["LB9", "LB13", "DO4"], ["LO1", "LO3", "DB5"], ["DO13", "DO12", "DB1"]],
              round=5, dealer=2, bids=[1, 1, 1])
    b = table([["LB9", "LB13", "DO4"], ["DO13", "DO12", "DB1"], ["LO1", "LO3", "DB5"]],
              round=5, dealer=2, bids=[1, 1, 1])
    assert a.view(0) == b.view(0)
    assert bot.choose(a.view(0), a.legal_actions(0)) == bot.choose(b.view(0), b.legal_actions(0))


def test_basic_bot_beats_random_players():
    wins = 0
    for number in range(40):
        game = Matchmaster(players=4, seed=5000 + number)
        bots = [RandomBot(SeededRng(number * 7 + s)) for s in range(4)]
        bots[number % 4] = BasicBot(SeededRng(number))
        while not game.over:
            seat = game.pending[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        wins += number % 4 in game.result()["winners"]
    assert wins >= 32  # the bench measures this over 1,000 games (about 96%)


# ---- one predicate per rule -------------------------------------------------------------------


def random_states(count, seed, players=(2, 3, 4, 5, 7)):
    """``count`` games stopped at seeded random moments, over every option set."""
    rng = SeededRng(seed)
    options_cycle = [{}, {"overtrump_reference": "previous_card"}, {"must_undertrump": False},
                     {"dealer_hook": True}, {"allow_bid_above_hand": True}]
    for number in range(count):
        game = Matchmaster(players=players[number % len(players)], seed=seed * 1000 + number,
                           options=options_cycle[number % len(options_cycle)])
        for _ in range(rng.randbelow(200)):
            if game.over:
                break
            game.apply_trusted(rng.choice(game.legal_actions(rng.choice(game.pending))))
        if not game.over:
            yield game


def test_one_predicate_allows_and_explains_every_card_and_bid():
    """The legal moves are exactly the moves no rule refuses, and a refused move is refused
    for the reason (and rule) the same predicate gives (Matatu's _cut_refusal habit)."""
    refusals = set()
    for game in random_states(150, seed=4):
        if game.stage == "play":
            seat = game.to_move
            duty = Duty(game.hands[seat], game.trick, **{
                key: game.options[key] for key in ("overtrump_reference", "must_undertrump")})
            legal = {action["card"] for action in game.legal_actions(seat)}
            for card in game.hands[seat]:
                refusal = card_refusal(duty, card)
                assert (refusal is None) == (card in legal)
                # the rules in force are the only ones that refuse anything
                for rule in CARD_RULES:
                    if rule not in duty.in_force:
                        assert rule(duty, card) is None
                if refusal is not None:
                    err = refused(game, {"type": "play", "card": card, "seat": seat})
                    assert (err.reason, err.rule) == (refusal.reason, refusal.rule)
                    assert not any(code in err.reason for code in ("DO", "LO", "DB", "LB"))
                    refusals.add(refusal.rule)
        else:
            seat = game.pending[0]
            legal = {action["bid"] for action in game.legal_actions(seat)}
            for bid in range(-1, 10):
                if bid not in legal:
                    err = refused(game, {"type": "bid", "bid": bid, "seat": seat})
                    assert err.rule in ("MS-A2", "MS-A3") and err.reason  # words, no id
                    assert "MS-A" not in err.reason
                    refusals.add(err.rule)
    assert refusals >= {"during.follow", "MS-A2", "MS-A5", "MS-A6"}  # MS-A3: its own tests


# ---- the log -----------------------------------------------------------------------------------


def test_log_entries_are_data_and_words_describe_every_kind():
    game = random_game(3, seed=12, options={"dealer_hook": True})
    kinds = {entry["kind"] for entry in game.log}
    assert kinds == {"deal", "bid", "reveal", "play", "trick", "scored", "over"}
    for viewer in (None, 0, 2):
        speaker = Speaker(players=3, viewer=viewer)
        for entry in game.log_for(viewer):
            line = words.describe(entry, speaker)
            assert line and line[0].isupper() and line.endswith(".")
            assert not any(f"{colour}{rank}" in line for colour in ("DO", "LO", "DB", "LB")
                           for rank in range(1, 14))
    speaker = Speaker(players=3, viewer=1)
    assert words.describe({"kind": "deal", "seat": 1, "round": 7, "cards": 1}, speaker) == (
        "Round 7: You deal 1 card to each player.")
    assert words.describe({"kind": "deal", "seat": 0, "round": 1, "cards": 7}, speaker) == (
        "Round 1: Seat 1 deals 7 cards to each player.")
    assert words.describe({"kind": "bid", "seat": 1}, speaker) == "You have bid."
    assert words.describe({"kind": "bid", "seat": 2}, speaker) == "Seat 3 has bid."
    assert words.describe({"kind": "play", "seat": 2, "card": "DO11"}, speaker) == (
        "Seat 3 plays dark orange 11.")
    assert words.describe({"kind": "play", "seat": 1, "card": "LB1"}, speaker) == (
        "You play light blue 1.")
    assert words.describe({"kind": "trick", "seat": 1}, speaker) == "You win the trick."
    assert words.describe({"kind": "trick", "seat": 0}, speaker) == "Seat 1 wins the trick."
    assert words.describe({"kind": "over", "winners": [1], "scores": [0, 5, 1]}, speaker) == (
        "Game over: You win.")
    assert words.describe({"kind": "over", "winners": [2], "scores": [0, 5, 9]}, speaker) == (
        "Game over: Seat 3 wins.")
    assert words.describe({"kind": "position", "seat": 0, "round": 5, "cards": 3}, speaker) == (
        "Round 5 (3 cards each) starts from a set position; Seat 1 is the dealer.")


def test_play_secret_no_log_entry_names_a_bid_before_the_reveal():
    game = Matchmaster(players=4, seed=8)
    for seat, bid in ((1, 4), (3, 2), (0, 6)):
        game.apply({"type": "bid", "bid": bid, "seat": seat})
        for viewer in (None, 0, 1, 2, 3):
            assert all("bid" not in entry and "bids" not in entry
                       for entry in game.log_for(viewer))
    game.apply({"type": "bid", "bid": 0, "seat": 2})
    assert game.log_for(None)[-1] == {"kind": "reveal", "bids": [6, 4, 0, 2]}


# ---- positions ---------------------------------------------------------------------------------


def comparable_view(view):
    return {key: value for key, value in view.items() if key not in ("log", "log_next")}


def check_position_round_trip(game):
    again = from_scenario(game.to_scenario())
    assert again.snapshot() == game.snapshot()
    assert again.rng.to_json() == game.rng.to_json()
    assert (again.to_move, again.pending) == (game.to_move, game.pending)
    for seat in range(game.players):
        assert again.legal_actions(seat) == game.legal_actions(seat)
    for seat in [None] + list(range(game.players)):
        assert comparable_view(again.view(seat)) == comparable_view(game.view(seat))
    return again


def test_position_round_trip_from_random_states():
    """from_scenario(game.to_scenario()) is the same game: state, RNG, turn, moves, views."""
    checked = 0
    for game in random_states(80, seed=9):
        again = check_position_round_trip(game)
        checked += 1
        # and both go on alike: the next deal comes from the same RNG
        rng = SeededRng(checked)
        for _ in range(40):
            if game.over:
                break
            action = rng.choice(game.legal_actions(rng.choice(game.pending)))
            game.apply(action)
            again.apply(action)
        assert again.snapshot() == game.snapshot()
    assert checked >= 60


def test_position_writes_the_last_trick_and_the_score_sheet():
    game = Matchmaster(players=3, seed=31)
    rng = SeededRng(2)
    while game.round < 3 or game.stage != "play" or not game.last_trick:
        game.apply(rng.choice(game.legal_actions(game.pending[0])))
    position = game.position()
    assert position["last_trick"]["winner"] == position["leader"]
    assert [play["card"] for play in position["last_trick"]["cards"]] == position["played"][-3:]
    assert [row["round"] for row in position["sheet"]] == [1, 2]
    check_position_round_trip(game)
    broken = dict(position, last_trick={"winner": (position["leader"] + 1) % 3,
                                        "cards": position["last_trick"]["cards"]})
    with pytest.raises(IllegalAction, match="winner leads the next one"):
        from_scenario({"game": "matchmaster", "players": 3, "position": broken})


def test_a_finished_game_has_no_position():
    game = random_game(2, seed=3)
    with pytest.raises(IllegalAction, match="The game is over"):
        game.position()


def test_copy_is_the_same_game_and_shares_nothing_that_changes():
    game = Matchmaster(players=4, seed=40)
    rng = SeededRng(40)
    for _ in range(45):
        game.apply(rng.choice(game.legal_actions(game.pending[0])))
    clone = game.copy()
    assert clone == game and clone.log == game.log
    before = game.to_json()
    while not clone.over:
        clone.apply(rng.choice(clone.legal_actions(clone.pending[0])))
    assert game.to_json() == before


# ---- seeded simulations ------------------------------------------------------------------------

GAMES_PER_COUNT = 120  # the 1,000-game soaks of each count live in the soak bench


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 7])
def test_simulate_seeded_games_score_sheet_secret_bids_and_positions(players):
    """Full games of random legal moves for each player count, over every option set.

    What only Matchmaster has (the generic checks, card conservation, refusals and saves, are
    tests/test_engine_protocol.py's): while bids go in, no view and no log entry shows a seat
    another seat's bid (play.secret); a position written mid-game reads back as the same game;
    and at the end the score sheet adds up (MS-A7, MS-A8, end.winner).
    """
    options_cycle = [None, {"overtrump_reference": "previous_card"},
                     {"must_undertrump": False}, {"dealer_hook": True},
                     {"allow_bid_above_hand": True}]
    for number in range(GAMES_PER_COUNT):
        game = Matchmaster(players=players, seed=number,
                           options=options_cycle[number % len(options_cycle)])
        rng = SeededRng(number * 7919 + players)
        round_trip_at = rng.randbelow(250)
        steps = 0
        while not game.over:
            seat = rng.choice(game.pending)
            game.apply(rng.choice(game.legal_actions(seat)))
            steps += 1
            if game.stage == "bid" and number % 4 == 0:
                for viewer in [None] + list(range(players)):
                    view = game.view(viewer, log_from=max(0, len(game.log) - players - 2))
                    assert all(view["bids"][s] is None for s in range(players) if s != viewer)
                    assert all("bid" not in entry for entry in view["log"])
            if steps == round_trip_at and not game.over:
                check_position_round_trip(game)
        rows = game.score_rows
        assert [row["cards"] for row in rows] == list(HAND_SIZES)
        for row in rows:
            assert sum(row["tricks"]) == row["cards"]
            assert row["points"] == [score_hand(b, t) for b, t in zip(row["bids"], row["tricks"],
                                                                      strict=True)]
        result = game.result()
        assert result["scores"] == [sum(r["points"][s] for r in rows) for s in range(players)]
        assert result["winners"] == [s for s in range(players)
                                     if result["scores"][s] == max(result["scores"])]


def test_a_round_s_score_is_explained_from_its_own_figures():
    """MS-A7 said as it happens: the summary's Why column comes from these words, and each
    reason ends in the very points score_hand gives."""
    for bid in range(0, 8):
        for tricks in range(0, 8):
            points = score_hand(bid, tricks)
            reason = words.score_reason(bid, tricks, points)
            assert reason.startswith(f"bid {bid}, took {tricks}: ")
            assert reason.endswith(str(points) if points >= 0 else f"so {points}")
            assert ("exact" in reason) == (bid == tricks)
    assert words.score_reason(2, 3, -1) == "bid 2, took 3: missed by 1, so -1"
    assert words.score_reason(3, 3, 13) == "bid 3, took 3: exact, so 10 + 3 = 13"
