"""An attacker's fuzz of the engine's boundary: what tests/test_fuzz.py (a few thousand cases,
quick tier) and bench/fuzz_bench.py (20,000 and more, counts printed) both run.

Every case sends something from outside the player's own clicks through the JSON service,
the way the browser does: requests with wrong, strange or hostile fields, tampered saves,
broken scenarios, mutated actions and crafted share links, for every game. Each case ends in
exactly one outcome:

- ``refused``     a clean refusal: ``ok: false`` with a reason, no bug marker;
- ``accepted``    accepted, and the game it left is consistent (below);
- ``bug``         an internal error (``bug: true``), or the service raised;
- ``inconsistent`` accepted, but the game is not consistent: a card missing or doubled,
                  nobody able to move in a game that is not over, a view that is not JSON, a
                  save that does not load back to the same game;
- ``leak``        a view (log included) for some seat names a card that seat may not see,
                  or a guest's reply (the ``guest`` and ``guest_view`` ops) holds anything
                  its seat may not see: a hidden card, a log entry for other seats, or a
                  field a guest state never has (the moves, the record before the end).

Strategies come from hypothesis (pinned in requirements-test.txt). They start from real
material (saves of games played by bots, every game's positions written by ``to_scenario``,
the lessons' scenarios and legal actions, a guest's messages to the host) and mutate it as an
attacker would: wrong types,
floats for whole numbers, objects for cards, seats out of range, duplicated or missing cards,
unknown keys, deep nesting and huge sizes.

A case that goes wrong is reproduced with one command (``reproduction`` prints it):

    PYTHONPATH=. .venv/bin/python tests/fuzzing.py '<the request text>'
"""

import json
import shlex
import sys
from collections import Counter
from pathlib import Path

if __name__ == "__main__":  # run as a script: the repository's engine, not an installed one
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import strategies as st

import engine
from engine import friends, lessons, service, share
from engine.bots import make_bot
from engine.rng import SeededRng

GAME_IDS = sorted(engine.GAMES)
FULL_FACTOR = 8  # the full suite (slow tier) runs this many times the quick profile's cases
OUTCOMES = ("refused", "accepted", "bug", "inconsistent", "leak")
CLIENT = "fuzz"

# ---- material: real saves, scenarios and actions to mutate ------------------------------------


def _play(game, moves: int, seed: int):
    rng = SeededRng(seed)
    bots = {}
    for _ in range(moves):
        if game.over:
            break
        seat = game.pending[rng.randbelow(len(game.pending))]
        legal = game.legal_actions(seat)
        if rng.randbelow(100) < 70:
            bot = bots.setdefault(seat, make_bot(type(game), None, rng.fork()))
            action = bot.choose(game.view(seat), legal)
        else:
            action = rng.choice(legal)
        game.apply(action)
    return game


def _material():
    saves, actions, positions, turns = [], [], [], []
    for number, game_id in enumerate(GAME_IDS):
        cls = engine.GAMES[game_id]
        for players in sorted({cls.min_players, cls.default_players, cls.max_players}):
            for moves in (0, 7, 40):
                try:
                    game = engine.new_game(game_id, players=players, seed=number * 10 + moves)
                except engine.IllegalAction:
                    continue
                _play(game, moves, seed=moves + players)
                saves.append(json.loads(game.to_json()))
                positions.append(game.to_scenario())
                for seat in game.pending:
                    actions.extend(game.legal_actions(seat)[:6])
                    turns.append((saves[-1], game.legal_actions(seat)[:8]))
    scenarios = [lesson["scenario"] for lesson in lessons.LESSONS] + positions
    return saves, scenarios, actions, turns


SAVES, SCENARIOS, ACTIONS, TURNS = _material()  # TURNS: (a save, legal actions there)

# ---- strategies -------------------------------------------------------------------------------

WEIRD_TEXT = ["", " ", "\ud800", "<img src=x onerror=alert(1)>", "x" * 5000, "null", "0",
              "matatu ", "MATATU", "🂡", "--5", "%E0%A4%A", "\u0000"]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 10), st.integers(min_value=-(2 ** 70),
                                                                 max_value=2 ** 70),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(WEIRD_TEXT),
    st.text(max_size=12), st.sampled_from(GAME_IDS), st.sampled_from([1.0, 0.0, 1e400, -0.0]))
small_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


def _deep(depth: int, inner):
    for _ in range(depth):
        inner = [inner] if depth % 2 else {"a": inner}
    return inner


# Sizes and depths past the limits of engine.limits (MAX_DEPTH 32, MAX_ITEMS, MAX_LIST).
hostile_values = st.one_of(
    st.integers(20, 700).map(lambda depth: _deep(depth, 0)),
    st.sampled_from([0, 1, "R1", "7D"]).map(lambda item: [item] * 600),
    st.integers(1, 3).map(lambda n: list(range(70_000 * n))),
    st.just("x" * 100_000),
)
json_values = st.one_of(small_values, small_values, small_values, hostile_values)


def wrong_type(value):
    """A value of nearly the right type: the float for a whole number, a boolean, the number
    as text, an object where a card belongs, a seat out of range."""
    if isinstance(value, bool):
        return st.sampled_from([0, 1, "true", None])
    if isinstance(value, int):
        return st.sampled_from([float(value), value + 0.5, True, False, str(value), -1,
                                value + 9, 2 ** 64, [value], {"seat": value}])
    if isinstance(value, str):
        return st.sampled_from([{"card": value}, [value], value.lower(), value + " ", 0, 0.0,
                                None, value * 40])
    if isinstance(value, list):
        return st.sampled_from([value[:-1], value + value[-1:], {"0": value}, _deep(40, value),
                                value * 3])
    return json_values


def _leaves(value, path=()):
    """Paths to every value inside ``value``."""
    found = [path]
    if isinstance(value, list):
        for index, item in enumerate(value):
            found += _leaves(item, path + (index,))
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _leaves(item, path + (key,))
    return found


def retyped(data, draw):
    """``data`` with one value somewhere inside it given a wrong type (``wrong_type``)."""
    paths = [p for p in _leaves(data) if p]
    if not paths:
        return data
    path = draw(st.sampled_from(paths))
    parent = _at(data, path[:-1])
    parent[path[-1]] = draw(wrong_type(parent[path[-1]]))
    return data

FIELDS = ["game", "players", "seed", "rules", "options", "viewer", "slot", "action", "save",
          "record", "upto", "level", "seat", "scenario", "lesson", "text", "script", "a", "b",
          "log_from", "actions_from", "games", "bounded", "message", "hints", "commitment",
          "view"]
OPS = sorted(service._OPERATIONS) + ["nonsense", ""]


def plausible(field: str):
    """Values that are nearly right for a field, the hardest to refuse cleanly."""
    table = {
        "game": st.sampled_from(GAME_IDS),
        "players": st.integers(-1, 9),
        "seed": st.one_of(st.integers(0, 2 ** 64 + 5), st.text(max_size=70)),
        "viewer": st.one_of(st.none(), st.integers(-1, 8), st.booleans()),
        "seat": st.one_of(st.none(), st.integers(-1, 8)),
        "slot": st.sampled_from(["play", "replay", "lesson", "x" * 40]),
        "action": st.sampled_from(ACTIONS).flatmap(mutated_action),
        "save": st.sampled_from(SAVES).flatmap(mutated_save).flatmap(
            lambda s: st.sampled_from([s, json.dumps(s)])),
        "record": st.sampled_from(SAVES).flatmap(mutated_save),
        "scenario": st.sampled_from(SCENARIOS).flatmap(mutated_scenario),
        "lesson": st.sampled_from([lesson["id"] for lesson in lessons.LESSONS] + ["nope"]),
        "upto": st.integers(-2, 60),
        "log_from": st.integers(-1, 500),
        "actions_from": st.integers(-1, 500),
        "message": st.sampled_from(ACTIONS).flatmap(guest_message),
        "hints": st.booleans(),
        "commitment": st.sampled_from([friends.seed_commitment(save["seed"])
                                       for save in SAVES[:8]] + ["0" * 64, "xyz"]),
    }
    return table.get(field, json_values)


@st.composite
def requests(draw):
    request = {"op": draw(st.sampled_from(OPS))}
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=5, unique=True)):
        request[field] = draw(st.one_of(plausible(field), json_values))
    return request


NAMES = ["Ann", "  Bo  ", "", "x" * 25, "A\nB", "Ann\u202e", "🃏" * 24, "\u0000", "Zoë"]
TOKENS = ["a" * 16, "A1b2-C3d4_E5f6g7h", "a" * 15, "a" * 65, "a" * 15 + "!", "a" * 16 + "\n"]


def guest_message(action, moves=None):
    """A guest's message text: every type, built from a real legal ``action`` (and the table's
    number of ``moves``, when known), mutated (wrong types, fields missing or extra), or not a
    message at all (random, cut, huge, deep)."""
    @st.composite
    def message(draw):
        kind = draw(st.sampled_from(["act", "act", "act", "view", "hint", "hello", "react",
                                     "random", "text"]))
        if kind == "text":
            return draw(st.one_of(st.text(max_size=40), st.sampled_from(WEIRD_TEXT),
                                  st.just("x" * 9000), st.just("[" * 40 + "]" * 40),
                                  st.integers(1, 60).map(lambda n: '{"type":"view"'[:n])))
        if kind == "random":
            data = draw(json_values)
        elif kind == "act":
            data = {"type": "act", "action": draw(mutated_action(action))}
            if moves is not None and draw(st.booleans()):
                data["moves"] = moves
            for name in ("moves", "log_from"):
                if draw(st.integers(0, 3)) == 0:
                    data[name] = draw(st.one_of(st.integers(-1, 80), json_values))
        elif kind == "view":
            data = {"type": "view"}
            if draw(st.booleans()):
                data["log_from"] = draw(st.one_of(plausible("log_from"), json_values))
        elif kind == "hello":
            data = {"type": "hello", "name": draw(st.one_of(
                st.just("Ann"), st.sampled_from(NAMES), st.text(max_size=30))),
                "token": draw(st.one_of(st.just(TOKENS[1]), st.sampled_from(TOKENS),
                                        st.text(max_size=70)))}
        elif kind == "react":
            data = {"type": "react", "emoji": draw(st.one_of(
                st.sampled_from(friends.REACTIONS), st.sampled_from(WEIRD_TEXT)))}
        else:
            data = {"type": "hint"}
        if isinstance(data, dict) and draw(st.integers(0, 4)) == 0:
            if draw(st.booleans()):
                data = retyped(data, draw)
            else:
                data[draw(st.sampled_from(["extra", "type", "seat"]))] = draw(json_values)
        return case_text(data)
    return message()


def mutated_action(action):
    @st.composite
    def mutate(draw):
        changed = dict(action) if isinstance(action, dict) else {"type": draw(json_values)}
        if draw(st.integers(0, 2)) == 0:
            return retyped(json.loads(json.dumps(changed)), draw)
        for _ in range(draw(st.integers(1, 2))):
            key = draw(st.sampled_from(sorted(changed) + ["extra"]))
            if draw(st.booleans()) and key in changed:
                del changed[key]
            else:
                changed[key] = draw(json_values)
        return changed
    return st.one_of(st.just(action), mutate())


def mutated_save(save):
    @st.composite
    def mutate(draw):
        changed = json.loads(json.dumps(save))
        for _ in range(draw(st.integers(1, 3))):
            how = draw(st.sampled_from(["field", "drop", "action", "insert", "cut",
                                             "check", "scenario", "retype", "retype"]))
            if how == "field":
                changed[draw(st.sampled_from(sorted(changed)))] = draw(json_values)
            elif how == "drop" and changed:
                changed.pop(draw(st.sampled_from(sorted(changed))))
            elif how == "action" and isinstance(changed.get("actions"), list) \
                    and changed["actions"]:
                index = draw(st.integers(0, len(changed["actions"]) - 1))
                changed["actions"][index] = draw(st.one_of(
                    json_values, mutated_action(changed["actions"][index])))
            elif how == "insert" and isinstance(changed.get("actions"), list):
                changed["actions"].insert(draw(st.integers(0, len(changed["actions"]))),
                                          dict(draw(st.sampled_from(ACTIONS))))
            elif how == "cut" and isinstance(changed.get("actions"), list):
                changed["actions"] = changed["actions"][:draw(st.integers(0, 50))]
            elif how == "check":
                changed["check"] = {"moves": draw(st.integers(0, 60)),
                                    "digest": draw(st.text(max_size=24))}
            elif how == "scenario":
                changed["scenario"] = json.loads(json.dumps(draw(st.sampled_from(
                    SCENARIOS).flatmap(mutated_scenario))))  # a copy: "retype" may change it
            elif how == "retype":
                changed = retyped(changed, draw)
        return changed
    return st.one_of(st.just(save), mutate())


def _lists_in(value, path=()):
    """Paths to every list inside a position (hands, piles, stacks)."""
    found = []
    if isinstance(value, list):
        found.append(path)
        for index, item in enumerate(value):
            found += _lists_in(item, path + (index,))
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _lists_in(item, path + (key,))
    return found


def _at(value, path):
    for step in path:
        value = value[step]
    return value


def mutated_scenario(scenario):
    @st.composite
    def mutate(draw):
        changed = json.loads(json.dumps(scenario))
        position = changed.get("position")
        for _ in range(draw(st.integers(1, 3))):
            how = draw(st.sampled_from(["move", "double", "remove", "field", "top", "retype",
                                        "retype", "retype", "unknown"]))
            lists = [p for p in _lists_in(position) if p] if isinstance(position, dict) else []
            if how in ("move", "double", "remove") and lists:
                source = _at(position, draw(st.sampled_from(lists)))
                target = _at(position, draw(st.sampled_from(lists)))
                if source and all(isinstance(x, str) for x in source):
                    card = source[draw(st.integers(0, len(source) - 1))]
                    if how != "double":
                        source.remove(card)
                    if how != "remove":
                        target.append(card)
            elif how == "field" and isinstance(position, dict) and position:
                position[draw(st.sampled_from(sorted(position)))] = draw(json_values)
            elif how == "retype" and isinstance(position, dict):
                retyped(position, draw)
            elif how == "unknown" and isinstance(position, dict):
                position[draw(st.sampled_from(["colour", "hand", "__proto__", "seat"]))] = 0
            else:
                key = draw(st.sampled_from(["players", "options", "rules", "seed", "game",
                                                 "rng", "position"]))
                changed[key] = draw(json_values)
        return changed
    return st.one_of(st.just(scenario), mutate())


@st.composite
def links(draw):
    """Share-link texts: random, truncated, or packing hostile data."""
    kind = draw(st.sampled_from(["random", "deal", "game", "script", "cut"]))
    if kind == "random":
        return draw(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123"
                            "456789-_", max_size=80))
    if kind == "deal":
        data = {"game": draw(st.sampled_from(GAME_IDS)), "players": draw(plausible("players")),
                "seed": draw(plausible("seed")), "rules": None, "options": draw(json_values)}
        if draw(st.booleans()):
            data.pop(draw(st.sampled_from(sorted(data))))
        return _pack(data)
    if kind == "game":
        return _pack(draw(st.sampled_from(SAVES).flatmap(mutated_save)))
    if kind == "script":
        return _pack({"scenario": draw(st.sampled_from(SCENARIOS).flatmap(mutated_scenario)),
                      "captions": draw(st.one_of(json_values, st.lists(st.text(max_size=9)))),
                      "title": draw(json_values)})
    text = _pack(draw(st.sampled_from(SAVES)))
    return text[:draw(st.integers(0, len(text)))]


def _pack(data) -> str:
    try:
        return share.pack(data, 10_000_000, "link")
    except (TypeError, ValueError, engine.IllegalAction):
        return "AAAA"


# ---- judging one case -------------------------------------------------------------------------


def _deck(game) -> Counter | None:
    fresh = type(game)(players=game.players, seed=0, rules=game.rules, options=game.options)
    places = fresh.card_locations()
    return None if places is None else Counter(c for cs in places.values() for c in cs)


def _strings(value, found: set) -> set:
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            _strings(item, found)
    return found


def leak(game) -> str | None:
    """A seat's view naming a card every copy of which it may not see (the log is checked
    entry by entry by the games' own tests: old entries may name cards since redealt)."""
    places = game.card_locations()
    if places is None or game.over:  # at the end every game shows what was hidden
        return None
    markers = set(game.marker_cards())
    for seat in list(range(game.players)) + [None]:
        hidden_places = set(game.hidden_places(seat))
        hidden = {c for place in hidden_places for c in places[place]}
        seen = {c for place, cards in places.items() if place not in hidden_places
                for c in cards}
        secret = hidden - seen - markers - game.known_cards(seat)
        shown = _strings(game.view(seat, log_from=len(game.log)), set()) & secret
        if shown:
            return f"view({seat}) names {sorted(shown)[:3]}"
    return None


def inconsistency(game) -> str | None:
    problem = engine.consistency_problem(game)
    if problem:
        return problem
    places = game.card_locations()
    if places is not None:
        deck = _deck(game)
        have = Counter(c for cards in places.values() for c in cards)
        if have != deck:
            return f"cards not conserved: {sorted((have - deck).elements())[:3]} extra," \
                   f" {sorted((deck - have).elements())[:3]} missing"
    for seat in list(range(game.players)) + [None]:
        json.dumps(game.view(seat), allow_nan=False)
    return None


def case_text(case) -> str:
    """The exact text of a case (one request, or a list of requests sent in order)."""
    try:
        return json.dumps(case, allow_nan=True)
    except (TypeError, ValueError):
        return str(case)


def reproduction(case) -> str:
    """One command that runs ``case`` again and prints its outcome."""
    text = case_text(case)
    if len(text) > 2000:  # too long for a command line: kept in a file the command names
        path = Path("/tmp") / f"matchbook-fuzz-{abs(hash(text)):x}.json"
        path.write_text(text)
        text = "@" + str(path)
    return "PYTHONPATH=. .venv/bin/python tests/fuzzing.py " + shlex.quote(text)


def judge(case) -> tuple:
    """Send ``case`` (a request, or a list of requests) through the service from a fresh
    client; return (outcome, detail) of the last request."""
    service.forget(CLIENT)
    requests_ = case if isinstance(case, list) else [case]
    outcome = ("refused", "no request")
    for request in requests_:
        outcome = _judge_one(request)
        if outcome[0] not in ("refused", "accepted"):
            return outcome
    return outcome


def _judge_one(request) -> tuple:
    text = case_text(request)
    try:
        reply = json.loads(service.handle(text, CLIENT))
    except Exception as error:  # the service must answer everything itself
        return "bug", f"handle raised {type(error).__name__}: {error}"
    if reply.get("bug"):
        return "bug", reply.get("error")
    if not reply.get("ok"):
        if not isinstance(reply.get("error"), str) or not reply["error"]:
            return "bug", "a refusal without a reason"
        return "refused", reply["error"]
    if request.get("op") == "hint" or "hint" in reply and request.get("op") == "guest":
        return _judge_hint(request, reply)
    guest_op = request.get("op") in ("guest", "guest_view")
    if guest_op and ("hello" in reply or "react" in reply):
        return _judge_greeting(reply)
    client = service._clients.get(CLIENT)
    slot = reply.get("slot")
    if guest_op:
        slot = request.get("slot") if isinstance(request.get("slot"), str) else "play"
    game = client.slots.get(slot) if client is not None and slot else None
    if game is None:
        return "accepted", request.get("op")
    try:
        problem = inconsistency(game)
        if problem:
            return "inconsistent", problem
        shown = leak(game) or (guest_leak(game, request.get("seat"), reply) if guest_op
                               else None)
        if shown:
            return "leak", shown
        if engine.load_game(game.to_json()) != game:
            return "inconsistent", "its save does not load back to the same game"
    except engine.IllegalAction as refusal:
        return "inconsistent", f"its save is refused: {refusal.reason}"
    except Exception as error:
        return "bug", f"checking the game raised {type(error).__name__}: {error}"
    return "accepted", request.get("op")


GUEST_STATE = {"ok", "view", "legal", "to_move", "pending", "over", "result", "moves"}


def guest_leak(game, seat, reply) -> str | None:
    """What a guest state for ``seat`` shows that the seat may not see: a field a guest state
    never has (the record only at the end), a log entry meant for other seats, or a card whose
    every copy lies where the seat may not look (the view's table, its legal actions, ...)."""
    allowed = GUEST_STATE | ({"record"} if game.over else set())
    if set(reply) != allowed:
        return f"a guest state with the fields {sorted(set(reply) ^ allowed)[:4]} wrong"
    view = reply["view"]
    if view.get("seat") != seat or reply["legal"] != json.loads(json.dumps(
            game.legal_actions(seat))):
        return f"a guest state for seat {seat} shows another seat's view or moves"
    log_from = view.get("log_from")
    if view.get("log") != json.loads(json.dumps(game.log_for(seat, log_from))):
        return f"a guest state's log for seat {seat} is not the seat's own"
    places = game.card_locations()
    if places is None or game.over:
        return None
    hidden_places = set(game.hidden_places(seat))
    hidden = {c for place in hidden_places for c in places[place]}
    seen = {c for place, cards in places.items() if place not in hidden_places
            for c in cards}
    secret = hidden - seen - set(game.marker_cards()) - game.known_cards(seat)
    table = {key: value for key, value in view.items() if key != "log"}
    shown = _strings(dict(reply, view=table), set())
    if shown & secret or str(game.seed) in shown:
        return f"a guest state for seat {seat} names {sorted(shown & secret)[:3]} or the seed"
    return None


def _judge_greeting(reply) -> tuple:
    """A guest's hello or reaction, accepted: only a clean name and token, or a known emoji."""
    hello = reply.get("hello")
    if hello is not None:
        name, token = hello.get("name"), hello.get("token")
        if not isinstance(name, str) or not 0 < len(name) <= friends.MAX_NAME \
                or name != name.strip() or friends.TOKEN.fullmatch(token or "") is None:
            return "bug", f"a hello accepted with {hello!r}"
        return "accepted", "hello"
    if reply.get("react") not in friends.REACTIONS:
        return "bug", f"a reaction accepted: {reply.get('react')!r}"
    return "accepted", "react"


def _judge_hint(request, reply) -> tuple:
    """A hint given: an index into the seat's legal actions and one sentence in words."""
    client = service._clients.get(CLIENT)
    slot = request.get("slot") if isinstance(request.get("slot"), str) else "play"
    game = client.slots.get(slot) if client is not None else None
    given = reply.get("hint")
    if game is None or not isinstance(given, dict):
        return "bug", "a hint without a game, or not an object"
    legal = game.legal_actions(request.get("seat"))
    index, why = given.get("action"), given.get("why")
    if not isinstance(index, int) or not 0 <= index < len(legal):
        return "bug", f"the hint's action {index!r} is not an index into the legal actions"
    if not isinstance(why, str) or not why.strip() or "Internal error" in why:
        return "bug", f"the hint says {why!r}"
    return "accepted", "hint"


def op_of(case) -> str:
    request = case[-1] if isinstance(case, list) and case else case
    return str(request.get("op") if isinstance(request, dict) else None)[:20]


@st.composite
def turn_actions(draw):
    """A real game loaded from its save, then a real legal action there, mutated, played."""
    save, legal = draw(st.sampled_from(TURNS))
    action = draw(mutated_action(draw(st.sampled_from(legal))))
    viewer = action.get("seat") if isinstance(action, dict) else 0
    if draw(st.integers(0, 4)) == 0:
        viewer = draw(plausible("viewer"))
    op = draw(st.sampled_from(["act", "try"]))
    return [{"op": "load", "save": save, "viewer": None},
            {"op": op, "action": action, "viewer": viewer}]


@st.composite
def hints(draw):
    """A real game loaded from its save, then a hint asked for a seat that may be wrong, out of
    range or of the wrong type, in a slot that may hold no game."""
    save, legal = draw(st.sampled_from(TURNS))
    seat = legal[0]["seat"] if legal else 0
    request = {"op": "hint", "seat": draw(st.one_of(st.just(seat), st.just(seat),
                                                    plausible("seat"), json_values))}
    if draw(st.integers(0, 3)) == 0:
        request["slot"] = draw(st.one_of(plausible("slot"), json_values))
    return [{"op": "load", "save": save, "viewer": None}, request]


@st.composite
def guests(draw):
    """A real game loaded from its save (or none), then a guest's message from a seat that may
    be the mover's, another, out of range or not a seat, with hints on or off; or the host's
    push of a guest state for such a seat. Mostly near-right, so most cases reach the game."""
    save, legal = draw(st.sampled_from(TURNS))
    # A copy: the message's mutations (retyped) must not change the shared material, or the
    # next case draws from different lists (hypothesis: FlakyStrategyDefinition).
    action = json.loads(json.dumps(draw(st.sampled_from(legal)))) if legal else {"type": "draw"}
    seat = action.get("seat", 0)
    if draw(st.integers(0, 3)) == 0:
        seat = draw(st.one_of(plausible("seat"), plausible("seat"), json_values))
    if draw(st.integers(0, 5)) == 0:
        request = {"op": "guest_view", "seat": seat,
                   "log_from": draw(st.one_of(plausible("log_from"), json_values))}
    else:
        moves = len(save["actions"])
        request = {"op": "guest", "seat": seat, "message": draw(
            guest_message(action, moves) if draw(st.integers(0, 7)) else json_values)}
        if draw(st.integers(0, 2)) == 0:
            request["hints"] = draw(st.booleans() if draw(st.integers(0, 5)) else json_values)
    if draw(st.integers(0, 7)) == 0:
        request["slot"] = draw(st.one_of(plausible("slot"), json_values))
    if draw(st.integers(0, 7)) == 0:
        return request  # no game open: hello and react still work
    return [{"op": "load", "save": save, "viewer": None}, request]


def scripts():
    """A teacher's captioned example (a lesson script): packed, then opened."""
    return st.builds(
        lambda scenario, seat, captions, title: {
            "op": "pack_script", "script": {"scenario": scenario, "seat": seat,
                                            "captions": captions, "title": title}},
        plausible("scenario"), plausible("seat"),
        st.one_of(st.lists(st.text(max_size=30), max_size=4), json_values),
        st.one_of(st.text(max_size=40), json_values))


KINDS = {
    "requests": lambda: requests(),
    "saves": lambda: st.builds(lambda save, viewer: {"op": "load", "save": save,
                                                     "viewer": viewer},
                               plausible("save"), plausible("viewer")),
    "replays": lambda: st.builds(lambda record, upto: {"op": "replay", "record": record,
                                                       "upto": upto, "viewer": 0},
                                 plausible("record"), st.one_of(st.none(), plausible("upto"))),
    "scenarios": lambda: st.builds(lambda scenario: {"op": "scenario", "scenario": scenario,
                                                     "viewer": 0},
                                   plausible("scenario")),
    "actions": lambda: turn_actions(),
    "links": lambda: st.builds(lambda op, text: {"op": op, "text": text, "viewer": 0},
                               st.sampled_from(["open_deal", "open_game", "open_script",
                                                "scenario"]),
                               links()).map(_scenario_text),
    "scripts": lambda: scripts(),
    "hints": lambda: hints(),
    "guests": lambda: guests(),
    "deals": lambda: st.builds(lambda game, players, seed: {"op": "new", "game": game,
                                                            "players": players, "seed": seed,
                                                            "viewer": 0},
                               plausible("game"), plausible("players"), plausible("seed")),
}


def cases():
    """One strategy over every kind of case, weighted toward the ones that build games."""
    return st.one_of(*(make() for make in KINDS.values()))


def _scenario_text(request):
    if request["op"] == "scenario":
        request["scenario"] = request.pop("text")
    return request


def main(argv) -> int:
    """``tests/fuzzing.py '<case text>'`` (or ``@file``): run one case, print its outcome."""
    if len(argv) != 1:
        print("usage: PYTHONPATH=. .venv/bin/python tests/fuzzing.py '<case JSON>' | @file")
        return 2
    text = Path(argv[0][1:]).read_text() if argv[0].startswith("@") else argv[0]
    outcome, detail = judge(json.loads(text))
    print(f"{outcome}: {detail}")
    return 0 if outcome in ("refused", "accepted") else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
