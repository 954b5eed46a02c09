"""Matchmakers: the end of a round, the scoring optimiser (MK-A18), the game's end and the next
starter, and the 2-player straw-pile variant (MK-A24 … MK-A29)."""

import json

import pytest
from matchmakers_tables import (
    allowed,
    loser_example,
    places_ok,
    play,
    refused,
    table,
    trick_of,
    two_player,
)

from engine.games.matchmakers import words
from engine.games.matchmakers.rules import (
    ANIMALS,
    GUIDES,
    arrangement_points,
    best_arrangement,
)
from engine.rng import SeededRng
from engine.words import Speaker

# ---- round end, scoring ---------------------------------------------------------------------


def test_mk_a17_the_trick_that_empties_a_hand_is_completed_then_the_round_ends():
    # overview.end, scoring.end
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
    # scoring.pool, scoring.couple, scoring.buddies, scoring.plus
    result = best_arrangement(["R8s", "R8m", "B8s", "G8s", "Y8s"])
    assert result["points"] == 40 and result["unmatched"] == []
    kinds = sorted((s["kind"], tuple(s["cards"])) for s in result["sets"])
    assert kinds == [("buddies", ("B8s", "G8s", "Y8s")), ("couple", ("R8s", "R8m"))]


def test_mk_a18_four_odd_values_of_distinct_colours_are_one_buddies():
    result = best_arrangement(["R7", "B7", "G7", "Y7"])
    assert result == {"sets": [{"kind": "buddies", "cards": ["R7", "B7", "G7", "Y7"],
                                "points": 28}], "unmatched": [], "points": 28}


def test_mk_a18_twins_plus_buddies_and_leftovers_score_minus_their_value():
    # scoring.minus
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
    # end.margin
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
    # end.three
    game = _last_trick_game(3, [10, 5], 0, [[], []])
    _play_out_trick(game)  # team 1 collects the red 1: 10 and 4
    assert game.over and game.result()["winners"] == [0, 2]
    assert game.result()["reason"] == "rounds"
    game = _last_trick_game(3, [4, 5], 0, [[], []])
    _play_out_trick(game)  # 4 and 4
    assert game.result()["winners"] == [0, 1, 2, 3] and game.result()["winning_teams"] == [0, 1]
    assert game.log[-1] == {"kind": "game_over", "winners": [[0, 2], [1, 3]]}
    assert words.describe(game.log[-1], Speaker(players=4)) == (
        "Game over: the totals are equal, the victory is shared.")
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
    # overview.campsite
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


def test_mk_a24_two_player_order_and_the_leaders_second_card_follows():
    # twop.order
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
    assert {"kind": "revealed", "seat": 0, "cards": ["B7"], "rule": "twop.reveal"} in game.log
    assert "B7" in game.animals_of(0) and game.view(1)["straw"][0][1]["up"] == "B7"
    places_ok(game)


def test_mk_a26_emergency_reveal_when_a_player_has_no_card_to_play():
    # seat 0 leads its last available card (a straw card); at its second turn it must reveal
    game = two_player([[], ["R3", "G1", "B1"]], [["R7"], ["B3"]], downs=[["B7"], ["G9"]],
                      starter=0)
    play(game, "R7")
    play(game, "R3")
    assert game.to_move == 0 and allowed(game) == ["B7"]
    assert game.log[-1] == {"kind": "revealed", "seat": 0, "cards": ["B7"], "rule": "MK-A26"}
    assert words.describe(game.log[-1], Speaker(players=2, viewer=0)) == (
        "You reveal the blue 7 in your straw pile to have a card to play.")


def test_mk_a26_without_emergency_reveal_the_play_is_skipped():
    game = two_player([[], ["R3", "G1", "B1"]], [["R7"], ["B3"]], downs=[["B7"], ["G9"]],
                      starter=0, options={"straw_emergency_reveal": False})
    play(game, "R7")
    play(game, "R3")
    assert game.to_move == 1 and game.log[-1] == {"kind": "skipped", "seat": 0}
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
    assert game.discard[-1] == "R9"
    assert game.log[-1] == {"kind": "nothing_to_collect", "seat": 0}
    option = two_player(hands, [["Y1"], ["B3"]], starter=0, guides=[["T8"], ["T2", "T4"]],
                        options={"twop_collect_exclusion": "winning_card_only"})
    for card in ("R9", "T2", "T8", "T4"):
        play(option, card)
    assert option.campsites == [["R9"], []]  # only the winning card is excluded


def test_mk_a28_the_winner_and_the_loser_can_be_the_same_player():
    # twop.same: resolution as with 4 players
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
