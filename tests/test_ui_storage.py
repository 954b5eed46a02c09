"""ui/storage.py in CPython, against a fake of static/js/storage.js: records checked for size,
depth, type and shape when read and set aside truthfully; two tabs; a full disk; the game in
play saved as a head plus chunks; records written by an earlier main still resume."""

import json
from pathlib import Path

import pytest

from engine import service
from ui import storage as store

SAVES = json.loads((Path(__file__).parent / "data" / "saves-4b676ca.json").read_text())


class FakeStorageJs:
    """static/js/storage.js over a dict: failures are returned as error names, not raised."""

    def __init__(self, items=None, quota=None, full_for=()):
        self.items = dict(items or {})
        self.quota = quota
        self.full_for = full_for  # key prefixes whose writes fail as if storage were full
        self.writes = []

    @property
    def length(self):
        return len(self.items)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if index < len(keys) else None

    def getItem(self, key):  # noqa: N802 - the Web Storage API's names
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if any(key.startswith(prefix) for prefix in self.full_for) or (
                self.quota is not None and used + len(key) + len(value) > self.quota):
            return "QuotaExceededError"
        self.items[key] = value
        self.writes.append((key, len(value)))
        return ""

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def measure(self, key, limit):
        text = self.items.get(key)
        if text is None:
            return ""
        depth = deepest = 0
        in_string = escaped = False
        for char in text:
            if in_string:
                if escaped:
                    escaped = False
                elif char == "\\":
                    escaped = True
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
            elif char in "[{":
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit:
                    break
            elif char in "]}":
                depth -= 1
        return f"{len(text)} {deepest}"

    def moveAside(self, key, target, reason):  # noqa: N802
        raw = self.items.get(key)
        failure = ""
        if raw is not None:
            failure = self.setItem(target, json.dumps({"kind": "quarantine", "schema": 1,
                                                       "from": key, "reason": reason,
                                                       "raw": raw}))
        self.items.pop(key, None)
        return failure


KNOWN = {"matatu": ["matatu-v1"], "matchmaster": ["matchmaster-v1"],
         "matchmakers": ["matchmakers-v1"], "match_maker": ["match_maker-v1"]}


def history_record(entry_id="a", **changes):
    record = {"kind": "history", "schema": 1, "id": entry_id, "game": "matatu",
              "rules": "matatu-v1", "save": "{}", "seats": ["human", "bot"],
              "summary": {"finished": "2026-11-01"}}
    record.update(changes)
    return json.dumps(record)


def legacy_current(save: str, game="matatu", rules="matatu-v1", seats=None, **changes):
    record = {"kind": "current", "schema": 1, "game": game, "rules": rules, "save": save,
              "seats": seats or ["human", "bot"], "rev": 1, "tab": "old",
              "meta": {"names": None, "viewer": 0, "bot": "basic", "entry": "old-entry"}}
    record.update(changes)
    return json.dumps(record)


def head(record, seats=("human", "bot", "bot")):
    return {"game": record["game"], "rules": record["rules"], "record": record,
            "seats": list(seats), "names": store.default_names(list(seats)), "viewer": 0,
            "bot": "basic", "entry": "e1", "handoff": None}


def test_unreadable_records_are_quarantined_and_reported_not_dropped():
    backend = FakeStorageJs({
        "matchbook:history:good": history_record("good"),
        "matchbook:history:bad": "{oops",
        "matchbook:history:future": history_record("future", schema=9),
        "matchbook:history:unknown-game": history_record("unknown-game", game="chess"),
        "matchbook:history:unknown-rules": history_record("unknown-rules", rules="matatu-v7"),
        "someone-else": "untouched",
    })
    storage = store.Storage(backend, "tab-1", KNOWN)
    problems = storage.audit()
    assert sorted(p["key"] for p in problems) == [
        "matchbook:history:bad", "matchbook:history:future",
        "matchbook:history:unknown-game", "matchbook:history:unknown-rules"]
    assert [entry["id"] for entry in storage.history()] == ["good"]
    quarantined = storage.quarantined()
    assert len(quarantined) == 4
    assert any(q["raw"] == "{oops" for q in quarantined)  # kept for a bug report
    assert backend.items["someone-else"] == "untouched"
    assert all(p["kept"] and "set aside" in p["text"] for p in problems)


# Each record that once bricked the app (issue #14), and the words its reason must hold.
BAD_RECORDS = {
    "settings values a string": (
        "matchbook:settings", json.dumps({"kind": "settings", "schema": 1, "values": "fast"}),
        "values are not an object"),
    "settings text delay": (
        "matchbook:settings",
        json.dumps({"kind": "settings", "schema": 1, "values": {"bot_delay_ms": "slow"}}),
        "bot_delay_ms is not a whole number"),
    "settings unknown speed": (
        "matchbook:settings",
        json.dumps({"kind": "settings", "schema": 1, "values": {"speed": "warp"}}),
        "speed is not slow, normal or fast"),
    "settings hints a word": (
        "matchbook:settings",
        json.dumps({"kind": "settings", "schema": 1, "values": {"hints": "yes"}}),
        "hints is not true or false"),
    "current nested 5000 deep": (
        "matchbook:current",
        '{"kind": "current", "schema": 1, "game": "matatu", "save": ' + "[" * 5000
        + "]" * 5000 + "}", "nests more than"),
    "current of 1.27 MB": (
        "matchbook:current", legacy_current("x" * 1_270_000), "too large"),
    "history without id": (
        "matchbook:history:noid", history_record("noid", id=None), "has no id"),
    "history summary a list": (
        "matchbook:history:list", history_record("list", summary=["won"]),
        "summary is not an object"),
    "current seats a text": (
        "matchbook:current", legacy_current("{}", seats="human,bot"), "seats are not a list"),
    "current meta a list": (
        "matchbook:current", legacy_current("{}", meta=["You"]), "meta is not an object"),
    "quarantine not a set-aside record": (
        "matchbook:quarantine:current:0", json.dumps({"kind": "quarantine", "from": ["x"]}),
        "not a set-aside record"),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_each_kind_of_bad_record_is_set_aside_with_its_reason(name):
    key, raw, words = BAD_RECORDS[name]
    good = history_record("good")
    backend = FakeStorageJs({key: raw, "matchbook:history:good": good,
                             "other-app": "left alone"})
    storage = store.Storage(backend, "tab-1", KNOWN)
    problems = storage.audit()
    assert [p["key"] for p in problems] == [key]
    assert words in problems[0]["reason"], problems[0]
    assert key not in backend.items  # it never stops the next boot
    assert backend.items["matchbook:history:good"] == good
    assert backend.items["other-app"] == "left alone"
    assert storage.settings()["bot_delay_ms"] == store.DEFAULT_SETTINGS["bot_delay_ms"]
    assert storage.load_current() is None
    if not key.startswith(store.QUARANTINE_PREFIX):
        kept = [k for k in backend.items if k.startswith(store.QUARANTINE_PREFIX)]
        assert len(kept) == 1 and json.loads(backend.items[kept[0]])["raw"] == raw


def test_with_storage_full_a_bad_record_is_removed_and_the_report_says_so():
    backend = FakeStorageJs({"matchbook:settings": json.dumps(
        {"kind": "settings", "schema": 1, "values": "fast"})}, full_for=("matchbook:quar",))
    storage = store.Storage(backend, "tab-1", KNOWN)
    (problem,) = storage.audit()
    assert not problem["kept"]
    assert "could not be kept aside" in problem["text"] and "so it was removed" in problem["text"]
    assert backend.items == {}


def test_a_second_tab_cannot_silently_overwrite_the_game():
    record = {"format": 2, "game": "matatu", "rules": "matatu-v1", "options": {},
              "players": 3, "seed": 1, "scenario": None}
    backend = FakeStorageJs()
    first = store.Storage(backend, "tab-1", KNOWN)
    second = store.Storage(backend, "tab-2", KNOWN)
    assert first.save_current(head(record), [], 0)
    assert second.load_current()["save"]["actions"] == []
    assert first.save_current(head(record), [{"type": "draw", "seat": 0}], 0, 0)
    # The second tab still holds revision 1: its save is refused, the newer game kept.
    assert second.current_changed_elsewhere()
    assert not second.save_current(head(record), [{"type": "pass", "seat": 0}], 0, 0)
    assert first.load_current()["save"]["actions"] == [{"type": "draw", "seat": 0}]


def test_storage_full_raises_storage_full():
    storage = store.Storage(FakeStorageJs(quota=10), "tab-1", KNOWN)
    with pytest.raises(store.StorageFull):
        storage.save_settings({"bot_delay_ms": 10})


def test_every_record_carries_its_kind_and_schema_version():
    backend = FakeStorageJs()
    storage = store.Storage(backend, "tab-1", KNOWN)
    storage.save_settings({"bot_delay_ms": 10})
    record = {"format": 2, "game": "matatu", "rules": "matatu-v1", "options": {},
              "players": 2, "seed": 1, "scenario": None}
    storage.save_current(head(record, ("human", "bot")), [{"type": "draw", "seat": 0}], 0)
    storage.add_history({"id": "h1", "game": "matatu", "rules": "matatu-v1",
                         "record": dict(record, actions=[]), "seats": ["human", "bot"],
                         "names": ["You", "Seat 2 (bot)"], "viewer": 0, "bot": "basic",
                         "summary": {"finished": "x", "outcome": "You won"}})
    for raw in backend.items.values():
        assert json.loads(raw)["schema"] == store.SCHEMA and json.loads(raw)["kind"]
    assert storage.settings()["bot_delay_ms"] == 10
    assert not storage.audit()
    assert storage.history_entry("h1")["names"] == ["You", "Seat 2 (bot)"]


def play_through_service(moves: int):
    """A real game's head and moves, as the app keeps them from bounded replies."""
    reply = json.loads(service.handle(json.dumps(
        {"op": "new", "game": "matatu", "players": 3, "seed": 4, "viewer": 0, "bounded": True,
         "actions_from": 0}), "storage-test"))
    record, actions = reply["record"], []
    while len(actions) < moves and not reply["over"]:
        reply = json.loads(service.handle(json.dumps(
            {"op": "bot", "level": "random", "viewer": 0, "bounded": True,
             "actions_from": len(actions)}), "storage-test"))
        actions.extend(reply["actions"])
    assert len(actions) == moves, "the round ended early: pick another seed"
    return record, actions


def test_a_move_rewrites_one_chunk_and_the_head_not_the_whole_game():
    record, actions = play_through_service(150)
    backend = FakeStorageJs()
    storage = store.Storage(backend, "tab-1", KNOWN)
    for count in range(1, len(actions) + 1):
        backend.writes.clear()
        storage.save_current(head(record), actions[:count], count - 1, count - 1)
        assert [key for key, _ in backend.writes] == [
            store.MOVES_PREFIX + str((count - 1) // store.CHUNK), store.CURRENT_KEY]
        assert sum(size for _, size in backend.writes) < 4_000
    loaded = store.Storage(backend, "tab-2", KNOWN).load_current()
    assert loaded["save"]["actions"] == actions
    reply = json.loads(service.handle(json.dumps({"op": "load", "save": loaded["save"],
                                                  "viewer": 0})))
    assert reply["ok"] and reply["moves"] == len(actions)


def test_a_save_with_nothing_changed_writes_the_head_alone():
    # A resumed game, or a new round not played yet, is saved with dirty_from None (all
    # saved): that wrote max(None, 0) and raised TypeError on the page before.
    record, actions = play_through_service(60)
    backend = FakeStorageJs()
    storage = store.Storage(backend, "tab-1", KNOWN)
    storage.save_current(head(record), actions, 0)
    backend.writes.clear()
    assert storage.save_current(head(record), actions, None, len(actions))
    assert [key for key, _ in backend.writes] == [store.CURRENT_KEY]
    assert storage.load_current()["save"]["actions"] == actions


def test_an_undo_shrinks_the_stored_moves_and_a_lost_chunk_sets_the_game_aside():
    record, actions = play_through_service(140)
    backend = FakeStorageJs()
    storage = store.Storage(backend, "tab-1", KNOWN)
    storage.save_current(head(record), actions, 0)
    storage.save_current(head(record), actions[:100], 100, len(actions))
    assert store.MOVES_PREFIX + "2" not in backend.items
    assert storage.load_current()["save"]["actions"] == actions[:100]
    del backend.items[store.MOVES_PREFIX + "1"]
    other = store.Storage(backend, "tab-2", KNOWN)
    assert other.load_current() is None
    assert "chunk 1" in other.problems[-1]["reason"]
    assert not any(key.startswith(store.MOVES_PREFIX) for key in backend.items)


def test_a_full_disk_mid_save_leaves_the_last_good_game():
    record, actions = play_through_service(70)
    backend = FakeStorageJs()
    storage = store.Storage(backend, "tab-1", KNOWN)
    storage.save_current(head(record), actions[:60], 0)
    backend.full_for = (store.MOVES_PREFIX,)
    with pytest.raises(store.StorageFull):
        storage.save_current(head(record), actions, 60, 60)
    assert storage.load_current()["save"]["actions"] == actions[:60]  # the head came last


@pytest.mark.parametrize("saved", SAVES, ids=[s["name"] for s in SAVES])
def test_records_written_by_an_earlier_main_resume_and_replay(saved):
    """matchbook:current and matchbook:history:* as commit 4b676ca wrote them (format 1
    saves with a state snapshot, inside schema 1 records) are read and the engine takes
    them: the game resumes, and History replays it."""
    game = json.loads(saved["save"])
    seats = ["human"] + ["bot"] * (game["players"] - 1)
    backend = FakeStorageJs({
        "matchbook:current": legacy_current(saved["save"], game["game"], game["rules"],
                                            seats),
        "matchbook:history:old": history_record("old", game=game["game"], rules=game["rules"],
                                                save=saved["save"], seats=seats),
    })
    storage = store.Storage(backend, "tab-1", {game["game"]: [game["rules"]]})
    assert storage.audit() == []
    current = storage.load_current()
    assert current["legacy"] and current["names"] is None and current["viewer"] == 0
    loaded = json.loads(service.handle(json.dumps(
        {"op": "load", "save": current["save"], "viewer": 0, "bounded": True,
         "actions_from": 0}), "old-saves"))
    assert loaded["ok"], loaded
    assert loaded["moves"] == saved["expect"]["moves"] == len(loaded["actions"])
    assert loaded["to_move"] == saved["expect"]["to_move"]
    entry = storage.history_entry("old")
    assert entry["names"] == store.default_names(seats)
    replayed = json.loads(service.handle(json.dumps(
        {"op": "replay", "save": entry["save"], "viewer": 0, "bounded": True}), "old-saves"))
    assert replayed["ok"] and replayed["total_moves"] == saved["expect"]["moves"]
    # Saved again the new way (head + chunks), it resumes to the same game.
    storage.save_current({"game": game["game"], "rules": game["rules"],
                          "record": loaded["record"], "seats": seats,
                          "names": store.default_names(seats), "viewer": 0, "bot": "basic",
                          "entry": "old-entry", "handoff": None}, loaded["actions"], 0)
    again = json.loads(service.handle(json.dumps(
        {"op": "load", "save": storage.load_current()["save"], "viewer": 0}), "old-saves"))
    assert again["ok"] and again["moves"] == loaded["moves"]
    assert again["legal"] == loaded["legal"]


def test_the_last_setup_round_trips_and_a_damaged_one_is_set_aside():
    backend = FakeStorageJs({})
    storage = store.Storage(backend, "tab-1", KNOWN)
    assert storage.setups() == {"last": None, "games": {}}
    setup = {"players": 2, "seats": ["human", "bot"], "levels": [None, "strong"],
             "names": ["Ana", ""], "rules": "matatu-v1", "options": {"jokers": True},
             "bot": "basic"}
    storage.save_setups({"last": "matatu", "games": {"matatu": setup}})
    again = store.Storage(backend, "tab-2", KNOWN)
    assert again.audit() == []
    assert again.setups() == {"last": "matatu", "games": {"matatu": setup}}
    for bad in ({"players": "2"}, {**setup, "seats": ["human", "robot"]},
                {**setup, "options": {"jokers": [1]}}, {**setup, "names": ["x" * 500]}):
        backend = FakeStorageJs({"matchbook:setup": json.dumps(
            {"kind": "setup", "schema": 2, "values": {"last": "matatu",
                                                       "games": {"matatu": bad}}})})
        storage = store.Storage(backend, "tab-1", KNOWN)
        problems = storage.audit()
        assert [p["key"] for p in problems] == ["matchbook:setup"], bad
        assert "The setup you last used" in problems[0]["text"]
        assert storage.setups() == {"last": None, "games": {}}


# ---- play with friends: your seat at a friend's table, the table you host, connection ----

def hosted_room(**changes):
    room = {"id": "abcdefgh2345", "secret": "k2m3n4p5q6r7s8t9u2v3", "game": "matatu",
            "players": 2, "rules": "matatu-v1", "options": {}, "bot": "basic",
            "seats": ["human", "friend"], "names": ["Host", "Ann"],
            "tokens": [None, "t" * 24], "started": True, "stand_in": [False, False],
            "commitment": "0" * 64, "hints": True}
    room.update(changes)
    return room


def test_a_guest_seat_and_a_hosted_table_round_trip():
    backend = FakeStorageJs({})
    storage = store.Storage(backend, "tab-1", KNOWN)
    assert storage.guest_seat("abcdefgh2345") is None
    storage.save_guest_seat("abcdefgh2345", "Ann", "t" * 24)
    storage.save_hosted_table(hosted_room())
    again = store.Storage(backend, "tab-2", KNOWN)
    assert again.audit() == []
    assert again.guest_seat("abcdefgh2345") == {"name": "Ann", "token": "t" * 24}
    assert again.guest_seat("../../etc") is None  # a room id from a link is checked too
    assert again.hosted_table() == hosted_room()
    again.save_hosted_table(None)
    assert again.hosted_table() is None


def test_damaged_friends_records_are_set_aside_with_their_reason():
    for key, value in (
            ("matchbook:guest:abcdefgh2345", {"kind": "guest", "schema": 2,
                                              "values": {"name": "Ann", "token": "<x>"}}),
            ("matchbook:friends", {"kind": "friends", "schema": 2,
                                   "values": hosted_room(seats=["bot", "friend"])}),
            ("matchbook:friends", {"kind": "friends", "schema": 2,
                                   "values": hosted_room(tokens=[None, "short"])}),
            ("matchbook:friends", {"kind": "friends", "schema": 2,
                                   "values": hosted_room(secret="no spaces allowed")})):
        storage = store.Storage(FakeStorageJs({key: json.dumps(value)}), "tab-1", KNOWN)
        problems = storage.audit()
        assert [p["key"] for p in problems] == [key], value
        assert storage.hosted_table() is None and storage.guest_seat("abcdefgh2345") is None


def test_connection_settings_keep_only_addresses_of_their_kind():
    settings = {"relays": " wss://relay.example  http://nope ws://10.0.0.2:8001 ", "stun": ""}
    assert store.addresses(settings, "relays") == ["wss://relay.example", "ws://10.0.0.2:8001"]
    assert store.addresses(settings, "stun") is None
    assert json.loads(store.connection_options({})) == {"relays": None, "stun": None}
    with pytest.raises(store.Bad):
        store.check_settings({"values": {"relays": "x" * 2000}})
