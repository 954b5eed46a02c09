"""Matatu rules, one test per rulebook sentence with a rule in it and per ruling MT-A1..A18.

Positions are built with ``engine.from_scenario`` through ``table()``: name the hands and the
pile, and every other card goes to the stock (or the pile, or a hand) in deck order.
Test names carry the rule id (``basics.7`` -> ``test_basics_7_...``) or the ruling id.
"""

import json
import re

import pytest

import engine
from engine import IllegalAction, from_scenario
from engine.bots import RandomBot, make_bot
from engine.games.matatu import Matatu
from engine.games.matatu.bots import BasicMatatuBot
from engine.games.matatu.rulebook import RULE_VERSIONS
from engine.games.matatu.rules import chopper_of, points, standard_deck
from engine.rng import SeededRng


def table(hands, pile, *, base="6D", stock=(), rest="stock", to_move=0, options=None,
          seed=0, **position):
    """A scenario game; cards not named go to ``rest``: "stock" (after ``stock``), "pile"
    (under the named pile) or "hand:<seat>"."""
    options = dict(options or {})
    deck = standard_deck(jokers=options.get("jokers", False))
    hands = [list(hand) for hand in hands]
    pile, stock = list(pile), list(stock)
    placed = [c for hand in hands for c in hand] + pile + stock
    if options.get("base_card_mode") == "physical_removed":
        placed.append(base)
    leftovers = [c for c in deck if c not in placed]
    if rest == "stock":
        stock += leftovers
    elif rest == "pile":
        pile = leftovers + pile
    else:
        hands[int(rest.split(":")[1])] += leftovers
    data = {"game": "matatu", "players": len(hands), "options": options, "seed": seed,
            "position": {"hands": hands, "pile": pile, "stock": stock, "base_card": base,
                         "to_move": to_move, **position}}
    return from_scenario(data)


def act(game, kind, **fields):
    game.apply({"type": kind, "seat": game.to_move, **fields})


def play(game, card):
    act(game, "play", card=card)


def refused(game, kind, **fields) -> IllegalAction:
    """Apply a move that must be refused; check nothing changed and return the refusal."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        act(game, kind, **fields)
    assert game.to_json() == before
    return caught.value


def legal(game, kind, **fields) -> bool:
    return {"type": kind, "seat": game.to_move, **fields} in game.legal_actions()


def types(game) -> list:
    return [a["type"] for a in game.legal_actions()]


# ---- deal and setup ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_basics_2_seven_cards_each_and_one_opening_card(players):
    game = engine.new_game("matatu", players=players, seed=players)
    view = game.view(0)
    assert view["hand_counts"] == [7] * players
    assert view["pile_count"] == 1
    assert view["stock_count"] == 52 - 7 * players - 1


def test_basics_1_deck_is_52_cards_without_jokers_and_jokers_2_54_with():
    for jokers, size in ((False, 52), (True, 54)):
        game = engine.new_game("matatu", players=4, seed=3, options={"jokers": jokers})
        cards = sorted(c for place in game.card_locations().values() for c in place)
        assert cards == sorted(standard_deck(jokers=jokers))
        assert len(cards) == size


def test_mt_s1_seven_players_need_max_players_option():
    with pytest.raises(IllegalAction, match="\"Most players\" set to 7"):
        engine.new_game("matatu", players=7, seed=1)
    game = engine.new_game("matatu", players=7, seed=1, options={"max_players": 7})
    assert game.view(None)["stock_count"] == 52 - 49 - 1
    with pytest.raises(IllegalAction, match="\"Most players\" set to 7"):
        table([["3C"]] * 1 + [["4C"], ["5C"], ["6C"], ["8C"], ["9C"], ["10C"]], ["KH"])


def test_mt_a1_base_card_is_virtual_marker():
    """MT-A1: the base card is a marker; every card, the base card's own included, is dealt."""
    for seed in range(30):
        game = engine.new_game("matatu", players=4, seed=seed)
        places = game.card_locations()
        cards = [c for place in places.values() for c in place]
        assert sorted(cards) == sorted(standard_deck())
        assert places["out_of_play"] == []
        assert game.base_card in cards
        assert game.view(0)["base_card"] == game.base_card


def test_mt_a1_base_card_seven_makes_that_seven_a_playable_chopper():
    """MT-A1 / chopper.5: with base 7♣ the real 7♣ is in a hand and cuts."""
    game = table([["7C", "3H"], ["KD", "9S"]], ["6C"], base="7C")
    assert game.view(0)["chopper"] == "7C"
    act(game, "cut", card="7C")
    assert game.result()["reason"] == "cut"


def test_mt_a1_physical_removed_takes_base_card_out_of_play():
    game = engine.new_game("matatu", players=4, seed=9,
                           options={"base_card_mode": "physical_removed"})
    places = game.card_locations()
    assert places["out_of_play"] == [game.base_card]
    assert sum(len(p) for p in places.values()) == 52
    assert game.view(0)["stock_count"] == 52 - 1 - 28 - 1


def test_mt_a1_physical_removed_seven_base_card_leaves_no_chopper():
    options = {"base_card_mode": "physical_removed"}
    game = table([["3C", "4C"], ["KD", "9S"]], ["6C"], base="7C", options=options)
    assert not legal(game, "cut", card="7C")
    assert "out of play" in refused(game, "cut", card="7C").reason


@pytest.mark.parametrize("base, chopper", [("6D", "7D"), ("KC", "7C"), ("7C", "7C"),
                                           ("AS", "7S"), ("2H", "7H")])
def test_chopper_2_chopper_is_seven_of_base_suit(base, chopper):
    assert chopper_of(base) == chopper
    game = table([["3C", "4C"], ["KD", "9S"]], ["5C"], base=base)
    assert game.view(1)["chopper"] == chopper
    assert game.view(1)["base_card"] == base


def test_chopper_1_base_card_random_and_same_for_everyone():
    bases = set()
    for seed in range(40):
        game = engine.new_game("matatu", players=3, seed=seed)
        views = [game.view(s) for s in (0, 1, 2, None)]
        assert len({(v["base_card"], v["chopper"]) for v in views}) == 1
        bases.add(game.base_card)
    assert len(bases) > 20


def test_jokers_10_joker_never_base_card_or_opening_card():
    """jokers.10 / MT-A12: over many deals a Joker is never the base card or opening card."""
    for seed in range(400):
        game = engine.new_game("matatu", players=2 + seed % 5, seed=seed,
                               options={"jokers": True})
        assert game.base_card not in ("RJ", "BJ")
        assert game.pile[0] not in ("RJ", "BJ")
    with pytest.raises(IllegalAction, match="base card"):
        table([["3C"], ["4C"]], ["5C"], base="RJ", options={"jokers": True})


def test_mt_a12_opening_joker_is_returned_and_another_card_turned():
    """MT-A12: an opening Joker goes back into the stock; the deal stays complete."""
    seen = 0
    for seed in range(300):
        game = engine.new_game("matatu", players=6, seed=seed, options={"jokers": True})
        # Re-run the shuffle to see what the top card after the deal was.
        rng = SeededRng(seed)
        rng.randbelow(6)
        deck = standard_deck(jokers=True)
        rng.shuffle(deck)
        if deck[42] in ("RJ", "BJ"):
            seen += 1
            assert game.pile == [c for c in deck[42:] if c not in ("RJ", "BJ")][:1]
            assert deck[42] in game.stock
    assert seen > 0


def test_mt_a12_opening_card_has_no_effect():
    """MT-A12: an opening 2 owes nothing, 8/J skips nobody, an Ace names nothing."""
    found = set()
    for seed in range(400):
        game = engine.new_game("matatu", players=3, seed=seed)
        opening = game.pile[0]
        rank = opening[:-1]
        view = game.view(None)
        assert view["penalty"] is None and view["requested_suit"] is None
        assert view["to_move"] == (view["dealer"] + 1) % 3
        assert view["stage"] == "start"
        assert view["active_suit"] == opening[-1]
        found.add(rank if rank in ("2", "8", "J", "A") else "other")
    assert found == {"2", "8", "J", "A", "other"}


def test_mt_a12_opening_ace_active_suit_is_its_printed_suit():
    game = table([["3C", "9H"], ["KD", "9S"]], ["AH"])
    assert game.view(0)["active_suit"] == "H"
    assert legal(game, "play", card="9H") and not legal(game, "play", card="3C")


def test_mt_a13_first_dealer_random_left_of_dealer_acts_first():
    dealers = set()
    for seed in range(40):
        game = engine.new_game("matatu", players=4, seed=seed)
        dealers.add(game.dealer)
        assert game.to_move == (game.dealer + 1) % 4
    assert dealers == {0, 1, 2, 3}


def test_mt_a13_play_goes_clockwise():
    game = table([["3C", "9H"], ["4C", "9S"], ["5C", "10S"]], ["KC"])
    play(game, "3C")
    assert game.to_move == 1
    play(game, "4C")
    assert game.to_move == 2


# ---- the turn: play, draw, pass (MT-A5) ----------------------------------------------------


def test_basics_3_play_must_match_suit_or_rank():
    game = table([["9D", "5H", "9C", "KS"], ["4C", "9S"]], ["9H"])
    assert [a["card"] for a in game.legal_actions() if a["type"] == "play"] == ["9D", "5H",
                                                                                 "9C"]
    error = refused(game, "play", card="KS")
    assert error.reason == "The K♠ does not match 9♥: play a ♥, a 9, or an Ace."
    assert error.rule == "basics.3"


def test_refusal_names_a_card_you_do_not_hold():
    game = table([["9D", "5H"], ["9C", "9S"]], ["9H"])
    assert refused(game, "play", card="9C").reason == "You do not hold the 9♣."


def test_legal_actions_order_and_shapes():
    game = table([["7D", "7H", "8S"], ["KC", "2C", "3C"]], ["6D"])
    assert game.legal_actions() == [
        {"type": "play", "card": "7D", "seat": 0},
        {"type": "cut", "card": "7D", "seat": 0},
        {"type": "draw", "seat": 0},
        {"type": "pass", "seat": 0},
    ]


def test_basics_10_draw_allowed_even_with_playable_card():
    game = table([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["KC"])
    assert legal(game, "play", card="9H") and legal(game, "draw")
    act(game, "draw")
    assert game.hands[0] == ["9H", "3C", "KC"]
    assert game.view(0)["stage"] == "after_draw"
    assert game.to_move == 0


def test_basics_11_after_draw_play_drawn_card():
    game = table([["3C", "4C"], ["KD", "9S"]], ["5H"], stock=["9H"])
    act(game, "draw")
    assert game.view(0)["drawn"] == "9H"
    assert types(game) == ["play", "pass"]
    play(game, "9H")
    assert game.to_move == 1 and game.pile[-1] == "9H"


def test_basics_11_after_draw_play_another_card():
    game = table([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["KC"])
    act(game, "draw")
    play(game, "9H")
    assert game.hands[0] == ["3C", "KC"]


def test_basics_11_nobody_else_plays_until_the_drawer_acts():
    game = table([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["KC"])
    act(game, "draw")
    with pytest.raises(IllegalAction, match="not seat 2's turn"):
        game.apply({"type": "play", "card": "KD", "seat": 1})


def test_mt_a5_no_second_draw():
    game = table([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["KC"])
    act(game, "draw")
    assert "draw" not in types(game)
    assert refused(game, "draw").reason == ("You have already drawn this turn: play a card or"
                                            " pass.")


def test_basics_12_turn_ends_by_itself_when_nothing_can_be_played():
    game = table([["3C", "4C"], ["KD", "9S"]], ["5H"], stock=["QS"])
    act(game, "draw")
    assert game.to_move == 1
    assert game.hands[0] == ["3C", "4C", "QS"]
    assert game.view(0)["drawn"] is None
    assert game.log[-1] == {"kind": "kept", "seat": 0}


def test_basics_15_pass_allowed_with_playable_card():
    game = table([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["QS"])
    assert legal(game, "play", card="9H") and legal(game, "pass")


def test_basics_16_pass_without_draw_takes_one_card():
    game = table([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["QS", "JS"])
    act(game, "pass")
    assert game.hands[0] == ["9H", "3C", "QS"]
    assert game.to_move == 1
    assert game.view(1)["stock_count"] == len(game.stock)


def test_basics_16_draw_then_pass_costs_no_second_card():
    game = table([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["QS", "JS"])
    act(game, "draw")
    act(game, "pass")
    assert game.hands[0] == ["9H", "3C", "QS"]
    assert game.stock[0] == "JS"
    assert game.to_move == 1


# ---- pick-two (basics.4-6, 9, 17; MT-A7) --------------------------------------------------


def test_basics_4_two_makes_next_player_owe_exactly_two():
    game = table([["2H", "3C"], ["KD", "9S"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    view = game.view(1)
    assert view["penalty"] == {"kind": "two", "count": 2, "owed_by": 1}
    assert view["stage"] == "penalty" and view["to_move"] == 1


def test_basics_5_pass_pick_two_on_with_a_two_of_any_suit():
    game = table([["2H", "3C"], ["2S", "9S"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    play(game, "2S")
    assert game.penalty == {"kind": "two", "count": 2, "owed_by": 2}


def test_basics_5_pick_up_two_cards_and_end_turn():
    game = table([["2H", "3C"], ["KD", "9S"], ["4D", "5D"]], ["5H"], stock=["3S", "4S"])
    play(game, "2H")
    act(game, "accept")
    assert game.hands[1] == ["KD", "9S", "3S", "4S"]
    assert game.to_move == 2 and game.penalty is None


def test_basics_6_penalty_never_grows_beyond_two():
    game = table([["2H", "3C"], ["2S", "9S"], ["2D", "5D"], ["4H", "4S"]], ["5H"])
    play(game, "2H")
    play(game, "2S")
    play(game, "2D")
    assert game.penalty["count"] == 2
    before = len(game.hands[3])
    act(game, "accept")
    assert len(game.hands[3]) == before + 2


def test_mt_a7_refusals_while_owing_two():
    game = table([["2H", "3C"], ["KD", "AH", "5H", "AS", "2C"], ["4D", "5D"]], ["9H"])
    play(game, "2H")
    assert [a for a in game.legal_actions()] == [
        {"type": "play", "card": "AS", "seat": 1},
        {"type": "play", "card": "2C", "seat": 1},
        {"type": "accept", "seat": 1},
    ]
    message = ("You owe two cards: play a 2, cancel with the Ace of Spades, or pick them up"
               ".")
    assert refused(game, "play", card="5H").reason == message
    assert refused(game, "draw").reason == message
    assert refused(game, "pass").reason == message


def test_basics_9_other_aces_cannot_answer_pick_two():
    """basics.9 / jokers.8: only the Ace of Spades blocks; other Aces cannot."""
    game = table([["2H", "3C"], ["AH", "9S"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    error = refused(game, "play", card="AH")
    assert "Only the Ace of Spades" in error.reason


def test_basics_17_penalty_cards_not_playable_that_turn():
    """basics.17 / MT-A5: accepting ends the turn, so a picked-up card waits."""
    game = table([["2H", "3C"], ["KD", "9S"], ["4D", "5D"]], ["5H"], stock=["5S", "2S"])
    play(game, "2H")
    act(game, "accept")
    assert game.to_move == 2
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        game.apply({"type": "play", "card": "2S", "seat": 1})


def test_mt_a7_paid_two_is_ordinary_then_fresh_two():
    game = table([["2H", "3C"], ["KD", "9S"], ["4H", "2D", "3D"]], ["5H"])
    play(game, "2H")
    act(game, "accept")
    # seat 3 follows the 2♥ by suit or rank; no penalty now
    assert game.view(2)["stage"] == "start"
    assert legal(game, "play", card="4H") and legal(game, "play", card="2D")
    assert not legal(game, "play", card="3D")
    play(game, "2D")
    assert game.penalty == {"kind": "two", "count": 2, "owed_by": 0}


def test_mt_a4_no_cut_while_pick_two_unresolved():
    game = table([["2H", "3C"], ["7D", "2D", "3S"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    assert not legal(game, "cut", card="7D")
    error = refused(game, "cut", card="7D")
    assert error.rule == "MT-A4"
    assert "unresolved" in error.reason


def test_mt_a5_after_paid_penalty_two_players_turn_returns_to_attacker():
    """MT-A8: after the pick-two is paid in a two-player game, the attacker plays."""
    game = table([["2H", "3C", "4C"], ["KD", "9S"]], ["5H"])
    play(game, "2H")
    act(game, "accept")
    assert game.to_move == 0


# ---- 8 and Jack (basics.7, MT-A8) ----------------------------------------------------------


@pytest.mark.parametrize("skip", ["8H", "JH"])
def test_basics_7_eight_or_jack_jumps_next_player(skip):
    game = table([[skip, "3C"], ["KH", "9S"], ["4H", "5D"]], ["5H"])
    play(game, skip)
    assert game.to_move == 2
    assert {"kind": "jumped", "seat": 1} in game.log


@pytest.mark.parametrize("skip", ["8H", "JH"])
def test_mt_a8_two_players_same_player_takes_complete_new_turn(skip):
    game = table([[skip, "3C", "2C"], ["KH", "9S"]], ["5H"], stock=["4H"])
    play(game, skip)
    assert game.to_move == 0
    assert game.view(0)["stage"] == "start"
    assert types(game) == ["draw", "pass"]  # 3♣ and 2♣ do not follow the 8♥/J♥
    act(game, "draw")
    play(game, "4H")
    assert game.to_move == 1


def test_mt_a8_two_players_play_again_may_attack():
    game = table([["8H", "2H", "3C"], ["KD", "9S"]], ["5H"])
    play(game, "8H")
    play(game, "2H")
    assert game.penalty == {"kind": "two", "count": 2, "owed_by": 1}


def test_mt_a8_skip_cannot_answer_a_penalty():
    game = table([["2H", "3C"], ["8H", "9S"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    assert not legal(game, "play", card="8H")


def test_basics_18_final_eight_or_jack_gives_no_extra_turn():
    game = table([["8H"], ["KH", "9S"]], ["5H"])
    play(game, "8H")
    assert game.over and game.to_move is None
    assert game.result()["reason"] == "empty_hand"
    assert game.result()["totals"] == [0, 22]


# ---- Aces (basics.8, MT-A6) ----------------------------------------------------------------


def test_basics_8_ace_on_any_ordinary_card_then_names_suit():
    game = table([["AD", "3C"], ["KH", "9S"], ["4D", "5D"]], ["5H"])
    assert legal(game, "play", card="AD")
    play(game, "AD")
    assert game.to_move == 0 and game.view(0)["stage"] == "name_suit"
    assert game.legal_actions() == [{"type": "name_suit", "suit": s, "seat": 0}
                                    for s in "CDHS"]
    act(game, "name_suit", suit="S")
    view = game.view(1)
    assert view["requested_suit"] == "S" and view["active_suit"] == "S"
    assert view["to_move"] == 1
    assert game.log[-1] == {"kind": "named", "seat": 0, "suit": "S"}


def test_mt_a6_named_suit_governs_and_ace_printed_suit_does_not_count():
    game = table([["AD", "3C"], ["KH", "9S", "4D", "AC"], ["4S", "5D"]], ["5H"])
    play(game, "AD")
    act(game, "name_suit", suit="H")
    plays = [a["card"] for a in game.legal_actions() if a["type"] == "play"]
    assert plays == ["KH", "AC"]
    error = refused(game, "play", card="4D")
    assert error.reason == "You must follow ♥ or play an Ace: the Ace named hearts."
    assert error.rule == "MT-A6"


def test_mt_a6_ace_may_name_its_own_suit():
    game = table([["AD", "3C"], ["KH", "9D"]], ["5H"])
    play(game, "AD")
    act(game, "name_suit", suit="D")
    assert legal(game, "play", card="9D")


def test_mt_a6_request_persists_through_draws_and_passes():
    game = table([["AD", "3C"], ["KH", "9S"], ["4S", "5D"]], ["5H"], stock=["2C", "3D", "4D"])
    play(game, "AD")
    act(game, "name_suit", suit="S")
    act(game, "pass")  # seat 2 passes although 9♠ follows
    act(game, "draw")  # seat 3 draws 3♦, still spades
    assert game.view(2)["requested_suit"] == "S"
    assert [a["card"] for a in game.legal_actions() if a["type"] == "play"] == ["4S"]


def test_mt_a4_name_suit_settled_before_anything_else():
    game = table([["AD", "7D", "3C"], ["KH", "9S"]], ["5H"])
    play(game, "AD")
    assert refused(game, "cut", card="7D").rule == "MT-A4"
    assert refused(game, "play", card="3C").reason == (
        "First name the suit that follows your Ace.")
    assert refused(game, "name_suit", suit="X").reason.startswith("'X' is not a suit")


def test_basics_18_final_ace_names_nothing():
    game = table([["AD"], ["KH", "9S"]], ["5H"])
    play(game, "AD")
    assert game.over
    assert game.view(0)["stage"] == "over"
    assert game.legal_actions(0) == []
    assert game.result()["totals"][0] == 0


def test_chopper_11_ace_naming_chopper_suit_does_not_end_round():
    """chopper.11 / MT-A15: an Ace may name the chopper's suit; it is no cut."""
    game = table([["AC", "3C", "4S"], ["KH", "9S"]], ["5H"], base="6D")
    play(game, "AC")
    act(game, "name_suit", suit="D")
    assert not game.over and game.to_move == 1
    assert game.view(1)["requested_suit"] == "D"


# ---- the last card (basics.18, MT-A11) -----------------------------------------------------


def test_basics_18_last_card_ends_round_at_once_scoring_zero():
    game = table([["9H"], ["KH", "9S"], ["3D", "4D"]], ["5H"])
    play(game, "9H")
    result = game.result()
    assert result["reason"] == "empty_hand"
    assert result["totals"] == [0, 22, 7] and result["winners"] == [0]


def test_mt_a11_final_two_creates_no_penalty():
    game = table([["2H"], ["KH", "9S"]], ["5H"])
    play(game, "2H")
    assert game.over and game.view(1)["penalty"] is None


def test_mt_a11_final_two_passing_on_a_penalty_ends_round():
    game = table([["2H", "3C"], ["2S"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    play(game, "2S")
    assert game.over and game.penalty is None
    assert game.result()["totals"] == [3, 0, 9]


def test_jokers_9_final_joker_creates_nothing():
    game = table([["RJ"], ["KH", "9S"]], ["5H"], options={"jokers": True})
    play(game, "RJ")
    view = game.view(1)
    assert game.over and view["penalty"] is None and view["requested_suit"] is None
    assert game.result()["totals"][0] == 0


def test_jokers_9_final_ace_of_spades_creates_nothing():
    game = table([["AS"], ["KH", "9S"]], ["5H"])
    play(game, "AS")
    assert game.over and game.view(1)["requested_suit"] is None


def test_mt_a11_final_ace_of_spades_cancelling_a_penalty_ends_round():
    game = table([["2H", "3C"], ["AS"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    play(game, "AS")
    assert game.over
    assert game.result()["totals"] == [3, 0, 9]
    assert game.view(None)["open_pile"] is False


# ---- the chopper and the cut (chopper.*, MT-A2..A4, MT-A15, MT-A18) -----------------------


def test_chopper_8_example_7d_7h_8s_cut_allowed_15_remain():
    game = table([["7D", "7H", "8S"], ["KC", "2C", "3C"]], ["6D"], base="6D")
    assert points(["7D", "7H", "8S"]) == 22
    assert legal(game, "cut", card="7D")
    act(game, "cut", card="7D")
    result = game.view(1)["result"]
    assert result["reason"] == "cut" and result["cutter"] == 0
    assert result["totals"] == [15, 36]
    assert result["chopper"] == "7D" and result["base_card"] == "6D"


def test_mt_a3_cut_at_exactly_20_allowed():
    game = table([["7D", "10H", "10S"], ["KC", "2C", "3C"]], ["6D"])
    assert legal(game, "cut", card="7D")
    act(game, "cut", card="7D")
    assert game.result()["totals"][0] == 20


def test_mt_a3_cut_refused_at_21():
    game = table([["7D", "10H", "JS"], ["KC", "2C", "3C"]], ["6D"])
    assert not legal(game, "cut", card="7D")
    assert legal(game, "play", card="7D")
    error = refused(game, "cut", card="7D")
    assert error.reason == ("You cannot cut: the cards left would total 21 points; a cut needs"
                            " 20 or fewer.")
    assert error.rule == "MT-A3"


def test_mt_a3_refused_cut_leaves_state_unchanged_and_round_carries_on():
    """chopper.9: a refused cut changes nothing (``refused`` compares the whole save)."""
    game = table([["7D", "KH", "KS"], ["KC", "2C", "3C"]], ["5C"])
    error = refused(game, "cut", card="7D")
    assert "must match 5♣" in error.reason
    assert not game.over and game.to_move == 0
    act(game, "pass")
    assert game.to_move == 1


def test_chopper_7_cut_allowed_from_very_first_turn():
    """A fresh 7-card deal: the chopper and six cards worth exactly 20 may cut at once."""
    game = table([["7D", "3C", "3H", "3S", "3D", "4C", "4H"],
                  ["KC", "QC", "JC", "10C", "9C", "8C", "2C"]], ["6D"])
    assert game.actions == [] and game.view(0)["hand_counts"] == [7, 7]
    assert legal(game, "cut", card="7D")
    act(game, "cut", card="7D")
    assert game.result()["reason"] == "cut" and game.result()["totals"] == [20, 83]


def test_mt_a3_chopper_played_as_ordinary_seven_does_not_cut():
    game = table([["7D", "7H", "8S"], ["KC", "2C", "3C"]], ["6D"])
    play(game, "7D")
    assert not game.over and game.to_move == 1 and game.pile[-1] == "7D"


def test_mt_a3_auto_cut_option_makes_the_chopper_play_a_cut():
    game = table([["7D", "7H", "8S"], ["KC", "2C", "3C"]], ["6D"], options={"auto_cut": True})
    assert not legal(game, "play", card="7D")
    assert "automatic" in refused(game, "play", card="7D").reason
    act(game, "cut", card="7D")
    assert game.result()["reason"] == "cut"
    heavy = table([["7D", "KH", "KS"], ["KC", "2C", "3C"]], ["6D"], options={"auto_cut": True})
    assert legal(heavy, "play", card="7D") and not legal(heavy, "cut", card="7D")


@pytest.mark.parametrize("top, ok", [("6C", True), ("KC", True), ("7H", True), ("7D", True),
                                     ("6H", False), ("QS", False)])
def test_chopper_5_base_7c_chopper_on_6c_kc_7h_7d_not_6h_qs(top, ok):
    game = table([["7C", "3H"], ["KD", "9S"]], [top], base="7C")
    assert legal(game, "play", card="7C") is ok
    assert legal(game, "cut", card="7C") is ok


def test_chopper_4_chopper_must_match_suit_or_rank_it_is_no_wildcard():
    game = table([["7D", "3H"], ["KD", "9S"]], ["9C"])
    assert not legal(game, "play", card="7D") and not legal(game, "cut", card="7D")


def test_chopper_6_ace_called_suit_governs_chopper_matching():
    game = table([["7D", "3H"], ["KD", "9S"]], ["AH"], requested_suit="C")
    assert not legal(game, "play", card="7D")
    error = refused(game, "cut", card="7D")
    assert error.rule == "chopper.6" and "♣" in error.reason
    game = table([["7D", "3H"], ["KD", "9S"]], ["AH"], requested_suit="D")
    assert legal(game, "cut", card="7D")
    game = table([["7D", "3H"], ["KD", "9S"]], ["AH"], requested_suit="H")
    assert not legal(game, "cut", card="7D")  # the Ace's printed suit does not count


def test_mt_a4_cut_may_follow_a_voluntary_draw():
    game = table([["7D", "3H"], ["KD", "9S"]], ["6D"], stock=["5C"])
    act(game, "draw")
    assert legal(game, "cut", card="7D")
    act(game, "cut", card="7D")
    assert game.result()["totals"][0] == 8


def test_mt_a2_chopper_in_the_pile_cannot_cut_but_reshuffled_can_be_drawn():
    """MT-A2: the opening chopper is just a 7 in the pile; reshuffled, it plays again."""
    game = table([["3D", "4C"], ["KC", "5S"]], ["KD", "7D", "6D"], stock=[], rest="hand:1",
                 seed=1)
    assert game.view(0)["stock_count"] == 0
    act(game, "draw")  # the pile under 6♦ (K♦ and 7♦) becomes the stock
    assert game.pile == ["6D"]
    assert set(game.stock) | {game.hands[0][-1]} == {"KD", "7D"}
    assert {"kind": "reshuffled"} in game.log


def test_mt_a15_joker_and_ace_of_spades_cannot_cut():
    game = table([["RJ", "AS", "3C"], ["KD", "9S"]], ["6D"], options={"jokers": True})
    assert refused(game, "cut", card="AS").rule == "MT-A15"
    assert refused(game, "cut", card="RJ").rule == "MT-A15"
    assert "Only the chopper" in refused(game, "cut", card="3C").reason


def test_jokers_2_holding_a_joker_is_over_the_cutting_limit():
    game = table([["7D", "BJ"], ["KD", "9S"]], ["6D"], options={"jokers": True})
    assert not legal(game, "cut", card="7D")
    assert "25 points" in refused(game, "cut", card="7D").reason


def test_mt_a18_cut_does_not_automatically_win():
    game = table([["7D", "10H", "8S"], ["3C", "4C"], ["5C", "9C"]], ["6D"])
    act(game, "cut", card="7D")
    result = game.result()
    assert result["totals"] == [18, 7, 14]
    assert result["winners"] == [1]
    assert game.view(0)["result"]["cutter"] == 0


def test_chopper_13_equal_lowest_totals_are_recorded_as_a_tie():
    game = table([["7D", "10H", "4S"], ["10C", "4C"], ["KC", "KH"]], ["6D"])
    act(game, "cut", card="7D")
    assert game.result()["totals"] == [14, 14, 26]
    assert game.result()["winners"] == [0, 1]
    assert game.view(2)["result"]["winners"] == [0, 1]
    assert game.log[-1] == {"kind": "round_over", "round": 1, "reason": "cut",
                            "totals": [14, 14, 26], "winners": [0, 1]}


def test_chopper_12_cut_reveals_every_hand():
    game = table([["7D", "3H"], ["KC", "5S"]], ["6D"])
    assert game.view(0)["result"] is None
    act(game, "cut", card="7D")
    assert game.view(0)["result"]["hands"] == [["3H"], ["KC", "5S"]]
    assert game.view(None)["result"]["hands"] == [["3H"], ["KC", "5S"]]


# ---- Jokers (jokers.*, MT-A10, MT-A14) -----------------------------------------------------

JOKERS_ON = {"jokers": True}


def test_jokers_1_off_by_default_and_locked():
    spec = next(o for o in Matatu.OPTIONS if o["id"] == "jokers")
    assert spec["default"] is False and spec["locked"] is True
    game = engine.new_game("matatu", players=3, seed=1)
    assert game.options["jokers"] is False
    with pytest.raises(IllegalAction, match="not in this game's deck"):
        table([["RJ", "3C"], ["KD", "9S"]], ["6D"])


def test_jokers_3_joker_on_any_card_pick_five_and_names_suit():
    game = table([["RJ", "3C"], ["KD", "9S"], ["4D", "5D"]], ["6H"], options=JOKERS_ON,
                 stock=["2C", "3D", "4S", "5S", "6S", "8S"])
    assert legal(game, "play", card="RJ")
    play(game, "RJ")
    assert game.view(0)["stage"] == "name_suit"
    act(game, "name_suit", suit="S")
    view = game.view(1)
    assert view["penalty"] == {"kind": "joker", "count": 5, "owed_by": 1}
    assert view["requested_suit"] == "S" and view["to_move"] == 1
    assert types(game) == ["accept"]
    act(game, "accept")
    assert game.hands[1] == ["KD", "9S", "2C", "3D", "4S", "5S", "6S"]


def test_mt_a14_after_paid_pick_five_follow_requested_suit():
    game = table([["RJ", "3C"], ["KD", "9S"], ["4D", "5S", "AC", "BJ"]], ["6H"],
                 options=JOKERS_ON)
    play(game, "RJ")
    act(game, "name_suit", suit="S")
    act(game, "accept")
    plays = [a["card"] for a in game.legal_actions() if a["type"] == "play"]
    assert plays == ["5S", "AC", "BJ"]
    error = refused(game, "play", card="4D")
    assert error.reason == ("You must follow ♠ or play an Ace or a Joker: the Joker named"
                            " spades.")


def test_jokers_4_second_joker_makes_pick_ten_newest_suit_wins():
    game = table([["RJ", "3C"], ["BJ", "9S"], ["4D", "5D"]], ["6H"], options=JOKERS_ON)
    play(game, "RJ")
    act(game, "name_suit", suit="S")
    play(game, "BJ")
    act(game, "name_suit", suit="D")
    view = game.view(2)
    assert view["penalty"] == {"kind": "joker", "count": 10, "owed_by": 2}
    assert view["requested_suit"] == "D"
    stock_before = len(game.stock)
    act(game, "accept")
    assert len(game.hands[2]) == 12 and len(game.stock) == stock_before - 10


def test_jokers_5_two_cannot_answer_pick_five():
    game = table([["RJ", "3C"], ["2S", "9S"], ["4D", "5D"]], ["6H"], options=JOKERS_ON)
    play(game, "RJ")
    act(game, "name_suit", suit="S")
    assert not legal(game, "play", card="2S")
    error = refused(game, "play", card="2S")
    assert error.rule == "jokers.5" and "A 2 cannot answer a pick-five" in error.reason


def test_jokers_5_joker_cannot_answer_pick_two():
    game = table([["2H", "3C"], ["RJ", "9S"], ["4D", "5D"]], ["6H"], options=JOKERS_ON)
    play(game, "2H")
    assert not legal(game, "play", card="RJ")
    error = refused(game, "play", card="RJ")
    assert error.rule == "jokers.5" and "A Joker cannot answer a pick-two" in error.reason


def test_jokers_6_ace_of_spades_cancels_pick_two_and_leaves_open_pile():
    game = table([["2H", "3C"], ["AS", "9S"], ["4D", "KC", "5D"]], ["6H"], stock=["8C"])
    play(game, "2H")
    play(game, "AS")
    view = game.view(2)
    assert view["penalty"] is None and view["open_pile"] is True
    assert view["requested_suit"] is None and view["active_suit"] is None
    assert game.to_move == 2 and game.hands[1] == ["9S"]  # nothing was drawn
    assert [a["card"] for a in game.legal_actions() if a["type"] == "play"] == ["4D", "KC",
                                                                                 "5D"]
    play(game, "KC")
    assert game.view(0)["open_pile"] is False and game.view(0)["active_suit"] == "C"


def test_jokers_6_ace_of_spades_cancels_pick_ten():
    game = table([["RJ", "3C"], ["BJ", "9S"], ["AS", "5D", "QH"], ["4H", "4S"]], ["6H"],
                 options=JOKERS_ON)
    play(game, "RJ")
    act(game, "name_suit", suit="S")
    play(game, "BJ")
    act(game, "name_suit", suit="D")
    assert game.penalty["count"] == 10
    play(game, "AS")
    view = game.view(3)
    assert view["penalty"] is None and view["open_pile"] is True
    assert view["requested_suit"] is None  # MT-A14: the request is dropped
    assert game.hands[2] == ["5D", "QH"] and view["to_move"] == 3
    assert legal(game, "play", card="4H") and legal(game, "play", card="4S")


def test_jokers_7_fresh_penalty_on_the_open_pile():
    game = table([["2H", "3C"], ["AS", "9S"], ["2C", "5D"], ["4H", "4S"]], ["6H"])
    play(game, "2H")
    play(game, "AS")
    play(game, "2C")
    assert game.penalty == {"kind": "two", "count": 2, "owed_by": 3}


def test_mt_a10_open_pile_lasts_through_draws_and_passes():
    game = table([["2H", "3C"], ["AS", "9S"], ["4D", "5D"], ["KC", "QS"]], ["6H"],
                 stock=["2D", "3S"])
    play(game, "2H")
    play(game, "AS")
    act(game, "pass")
    act(game, "draw")
    assert game.view(3)["open_pile"] is True
    assert legal(game, "play", card="KC") and legal(game, "play", card="QS")


def test_jokers_8_ace_of_spades_on_ordinary_turn_names_a_suit():
    game = table([["AS", "3C"], ["KD", "9S"]], ["6H"])
    play(game, "AS")
    assert game.view(0)["stage"] == "name_suit"
    act(game, "name_suit", suit="D")
    assert game.view(1)["requested_suit"] == "D" and game.view(1)["open_pile"] is False


def test_jokers_11_no_cut_while_pick_five_unresolved():
    game = table([["RJ", "3C"], ["7D", "3D"], ["4H", "5D"]], ["6D"], options=JOKERS_ON)
    play(game, "RJ")
    act(game, "name_suit", suit="D")
    assert not legal(game, "cut", card="7D")
    assert refused(game, "cut", card="7D").rule == "MT-A4"
    assert refused(game, "play", card="3D").reason == (
        "You owe five cards: play a Joker, cancel with the Ace of Spades, or pick them up"
        ".")


def test_mt_a14_joker_not_playable_on_unpaid_pick_two_but_on_anything_else():
    game = table([["RJ", "3C"], ["KD", "9S"]], ["AH"], requested_suit="C", options=JOKERS_ON)
    assert legal(game, "play", card="RJ")


# ---- the stock running out (MT-A9) ---------------------------------------------------------


def test_mt_a9_empty_stock_is_refilled_from_the_pile():
    game = table([["3D", "4C"], ["KC", "5S"]], ["9C", "QH", "6D"], stock=[], rest="hand:1")
    act(game, "pass")
    assert game.pile == ["6D"]
    assert len(game.hands[0]) == 3 and len(game.stock) == 1
    assert sorted(game.stock + game.hands[0][2:]) == ["9C", "QH"]


def test_mt_a9_nothing_to_draw_means_no_draw_and_pass_takes_nothing():
    game = table([["3H", "4C"], ["KC", "5S"], ["8H", "9S"]], ["6D"], stock=[], rest="hand:1")
    assert "draw" not in types(game)
    assert refused(game, "draw").rule == "MT-A9"
    act(game, "pass")
    assert game.hands[0] == ["3H", "4C"] and game.to_move == 1


def test_mt_a9_full_cycle_of_passes_with_nothing_to_take_ends_round():
    game = table([["3H", "4C"], ["KC", "5S"], ["8H", "9S"]], ["6D"], stock=[], rest="hand:1")
    act(game, "pass")
    act(game, "pass")
    assert not game.over
    act(game, "pass")
    assert game.over
    result = game.result()
    assert result["reason"] == "stock_exhausted"
    assert result["winners"] == [0]


def test_mt_a9_a_play_resets_the_cycle_of_passes():
    game = table([["3H", "4C"], ["KC", "5S"], ["8H", "9S"]], ["6D"], stock=[], rest="hand:1")
    act(game, "pass")
    act(game, "pass")
    assert game.dry_turns == 2
    # seat 3 holds no diamond; give it one by scenario instead: play is what resets
    game = table([["3H", "4C"], ["KC", "5S"], ["8D", "9S"]], ["6D"], stock=[], rest="hand:1")
    act(game, "pass")
    act(game, "pass")
    play(game, "8D")
    assert game.dry_turns == 0 and not game.over


def test_mt_a9_penalty_shortfall_is_forgiven():
    game = table([["2H", "3C"], ["KC", "5S"]], ["9D", "6H"], stock=[], rest="hand:1")
    play(game, "2H")
    before = len(game.hands[1])
    act(game, "accept")
    # the pile under the 2♥ held 9♦ and 6♥: both taken, nothing more owed
    assert len(game.hands[1]) == before + 2
    game = table([["2H", "3C"], ["KC", "5S"]], ["6H"], stock=["9D"], rest="hand:1")
    play(game, "2H")
    before = len(game.hands[1])
    act(game, "accept")
    assert len(game.hands[1]) == before + 2  # 9♦ from the stock, 6♥ from the reshuffle
    game = table([["2H", "3C"], ["KC", "5S"]], ["6H"], stock=[], rest="hand:1")
    play(game, "2H")
    before = len(game.hands[1])
    act(game, "accept")
    assert len(game.hands[1]) == before + 1
    assert {"kind": "picked_up", "seat": 1, "count": 1, "owed": 2} in game.log
    assert game.to_move == 0 and not game.over


def test_mt_a9_end_round_option():
    options = {"on_stock_empty": "end_round"}
    game = table([["3H", "4C"], ["KC", "5S"]], ["9D", "6D"], stock=[], rest="hand:1",
                 options=options)
    assert "draw" not in types(game)
    act(game, "pass")
    assert game.over and game.result()["reason"] == "stock_exhausted"


# ---- sessions and records (MT-A16, MT-A17) -------------------------------------------------


def play_out(game, bots=None, limit=100000):
    rng = SeededRng(7)
    bots = bots or [BasicMatatuBot(rng.fork()) for _ in range(game.players)]
    for _ in range(limit):
        if game.over:
            return game
        seat = game.to_move
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    raise AssertionError("game did not finish")


def test_mt_a16_session_totals_scores_over_rounds():
    game = engine.new_game("matatu", players=3, seed=11, options={"session_rounds": 3})
    first_dealer = game.dealer
    view = game.view(0)
    assert view["round"] == 1 and view["rounds"] == 3
    play_out(game)
    result = game.result()
    rounds = result["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert [r["dealer"] for r in rounds] == [(first_dealer + i) % 3 for i in range(3)]
    assert result["scores"] == [sum(r["totals"][s] for r in rounds) for s in range(3)]
    low = min(result["scores"])
    assert result["winners"] == [s for s in range(3) if result["scores"][s] == low]
    assert game.view(1)["result"]["rounds"] == rounds
    assert game.view(1)["scores"] == result["scores"]


def test_mt_a16_round_result_records_how_it_ended():
    game = play_out(engine.new_game("matatu", players=4, seed=5))
    record = game.result()["rounds"][0]
    assert set(record) == {"round", "reason", "dealer", "hands", "totals", "winners", "cutter",
                           "base_card", "chopper"}
    assert record["reason"] in ("empty_hand", "cut", "stock_exhausted")
    assert game.record()["rules"] == "matatu-v1"


def test_mt_a16_session_scenario_keeps_running_scores():
    game = table([["9H"], ["KH", "9S"]], ["5H"], options={"session_rounds": 3}, round=2,
                 scores=[10, 4])
    play(game, "9H")
    assert not game.over and game.round_number == 3
    assert game.scores == [10, 26]
    assert game.view(0)["hand_counts"] == [7, 7]


def test_mt_a17_rules_are_version_matatu_v1_with_every_ruling():
    version = RULE_VERSIONS[-1]
    assert version["id"] == "matatu-v1"
    assert [r["id"] for r in version["rulings"]] == [f"MT-A{i}" for i in range(1, 19)] + [
        "MT-S1"]
    ruling_ids = {r["id"] for r in version["rulings"]}
    rule_ids = [rule["id"] for s in version["sections"] for rule in s["rules"]]
    assert len(rule_ids) == len(set(rule_ids))
    for section in version["sections"]:
        # applies_when (optional): the option values under which the sentences are in force
        assert set(section) - {"applies_when"} == {"id", "title", "rules"}
        for rule in section["rules"]:
            assert set(rule) - {"applies_when"} == {"id", "text", "rulings"}
            assert set(rule["rulings"]) <= ruling_ids
    cited = {r for s in version["sections"] for rule in s["rules"] for r in rule["rulings"]}
    assert cited == ruling_ids  # every ruling hangs off a sentence
    json.dumps(Matatu.describe())


def test_options_table():
    ids = [o["id"] for o in Matatu.OPTIONS]
    assert ids == ["jokers", "base_card_mode", "auto_cut", "on_stock_empty", "max_players",
                   "session_rounds"]
    for spec in Matatu.OPTIONS:
        assert set(spec) == {"id", "title", "default", "values", "labels", "meaning", "ruling",
                             "locked"}
        assert spec["default"] == spec["values"][0]
        # Words, not codes (issue #9 item 9): a label never shows a value's code.
        assert len(spec["labels"]) == len(spec["values"])
        for label in spec["labels"]:
            assert "_" not in label and label not in ("True", "False")
    with pytest.raises(IllegalAction):
        engine.new_game("matatu", players=3, options={"session_rounds": 2})


# ---- views and hidden information ----------------------------------------------------------

VIEW_KEYS = {"log_from", "log_next",
             "game", "rules", "options", "players", "seat", "to_move", "over", "round",
             "rounds", "dealer", "stage", "hand", "hand_points", "hand_counts", "drawn", "pile_top",
             "pile_count", "stock_count", "base_card", "chopper", "active_suit",
             "requested_suit", "open_pile", "penalty", "scores", "log", "result"}
RESULT_KEYS = {"reason", "hands", "card_points", "totals", "winners", "cutter", "base_card",
               "chopper", "rounds"}


def test_view_has_exactly_the_agreed_keys():
    game = engine.new_game("matatu", players=3, seed=2)
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert set(view) == VIEW_KEYS
        json.dumps(view)
    assert game.view(None)["hand"] is None and game.view(None)["seat"] is None
    play_out(game)
    assert set(game.view(0)["result"]) == RESULT_KEYS
    assert set(game.result()) >= {"scores", "winners", "reason", "hands", "totals"}
    assert game.view(0)["to_move"] is None and game.view(0)["stage"] == "over"


def test_view_hides_other_hands_and_the_drawn_card():
    game = table([["3C", "4C"], ["KD", "9S"]], ["5H"], stock=["9H"])
    act(game, "draw")
    mine, theirs, spectator = game.view(0), game.view(1), game.view(None)
    assert mine["drawn"] == "9H" and theirs["drawn"] is None and spectator["drawn"] is None
    assert mine["hand"] == ["3C", "4C", "9H"]
    text = json.dumps(theirs, ensure_ascii=False)
    for card in ("3C", "4C", "9H"):
        assert f'"{card}"' not in text
    assert "9♥" not in text and "9♥" not in json.dumps(spectator, ensure_ascii=False)
    assert theirs["log"][-1] == {"kind": "drew", "seat": 0}
    # The drawn card is named only in an entry for the drawer.
    assert mine["log"][-1] == {"kind": "received", "seat": 0, "cards": ["9H"]}
    assert spectator["log"][-1] == {"kind": "drew", "seat": 0}
    assert theirs["hand_counts"] == [3, 2]


def test_view_refuses_unknown_seat():
    game = engine.new_game("matatu", players=2, seed=1)
    with pytest.raises(IllegalAction):
        game.view(5)


# ---- scenario validation -------------------------------------------------------------------


def scenario(position, players=2, options=None):
    return {"game": "matatu", "players": players, "options": options or {},
            "position": position}


def full_position():
    deck = standard_deck()
    return {"hands": [deck[0:3], deck[3:6]], "pile": deck[6:8], "stock": deck[8:],
            "base_card": "6D", "dealer": 0, "to_move": 1}


def test_scenario_refuses_missing_and_duplicated_cards():
    position = full_position()
    position["stock"] = position["stock"][:-1]
    with pytest.raises(IllegalAction, match="missing: A♠"):
        from_scenario(scenario(position))
    position = full_position()
    position["stock"].append("2C")
    with pytest.raises(IllegalAction, match="appears 2 times"):
        from_scenario(scenario(position))


def test_scenario_refuses_bad_positions():
    position = full_position()
    position["hands"][0] = []
    position["stock"] += ["2C", "3C", "4C"]
    with pytest.raises(IllegalAction, match="no cards"):
        from_scenario(scenario(position))
    position = full_position()
    position["penalty"] = {"kind": "two", "count": 2}  # top card is 9C, not a 2
    with pytest.raises(IllegalAction, match="pick-two needs a 2"):
        from_scenario(scenario(position))
    position = full_position()
    position["requested_suit"] = "H"
    with pytest.raises(IllegalAction, match="Only an Ace or a Joker"):
        from_scenario(scenario(position))
    position = full_position()
    position["hands"][0][0] = "ZZ"
    with pytest.raises(IllegalAction, match=r"position.hands\[0\]\[0\]: expected a card of"
                                                  r" this game, got \"ZZ\""):
        from_scenario(scenario(position))


def test_scenario_records_and_replays():
    game = table([["2H", "3C"], ["KD", "9S"]], ["5H"], seed=4)
    play(game, "2H")
    again = engine.replay(game.record())
    assert again == game
    assert engine.load_game(game.to_json()) == game


# ---- bots ----------------------------------------------------------------------------------


def test_bots_table_has_basic_and_random():
    assert list(Matatu.BOTS) == ["basic", "easy", "strong", "random"]
    assert isinstance(make_bot(Matatu, None, SeededRng(1)), BasicMatatuBot)
    assert isinstance(make_bot(Matatu, "random", SeededRng(1)), RandomBot)


def test_basic_bot_cuts_answers_penalties_and_keeps_the_ace_of_spades():
    bot = BasicMatatuBot(SeededRng(1))
    game = table([["7D", "7H", "8S"], ["KC", "2C", "3C"]], ["6D"])
    assert bot.choose(game.view(0), game.legal_actions())["type"] == "cut"
    game = table([["2H", "3C"], ["AS", "2S", "9S"], ["4D", "5D"]], ["5H"])
    play(game, "2H")
    assert bot.choose(game.view(1), game.legal_actions())["card"] == "2S"
    game = table([["AS", "KH", "3H", "4C"], ["KD", "9S"]], ["5H"])
    assert bot.choose(game.view(0), game.legal_actions())["card"] == "KH"
    game = table([["AD", "3C", "9C", "4H"], ["KD", "9S"]], ["5H"])
    play(game, "AD")
    assert bot.choose(game.view(0), game.legal_actions()) == {"type": "name_suit",
                                                               "suit": "C", "seat": 0}


def test_basic_bot_beats_random_bots():
    wins = 0
    rounds = 120
    for seed in range(rounds):
        game = engine.new_game("matatu", players=4, seed=seed)
        seat = seed % 4
        bots = [make_bot(Matatu, "basic" if s == seat else "random", SeededRng(seed * 7 + s))
                for s in range(4)]
        play_out(game, bots)
        wins += seat in game.result()["winners"]
    assert wins / rounds > 0.6  # four equal players would win about a quarter each


# ---- the remaining sentences, and a check that every rule id has a test -------------------


def test_intro_1_match_by_suit_or_rank_first_empty_hand_wins():
    game = table([["9H", "9C"], ["KD", "QS"]], ["5H"], stock=["3D"])
    play(game, "9H")  # by suit
    act(game, "pass")  # nothing of seat 2's matches 9♥
    play(game, "9C")  # by rank, and the last card
    result = game.result()
    assert result["reason"] == "empty_hand"
    assert result["totals"] == [0, 28] and result["winners"] == [0]


def test_intro_2_and_versions_1_record_keeps_its_rules_version():
    """intro.2 / versions.1 / MT-A17: the record names the version the engine ran."""
    game = engine.new_game("matatu", players=2, seed=1)
    record = json.loads(game.to_json())
    assert record["rules"] == "matatu-v1"
    assert engine.load_game(game.to_json()).rules == "matatu-v1"
    assert [v["id"] for v in Matatu.describe()["rule_versions"]] == ["matatu-v1"]
    with pytest.raises(IllegalAction, match="does not know the rules version"):
        engine.new_game("matatu", players=2, rules="matatu-v9")


@pytest.mark.parametrize("card, value", [("2C", 20), ("2D", 20), ("2H", 20), ("2S", 20),
                                         ("3C", 3), ("9D", 9), ("10H", 10), ("JS", 11),
                                         ("QC", 12), ("KD", 13), ("AH", 15), ("RJ", 25)])
def test_basics_13_card_values(card, value):
    assert points([card]) == value


def test_basics_14_every_hand_is_scored_and_lowest_total_wins():
    game = table([["9H"], ["KH", "9S"], ["2D"], ["3C", "4C"]], ["5H"])
    play(game, "9H")
    result = game.result()
    assert result["totals"] == [0, 22, 20, 7]
    assert result["winners"] == [0] and result["scores"] == [0, 22, 20, 7]


def test_chopper_3_marker_is_never_in_the_stock_or_pile():
    """chopper.3 / MT-A2: the marker is no card: the deck holds each card once, no more."""
    game = engine.new_game("matatu", players=3, seed=21)
    places = game.card_locations()
    assert sum(len(cards) for cards in places.values()) == 52
    assert [c for c in places["pile"] + places["stock"]].count(game.base_card) <= 1


def test_chopper_9_and_10_both_checks_and_settling_first():
    """chopper.9: matching and weight must both pass; chopper.10: debts first (MT-A4)."""
    light_no_match = table([["7D", "3H"], ["KD", "9S"]], ["9C"])
    heavy_match = table([["7D", "KH", "KS"], ["KC", "2C"]], ["6D"])
    assert not legal(light_no_match, "cut", card="7D")
    assert not legal(heavy_match, "cut", card="7D")
    owing = table([["2D", "3C"], ["7D", "3H"], ["4S", "5S"]], ["6D"])
    play(owing, "2D")
    assert not legal(owing, "cut", card="7D")


def test_every_rule_and_ruling_has_a_named_test():
    """Each rule id (basics.7 -> basics_7) and ruling (MT-A3 -> mt_a3) appears in the name or
    docstring of a test in this module."""
    tests = [(name, (fn.__doc__ or "")) for name, fn in globals().items()
             if name.startswith("test_") and callable(fn)]
    haystack = " ".join(f"{name} {doc}" for name, doc in tests).lower()
    version = RULE_VERSIONS[-1]
    ids = [rule["id"] for s in version["sections"] for rule in s["rules"]]
    ids += [r["id"] for r in version["rulings"]]
    missing = []
    for rule_id in ids:
        spelled = rule_id.lower().replace(".", "_").replace("-", "_")
        pattern = rf"{re.escape(spelled)}(?!\d)|{re.escape(rule_id.lower())}(?!\d)"
        if not re.search(pattern, haystack):
            missing.append(rule_id)
    assert missing == []


def test_version_diff_lists_what_jokers_change():
    """Rules page diff (issue: teaching): matatu-v1 without vs with the Jokers option."""
    diff = Matatu.compare_rules({"rules": "matatu-v1"},
                                {"rules": "matatu-v1", "options": {"jokers": True}})
    assert [option["id"] for option in diff["options"]] == ["jokers"]
    changed = {rule["id"]: (rule["a"] is not None, rule["b"] is not None)
               for rule in diff["rules"]}
    assert changed["basics.1"] == (True, False)
    assert changed["jokers.4"] == (False, True)
    assert "jokers.1" not in changed  # "switched off by default" holds either way
    same = Matatu.compare_rules({}, {})
    assert same["options"] == [] and same["rules"] == []


# ---- positions written out (engine/games/matatu/position.py) --------------------------------


def without_log(view: dict) -> dict:
    return {key: value for key, value in view.items() if key not in ("log", "log_from",
                                                                      "log_next")}


def play_to_a_random_moment(game, seed: int, stop=None) -> None:
    """Seeded play, mostly the basic bot so sessions reach later rounds, to a random move."""
    rng = SeededRng(seed)
    bot = BasicMatatuBot(rng.fork())
    if stop is None:  # a basic bot's round lasts about 50 moves
        stop = rng.randbelow(40 * game.options["session_rounds"])
    while not game.over and len(game.actions) < stop:
        seat = game.to_move
        legal = game.legal_actions(seat)
        move = bot.choose(game.view(seat, log_from=len(game.log)), legal) \
            if rng.randbelow(10) < 8 else rng.choice(legal)
        game.apply_trusted(move)


@pytest.mark.parametrize("options", [{}, {"jokers": True}, {"session_rounds": 5},
                                     {"base_card_mode": "physical_removed", "auto_cut": True},
                                     {"on_stock_empty": "end_round", "jokers": True}],
                         ids=["defaults", "jokers", "session", "removed-autocut", "end-round"])
def test_a_position_written_out_builds_the_same_game(options):
    """from_scenario(game.to_scenario()) is the same game: state, RNG, whose turn, the legal
    moves of every seat and every seat's view (all but the log)."""
    checked = 0
    for seed in range(30):
        players = 2 + seed % 5
        game = engine.new_game("matatu", players=players, seed=seed, options=options)
        play_to_a_random_moment(game, seed)
        if game.over:
            continue
        scenario = json.loads(json.dumps(game.to_scenario()))  # it travels as JSON
        again = from_scenario(scenario)
        assert again.full_state() == game.full_state()
        assert again.to_move == game.to_move
        for seat in range(players):
            assert again.legal_actions(seat) == game.legal_actions(seat)
        for seat in [*range(players), None]:
            assert without_log(again.view(seat)) == without_log(game.view(seat))
        checked += 1
    assert checked >= 20


def test_a_written_position_keeps_the_session_so_far():
    game = engine.new_game("matatu", players=3, seed=11, options={"session_rounds": 3})
    while game.round_number == 1:
        seat = game.to_move
        game.apply(BasicMatatuBot(SeededRng(1)).choose(game.view(seat),
                                                        game.legal_actions(seat)))
    position = game.position()
    assert position["round"] == 2 and len(position["results"]) == 1
    assert position["scores"] == position["results"][0]["totals"]
    again = from_scenario(game.to_scenario())
    assert again.round_results == game.round_results
    # The rounds so far must add up: a result that does not is refused with a reason.
    scenario = game.to_scenario()
    scenario["position"]["results"][0]["totals"][0] += 1
    with pytest.raises(IllegalAction, match="does not add up"):
        from_scenario(scenario)
    scenario = game.to_scenario()
    scenario["position"]["scores"][0] += 1
    with pytest.raises(IllegalAction, match="totals of the rounds"):
        from_scenario(scenario)


def test_mt_a9_a_position_counts_dry_turns_only_when_nothing_can_be_taken():
    game = table([["3H", "4C"], ["KC", "5S"], ["8H", "9S"]], ["6D"], stock=[], rest="hand:1",
                 dry_turns=2)
    act(game, "pass")
    assert game.over and game.result()["reason"] == "stock_exhausted"
    with pytest.raises(IllegalAction, match="dry_turns"):
        table([["3H", "4C"], ["KC", "5S"]], ["6D"], dry_turns=1)


def test_a_position_refuses_a_drawn_card_outside_the_after_draw_stage():
    with pytest.raises(IllegalAction, match="after_draw"):
        table([["3H", "4C"], ["KC", "5S"]], ["6D"], drawn="4C")
    with pytest.raises(IllegalAction, match="there is no field 'sede'"):
        table([["3H", "4C"], ["KC", "5S"]], ["6D"], sede=1)


# ---- the log: data, and words for every kind --------------------------------------------------


def every_kind_of_entry() -> dict:
    """kind -> one entry of that kind, from seeded sessions with every option."""
    scenario = table([["3C", "4C"], ["KD", "9S"]], ["5H"])
    found = {"position": scenario.log[0]}
    for seed in range(200):
        options = {"jokers": seed % 2 == 0, "session_rounds": 3,
                   "on_stock_empty": "end_round" if seed % 4 == 1 else "reshuffle"}
        game = engine.new_game("matatu", players=2 + seed % 3, seed=seed, options=options)
        play_to_a_random_moment(game, seed, stop=10_000)
        for entry in game.log:
            found.setdefault(entry["kind"], entry)
        if set(found) == KINDS:
            break
    return found


KINDS = {"deal", "position", "played", "cut", "cancelled", "owes", "named", "jumped", "again",
         "reshuffled", "drew", "received", "kept", "passed", "picked_up", "round_over",
         "session_over"}


def test_every_log_entry_kind_is_documented_and_worded():
    from engine.games.matatu import words
    from engine.words import Speaker

    entries = every_kind_of_entry()
    assert set(entries) == KINDS
    for kind, entry in entries.items():
        assert f"``{kind}``" in words.__doc__, kind
        for viewer in (None, 0, 1):
            sentence = words.describe(entry, Speaker(players=3, viewer=viewer))
            assert sentence and sentence.endswith(".") and "?" not in sentence, (kind, sentence)
            assert not re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bNone\b", sentence), sentence


def test_log_words_agree_with_the_reader():
    from engine.games.matatu.words import describe
    from engine.words import Speaker

    you, seat_one = Speaker(players=3, viewer=1), Speaker(players=3, viewer=0)
    owes = {"kind": "owes", "seat": 1, "count": 2}
    assert describe(owes, you) == "You owe two cards."
    assert describe(owes, seat_one) == "Seat 2 owes two cards."
    assert describe({"kind": "jumped", "seat": 1}, you) == "You are jumped."
    assert describe({"kind": "received", "seat": 1, "cards": ["9H", "2C"]}, you) == (
        "You got 9♥ and 2♣.")
    tie = {"kind": "round_over", "round": 1, "reason": "cut", "totals": [14, 14, 26],
           "winners": [0, 1]}
    assert describe(tie, you) == ("Round 1 over. Points: Seat 1 14, Seat 2 14, Seat 3 26."
                                  " Seat 1 and You tie for the lowest total.")
    assert describe(dict(tie, winners=[1]), you).endswith("You win the round.")


def test_a_drawn_card_is_named_only_to_the_seat_that_drew_it():
    """Hidden information: the card drawn, taken by a pass or picked up as a penalty is named
    in an entry only its new holder sees."""
    game = table([["2D", "3C", "4C"], ["KC", "9S"], ["5D", "6D"]], ["5H"],
                 stock=["QS", "JS", "10S", "8C"])
    act(game, "draw")  # seat 1 draws Q♠ and can play nothing: the turn ends
    act(game, "pass")  # seat 2 passes and takes J♠
    play(game, "5D")
    play(game, "2D")  # seat 2 owes two and picks up 10♠ and 8♣
    act(game, "accept")
    private = [e for e in game.log if "only" in e]
    assert [(e["seat"], e["only"], e["cards"]) for e in private] == [
        (0, [0], ["QS"]), (1, [1], ["JS"]), (1, [1], ["10S", "8C"])]
    for seat in (0, 1, 2, None):
        seen = game.view(seat)["log"]
        assert all(entry.get("seat") == seat for entry in seen if entry["kind"] == "received")
        assert all("only" not in entry for entry in seen)


def test_your_hand_s_value_is_in_your_view_only():
    """The points your hand would score (basics.13) are shown while you play: the view of your
    own seat carries them, a spectator's view does not."""
    game = table([["3C", "KD", "AS"], ["KH", "9S"]], ["5H"], stock=["9H"])
    assert game.view(0)["hand_points"] == points(["3C", "KD", "AS"])
    assert game.view(1)["hand_points"] == points(["KH", "9S"])
    assert game.view(None)["hand_points"] is None
