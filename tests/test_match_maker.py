"""The Match-Maker's rules: one test per ruling MX-A1..MX-A23 (named after it), the rulebook's
examples, the rules data and options, and the log entries in words.

Views, positions, bots and seeded play are in tests/test_match_maker_play.py; the helpers
(``table()`` builds a position by naming stacks) in tests/match_maker_table.py.
"""

import json
import re
from collections import Counter

import pytest
from match_maker_table import BASE, act, cell, open_, refused, table, types

import engine
from engine import IllegalAction
from engine.bots import make_bot
from engine.games.match_maker import MatchMaker, words
from engine.games.match_maker.rulebook import OPTIONS, RULE_VERSIONS
from engine.games.match_maker.rules import (
    DEATHMATE,
    OC,
    SC,
    SOULMATE,
    TIME,
    is_match,
    oc_targets,
    person_counts,
    sc_targets,
)
from engine.games.match_maker.words import CHANCES, PERSONS
from engine.rng import SeededRng
from engine.words import Speaker

# ---- components and setup (MX-A1, MX-A23) --------------------------------------------------


def test_mx_a1_grid_is_20_locations_stacks_3_3_3_2_and_62_person_cards():
    game = MatchMaker(players=3, seed=1)
    view = game.view(0)
    assert len(view["grid"]) == 20 and view["grid_rows"] == 4 and view["grid_cols"] == 5
    depths = {(c["row"], c["col"]): c["depth"] for c in view["grid"]}
    assert all(depths[(r, c)] == (2 if r == 4 else 3) for r in range(1, 5) for c in range(1, 6))
    assert sum(depths.values()) == 55
    assert view["change_to_person"] == {"count": 7, "cards": None}
    places = game.card_locations()
    persons = [c for cards in places.values() for c in cards if c in PERSONS]
    assert len(persons) == 62
    assert all(c["face"] is None for c in view["grid"])


def test_mx_a1_other_grids_scale_the_person_mix_by_pairs():
    game = MatchMaker(players=2, seed=1, options={"grid_stacks": "row4_2x3"})
    view = game.view(0)
    assert len(view["grid"]) == 17
    assert [c["depth"] for c in view["grid"] if c["row"] == 4] == [3, 3]
    assert sum(game.layout.persons.values()) == 58
    assert person_counts("standard", 58) == {"straight-m": 15, "straight-f": 15, "gay-m": 9,
                                             "gay-f": 9, "celibate-m": 5, "celibate-f": 5}
    short = MatchMaker(players=2, seed=1, options={"grid_stacks": "2,2,2,1"})
    assert sum(c["depth"] for c in short.view(0)["grid"]) == 35
    assert Counter(c for c in short.full_deck() if c in PERSONS).total() == 42


# Rulebook: cards.1, cards.2 (the person cards and the chance cards of the deck).
def test_mx_a23_default_counts_are_ours_and_say_so():
    game = MatchMaker(players=2, seed=3)
    deck = Counter(game.full_deck())
    persons = {"straight-m": 16, "straight-f": 16, "gay-m": 10, "gay-f": 10, "celibate-m": 5,
               "celibate-f": 5}
    assert deck == Counter({**persons, SOULMATE: 1, DEATHMATE: 1, OC: 2, SC: 1, TIME: 1})
    two = Counter(MatchMaker(players=2, seed=3, options={"decks": 2}).full_deck())
    # the layout holds one deck's person cards
    assert two == Counter({**persons, SOULMATE: 2, DEATHMATE: 2, OC: 4, SC: 2, TIME: 2})
    for key in ("person_mix", "chance_mix"):
        spec = next(o for o in OPTIONS if o["id"] == key)
        assert "not official" in spec["meaning"]
    assert "not an official" in RULE_VERSIONS[-1]["description"]
    dealt = game.view(0)["log"][0]
    assert dealt["kind"] == "dealt" and dealt["persons"] == list(persons.values())
    assert "not official" in words.describe(dealt, Speaker(players=2))
    mixes = {"more_gay": (13, 13, 13, 13, 5, 5), "no_celibates": (19, 19, 12, 12, 0, 0)}
    for mix, counts in mixes.items():
        game = MatchMaker(players=2, options={"person_mix": mix})
        assert tuple(game.view(0)["log"][0]["persons"]) == counts


# Rulebook: setup.1, setup.2, setup.3 (the piles), setup.4 and turn.1 (who begins).
def test_setup_piles_and_first_player_left_of_dealer():
    for seed in range(12):
        game = MatchMaker(players=4, seed=seed)
        assert game.to_move == (game.dealer + 1) % 4
        places = game.card_locations()
        assert sorted(places["mate_pile"]) == [DEATHMATE, SOULMATE]
        assert len(places["change_to_person"]) == 7
        assert Counter(places["change_pile"]) == Counter({OC: 2, SC: 1, TIME: 1})
        assert places["discard"] == [] and places["in_play"] == []
    dealers = {MatchMaker(players=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_players_two_to_six():
    for players in (2, 6):
        assert MatchMaker(players=players).players == players
    for players in (1, 7):
        with pytest.raises(IllegalAction, match="2 to 6"):
            MatchMaker(players=players)


# ---- the match (MX-A2, MX-A3, MX-A4) --------------------------------------------------------

MATCHES = {frozenset(["straight-m", "straight-f"]), frozenset(["gay-m"]), frozenset(["gay-f"])}


@pytest.mark.parametrize("a", PERSONS)
@pytest.mark.parametrize("b", PERSONS)
def test_mx_a2_match_table(a, b):
    """Straight male-to-female, gay male-to-male or female-to-female, never a celibate."""
    assert is_match(a, b) == (frozenset([a, b]) in MATCHES)


def test_mx_a2_one_sided_reading_rejected_straight_man_and_gay_woman_do_not_match():
    game = table({(1, 1): ["straight-m"], (1, 2): ["gay-f"], (2, 1): ["gay-f"]},
                 change=[TIME])
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert game.stage == "mismatch"
    error = refused(game, "couple")
    reason = error.reason
    assert "do not match" in reason and "straight woman" in reason and error.rule == "MX-A2"


def test_mx_a3_open_pc1_then_pc2_from_another_location_and_everyone_sees_them():
    game = table(BASE, players=3)
    assert set(types(game)) == {"open"}
    open_(game, 1, 1)
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert cell(view, 1, 1)["face"] == "straight-m" and cell(view, 1, 1)["open"] == "pc1"
        assert view["pc1"] == {"row": 1, "col": 1, "card": "straight-m"}
        assert cell(view, 1, 1)["seen"] == {"turn": 1, "card": "straight-m"}
    assert {"type": "open", "stack": [1, 1], "seat": 0} not in game.legal_actions()
    error = refused(game, "open", stack=[1, 1])
    assert "the second comes from another stack" in error.reason and error.rule == "MX-A3"
    assert "used up" in refused(game, "open", stack=[4, 5]).reason
    assert "no stack at row 5, column 1" in refused(game, "open", stack=[5, 1]).reason
    assert "not a grid location" in refused(game, "open", stack="1,1").reason
    open_(game, 1, 2)
    assert game.view(2)["match"] is True and game.stage == "match"


def test_mx_a3_only_the_top_card_is_opened():
    game = table(BASE, change=[TIME])
    open_(game, 1, 1)
    open_(game, 2, 1)  # straight man and celibate man: no match
    act(game, "decline_change")
    view = game.view(1)
    assert cell(view, 1, 1)["face"] is None and cell(view, 1, 1)["depth"] == 2
    assert cell(view, 1, 1)["seen"] == {"card": "straight-m", "turn": 1}  # everyone saw it
    assert "gay-m" not in json.dumps(cell(view, 1, 1))  # the card under it: nobody did


# Rulebook: match.1, match.2 (1 point a person card), match.3 (each player's own piles).
def test_mx_a4_couple_both_cards_to_couples_pile_two_points():
    game = table(BASE)
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert types(game) == ["couple", "ex"]
    act(game, "couple")  # the Mate pile is empty, so the couple is collected at once
    assert game.couples[0] == ["straight-m", "straight-f"]
    assert game.points(0) == 2 and game.person_cards(0) == 2
    assert game.stacks[0] == ["gay-m"] and game.stacks[1] == ["celibate-f"]
    assert game.to_move == 1 and game.view(1)["piles"][0]["couples_count"] == 1


def test_mx_a4_ex_pc2_to_exes_pile_pc1_stays_face_down():
    game = table(BASE)
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "ex")
    assert game.exes[0] == ["straight-f"] and game.couples[0] == []
    assert game.points(0) == 1
    assert game.stacks[0] == ["gay-m", "straight-m"]  # retained, face down, still on top
    view = game.view(1)
    assert cell(view, 1, 1)["face"] is None and cell(view, 1, 1)["depth"] == 2
    assert cell(view, 1, 2)["depth"] == 1
    assert game.to_move == 1


# ---- Soulmate and Deathmate (MX-A5, MX-A6, MX-A17) -------------------------------------------


def couple_with(mate, *, draws=1, options=None, grid=None):
    game = table(grid or BASE, mate=mate, options=options)
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "couple")
    for _ in range(draws):
        act(game, "draw_mate")
    return game


# Rulebook: intro.3, match.5.
def test_mx_a5_soulmate_adds_three_and_marks_the_couples_pile():
    game = couple_with([SOULMATE, DEATHMATE])
    assert game.couples[0] == [SOULMATE, "straight-m", "straight-f"]
    assert game.points(0) == 5 and game.person_cards(0) == 2
    assert game.mate_pile == [DEATHMATE] and game.to_move == 1


# Rulebook: match.6, setup.5 (the Discard pile lies face up).
def test_mx_a5_deathmate_pc1_discarded_pc2_back_no_cards_minus_three():
    game = couple_with([DEATHMATE, SOULMATE])
    assert game.couples[0] == [DEATHMATE]
    assert game.points(0) == -3 and game.person_cards(0) == 0
    assert game.discard[-1] == "straight-m"  # PC1
    assert game.view(1)["discard"][-1] == "straight-m"  # face up, for every player
    assert game.stacks[1] == ["celibate-f", "straight-f"]  # PC2 face down on its stack
    assert cell(game.view(1), 1, 2)["face"] is None
    assert game.result() is None


# Rulebook: match.7.
def test_mx_a5_deathmate_pc2_is_an_ordinary_card_afterwards():
    grid = dict(BASE)
    grid[(3, 1)] = ["straight-m"]
    game = couple_with([DEATHMATE, SOULMATE], grid=grid)
    open_(game, 3, 1)  # seat 1 pairs the same straight woman with another straight man
    open_(game, 1, 2)
    assert game.stage == "match"
    act(game, "couple")
    act(game, "skip_mate")
    assert game.couples[1] == ["straight-m", "straight-f"] and game.points(1) == 2


# Rulebook: match.4 (the optional draw).
def test_mx_a5_mate_draw_only_with_a_couple_and_skip_collects():
    game = table(BASE, mate=[DEATHMATE, SOULMATE])
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert "draw_mate" not in types(game)
    assert "Couple" in refused(game, "draw_mate").reason
    act(game, "couple")
    assert types(game) == ["draw_mate", "skip_mate"]
    act(game, "skip_mate")
    assert game.points(0) == 2 and game.mate_pile == [DEATHMATE, SOULMATE]
    # An Ex is never offered a mate card.
    game = table(BASE, mate=[SOULMATE])
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "ex")
    assert game.to_move == 1 and game.mate_pile == [SOULMATE]


def test_mx_a5_used_mate_cards_never_return_and_single_deck_one_per_turn():
    game = couple_with([SOULMATE, DEATHMATE])
    assert game.mate_pile == [DEATHMATE]
    assert SOULMATE in game.couples[0]
    game = table(BASE, mate=[SOULMATE, DEATHMATE])
    act(game, "draw_mate")
    assert "draw_mate" not in types(game)  # one before opening with one deck
    assert "at most one" in refused(game, "draw_mate").reason
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert game.couples[0] == [SOULMATE, "straight-m", "straight-f"]  # no second draw


# Rulebook: match.8 (the confident draw before opening).
def test_mx_a6_predrawn_soulmate_commits_to_the_couple():
    game = table(BASE, mate=[SOULMATE, DEATHMATE])
    assert "draw_mate" in types(game)
    act(game, "draw_mate")
    assert game.view(1)["mate_drawn"] == [SOULMATE]  # revealed to everyone
    open_(game, 1, 1)
    open_(game, 1, 2)  # a match: the committed Couple is taken at once
    assert game.points(0) == 5 and game.to_move == 1
    assert {"kind": "committed", "seat": 0} in game.log


def test_mx_a6_committed_player_cannot_take_the_ex():
    options = {"decks": 2}
    game = table(BASE, mate=[SOULMATE, SOULMATE, DEATHMATE, DEATHMATE], options=options)
    act(game, "draw_mate")
    open_(game, 1, 1)
    open_(game, 1, 2)
    # Committed, with a second mate draw still allowed after the Couple (two decks).
    assert game.stage == "mate" and types(game) == ["draw_mate", "skip_mate"]
    assert "couple" not in types(game)


def test_mx_a6_refused_ex_names_the_commitment():
    game = table(BASE, mate=[SOULMATE], options={"predraw_commits": True})
    game.stage = "match"  # the state a human UI would be in if it offered the Ex anyway
    game.opened = [0, 1]
    game.predrawn = 1
    game.mate_drawn = [game.mate_pile.pop(0)]
    error = refused(game, "ex")
    assert "commits you to the Couple" in error.reason and error.rule == "MX-A6"


# Rulebook: events.5.
def test_mx_a6_predrawn_deathmate_on_a_match_is_suicide():
    game = table(BASE, mate=[DEATHMATE, SOULMATE])
    act(game, "draw_mate")
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert game.points(0) == -3 and game.couples[0] == [DEATHMATE]
    assert [e["event"] for e in game.events] == ["suicide"]
    assert game.log[-1] == {"kind": "event", "seat": 0, "event": "suicide"}


# Rulebook: events.6.
def test_mx_a6_predrawn_deathmate_on_a_mismatch_is_attempted_suicide_and_discarded():
    game = table(BASE, mate=[DEATHMATE, SOULMATE], change=[TIME])
    act(game, "draw_mate")
    open_(game, 1, 1)
    open_(game, 2, 2)
    act(game, "decline_change")
    assert game.discard[-1] == DEATHMATE and game.couples[0] == []
    assert [e["event"] for e in game.events] == ["attempted_suicide"]
    assert game.points(0) == 0 and game.to_move == 1


def test_mx_a6_predraw_unused_bottom_of_pile_option():
    game = table(BASE, mate=[SOULMATE, DEATHMATE], options={"predraw_unused": "bottom_of_pile"})
    act(game, "draw_mate")
    open_(game, 1, 1)
    open_(game, 2, 1)  # no match, and the Change Chance pile is empty: the turn ends
    assert game.mate_pile == [DEATHMATE, SOULMATE]
    assert SOULMATE not in game.discard


def test_mx_a6_predraw_commits_false_allows_ex_and_sets_the_card_aside():
    game = table(BASE, mate=[DEATHMATE, SOULMATE], options={"predraw_commits": False})
    act(game, "draw_mate")
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert types(game) == ["couple", "ex"]
    act(game, "ex")
    assert game.exes[0] == ["straight-f"] and game.discard[-1] == DEATHMATE
    assert game.events == []  # a match was made, the Deathmate simply not used


def test_mx_a6_predraw_stays_committed_through_a_replacement_that_matches():
    game = table({(1, 1): ["straight-m"], (1, 2): ["gay-m"], (2, 1): ["celibate-m"]},
                 mate=[SOULMATE], change=[SC], ctp=["straight-f"])
    act(game, "draw_mate")
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "draw_change")  # a gay man may become a straight woman (MX-A9)
    act(game, "replace", target="pc2", **{"with": "straight-f"})
    assert game.couples[0] == [SOULMATE, "straight-m", "straight-f"]
    assert game.points(0) == 5


# Rulebook: match.9, events.2.
def test_mx_a17_two_decks_fairy_tale_two_soulmates_six_points():
    game = couple_with([SOULMATE, SOULMATE, DEATHMATE], draws=2, options={"decks": 2})
    assert game.points(0) == 8 and game.person_cards(0) == 2
    assert [e["event"] for e in game.events] == ["fairy_tale"]


# Rulebook: match.9, events.3.
def test_mx_a17_two_decks_tragedy_two_deathmates_minus_six_with_consequence():
    game = couple_with([DEATHMATE, DEATHMATE], draws=2, options={"decks": 2})
    assert game.points(0) == -6 and game.person_cards(0) == 0
    assert game.discard[-1] == "straight-m" and game.stacks[1][-1] == "straight-f"
    assert [e["event"] for e in game.events] == ["tragedy"]


# Rulebook: match.9, events.1.
def test_mx_a17_two_decks_deathmate_trumps_soulmate_no_points_couple_kept():
    game = couple_with([DEATHMATE, SOULMATE], draws=2, options={"decks": 2})
    assert game.points(0) == 2 and game.person_cards(0) == 2
    assert [e["event"] for e in game.events] == ["deathmate_trumps_soulmate"]


def test_mx_a17_two_decks_may_stop_after_one_mate_card():
    game = couple_with([SOULMATE, DEATHMATE], draws=1, options={"decks": 2})
    assert game.stage == "mate"
    act(game, "skip_mate")
    assert game.points(0) == 5


# Rulebook: events.4.
def test_mx_a17_romeo_and_juliet_two_before_and_two_after():
    options = {"decks": 2}
    game = table(BASE, mate=[SOULMATE, DEATHMATE, SOULMATE, DEATHMATE], options=options)
    act(game, "draw_mate")
    act(game, "draw_mate")
    assert "draw_mate" not in types(game)  # two before opening at most
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "draw_mate")
    act(game, "draw_mate")
    assert game.points(0) == 2 and game.person_cards(0) == 2  # net 0, couple collected
    events = [e["event"] for e in game.events]
    assert events == ["romeo_and_juliet", "suicide"]  # a Deathmate was drawn knowingly


# Rulebook: events.7.
def test_mx_a17_events_need_two_decks():
    # With one deck a player draws one mate card a turn, so no two can meet on one match.
    game = table(BASE, mate=[SOULMATE, DEATHMATE])
    act(game, "draw_mate")
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert game.couples[0] == [SOULMATE, "straight-m", "straight-f"]


# ---- the mismatch and the change cards (MX-A7 … MX-A11) --------------------------------------


def mismatch(grid=None, **kwargs):
    """PC1 at (1, 1) and PC2 at (1, 2) do not match; a pair of gay women far off keeps the
    game going (MX-A13)."""
    grid = grid or {(1, 1): ["straight-f"], (1, 2): ["gay-m"], (2, 1): ["gay-f"],
                    (2, 2): ["celibate-m"]}
    grid = {(4, 4): ["gay-f"], (4, 5): ["gay-f"], **grid}
    game = table(grid, **kwargs)
    open_(game, 1, 1)
    open_(game, 1, 2)
    return game


# Rulebook: mismatch.10, cards.5 (a chance thrown out).
def test_mx_a7_mismatch_decline_puts_both_back_and_passes():
    game = mismatch(change=[TIME, OC])
    assert game.stage == "mismatch" and types(game) == ["draw_change", "decline_change"]
    act(game, "decline_change")
    assert game.to_move == 1 and game.change_pile == [TIME, OC]
    assert all(c["face"] is None for c in game.view(1)["grid"])


# Rulebook: mismatch.1.
def test_mx_a7_draw_change_only_on_a_mismatch():
    game = table(BASE, change=[TIME])
    assert "mismatch" in refused(game, "draw_change").reason
    open_(game, 1, 1)
    open_(game, 1, 2)
    assert "draw_change" not in types(game)
    refused(game, "draw_change")


@pytest.mark.parametrize("code", PERSONS)
def test_mx_a8_orientation_change_keeps_sex_changes_orientation(code):
    targets = oc_targets(code)
    assert len(targets) == 2
    for target in targets:
        assert target.split("-")[1] == code.split("-")[1] and target != code


def test_mx_a8_rulebook_examples_straight_female_to_gay_female_valid():
    game = mismatch(change=[OC], ctp=["gay-f", "celibate-f", "gay-m"])
    act(game, "draw_change")
    replaces = game.legal_actions()
    assert {"type": "replace", "target": "pc1", "with": "gay-f", "seat": 0} in replaces
    assert {"type": "replace", "target": "pc1", "with": "celibate-f", "seat": 0} in replaces
    # PC2 (a gay man) may become a straight or celibate man; none is in the pile.
    assert all(a["target"] == "pc1" for a in replaces)
    act(game, "replace", target="pc1", **{"with": "gay-f"})
    assert game.discard[-2:] == [OC, "straight-f"]  # the OC first, then the replaced card
    assert game.stacks[0] == ["gay-f"] and game.change_to_person == ["celibate-f", "gay-m"]


def test_mx_a8_rulebook_example_straight_male_to_celibate_female_invalid():
    grid = {(1, 1): ["straight-m"], (1, 2): ["gay-f"], (2, 1): ["celibate-m"]}
    game = mismatch(grid, change=[OC], ctp=["celibate-f", "gay-m"])
    act(game, "draw_change")
    reason = refused(game, "replace", target="pc1", **{"with": "celibate-f"}).reason
    assert reason == ("A straight man cannot become a celibate woman by an Orientation Change:"
                      " only his orientation changes, never the sex.")
    error = refused(game, "replace", target="pc2", **{"with": "gay-m"})
    assert "A gay woman cannot become a gay man by an Orientation Change" in error.reason
    assert error.rule == "MX-A8"
    assert "no person card called 'x'" in refused(game, "replace", target="pc1",
                                                    **{"with": "x"}).reason
    assert "pc1" in refused(game, "replace", target="pc3", **{"with": "gay-m"}).reason


# Rulebook: mismatch.4.
def test_mx_a8_valid_card_not_in_the_pile_is_refused():
    game = mismatch(change=[OC], ctp=["gay-f"])
    act(game, "draw_change")
    reason = refused(game, "replace", target="pc1", **{"with": "celibate-f"}).reason
    assert "no celibate woman in the Change-To-Person pile" in reason


def test_mx_a9_sex_change_preserves_attraction():
    assert sc_targets("gay-m") == ("straight-f",)  # the rulebook's valid example
    assert "straight-f" not in sc_targets("gay-f")  # its invalid example
    assert sc_targets("straight-m") == ("gay-f",)
    assert sc_targets("straight-f") == ("gay-m",)
    assert sc_targets("gay-f") == ("straight-m",)
    assert sc_targets("celibate-m") == ("celibate-f",)
    assert sc_targets("celibate-f") == ("celibate-m",)


# Rulebook: mismatch.6, cards.3 (change cards replace person cards).
def test_mx_a9_rulebook_examples_in_play():
    grid = {(1, 1): ["gay-m"], (1, 2): ["gay-f"], (2, 1): ["celibate-m"]}
    game = mismatch(grid, change=[SC], ctp=["straight-f", "straight-m", "gay-m"])
    act(game, "draw_change")
    assert {(a["target"], a["with"]) for a in game.legal_actions()} == {
        ("pc1", "straight-f"), ("pc2", "straight-m")}
    error = refused(game, "replace", target="pc2", **{"with": "straight-f"})
    assert error.reason.startswith("A gay woman cannot become a straight woman by a Sex Change:"
                                   " the sex must change") and error.rule == "MX-A9"
    reason = refused(game, "replace", target="pc1", **{"with": "gay-m"}).reason
    assert "sex must change" in reason
    act(game, "replace", target="pc1", **{"with": "straight-f"})
    assert game.stacks[0] == ["straight-f"] and "gay-m" in game.discard


def test_mx_a9_refusal_explains_the_attraction_rule():
    grid = {(1, 1): ["straight-m"], (1, 2): ["celibate-f"], (2, 1): ["celibate-m"]}
    game = mismatch(grid, change=[SC], ctp=["straight-f", "gay-f", "celibate-m"])
    act(game, "draw_change")
    reason = refused(game, "replace", target="pc1", **{"with": "straight-f"}).reason
    assert reason == ("A straight man cannot become a straight woman by a Sex Change: the sex"
                      " changes and the attraction stays, so a straight man becomes a gay woman"
                      ".")


def test_mx_a9_any_opposite_sex_option():
    assert set(sc_targets("gay-m", "any_opposite_sex")) == {"straight-f", "gay-f", "celibate-f"}
    grid = {(1, 1): ["gay-m"], (1, 2): ["gay-f"], (2, 1): ["celibate-m"]}
    options = {"sex_change_rule": "any_opposite_sex"}
    game = mismatch(grid, change=[SC], ctp=["celibate-f", "straight-f"], options=options)
    act(game, "draw_change")
    assert {"type": "replace", "target": "pc1", "with": "celibate-f", "seat": 0} in \
        game.legal_actions()
    reason = refused(game, "replace", target="pc2", **{"with": "straight-f"}).reason
    assert "sex must change" in reason  # the invalid example stays invalid


# Rulebook: mismatch.2.
def test_mx_a10_replacement_that_matches_goes_on_as_a_match():
    game = mismatch(change=[OC], ctp=["gay-f"])
    act(game, "draw_change")
    view, other = game.view(0), game.view(1)
    assert view["change_to_person"]["cards"] == ["gay-f"]  # the turn player searches it
    assert other["change_to_person"] == {"count": 1, "cards": None}
    act(game, "replace", target="pc1", **{"with": "gay-f"})
    # gay woman (PC1) and gay man (PC2): still no match, both back face down.
    assert game.to_move == 1 and game.stacks[0] == ["gay-f"]
    # shown to everyone when placed
    assert cell(game.view(1), 1, 1)["seen"] == {"card": "gay-f", "turn": 1}
    game = mismatch({(1, 1): ["straight-f"], (1, 2): ["gay-f"], (2, 1): ["celibate-m"]},
                    change=[OC], ctp=["gay-f"])
    act(game, "draw_change")
    act(game, "replace", target="pc1", **{"with": "gay-f"})
    assert game.stage == "match" and types(game) == ["couple", "ex"]
    act(game, "couple")
    assert game.couples[0] == ["gay-f", "gay-f"] and "straight-f" in game.discard


# Rulebook: mismatch.3, mismatch.7.
def test_mx_a10_no_valid_replacement_both_back_and_card_spent():
    game = mismatch(change=[OC, TIME], ctp=["straight-m", "gay-m"])
    act(game, "draw_change")  # seat 1 may try to cancel the OC first (MX-A12)
    act(game, "decline_cancel")
    # straight woman -> gay/celibate woman, gay man -> straight/celibate man: only
    # straight-m qualifies, for PC2.
    assert game.stage == "replace" and game.legal_actions() == [
        {"type": "replace", "target": "pc2", "with": "straight-m", "seat": 0}]
    game = mismatch(change=[OC], ctp=["gay-m"])
    act(game, "draw_change")
    assert game.to_move == 1 and game.discard[-1] == OC
    assert game.change_to_person == ["gay-m"]
    assert game.log[-1] == {"kind": "no_replacement", "seat": 0, "change": OC}
    game = mismatch(change=[SC], ctp=["celibate-f"])  # nor by a Sex Change (mismatch.7)
    act(game, "draw_change")
    assert game.to_move == 1 and game.discard[-1] == SC
    assert game.log[-1] == {"kind": "no_replacement", "seat": 0, "change": SC}


# Rulebook: mismatch.9.
def test_mx_a11_time_gives_the_same_player_another_turn():
    game = mismatch(change=[TIME], players=3)
    act(game, "draw_change")  # one deck: Time cannot be cancelled, so no offers
    assert game.to_move == 0 and game.turn_player == 0 and game.stage == "start"
    assert game.discard[-1] == TIME and game.turn_number == 2
    assert all(c["face"] is None for c in game.view(0)["grid"])


def test_mx_a11_time_extra_turn_does_not_end_the_round():
    game = mismatch(change=[TIME], players=2, to_move=1, dealer=1)  # the dealer plays last
    act(game, "draw_change")
    assert game.to_move == 1 and game.round_number == 1
    open_(game, 1, 1)
    open_(game, 2, 2)
    assert game.to_move == 0 and game.round_number == 2


# ---- cancellation (MX-A12) ----------------------------------------------------------------


# Rulebook: cancel.1, cancel.2, cancel.3.
def test_mx_a12_cancellation_succeeds_with_an_identical_card():
    game = mismatch(change=[OC, OC], ctp=["gay-f"], players=3)
    act(game, "draw_change")
    assert game.stage == "cancel" and game.pending == [1] and game.to_move == 1
    assert types(game, 1) == ["attempt_cancel", "decline_cancel"]
    assert game.legal_actions(0) == [] and game.legal_actions(2) == []
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        game.apply({"type": "replace", "target": "pc1", "with": "gay-f", "seat": 0})
    assert game.view(2)["decision"]["seat"] == 1
    act(game, "attempt_cancel")
    assert game.discard[-2:] == [OC, OC] and game.change_pile == []
    assert game.to_move == 1 and game.turn_player == 1  # the turn ended
    assert game.change_to_person == ["gay-f"] and game.stacks[0] == ["straight-f"]


# Rulebook: cancel.3.
def test_mx_a12_cancellation_fails_card_to_bottom_turn_player_continues():
    game = mismatch(change=[OC, TIME, SC], ctp=["gay-f"], players=3)
    act(game, "draw_change")
    act(game, "attempt_cancel")
    assert game.change_pile == [SC, TIME]  # the opened Time went to the bottom
    assert game.stage == "replace" and game.to_move == 0
    assert game.log[-1] == {"kind": "cancel_failed", "seat": 1, "opened": TIME,
                            "turn_player": 0}
    assert game.card_locations()["change_pile:seen"] == [TIME]  # everyone saw it


def test_mx_a12_offers_go_clockwise_and_the_first_taker_makes_the_only_attempt():
    game = mismatch(change=[OC, SC, OC], ctp=["gay-f"], players=4, to_move=2, dealer=1)
    act(game, "draw_change")
    assert game.pending == [3]
    act(game, "decline_cancel")
    assert game.pending == [0]
    assert game.view(1)["decision"]["offered_after"] == [1]
    act(game, "attempt_cancel")  # opens the Sex Change: fails; seat 1 is not asked
    assert game.stage == "replace" and game.to_move == 2
    game = mismatch(change=[OC, SC], ctp=["gay-f"], players=3)
    act(game, "draw_change")
    act(game, "decline_cancel")
    act(game, "decline_cancel")
    assert game.stage == "replace" and game.to_move == 0


# Rulebook: cancel.4.
def test_mx_a12_single_deck_only_orientation_change_can_be_cancelled():
    for card in (SC, TIME):
        game = mismatch(change=[card, OC], ctp=["gay-m"], players=3)
        act(game, "draw_change")
        assert game.stage != "cancel"
        assert "cancel" in refused(game, "attempt_cancel").reason or game.to_move != 1


def test_mx_a12_two_decks_sex_change_and_time_can_be_cancelled():
    game = mismatch(change=[TIME, TIME, OC], players=2, options={"decks": 2})
    act(game, "draw_change")
    assert game.stage == "cancel" and game.pending == [1]
    act(game, "attempt_cancel")
    assert game.discard[-2:] == [TIME, TIME]
    assert game.to_move == 1  # a cancelled Time gives no extra turn
    game = mismatch(change=[SC, OC], ctp=["gay-m"], options={"decks": 2})
    act(game, "draw_change")
    act(game, "attempt_cancel")
    assert game.change_pile == [OC] and game.stage == "replace"


def test_mx_a12_no_attempt_without_a_card_to_open():
    game = mismatch(change=[OC], ctp=["gay-f"], players=3)
    act(game, "draw_change")
    assert game.stage == "replace"
    assert refused(game, "decline_cancel").rule == "MX-A12"


# ---- the end (MX-A13), scores (MX-A14), ties (MX-A15), titles (MX-A16) ----------------------


# Rulebook: end.1.
def test_mx_a13_game_ends_when_no_match_is_left_and_no_change_could_make_one():
    grid = {(1, 1): ["straight-m"], (1, 2): ["straight-f"], (2, 1): ["gay-m"],
            (2, 2): ["celibate-f"]}
    game = table(grid)
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "couple")
    assert game.over and game.result()["reason"] == "no_matches"
    assert game.legal_actions() == [] and game.to_move is None
    assert game.result()["left_on_grid"] == ["celibate-f", "gay-m"]


def test_mx_a13_buried_cards_do_not_count():
    grid = {(1, 1): ["straight-f", "straight-m"], (1, 2): ["straight-m", "gay-m"],
            (2, 1): ["celibate-f"]}
    game = table(grid)
    assert game.over and game.result()["reason"] == "no_matches"


def test_mx_a13_a_change_card_that_could_make_a_match_keeps_the_game_going():
    grid = {(1, 1): ["straight-m"], (1, 2): ["gay-f"], (2, 1): ["celibate-m"]}
    # An OC could turn the gay woman into a straight woman to match the straight man.
    game = table(grid, change=[TIME, OC], ctp=["straight-f"])
    assert not game.over
    assert table(grid, change=[TIME], ctp=["straight-f"]).over  # Time makes no match
    # A Sex Change keeps the attraction: no top card may become a straight woman ...
    assert table(grid, change=[TIME, SC], ctp=["straight-f"]).over
    # ... but the straight man may become a gay woman, to match the gay woman.
    assert not table(grid, change=[TIME, SC], ctp=["gay-f"]).over
    # Any card of the other sex: the celibate man may become a straight woman.
    game = table(grid, change=[TIME, SC], ctp=["straight-f"],
                 options={"sex_change_rule": "any_opposite_sex"})
    assert not game.over


def test_mx_a13_fewer_than_two_locations_ends_the_game():
    grid = {(1, 1): ["straight-m", "straight-f"], (1, 2): ["straight-m"]}
    game = table(grid)
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "couple")
    assert game.over and game.result()["reason"] == "few_stacks"


# Rulebook: end.3.
def test_mx_a13_max_rounds_option():
    grid = {(1, c): ["straight-m"] for c in range(1, 6)}
    grid[(2, 1)] = ["straight-f"]
    game = table(grid, players=3, to_move=0, dealer=2, options={"max_rounds": 5})
    turns = 0
    while not game.over:
        open_(game, 1, 1)
        open_(game, 1, 2)
        turns += 1
    assert turns == 15 and game.result()["reason"] == "max_rounds"


def test_mx_a13_stall_turns_option_and_off_by_default():
    grid = {(1, c): ["straight-m"] for c in range(1, 6)}
    grid[(2, 1)] = ["straight-f"]
    game = table(grid, players=2, options={"stall_turns": "2x_players"})
    for _ in range(4):
        open_(game, 1, 1)
        open_(game, 1, 2)
    assert game.over and game.result()["reason"] == "stalled"
    game = table(grid, players=2)
    for _ in range(40):
        open_(game, 1, 1)
        open_(game, 1, 2)
    assert not game.over
    spec = next(o for o in OPTIONS if o["id"] == "stall_turns")
    assert spec["default"] is None


def test_mx_a13_time_limit_is_the_clock_not_a_legal_move():
    game = table(BASE, mate=[SOULMATE], options={"time_limit": 20})
    assert "time_up" not in types(game)
    act(game, "draw_mate")
    open_(game, 1, 1)
    act(game, "time_up")
    assert game.over and game.result()["reason"] == "time_up"
    assert game.discard[-1] == SOULMATE and game.events == []  # the turn was cut short
    assert engine.replay(game.record()) == game
    game = table(BASE)
    reason = refused(game, "time_up").reason
    assert "no time limit" in reason


# Rulebook: winners.1.
def test_mx_a14_score_is_points_and_winner_by_person_cards_option():
    couples = [["straight-m", "straight-f", SOULMATE], ["gay-m", "gay-m", "gay-f", "gay-f"]]
    grid = {(1, 1): ["celibate-m"], (1, 2): ["celibate-f"]}
    game = table(grid, couples=couples, exes=[[], []])
    result = game.result()
    assert result["reason"] == "no_matches"
    assert result["scores"] == [5, 4] and result["winners"] == [0]
    assert result["person_cards"] == [2, 4] and result["points"] == [5, 4]
    game = table(grid, couples=couples, options={"winner_by": "person_cards"})
    assert game.result()["scores"] == [2, 4] and game.result()["winners"] == [1]


# Rulebook: winners.2.
def test_mx_a15_ties_shared_or_rematch():
    couples = [["straight-m", "straight-f"], ["gay-m", "gay-m"]]
    grid = {(1, 1): ["celibate-m"], (1, 2): ["celibate-f"]}
    result = table(grid, couples=couples).result()
    assert result["winners"] == [0, 1] and result["tie"] and result["rematch"] is None
    result = table(grid, couples=couples, options={"tie_rule": "rematch"}).result()
    assert result["winners"] == [0, 1] and result["rematch"] == [0, 1]


# Rulebook: intro.4, winners.3, winners.4, winners.5.
def test_mx_a16_titles_match_maker_the_player_grand_master():
    grid = {(1, 1): ["celibate-m"], (1, 2): ["celibate-f"]}
    couples = [["straight-m", "straight-f", "gay-m", "gay-m"], ["gay-f", "gay-f"], []]
    exes = [["straight-f", "straight-m"], ["gay-f"], []]
    titles = table(grid, players=3, couples=couples, exes=exes).result()["titles"]
    assert titles == {"match_maker": [0], "the_player": [0], "grand_master": 0}
    exes = [["straight-f"], ["gay-f"], []]
    titles = table(grid, players=3, couples=couples, exes=exes).result()["titles"]
    assert titles == {"match_maker": [0], "the_player": [0, 1], "grand_master": None}
    couples = [[DEATHMATE, SOULMATE], ["gay-f", "gay-f"], []]  # markers are no couple
    titles = table(grid, players=3, couples=couples, exes=[[], ["gay-m"], ["gay-m"]]).result()[
        "titles"]
    assert titles == {"match_maker": [1], "the_player": [1, 2], "grand_master": None}
    titles = table(grid, players=3).result()["titles"]
    assert titles == {"match_maker": [], "the_player": [], "grand_master": None}


def test_mx_a16_the_same_players_tied_for_both_titles_make_no_grand_master():
    # winners.5: the Grand Master holds both titles; MX-A16: alone. Seats 0 and 1 tie for the
    # most couples and for the most exes: each title is shared by the same two players, and
    # neither is the Grand Master (nor is one picked by seat order), and the log says so.
    grid = {(1, 1): ["celibate-m"], (1, 2): ["celibate-f"]}
    couples = [["gay-m", "gay-m"], ["gay-f", "gay-f"], []]
    exes = [["straight-f"], ["straight-m"], []]
    game = table(grid, players=3, couples=couples, exes=exes)
    assert game.result()["titles"] == {"match_maker": [0, 1], "the_player": [0, 1],
                                       "grand_master": None}
    log = game.view(None)["log"]
    assert {"kind": "title", "title": "match_maker", "seats": [0, 1]} in log
    assert {"kind": "title", "title": "the_player", "seats": [0, 1]} in log
    assert not [entry for entry in log if entry["kind"] == "grand_master"]


def test_mx_a16_titles_are_logged_at_the_end():
    grid = {(1, 1): ["celibate-m"], (1, 2): ["celibate-f"]}
    game = table(grid, couples=[["gay-m", "gay-m"], []], exes=[["gay-f"], []])
    log = game.view(None)["log"]
    assert {"kind": "title", "title": "match_maker", "seats": [0]} in log
    assert log[-1] == {"kind": "grand_master", "seat": 0}
    said = [words.describe(entry, Speaker(players=2, viewer=1)) for entry in log]
    assert "The Match-Maker: Seat 1." in said and said[-1] == "The Grand Master: Seat 1!"


# ---- the rest of the rulings (MX-A18 … MX-A22) ----------------------------------------------


# Rulebook: cards.4, cards.6.
def test_mx_a18_orientation_change_influence_is_not_a_move():
    game = table(BASE)
    reason = refused(game, "influence").reason
    assert "no move called 'influence'" in reason
    ruling = next(r for r in RULE_VERSIONS[-1]["rulings"] if r["id"] == "MX-A18")
    assert "not implemented" in ruling["text"]


# Rulebook: cancel.5.
def test_mx_a19_the_engine_validates_and_refusals_change_nothing():
    game = table(BASE, mate=[SOULMATE], change=[OC])
    refused(game, "couple")
    refused(game, "ex")
    refused(game, "skip_mate")
    refused(game, "decline_change")
    refused(game, "replace", target="pc1", **{"with": "gay-f"})
    refused(game, "open", stack=[1, 1], extra=1)
    before = game.to_json()
    with pytest.raises(IllegalAction, match="not seat 2's turn"):
        game.apply({"type": "open", "stack": [1, 1], "seat": 1})
    with pytest.raises(IllegalAction):
        game.apply({"type": "open", "stack": [1, 1], "seat": 9})
    with pytest.raises(IllegalAction):
        game.apply("open")
    assert game.to_json() == before


# Rulebook: end.2.
def test_mx_a20_open_grid_shows_every_person_card():
    game = MatchMaker(players=2, seed=5, options={"open_grid": True})
    view = game.view(1)
    for entry in view["grid"]:
        stack = game.stacks[game.layout.index[(entry["row"], entry["col"])]]
        assert entry["cards"] == stack and entry["face"] == stack[-1]
    assert sorted(view["change_to_person"]["cards"]) == sorted(game.change_to_person)
    closed = MatchMaker(players=2, seed=5).view(1)
    assert all(e["cards"] is None and e["face"] is None for e in closed["grid"])


def test_mx_a21_no_extra_turn_after_a_match_unless_the_option():
    game = table(BASE)
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "couple")
    assert game.to_move == 1
    game = table(BASE, options={"match_grants_extra_turn": True})
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "ex")
    assert game.to_move == 0 and game.turn_number == 2


def test_mx_a22_empty_piles():
    game = table(BASE)  # no mate cards, no change cards
    assert "draw_mate" not in types(game)
    assert "Mate Chance pile is empty" in refused(game, "draw_mate").reason
    open_(game, 1, 1)
    open_(game, 2, 1)  # mismatch, nothing to draw: the turn just ends
    assert game.to_move == 1 and game.stage == "start"
    game = mismatch(change=[SC])  # empty Change-To-Person pile: the SC fails, spent
    act(game, "draw_change")
    assert game.to_move == 1 and game.discard[-1] == SC


# ---- rules data and options -------------------------------------------------------------


def test_rules_data_every_ruling_is_cited_and_the_notes_point_at_rules():
    version = RULE_VERSIONS[-1]
    assert version["id"] == "match-maker-v1"
    assert [r["id"] for r in version["rulings"]] == [f"MX-A{i}" for i in range(1, 24)]
    ruling_ids = {r["id"] for r in version["rulings"]}
    rule_ids = [rule["id"] for s in version["sections"] for rule in s["rules"]]
    assert len(rule_ids) == len(set(rule_ids))
    for section in version["sections"]:
        assert set(section) == {"id", "title", "rules"}
        for rule in section["rules"]:
            assert set(rule) == {"id", "text", "rulings"}
            assert set(rule["rulings"]) <= ruling_ids
    cited = {r for s in version["sections"] for rule in s["rules"] for r in rule["rulings"]}
    assert cited == ruling_ids
    for note in version["notes"]:
        assert note["rule"] in rule_ids
    texts = " ".join(rule["text"] for s in version["sections"] for rule in s["rules"])
    for example in ("Straight-Female (PC1) replaced with a Gay-Female",
                    "Straight-Male (PC1) replaced with a Celibate-Female",
                    "Gay-Male (PC1) replaced with a Straight-Female",
                    "Gay-Female (PC1) replaced with a Straight-Female"):
        assert example in texts
    json.dumps(MatchMaker.describe())


def test_options_table_has_every_config_key():
    ids = [o["id"] for o in OPTIONS]
    assert ids == ["person_mix", "chance_mix", "decks", "grid_stacks", "sex_change_rule",
                   "predraw_commits", "predraw_unused", "winner_by", "tie_rule",
                   "match_grants_extra_turn", "open_grid", "max_rounds", "time_limit",
                   "stall_turns"]
    for spec in OPTIONS:
        assert set(spec) == {"id", "title", "default", "values", "labels", "meaning", "ruling",
                             "locked"}
        assert len(spec["labels"]) == len(spec["values"])  # words a person reads (#9)
        for label in spec["labels"]:
            assert "_" not in label and label not in ("None", "True", "False")
        assert spec["default"] == spec["values"][0]
        assert spec["ruling"].startswith("MX-A")
    with pytest.raises(IllegalAction):
        MatchMaker(options={"decks": 3})
    with pytest.raises(IllegalAction):
        MatchMaker(options={"decks": True})
    with pytest.raises(IllegalAction):
        MatchMaker(options={"no_such": 1})


# ---- the log, in words --------------------------------------------------------------------


# The codes that are no English word ("soulmate", "time" are).
CODES = [code for code in PERSONS + CHANCES if "-" in code]


def played_log(players=3, seed=0, options=None) -> list:
    game = MatchMaker(players=players, seed=seed, options=options or {})
    rng = SeededRng(seed)
    bots = [make_bot(MatchMaker, None, rng.fork()) for _ in range(players)]
    while not game.over:
        seat = game.to_move
        legal = game.legal_actions(seat)
        # Mostly the bot, sometimes any move, so declines and mate draws happen too.
        move = rng.choice(legal) if rng.randbelow(100) < 30 else bots[seat].choose(
            game.view(seat), legal)
        game.apply(move)
    return game.log


def test_every_log_entry_kind_is_documented_and_worded_for_its_reader():
    documented = set(re.findall(r"^([a-z_]+)\s{2,}", words.__doc__, re.M)) - {"kind"}
    assert documented == set(words.KINDS)
    seen = set()
    for seed in range(8):
        options = {"decks": 2, "predraw_unused": "bottom_of_pile"} if seed % 2 else {}
        for entry in played_log(seed=seed, options=options):
            seen.add(entry["kind"])
            for viewer in (None, 0, 1):
                line = words.describe(entry, Speaker(players=3, viewer=viewer))
                assert line and line[0].isupper() and line[-1] in ".!", (entry, line)
                for code in CODES:  # cards by name, never by code
                    assert code not in line, (entry, line)
                assert "PC1" not in line and "PC2" not in line
    assert seen >= set(words.KINDS) - {"scenario", "time_up", "cancelled", "committed",
                                       "deathmate", "grand_master"}
    opened = {"kind": "opened", "seat": 1, "card": "gay-f", "pc": 2}
    assert words.describe(opened, Speaker(players=2, viewer=1)) == (
        "You open a gay woman as the second card.")
    assert words.describe(opened, Speaker(players=2, viewer=0)) == (
        "Seat 2 opens a gay woman as the second card.")
    deathmate = {"kind": "deathmate", "seat": 0, "card": "straight-m", "points": 3}
    assert words.describe(deathmate, Speaker(players=2, viewer=0)) == (
        "The straight man (the first card) found a deathmate and is discarded; you lose 3"
        " points.")


def test_no_log_entry_says_where_a_card_lies_unless_every_card_is_face_up():
    """A written record of which card went back into which stack would do the players'
    remembering for them; in beginner mode (MX-A20) the table shows every card anyway."""
    for entry in played_log(seed=3):
        assert "row" not in entry and "col" not in entry and "stack" not in entry, entry
        assert "only" not in entry  # nothing logged is secret from anyone
    beginner = [e for e in played_log(seed=3, options={"open_grid": True})
                if e["kind"] == "opened"]
    assert beginner and all("row" in e and "col" in e for e in beginner)
    line = words.describe(beginner[0], Speaker(players=3))
    assert f"at row {beginner[0]['row']}, column {beginner[0]['col']}" in line


def test_refusals_name_cards_and_the_two_opened_cards_in_words():
    game = table({(1, 1): ["straight-m"], (1, 2): ["gay-m"], (2, 1): ["celibate-f"]},
                 change=[SC], ctp=["gay-f", "straight-f"])
    open_(game, 1, 1)
    reasons = [refused(game, "open", stack=[1, 1]).reason, refused(game, "couple").reason]
    open_(game, 1, 2)
    act(game, "draw_change")
    reasons += [refused(game, "replace", target="pc1", **{"with": "straight-f"}).reason,
                refused(game, "replace", target="pc2", **{"with": "gay-f"}).reason,
                refused(game, "couple").reason, refused(game, "open", stack=[2, 1]).reason]
    for reason in reasons:
        assert "PC1" not in reason and "PC2" not in reason, reason
        for code in CODES:
            assert code not in reason, reason
    assert "You opened your first card at row 1, column 1" in reasons[0]
