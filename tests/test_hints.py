"""Hints for learners (engine.bots.hint, the service's ``hint`` op): the move the game's Basic
bot would make for the seat to move, and why in one sentence.

Over seeded random games of every game: at each decision the hint is a legal action, the very
one the Basic bot chooses; its sentence is one plain sentence in the player's words (no rule
ids, no template braces) that names the card it plays and no card the seat cannot see; its
rule id is one the rulebook has; and asking changes nothing in the game (``to_json``). Then
the sentences of the common cases a learner meets, in hand-made positions, word for word.
"""

import json
import random
import re

import pytest
from match_maker_table import BASE
from match_maker_table import open_ as mm_open
from match_maker_table import table as match_maker_table
from test_engine_protocol import Player, strings_in
from test_matatu import table as matatu_table

import engine
from engine import IllegalAction, from_scenario, service
from engine.bots import hint, hint_rng, make_bot
from engine.games.matatu.rules import ALL_CARDS as MATATU_CARDS
from engine.games.matatu.rules import card_text
from engine.games.match_maker import words as match_maker_words
from engine.games.matchmakers import words as matchmakers_words
from engine.games.matchmakers.rules import ALL_CARDS as MATCHMAKERS_CARDS
from engine.games.matchmakers.rules import ANIMALS
from engine.games.matchmaster import words as matchmaster_words
from engine.games.matchmaster.rules import DECK as MATCHMASTER_CARDS
from engine.rulebook import rule_ids

# Words for players: never a ruling's id (MT-A3) or a rulebook sentence's (basics.3).
RULE_ID = re.compile(r"[A-Z]{2}-[A-Z0-9]+|\b[a-z_]+\.\d+\b|\b[a-z_]+\.[a-z][a-z_-]*\b")
# One sentence: a capital first, a full stop last, and no other sentence's end in between.
ONE_SENTENCE = re.compile(r"[A-Z][^.!?{}\n]*\.")

# How each game names a card on screen, code -> words, for the checks that the sentence names
# the card it plays and names no card the seat cannot see. The Match-Maker's chance cards are
# left out: the deck's mix is public, and a sentence may weigh the odds of a Soulmate.
NAMES = {
    "matatu": {code: card_text(code) for code in MATATU_CARDS},
    "matchmaster": {code: matchmaster_words.card_name(code) for code in MATCHMASTER_CARDS},
    "matchmakers": {code: matchmakers_words.card_name(code) for code in MATCHMAKERS_CARDS},
    "match_maker": {code: match_maker_words.short_name(code)
                    for code in match_maker_words.PERSONS},
}
# Seeded games per configuration, and the configurations: each game's player counts with its
# default options, and the options that bring other decisions (Jokers and their penalties,
# the automatic cut, the dealer hook, two decks of chance cards, the leading team's choice of
# starter).
CONFIGS = {
    "matatu": [(2, {}), (3, {}), (4, {"jokers": True}), (5, {"jokers": True}),
               (3, {"auto_cut": True}), (4, {"on_stock_empty": "end_round"}),
               (6, {"base_card_mode": "physical_removed"}), (2, {"session_rounds": 3})],
    "matchmaster": [(2, {}), (4, {"dealer_hook": True}), (5, {"must_undertrump": False}),
                    (3, {"overtrump_reference": "previous_card"})],
    "matchmakers": [(4, {}), (2, {}), (4, {"next_starter": "team_choice"}),
                    (4, {"exchange_initiator": "team_choice"}),
                    (4, {"campsite_visibility": "private"})],
    "match_maker": [(2, {}), (3, {"decks": 2}), (4, {"open_grid": True}),
                    (2, {"sex_change_rule": "any_opposite_sex"}), (6, {})],
}
SEEDS = {"matatu": 12, "matchmaster": 2, "matchmakers": 4, "match_maker": 8}
# Every kind of decision each game's hints must have met in the games above.
DECISIONS = {
    "matatu": {"play", "cut", "name_suit", "draw", "pass", "accept"},
    "matchmaster": {"bid", "play"},
    "matchmakers": {"give", "return", "play", "claim_guide", "decline_guide", "collect",
                    "start"},
    "match_maker": {"open", "couple", "draw_mate", "skip_mate", "draw_change", "replace",
                    "attempt_cancel"},
}


def named_cards(game_id: str, sentence: str) -> set:
    """The codes of the cards ``sentence`` names (a name not followed by more of a number:
    the dark orange 1 is not the dark orange 11)."""
    return {code for code, name in NAMES[game_id].items()
            if re.search(re.escape(name) + r"(?![\d★☾])", sentence)}


def check_hint(game, seat: int, rules: set) -> dict:
    """Every promise of a hint, at one decision; returns the legal action it points at."""
    legal = game.legal_actions(seat)
    view = game.view(seat)
    given = hint(game, seat)
    assert set(given) == {"action", "why", "rule"}
    index, why = given["action"], given["why"]
    assert isinstance(index, int) and 0 <= index < len(legal)
    action = legal[index]
    # The Basic bot's own choice, with the hint's generator: the hint is the bot's move.
    bot = make_bot(type(game), "basic", hint_rng(game))
    assert bot.choose(view, legal) == action
    assert isinstance(why, str) and ONE_SENTENCE.fullmatch(why), why
    assert not RULE_ID.search(why), why
    assert given["rule"] is None or given["rule"] in rules, given
    named = named_cards(game.id, why)
    assert named <= strings_in(view), f"{why!r} names {named - strings_in(view)}"
    card = action.get("card") or action.get("guide") or action.get("with")
    if card is not None:
        assert NAMES[game.id][card] in why, (action, why)
    if action["type"] == "open":
        assert "row {}, column {}".format(*action["stack"]) in why, (action, why)
    return action


@pytest.mark.parametrize("game_id", sorted(CONFIGS))
def test_every_hint_is_the_basic_bots_legal_move_in_plain_words(game_id):
    rules = rule_ids(engine.GAMES[game_id].RULE_VERSIONS)
    met = set()
    for players, options in CONFIGS[game_id]:
        for seed in range(SEEDS[game_id]):
            game = engine.new_game(game_id, players=players, seed=seed, options=options)
            player = Player(game, seed)
            moves = 0
            while not game.over:
                seat = game.pending[moves % len(game.pending)]
                before = game.to_json() if moves % 4 == 0 else None
                met.add(check_hint(game, seat, rules)["type"])
                if before is not None:
                    assert game.to_json() == before, "asking for a hint changed the game"
                game.apply(player.move(game))
                moves += 1
    assert DECISIONS[game_id] <= met, f"no hint met {DECISIONS[game_id] - met}"


def test_a_hint_is_the_same_every_time_and_uses_no_global_randomness():
    game = engine.new_game("match_maker", players=3, seed=4)
    first = hint(game, game.to_move)
    random.seed(99)
    random.random()
    assert hint(game, game.to_move) == first
    copy = engine.load_game(game.to_json())
    assert hint(copy, copy.to_move) == first


def test_no_hint_when_the_game_is_over_or_the_seat_has_no_move():
    game = engine.new_game("matatu", players=3, seed=1)
    other = (game.to_move + 1) % 3
    with pytest.raises(IllegalAction, match="Seat .* has no move to make now"):
        hint(game, other)
    while not game.over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalAction, match="The game is over"):
        hint(game, 0)


def why(game, seat=None) -> tuple:
    """The hint's move and sentence for ``seat`` (default: the seat to move)."""
    seat = game.to_move if seat is None else seat
    given = hint(game, seat)
    return game.legal_actions(seat)[given["action"]], given["why"]


# ---- Matatu ---------------------------------------------------------------------------------


def test_matatu_sheds_the_heaviest_card_that_follows():
    game = matatu_table([["4H", "9H", "5C"], ["3D"]], ["7H"])
    action, said = why(game)
    assert action["card"] == "9H"
    assert said == ("Play 9♥: it follows the 7♥ on the pile, and it is your heaviest card that"
                    " does, so it costs you fewest points if someone goes out.")


def test_matatu_keeps_an_ace_back_and_says_so():
    game = matatu_table([["4H", "AH", "9H", "5C"], ["3D"]], ["7H"])
    assert why(game)[1] == ("Play 9♥: it follows the 7♥ on the pile, and it is your heaviest"
                            " card that does (you keep A♥, as an Ace follows anything), so it"
                            " costs you fewest points if someone goes out.")


def test_matatu_a_two_is_played_for_its_penalty():
    game = matatu_table([["KH", "2H", "5C"], ["3D"]], ["7H"])
    assert why(game) == ({"type": "play", "card": "2H", "seat": 0},
                         "Play 2♥: it follows the 7♥ on the pile, and a 2 makes the next player"
                         " pick up two cards or answer it.")


def test_matatu_draws_when_nothing_follows():
    game = matatu_table([["4C", "5C", "9D"], ["3D"]], ["7H"])
    assert why(game) == ({"type": "draw", "seat": 0},
                         "Draw a card: nothing in your hand follows the 7♥ on the pile.")


def test_matatu_cuts_when_the_cards_left_count_twenty_or_fewer():
    game = matatu_table([["7D", "3C", "4S"], ["3D", "KS"]], ["9D"], base="6D")
    assert why(game) == ({"type": "cut", "card": "7D", "seat": 0},
                         "Cut with the chopper 7♦: the cards left in your hand count 7 points,"
                         " and a cut needs 20 or fewer, so the round ends now while your total"
                         " is low.")


def test_matatu_picks_up_a_penalty_it_cannot_answer():
    game = matatu_table([["4C", "5C", "9D"], ["3D"]], ["2H"],
                        penalty={"kind": "two", "count": 2})
    assert why(game) == ({"type": "accept", "seat": 0},
                         "Pick up two cards: you hold no 2 to pass the pick-two on and not the"
                         " Ace of Spades to cancel it.")


def test_matatu_passes_a_pick_two_on():
    game = matatu_table([["4C", "2C", "AS"], ["3D"]], ["2H"],
                        penalty={"kind": "two", "count": 2})
    assert why(game)[1] == ("Play 2♣: a 2 passes the pick-two on to the next player, so you pick"
                            " up nothing, and you keep the Ace of Spades for later.")


def test_matatu_names_the_suit_it_holds_most_of():
    game = matatu_table([["AH", "4C", "5C", "9D"], ["3D"]], ["7H"])
    game.apply({"type": "play", "card": "AH", "seat": 0})
    assert why(game) == ({"type": "name_suit", "suit": "C", "seat": 0},
                         "Name ♣ clubs: it is the suit you hold most of (two cards, not counting"
                         " Aces), so you are likely to follow it on your next turn.")


# ---- Matchmaster ----------------------------------------------------------------------------


def matchmaster(hands, **position):
    return from_scenario({"game": "matchmaster", "players": len(hands), "seed": 0,
                          "position": {"hands": hands, **position}})


def test_matchmaster_bids_on_its_likeliest_trick_takers():
    game = matchmaster([["DO13", "DO12", "LB2"], ["LO3", "DB4", "LB5"], ["LO7", "DB8", "LB9"]],
                       round=5)
    assert why(game, 0) == ({"type": "bid", "bid": 2, "seat": 0},
                            "Bid 2: the dark orange 12 and dark orange 13 are your likeliest"
                            " trick-takers, and an exact bid of 2 scores 12 points.")


def test_matchmaster_follows_and_ducks_once_its_bid_is_made():
    game = matchmaster([["DB2", "DB10", "LO1"], ["DO12", "LO5"], ["LB9", "LB13", "DB1"]],
                       round=5, bids=[0, 1, 1], leader=1, trick=[{"seat": 1, "card": "DB7"}])
    assert why(game, 2) == ({"type": "play", "card": "DB1", "seat": 2},
                            "Play the dark blue 1: it is the only card you may play, as you must"
                            " follow dark blue.")
    game.apply({"type": "play", "card": "DB1", "seat": 2})
    assert why(game, 0) == ({"type": "play", "card": "DB2", "seat": 0},
                            "Play the dark blue 2: you must follow dark blue; you have made your"
                            " bid of 0, so you duck with your highest card that still loses.")


def test_matchmaster_must_trump_when_void():
    game = matchmaster([["DO3", "DO11", "LO1"], ["DO12", "LO5", "DB6"], ["LB13", "DB1"]],
                       round=5, dealer=1, bids=[2, 1, 0], leader=2,
                       trick=[{"seat": 2, "card": "LB9"}])
    assert why(game, 0) == ({"type": "play", "card": "DO11", "seat": 0},
                            "Play the dark orange 11: you have no light blue, so you must trump;"
                            " you still need 2 tricks for your bid of 2, so you play your"
                            " strongest card that wins the trick so far.")


# ---- Matchmakers ----------------------------------------------------------------------------


def matchmakers(hands, **position):
    return from_scenario({"game": "matchmakers", "players": len(hands), "seed": 0,
                          "position": {"hands": hands, **position}})


def test_matchmakers_gives_its_lowest_cards_in_the_exchange():
    hands = [[card for index, card in enumerate(ANIMALS) if index % 4 == seat]
             for seat in range(4)]  # seat 0: R1 R4★ R6☾ R9 B3 B6★ B8☾ G2☾ G5 ...
    game = matchmakers(hands, starter=0, stage="exchange")
    assert why(game, 0) == ({"type": "give", "card": "R1", "seat": 0},
                            "Give the red 1 to your partner: it is your lowest card, and low"
                            " cards win no tricks, so they are the least use to keep.")


def test_matchmakers_makes_a_matchmaking_with_a_twin():
    # The partner's yellow 5 goes home to a campsite that holds a blue and a green 5: buddies.
    game = matchmakers([["R9", "B1", "R8m"], ["R3", "B3"], ["G4s", "Y1"], ["B4s", "Y3"]],
                       starter=1, campsites=[["B5", "G5"], []],
                       trick=[{"seat": 1, "card": "R8s"}, {"seat": 2, "card": "Y5"},
                              {"seat": 3, "card": "R2s"}])
    assert why(game, 0) == ({"type": "play", "card": "R8m", "seat": 0},
                            "Play the red 8☾: you must follow red; it is the twin of the red 8★"
                            " in the trick, so it makes a Matchmaking, which sends the other"
                            " animals home to their teams' campsites.")


def test_matchmakers_collects_the_card_that_helps_its_campsite_most():
    game = matchmakers([["R1", "B1"], ["R3", "B3"], ["G4s", "Y1"], ["B4s", "Y3"]],
                       starter=0, stage="collect", campsites=[["B5", "G5"], []],
                       trick=[{"seat": 0, "card": "R9"}, {"seat": 1, "card": "R5"},
                              {"seat": 2, "card": "R4s"}, {"seat": 3, "card": "R7"}])
    assert why(game, 0) == ({"type": "collect", "card": "R5", "seat": 0},
                            "Collect the red 5: it adds 25 points to your team's campsite, the"
                            " most of the cards you may take.")


# ---- The Match-Maker --------------------------------------------------------------------------


def test_match_maker_opens_a_card_nobody_has_seen_when_it_knows_no_pair():
    game = match_maker_table(BASE)
    action, said = why(game)
    assert action["type"] == "open"
    assert said == ("Open row {}, column {}, a card nobody has seen yet: you know of no matching"
                    " pair on the grid, so you look for one.".format(*action["stack"]))


def test_match_maker_opens_the_partner_it_remembers():
    game = match_maker_table(BASE)
    mm_open(game, 1, 2)  # a straight woman, seen by everyone
    mm_open(game, 2, 1)  # a celibate man: no match, and no change card to draw
    mm_open(game, 1, 1)  # seat 1 opens a straight man first
    assert why(game) == ({"type": "open", "stack": [1, 2], "seat": 1},
                         "Open row 1, column 2: you know the straight woman there matches the"
                         " straight man you opened first.")


def test_match_maker_takes_the_couple():
    game = match_maker_table(BASE)
    mm_open(game, 1, 1)
    mm_open(game, 1, 2)
    assert why(game) == ({"type": "couple", "seat": 0},
                         "Take the Couple: both cards score, 2 points, where an Ex scores only"
                         " the second card, 1 point.")


def test_match_maker_draws_a_change_card_on_a_mismatch():
    game = match_maker_table(BASE, change=["orientation-change", "time"])
    mm_open(game, 1, 1)
    mm_open(game, 2, 1)
    assert why(game) == ({"type": "draw_change", "seat": 0},
                         "Draw a change card: the straight man and the celibate man do not"
                         " match, and a change card may let you replace one of them to make a"
                         " match, or give you another turn.")


# ---- the service ----------------------------------------------------------------------------


def call(**request):
    return json.loads(service.handle(json.dumps(request), "hints"))


def test_the_service_hints_the_seat_to_move_and_changes_nothing():
    state = call(op="new", game="matatu", players=3, seed=5, viewer=0)
    seat = state["to_move"]
    save = call(op="save")["save"]
    reply = call(op="hint", seat=seat)
    assert reply["ok"] and set(reply["hint"]) == {"action", "why", "rule"}
    legal = call(op="view", viewer=seat)["legal"]
    assert 0 <= reply["hint"]["action"] < len(legal) and reply["hint"]["why"]
    assert call(op="save")["save"] == save
    assert call(op="hint", seat=seat) == reply
    # the hinted move is one the game takes
    assert call(op="act", action=legal[reply["hint"]["action"]], viewer=seat)["ok"]


@pytest.mark.parametrize("request_, says", [
    ({"seat": 9}, "There is no seat 9"),
    ({"seat": "0"}, "'seat' must be a seat number"),
    ({}, "A hint needs the \"seat\""),
    ({"seat": 0, "slot": "nowhere"}, "No game is open"),
    ({"seat": 0, "slot": 5}, "A slot is a short name"),
])
def test_the_service_refuses_a_hint_it_cannot_give_with_a_reason(request_, says):
    call(op="new", game="matchmaster", players=3, seed=2, viewer=0)
    reply = call(op="hint", **request_)
    assert reply["ok"] is False and says in reply["error"]


def test_the_service_refuses_a_hint_for_a_seat_not_to_move_or_a_game_over():
    state = call(op="new", game="matatu", players=3, seed=5, viewer=0)
    other = (state["to_move"] + 1) % 3
    reply = call(op="hint", seat=other)
    assert reply["ok"] is False and f"Seat {other + 1} is not to move" in reply["error"]
    game = engine.new_game("matatu", players=2, seed=3)
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert call(op="load", save=game.to_json(), viewer=0)["ok"]
    reply = call(op="hint", seat=0)
    assert reply["ok"] is False and "The game is over" in reply["error"]
