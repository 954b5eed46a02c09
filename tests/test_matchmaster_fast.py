"""Matchmaster's fast path (engine/games/matchmaster/fast.py) plays by the same rules as the
game: at every turn of seeded games under every option, the cards it allows are the rules'
own (rules.legal_cards through Game.moves), its basic policy picks the basic bot's card, and
a round played out on it ends with the score row the game writes for the same moves."""

import itertools
import random

import pytest

from engine.games.matchmaster import Matchmaster
from engine.games.matchmaster.bots import basic_bid, basic_card
from engine.games.matchmaster.fast import INDEX, Round
from engine.games.matchmaster.fast import basic_card as fast_basic_card
from engine.games.matchmaster.rules import DECK
from engine.games.matchmaster.search import MatchmasterSearch

OPTION_SETS = [dict(zip(("overtrump_reference", "must_undertrump", "dealer_hook",
                         "allow_bid_above_hand"), values, strict=True))
               for values in itertools.product(("highest_trump", "previous_card"),
                                               (True, False), (False, True), (False, True))]


def codes(cards) -> list:
    return [DECK[card] for card in cards]


@pytest.mark.parametrize("options", OPTION_SETS,
                         ids=lambda o: "-".join(str(v) for v in o.values()))
@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_turn_allows_what_the_rules_allow_and_plays_like_the_basic_bot(options, players):
    chooser = random.Random(players)
    for seed in range(3):
        game = Matchmaster(players=players, seed=seed, options=options)
        while not game.over:
            seat = game.pending[0]
            fast = Round.from_game(game)
            moves = game.moves(seat)
            if game.stage == "bid":
                assert fast.bidding()[0] == seat
                assert list(fast.legal_bids(seat)) == list(moves)
                game.play_move(seat, moves[chooser.randrange(len(moves))])
                continue
            assert fast.to_move() == seat
            legal = fast.legal(seat)
            assert codes(legal) == list(moves), (game.hands[seat], game.trick)
            if None not in game.bids:
                expected = basic_card(seat, game.bids[seat] - game.tricks_won[seat],
                                      [tuple(play) for play in game.trick], moves, players)
                assert DECK[fast_basic_card(fast, seat, legal)] == expected
            # mostly the basic bot's card, sometimes another, so every duty comes up
            card = moves[chooser.randrange(len(moves))] if chooser.random() < 0.4 else (
                basic_card(seat, game.bids[seat] - game.tricks_won[seat], game.trick, moves,
                           players))
            game.play_move(seat, card)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_a_round_played_out_fast_scores_as_the_game_scores_it(players):
    for seed in range(6):
        game = Matchmaster(players=players, seed=seed, options={"dealer_hook": seed % 2 == 1})
        chooser = random.Random(seed)
        for _ in range(chooser.randrange(3 * players)):  # from the bids, or mid-round
            seat = game.pending[0]
            moves = game.moves(seat)
            game.play_move(seat, moves[chooser.randrange(len(moves))])
        fast = Round.from_game(game)
        fast.play_basic()
        assert fast.over
        while game.score_rows == [] or len(game.score_rows) < 1:
            seat = game.pending[0]
            moves = game.moves(seat)
            if game.stage == "bid":
                game.play_move(seat, basic_bid(game.hands[seat], players, moves))
            else:
                game.play_move(seat, basic_card(seat, game.bids[seat] - game.tricks_won[seat],
                                                game.trick, moves, players))
        assert fast.points() == game.score_rows[0]["points"]
        assert fast.won == game.score_rows[0]["tricks"]


def test_a_random_round_keeps_every_card_once_and_copies_are_independent():
    game = Matchmaster(players=4, seed=3)
    base = Round.from_game(game)
    rounds = []
    for number in range(20):
        copy = base.copy()
        copy.play_random(random.Random(number).random)
        assert copy.over and sum(copy.won) == game.cards_this_round
        rounds.append(copy.points())
    assert base.bids == [None] * 4 and sum(len(c) for hand in base.hands for c in hand) == 28
    assert sorted(INDEX[c] for hand in game.hands for c in hand) == sorted(
        c for hand in base.hands for cards in hand for c in cards)
    assert len(set(map(tuple, rounds))) > 1  # random play: the rounds differ


def round_state(start: Round) -> tuple:
    return tuple(getattr(start, name) for name in Round.__slots__)


@pytest.mark.parametrize("options", [{}, {"dealer_hook": True, "must_undertrump": False},
                                     {"overtrump_reference": "previous_card"}])
def test_the_search_builds_the_same_round_without_the_scenario_as_with_it(options):
    """The search bot's quick start (the round straight from its view and a deal) is the
    round the validated path builds: the world as a scenario, then Round.from_game."""
    from engine.rng import SeededRng
    from engine.scenario import from_scenario
    from engine.search import Dealer

    adapter = MatchmasterSearch()
    chooser = random.Random(5)
    game = Matchmaster(players=4, seed=12, options=options)
    checked = 0
    while not game.over:
        seat = game.pending[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        dealer = Dealer(*adapter.hidden(view))
        for draw in range(3):
            dealt = dealer.deal(SeededRng(draw))
            quick = adapter.quick_start(view, dealt, legal, SeededRng(draw))
            world = from_scenario(adapter.world(view, dealt, SeededRng(draw)))
            if world.legal_actions(seat) != legal:
                assert quick is False
                continue
            assert round_state(quick) == round_state(adapter.prepare(world))
            checked += 1
        game.apply(chooser.choice(legal))
    assert checked > 300
