# The only module that touches localStorage (STYLE.md). Every record is JSON with a schema
# version; a record that cannot be read is moved aside under a quarantine key and reported,
# never silently dropped, and never takes the other records down with it.
# Runs in MicroPython (backend = window.localStorage) and in CPython tests (a fake backend).

import json

PREFIX = "matchbook:"
SCHEMA = 1
CURRENT_KEY = PREFIX + "current"
SETTINGS_KEY = PREFIX + "settings"
HISTORY_PREFIX = PREFIX + "history:"
QUARANTINE_PREFIX = PREFIX + "quarantine:"
DEFAULT_SETTINGS = {"bot_delay_ms": 700, "schema": SCHEMA}


class StorageFull(Exception):
    pass


class Storage:
    def __init__(self, backend, tab_id, known_games=None):
        self.backend = backend
        self.tab_id = tab_id
        self.known_games = known_games  # None until the engine's catalog arrives
        self.problems = []  # reports for the UI: {"key", "reason"}
        self.current_rev = 0  # revision of the current game this tab last read or wrote

    # ---- raw access ------------------------------------------------------------------
    def keys(self):
        keys = []
        for index in range(int(self.backend.length)):
            key = self.backend.key(index)
            if key is not None and str(key).startswith(PREFIX):
                keys.append(str(key))
        return keys

    def _raw(self, key):
        value = self.backend.getItem(key)
        if value is None:
            return None
        return str(value)

    def _write(self, key, record):
        record["schema"] = SCHEMA
        # In the browser the backend is static/js/storage.js, which returns the error name
        # (e.g. "QuotaExceededError") instead of throwing; fakes in tests may raise.
        try:
            failure = self.backend.setItem(key, json.dumps(record))
        except Exception as error:
            raise StorageFull(str(error)) from error
        if failure:
            raise StorageFull(str(failure))

    # ---- reading with quarantine -------------------------------------------------------
    def read(self, key, kind):
        raw = self._raw(key)
        if raw is None:
            return None
        try:
            record = json.loads(raw)
        except ValueError:
            return self.quarantine(key, raw, "it is not valid JSON")
        if not isinstance(record, dict):
            return self.quarantine(key, raw, "it is not a record")
        if record.get("schema") != SCHEMA:
            return self.quarantine(key, raw, "it has an unknown schema version "
                                   + json.dumps(record.get("schema")))
        if record.get("kind") != kind:
            return self.quarantine(key, raw, "it is not a " + kind + " record")
        if kind in ("current", "history"):
            game = record.get("game")
            if not isinstance(game, str) or not isinstance(record.get("save"), str):
                return self.quarantine(key, raw, "it has no game in it")
            if self.known_games is not None and game not in self.known_games:
                return self.quarantine(key, raw, "the game " + json.dumps(game)
                                       + " is unknown to this version")
            if self.known_games is not None:
                versions = self.known_games[game]
                if record.get("rules") not in versions:
                    return self.quarantine(key, raw, "its rules version "
                                           + json.dumps(record.get("rules"))
                                           + " is unknown to this version")
        return record

    def quarantine(self, key, raw, reason):
        """Move a record aside (it stays readable for a bug report) and report it."""
        stamp = str(len(self.keys()))
        target = QUARANTINE_PREFIX + key[len(PREFIX):] + ":" + stamp
        # If storage is full this copy fails; the bad record is still removed so the app boots.
        self.backend.setItem(target, json.dumps({"kind": "quarantine", "schema": SCHEMA,
                                                 "from": key, "reason": reason, "raw": raw}))
        self.backend.removeItem(key)
        self.problems.append({"key": key, "reason": reason})
        return None

    def audit(self):
        """Read every record once, quarantining the bad ones. Returns the problems found."""
        for key in self.keys():
            if key.startswith(QUARANTINE_PREFIX):
                continue
            if key == CURRENT_KEY:
                self.read(key, "current")
            elif key == SETTINGS_KEY:
                self.read(key, "settings")
            elif key.startswith(HISTORY_PREFIX):
                self.read(key, "history")
            else:
                self.quarantine(key, self._raw(key) or "", "its key is unknown")
        return self.problems

    def quarantined(self):
        found = []
        for key in self.keys():
            if key.startswith(QUARANTINE_PREFIX):
                try:
                    found.append(json.loads(self._raw(key)))
                except ValueError:
                    found.append({"from": key, "reason": "unreadable"})
        return found

    def clear_quarantine(self):
        for key in self.keys():
            if key.startswith(QUARANTINE_PREFIX):
                self.backend.removeItem(key)

    # ---- settings ------------------------------------------------------------------------
    def settings(self):
        record = self.read(SETTINGS_KEY, "settings") or {}
        merged = dict(DEFAULT_SETTINGS)
        merged.update(record.get("values") or {})
        return merged

    def save_settings(self, values):
        self._write(SETTINGS_KEY, {"kind": "settings", "values": values})

    # ---- the unfinished game ---------------------------------------------------------------
    def load_current(self):
        record = self.read(CURRENT_KEY, "current")
        if record is not None:
            self.current_rev = record.get("rev", 0)
        return record

    def current_changed_elsewhere(self):
        """True when another tab wrote the current game after this tab last read or wrote it."""
        raw = self._raw(CURRENT_KEY)
        if raw is None:
            return False
        try:
            record = json.loads(raw)
        except ValueError:
            return False
        return (isinstance(record, dict) and record.get("rev", 0) > self.current_rev
                and record.get("tab") != self.tab_id)

    def save_current(self, game_id, rules, save, seats, meta=None):
        """Autosave after every action. Returns False (and writes nothing) when another tab
        has moved the same game on, so two tabs never silently overwrite each other."""
        if self.current_changed_elsewhere():
            return False
        self.current_rev += 1
        record = {"kind": "current", "game": game_id, "rules": rules, "save": save,
                  "seats": seats, "rev": self.current_rev, "tab": self.tab_id}
        if meta:
            record["meta"] = meta
        self._write(CURRENT_KEY, record)
        return True

    def clear_current(self):
        self.backend.removeItem(CURRENT_KEY)
        self.current_rev = 0

    # ---- history ---------------------------------------------------------------------------
    def add_history(self, entry_id, game_id, rules, save, seats, summary):
        self._write(HISTORY_PREFIX + entry_id, {
            "kind": "history", "id": entry_id, "game": game_id, "rules": rules,
            "save": save, "seats": seats, "summary": summary})

    def history(self):
        entries = []
        for key in self.keys():
            if key.startswith(HISTORY_PREFIX):
                record = self.read(key, "history")
                if record is not None:
                    entries.append(record)
        entries.sort(key=lambda record: str((record.get("summary") or {}).get("finished", "")),
                     reverse=True)
        return entries

    def history_entry(self, entry_id):
        return self.read(HISTORY_PREFIX + entry_id, "history")

    def remove_history(self, entry_id):
        self.backend.removeItem(HISTORY_PREFIX + entry_id)
