"""Matchmakers positions (engine/games/matchmakers/position.py): scenarios are read and
checked, impossible ones refused with a reason, and ``position()`` writes any state of a game
back so that ``from_scenario(game.to_scenario())`` is the same game."""

import json

import pytest
from matchmakers_tables import (
    allowed,
    deal_4p,
    loser_example,
    places_ok,
    play,
    straw_of,
    table,
    trick_of,
)

import engine
from engine import IllegalAction, from_scenario
from engine.games.matchmakers import Matchmakers
from engine.rng import SeededRng

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
    ({"hands": [["R1", "R1"], ["B1"], ["G1"], ["Y1"]]}, "The card red 1 appears 2 times"),
    ({"hands": [["R1", "X1"], ["B1"], ["G1"], ["Y1"]]},
     "position.hands[0][1]: expected a card of this game, got \"X1\""),
    ({"hands": [["R1", "T4"], ["B1"], ["G1"], ["Y1"]]}, "Guides are never in a hand"),
    ({"guides": [["T4"], ["T4"], [], []]}, "The card guide 4 appears 2 times"),
    ({"guides": [["R4s"], [], [], []]}, "an animal card is never in front of a player"),
    ({"campsites": [["T2"], []]}, "Guides never go to a campsite"),
    ({"round": 4}, "position.round: expected a whole number from 1 to 3, got 4"),
    ({"scores": [3, 0]}, "Nobody has scored before round 1"),
    ({"starter": 1, "dealer": 0}, "In round 1 the dealer is the starting player"),
    ({"discard": ["R2s"]}, "Every card must be placed; missing:"),
    ({"trick": [{"seat": 1, "card": "R9"}]}, "The trick's first card must be the leader's"),
    ({"trick": [{"seat": 0, "card": "R9"}, {"seat": 2, "card": "R8s"}]}, "did not have the turn"),
    ({"trick": [{"seat": 0, "card": "R9"}, {"seat": 1, "card": "G8s"}],
      "hands": [["R1"], ["R3"], ["G1"], ["Y1"]]}, "could not have played the green 8★"),
    ({"trick": [{"seat": 0, "card": "R2s"}, {"seat": 1, "card": "R2m"}]}, "Matchmaking"),
    ({"hands": [["R1"], [], ["G1"], ["Y1"]]}, "already over"),
    ({"stage": "exchange"}, "every hand holds the 13 cards dealt"),
    ({"straw": [[], []]}, "2-player variant only"),
    ({"colour": "x"}, "there is no field 'colour'"),
    ({"stage": "claim", "trick": [{"seat": 0, "card": "R9"}]}, "That trick is not finished"),
    ({"claimed": "T2"}, "\"claimed\" is for the stage \"collect\""),
    ({"stage": "start"}, "The stage \"start\" comes only"),
    ({"stage": "over"}, "A game is over after a scored round"),
    ({"score_sheet": [{"starter": 0, "campsites": [[], []], "guides": [[], []]}]},
     "Round 1 comes after 0 scored rounds"),
    ({"stage": "exchange", "exchange": [{"initiator": 0, "picked": [], "given": None,
                                         "returned": None}]},
     "position.exchange: expected a list of 2 (one per team)"),
])
def test_setup_position_refuses_impossible_positions(change, message):
    position = {"hands": [["R1"], ["B1"], ["G1"], ["Y1"]], **change}
    with pytest.raises(IllegalAction) as caught:
        from_scenario({"game": "matchmakers", "players": 4, "position": position})
    assert message in caught.value.reason


def test_setup_position_two_player_straw_checks():
    base = {"hands": [["R1"], ["B1"]],
            "straw": [straw_of(["R3"], ["R5"]), straw_of(["B3"], ["B5"])]}
    game = from_scenario({"game": "matchmakers", "players": 2, "position": base})
    places_ok(game)
    bad = dict(base, straw=[straw_of([], ["R5"]), straw_of(["B3"], ["B5"])])
    with pytest.raises(IllegalAction, match="more uncovered face-down cards"):
        from_scenario({"game": "matchmakers", "players": 2, "position": bad})
    with pytest.raises(IllegalAction, match="no exchange with 2 players"):
        from_scenario({"game": "matchmakers", "players": 2,
                       "position": dict(base, stage="exchange")})
    with pytest.raises(IllegalAction, match="need \"straw\""):
        from_scenario({"game": "matchmakers", "players": 2, "position": {"hands": [[], []]}})


def test_a_claim_in_progress_is_a_position():
    played = loser_example()
    play(played, "G4s")
    play(played, "B4s")
    position = played.position()
    assert position["stage"] == "claim" and "last_trick" not in position
    game = from_scenario({"game": "matchmakers", "players": 4, "position": position})
    assert game.pending == [2] and game.legal_actions(2) == played.legal_actions(2)
    assert game.resolution == played.resolution and game.office == played.office


def test_a_collect_after_a_claim_is_a_position():
    played = table([["R9"], ["R2s", "B1"], ["R3"], ["R4s"]], guides=[[], [], [], ["T2"]],
                   trick=trick_of((0, "R8s")))
    play(played, "R2s")
    play(played, "R3")
    play(played, "T2")  # the loser (seat 1) may recruit the guide 2 just played (MK-A13)
    played.apply({"type": "claim_guide", "guide": "T2", "from": "office", "seat": 1})
    position = played.position()
    assert position["stage"] == "collect" and position["claimed"] == "T2"
    assert position["guides"][1] == ["T2"] and {"seat": 3, "card": "T2"} in position["trick"]
    game = from_scenario({"game": "matchmakers", "players": 4, "position": position})
    assert game.full_state() == played.full_state()
    with pytest.raises(IllegalAction, match="was played in this trick"):
        from_scenario({"game": "matchmakers", "players": 4,
                       "position": dict(position, claimed=None)})


def test_an_exchange_under_way_is_a_position_and_its_colours_are_checked():
    played = from_scenario({"game": "matchmakers", "players": 4,
                            "position": {"hands": deal_4p(), "stage": "exchange"}})
    for card in played.hands[0][:3]:
        played.apply({"type": "give", "card": card, "seat": 0})
    played.apply({"type": "give", "card": played.hands[1][0], "seat": 1})
    position = played.position()
    game = from_scenario({"game": "matchmakers", "players": 4, "position": position})
    assert game.full_state() == played.full_state()
    assert game.legal_actions(2) == played.legal_actions(2)
    given = position["exchange"][0]["given"]
    wrong = [c for c in position["hands"][0] if c[0] not in {g[0] for g in given}][:3]
    record = dict(position["exchange"][0], returned=wrong)
    with pytest.raises(IllegalAction, match="colours of the cards given"):
        from_scenario({"game": "matchmakers", "players": 4,
                       "position": dict(position, exchange=[record, position["exchange"][1]])})


def random_states(players: int, seed: int, options=None, picks: int = 3):
    """States of one seeded random game: ``picks`` random moments, and every moment of the
    rarer kinds (the leading team naming its starter, a skipped turn in a 2-player trick)."""
    rng = SeededRng(seed * 13 + players)
    game = Matchmakers(players=players, seed=seed, options=options)
    moves = []
    while not game.over:
        moves.append(rng.choice(game.legal_actions(rng.choice(game.pending))))
        game.apply(moves[-1])
    wanted = {rng.randbelow(len(moves) + 1) for _ in range(picks)}
    game = Matchmakers(players=players, seed=seed, options=options)
    for number, action in enumerate(moves + [None]):
        rare = game.stage == "start" or (game.stage == "play" and game.turn != len(game.trick))
        if number in wanted or rare:
            yield game.copy()
        if action is not None:
            game.apply(action)


def assert_same_game(game, copy):
    assert copy.full_state() == game.full_state()  # every STATE field and the RNG
    assert copy.to_move == game.to_move and copy.pending == game.pending
    for seat in [None] + list(range(game.players)):
        assert copy.legal_actions(seat) == game.legal_actions(seat)
        mine = {k: v for k, v in copy.view(seat).items() if k not in ("log", "log_next")}
        theirs = {k: v for k, v in game.view(seat).items() if k not in ("log", "log_next")}
        assert mine == theirs


OPTION_SETS = [None, {"exchange_initiator": "team_choice"}, {"next_starter": "team_choice"},
               {"straw_emergency_reveal": False}, {"allow_self_matchmaking": False},
               {"claim_trump_played_this_trick": False}, {"campsite_visibility": "private"},
               {"twop_collect_exclusion": "winning_card_only"}]


def round_trips(players: int, seeds) -> set:
    stages = set()
    for seed in seeds:
        for game in random_states(players, seed, OPTION_SETS[seed % len(OPTION_SETS)]):
            stages.add(game.stage if game.turn == len(game.trick) else "skipped turn")
            scenario = json.loads(json.dumps(game.to_scenario()))  # it survives JSON
            copy = engine.from_scenario(scenario)
            assert_same_game(game, copy)
            rng = SeededRng(seed)
            for _ in range(40):  # both go on identically, the next deal's RNG included
                if game.over:
                    break
                action = rng.choice(game.legal_actions(rng.choice(game.pending)))
                game.apply(action)
                copy.apply(action)
            assert copy.full_state() == game.full_state()
    return stages


@pytest.mark.parametrize("players", [4, 2])
def test_position_round_trips_at_random_states(players):
    """Seeded random play to random states, then from_scenario(to_scenario()) is the same
    game in state, RNG, whose turn, legal moves and views, and plays on the same."""
    stages = round_trips(players, range(12))
    assert {"play", "claim", "collect"} <= stages, stages


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 2])
def test_position_round_trips_at_many_random_states(players):
    stages = round_trips(players, range(12, 212))
    expected = {"start", "exchange", "play", "claim", "collect", "over"} if players == 4 else {
        "play", "claim", "collect", "over", "skipped turn"}
    assert expected <= stages, stages
