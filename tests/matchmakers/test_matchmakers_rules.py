"""Matchmakers rules: the cards, the exchange, tricks, guides, claims, collections and the
Matchmaking, with every worked example of the rulebook. Test names carry the ruling id
(``test_mk_a16_...``) or the rule id (``loser.example`` -> ``test_loser_example``); positions
come from table() in matchmakers_tables.py (a scenario)."""

import json

import pytest
from matchmakers_tables import (
    allowed,
    deal_4p,
    exchange_game,
    loser_example,
    places_ok,
    play,
    refused,
    straw_of,
    table,
    trick_of,
)

from engine import IllegalAction, from_scenario
from engine.games.matchmakers import Matchmakers, words
from engine.games.matchmakers.rules import (
    ALL_CARDS,
    ANIMALS,
    GUIDES,
    play_refusal,
    sort_cards,
    trick_outcome,
)
from engine.rng import SeededRng
from engine.words import Speaker

# ---- components, setup -------------------------------------------------------------------------


def test_components_animals_52_cards_evens_doubled_as_star_and_moon():
    # components.guides: and the four mountain guides, never dealt (trumps.not_dealt)
    assert len(ANIMALS) == len(set(ANIMALS)) == 52
    red = [c for c in ANIMALS if c[0] == "R"]
    assert red == ["R1", "R2s", "R2m", "R3", "R4s", "R4m", "R5", "R6s", "R6m", "R7", "R8s",
                   "R8m", "R9"]
    assert GUIDES == ("T2", "T4", "T6", "T8") and len(ALL_CARDS) == 56


def test_mk_a1_four_colours_red_blue_green_yellow_in_messages_and_codes():
    assert {c[0] for c in ANIMALS} == {"R", "B", "G", "Y"}
    game = table([["R9"], ["R3", "B1"], ["G1"], ["Y1"]], trick=trick_of((0, "R8s")))
    err = refused(game, {"type": "play", "card": "B1", "seat": 1})
    assert "You must follow red" in err.reason and "the red 3" in err.reason
    assert "R3" not in err.reason and err.rule == "tricks.follow"  # words, not codes


@pytest.mark.parametrize("players", [1, 3, 5])
def test_overview_players_2_or_4_and_3_is_refused_with_a_reason(players):
    with pytest.raises(IllegalAction) as caught:
        Matchmakers(players=players, seed=1)
    assert "played by 2 or 4 players" in caught.value.reason
    assert caught.value.rule == "overview.players"
    assert Matchmakers(seed=1).players == 4
    with pytest.raises(IllegalAction, match="2 or 4"):  # a scenario meets the same check
        from_scenario({"game": "matchmakers", "players": players, "position": {}})


def test_setup_deal_13_each_guides_in_the_office_mk_a22():
    # setup.areas: the office (setup.office), the campsites (setup.campsites) and the
    # matchmaking place (setup.place, the trick) start empty but for the guides
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
        assert game.log[0] == {"kind": "round", "round": 1, "dealer": game.dealer,
                               "starter": game.dealer}
        assert words.describe(game.log[0], Speaker(players=4)) == (
            f"Round 1: Seat {game.dealer + 1} deals and starts.")


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
    # exchange.return: the partner returns 3 cards of the colours received; exchange.differs
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
    assert err.rule == "MK-A3" and "still 2 red to return, so no more blue" in err.reason
    err = refused(game, {"type": "return", "card": "G9", "seat": 2})
    assert "so no green card" in err.reason and err.rule == "MK-A3"
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
    # exchange.purpose: cards are shared but no colour can be emptied; overview.round: the
    # exchange opens every round
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
    for seat in (None, 0, 1, 3):  # the giver knows them, but they are in another hand now:
        view = game.view(seat)  # only the giver's log names them, nothing else in the view
        text = json.dumps({key: value for key, value in view.items()
                           if key != "log" or seat != 0})
        assert not any(f'"{card}"' in text for card in given), seat
    assert game.view(1)["exchange"]["mine"]["colours"] is None
    # The log: everyone learns that 3 cards passed; only the partners learn which.
    public, secret = game.log[-2:]
    assert public == {"kind": "passed", "seat": 0, "to": 2, "step": "give", "count": 3}
    assert secret == {"kind": "passed_cards", "seat": 0, "to": 2, "step": "give",
                      "cards": sort_cards(given), "only": [0, 2]}
    for seat in (None, 1, 3):
        text = json.dumps(game.view(seat)["log"])
        assert "passed_cards" not in text and not any(card in text for card in given), seat
    for seat in (0, 2):
        assert game.view(seat)["log"][-1]["cards"] == sort_cards(given)
    assert words.describe(public, Speaker(players=4, viewer=1)) == (
        "Seat 1 gives 3 cards face down to Seat 3.")
    assert words.describe(game.log[-1], Speaker(players=4, viewer=2)) == (
        f"Seat 1 gave you the {words.card_list(sort_cards(given))} (only the two partners"
        " know which cards).")


def blue_green_yellow_to_return():
    """Seat 0 gives a blue, a green and a yellow card; seat 2 (holding red too) returns."""
    game = exchange_game(deal_4p(), starter=0)
    for colour in "BGY":
        card = next(c for c in game.hands[0] if c[0] == colour)
        game.apply({"type": "give", "card": card, "seat": 0})
    assert any(c[0] == "R" for c in game.hands[2])
    return game


@pytest.mark.parametrize("kind", ["return", "play"])  # "play": what the table sends for a
def test_mk_a3_a_red_card_when_blue_green_and_yellow_must_go_back_names_the_colour_rule(kind):
    # card of the hand that has no action (issue #9 item 6)
    game = blue_green_yellow_to_return()
    red = next(c for c in game.hands[2] if c[0] == "R")
    err = refused(game, {"type": kind, "card": red, "seat": 2})
    assert err.rule == "MK-A3"
    assert err.reason == ("You received 1 blue, 1 green and 1 yellow and must return exactly"
                          " those colours: still 1 blue, 1 green and 1 yellow to return, so no"
                          " red card.")
    assert "give or return 3 cards first" not in err.reason


@pytest.mark.parametrize("kind", ["return", "play"])
def test_mk_a3_a_second_blue_is_refused_by_the_colour_rule(kind):
    game = blue_green_yellow_to_return()
    blues = [c for c in game.hands[2] if c[0] == "B"]
    game.apply({"type": "return", "card": blues[0], "seat": 2})
    err = refused(game, {"type": kind, "card": blues[1], "seat": 2})
    assert err.rule == "MK-A3"
    assert err.reason.endswith("still 1 green and 1 yellow to return, so no more blue card.")
    # and what is allowed is exactly what the same rule does not refuse
    returnable = {a["card"][0] for a in game.legal_actions(2) if a["type"] == "return"}
    assert returnable == {"G", "Y"}


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
    assert "Guides are never exchanged" in err.reason and err.rule == "MK-A6"
    err = refused(game, {"type": "play", "card": game.hands[0][0], "seat": 0})
    assert "exchanging cards" in err.reason and err.rule == "exchange.give"
    game.apply({"type": "give", "card": game.hands[0][0], "seat": 0})
    err = refused(game, {"type": "give", "card": game.hands[0][0], "seat": 0})
    assert "You have already picked the" in err.reason and err.rule == "exchange.give"
    err = refused(game, {"type": "undo_give", "card": game.hands[0][1], "seat": 0})
    assert "You have not picked the" in err.reason and err.rule == "exchange.give"


# ---- tricks: following, guides ------------------------------------------------------------------


def test_tricks_follow_lead_colour_if_possible_else_anything():
    game = table([["R9"], ["R3", "B1", "G9"], ["G1"], ["Y1"]], trick=trick_of((0, "R8s")))
    assert allowed(game) == ["R3"]
    game = table([["R9"], ["B1", "G9"], ["G1"], ["Y1"]], trick=trick_of((0, "R8s")))
    assert allowed(game) == ["B1", "G9"]


def legal_cards(animals, guides, trick):
    return [card for card in animals + guides
            if play_refusal(card, animals, guides, trick) is None]


def test_play_refusal_follows_and_always_offers_guides():
    assert legal_cards(["R1", "B2s"], ["T6"], [(0, "B9")]) == ["B2s", "T6"]
    assert legal_cards(["R1", "G2s"], [], [(0, "B9")]) == ["R1", "G2s"]
    assert legal_cards(["R1"], ["T2"], []) == ["R1", "T2"]
    refusal = play_refusal("R1", ["R1", "B2s"], [], [(0, "B9")])
    assert refusal.rule == "tricks.follow" and refusal.reason == (
        "You must follow blue while you can: you hold the blue 2★. A guide may always be"
        " played instead.")


def test_mk_a8_a_held_guide_may_be_played_instead_even_when_able_to_follow_or_to_lead():
    # trumps.any_time, trumps.face_up (guides lie in front of their player), tricks.order
    game = table([["R8s", "B1"], ["R3", "B2s"], ["G1"], ["Y1"]],
                 guides=[["T2"], ["T6"], [], []], trick=trick_of())
    assert allowed(game) == ["B1", "R8s", "T2"]  # the lead
    play(game, "R8s")
    assert allowed(game) == ["R3", "T6"]
    err = refused(game, {"type": "play", "card": "T2", "seat": 1})
    assert "guide that lies in front of you" in err.reason and err.rule == "MK-A8"
    play(game, "T6")
    assert game.guides[1] == [] and game.trick[-1] == [1, "T6"]


def test_mk_a9_guide_led_the_first_animal_sets_the_lead_colour():
    # trumps.lead
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
    # winner.trump, trumps.beat, winner.strongest
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
    # loser.weakest, loser.tie (the first of equals), loser.followed, loser.offsuit
    _, index = trick_outcome(trick)
    assert (None if index is None else trick[index][0]) == loser


# ---- the rulebook's examples ------------------------------------------------------------------


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
    assert game.log[-1] == {"kind": "claimed", "seat": 2, "guide": "T4", "from": 0}
    assert words.describe(game.log[-1], Speaker(players=4, viewer=0)) == (
        "Seat 3 recruits the guide 4 from you.")


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
    assert game.log[-1] == {"kind": "trick", "seat": 2, "loser": 3, "card": "G3"}
    assert words.describe(game.log[-1], Speaker(players=4, viewer=2)) == (
        "You win the trick; Seat 4 played the weakest card, the green 3.")
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
    assert game.log[-1] == {"kind": "declined", "seat": 2, "guide": "T4"}
    # a weakest 5: nothing to claim
    game = table([["R9", "B1"], ["R3"], ["B2s"], ["B3"]], trick=trick_of((0, "R8s")))
    play(game, "R3")
    play(game, "B2s")  # off-suit 2 is the weakest so far
    play(game, "B3")
    assert game.stage == "claim"
    assert game.resolution["claim"] == {"guide": "T2", "from": "office"}


def test_mk_a12_steal_from_an_opponent_and_nothing_for_a_loser_who_holds_it():
    # trumps.loser: only the trick's loser recruits a guide
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
    assert {"kind": "holds_guide", "seat": 1, "guide": "T2"} in held.log


def test_loser_claim_refusals_name_the_guide_and_where_it_is():
    game = loser_example()
    play(game, "G4s")
    play(game, "B4s")
    err = refused(game, {"type": "claim_guide", "guide": "T8", "from": "office", "seat": 2})
    assert "only the guide 4" in err.reason and err.rule == "loser.claim"
    err = refused(game, {"type": "claim_guide", "guide": "T4", "from": "office", "seat": 2})
    assert "is with Seat 1" in err.reason and err.rule == "loser.steal"
    err = refused(game, {"type": "play", "card": "Y1", "seat": 2})
    assert "recruit a guide" in err.reason and err.rule == "loser.claim"


def test_mk_a13_a_guide_played_in_this_trick_can_be_claimed_at_its_end():
    # trumps.return: a played guide goes back to the office
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
    assert {"kind": "guide_stays", "guide": "T2"} in off.log


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
    assert game.log[-1] == {"kind": "collected", "seat": 3, "card": "R9", "team": [1, 3],
                            "only_choice": True}
    assert words.describe(game.log[-1], Speaker(players=4, viewer=1)) == (
        "Seat 4 collects the red 9 for your team's campsite (the only card allowed).")
    assert sorted(game.office) == sorted(GUIDES)


def test_mk_a15_four_guides_the_trick_is_discarded_and_the_t8_player_leads():
    # trumps.multiple
    hands = [["R9"], ["B1"], ["R3"], ["R5"]]
    guides = [["T4"], ["T8"], ["T2"], ["T6"]]
    game = table(hands, guides=guides)
    for card in ("T4", "T8", "T2", "T6"):
        play(game, card)
    assert sorted(game.office) == sorted(GUIDES) and game.campsites == [[], []]
    assert game.discard == [c for c in ANIMALS if c not in {"R9", "B1", "R3", "R5"}]
    assert game.leader == 1 and game.stage == "play" and game.to_move == 1
    assert game.log[-1] == {"kind": "guides_only", "leader": 1}
    same = table(hands, guides=guides, options={"all_trumps_next_leader": "same_leader"})
    for card in ("T4", "T8", "T2", "T6"):
        play(same, card)
    assert same.leader == 0


# ---- matchmaking -------------------------------------------------------------------------------


def test_mk_a16_matchmaking_example():
    # matchmaking.twins, matchmaking.trigger (the trick ends at once), matchmaking.trump,
    # matchmaking.next
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
    assert game.log[-1] == {"kind": "matchmaking", "seat": 2, "twins": ["B4s", "B4m"],
                            "campsites": []}
    assert game.last_trick["twins"] == ["B4s", "B4m"]
    assert words.describe(game.log[-1], Speaker(players=4)).startswith(
        "Matchmaking! The blue 4★ and the blue 4☾ are discarded. Seat 3 leads next.")
    places_ok(game)


def test_mk_a16_other_cards_go_to_their_players_team_campsite_guides_to_the_office():
    # matchmaking.cards
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


@pytest.mark.parametrize("rule", ["highest", "first"])
def test_the_cards_that_would_win_a_trick_are_trick_outcomes_winners(rule):
    """winning_animals (what the search's playouts ask) answers as trick_outcome would for
    the trick with each card added, on random tricks with and without guides."""
    import random

    from engine.games.matchmakers.rules import (
        ANIMALS,
        GUIDES,
        Follow,
        play_refusal,
        trick_outcome,
        winning_animals,
    )

    chooser = random.Random(rule)
    for _ in range(3000):
        cards = chooser.sample(ANIMALS + GUIDES, chooser.randrange(1, 12))
        trick = [[seat % 4, card] for seat, card in enumerate(cards[:chooser.randrange(4)])]
        if trick and all(card in GUIDES for _, card in trick) and chooser.random() < 0.5:
            continue
        hand = [card for card in cards[len(trick):] if card not in GUIDES]
        expected = [card for card in hand
                    if trick_outcome(trick + [[9, card]], rule)[0] == len(trick)]
        assert winning_animals(trick, hand, rule) == expected, (trick, hand)
        follow = Follow(hand, trick)  # the duty worked out once answers as asked afresh
        for card in hand:
            assert (play_refusal(card, hand, (), trick, False, follow) is None) == (
                play_refusal(card, hand, (), trick) is None)
