"""The search bot (engine/search.py) and the fast path it plays on: it decides from the view
alone, the same way for the same seed, plays whole games legally on every table without a
world the engine refuses, and the quiet copies it plays out never touch the real game."""

import random

import pytest

import engine
from engine import arena
from engine.bots import CarelessBot, bot_levels, make_bot
from engine.rng import SeededRng
from engine.search import SearchBot, Slot, deal_hidden, ruled_out

SEARCHED = ["matatu", "matchmaster", "matchmakers", "match_maker"]
TABLES = [("matatu", 4, None), ("matatu", 3, {"jokers": True}),
          ("matatu", 2, {"session_rounds": 3}), ("matchmaster", 4, None),
          ("matchmaster", 3, {"dealer_hook": True}),
          ("matchmakers", 4, None), ("matchmakers", 2, None),
          ("matchmakers", 4, {"campsite_visibility": "private"}),
          ("match_maker", 3, None), ("match_maker", 2, {"decks": 2})]


def strong(game_id, seed=1, budget=12) -> SearchBot:
    bot = make_bot(engine.GAMES[game_id], "strong", SeededRng(seed))
    bot.budget = budget  # playouts per decision: enough to exercise every stage, quickly
    return bot


def play(game, bots, moves=None):
    """Play ``game`` with ``bots`` (one per seat, each asked with its own view): to the end,
    or ``moves`` moves."""
    while not game.over and (moves is None or moves > 0):
        seat = game.pending[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        moves = None if moves is None else moves - 1
    return game


# ---- dealing what a seat cannot see ------------------------------------------------------


def test_deal_hidden_fills_each_slot_with_its_size_known_cards_and_no_banned_card():
    unseen = [f"c{i}" for i in range(20)]
    slots = [Slot("a", 6, known=["k1"], banned=unseen[:10]), Slot("b", 5),
             Slot("c", 10, banned=unseen[10:14])]
    for seed in range(50):
        dealt = deal_hidden(unseen, slots, SeededRng(seed))
        assert [len(dealt[name]) for name in "abc"] == [6, 5, 10]
        assert dealt["a"][0] == "k1" and not set(dealt["a"]) & set(unseen[:10])
        assert not set(dealt["c"]) & set(unseen[10:14])
        assert sorted(dealt["a"][1:] + dealt["b"] + dealt["c"]) == sorted(unseen)
    assert deal_hidden(unseen, slots, SeededRng(3)) == deal_hidden(unseen, slots, SeededRng(3))


def test_deal_hidden_finds_the_one_deal_a_tight_constraint_allows():
    # Only b may hold x1..x3 and b has exactly 3 places: a greedy deal often fails here.
    unseen = ["x1", "x2", "x3", "y1", "y2", "y3", "y4", "y5"]
    slots = [Slot("a", 3, banned=["x1", "x2", "x3"]), Slot("b", 3, banned=["y1", "y2"]),
             Slot("c", 2, banned=["x1", "x2", "x3"])]
    for seed in range(30):
        assert sorted(deal_hidden(unseen, slots, SeededRng(seed))["b"]) == ["x1", "x2", "x3"]


def test_contradictory_constraints_fall_back_to_a_free_deal():
    slots = [Slot("a", 2, banned=["p", "q"]), Slot("b", 1, banned=["p", "q"])]
    dealt = deal_hidden(["p", "q", "r"], slots, SeededRng(1))
    assert sorted(dealt["a"] + dealt["b"]) == ["p", "q", "r"]
    with pytest.raises(ValueError):
        deal_hidden(["p", "q"], slots, SeededRng(1))  # sizes that do not add up: a bug


def test_ruled_out_asks_the_rule_whether_the_card_would_have_forbidden_the_play():
    # A rule: holding a red card, a red card must be played.
    def legal_from(card):
        return lambda hand: card.startswith("R") or not any(c.startswith("R") for c in hand)
    assert ruled_out(["R1", "B2", "R3", "G4"], "B9", legal_from("B9")) == {"R1", "R3"}
    assert ruled_out(["R1", "B2"], "R9", legal_from("R9")) == set()


# ---- the bot sees only its view --------------------------------------------------------


def _swapped(game, seat):
    """Another full state giving ``seat`` the same view: two cards it cannot see change
    places. Returns None when no swap tried builds a position the engine accepts."""
    position = game.position()
    places = _hidden_lists(game, position, seat)
    if len(places) < 2:
        return None
    rng = random.Random(5)
    for _ in range(200):
        (a, i), (b, j) = rng.sample(places, 2)
        if a is b or a[i] == b[j]:
            continue
        a[i], b[j] = b[j], a[i]
        other = game.to_scenario()
        other["position"] = position
        try:
            twin = engine.from_scenario(engine.game.copy_json(other))
        except engine.IllegalAction:
            a[i], b[j] = b[j], a[i]
            continue
        if twin.view(seat) == engine.from_scenario(game.to_scenario()).view(seat):
            return twin
        a[i], b[j] = b[j], a[i]
    return None


def _hidden_lists(game, position, seat):
    """(list, index) of every card in ``position`` that ``seat`` cannot see."""
    if game.id == "match_maker":
        spots = []
        for row in position["grid"]:
            for stack in row:
                spots += [(stack, level) for level in range(len(stack) - 1)]  # under the top
        return spots
    spots = [(hand, i) for other, hand in enumerate(position["hands"]) if other != seat
             and (game.id != "matchmakers" or game.players == 2 or other % 2 != seat % 2)
             for i in range(len(hand))]
    for stacks in position.get("straw") or []:
        spots += [(stack, 0) for stack in stacks if stack[0] is not None]
    stock = position.get("stock") or []  # Matatu's stock: face down for everyone
    return spots + [(stock, i) for i in range(len(stock))]


@pytest.mark.parametrize("game_id, players, options", TABLES)
def test_two_states_with_the_same_view_get_the_same_decision(game_id, players, options):
    cls = engine.GAMES[game_id]
    checked = 0
    for seed in range(1, 40):
        game = cls(players=players, seed=seed, options=options)
        basics = [make_bot(cls, "basic", SeededRng(seat)) for seat in range(players)]
        play(game, basics, moves=random.Random(seed).randrange(2, 40))
        if game.over:
            continue
        seat = game.pending[0]
        if len(game.legal_actions(seat)) < 2:
            continue
        base = engine.from_scenario(game.to_scenario())
        twin = _swapped(base, seat)
        if twin is None:
            continue
        assert twin.digest() != base.digest() and twin.view(seat) == base.view(seat)
        choices = [strong(game_id, seed).choose(g.view(seat), g.legal_actions(seat))
                   for g in (base, twin)]
        assert choices[0] == choices[1]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("game_id", SEARCHED)
def test_same_seed_same_decision_whatever_global_random_does(game_id):
    cls = engine.GAMES[game_id]
    game = cls(seed=7)
    basics = [make_bot(cls, "basic", SeededRng(seat)) for seat in range(game.players)]
    decisions = 0
    while not game.over and decisions < 6:
        seat = game.pending[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        if len(legal) > 1:
            random.seed(decisions)
            first = strong(game_id, seed=decisions).choose(view, legal)
            random.seed(12345)
            random.random()
            second = strong(game_id, seed=decisions).choose(view, legal)
            assert first == second
            decisions += 1
        game.apply(basics[seat].choose(view, legal))


# ---- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id, players, options", TABLES)
def test_the_strong_bot_plays_whole_games_with_no_world_refused(game_id, players, options):
    cls = engine.GAMES[game_id]
    for seed in (3, 4):
        game = cls(players=players, seed=seed, options=options)
        bots = [strong(game_id, seed + seat, budget=6) if seat % 2 == 0
                else make_bot(cls, "basic", SeededRng(seat)) for seat in range(players)]
        play(game, bots)
        assert game.over and engine.load_game(game.to_json()) == game
        for bot in bots[::2]:
            assert bot.refused_worlds == 0 and bot.playouts > 0


def test_the_arena_is_reproducible_with_the_strong_bot():
    study = arena.check_study({"game": "matchmaster", "bots": "strong,basic,easy", "games": 3,
                               "seed": 11})
    one = arena.run_study(study, chunk_size=1)
    assert arena.run_study(study, chunk_size=3) == one
    assert arena.summarize(study, one)["finished"] == 3


# ---- quiet copies and the fast path ----------------------------------------------------------


@pytest.mark.parametrize("game_id, players, options", TABLES)
def test_quiet_copies_play_out_without_touching_the_game(game_id, players, options):
    cls = engine.GAMES[game_id]
    game = cls(players=players, seed=21, options=options)
    chooser = random.Random(1)
    while not game.over:
        before, log = game.digest(), len(game.log)
        copy = game.copy(quiet=True)
        for _ in range(30):
            if copy.over:
                break
            seat = copy.pending[0]
            moves = copy.moves(seat)
            copy.play_move(seat, moves[chooser.randrange(len(moves))])
        assert game.digest() == before and len(game.log) == log and copy.log == []
        seat = game.pending[0]
        game.apply(chooser.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("game_id, players, options", TABLES)
def test_the_fast_path_plays_the_same_game_as_the_validated_one(game_id, players, options):
    cls = engine.GAMES[game_id]
    slow, fast = cls(players=players, seed=8, options=options), None
    fast = slow.copy(quiet=True)
    chooser = random.Random(2)
    while not slow.over:
        seat = slow.pending[0]
        legal, moves = slow.legal_actions(seat), fast.moves(seat)
        assert len(legal) == len(moves) and fast.pending[0] == seat
        pick = chooser.randrange(len(legal))
        slow.apply(legal[pick])
        fast.play_move(seat, moves[pick])
        assert fast.full_state() == slow.full_state()
    assert fast.over


# ---- levels ----------------------------------------------------------------------------------


def test_every_game_offers_easy_basic_and_strong_in_words():
    for info in engine.catalog():
        levels = info["bot_levels"]
        assert [level["id"] for level in levels][:3] == ["easy", "basic", "strong"]
        assert all(level["name"] and level["about"] for level in levels)
        assert info["bots"][0] == "basic"  # the default level
    words = {level["id"]: level for level in bot_levels(engine.GAMES["match_maker"])}
    assert "3 turns" in words["easy"]["about"] and words["strong"]["name"] == "Strong"
    # Each game's Strong level says, in words, what it wins against Basic bots (the figures of
    # bench/bots_bench.py strength), so a player knows what "Strong" means at that table.
    abouts = set()
    for game_cls in engine.GAMES.values():
        strong = next(level for level in bot_levels(game_cls) if level["id"] == "strong")
        assert "Basic bot" in strong["about"] and " 100" in strong["about"]
        abouts.add(strong["about"])
    assert len(abouts) == len(engine.GAMES)


def test_the_easy_bot_slips_now_and_then_and_is_otherwise_basic():
    cls = engine.GAMES["matchmaster"]
    easy = make_bot(cls, "easy", SeededRng(4))
    basic = make_bot(cls, "basic", SeededRng(4))
    assert isinstance(easy, CarelessBot)
    game = cls(seed=3)
    same = differ = 0
    while not game.over:
        seat = game.pending[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        if len(legal) > 2:
            choice = easy.choose(view, legal)
            same += choice == basic.choose(view, legal)
            differ += choice != basic.choose(view, legal)
        game.apply(basic.choose(view, legal))
    assert same > differ > 0


# ---- Matatu: what the others' turns say of their hands ----------------------------------------


def test_matatu_worlds_keep_what_turns_with_nothing_to_play_showed():
    # Against basic bots (who play whenever they can, the Ace of Spades aside) every such
    # deduction holds: each other hand has at least as many cards outside the banned set as
    # the search keeps back from then. And the log says something most of the time.
    from engine.games.matatu.bots import BasicMatatuBot
    from engine.games.matatu.search import MatatuSearch, held_back

    checked = told = 0
    for seed in range(1, 9):
        game = engine.new_game("matatu", players=4, seed=seed)
        bot = BasicMatatuBot()
        while not game.over:
            seat = game.to_move
            for viewer in range(4):
                view = game.view(viewer)
                for other, (count, banned) in held_back(view).items():
                    assert other != viewer
                    outside = [card for card in game.hands[other] if card not in banned]
                    assert len(outside) >= count, (seed, viewer, other, count, banned)
                    checked += 1
                    told += count > 0
                unseen, slots = MatatuSearch().hidden(view)
                assert sum(slot.size for slot in slots) == len(unseen)
            game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    assert checked > 500 and told == checked


def test_matatu_a_turn_that_ended_by_itself_bans_every_card_that_followed():
    # Seat 2 drew and could play nothing (basics.12): its hand then held no heart, no 9, no
    # Ace, not even the Ace of Spades.
    from engine.games.matatu.search import held_back

    view = engine.new_game("matatu", players=3, seed=1).view(0)
    view = dict(view, hand_counts=[7, 7, 8], log=[
        {"kind": "deal", "opening": "9H"},
        {"kind": "drew", "seat": 2},
        {"kind": "kept", "seat": 2},
    ])
    count, banned = held_back(view)[2]
    assert count == 8
    assert {"2H", "KH", "9S", "9C", "AD", "AS"} <= banned and not banned & {"10S", "KC"}
    # A draw by choice keeps the Ace of Spades out: it may have been kept back for defence.
    view["log"] = view["log"][:2]
    count, banned = held_back(view)[2]
    assert count == 7 and "AS" not in banned and "AD" in banned


def test_matchmaster_scores_a_playout_by_the_chance_of_winning_the_game():
    from engine.games.matchmaster.search import win_chance

    # After the last round it is the win itself, shared on a tie.
    assert win_chance([40, 30, 40, 10], 0, 0) == 0.5
    assert win_chance([40, 30, 40, 10], 1, 0) == 0.0
    # Before it: level seats have even chances against each other, a lead is worth more the
    # fewer rounds are left, and a seat far behind with little time has next to none.
    assert win_chance([20, 20], 0, 5) == 0.5
    assert 0.5 < win_chance([30, 20], 0, 12) < win_chance([30, 20], 0, 1) < 1
    assert win_chance([0, 60, 60, 60], 0, 1) < 0.001
    # Beating the best other seat matters, not the others' mean.
    assert win_chance([30, 50, 0, 0], 0, 3) < win_chance([30, 25, 25, 0], 0, 3)
