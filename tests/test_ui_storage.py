"""ui/storage.py in CPython, against a fake localStorage: quarantine, two tabs, a full disk."""

import json

import pytest

from ui import storage as store


class FakeLocalStorage:
    def __init__(self, items=None, quota=None):
        self.items = dict(items or {})
        self.quota = quota

    @property
    def length(self):
        return len(self.items)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if index < len(keys) else None

    def getItem(self, key):  # noqa: N802 - the Web Storage API's names
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if self.quota is not None and sum(map(len, self.items.values())) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


KNOWN = {"matatu": ["matatu-v1"]}


def history_record(**changes):
    record = {"kind": "history", "schema": 1, "id": "a", "game": "matatu", "rules": "matatu-v1",
              "save": "{}", "seats": ["human", "bot"], "summary": {"finished": "2026-11-01"}}
    record.update(changes)
    return json.dumps(record)


def test_unreadable_records_are_quarantined_and_reported_not_dropped():
    backend = FakeLocalStorage({
        "matchbook:history:good": history_record(),
        "matchbook:history:bad": "{oops",
        "matchbook:history:future": history_record(schema=2),
        "matchbook:history:unknown-game": history_record(game="chess"),
        "matchbook:history:unknown-rules": history_record(rules="matatu-v7"),
        "someone-else": "untouched",
    })
    storage = store.Storage(backend, "tab-1", KNOWN)
    problems = storage.audit()
    assert sorted(p["key"] for p in problems) == [
        "matchbook:history:bad", "matchbook:history:future",
        "matchbook:history:unknown-game", "matchbook:history:unknown-rules"]
    assert [entry["id"] for entry in storage.history()] == ["a"]
    quarantined = storage.quarantined()
    assert len(quarantined) == 4
    assert any(q["raw"] == "{oops" for q in quarantined)  # kept for a bug report
    assert backend.items["someone-else"] == "untouched"


def test_a_second_tab_cannot_silently_overwrite_the_game():
    backend = FakeLocalStorage()
    first = store.Storage(backend, "tab-1", KNOWN)
    second = store.Storage(backend, "tab-2", KNOWN)
    assert first.save_current("matatu", "matatu-v1", "{}", ["human"])
    assert second.load_current()["rev"] == 1
    assert first.save_current("matatu", "matatu-v1", '{"later": 1}', ["human"])
    # The second tab still holds revision 1: its save is refused, the newer game kept.
    assert second.current_changed_elsewhere()
    assert not second.save_current("matatu", "matatu-v1", '{"stale": 1}', ["human"])
    assert json.loads(backend.items[store.CURRENT_KEY])["save"] == '{"later": 1}'


def test_storage_full_raises_storage_full():
    storage = store.Storage(FakeLocalStorage(quota=10), "tab-1", KNOWN)
    with pytest.raises(store.StorageFull):
        storage.save_current("matatu", "matatu-v1", "x" * 100, ["human"])


def test_every_record_carries_the_schema_version():
    backend = FakeLocalStorage()
    storage = store.Storage(backend, "tab-1", KNOWN)
    storage.save_settings({"bot_delay_ms": 10})
    storage.save_current("matatu", "matatu-v1", "{}", ["human"])
    storage.add_history("h1", "matatu", "matatu-v1", "{}", ["human"], {"finished": "x"})
    for raw in backend.items.values():
        assert json.loads(raw)["schema"] == store.SCHEMA
    assert storage.settings()["bot_delay_ms"] == 10
