"""The engine protocol, checked by seeded random play of every game in ``engine.GAMES``.

A new game gets these checks for free (OpenSpiel's random_sim_test habit). After every
action: every card is in exactly one place (for games that report ``card_locations``), the
legal actions are well formed, and refused moves (wrong seat, wrong card, a move that was
legal earlier but is not now) raise ``IllegalAction`` and leave ``to_json()`` unchanged.
Views and log entries must not name a card that lies only in a seat's ``hidden_places``
(other hands by default; a game says which places its seats may not see). Saves and replays
reproduce the game exactly, and the same seed gives the same game even when something else
consumes Python's global ``random``.

Play mixes a game's own first bot with uniformly random moves, so rounds end in a sensible
number of moves yet every legal action gets tried.
"""

import json
import random
import re
from collections import Counter

import pytest

import engine
from engine import IllegalAction
from engine.bots import make_bot
from engine.game import Game
from engine.rng import SeededRng

# A ruling's id (MT-A3) or a rulebook section's (basics.3, winners.1): never in a refusal.
RULE_CODE = re.compile(r"\b(MT|MS|MX|MK)-A\d+|\b[a-z_]+\.\d+\b")
MATATU_ROUNDS = 2000  # seeded rounds for Matatu over all configurations (longer soaks: a bench)
OTHER_GAME_BUDGET = 48  # games for each other game, spread over its configurations
SESSION_SHARE = 4  # a multi-round configuration plays a quarter as many games
FULL_CHECKS = 60  # games per game id (at most an eighth) checking everything at every step
MOVE_LIMIT = 20000


def configurations(cls) -> list:
    """(players, options): each player count with the default options and with each
    non-default option value on its own; combinations the game refuses are dropped."""
    variants = [{}]
    for spec in cls.OPTIONS:
        variants += [{spec["id"]: value} for value in spec["values"] if value != spec["default"]]
    configs = []
    for players in range(cls.min_players, cls.max_players + 1):
        for options in variants:
            try:
                engine.new_game(cls.id, players=players, seed=0, options=options)
            except IllegalAction:
                continue
            configs.append((players, options))
    return configs


def _rounds_of(options: dict) -> int:
    return options.get("session_rounds", 1)


def _game_counts(game_id: str, configs: list) -> list:
    """Games to play per configuration: Matatu enough for MATATU_ROUNDS rounds in all,
    others OTHER_GAME_BUDGET; a multi-round configuration gets a SESSION_SHARE share."""
    weights = [1 / SESSION_SHARE if _rounds_of(o) > 1 else 1 for _, o in configs]
    unit = 1 if game_id == "matatu" else max(1, OTHER_GAME_BUDGET // len(configs))
    while True:
        counts = [max(1, round(unit * w)) for w in weights]
        rounds = sum(c * _rounds_of(o) for c, (_, o) in zip(counts, configs, strict=True))
        if game_id != "matatu" or rounds >= MATATU_ROUNDS:
            return counts
        unit += 1


def plan():
    """(game id, players, options, [(seed, full)]) for every configuration of every game."""
    cases = []
    for game_id in sorted(engine.GAMES):
        configs = configurations(engine.GAMES[game_id])
        counts = _game_counts(game_id, configs)
        every = max(1, sum(counts) // min(FULL_CHECKS, max(1, sum(counts) // 8)))
        number = 0
        for index, ((players, options), count) in enumerate(zip(configs, counts, strict=True)):
            seeds = []
            for seed in range(index * 1000, index * 1000 + count):
                seeds.append((seed, number % every == 0))
                number += 1
            cases.append(pytest.param(game_id, players, options, seeds,
                                      id=f"{game_id}-{players}p-{_options_id(options)}"))
    return cases


def _options_id(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


# ---- the policy --------------------------------------------------------------------------


class Player:
    """Seeded mixture of the game's first bot and uniform random play."""

    def __init__(self, game, seed: int):
        self.rng = SeededRng(seed * 7919 + 1)
        self.bot = make_bot(type(game), None, self.rng.fork()) if type(game).BOTS else None
        self.bot_share = (75, 90, 97)[seed % 3]

    def move(self, game) -> dict:
        pending = game.pending
        seat = pending[self.rng.randbelow(len(pending))]
        legal = game.legal_actions(seat)
        if self.bot is not None and self.rng.randbelow(100) < self.bot_share:
            return self.bot.choose(game.view(seat), legal)
        return self.rng.choice(legal)


# ---- invariants --------------------------------------------------------------------------


def card_multiset(game):
    places = game.card_locations()
    if places is None:
        return None
    return Counter(code for cards in places.values() for code in cards)


def check_cards(game, deck: list) -> None:
    """``deck``: the sorted codes of every card (duplicates kept)."""
    places = game.card_locations()
    if places is None:
        return
    assert sorted(code for cards in places.values() for code in cards) == deck, (
        "a card is missing or in two places")


def _key(action: dict):
    """A hashable identity for an action (flat actions are the norm; JSON text otherwise)."""
    try:
        key = tuple(sorted(action.items()))
        hash(key)
        return key
    except TypeError:
        return json.dumps(action, sort_keys=True)


def check_legal_actions(game) -> None:
    pending = game.pending
    assert pending, "a game that is not over has a seat to move"
    for seat in range(game.players):
        actions = game.legal_actions(seat) if seat in pending else []
        if seat not in pending:
            assert game.actions_for(seat) == [] or seat in pending
            continue
        assert actions, f"seat {seat} is pending but has no legal action"
        texts = [_key(a) for a in actions]
        assert len(set(texts)) == len(texts), "an action is listed twice"
        for action in actions:
            assert action["seat"] == seat and isinstance(action["type"], str)


def hidden_cards(game) -> dict:
    """seat -> card codes that seat may not know are anywhere: the codes in its
    ``hidden_places`` (and, for games that do not list it, the stock) of which no copy lies
    where it may look, less markers. A code with a copy in sight may be named."""
    places = game.card_locations()
    markers = set(game.marker_cards())
    hidden = {}
    for seat in list(range(game.players)) + [None]:
        secret = set(game.hidden_places(seat)) | ({"stock"} & set(places))
        cards = {code for place in secret for code in places.get(place, [])}
        shown = {code for place, held in places.items() if place not in secret for code in held}
        hidden[seat] = cards - shown - markers
    return hidden


def strings_in(value) -> set:
    """Every string inside a JSON value (keys and values)."""
    found, pending = set(), [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return found


def check_views_hide(game, seats, hidden: dict) -> None:
    for seat in seats:
        view = game.view(seat, log_from=len(game.log))  # the log is check_new_log's business
        shown = strings_in({k: v for k, v in view.items() if k != "log"}) & hidden[seat]
        assert not shown, f"view({seat}) shows hidden {sorted(shown)}"


def check_new_log(game, seats, log_before: int, hidden_before: dict, hidden_after: dict) -> None:
    """No log entry a seat may see names a card that was hidden from it and still is (e.g.
    the card another seat drew): entries are data, so a card shows as a string value."""
    for seat in seats:
        secret = hidden_before[seat] & hidden_after[seat]
        named = strings_in(game.log_for(seat, log_before)) & secret
        if named and seat is not None:  # what the log had told this seat alone may be repeated
            named -= strings_in([entry for entry in game.log[:log_before]
                                 if seat in entry.get("only", ())])
        assert not named, f"the log shows seat {seat} hidden {sorted(named)}"


def illegal_candidates(game, rng: SeededRng, seen: list) -> list:
    """A few moves that must be refused now."""
    pending = game.pending
    seat = pending[0]
    legal = game.legal_actions(seat)
    legal_texts = {_key(a) for a in legal}
    out = [{"type": "no-such-move", "seat": seat}]
    others = [s for s in range(game.players) if s not in pending]
    if others:
        wrong_seat = dict(rng.choice(legal))
        wrong_seat["seat"] = rng.choice(others)
        out.append(wrong_seat)
    places = game.card_locations() or {}
    not_mine = [c for place, cards in places.items() if place != f"hand:{seat}"
                for c in cards]
    with_card = [a for a in legal if "card" in a]
    if with_card and not_mine:
        wrong_card = dict(rng.choice(with_card))
        wrong_card["card"] = rng.choice(not_mine)
        out.append(wrong_card)
    # Moves that were legal earlier in this game but are not now (cut, draw, accept, ...).
    stale = [dict(a, seat=seat) for a in seen]
    stale = [a for a in stale if _key(a) not in legal_texts]
    for _ in range(min(2, len(stale))):
        out.append(rng.choice(stale))
    return [a for a in out if _key(a) not in legal_texts]


# The base class's answer when a game has no reason of its own (Game.why_illegal): a refusal
# that says only this was not explained by the rule that forbade it, so legal moves and
# explanations would not agree. Every game's refusal must name its reason.
FALLBACK = Game.why_illegal(None, {}).reason


def check_refusals(game, rng: SeededRng, seen: list) -> None:
    before = game.to_json()
    candidates = illegal_candidates(game, rng, seen)
    for action in candidates:
        with pytest.raises(IllegalAction) as caught:
            game.apply(action)
        assert caught.value.reason and isinstance(caught.value.reason, str)
        assert caught.value.reason != FALLBACK, (
            f"{game.id} refused {action} with the generic {FALLBACK!r}, not its rule's reason")
        # Words for the player: the rule's id travels beside them (``rule``), never inside.
        code = RULE_CODE.search(caught.value.reason)
        assert code is None, f"{game.id}'s refusal names {code.group(0)}: {caught.value.reason}"
    # One comparison after all of them: a refusal that changed anything shows here.
    assert game.to_json() == before, f"refusing one of {candidates} changed the game"


def check_round_trip(game, replay: bool = True) -> None:
    saved = game.to_json()
    assert engine.load_game(saved).to_json() == saved
    if replay:
        assert engine.replay(game.record()).to_json() == saved


def check_result(game) -> None:
    result = game.result()
    json.dumps(result)
    assert result["winners"] and all(0 <= s < game.players for s in result["winners"])
    assert len(result["scores"]) == game.players
    rounds = result.get("rounds")
    if rounds:  # scores add up over the rounds of a session
        totals = [sum(r["totals"][s] for r in rounds) for s in range(game.players)]
        assert totals == result["scores"]
    assert game.legal_actions() == [] and game.to_move is None


# ---- the simulations ---------------------------------------------------------------------


def simulate(game_id, players, options, seed, full: bool) -> None:
    """Play one seeded game, checking invariants: every step when ``full``, else the card
    count every step and the rest on a sample of steps (a leak or a broken refusal is
    systematic, so a sample finds it; the full games look at every step)."""
    game = engine.new_game(game_id, players=players, seed=seed, options=options)
    player = Player(game, seed)
    probe = SeededRng(seed + 12345)
    deck = card_multiset(game)
    reports_cards = deck is not None
    deck = sorted((deck or Counter()).elements())
    look_every, refuse_every = (1, 1) if full else (3, 13)
    seen = {}
    moves = 0
    while not game.over:
        assert moves < MOVE_LIMIT, "the game did not finish"
        if moves % look_every == 0:
            check_legal_actions(game)
            for seat in game.pending:
                for action in game.legal_actions(seat):
                    seen.setdefault(_key(action), action)
        # A save grows with the game, so light games try refusals early on only.
        if moves % refuse_every == 0 and (full or moves <= 60):
            check_refusals(game, probe, list(seen.values()))
        looking = reports_cards and moves % look_every == 0
        if looking:
            hidden = hidden_cards(game)
            log_before, round_before = len(game.log), game.view(None).get("round")
        game.apply(player.move(game))
        moves += 1
        if reports_cards:
            check_cards(game, deck)
        if looking and not game.over:
            after = hidden_cards(game)
            seats = list(range(players)) + [None] if full else [moves % players, None]
            # A new deal puts played (public) cards back into hands: compare within a round.
            if game.view(None, log_from=len(game.log)).get("round") == round_before:
                check_new_log(game, seats, log_before, hidden, after)
            check_views_hide(game, seats, after)
        if full:
            # Replaying costs the whole game again, so long games replay every 10th step.
            check_round_trip(game, replay=moves < 150 or moves % 10 == 0)
    check_result(game)
    check_round_trip(game)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players, options, seeds", plan())
def test_random_play_keeps_every_invariant(game_id, players, options, seeds):
    for seed, full in seeds:
        simulate(game_id, players, options, seed, full=full)


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_every_refusal_gives_its_rules_reason_not_the_generic_one(game_id):
    # A quick pass of what the slow simulations check on a sample: at every move of a seeded
    # game, each move that must be refused is, with a reason of the game's own.
    assert FALLBACK == "That move is not allowed now."
    refused = 0
    for seed in (7, 8, 9):
        game = engine.new_game(game_id, players=4, seed=seed)
        player, probe, seen = Player(game, seed), SeededRng(seed + 12345), {}
        while not game.over:
            for seat in game.pending:
                for action in game.legal_actions(seat):
                    seen.setdefault(_key(action), action)
            check_refusals(game, probe, list(seen.values()))
            refused += 1
            game.apply(player.move(game))
    assert refused > 30


def test_matatu_plan_covers_enough_rounds_with_and_without_jokers():
    cases = [p.values for p in plan() if p.values[0] == "matatu"]
    rounds = sum(len(seeds) * _rounds_of(options) for _, _, options, seeds in cases)
    assert rounds >= MATATU_ROUNDS
    for jokers in (False, True):
        counts = {players for _, players, options, _ in cases
                  if options.get("jokers", False) is jokers}
        assert {2, 3, 4, 5, 6} <= counts


# ---- determinism ------------------------------------------------------------------------


def _run_noisily(game_id, players, options, seed, noise_seed) -> tuple:
    """Play a game while something else keeps consuming Python's global random."""
    random.seed(noise_seed)
    game = engine.new_game(game_id, players=players, seed=seed, options=options)
    player = Player(game, seed)
    trail = []
    while not game.over and len(trail) < MOVE_LIMIT:
        for _ in range(random.randrange(1, 5)):
            random.random()
        random.shuffle(list(range(10)))
        action = player.move(game)
        game.apply(action)
        trail.append(json.dumps(action, sort_keys=True))
    return trail, game.to_json()


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_same_seed_same_game_whatever_global_random_does(game_id):
    cls = engine.GAMES[game_id]
    for players, options in configurations(cls)[:6]:
        for seed in (1, 2):
            first = _run_noisily(game_id, players, options, seed, noise_seed=seed)
            second = _run_noisily(game_id, players, options, seed, noise_seed=seed + 999)
            assert first == second


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_new_game_deal_depends_only_on_seed(game_id):
    random.seed(1)
    a = engine.new_game(game_id, seed=77).to_json()
    random.seed(2)
    random.random()
    b = engine.new_game(game_id, seed=77).to_json()
    assert a == b
    assert engine.new_game(game_id, seed=78).to_json() != a


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_describe_is_json_safe_and_options_are_a_table(game_id):
    data = engine.GAMES[game_id].describe()
    json.dumps(data)
    for spec in data["options"]:
        assert {"id", "title", "default", "values", "meaning"} <= set(spec)
        assert spec["default"] in spec["values"]
    assert data["rule_versions"], "a game publishes at least one rules version"


def test_docs_protocol_names_every_operation_the_service_answers():
    # engine/service.py points here for its ops and replies: a new op is documented there.
    from pathlib import Path

    from engine import service

    text = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text()
    missing = [op for op in service._OPERATIONS if f"`{op}`" not in text]
    assert not missing, f"docs/protocol.md does not describe {missing}"
    assert "docs/protocol.md" in service.__doc__


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_a_scenario_written_mid_game_rebuilds_the_same_game(game_id):
    """DESIGN's "from_scenario(game.position()) is the same game" (docs/protocol.md: the
    scenario is ``to_scenario()``; ``position()`` its position part): whose turn, every seat's
    legal moves and view (all but the log), and the same game on from there."""
    checked = 0
    for seed in range(6):
        game = engine.new_game(game_id, seed=seed)
        rng = SeededRng(seed)
        for _ in range(3 + 5 * seed):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.over:
            continue
        scenario = json.loads(json.dumps(game.to_scenario()))  # it travels as JSON
        assert scenario["position"] == json.loads(json.dumps(game.position()))
        again = engine.from_scenario(scenario)
        assert again.to_move == game.to_move
        for seat in [*range(game.players), None]:
            if seat is not None:
                assert again.legal_actions(seat) == game.legal_actions(seat)
            mine = {k: v for k, v in game.view(seat).items() if not k.startswith("log")}
            theirs = {k: v for k, v in again.view(seat).items() if not k.startswith("log")}
            assert theirs == mine
        action = rng.choice(game.legal_actions())
        game.apply(action)
        again.apply(action)
        assert again.to_move == game.to_move
        checked += 1
    assert checked >= 4
