"""Matchmakers as a whole game: views and what each seat may see, the structured log and its
words, saves and replays, the rules data, the bots, and seeded simulations of both variants
(the generic invariants of every game are in tests/test_engine_protocol.py)."""

import json
import random
import re

import pytest
from matchmakers_tables import (
    deal_4p,
    exchange_game,
    loser_example,
    play,
    refused,
    table,
    trick_of,
    two_player,
)

import engine
from engine import IllegalAction
from engine.bots import RandomBot, make_bot
from engine.games.matchmakers import Matchmakers, words
from engine.games.matchmakers.bots import BasicBot
from engine.games.matchmakers.rulebook import OPTIONS, RULE_VERSIONS
from engine.games.matchmakers.rules import GUIDES
from engine.rng import SeededRng
from engine.words import Speaker

CODE = re.compile(r"\b(?:[RBGY][1-9][sm]?|T[2468])\b")  # a card code where words belong


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
    assert data["bots"] == ["basic", "easy", "strong", "random"]


def test_options_table_has_every_mk_config_key_default_first():
    assert [o["id"] for o in OPTIONS] == [
        "exchange_initiator", "trump_vs_trump", "claim_trump_played_this_trick",
        "all_trumps_next_leader", "allow_self_matchmaking", "next_starter",
        "straw_emergency_reveal", "twop_collect_exclusion", "campsite_visibility"]
    for spec in OPTIONS:
        assert set(spec) == {"id", "title", "default", "values", "labels", "meaning", "ruling",
                             "locked"}
        assert spec["values"][0] == spec["default"]
        # words a person reads for each value (issue #9 item 9), never the value's code
        assert len(spec["labels"]) == len(spec["values"])
        for value, label in zip(spec["values"], spec["labels"], strict=True):
            assert label[:1].isupper() and "_" not in label and label != str(value)
        assert "_" not in spec["meaning"]
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
    # twop.count: nobody may look at face-down cards, so the refusal of one's own face-down
    # card reads exactly like that of a card the opponent holds
    err = refused(game, {"type": "play", "card": "Y2s", "seat": 0})
    assert err.reason == ("You do not hold the yellow 2★ in your hand or face up in your straw"
                          " pile.") and err.rule == "twop.hand"
    err = refused(game, {"type": "play", "card": "R3", "seat": 0})
    assert err.reason == ("You do not hold the red 3 in your hand or face up in your straw"
                          " pile.")
    err = refused(game, {"type": "dance", "seat": 0})
    assert "no move called 'dance'" in err.reason
    err = refused(game, {"type": "collect", "card": "R3", "seat": 0})
    assert "play a card" in err.reason


# ---- the log: data, words, and only what each seat may see -----------------------------------

def _hidden_cards(game, seat) -> set:
    places = game.card_locations()
    return {card for place in game.hidden_places(seat) for card in places.get(place, [])}


@pytest.mark.parametrize("players, options", [(4, None), (2, None),
                                              (4, {"campsite_visibility": "private"})])
def test_no_log_entry_names_a_card_its_reader_may_not_see(players, options):
    """Per seat and for spectators: a new entry never names a card hidden from that reader
    before and after the move (within a round: the next deal puts seen cards in hands)."""
    seats = [None] + list(range(players))
    for seed in range(4):
        game = Matchmakers(players=players, seed=seed, options=options)
        rng = SeededRng(seed)
        while not game.over:
            before = {seat: _hidden_cards(game, seat) for seat in seats}
            start, round_before = len(game.log), game.round
            game.apply(rng.choice(game.legal_actions(rng.choice(game.pending))))
            if game.round != round_before:
                continue
            for seat in seats:
                secret = before[seat] & _hidden_cards(game, seat)
                text = json.dumps(game.log_for(seat, start))
                assert not [c for c in secret if f'"{c}"' in text], (seat, text)


def test_spectators_and_opponents_never_see_which_cards_were_exchanged():
    game = Matchmakers(players=4, seed=11)
    rng = SeededRng(3)
    while game.stage == "exchange":
        game.apply(rng.choice(game.legal_actions(rng.choice(game.pending))))
    secret = [entry for entry in game.log if entry["kind"] == "passed_cards"]
    assert len(secret) == 4 and all(len(entry["cards"]) == 3 for entry in secret)
    for entry in secret:
        assert entry["only"] == sorted([entry["seat"], entry["to"]])
        assert entry["to"] == (entry["seat"] + 2) % 4
    assert not any(e["kind"] == "passed_cards" for e in game.view(None)["log"])
    for seat in range(4):
        seen = [e for e in game.view(seat)["log"] if e["kind"] == "passed_cards"]
        assert len(seen) == 2 and all(seat in (e["seat"], e["to"]) for e in seen)
        assert all("only" not in e for e in seen)


def _log_of_every_kind() -> list:
    """Entries of every kind: seeded games of both variants and options, and the rare ones."""
    entries = []
    for seed in range(8):
        options = [None, {"next_starter": "team_choice"}, {"straw_emergency_reveal": False},
                   {"claim_trump_played_this_trick": False}][seed % 4]
        for players in (4, 2):
            game = Matchmakers(players=players, seed=seed, options=options)
            rng = SeededRng(seed)
            while not game.over:
                game.apply(rng.choice(game.legal_actions(rng.choice(game.pending))))
            entries += game.log
    rare = table([["R9"], ["B1"], ["R3"], ["R5"]], guides=[["T4"], ["T8"], ["T2"], ["T6"]])
    for card in ("T4", "T8", "T2", "T6"):
        play(rare, card)  # guides_only
    entries += rare.log
    held = table([["R9"], ["R2s", "B1"], ["R3"], ["R4s"]], guides=[[], ["T2"], [], []],
                 trick=trick_of((0, "R8s")))
    for card in ("R2s", "R3", "R4s"):
        play(held, card)  # holds_guide
    entries += held.log
    skip = two_player([[], ["R3", "G1", "B1"]], [["R7"], ["B3"]], downs=[[], ["G9"]],
                      starter=0)
    play(skip, "R7")
    play(skip, "R3")  # skipped, then the round ends
    empty = two_player([["R9", "B1"], ["G1"]], [["Y1"], ["B3"]], starter=0,
                       guides=[["T8"], ["T2", "T4"]])
    for card in ("R9", "T2", "T8", "T4"):
        play(empty, card)  # nothing_to_collect
    return entries + skip.log + empty.log


def test_describe_words_every_kind_of_log_entry_for_every_reader():
    entries = _log_of_every_kind()
    documented = set(words._SENTENCES)
    assert {entry["kind"] for entry in entries} == documented
    for kind in documented:  # every kind is in the module's docstring too
        assert f"``{kind}``" in words.__doc__, kind
    for entry in entries:
        for viewer in (None, 0, 1):
            sentence = words.describe(entry, Speaker(players=4, viewer=viewer))
            assert sentence and sentence[0].isupper() and sentence.endswith((".", "!")), entry
            assert not CODE.search(sentence), sentence  # card names, never codes
            assert "You " not in sentence[1:] or viewer is not None  # "You" only for a reader
    you = words.describe({"kind": "played", "seat": 1, "card": "R8s"}, Speaker(["A", "Bo"], 1))
    assert you == "You play the red 8★."
    assert words.describe({"kind": "played", "seat": 1, "card": "R8s"},
                          Speaker(["A", "Bo"], 0)) == "Bo plays the red 8★."


def test_refusals_name_cards_in_words():
    """Issue #9 item 9: every refusal met while playing names cards as a person would."""
    game = Matchmakers(players=4, seed=5)
    rng = SeededRng(5)
    checked = 0
    while not game.over:
        seat = game.pending[0]
        legal = game.legal_actions(seat)
        for card in game.hands[seat] + list(GUIDES):
            for kind in ("play", "give", "return", "collect"):
                action = {"type": kind, "card": card, "seat": seat}
                if action not in legal:
                    reason = game.why_illegal(action).reason
                    assert not CODE.search(reason), reason
                    checked += 1
        game.apply(rng.choice(legal))
    assert checked > 1000


# ---- bots ---------------------------------------------------------------------------------------


def test_bots_basic_first_and_random_and_both_play_legally():
    assert list(Matchmakers.BOTS) == ["basic", "easy", "strong", "random"]
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


@pytest.mark.slow
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


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 2])
def test_simulated_games_score_sheets_add_up_and_the_best_total_wins(players):
    """Seeded games of random legal moves over every option: each round's points are its
    campsite's best arrangement plus the guide penalties, the totals add up, the game ends at
    a lead of 30 or after round 3, and the result names the teams with the best total. (The
    card, refusal, save and hidden-information invariants are checked for every game by
    tests/test_engine_protocol.py; bench/ holds the long soaks.)"""
    for number in range(200):
        game = Matchmakers(players=players, seed=number,
                           options=OPTION_CYCLE[number % len(OPTION_CYCLE)])
        rng = SeededRng(number * 7919 + players)
        while not game.over:
            game.apply(rng.choice(game.legal_actions(rng.choice(game.pending))))
        totals = [0, 0]
        for row in game.score_rows:
            for team in (0, 1):
                assert row["points"][team] == (row["campsites"][team]["points"]
                                               + row["penalties"][team])
                totals[team] += row["points"][team]
            assert row["totals"] == totals
        assert game.totals == totals
        assert len(game.score_rows) == 3 or abs(totals[0] - totals[1]) >= 30
        best = max(totals)
        assert game.result()["winning_teams"] == [t for t in (0, 1) if totals[t] == best]
