"""The Match-Maker in play: views and hidden information, positions (scenarios, and the
round trip through ``position()``), bots, and seeded games with the checks that are this
game's own (the generic ones are in tests/test_engine_protocol.py, through the game's
``card_locations`` and ``hidden_places``).
"""

import json
from collections import Counter

import pytest
from match_maker_table import BASE, Player, act, open_, play_out, refused, table

import engine
from engine import IllegalAction
from engine.bots import RandomBot, make_bot
from engine.games.match_maker import MatchMaker
from engine.games.match_maker.bots import MemoryBot
from engine.games.match_maker.rules import DEATHMATE, OC, SC, SOULMATE, TIME
from engine.games.match_maker.words import PERSONS
from engine.rng import SeededRng

# ---- views and hidden information --------------------------------------------------------

VIEW_KEYS = {"log_from", "log_next",
             "game", "rules", "options", "players", "seat", "to_move", "pending", "over",
             "dealer", "turn_player", "turn", "round", "stage", "decision", "grid", "grid_rows",
             "grid_cols", "pc1", "pc2", "match", "change_to_person", "mate_pile", "change_pile",
             "discard", "mate_drawn", "predrawn", "change_card", "piles", "scores", "events",
             "log", "result"}


def test_view_has_the_agreed_keys_and_is_json_safe():
    game = MatchMaker(players=3, seed=2)
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert set(view) == VIEW_KEYS
        json.dumps(view)
    with pytest.raises(IllegalAction):
        game.view(3)
    play_out(game)
    view = game.view(0)
    assert view["over"] and view["to_move"] is None and view["decision"] is None
    assert view["result"] == game.result()
    json.dumps(view)


def dealt_anew(game, seat, rng) -> "MatchMaker":
    """The same game with the cards in ``seat``'s hidden places (game.hidden_places) dealt
    anew among those places: person cards among person places, each chance pile within its
    unseen part."""
    twin = game.copy()
    slots = {"person": [], "mate": [], "change": []}
    for place in twin.hidden_places(seat):
        if place.startswith("grid:"):
            where, level = place[5:].split(":")
            row, col = (int(x) for x in where.split(","))
            slots["person"].append((twin.stacks[twin.layout.index[(row, col)]], int(level) - 1))
        elif place == "change_to_person":
            pile = twin.change_to_person
            slots["person"] += [(pile, i) for i in range(len(pile))]
        else:
            kind, known = ("mate", twin.mate_known) if place == "mate_pile" else \
                ("change", twin.change_known)
            pile = twin.mate_pile if kind == "mate" else twin.change_pile
            slots[kind] += [(pile, i) for i in range(len(pile) - known)]
    for places in slots.values():
        cards = [pile[i] for pile, i in places]
        rng.shuffle(cards)
        for (pile, i), card in zip(places, cards, strict=True):
            pile[i] = card
    return twin


@pytest.mark.slow
def test_views_and_moves_never_depend_on_a_face_down_card():
    """What a seat is shown and may do depends only on what it may know: dealing the cards
    of its hidden places anew (every opened card, every card seen going under a pile stays)
    changes neither its view nor its legal moves, so neither can the table's markup, which
    is drawn from those two alone. (The log is checked in the generic simulation and by
    test_no_log_entry_says_where_a_card_lies_unless_every_card_is_face_up.)"""
    rng = SeededRng(99)
    states = 0
    for seed in range(9):
        options = [{}, {"decks": 2}, {"predraw_unused": "bottom_of_pile"}][seed % 3]
        game = MatchMaker(players=2 + seed % 3, seed=seed, options=options)
        player = Player(game, seed)
        while not game.over:
            if game.turn_number % 3 == 0 or game.stage in ("cancel", "replace", "match"):
                for seat in list(range(game.players)) + [None]:
                    twin = dealt_anew(game, seat, rng)
                    assert twin.view(seat) == game.view(seat)
                    if seat is not None:
                        assert twin.legal_actions(seat) == game.legal_actions(seat)
                    states += 1
            game.apply(player.move(game))
    assert states > 500


def test_hidden_places_are_every_unseen_face_down_card():
    game = table({(1, 1): ["gay-m", "straight-m"], (1, 2): ["celibate-f", "straight-f"],
                  (2, 1): ["celibate-m"], (3, 3): ["gay-m"]}, change=[OC, TIME],
                 ctp=["gay-m"], players=3)
    assert set(game.hidden_places(0)) == {"grid:1,1:1", "grid:1,1:2", "grid:1,2:1",
                                          "grid:1,2:2", "grid:2,1:1", "grid:3,3:1",
                                          "change_to_person", "mate_pile", "change_pile"}
    open_(game, 1, 1)
    open_(game, 2, 1)  # no match: the straight man and the celibate man were seen by all
    act(game, "draw_change")
    act(game, "attempt_cancel")  # seat 1 opens the Time: it goes under, seen by all
    hidden = set(game.hidden_places(0))
    assert "grid:1,1:2" not in hidden and "grid:1,1:1" in hidden and "grid:2,1:1" not in hidden
    assert "change_to_person" not in hidden  # seat 0 is searching it for a replacement
    assert "change_to_person" in game.hidden_places(1)
    assert game.card_locations()["change_pile:seen"] == [TIME]
    over = MatchMaker(players=2, seed=1)
    play_out(over)
    assert over.hidden_places(0) == ["mate_pile", "change_pile"]  # the grid is revealed


def test_the_end_view_reveals_the_grid_so_the_players_can_check_it():
    game = MatchMaker(players=2, seed=4)
    play_out(game)
    view = game.view(1)
    for grid_cell, stack in zip(view["grid"], game.stacks, strict=True):
        assert grid_cell["cards"] == stack
        assert grid_cell["face"] == (stack[-1] if stack else None)
    assert sorted(view["change_to_person"]["cards"]) == sorted(game.change_to_person)
    assert view["result"]["left_on_grid"] == sorted(c for s in game.stacks for c in s)


def test_view_text_names_no_face_down_card():
    """Outside the public history (log, events) and the face-up piles, a view names only the
    open cards and the ones every player saw opened."""
    game = MatchMaker(players=3, seed=4)
    player = Player(game, 4)
    checked = 0
    while not game.over and checked < 300:
        for seat in range(3):
            view = game.view(seat)
            shown = {c["face"] for c in view["grid"] if c["face"]}
            shown |= {c["seen"]["card"] for c in view["grid"] if c["seen"]}  # seen by everyone
            shown |= set(view["change_to_person"]["cards"] or [])
            structure = {k: v for k, v in view.items()
                         if k in ("grid", "change_to_person", "mate_pile", "change_pile", "pc1",
                                  "pc2", "decision")}
            text = json.dumps(structure)
            for code in set(PERSONS) - shown:
                assert f'"{code}"' not in text
            checked += 1
        game.apply(player.move(game))


# ---- scenarios ------------------------------------------------------------------------------


def scenario(position, players=2, options=None):
    return {"game": "match_maker", "players": players, "options": options or {},
            "position": position}


def test_scenario_refuses_wrong_counts_and_bad_positions():
    good = table(BASE).scenario["position"]
    position = json.loads(json.dumps(good))
    position["discard"].pop()
    with pytest.raises(IllegalAction, match="Every card must be placed; missing: Time"):
        engine.from_scenario(scenario(position))
    position = json.loads(json.dumps(good))
    position["grid"][3][0] = ["gay-m", "gay-m", "gay-m"]
    with pytest.raises(IllegalAction, match="row 4 starts with 2"):
        engine.from_scenario(scenario(position))
    position = json.loads(json.dumps(good))
    position["mate_pile"] = [TIME]
    with pytest.raises(IllegalAction, match="mate_pile"):
        engine.from_scenario(scenario(position))
    position = json.loads(json.dumps(good))
    position["grid"] = position["grid"][:3]
    with pytest.raises(IllegalAction, match="4 rows"):
        engine.from_scenario(scenario(position))
    position = json.loads(json.dumps(good))
    position["couples"] = [["gay-m"], []]
    with pytest.raises(IllegalAction, match="pairs"):
        engine.from_scenario(scenario(position))
    position = json.loads(json.dumps(good))
    position["surprise"] = 1
    with pytest.raises(IllegalAction, match="no field 'surprise'"):
        engine.from_scenario(scenario(position))
    position = json.loads(json.dumps(good))
    position["change_to_person"] = ["gay-m"] * 8
    with pytest.raises(IllegalAction, match="7 cards"):
        engine.from_scenario(scenario(position))


def test_scenario_records_and_replays():
    game = table(BASE, mate=[SOULMATE, DEATHMATE], change=[OC, TIME], ctp=["gay-f"])
    open_(game, 1, 1)
    open_(game, 2, 2)
    act(game, "draw_change")
    act(game, "decline_cancel")
    assert engine.replay(game.record()) == game
    assert engine.load_game(game.to_json()) == game


def test_scenario_that_is_already_over_saves_and_loads():
    game = table({(1, 1): ["celibate-m"], (1, 2): ["celibate-f"]})
    assert game.over and game.result()["reason"] == "no_matches"
    assert engine.load_game(game.to_json()) == game
    assert engine.replay(game.record()) == game


def test_locations_are_whole_numbers():
    game = table(BASE)
    for stack in ([1.0, 1], [True, 1], ["1", "1"]):
        assert "whole numbers" in refused(game, "open", stack=stack).reason
    game.apply({"type": "open", "stack": (1, 1), "seat": 0})  # a tuple is a list
    assert game.actions[-1]["stack"] == [1, 1]


def test_docstring_example_builds():
    position = {
        "grid": [[["straight-m", "gay-f", "straight-f"], ["celibate-m"], [], [], []],
                 [[], [], [], [], []], [[], [], [], [], []],
                 [["gay-m", "straight-m"], [], [], [], []]],
        "change_to_person": ["gay-f", "celibate-f"],
        "mate_pile": [DEATHMATE, SOULMATE],
        "change_pile": [TIME, OC, SC, OC],
        "couples": [["straight-m", "straight-f"], []],
        "exes": [[], ["gay-m"]],
        "dealer": 1, "to_move": 0,
    }
    deck = Counter(MatchMaker(players=2).full_deck())
    placed = Counter(c for row in position["grid"] for s in row for c in s)
    for key in ("change_to_person", "mate_pile", "change_pile"):
        placed += Counter(position[key])
    for pile in position["couples"] + position["exes"]:
        placed += Counter(pile)
    rest = deck - placed
    position["discard"] = sorted(rest.elements())
    game = engine.from_scenario(scenario(position))
    assert game.to_move == 0 and not game.over


def same_game_from_its_position(game) -> None:
    """``from_scenario(game.to_scenario())`` is the game: state, RNG, whose turn, the legal
    moves and every seat's view (the log and the moves that led here aside)."""
    rebuilt = engine.from_scenario(json.loads(json.dumps(game.to_scenario())))
    assert rebuilt.full_state() == game.full_state()
    assert rebuilt.to_move == game.to_move and rebuilt.pending == game.pending
    for seat in list(range(game.players)) + [None]:
        if seat is not None:
            assert rebuilt.legal_actions(seat) == game.legal_actions(seat)
        mine, theirs = rebuilt.view(seat), game.view(seat)
        for view in (mine, theirs):
            for key in ("log", "log_from", "log_next"):
                view.pop(key)
        assert mine == theirs, seat


POSITION_CONFIGS = [(2, {}), (3, {"decks": 2}), (4, {"predraw_unused": "bottom_of_pile"}),
                    (3, {"open_grid": True, "predraw_commits": False}),
                    (2, {"grid_stacks": "2,2,2,1", "stall_turns": "2x_players"}),
                    (5, {"chance_mix": "SM1 DM1 OC2 SC2 T2", "decks": 2})]


@pytest.mark.slow
def test_a_position_written_at_any_moment_rebuilds_the_same_game():
    """A property test: seeded play to random moments of a game (a turn just begun, one card
    open, a cancellation offered, a replacement to choose, a mate draw, the end), then the
    round trip through the position."""
    rng = SeededRng(2024)
    stages = set()
    for number in range(36):
        players, options = POSITION_CONFIGS[number % len(POSITION_CONFIGS)]
        game = MatchMaker(players=players, seed=number, options=options)
        player = Player(game, number)
        while not game.over:
            if rng.randbelow(100) < 12:
                stages.add(game.stage)
                same_game_from_its_position(game)
            game.apply(player.move(game))
        same_game_from_its_position(game)
    assert stages >= {"start", "second", "match", "mismatch", "cancel", "replace"}


def test_a_position_the_rules_could_not_reach_is_refused():
    game = table(BASE, change=[OC, TIME], ctp=["gay-f"])
    open_(game, 1, 1)
    open_(game, 2, 1)
    good = game.to_scenario()
    assert good["position"]["stage"] == "mismatch" and good["position"]["opened"] == [[1, 1],
                                                                                    [2, 1]]

    def refused_position(message, **changes):
        scenario = json.loads(json.dumps(good))
        scenario["position"].update(changes)
        with pytest.raises(IllegalAction, match=message):
            engine.from_scenario(scenario)

    refused_position("lists 2 grid locations", opened=[[1, 1]])
    refused_position("two different stacks", opened=[[1, 1], [1, 1]])
    refused_position("do not match", opened=[[1, 1], [1, 2]])
    refused_position("match", stage="match")
    refused_position("'offers' lists the seats", offers=[1])
    refused_position("'offers' lists the seats", stage="cancel", change_card=OC, offers=[0])
    refused_position("change card", stage="replace", change_card=TIME)
    refused_position("says why", stage="over", opened=[])
    refused_position("mate_drawn", predrawn=1)
    refused_position("'seen' gives", seen=[[9] * 5] * 4)
    refused_position("events", events=[{"event": "suicide", "seat": 5, "turn": 1}])


# ---- bots -------------------------------------------------------------------------------------


def test_bots_table():
    assert list(MatchMaker.BOTS) == ["basic", "easy", "strong", "random"]
    assert isinstance(make_bot(MatchMaker, None, SeededRng(1)), MemoryBot)
    assert make_bot(MatchMaker, "easy", SeededRng(1)).memory_turns == 3
    assert isinstance(make_bot(MatchMaker, "random", SeededRng(1)), RandomBot)


def test_memory_bot_takes_a_remembered_pair():
    game = table({(1, 1): ["straight-m"], (1, 2): ["celibate-f"], (2, 1): ["straight-f"],
                  (2, 2): ["gay-m"], (3, 1): ["gay-f"]}, change=[TIME])
    open_(game, 1, 1)
    open_(game, 1, 2)
    act(game, "decline_change")
    open_(game, 2, 1)
    open_(game, 2, 2)
    act(game, "decline_change")
    bot = MemoryBot(SeededRng(1))
    first = bot.choose(game.view(0), game.legal_actions())
    assert first["type"] == "open" and first["stack"] in ([1, 1], [2, 1])
    game.apply(first)
    second = bot.choose(game.view(0), game.legal_actions())
    assert second["stack"] == ([2, 1] if first["stack"] == [1, 1] else [1, 1])


def test_the_view_remembers_what_an_attentive_player_saw():
    """The browser service builds a fresh bot per move: the grid's "seen" must be exactly what
    a player who watched every move and its log entries (a card opened there, a card put in
    its place) would remember of each top card, and nothing more."""
    for seed in range(4):
        game = MatchMaker(players=3, seed=seed)
        memory = {}  # (row, col) -> (depth, card, turn) of the last card shown there
        player = Player(game, seed)
        while not game.over:
            view = game.view(None)
            for grid_cell in view["grid"]:
                known = memory.get((grid_cell["row"], grid_cell["col"]))
                expected = None
                if known is not None and known[0] == grid_cell["depth"]:
                    expected = {"card": known[1], "turn": known[2]}
                assert grid_cell["seen"] == expected, (grid_cell, known)
            depth = {(c["row"], c["col"]): c["depth"] for c in view["grid"]}
            opened = [(pc["row"], pc["col"]) for pc in (view["pc1"], view["pc2"]) if pc]
            action, before = player.move(game), len(game.log)
            game.apply(action)
            for entry in game.log[before:]:
                if entry["kind"] == "opened":
                    where = tuple(action["stack"])
                    memory[where] = (depth[where], entry["card"], view["turn"])
                elif entry["kind"] == "replaced":
                    where = opened[entry["pc"] - 1]
                    memory[where] = (depth[where], entry["new"], view["turn"])


def test_easy_bot_forgets_cards_seen_long_ago():
    game = table({(1, 1): ["straight-m"], (1, 2): ["celibate-f"], (2, 1): ["straight-f"],
                  (2, 2): ["celibate-m"], (3, 1): ["gay-f"], (3, 2): ["gay-f"]})
    open_(game, 1, 1)
    open_(game, 1, 2)
    for _ in range(4):  # four more turns go by
        open_(game, 2, 2)
        open_(game, 1, 2)
    sharp, easy = MemoryBot(SeededRng(1)), make_bot(MatchMaker, "easy", SeededRng(1))
    assert sharp.tops(game.view(0))[0][(1, 1)] == "straight-m"
    assert (1, 1) not in easy.tops(game.view(0))[0]
    assert easy.tops(game.view(0))[0][(2, 2)] == "celibate-m"


def test_memory_bot_beats_random_players():
    wins = 0
    games = 60
    for seed in range(games):
        game = MatchMaker(players=3, seed=seed)
        hero = seed % 3
        bots = [RandomBot(SeededRng(seed * 31 + s)) for s in range(3)]
        bots[hero] = MemoryBot(SeededRng(seed))
        play_out(game, bots)
        wins += hero in game.result()["winners"]
    assert wins / games >= 0.9


# ---- simulations ------------------------------------------------------------------------------


def check_refusals(game, rng, seen: list) -> None:
    # The state and the action log, compared as data: to_json() per probe costs a deep copy.
    before = (game.full_state(), list(game.actions))
    legal = game.legal_actions(game.to_move)
    texts = {json.dumps(a, sort_keys=True) for a in legal}
    candidates = [{"type": "no-such-move", "seat": game.to_move}]
    others = [s for s in range(game.players) if s != game.to_move]
    wrong = dict(rng.choice(legal))
    wrong["seat"] = rng.choice(others)
    candidates.append(wrong)
    stale = [dict(a, seat=game.to_move) for a in seen]
    candidates += [a for a in stale if json.dumps(a, sort_keys=True) not in texts][:3]
    for action in candidates:
        if json.dumps(action, sort_keys=True) in texts:
            continue
        with pytest.raises(IllegalAction) as caught:
            game.apply(action)
        assert caught.value.reason
        assert (game.full_state(), game.actions) == before, f"refusing {action} changed it"


def simulate(players, options, seed) -> None:
    """One seeded game with the checks the generic simulation (tests/test_engine_protocol.py)
    does not make: every card conserved by the game's own deck, refusals early on, the score
    rule of the options, and the save and the replay at the end."""
    game = MatchMaker(players=players, seed=seed, options=options)
    deck = Counter(game.full_deck())
    player = Player(game, seed)
    probe = SeededRng(seed + 12345)
    seen = {}
    moves = 0
    while not game.over:
        assert moves < 20000, "the game did not finish"
        if moves % 17 == 0 and moves < 120:
            for action in game.legal_actions():
                seen.setdefault(json.dumps(action, sort_keys=True), action)
            check_refusals(game, probe, list(seen.values())[-12:])
        game.apply(player.move(game))
        moves += 1
        places = game.card_locations()
        assert Counter(c for cards in places.values() for c in cards) == deck
    result = game.result()
    assert result["winners"] and len(result["scores"]) == players
    scores = result["points"] if options.get("winner_by", "points") == "points" else \
        result["person_cards"]
    assert result["scores"] == scores
    assert engine.load_game(game.to_json()) == game
    assert engine.replay(game.record()) == game


# The default configurations once ran 2,000 games each (2, 4 and 6 players, and two decks):
# that soak is a bench's job now; here a few games of each, and the option combinations the
# generic simulation (one option at a time) never plays.
SIMULATIONS = [
    (2, {}, 6),
    (4, {}, 6),
    (6, {}, 4),
    (3, {"decks": 2}, 6),
    (2, {"decks": 2, "predraw_commits": False, "predraw_unused": "bottom_of_pile"}, 6),
    (5, {"sex_change_rule": "any_opposite_sex", "match_grants_extra_turn": True}, 4),
    (3, {"open_grid": True, "winner_by": "person_cards", "tie_rule": "rematch"}, 4),
    (4, {"grid_stacks": "row4_2x3", "person_mix": "more_gay"}, 4),
    (2, {"grid_stacks": "2,2,2,1", "person_mix": "no_celibates", "max_rounds": 5}, 4),
    (3, {"chance_mix": "SM1 DM1 OC2 SC2 T2", "stall_turns": "2x_players"}, 4),
    (6, {"chance_mix": "SM1 DM1 OC3 SC1 T1", "decks": 2}, 4),
]


@pytest.mark.slow
@pytest.mark.parametrize("players, options, games", SIMULATIONS,
                         ids=[f"{p}p-{'+'.join(o) or 'defaults'}" for p, o, _ in SIMULATIONS])
def test_seeded_games_keep_every_invariant(players, options, games):
    for seed in range(games):
        simulate(players, options, seed)


def test_same_seed_same_game():
    first = MatchMaker(players=3, seed=77)
    second = MatchMaker(players=3, seed=77)
    play_out(first)
    play_out(second)
    assert first == second
    assert MatchMaker(players=3, seed=78).to_json() != MatchMaker(players=3, seed=77).to_json()


def test_restore_takes_exactly_the_declared_state():
    """Issue #14: restore once copied any key onto the game, so a tampered state with
    "players": 6 or "seed": 999 passed the check; now only STATE's fields are state."""
    game = MatchMaker(players=3, seed=5)
    state = game.snapshot()
    assert set(state) == set(MatchMaker.STATE) and "log" not in state
    for extra in ({"players": 6}, {"seed": 999}):
        with pytest.raises(IllegalAction, match="exactly the fields"):
            game.restore({**state, **extra})
    partial = dict(state)
    partial.pop("stacks")
    with pytest.raises(IllegalAction, match="exactly the fields"):
        game.restore(partial)
    assert game.players == 3 and game.seed == 5
    twin = game.copy()
    game.restore(state)
    assert game == twin
