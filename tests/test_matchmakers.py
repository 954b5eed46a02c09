"""Matchmakers rules: every worked example of the rulebook, one test (at least) per ruling
MK-A1..MK-A30, the scoring optimiser against hand-made campsites, views, saves, scenarios,
bots, and seeded random-play simulations of both variants.

Positions are built with ``engine.from_scenario`` through ``table()``. Test names carry the
ruling id (``test_mk_a16_...``) or the rule id (``loser.example`` -> ``test_loser_example``).
In the rulebook's examples players A, B, C, D are seats 0, 1, 2, 3 (teams A+C and B+D).

Matchmakers is not in ``engine.GAMES`` yet (it lands with its UI), so this module registers it
for its own tests only (the ``registered`` fixture), which load_game, replay and from_scenario
need.
"""

import json
import random
from collections import Counter

import pytest

import engine
from engine import IllegalAction, from_scenario
from engine.bots import RandomBot, make_bot
from engine.games.matchmakers import (
    ALL_CARDS,
    ANIMALS,
    GUIDES,
    OPTIONS,
    RULE_VERSIONS,
    BasicBot,
    Matchmakers,
    arrangement_points,
    best_arrangement,
    legal_cards,
    trick_outcome,
)
from engine.rng import SeededRng


def table(hands, *, options=None, seed=0, **position):
    """A scenario game with these hands (one list per seat); see Matchmakers.setup_position."""
    return from_scenario({"game": "matchmakers", "players": len(hands), "seed": seed,
                          "options": dict(options or {}),
                          "position": {"hands": [list(h) for h in hands], **position}})


def trick_of(*plays):
    return [{"seat": seat, "card": card} for seat, card in plays]


def play(game, card, seat=None):
    game.apply({"type": "play", "card": card, "seat": game.to_move if seat is None else seat})


def allowed(game, seat=None) -> list:
    return sorted(a["card"] for a in game.legal_actions(seat) if a["type"] == "play")


def refused(game, action) -> IllegalAction:
    """Apply an action that must be refused; check nothing changed and return the refusal."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert game.to_json() == before
    return caught.value


def places_ok(game):
    places = game.card_locations()
    assert Counter(c for cards in places.values() for c in cards) == Counter(ALL_CARDS)


def straw_of(ups, downs=None):
    """9 stacks [down, up]: ``ups`` on top of ``downs`` (missing entries: no card)."""
    ups = list(ups) + [None] * (9 - len(ups))
    downs = list(downs or []) + [None] * (9 - len(downs or []))
    return [[d, u] for d, u in zip(downs, ups, strict=True)]


def exchange_game(hands, **kw):
    return table(hands, stage="exchange", **kw)


def deal_4p():
    """Four 13-card hands: seat s gets every 4th card of the deck in code order."""
    return [[c for i, c in enumerate(ANIMALS) if i % 4 == s] for s in range(4)]


# ---- components, setup -------------------------------------------------------------------------


def test_components_animals_52_cards_evens_doubled_as_star_and_moon():
    assert len(ANIMALS) == len(set(ANIMALS)) == 52
    red = [c for c in ANIMALS if c[0] == "R"]
    assert red == ["R1", "R2s", "R2m", "R3", "R4s", "R4m", "R5", "R6s", "R6m", "R7", "R8s",
                   "R8m", "R9"]
    assert GUIDES == ("T2", "T4", "T6", "T8") and len(ALL_CARDS) == 56


def test_mk_a1_four_colours_red_blue_green_yellow_in_messages_and_codes():
    assert {c[0] for c in ANIMALS} == {"R", "B", "G", "Y"}
    game = table([["R9"], ["R3", "B1"], ["G1"], ["Y1"]], trick=trick_of((0, "R8s")))
    err = refused(game, {"type": "play", "card": "B1", "seat": 1})
    assert "You must follow red" in err.reason and "red 3 (R3)" in err.reason
    assert err.rule == "tricks.follow"


@pytest.mark.parametrize("players", [1, 3, 5])
def test_overview_players_2_or_4_and_3_is_refused_with_a_reason(players):
    with pytest.raises(IllegalAction) as caught:
        Matchmakers(players=players, seed=1)
    assert "2" in caught.value.reason and "4" in caught.value.reason
    assert Matchmakers(seed=1).players == 4


def test_setup_deal_13_each_guides_in_the_office_mk_a22():
    game = Matchmakers(players=4, seed=3)
    places = game.card_locations()
    assert [len(places[f"hand:{s}"]) for s in range(4)] == [13] * 4
    assert places["office"] == list(GUIDES)
    assert all(places[f"guides:{s}"] == [] for s in range(4))
    assert places["campsite:0"] == places["campsite:1"] == places["discard"] == []
    places_ok(game)


def test_mk_a2_the_dealer_comes_from_the_seed_starts_and_initiates():
    dealers = {Matchmakers(seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    for seed in range(8):
        game = Matchmakers(seed=seed)
        assert game.starter == game.leader == game.dealer
        assert game.exchange[game.team_of(game.dealer)]["initiator"] == game.dealer
        assert game.log[0]["text"] == f"Round 1: Seat {game.dealer + 1} deals and starts."


def test_setup_teams_partners_sit_opposite():
    game = Matchmakers(seed=1)
    assert game.view(0)["teams"] == [[0, 2], [1, 3]]
    assert [game.team_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_twop_setup_8_in_hand_and_9_stacks_face_down_under_face_up():
    game = Matchmakers(players=2, seed=5)
    places = game.card_locations()
    for seat in (0, 1):
        assert len(places[f"hand:{seat}"]) == 8
        assert len(places[f"straw_up:{seat}"]) == len(places[f"straw_down:{seat}"]) == 9
    places_ok(game)
    assert game.stage == "play" and game.exchange is None  # MK-A7


def test_twop_count_nobody_sees_face_down_straw_cards_not_even_the_owner():
    game = Matchmakers(players=2, seed=5)
    downs = [d for stacks in game.straw for d, _ in stacks]
    for seat in (None, 0, 1):
        view = game.view(seat)
        text = json.dumps(view)
        assert not any(f'"{card}"' in text for card in downs)
        assert all(stack["down"] is True for stack in view["straw"][0])
        assert [stack["up"] for stack in view["straw"][1]] == [u for _, u in game.straw[1]]


# ---- the exchange ------------------------------------------------------------------------------


def test_exchange_example_8_red_5_red_2_blue_partner_returns_2_red_and_1_blue_mk_a3():
    hands = [["R8s", "R5", "B2s"] + [c for c in ANIMALS if c[0] == "Y"][:10],
             [c for c in ANIMALS if c[0] == "Y"][10:] + [c for c in ANIMALS if c[0] == "G"][:10],
             ["R1", "R3", "B1", "B3", "G9"] + [c for c in ANIMALS if c[0] == "B"][5:13],
             []]
    used = {c for h in hands for c in h}
    hands[3] = [c for c in ANIMALS if c not in used]
    game = exchange_game(hands, starter=0)
    assert game.pending == [0, 1]  # MK-A6: both teams at once
    for card in ("R8s", "R5", "B2s"):
        game.apply({"type": "give", "card": card, "seat": 0})
    assert "R8s" in game.hands[2] and "R8s" not in game.hands[0]
    assert game.pending == [1, 2]
    returnable = {a["card"] for a in game.legal_actions(2) if a["type"] == "return"}
    assert {c[0] for c in returnable} == {"R", "B"}  # green cannot go back
    game.apply({"type": "return", "card": "B1", "seat": 2})
    # one blue given, one blue picked: no more blue, still two red
    returnable = {a["card"] for a in game.legal_actions(2) if a["type"] == "return"}
    assert {c[0] for c in returnable} == {"R"}
    err = refused(game, {"type": "return", "card": "B3", "seat": 2})
    assert "MK-A3" in err.reason and "2 red" in err.reason and err.rule == "MK-A3"
    err = refused(game, {"type": "return", "card": "G9", "seat": 2})
    assert "no more green" in err.reason
    game.apply({"type": "return", "card": "R1", "seat": 2})
    game.apply({"type": "return", "card": "R8s", "seat": 2})  # a received card may go back
    assert {"R1", "B1", "R8s"} <= set(game.hands[0]) and "R5" in game.hands[2]
    assert game.exchange[0]["returned"] == ["B1", "R1", "R8s"]
    places_ok(game)


def test_exchange_note_a_colour_not_held_comes_back_as_the_exact_card_mk_a5():
    hands = deal_4p()
    # seat 2 holds no yellow: give it a yellow card from seat 0
    yellow2 = [c for c in hands[2] if c[0] == "Y"]
    hands[2] = [c for c in hands[2] if c[0] != "Y"]
    hands[1] += yellow2
    moved = [c for c in hands[1] if c[0] == "G"][:len(yellow2)]
    hands[1] = [c for c in hands[1] if c not in moved]
    hands[2] += moved
    game = exchange_game(hands, starter=0)
    yellow = next(c for c in game.hands[0] if c[0] == "Y")
    others = [c for c in game.hands[0] if c[0] == "R"][:2]
    for card in [yellow] + others:
        game.apply({"type": "give", "card": card, "seat": 0})
    yellows = [a["card"] for a in game.legal_actions(2) if a["card"][0] == "Y"]
    assert yellows == [yellow]


def test_mk_a5_the_received_cards_can_always_be_returned():
    rng = SeededRng(4)
    for _ in range(30):
        game = Matchmakers(seed=rng.randbelow(10_000))
        for team in (0, 1):
            giver = game.exchange[team]["initiator"]
            picks = list(game.hands[giver])
            rng.shuffle(picks)
            for card in picks[:3]:
                game.apply({"type": "give", "card": card, "seat": giver})
            partner = (giver + 2) % 4
            for card in picks[:3]:
                game.apply({"type": "return", "card": card, "seat": partner})
        assert game.stage == "play"


def test_mk_a4_seat_rule_starter_and_left_hand_neighbour_initiate():
    game = exchange_game(deal_4p(), starter=3, dealer=3)
    assert game.exchange[1]["initiator"] == 3 and game.exchange[0]["initiator"] == 0
    assert game.pending == [0, 3]
    err = refused(game, {"type": "give", "card": game.hands[2][0], "seat": 2})
    assert "not seat 3's turn" in err.reason


def test_mk_a4_team_choice_the_first_member_to_pick_initiates():
    game = exchange_game(deal_4p(), starter=0, options={"exchange_initiator": "team_choice"})
    assert game.exchange[0]["initiator"] == 0  # the starter still initiates
    assert game.exchange[1]["initiator"] is None and game.pending == [0, 1, 3]
    game.apply({"type": "give", "card": game.hands[3][0], "seat": 3})
    assert game.exchange[1]["initiator"] == 3 and game.pending == [0, 3]
    game.apply({"type": "undo_give", "card": game.exchange[1]["picked"][0], "seat": 3})
    assert game.exchange[1]["initiator"] == 3  # the choice stays, the card comes back
    assert game.view(1)["exchange"]["mine"]["role"] is None


def test_mk_a6_the_teams_exchange_independently_in_any_order():
    def finish(game, team):
        giver = game.exchange[team]["initiator"]
        cards = game.hands[giver][:3]
        for card in cards:
            game.apply({"type": "give", "card": card, "seat": giver})
        for card in cards:
            game.apply({"type": "return", "card": card, "seat": (giver + 2) % 4})

    a, b = exchange_game(deal_4p(), starter=0), exchange_game(deal_4p(), starter=0)
    finish(a, 0)
    finish(a, 1)
    finish(b, 1)
    assert b.stage == "exchange" and b.pending == [0]
    finish(b, 0)
    assert a.hands == b.hands and a.stage == b.stage == "play" and a.to_move == 0
    assert a.legal_actions(0)[0]["type"] == "play"


def test_exchange_give_picks_one_by_one_and_undo_before_the_third():
    game = exchange_game(deal_4p(), starter=0)
    first, second, third = game.hands[0][:3]
    game.apply({"type": "give", "card": first, "seat": 0})
    game.apply({"type": "give", "card": second, "seat": 0})
    assert {"type": "undo_give", "card": first, "seat": 0} in game.legal_actions(0)
    assert game.view(0)["exchange"]["mine"]["picked"] == [first, second]
    game.apply({"type": "undo_give", "card": first, "seat": 0})
    assert game.exchange[0]["picked"] == [second] and first in game.hands[0]
    game.apply({"type": "give", "card": first, "seat": 0})
    game.apply({"type": "give", "card": third, "seat": 0})
    assert game.exchange[0]["given"] == [second, first, third]
    err = refused(game, {"type": "undo_give", "card": first, "seat": 0})
    assert "not seat 1's turn" in err.reason  # passed: seat 0 is done
    assert len(game.legal_actions(0)) == 0


def test_exchange_cards_stay_hidden_until_passed_and_from_opponents_for_good():
    game = exchange_game(deal_4p(), starter=0)
    picks = game.hands[0][:2]
    for card in picks:
        game.apply({"type": "give", "card": card, "seat": 0})
    for seat in (None, 1, 2, 3):
        text = json.dumps(game.view(seat))
        assert not any(f'"{card}"' in text for card in picks), seat
    third = game.hands[0][2]
    game.apply({"type": "give", "card": third, "seat": 0})
    given = picks + [third]
    partner = game.view(2)
    assert set(partner["exchange"]["mine"]["received"]) == set(given)
    assert partner["exchange"]["mine"]["colours"]["R"] == sum(c[0] == "R" for c in given)
    giver = game.view(0)
    assert giver["exchange"]["mine"]["colours"] == partner["exchange"]["mine"]["colours"]
    for seat in (None, 0, 1, 3):  # the giver knows them, but they are in another hand now
        text = json.dumps(game.view(seat))
        assert not any(f'"{card}"' in text for card in given), seat
    assert game.view(1)["exchange"]["mine"]["colours"] is None
    log = json.dumps(game.log)
    assert not any(card in log for card in given)
    assert game.log[-1]["text"] == "Seat 1 gives 3 cards face down to Seat 3."


def test_mk_a7_no_exchange_with_two_players():
    game = Matchmakers(players=2, seed=8)
    assert game.stage == "play" and game.legal_actions()[0]["type"] == "play"
    err = refused(game, {"type": "give", "card": game.hands[game.to_move][0]})
    assert "play a card" in err.reason


def test_exchange_refusals_name_the_rule():
    game = exchange_game(deal_4p(), starter=0)
    err = refused(game, {"type": "return", "card": game.hands[2][0], "seat": 2})
    assert "not seat 3's turn" in err.reason
    err = refused(game, {"type": "give", "card": game.hands[1][0], "seat": 0})
    assert "You do not hold" in err.reason
    err = refused(game, {"type": "give", "card": "T4", "seat": 0})
    assert "guides are never exchanged" in err.reason and err.rule == "MK-A6"
    err = refused(game, {"type": "play", "card": game.hands[0][0], "seat": 0})
    assert "exchanging cards" in err.reason and err.rule == "exchange.give"


# ---- tricks: following, guides ------------------------------------------------------------------


def test_tricks_follow_lead_colour_if_possible_else_anything():
    game = table([["R9"], ["R3", "B1", "G9"], ["G1"], ["Y1"]], trick=trick_of((0, "R8s")))
    assert allowed(game) == ["R3"]
    game = table([["R9"], ["B1", "G9"], ["G1"], ["Y1"]], trick=trick_of((0, "R8s")))
    assert allowed(game) == ["B1", "G9"]


def test_legal_cards_function_follows_and_always_offers_guides():
    assert legal_cards(["R1", "B2s"], ["T6"], [(0, "B9")]) == ["B2s", "T6"]
    assert legal_cards(["R1", "G2s"], [], [(0, "B9")]) == ["R1", "G2s"]
    assert legal_cards(["R1"], ["T2"], []) == ["R1", "T2"]


def test_mk_a8_a_held_guide_may_be_played_instead_even_when_able_to_follow_or_to_lead():
    game = table([["R8s", "B1"], ["R3", "B2s"], ["G1"], ["Y1"]],
                 guides=[["T2"], ["T6"], [], []], trick=trick_of())
    assert allowed(game) == ["B1", "R8s", "T2"]  # the lead
    play(game, "R8s")
    assert allowed(game) == ["R3", "T6"]
    err = refused(game, {"type": "play", "card": "T2", "seat": 1})
    assert "guide you hold" in err.reason and err.rule == "MK-A8"
    play(game, "T6")
    assert game.guides[1] == [] and game.trick[-1] == [1, "T6"]


def test_mk_a9_guide_led_the_first_animal_sets_the_lead_colour():
    game = table([["R8s", "B1"], ["R3", "B2s"], ["G1", "B5"], ["Y1"]],
                 guides=[["T2", "T4"], [], [], []])
    play(game, "T2")
    assert game.view(0)["lead_colour"] is None and allowed(game) == ["B2s", "R3"]
    play(game, "B2s")
    assert game.view(0)["lead_colour"] == "B" and allowed(game) == ["B5"]


def test_mk_a9_after_two_guides_the_third_player_is_still_free():
    game = table([["R8s", "B1"], ["R3", "B2s"], ["G1", "B5"], ["Y1"]],
                 guides=[["T2"], ["T4"], [], []])
    play(game, "T2")
    play(game, "T4")
    assert allowed(game) == ["B5", "G1"]


def test_mk_a10_the_highest_guide_wins_or_the_first_played_by_option():
    trick = [(0, "R5"), (1, "T4"), (2, "T8"), (3, "R9")]
    assert trick_outcome(trick) == (2, 0)
    assert trick_outcome(trick, "first_played") == (1, 0)
    assert trick_outcome([(0, "T2"), (1, "R1"), (2, "R9"), (3, "G9")]) == (0, 3)


def test_winner_no_trump_highest_of_the_lead_colour_wins():
    assert trick_outcome([(0, "B2s"), (1, "R9"), (2, "B7"), (3, "B3")]) == (2, 1)


@pytest.mark.parametrize("trick, loser", [
    ([(0, "R8s"), (1, "R2s"), (2, "G4s"), (3, "B4s")], 2),  # loser.example: first of equals
    ([(0, "R8s"), (1, "R2s"), (2, "R4s"), (3, "R6s")], 1),  # loser.followed: lowest
    ([(0, "R1"), (1, "G9"), (2, "R4s"), (3, "R6s")], 1),    # loser.offsuit: off-suit 9 < red 1
    ([(0, "R5"), (1, "G7"), (2, "B3"), (3, "Y3")], 2),      # off-suit values, colour ignored
    ([(0, "T2"), (1, "R9"), (2, "T4"), (3, "R8s")], 3),     # MK-A11: guides never the weakest
    ([(0, "T2"), (1, "T4"), (2, "T6"), (3, "T8")], None),   # guides only: no loser
])
def test_mk_a11_the_weakest_card(trick, loser):
    _, index = trick_outcome(trick)
    assert (None if index is None else trick[index][0]) == loser


# ---- the rulebook's examples ------------------------------------------------------------------


def loser_example():
    """loser.example: A (0) leads red 8, B (1) red 2, C (2) green 4, D (3) blue 4; A holds T4."""
    return table([["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]],
                 starter=0, guides=[["T4"], [], [], []],
                 trick=trick_of((0, "R8s"), (1, "R2s")))


def test_loser_example_c_may_take_the_4_guide_owned_by_partner_a_mk_a12():
    game = loser_example()
    assert allowed(game) == ["B5", "G4s", "Y1"]  # C has no red
    play(game, "G4s")
    play(game, "B4s")
    assert game.stage == "claim" and game.pending == [2]
    assert game.legal_actions(2) == [
        {"type": "claim_guide", "guide": "T4", "from": 0, "seat": 2},
        {"type": "decline_guide", "seat": 2}]
    view = game.view(2)["resolution"]
    assert view["loser"] == 2 and view["winner"] == 0 and view["weakest"] == "G4s"
    game.apply({"type": "claim_guide", "guide": "T4", "from": 0, "seat": 2})
    assert game.guides == [[], [], ["T4"], []]
    assert game.log[-1]["text"] == "Seat 3 recruits the guide 4 from Seat 1."


def test_winner_example_a_wins_with_red_8_and_collects_partner_cs_green_4_mk_a14():
    game = loser_example()
    play(game, "G4s")
    play(game, "B4s")
    game.apply({"type": "decline_guide", "seat": 2})
    assert game.stage == "collect" and game.pending == [0]
    assert sorted(a["card"] for a in game.legal_actions(0)) == ["B4s", "G4s", "R2s"]
    err = refused(game, {"type": "collect", "card": "R8s", "seat": 0})
    assert "own card" in err.reason and err.rule == "winner.collect"
    game.apply({"type": "collect", "card": "G4s", "seat": 0})
    assert game.campsites == [["G4s"], []]
    assert game.discard[-3:] == ["R8s", "R2s", "B4s"]
    assert game.trick == [] and game.leader == 0 and game.to_move == 0  # winner leads
    places_ok(game)


def test_trumps_example_9_red_4_red_guide_8_and_green_3():
    # 0 leads red 9, 1 follows red 4, 2 holds red but plays the 8 guide, 3 has no red: green 3
    game = table([["B1"], ["B2s"], ["R1", "B3"], ["G3", "B5"]], starter=0,
                 guides=[[], [], ["T8"], []], trick=trick_of((0, "R9"), (1, "R4s")))
    assert allowed(game) == ["R1", "T8"]
    play(game, "T8")
    assert allowed(game) == ["B5", "G3"]
    play(game, "G3")
    # loser: the green 3 (off-suit); 3 is not a guide value, so no claim: the winner collects
    assert game.stage == "collect" and game.pending == [2]
    assert game.log[-1]["text"] == ("Seat 3 wins the trick; Seat 4 played the weakest card,"
                                    " the green 3.")
    game.apply({"type": "collect", "card": "R4s", "seat": 2})
    assert game.campsites[0] == ["R4s"] and "T8" in game.office
    assert game.discard[-2:] == ["R9", "G3"]
    assert game.last_trick["winner"] == 2 and game.last_trick["loser"] == 3
    places_ok(game)


# ---- claims and collections --------------------------------------------------------------------


def test_mk_a12_the_claim_is_optional_and_only_for_a_2_4_6_or_8():
    game = loser_example()
    play(game, "G4s")
    play(game, "B4s")
    game.apply({"type": "decline_guide", "seat": 2})
    assert game.guides[0] == ["T4"] and game.stage == "collect"
    assert game.log[-1]["text"] == "Seat 3 lets the guide 4 be."
    # a weakest 5: nothing to claim
    game = table([["R9", "B1"], ["R3"], ["B2s"], ["B3"]], trick=trick_of((0, "R8s")))
    play(game, "R3")
    play(game, "B2s")  # off-suit 2 is the weakest so far
    play(game, "B3")
    assert game.stage == "claim"
    assert game.resolution["claim"] == {"guide": "T2", "from": "office"}


def test_mk_a12_steal_from_an_opponent_and_nothing_for_a_loser_who_holds_it():
    game = table([["R9"], ["R2s", "B1"], ["R3"], ["R4s"]], guides=[[], [], ["T2"], []],
                 trick=trick_of((0, "R8s")))
    play(game, "R2s")
    play(game, "R3")
    play(game, "R4s")
    assert game.resolution["claim"] == {"guide": "T2", "from": 2}
    game.apply({"type": "claim_guide", "guide": "T2", "from": 2, "seat": 1})
    assert game.guides[1] == ["T2"] and game.guides[2] == []
    held = table([["R9"], ["R2s", "B1"], ["R3"], ["R4s"]], guides=[[], ["T2"], [], []],
                 trick=trick_of((0, "R8s")))
    play(held, "R2s")
    play(held, "R3")
    play(held, "R4s")
    assert held.stage == "collect"
    assert "Seat 2 already holds the guide 2 (MK-A12)." in [e["text"] for e in held.log]


def test_loser_claim_refusals_name_the_guide_and_where_it_is():
    game = loser_example()
    play(game, "G4s")
    play(game, "B4s")
    err = refused(game, {"type": "claim_guide", "guide": "T8", "from": "office", "seat": 2})
    assert "only the guide 4" in err.reason and err.rule == "loser.claim"
    err = refused(game, {"type": "claim_guide", "guide": "T4", "from": "office", "seat": 2})
    assert "is with Seat 1" in err.reason and err.rule == "loser.steal"
    err = refused(game, {"type": "play", "card": "Y1", "seat": 2})
    assert "claim a guide" in err.reason


def test_mk_a13_a_guide_played_in_this_trick_can_be_claimed_at_its_end():
    hands = [["R9"], ["R2s", "B1"], ["R3"], ["R5"]]
    game = table(hands, guides=[[], [], [], ["T2"]], trick=trick_of((0, "R8s")))
    play(game, "R2s")
    play(game, "R3")
    play(game, "T2")
    assert "T2" in game.office and game.resolution["claim"] == {"guide": "T2", "from": "office"}
    game.apply({"type": "claim_guide", "guide": "T2", "from": "office", "seat": 1})
    assert game.guides[1] == ["T2"]
    off = table(hands, guides=[[], [], [], ["T2"]], trick=trick_of((0, "R8s")),
                options={"claim_trump_played_this_trick": False})
    play(off, "R2s")
    play(off, "R3")
    play(off, "T2")
    assert off.stage == "collect" and "T2" in off.office
    assert any("cannot be claimed" in e["text"] for e in off.log)


def test_mk_a14_collecting_is_mandatory_partner_cards_allowed_guides_never():
    game = table([["R9"], ["R2s", "B1"], ["R3"], ["R5"]], guides=[[], [], [], ["T6"]],
                 trick=trick_of((0, "R8s")))
    play(game, "R2s")
    play(game, "R3")
    play(game, "T6")
    game.apply({"type": "decline_guide", "seat": 1})
    # winner seat 3 (guide): R8s, R2s, R3 are all collectable, its own guide is not
    assert sorted(a["card"] for a in game.legal_actions(3)) == ["R2s", "R3", "R8s"]
    assert not any(a["type"] == "decline_guide" for a in game.legal_actions(3))
    err = refused(game, {"type": "collect", "card": "T6", "seat": 3})
    assert "Guides never go to a campsite" in err.reason


def test_mk_a14_a_single_collectable_card_is_taken_at_once():
    game = table([["R1"], ["B1"], ["R3"], ["R5"]], guides=[[], ["T2"], ["T4"], ["T6"]],
                 trick=trick_of((0, "R9")))
    play(game, "T2")
    play(game, "T4")
    play(game, "T6")
    # the red 9 is the weakest (no guide value) and the only card seat 3 may take
    assert game.stage == "play" and game.campsites[1] == ["R9"] and game.leader == 3
    assert "(the only card allowed)" in game.log[-1]["text"]
    assert sorted(game.office) == sorted(GUIDES)


def test_mk_a15_four_guides_the_trick_is_discarded_and_the_t8_player_leads():
    hands = [["R9"], ["B1"], ["R3"], ["R5"]]
    guides = [["T4"], ["T8"], ["T2"], ["T6"]]
    game = table(hands, guides=guides)
    for card in ("T4", "T8", "T2", "T6"):
        play(game, card)
    assert sorted(game.office) == sorted(GUIDES) and game.campsites == [[], []]
    assert game.discard == [c for c in ANIMALS if c not in {"R9", "B1", "R3", "R5"}]
    assert game.leader == 1 and game.stage == "play" and game.to_move == 1
    assert "just discarded" in game.log[-1]["text"]
    same = table(hands, guides=guides, options={"all_trumps_next_leader": "same_leader"})
    for card in ("T4", "T8", "T2", "T6"):
        play(same, card)
    assert same.leader == 0


# ---- matchmaking -------------------------------------------------------------------------------


def test_mk_a16_matchmaking_example():
    # seat 0 leads blue 4★, seat 1 plays the 6 guide, seat 2 plays its blue 4☾: Matchmaking
    game = table([["R9", "B1"], ["R8m", "G1"], ["B4m", "Y2s"], ["R5", "Y3"]],
                 guides=[[], ["T6"], [], []], trick=trick_of((0, "B4s")))
    play(game, "T6")
    play(game, "B4m")
    assert game.stage == "play" and game.trick == []
    assert game.discard[-2:] == ["B4s", "B4m"] and "T6" in game.office
    assert game.campsites == [[], []]  # MK-A23: nothing to a campsite
    assert game.leader == 2 and game.to_move == 2  # the matchmaker leads
    assert game.hands[3] == ["R5", "Y3"]  # seat 3 never played: it keeps its cards
    assert game.last_trick["matchmaking"] is True and game.last_trick["winner"] is None
    assert game.log[-1]["text"].startswith("Matchmaking! The blue 4★ and the blue 4☾")
    places_ok(game)


def test_mk_a16_other_cards_go_to_their_players_team_campsite_guides_to_the_office():
    # 0 leads red 8★, 1 plays the 2 guide, 2 the red 6★, 3 the red 8☾: Matchmaking
    game = table([["R9"], ["B1"], ["R3"], ["R8m", "Y1"]],
                 trick=trick_of((0, "R8s"), (1, "T2"), (2, "R6s")))
    play(game, "R8m")
    assert game.campsites == [["R6s"], []] and "T2" in game.office
    assert game.discard[-2:] == ["R8s", "R8m"]
    assert game.stage == "play" and game.resolution is None and game.leader == 3
    assert game.guides == [[], [], [], []]  # no claim: there is no loser


def test_mk_a16_matched_card_can_be_any_card_of_the_trick_and_players_keep_cards():
    game = table([["R9", "B1"], ["R2m", "G1"], ["G2s", "Y1"], ["G6m", "Y3"]],
                 trick=trick_of((0, "R8s"), (1, "R2s"), (2, "G6s")))
    play(game, "G6m")  # seat 3 has no red; its green 6☾ matches seat 2's off-suit green 6★
    assert game.campsites == [["R8s"], ["R2s"]]  # seat 0 -> team 0, seat 1 -> team 1
    assert game.discard[-2:] == ["G6s", "G6m"] and game.stage == "play"
    assert game.leader == 3 and game.hands[3] == ["Y3"]


def test_mk_a16_a_twin_must_still_be_a_legal_play():
    game = table([["R9", "B1"], ["R3", "G2m"], ["G1"], ["Y1"]], trick=trick_of((0, "G2s")))
    assert allowed(game) == ["G2m"]  # following green makes the match
    game = table([["B1", "Y5"], ["R3", "G2m"], ["G1"], ["Y1"]], starter=3,
                 trick=trick_of((3, "R1"), (0, "G2s")))
    assert allowed(game) == ["R3"]  # must follow red: the green twin cannot match
    err = refused(game, {"type": "play", "card": "G2m", "seat": 1})
    assert "You must follow red" in err.reason


def test_mk_a16_self_matchmaking_with_two_players_and_its_option():
    hands = [["R2m", "R9", "B1"], ["B3", "G1"]]
    straws = [straw_of(["Y1", "Y3"]), straw_of(["G3", "G5"])]
    game = table(hands, straw=straws, trick=trick_of((0, "R2s"), (1, "R3")))
    play(game, "R2m")  # seat 0's second card matches its own first card
    assert game.trick == [] and game.discard[-2:] == ["R2s", "R2m"]
    assert game.campsites == [[], ["R3"]] and game.leader == 0
    off = table(hands, straw=straws, trick=trick_of((0, "R2s"), (1, "R3")),
                options={"allow_self_matchmaking": False})
    play(off, "R2m")
    assert off.trick == [[0, "R2s"], [1, "R3"], [0, "R2m"]]
    play(off, "G1")  # seat 1 has no red left
    # red 3 wins; the green 1 is the weakest; seat 1 collects one of seat 0's twins
    assert off.stage == "collect" and off.resolution["winner"] == 1
    assert sorted(a["card"] for a in off.legal_actions(1)) == ["R2m", "R2s"]


# ---- round end, scoring ---------------------------------------------------------------------


def test_mk_a17_the_trick_that_empties_a_hand_is_completed_then_the_round_ends():
    # seat 1 plays its last card first; seats 2, 3 still play; then scoring
    game = table([["R9", "B5"], [], ["R3", "G1"], ["R4s", "Y1"]], starter=0,
                 guides=[[], [], [], ["T8"]], trick=trick_of((0, "R8s"), (1, "R2s")),
                 campsites=[["G7"], []])
    assert game.hands[1] == []
    play(game, "R3")
    assert game.stage == "play" and game.to_move == 3
    play(game, "R4s")
    # loser R2s (seat 1): claim T2 from the office, winner seat 0 collects
    game.apply({"type": "decline_guide", "seat": 1})
    game.apply({"type": "collect", "card": "R4s", "seat": 0})
    assert game.round == 2 and len(game.score_rows) == 1
    row = game.score_rows[0]
    # team 0: G7 and R4s unmatched: -11; team 1: nothing, and seat 3's T8: -16
    assert row["points"] == [-11, -16] and row["penalties"] == [0, -16]
    assert row["guides"] == [[], ["T8"]]


def test_scoring_trumps_note_a_player_out_of_cards_still_holding_guides_pays_for_them():
    game = table([["R9"], ["B1"], ["R3"], ["R5"]], guides=[[], ["T2", "T6"], [], []],
                 trick=trick_of((0, "R8s")))
    play(game, "B1")  # seat 1's last card (it could have played a guide instead)
    play(game, "R3")
    play(game, "R5")
    game.apply({"type": "collect", "card": "B1", "seat": 0})
    # every hand is empty: seat 1's guides can no longer be played and cost 2 x (2 + 6)
    assert game.round == 2 and game.score_rows[0]["penalties"] == [0, -16]
    assert game.score_rows[0]["points"] == [-1, -16]


def test_mk_a18_five_eights_make_a_couple_and_buddies():
    result = best_arrangement(["R8s", "R8m", "B8s", "G8s", "Y8s"])
    assert result["points"] == 40 and result["unmatched"] == []
    kinds = sorted((s["kind"], tuple(s["cards"])) for s in result["sets"])
    assert kinds == [("buddies", ("B8s", "G8s", "Y8s")), ("couple", ("R8s", "R8m"))]


def test_mk_a18_four_odd_values_of_distinct_colours_are_one_buddies():
    result = best_arrangement(["R7", "B7", "G7", "Y7"])
    assert result == {"sets": [{"kind": "buddies", "cards": ["R7", "B7", "G7", "Y7"],
                                "points": 28}], "unmatched": [], "points": 28}


def test_mk_a18_twins_plus_buddies_and_leftovers_score_minus_their_value():
    cards = ["R2s", "R2m", "B5", "G5", "Y5", "R9", "B9", "G4s"]
    result = best_arrangement(cards)
    assert result["points"] == 4 + 15 - 9 - 9 - 4
    assert result["unmatched"] == ["R9", "B9", "G4s"]  # in code order


@pytest.mark.parametrize("cards, points", [
    ([], 0),
    (["R1"], -1),
    (["R1", "B1"], -2),                                       # two colours: no buddies
    (["R1", "B1", "G1"], 3),
    (["R3", "R1", "B1"], -5),                                  # different values never mix
    (["R4s", "R4m", "B4s", "B4m"], 16),                        # two couples
    (["R6s", "R6m", "B6s", "G6s"], 12),                        # buddies R B G, R6m left
    (["R6s", "R6m", "B6s", "B6m", "G6s", "G6m"], 36),          # three couples (or 2 buddies)
    (["R2s", "R2m", "B2s", "B2m", "G2s", "G2m", "Y2s", "Y2m"], 16),  # all eight 2s
    (["R8s", "B8s", "G8s", "R8m", "B8m", "Y8s"], 48),          # two buddies of 3
    (["R4s", "B4s", "G4s", "Y4s", "R4m"], 20),                 # couple + buddies B G Y
    (["R4s", "R4m", "B4s"], 4),                                # couple, B4 alone
    (["R5", "B5", "G5", "Y5", "R7", "R9"], 20 - 16),
])
def test_mk_a18_optimiser_against_hand_made_campsites(cards, points):
    result = best_arrangement(cards)
    assert result["points"] == points == arrangement_points(cards)
    used = [c for s in result["sets"] for c in s["cards"]]
    assert sorted(used + result["unmatched"]) == sorted(cards)
    for s in result["sets"]:
        values = {int(c[1]) for c in s["cards"]}
        assert len(values) == 1
        if s["kind"] == "couple":
            assert len(s["cards"]) == 2 and s["cards"][0][0] == s["cards"][1][0]
        else:
            assert 3 <= len(s["cards"]) <= 4 and len({c[0] for c in s["cards"]}) == len(
                s["cards"])


def test_mk_a18_optimiser_is_the_best_over_every_arrangement_by_brute_force():
    from itertools import product
    rng = SeededRng(18)
    evens = [c for c in ANIMALS if c[1] == "6"]

    def brute(cards):
        best = -999
        for groups in product(range(4), repeat=len(cards)):  # 0 = unmatched, 1..3 = set id
            ok = True
            score = 0
            for g in (1, 2, 3):
                members = [c for c, k in zip(cards, groups, strict=True) if k == g]
                if not members:
                    continue
                colours = [c[0] for c in members]
                couple = len(members) == 2 and colours[0] == colours[1]
                buddies = 3 <= len(members) <= 4 and len(set(colours)) == len(members)
                if not (couple or buddies):
                    ok = False
                    break
            if ok:
                score = sum(6 if k else -6 for k in groups)
                best = max(best, score)
        return best

    for _ in range(40):
        cards = [c for c in evens if rng.randbelow(2)]
        if len(cards) <= 7:
            assert best_arrangement(cards)["points"] == brute(cards), cards
    with pytest.raises(ValueError):
        best_arrangement(["T4"])


def test_mk_a18_campsites_in_the_view_carry_their_best_arrangement():
    game = table([["R9"], ["B1"], ["R3"], ["R5"]], campsites=[["R7", "B7", "G7"], ["Y1"]])
    camp = game.view(1)["campsites"]
    assert camp[0]["cards"] == ["R7", "B7", "G7"] and camp[0]["arrangement"]["points"] == 21
    assert camp[1]["arrangement"] == {"sets": [], "unmatched": ["Y1"], "points": -1}


def test_mk_a30_cards_left_in_hand_are_not_scored():
    game = table([["R9", "B9", "G9"], ["B1"], ["R3"], ["R5"]], trick=trick_of((0, "R8s")),
                 campsites=[[], []])
    play(game, "B1")
    play(game, "R3")
    play(game, "R5")
    game.apply({"type": "collect", "card": "R5", "seat": 0})
    row = game.score_rows[0]
    assert row["points"] == [-5, 0]  # R9, B9, G9 still in seat 0's hand count for nothing


def _last_trick_game(round_number, scores, starter, campsites, options=None, guides=None):
    """Round ``round_number`` with one red card each: the starter leads the red 1 (the
    weakest, no guide value), the next seat wins with the red 9 and collects the red 1 for
    its team (-1), and the round ends."""
    hands = [None] * 4
    for step, card in enumerate(("R1", "R9", "R3", "R5")):
        hands[(starter + step) % 4] = [card]
    return table(hands, round=round_number, scores=scores, starter=starter,
                 campsites=campsites, options=options, guides=guides or [[], [], [], []])


def _play_out_trick(game):
    for _ in range(4):
        play(game, game.hands[game.to_move][0])
    game.apply({"type": "collect", "card": "R1", "seat": game.pending[0]})


def test_mk_a20_a_difference_of_30_ends_the_game_after_round_1():
    game = _last_trick_game(1, [0, 0], 0, [["R7", "B7", "G7", "Y7", "R6s", "R6m"], []])
    _play_out_trick(game)
    # team 0: 28 + 12 = 40; team 1 collects the red 1: -1; difference 41
    assert game.over and game.result()["reason"] == "margin"
    assert game.result()["team_scores"] == [40, -1]
    assert game.result()["winners"] == [0, 2] and game.result()["scores"] == [40, -1, 40, -1]


def test_mk_a20_exactly_30_is_enough_and_29_is_not():
    camp = [["Y9", "B9", "G9", "Y1", "B1", "G1"], []]
    game = _last_trick_game(2, [0, 0], 0, camp)
    _play_out_trick(game)  # team 0: 27 + 3 = 30; team 1 collects R1: -1; difference 31
    assert game.over
    game = _last_trick_game(2, [0, 2], 0, camp)
    _play_out_trick(game)  # totals 30 and 1: difference 29, round 3 follows
    assert not game.over and game.round == 3
    game = _last_trick_game(2, [0, 1], 0, camp)
    _play_out_trick(game)  # totals 30 and 0: exactly 30 ends it
    assert game.over and game.result()["team_scores"] == [30, 0]


def test_mk_a20_after_three_rounds_the_higher_total_wins_and_a_tie_is_shared():
    game = _last_trick_game(3, [10, 5], 0, [[], []])
    _play_out_trick(game)  # team 1 collects the red 1: 10 and 4
    assert game.over and game.result()["winners"] == [0, 2]
    assert game.result()["reason"] == "rounds"
    game = _last_trick_game(3, [4, 5], 0, [[], []])
    _play_out_trick(game)  # 4 and 4
    assert game.result()["winners"] == [0, 1, 2, 3] and game.result()["winning_teams"] == [0, 1]
    assert game.log[-1]["text"] == "Game over: the totals are equal, the victory is shared."
    assert game.legal_actions() == [] and game.to_move is None
    err = refused(game, {"type": "play", "card": "Y3", "seat": 1})
    assert "The game is over" in err.reason


@pytest.mark.parametrize("starter, scores, expected", [
    (0, [20, 0], 2),   # team 0 leads: clockwise from 0, the previous starter not eligible
    (0, [0, 20], 1),   # team 1 leads: seat 1
    (1, [0, 20], 3),
    (1, [20, 0], 2),
    (3, [20, 0], 0),
    (0, [5, 5], 1),    # equal totals: the next player clockwise
    (3, [5, 5], 0),
])
def test_mk_a19_the_starter_of_the_next_round(starter, scores, expected):
    # the winner (starter + 1) collects the red 1 for its team: -1 to that team
    game = _last_trick_game(2, scores_after_minus_one(scores, (starter + 1) % 2), starter,
                            [[], []])
    _play_out_trick(game)
    assert game.round == 3 and game.totals == scores
    assert game.starter == expected and game.leader == expected
    assert game.exchange[game.team_of(expected)]["initiator"] == expected  # end.next


def scores_after_minus_one(scores, team):
    out = list(scores)
    out[team] += 1
    return out


def test_mk_a19_team_choice_the_leading_team_names_its_starter():
    game = _last_trick_game(2, [21, 0], 0, [[], []], options={"next_starter": "team_choice"})
    _play_out_trick(game)
    assert game.round == 3 and game.stage == "start" and game.pending == [0, 2]
    assert game.legal_actions(2) == [{"type": "start", "seat": 2}]
    err = refused(game, {"type": "give", "card": game.hands[2][0], "seat": 2})
    assert "who starts" in err.reason
    game.apply({"type": "start", "seat": 2})
    assert game.starter == game.leader == 2 and game.stage == "exchange"
    assert game.exchange[0]["initiator"] == 2 and game.exchange[1]["initiator"] == 3


def test_mk_a22_between_rounds_guides_return_and_campsites_are_cleared():
    game = _last_trick_game(1, [0, 0], 0, [["G7"], ["B7"]], guides=[[], [], ["T4"], ["T8"]])
    _play_out_trick(game)
    assert game.round == 2
    assert game.score_rows[0]["penalties"] == [-8, -16]
    assert sorted(game.office) == sorted(GUIDES) and game.guides == [[], [], [], []]
    assert game.campsites == [[], []] and game.discard == []
    assert [len(h) for h in game.hands] == [13] * 4
    places_ok(game)


def test_mk_a21_campsites_are_per_team_and_per_player_with_two():
    game = loser_example()
    play(game, "G4s")
    play(game, "B4s")
    game.apply({"type": "decline_guide", "seat": 2})
    game.apply({"type": "collect", "card": "B4s", "seat": 0})
    assert game.campsites == [["B4s"], []]  # seat 0 collects for team 0 (seats 0 and 2)
    assert game.view(1)["campsites"][0]["cards"] == ["B4s"]


def test_mk_a23_a_matchmaking_of_the_first_two_cards_puts_nothing_in_a_campsite():
    game = table([["R9"], ["R2m", "B1"], ["R3"], ["R5"]], trick=trick_of((0, "R2s")))
    play(game, "R2m")
    assert game.campsites == [[], []] and game.discard[-2:] == ["R2s", "R2m"]


def test_mk_s1_campsite_visibility_private_hides_the_other_teams_campsite_until_scored():
    game = table([["R9"], ["B1"], ["R3"], ["R5"]], campsites=[["R7"], ["B7"]],
                 options={"campsite_visibility": "private"})
    view = game.view(0)
    assert view["campsites"][0]["cards"] == ["R7"] and view["campsites"][1]["cards"] is None
    assert view["campsites"][1]["count"] == 1 and '"B7"' not in json.dumps(view)
    assert game.view(None)["campsites"][0]["cards"] is None
    assert table([["R9"], ["B1"], ["R3"], ["R5"]], campsites=[["R7"], ["B7"]]).view(0)[
        "campsites"][1]["cards"] == ["B7"]


# ---- two players ---------------------------------------------------------------------------------


def two_player(hands, ups, downs=None, **kw):
    downs = downs or [[], []]
    return table(hands, straw=[straw_of(ups[0], downs[0]), straw_of(ups[1], downs[1])], **kw)


def test_mk_a24_two_player_order_and_the_leaders_second_card_follows():
    game = two_player([["R9", "B1", "R5"], ["R3", "G1"]], [["Y1"], ["B3", "G5"]], starter=1)
    assert game.to_move == 1
    play(game, "R3")
    assert game.to_move == 0 and allowed(game) == ["R5", "R9"]
    play(game, "R9")
    assert game.to_move == 1 and allowed(game) == ["B3", "G1", "G5"]  # no red left
    play(game, "G1")
    assert game.to_move == 0 and allowed(game) == ["R5"]  # the leader's own second card too
    play(game, "R5")
    assert game.stage in ("claim", "collect", "play")


def test_mk_a25_face_up_straw_cards_are_hand_and_uncovered_cards_are_revealed_after():
    game = two_player([["R9", "B1"], ["R3", "G1"]], [["Y1", "R7"], ["B3", "G5"]],
                      downs=[["Y2s", "B7"], ["G9", "G7"]], starter=0)
    assert allowed(game) == ["B1", "R7", "R9", "Y1"]
    play(game, "R7")  # from the straw pile: B7 is uncovered but not yet revealed
    assert game.straw[0][1] == ["B7", None]
    assert game.view(0)["straw"][0][1] == {"up": None, "down": True}
    play(game, "R3")
    assert allowed(game) == ["R9"]  # B7 is not playable yet
    play(game, "R9")
    play(game, "G1")
    game.apply({"type": "collect", "card": "R3", "seat": 0})
    assert game.straw[0][1] == [None, "B7"]  # revealed at the end of the trick
    assert any("reveals blue 7 in their straw pile (twop.reveal)" in e["text"] for e in game.log)
    assert "B7" in game.animals_of(0) and game.view(1)["straw"][0][1]["up"] == "B7"
    places_ok(game)


def test_mk_a26_emergency_reveal_when_a_player_has_no_card_to_play():
    # seat 0 leads its last available card (a straw card); at its second turn it must reveal
    game = two_player([[], ["R3", "G1", "B1"]], [["R7"], ["B3"]], downs=[["B7"], ["G9"]],
                      starter=0)
    play(game, "R7")
    play(game, "R3")
    assert game.to_move == 0 and allowed(game) == ["B7"]
    assert "reveals blue 7 in their straw pile (MK-A26)" in game.log[-1]["text"]


def test_mk_a26_without_emergency_reveal_the_play_is_skipped():
    game = two_player([[], ["R3", "G1", "B1"]], [["R7"], ["B3"]], downs=[["B7"], ["G9"]],
                      starter=0, options={"straw_emergency_reveal": False})
    play(game, "R7")
    play(game, "R3")
    assert game.to_move == 1 and "skips" in game.log[-1]["text"]
    play(game, "B1")
    # red 7 wins; loser B1 (off-suit): no claim; seat 0 collects R3 or B1
    assert game.stage == "collect"
    game.apply({"type": "collect", "card": "B1", "seat": 0})
    assert game.straw[0][0] == [None, "B7"]  # revealed at the end of the trick
    assert not game.over and game.round == 1


def test_mk_a26_a_player_with_no_cards_at_all_skips_and_the_round_ends_after_the_trick():
    game = two_player([[], ["R3", "G1", "B1"]], [["R7"], ["B3"]], downs=[[], ["G9"]],
                      starter=0, campsites=[["Y5"], []])
    play(game, "R7")
    play(game, "R3")
    assert game.to_move == 1  # seat 0 has nothing: its second play is skipped
    play(game, "G1")
    game.apply({"type": "collect", "card": "R3", "seat": 0})
    assert game.round == 2 and game.score_rows[0]["points"] == [-8, 0]


def test_mk_a26_a_player_with_only_a_guide_plays_it():
    game = two_player([[], ["R3", "G1", "B1"]], [["R7"], ["B3"]], starter=0,
                      guides=[["T2"], []])
    play(game, "R7")
    play(game, "R3")
    assert game.to_move == 0 and allowed(game) == ["T2"]


def test_mk_a27_the_two_player_winner_collects_only_the_opponents_cards():
    game = two_player([["R9", "R5", "B1"], ["R3", "R2s", "G1"]], [["Y1"], ["B3"]], starter=0)
    for card in ("R9", "R3", "R5", "R2s"):
        play(game, card)
    # loser: red 2 (seat 1) may claim; winner seat 0 collects R3 or R2s, never its own
    game.apply({"type": "decline_guide", "seat": 1})
    assert sorted(a["card"] for a in game.legal_actions(0)) == ["R2s", "R3"]
    opt = two_player([["R9", "R5", "B1"], ["R3", "R2s", "G1"]], [["Y1"], ["B3"]], starter=0,
                     options={"twop_collect_exclusion": "winning_card_only"})
    for card in ("R9", "R3", "R5", "R2s"):
        play(opt, card)
    opt.apply({"type": "decline_guide", "seat": 1})
    assert sorted(a["card"] for a in opt.legal_actions(0)) == ["R2s", "R3", "R5"]


def test_mk_a27_nothing_to_collect_when_the_opponent_played_only_guides():
    hands = [["R9", "B1"], ["G1"]]
    game = two_player(hands, [["Y1"], ["B3"]], starter=0, guides=[["T8"], ["T2", "T4"]])
    for card in ("R9", "T2", "T8", "T4"):
        play(game, card)
    # seat 0 wins with the 8 guide; the red 9 is the weakest (no claim); seat 1 played no
    # animal, so there is nothing seat 0 may collect
    assert game.stage == "play" and game.campsites == [[], []]
    assert game.discard[-1] == "R9" and "There is no card Seat 1 may collect" in game.log[-1][
        "text"]
    option = two_player(hands, [["Y1"], ["B3"]], starter=0, guides=[["T8"], ["T2", "T4"]],
                        options={"twop_collect_exclusion": "winning_card_only"})
    for card in ("R9", "T2", "T8", "T4"):
        play(option, card)
    assert option.campsites == [["R9"], []]  # only the winning card is excluded


def test_mk_a28_the_winner_and_the_loser_can_be_the_same_player():
    game = two_player([["R9", "R2s", "B1"], ["R3", "R5", "G1"]], [["Y1"], ["B3"]], starter=0)
    for card in ("R9", "R3", "R2s", "R5"):
        play(game, card)
    # seat 0 played the strongest (red 9) and the weakest (red 2)
    assert game.resolution["winner"] == game.resolution["loser"] == 0
    game.apply({"type": "claim_guide", "guide": "T2", "from": "office", "seat": 0})
    assert game.stage == "collect" and game.pending == [0]
    game.apply({"type": "collect", "card": "R5", "seat": 0})
    assert game.guides[0] == ["T2"] and game.campsites[0] == ["R5"]


@pytest.mark.parametrize("starter, scores, expected", [
    (0, [10, 0], 0), (0, [0, 10], 1), (1, [10, 0], 0), (0, [3, 3], 1), (1, [3, 3], 0)])
def test_mk_a29_the_two_player_starter_of_the_next_round(starter, scores, expected):
    # one card left each; the starter leads red 1 and wins only with... both play out
    hands = [["Y1"], ["Y3"]]
    hands[starter] = ["R1"]
    hands[1 - starter] = ["R9"]
    winner = 1 - starter
    before = list(scores)
    before[winner] += 1  # the winner collects the red 1: -1
    game = two_player(hands, [[], []], round=2, scores=before, starter=starter)
    play(game, hands[starter][0])
    play(game, hands[1 - starter][0])
    assert game.round == 3 and game.totals == scores and game.starter == expected
    assert game.to_move == expected and game.stage == "play"


# ---- views, saves, rules data ------------------------------------------------------------------

VIEW_KEYS = {"log_from", "log_next",
             "game", "rules", "options", "players", "seat", "team", "teams", "to_move",
             "pending", "decisions", "over", "stage", "round", "rounds", "dealer", "starter",
             "leader", "hand", "hand_counts", "straw", "guides", "office", "exchange", "trick",
             "lead_colour", "resolution", "last_trick", "campsites", "discard", "score_sheet",
             "scores", "log", "result"}


@pytest.mark.parametrize("players", [4, 2])
def test_view_shape_json_safety_and_no_other_hand(players):
    game = Matchmakers(players=players, seed=6)
    rng = SeededRng(6)
    rounds = set()
    while True:  # a whole game: the next deals must not leak through the score sheet either
        rounds.add(game.round)
        for seat in [None] + list(range(players)):
            view = game.view(seat)
            assert set(view) == VIEW_KEYS
            assert json.loads(json.dumps(view)) == view
            text = json.dumps({k: v for k, v in view.items() if k != "log"})
            others = [c for s in range(players) if s != seat for c in game.hands[s]]
            if game.straw is not None:
                others += [d for stacks in game.straw for d, _ in stacks if d]
            assert not any(f'"{c}"' in text for c in others)
            assert view["hand"] == (None if seat is None else game.hands[seat])
        if game.over:
            break
        seat = rng.choice(game.pending)
        game.apply(rng.choice(game.legal_actions(seat)))
    assert len(rounds) >= 2
    view = game.view(0)
    assert view["over"] and view["result"] == game.result() and view["pending"] == []
    assert view["score_sheet"]["totals"] == game.totals
    row = view["score_sheet"]["rounds"][0]
    assert set(row) >= {"round", "points", "penalties", "totals", "campsite_points", "sets",
                        "unmatched", "guides"}
    with pytest.raises(IllegalAction, match="no seat"):
        game.view(players)


def test_view_decisions_list_each_pending_seat():
    game = Matchmakers(seed=3)
    assert game.view(None)["decisions"] == [{"seat": s, "type": "give"} for s in game.pending]


def test_view_decisions_name_what_each_pending_seat_decides():
    game = exchange_game(deal_4p(), starter=0)
    assert game.view(None)["decisions"] == [{"seat": 0, "type": "give"},
                                            {"seat": 1, "type": "give"}]
    game = loser_example()
    play(game, "G4s")
    play(game, "B4s")
    assert game.view(None)["decisions"] == [{"seat": 2, "type": "claim_guide"}]
    assert game.view(None)["resolution"]["claim"] == {"guide": "T4", "from": 0}


def random_game(players, seed, *, options=None, steps=None):
    game = Matchmakers(players=players, seed=seed, options=options)
    rng = SeededRng(seed * 31 + 7)
    count = 0
    while not game.over and (steps is None or count < steps):
        seat = rng.choice(game.pending)
        game.apply(rng.choice(game.legal_actions(seat)))
        count += 1
    return game, rng


@pytest.mark.parametrize("players", [4, 2])
def test_to_json_load_game_and_replay_give_the_same_game(players):
    game, rng = random_game(players, 77, steps=150)
    saved = game.to_json()
    loaded = engine.load_game(saved)
    assert loaded == game and loaded.to_json() == saved
    assert engine.replay(game.record()) == game
    while not game.over:  # both go on identically, RNG included (the next deals)
        action = rng.choice(game.legal_actions(rng.choice(game.pending)))
        game.apply(action)
        loaded.apply(action)
    assert loaded == game


def test_scenario_games_save_and_replay_from_their_scenario():
    game = loser_example()
    play(game, "G4s")
    play(game, "B4s")
    game.apply({"type": "claim_guide", "guide": "T4", "from": 0, "seat": 2})
    assert engine.replay(game.record()) == game
    assert engine.load_game(game.to_json()) == game


def test_determinism_survives_other_code_using_global_random():
    def run(noise):
        game = Matchmakers(players=4, seed=2024)
        rng = SeededRng(5)
        while not game.over:
            if noise:
                random.random()
                random.shuffle(list(range(10)))
            game.apply(rng.choice(game.legal_actions(rng.choice(game.pending))))
        return game.to_json()

    random.seed(1)
    first = run(False)
    random.seed(99)
    assert run(True) == first


def test_rules_data_carries_the_rulebook_and_every_mk_ruling():
    version = RULE_VERSIONS[-1]
    assert version["id"] == "matchmakers-v1" and version["title"] and version["description"]
    assert [r["id"] for r in version["rulings"]] == [f"MK-A{i}" for i in range(1, 31)] + [
        "MK-S1"]
    for ruling in version["rulings"]:
        assert set(ruling) == {"id", "title", "text"} and ruling["text"]
    ruling_ids = {r["id"] for r in version["rulings"]}
    rule_ids = set()
    for section in version["sections"]:
        assert set(section) == {"id", "title", "rules"}
        for rule in section["rules"]:
            assert set(rule) == {"id", "text", "rulings"} and set(rule["rulings"]) <= ruling_ids
            rule_ids.add(rule["id"])
    cited = {r for s in version["sections"] for rule in s["rules"] for r in rule["rulings"]}
    assert cited == ruling_ids  # every ruling is attached to the rule it settles
    assert {note["rule"] for note in version["notes"]} <= rule_ids
    text = " ".join(r["text"] for s in version["sections"] for r in s["rules"])
    for sentence in ("The loser is the player who played the weakest card in the trick.",
                     "The trick ends immediately even if not all players have played a card",
                     "Any trump cards still held by a team at the end of the round score"
                     " negative points equal to twice their value.",
                     "If both teams are tied, the victory is shared.",
                     "You may not look at the face-down cards in your straw pile."):
        assert sentence in text
    assert json.loads(json.dumps(Matchmakers.describe()))["id"] == "matchmakers"


def test_describe_offers_2_or_4_players_never_3():
    data = Matchmakers.describe()
    assert data["player_counts"] == [2, 4] and data["default_players"] == 4
    assert data["bots"] == ["basic", "random"]


def test_options_table_has_every_mk_config_key_default_first():
    assert [o["id"] for o in OPTIONS] == [
        "exchange_initiator", "trump_vs_trump", "claim_trump_played_this_trick",
        "all_trumps_next_leader", "allow_self_matchmaking", "next_starter",
        "straw_emergency_reveal", "twop_collect_exclusion", "campsite_visibility"]
    for spec in OPTIONS:
        assert set(spec) == {"id", "title", "default", "values", "meaning", "ruling", "locked"}
        assert spec["values"][0] == spec["default"]
    assert Matchmakers(seed=1).options["trump_vs_trump"] == "highest"
    with pytest.raises(IllegalAction, match="Guide against guide"):
        Matchmakers(seed=1, options={"trump_vs_trump": "lowest"})
    with pytest.raises(IllegalAction, match="no option"):
        Matchmakers(seed=1, options={"jokers": True})


def test_play_refusals_unknown_cards_cards_not_held_and_face_down_cards():
    game = two_player([["R9", "B1"], ["R3", "G1"]], [["Y1"], ["B3"]],
                      downs=[["Y2s"], ["G9"]], starter=0)
    err = refused(game, {"type": "play", "card": "X9", "seat": 0})
    assert "There is no card 'X9'" in err.reason
    err = refused(game, {"type": "play", "card": "Y2s", "seat": 0})
    assert "face down in your straw pile" in err.reason
    err = refused(game, {"type": "play", "card": "R3", "seat": 0})
    assert "You do not hold the red 3" in err.reason
    err = refused(game, {"type": "dance", "seat": 0})
    assert "no move called 'dance'" in err.reason
    err = refused(game, {"type": "collect", "card": "R3", "seat": 0})
    assert "play a card" in err.reason


# ---- scenarios ---------------------------------------------------------------------------------


def test_setup_position_docstring_example():
    game = from_scenario({"game": "matchmakers", "players": 4, "position": {
        "starter": 0, "guides": [["T4"], [], [], []],
        "hands": [["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]],
        "trick": [{"seat": 0, "card": "R8s"}, {"seat": 1, "card": "R2s"}]}})
    assert game.to_move == 2 and allowed(game) == ["B5", "G4s", "Y1"]
    places_ok(game)
    assert len(game.discard) == 52 - 13


def test_setup_position_docstring_two_player_example():
    empty = [None, None]
    game = from_scenario({"game": "matchmakers", "players": 2, "position": {
        "starter": 1, "guides": [["T2"], []], "hands": [["R9", "B1"], ["R3", "G1"]],
        "straw": [[["B7", "R7"], [None, "Y1"]] + [empty] * 7, [[None, "B3"]] + [empty] * 8]}})
    assert game.to_move == 1
    assert allowed(game, 0) == []  # not seat 0's turn
    assert game.animals_of(0) == ["R9", "B1", "R7", "Y1"] and game.guides[0] == ["T2"]
    places_ok(game)


@pytest.mark.parametrize("change, message", [
    ({"hands": [["R1", "R1"], ["B1"], ["G1"], ["Y1"]]}, "R1 is in two places"),
    ({"hands": [["R1", "X1"], ["B1"], ["G1"], ["Y1"]]}, "'X1' is not a Matchmakers card"),
    ({"hands": [["R1", "T4"], ["B1"], ["G1"], ["Y1"]]}, "guides are never in a hand"),
    ({"guides": [["T4"], ["T4"], [], []]}, "T4 is in two places"),
    ({"guides": [["R4s"], [], [], []]}, "'R4s' is not a guide"),
    ({"campsites": [["T2"], []]}, "guides never go to a campsite"),
    ({"round": 4}, "\"round\" is 1 to 3"),
    ({"scores": [3, 0]}, "nobody has scored before round 1"),
    ({"starter": 1, "dealer": 0}, "in round 1 the dealer is the starting player"),
    ({"discard": ["R2s"]}, "is in no place"),
    ({"trick": [{"seat": 1, "card": "R9"}]}, "the trick's first card must be the leader's"),
    ({"trick": [{"seat": 0, "card": "R9"}, {"seat": 2, "card": "R8s"}]}, "did not have the turn"),
    ({"trick": [{"seat": 0, "card": "R9"}, {"seat": 1, "card": "G8s"}],
      "hands": [["R1"], ["R3"], ["G1"], ["Y1"]]}, "could not have played G8s"),
    ({"trick": [{"seat": 0, "card": "R2s"}, {"seat": 1, "card": "R2m"}]}, "Matchmaking"),
    ({"hands": [["R1"], [], ["G1"], ["Y1"]]}, "already over"),
    ({"stage": "exchange"}, "13 cards dealt"),
    ({"straw": [[], []]}, "2-player variant only"),
    ({"colour": "x"}, "unknown key 'colour'"),
])
def test_setup_position_refuses_impossible_positions(change, message):
    position = {"hands": [["R1"], ["B1"], ["G1"], ["Y1"]], **change}
    with pytest.raises(IllegalAction) as caught:
        from_scenario({"game": "matchmakers", "players": 4, "position": position})
    assert message in caught.value.reason
    assert caught.value.reason.startswith("Scenario: ")


def test_setup_position_two_player_straw_checks():
    base = {"hands": [["R1"], ["B1"]],
            "straw": [straw_of(["R3"], ["R5"]), straw_of(["B3"], ["B5"])]}
    game = from_scenario({"game": "matchmakers", "players": 2, "position": base})
    places_ok(game)
    bad = dict(base, straw=[straw_of([], ["R5"]), straw_of(["B3"], ["B5"])])
    with pytest.raises(IllegalAction, match="uncovered face-down"):
        from_scenario({"game": "matchmakers", "players": 2, "position": bad})
    with pytest.raises(IllegalAction, match="no exchange with 2 players"):
        from_scenario({"game": "matchmakers", "players": 2,
                       "position": dict(base, stage="exchange")})
    with pytest.raises(IllegalAction, match="need \"straw\""):
        from_scenario({"game": "matchmakers", "players": 2, "position": {"hands": [[], []]}})


# ---- bots ---------------------------------------------------------------------------------------


def test_bots_basic_first_and_random_and_both_play_legally():
    assert list(Matchmakers.BOTS) == ["basic", "random"]
    assert isinstance(make_bot(Matchmakers, None, SeededRng(1)), BasicBot)
    assert isinstance(make_bot(Matchmakers, "random", SeededRng(1)), RandomBot)
    for players in (4, 2):
        game = Matchmakers(players=players, seed=13)
        bots = [make_bot(Matchmakers, "basic" if s % 2 else "random", SeededRng(s))
                for s in range(players)]
        while not game.over:
            seat = game.pending[0]
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
            assert action in game.legal_actions(seat)
            game.apply(action)


def test_basic_bot_collects_the_card_that_completes_a_set():
    game = loser_example()
    game = table([["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]],
                 starter=0, trick=trick_of((0, "R8s"), (1, "R2s")),
                 campsites=[["R4s", "Y4s"], []])
    play(game, "G4s")
    play(game, "B4s")
    game.apply({"type": "decline_guide", "seat": 2})
    bot = BasicBot(SeededRng(0))
    choice = bot.choose(game.view(0), game.legal_actions(0))
    # R4s + Y4s + G4s or B4s make buddies; the red 2 would be a leftover
    assert choice["card"] in ("G4s", "B4s")


def test_basic_bot_declines_a_guide_it_cannot_spend():
    game = table([["R9"], ["R2s", "B1"], ["R3"], ["R4s"]], trick=trick_of((0, "R8s")))
    play(game, "R2s")
    play(game, "R3")
    play(game, "R4s")
    bot = BasicBot(SeededRng(0))
    assert bot.choose(game.view(1), game.legal_actions(1))["type"] == "decline_guide"


def test_basic_bot_claims_a_guide_early_in_the_round_but_not_from_its_partner():
    hands = [["R9", "B1", "B3", "B5", "B7"], ["R2s", "G1", "G3", "G5", "G7"],
             ["R3", "Y5", "Y7", "Y9", "Y1"], ["R4s", "Y3", "G9", "B9", "Y4s"]]
    bot = BasicBot(SeededRng(0))
    for guides, expected in (([[], [], [], []], "claim_guide"),
                             ([[], [], [], ["T2"]], "decline_guide")):
        game = table(hands, trick=trick_of((0, "R8s")), guides=guides)
        play(game, "R2s")
        play(game, "R3")
        play(game, "R4s")
        assert game.stage == "claim"
        assert bot.choose(game.view(1), game.legal_actions(1))["type"] == expected


def test_basic_bot_plays_to_lose_a_trick_with_nothing_worth_collecting():
    # last to play: the red 9 would win and force it to take a card that fits nothing
    game = table([["B1"], ["G1"], ["Y1"], ["R9", "R3", "B5"]],
                 trick=trick_of((0, "R8s"), (1, "R6s"), (2, "R5")))
    bot = BasicBot(SeededRng(0))
    assert bot.choose(game.view(3), game.legal_actions(3))["card"] == "R3"


def test_basic_bot_wins_a_trick_holding_a_card_that_completes_buddies():
    game = table([["B1"], ["G1"], ["Y1"], ["R9", "R3", "B5"]],
                 trick=trick_of((0, "R8s"), (1, "R6s"), (2, "R5")),
                 campsites=[[], ["B8s", "G8s"]])
    bot = BasicBot(SeededRng(0))
    assert bot.choose(game.view(3), game.legal_actions(3))["card"] == "R9"


def test_basic_bot_decides_from_its_own_view_only():
    bot = BasicBot(SeededRng(0))
    a = table([["R9", "B1", "G2s"], ["R3", "B3"], ["G5", "Y1"], ["Y3", "G3"]],
              trick=trick_of((0, "R8s")))
    b = table([["R9", "B1", "G2s"], ["R3", "B3"], ["Y3", "G3"], ["G5", "Y1"]],
              trick=trick_of((0, "R8s")))
    assert a.view(1) == b.view(1)
    assert bot.choose(a.view(1), a.legal_actions(1)) == bot.choose(b.view(1), b.legal_actions(1))


@pytest.mark.parametrize("players", [4, 2])
def test_basic_bot_team_beats_random_players(players):
    wins = 0
    games = 30
    for number in range(games):
        game = Matchmakers(players=players, seed=9000 + number)
        hero = number % 2
        bots = [BasicBot(SeededRng(number * 7 + s)) if game.team_of(s) == hero
                else RandomBot(SeededRng(number * 7 + s)) for s in range(players)]
        while not game.over:
            seat = game.pending[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        wins += hero in game.result()["winning_teams"]
    assert wins >= 24  # the bench measures this over 1,000 games


# ---- seeded simulations ------------------------------------------------------------------------

OPTION_CYCLE = [None, {"exchange_initiator": "team_choice"}, {"trump_vs_trump": "first_played"},
                {"claim_trump_played_this_trick": False},
                {"all_trumps_next_leader": "same_leader"}, {"allow_self_matchmaking": False},
                {"next_starter": "team_choice"}, {"straw_emergency_reveal": False},
                {"twop_collect_exclusion": "winning_card_only"},
                {"campsite_visibility": "private"}]

SORTED_CARDS = Counter(ALL_CARDS)


def _count(game) -> int:
    n = sum(map(len, game.hands)) + sum(map(len, game.guides)) + len(game.office)
    n += len(game.campsites[0]) + len(game.campsites[1]) + len(game.discard) + len(game.trick)
    if game.resolution is not None:
        n -= sum(1 for _, c in game.trick if c in GUIDES)
    if game.straw is not None:
        n += sum((d is not None) + (u is not None) for stacks in game.straw for d, u in stacks)
    return n


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 2])
def test_simulate_2000_seeded_games_conserve_cards_round_trip_replay_and_refusals(players):
    """2,000 whole games of uniformly random legal moves for each variant.

    Every step of every game: 56 cards on the table (a cheap count). Every step of every 25th
    game: each card in exactly one place, card by card, and a refused move (a wrong seat, a
    card not held, a stale action) changes nothing. Every 100th game: to_json -> load_game and
    replay(record) rebuild it exactly, midway and at the end. Every game: the score sheet adds
    up and the result names the teams with the best total.
    """
    for number in range(2000):
        options = OPTION_CYCLE[number % len(OPTION_CYCLE)]
        game = Matchmakers(players=players, seed=number, options=options)
        rng = SeededRng(number * 7919 + players)
        thorough = number % 25 == 0
        keep = number % 100 == 0
        saved_midway = None
        previous = None
        steps = 0
        while not game.over:
            seat = rng.choice(game.pending)
            actions = game.legal_actions(seat)
            if thorough:
                others = [s for s in range(players) if s not in game.pending]
                probes = [dict(actions[0], seat=others[0])] if others else []
                if previous is not None and previous not in actions:
                    probes.append(dict(previous, seat=seat))
                probes.append({"type": "play", "card": "T8" if "T8" not in
                               game.guides[seat] else "X1", "seat": seat})
                before = (game.full_state(), len(game.actions))
                for probe in probes:
                    if probe in game.legal_actions(probe["seat"]):
                        continue
                    with pytest.raises(IllegalAction):
                        game.apply(probe)
                    assert (game.full_state(), len(game.actions)) == before
            previous = rng.choice(actions)
            game.apply(previous)
            steps += 1
            assert _count(game) == 56
            if thorough:
                places_ok(game)
            if keep and steps == 120:
                saved_midway = (game.to_json(), game.record())
        places_ok(game)
        rows = game.score_rows
        totals = [0, 0]
        for row in rows:
            for team in (0, 1):
                assert row["points"][team] == (row["campsites"][team]["points"]
                                               + row["penalties"][team])
                totals[team] += row["points"][team]
            assert row["totals"] == totals
        assert game.totals == totals
        assert len(rows) == 3 or abs(totals[0] - totals[1]) >= 30
        result = game.result()
        best = max(totals)
        assert result["winning_teams"] == [t for t in (0, 1) if totals[t] == best]
        if keep:
            assert engine.load_game(game.to_json()) == game
            assert engine.replay(game.record()) == game
            if saved_midway is not None:
                saved, record = saved_midway
                assert engine.load_game(saved).to_json() == saved
                assert engine.replay(record).to_json() == saved
