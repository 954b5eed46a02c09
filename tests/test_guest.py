"""Playing with friends: the host's engine answers each guest's messages (engine/service.py's
``guest`` op, engine/friends.py) and sends a guest only what its seat may see.

Every game of every kind is played to the end with every seat's moves sent as a guest would
send them (a message text, through the ``guest`` op); after every reply, every seat's guest
state is checked against the game: the exact fields of a guest state, its view and log those
of the seat, and no card code anywhere in it that the seat may not see, no seed and no move
list until the game is over, when the record comes and checks out with ``verify``. Then every
refusal, one by one, and the fair-play checks against a host that changed something.
"""

import hashlib
import json

import pytest

import engine
from engine import friends, service
from engine.bots import make_bot
from engine.rng import SeededRng

CLIENT = "guest-tests"
GUEST_KEYS = {"ok", "view", "legal", "to_move", "pending", "over", "result", "moves"}
GAMES_PER_ID = 6


def call(**request):
    return json.loads(service.handle(json.dumps(request), CLIENT))


def guest(seat, message, **fields):
    text = message if isinstance(message, str) else json.dumps(message)
    return call(op="guest", seat=seat, message=text, **fields)


def long_seed(*parts) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:32]


def strings_in(value) -> set:
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


def card_codes(game) -> set:
    codes = set(game.marker_cards())
    for cards in (game.card_locations() or {}).values():
        codes.update(cards)
    return codes


def secret_cards(game, seat) -> set:
    """Codes every copy of which lies where ``seat`` may not look (tests/fuzzing.py's leak)."""
    places = game.card_locations() or {}
    hidden_places = set(game.hidden_places(seat))
    hidden = {c for place in hidden_places for c in places[place]}
    seen = {c for place, cards in places.items() if place not in hidden_places for c in cards}
    return hidden - seen - set(game.marker_cards()) - game.known_cards(seat)


def normal(value):
    return json.loads(json.dumps(value))


def without_log(view: dict) -> dict:
    return {key: value for key, value in view.items() if key not in friends.LOG_FIELDS}


def check_guest_state(game, seat, reply, log_from):
    """``reply`` is a guest state for ``seat`` safe to send: nothing but its fields, the seat's
    view and legal actions, and no card code, seed or move list the seat may not see."""
    assert reply["ok"] is True and not reply.get("bug"), reply
    over = game.over
    assert set(reply) == GUEST_KEYS | ({"record"} if over else set()), sorted(reply)
    assert reply["over"] is over and reply["moves"] == len(game.actions)
    assert reply["pending"] == normal(game.pending) and reply["to_move"] == game.to_move
    assert reply["legal"] == normal(game.legal_actions(seat))
    view = reply["view"]
    assert view["seat"] == seat
    assert without_log(view) == normal(without_log(game.view(seat)))
    # The log: the entries from log_from on that the seat may see, filtered here afresh.
    expected = [{k: v for k, v in entry.items() if k != "only"}
                for entry in game.log[log_from:] if seat in entry.get("only", [seat])]
    assert view["log"] == normal(expected) and view["log_next"] == len(game.log)
    if over:
        assert reply["record"] == normal(game.record())
        return
    rest = dict(reply, view=without_log(view))
    shown = strings_in(rest)
    codes = card_codes(game)
    visible = game.visible_cards(seat)
    assert {c for c in shown & codes if c not in visible} == set(), "a card the seat cannot see"
    assert not shown & secret_cards(game, seat), "a hidden card"
    assert str(game.seed) not in shown and "actions" not in reply and "record" not in reply


class Guest:
    """One guest device: its seat, its log cursor, the log it kept and its last state."""

    def __init__(self, seat, game_cls, rng):
        self.seat = seat
        self.cursor = 0
        self.log = []
        self.state = None
        levels = game_cls.BOTS or {}
        self.bot = make_bot(game_cls, "basic" if "basic" in levels else None, rng.fork())

    def receive(self, game, reply):
        check_guest_state(game, self.seat, reply, self.cursor)
        assert reply["view"]["log_from"] == self.cursor
        self.log += reply["view"]["log"]
        self.cursor = reply["view"]["log_next"]
        self.state = reply

    def move(self):
        view = dict(self.state["view"], log=self.log)  # the whole log, as the guest keeps it
        action = self.bot.choose(view, self.state["legal"])
        return {"type": "act", "action": action, "moves": self.state["moves"],
                "log_from": self.cursor}


# Options that change what a seat may see (or how long it keeps something hidden), each
# played besides the defaults.
HIDING_OPTIONS = {
    "matatu": [{"jokers": True, "session_rounds": 3}],
    "matchmakers": [{"campsite_visibility": "private"}, {"exchange_initiator": "team_choice"}],
    "match_maker": [{"predraw_commits": False, "decks": 2}],
    "matchmaster": [{"dealer_hook": True}],
}


def configurations():
    for game_id in sorted(engine.GAMES):
        cls = engine.GAMES[game_id]
        counts = sorted({cls.min_players, cls.default_players, min(cls.max_players, 4)})
        variants = [{}] + HIDING_OPTIONS.get(game_id, [])
        for number in range(GAMES_PER_ID):
            players = counts[number % len(counts)]
            options = variants[number % len(variants)]
            shown = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            yield pytest.param(game_id, players, options, number,
                               id=f"{game_id}-{players}p-{shown}-{number}")


@pytest.mark.parametrize("game_id, players, options, number", list(configurations()))
def test_every_seat_plays_through_guest_messages_and_sees_only_its_own(game_id, players,
                                                                       options, number):
    service.forget(CLIENT)
    seed = long_seed(game_id, players, number)
    started = call(op="new", game=game_id, players=players, seed=seed, options=options,
                   viewer=None)
    assert started["ok"], started
    commitment = call(op="commit")["commitment"]
    game = service._clients[CLIENT].slots["play"]
    rng = SeededRng(seed)
    guests = [Guest(seat, type(game), rng) for seat in range(players)]
    for each in guests:
        each.receive(game, guest(each.seat, {"type": "view"}))
    moves = 0
    while not game.over:
        mover = guests[game.pending[rng.randbelow(len(game.pending))]]
        reply = guest(mover.seat, mover.move())
        mover.receive(game, reply)
        moves += 1
        assert moves < 5000, "the game did not end"
        for other in guests:
            if other is not mover:  # the host pushes the new table to every other guest
                other.receive(game, call(op="guest_view", seat=other.seat,
                                         log_from=other.cursor))
    for each in guests:
        assert each.log == normal(game.log_for(each.seat))  # the log, put together, is whole
        record = each.state["record"]
        checked = call(op="verify", record=record, commitment=commitment, seat=each.seat,
                       view=each.state["view"])
        assert checked["fair"] is True, checked
        assert [check["ok"] for check in checked["checks"]] == [True] * 4


# ---- hello, reactions, hints ----------------------------------------------------------------

def test_hello_cleans_the_name_and_needs_no_game():
    service.forget(CLIENT)
    reply = guest(None, {"type": "hello", "name": "  Wanjiru 🃏 ", "token": "A1b2-C3d4_E5f6g7h"})
    assert reply == {"ok": True, "hello": {"name": "Wanjiru 🃏", "token": "A1b2-C3d4_E5f6g7h"}}


def test_reactions_are_a_fixed_set():
    assert call(op="reactions") == {"ok": True, "reactions": list(friends.REACTIONS)}
    for emoji in friends.REACTIONS:
        assert guest(0, {"type": "react", "emoji": emoji}) == {"ok": True, "react": emoji}


def test_a_message_in_ascii_escapes_is_read_like_any_other():
    """A guest may send its emoji as JSON escapes: carried inside the request they are an
    escaped backslash and 'ud83d', never a broken character."""
    text = json.dumps({"type": "react", "emoji": "👍"})  # ensure_ascii: \\ud83d\\udc4d
    assert "\\ud83d" in text
    assert guest(0, text) == {"ok": True, "react": "👍"}


def test_a_hint_is_given_only_when_the_host_allows_hints():
    service.forget(CLIENT)
    state = call(op="new", game="matatu", players=3, seed=long_seed("hint"), viewer=None)
    seat = state["to_move"]
    refused = guest(seat, {"type": "hint"})
    assert refused["ok"] is False and refused["error"] == "The host has turned hints off."
    given = guest(seat, {"type": "hint"}, hints=True)
    assert given["ok"] and given["hint"] == call(op="hint", seat=seat)["hint"]
    other = guest((seat + 1) % 3, {"type": "hint"}, hints=True)
    assert other["ok"] is False and "not your turn" in other["error"]


# ---- refusals ------------------------------------------------------------------------------

def deal(seed="refusals"):
    service.forget(CLIENT)
    state = call(op="new", game="matatu", players=3, seed=long_seed(seed), viewer=None)
    mover = state["to_move"]
    legal = call(op="view", viewer=mover)["legal"]
    return mover, legal


def refused(reply, words=None):
    assert reply["ok"] is False and not reply.get("bug"), reply
    assert isinstance(reply["error"], str) and "Internal error" not in reply["error"]
    if words is not None:
        assert words in reply["error"], reply["error"]
    return reply


def test_a_guest_moves_only_for_its_own_seat_and_only_in_turn():
    mover, legal = deal()
    other = (mover + 1) % 3
    moved_for_another = refused(guest(other, {"type": "act", "action": legal[0]}),
                                "You can only move for your own seat.")
    # The refusal carries the guest's own state, unchanged, so its table can be redrawn.
    assert moved_for_another["state"]["view"]["seat"] == other
    assert "actions" not in moved_for_another["state"]
    action = dict(legal[0], seat=other)
    refused(guest(other, {"type": "act", "action": action}), "It is not your turn.")
    no_seat = {key: value for key, value in legal[0].items() if key != "seat"}
    refused(guest(other, {"type": "act", "action": no_seat}), "It is not your turn.")
    assert guest(mover, {"type": "act", "action": no_seat, "moves": 0})["moves"] == 1


def test_a_stale_move_is_refused_with_the_table_as_it_is_now():
    mover, legal = deal()
    reply = refused(guest(mover, {"type": "act", "action": legal[0], "moves": 5}),
                    "The table moved on before your move arrived; here it is now.")
    assert reply["state"]["moves"] == 0 and reply["state"]["legal"] == legal
    assert call(op="view")["moves"] == 0


def test_an_illegal_move_gets_the_engines_own_reason():
    mover, legal = deal()
    reply = refused(guest(mover, {"type": "act", "action": {"type": "play", "card": "XX"}}))
    engine_says = call(op="act", action={"type": "play", "card": "XX", "seat": mover})
    assert reply["error"] == engine_says["error"]


@pytest.mark.parametrize("message, words", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "a JSON object with a \"type\""),
    ("\"hello\"", "a JSON object with a \"type\""),
    ("{}", "a JSON object with a \"type\""),
    ({"type": 3}, "a JSON object with a \"type\""),
    ({"type": "shout"}, "cannot send a 'shout' message"),
    ({"type": "x" * 500}, "cannot send a"),
    ("x" * 9000, "at most 8192 characters"),
    (json.dumps({"type": "hello", "name": "Ann", "token": "t" * 20, "pad": "p" * 8300}),
     "at most 8192 characters"),
    ("[" * 40 + "]" * 40, "levels deep"),
    ('{"type": "view", "log_from": ' + "[" * 40 + "]" * 40 + "}", "levels deep"),
    ({"type": "hello", "name": "", "token": "t" * 20}, "A name is 1 to 24 characters."),
    ({"type": "hello", "name": "   ", "token": "t" * 20}, "A name is 1 to 24 characters."),
    ({"type": "hello", "name": "n" * 25, "token": "t" * 20}, "A name is 1 to 24 characters."),
    ({"type": "hello", "name": "Ann\nBob", "token": "t" * 20}, "control characters"),
    ({"type": "hello", "name": "Ann\u202egnp.exe", "token": "t" * 20}, "control characters"),
    ({"type": "hello", "name": ["Ann"], "token": "t" * 20}, "A name is text"),
    ({"type": "hello", "name": "Ann", "token": "short"}, "A token is 16 to 64"),
    ({"type": "hello", "name": "Ann", "token": "t" * 65}, "A token is 16 to 64"),
    ({"type": "hello", "name": "Ann", "token": "t" * 15 + "!"}, "A token is 16 to 64"),
    ({"type": "hello", "name": "Ann", "token": "t" * 15 + "\n"}, "A token is 16 to 64"),
    ({"type": "hello", "name": "Ann"}, "needs 'token'"),
    ({"type": "hello", "name": "Ann", "token": "t" * 20, "admin": True}, "no field 'admin'"),
    ({"type": "react", "emoji": "💩"}, "A reaction is one of"),
    ({"type": "react", "emoji": "👍👍"}, "A reaction is one of"),
    ({"type": "react", "emoji": 1}, "A reaction is one of"),
    ({"type": "act"}, "needs 'action'"),
    ({"type": "act", "action": "play 7D"}, "\"action\", an object"),
    ({"type": "act", "action": {"type": "draw"}, "moves": -1}, "'moves' is a whole number"),
    ({"type": "act", "action": {"type": "draw"}, "moves": 1.5}, "'moves' is a whole number"),
    ({"type": "view", "log_from": True}, "'log_from' is a whole number"),
    ({"type": "view", "log_from": 2 ** 40}, "'log_from' is a whole number"),
    ({"type": "act", "action": {"type": "draw", "seat": 0, "card": "7D"}}, "exactly these"),
    ({"type": "act", "action": {"type": "teleport"}}, "no move called 'teleport'"),
    ({"type": "hint"}, "The host has turned hints off."),
])
def test_a_malformed_message_is_refused_in_words(message, words):
    deal()
    text = message if isinstance(message, str) else json.dumps(message)
    refused(guest(0, text), words)


@pytest.mark.parametrize("seat, words", [
    (None, "needs the \"seat\""), (3, "There is no seat 3"), (-1, "There is no seat -1"),
    (True, "a seat number"), ("0", "a seat number"), (0.0, "a seat number"),
])
def test_a_seat_the_table_does_not_have_is_refused(seat, words):
    deal()
    refused(call(op="guest", seat=seat, message=json.dumps({"type": "view"})), words)
    refused(call(op="guest_view", seat=seat), words)


@pytest.mark.parametrize("fields, words", [
    ({"message": None}, "is text"),
    ({"message": {"type": "view"}}, "is text"),
    ({"message": "{\"type\": \"view\"}", "hints": "yes"}, "'hints' must be true or false"),
    ({"message": "{\"type\": \"view\"}", "slot": "x" * 40}, "A slot is a short name"),
    ({"message": "{\"type\": \"view\"}", "slot": "empty"}, "The host has no game open yet."),
])
def test_a_malformed_request_from_the_host_is_refused_in_words(fields, words):
    deal()
    refused(call(op="guest", seat=0, **fields), words)


def test_a_guests_move_ends_the_hosts_undo():
    for number in range(40):
        service.forget(CLIENT)
        state = call(op="new", game="matatu", players=2, seed=long_seed("undo", number),
                     viewer=0)
        play = next((a for a in state["legal"] if a["type"] == "play"), None)
        if state["to_move"] != 0 or play is None:
            continue
        played = call(op="act", action=play, viewer=0)
        if played["over"] or not played["undo"] or played["to_move"] != 1:
            continue
        reply = guest(1, {"type": "act", "action": guest(1, {"type": "view"})["legal"][0]})
        assert reply["ok"]
        refused(call(op="undo", viewer=0), "cannot be taken back")
        return
    raise AssertionError("no deal let the host take a move back")


# ---- fair play: commit and verify ------------------------------------------------------------

def play_out(game_id="matatu", players=2, seed=None):
    """A game played to the end by bots in the play slot: (its record, seat 0's last view)."""
    service.forget(CLIENT)
    seed = seed or long_seed("fair", game_id)
    call(op="new", game=game_id, players=players, seed=seed, viewer=None)
    commitment = call(op="commit")["commitment"]
    state = call(op="view")
    while not state["over"]:
        state = call(op="bot", level="basic")
    final = call(op="guest_view", seat=0)
    return commitment, final["record"], final["view"]


def failing(checked) -> list:
    return [index for index, check in enumerate(checked["checks"]) if not check["ok"]]


def test_the_commitment_is_the_documented_formula():
    service.forget(CLIENT)
    seed = long_seed("formula")
    call(op="new", game="matatu", players=2, seed=seed, viewer=None)
    expected = hashlib.sha256(f"matchbook-seed:{seed}".encode()).hexdigest()
    assert call(op="commit") == {"ok": True, "commitment": expected}


@pytest.mark.parametrize("seed", ["short-seed", 12345678901234567890, "abcdefghijklmno"])
def test_a_seed_that_could_be_guessed_is_refused_for_a_commitment(seed):
    service.forget(CLIENT)
    assert call(op="new", game="matatu", players=2, seed=seed, viewer=None)["ok"]
    refused(call(op="commit"), "at least 16 random characters")


def test_a_position_set_up_by_hand_has_no_seed_to_commit_to():
    service.forget(CLIENT)
    scenario = call(op="deal_position", game="matatu", players=2, seed=long_seed("p"))
    call(op="scenario", scenario=scenario["scenario"], viewer=0)
    refused(call(op="commit"), "set up from a position")


def test_an_honest_game_is_fair():
    commitment, record, view = play_out()
    checked = call(op="verify", record=record, commitment=commitment, seat=0, view=view)
    assert checked["ok"] and checked["fair"] is True and failing(checked) == []
    assert checked["checks"][0]["what"] == ("The seed revealed at the end matches the"
                                           " fingerprint shown at the deal.")
    # The record as text is read the same way.
    assert call(op="verify", record=json.dumps(record), commitment=commitment.upper(),
                seat=0, view=view)["fair"] is True


def test_a_deal_changed_after_the_commitment_is_not_fair():
    """The host published one seed's fingerprint, then dealt from another: the game replays
    and ends in the table the guest saw, but its seed is not the one committed to."""
    committed, _, _ = play_out(seed=long_seed("committed"))
    _, record, view = play_out(seed=long_seed("dealt instead"))
    checked = call(op="verify", record=record, commitment=committed, seat=0, view=view)
    assert checked["fair"] is False and failing(checked) == [0]
    assert "does not match the fingerprint" in checked["checks"][0]["what"]


def test_a_changed_seed_in_the_record_is_not_fair_or_does_not_replay():
    commitment, record, view = play_out()
    changed = dict(record, seed=long_seed("another"))
    reply = call(op="verify", record=changed, commitment=commitment, seat=0, view=view)
    if reply["ok"]:
        assert reply["fair"] is False and 0 in failing(reply)
    else:
        refused(reply, "This record does not replay")


def test_a_changed_move_is_not_fair():
    commitment, record, view = play_out()
    game = engine.replay(dict(record, actions=record["actions"][:-1]))
    others = [a for a in game.legal_actions(game.pending[0]) if a != record["actions"][-1]]
    assert others, "the last move had no alternative: choose another seed"
    changed = dict(record, actions=record["actions"][:-1] + [normal(others[0])])
    checked = call(op="verify", record=changed, commitment=commitment, seat=0, view=view)
    assert checked["fair"] is False and 2 in failing(checked) and 0 not in failing(checked)


def test_a_view_that_differs_from_the_replay_is_not_fair():
    commitment, record, view = play_out()
    changed = dict(view, scores=[score + 1 for score in view["scores"]])
    checked = call(op="verify", record=record, commitment=commitment, seat=0, view=changed)
    assert checked["fair"] is False and failing(checked) == [2]
    # The log fields are the guest's own cursor: they are not compared.
    same = dict(view, log=[], log_from=3, log_next=99)
    assert call(op="verify", record=record, commitment=commitment, seat=0,
                view=same)["fair"] is True
    another_seat = call(op="verify", record=record, commitment=commitment, seat=1, view=view)
    assert another_seat["fair"] is False and failing(another_seat) == [2]


def test_a_game_not_over_is_not_fair():
    service.forget(CLIENT)
    call(op="new", game="matatu", players=2, seed=long_seed("unfinished"), viewer=None)
    commitment = call(op="commit")["commitment"]
    record = json.loads(call(op="save")["save"])
    view = call(op="guest_view", seat=1)["view"]
    checked = call(op="verify", record=record, commitment=commitment, seat=1, view=view)
    assert checked["fair"] is False and failing(checked) == [3]


@pytest.mark.parametrize("change, words", [
    ({"commitment": "abc"}, "64 hexadecimal digits"),
    ({"commitment": None}, "64 hexadecimal digits"),
    ({"record": None}, "needs the game's \"record\""),
    ({"record": 5}, "needs the game's \"record\""),
    ({"record": "{nope"}, "not valid JSON"),
    ({"view": None}, "needs the \"view\""),
    ({"view": []}, "'view' must be an object"),
    ({"seat": 2}, "your seat in this game"),
    ({"seat": None}, "your seat in this game"),
])
def test_a_malformed_verify_request_is_refused_in_words(change, words):
    commitment, record, view = play_out()
    request = dict({"record": record, "commitment": commitment, "seat": 0, "view": view},
                   **change)
    refused(call(op="verify", **request), words)


def test_a_record_that_does_not_replay_is_refused_with_its_reason():
    commitment, record, view = play_out()
    broken = dict(record, actions=record["actions"] + [{"type": "play", "card": "XX",
                                                        "seat": 0}])
    refused(call(op="verify", record=broken, commitment=commitment, seat=0, view=view),
            "This record does not replay")
