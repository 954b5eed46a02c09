# The only module that touches localStorage (STYLE.md), through static/js/storage.js. Every
# record is JSON with a kind and a schema version, and is checked for size, depth, type and
# shape when read; a record that fails is set aside under a quarantine key with the reason
# and reported, never silently dropped, and never takes the other records (or the boot)
# down with it. The game in play is stored as a small head plus chunks of moves, so a move
# rewrites one chunk, not the whole game.
# Runs in MicroPython (backend = static/js/storage.js) and in CPython tests (a fake of it).

import json

PREFIX = "matchbook:"
SCHEMA = 2  # what this version writes; schema 1 records (written before chunked saves) read
CURRENT_KEY = PREFIX + "current"
MOVES_PREFIX = CURRENT_KEY + ":moves:"  # + chunk number: the moves of the game in play
SETTINGS_KEY = PREFIX + "settings"
SETUP_KEY = PREFIX + "setup"  # the last setup used for each game (the lobby's Play)
HISTORY_PREFIX = PREFIX + "history:"
QUARANTINE_PREFIX = PREFIX + "quarantine:"
FRIENDS_KEY = PREFIX + "friends"  # the friends' table you host: room, seats, tokens
GUEST_PREFIX = PREFIX + "guest:"  # + a friends' table's room id: your name and seat token there
TOKEN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
# bot_delay_ms: a fixed pause before each bot move (None: the speed's; tests set it short).
# speed: slow, normal or fast (None: slow for a first game, then normal; ui/motion.py).
# hints: the Hint button at the table (None: shown until the first game is finished).
# four_colour: Matatu's clubs green and diamonds blue (a class on <html>, static/css/app.css).
# relays, stun: play with friends' relays and STUN servers, addresses separated by spaces
# (None or "": the defaults: bin/serve's local relay, else public ones; static/js/friends.mjs).
DEFAULT_SETTINGS = {"bot_delay_ms": None, "allow_undo": False, "speed": None, "hints": None,
                    "four_colour": False, "relays": None, "stun": None}
MAX_ADDRESSES = 1500
ADDRESS_SCHEMES = {"relays": ("wss://", "ws://"), "stun": ("stun:", "stuns:", "turn:", "turns:")}
SPEEDS = ("slow", "normal", "fast")

CHUNK = 64  # moves per chunk: a move rewrites at most ~3 kB
MAX_MOVES = 20000  # far past any real game; a longer record would replay for too long
MAX_DEPTH = 24  # our records nest about 6 deep (a scenario inside a record inside a head)
MAX_SIZE = {"settings": 4000, "guest": 1000, "friends": 8000, "setup": 12000,
            "current": 60000, "legacy-current": 400000,
            "moves": 40000, "history": 400000, "quarantine": 3000000}
MAX_SEATS = 16
MAX_NAME = 40
MAX_ID = 120
MAX_VIEW = 20000  # the table kept with the save (ui/session.py kept_view): a few kB in play
MAX_KEPT_LOG = 40  # log entries kept with it: as many as the table shows
SEAT_KINDS = ("human", "bot", "friend")  # friend: a device at a friends' table


class StorageFull(Exception):
    pass


class Bad(Exception):
    """A record that cannot be used, with the reason in words."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


# ---- shapes --------------------------------------------------------------------------------

def _need(condition, reason):
    if not condition:
        raise Bad(reason)


def _is_int(value, low, high):
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _is_text(value, limit):
    return isinstance(value, str) and len(value) <= limit


def _check_seats(record):
    seats = record.get("seats")
    _need(isinstance(seats, list) and 1 <= len(seats) <= MAX_SEATS
          and all(kind in SEAT_KINDS for kind in seats),
          "its seats are not a list of \"human\" and \"bot\"")
    return seats


def _check_people(record, seats):
    """names, viewer and bot level beside the seats (each optional in schema 1 records)."""
    names = record.get("names")
    _need(names is None or (isinstance(names, list) and len(names) == len(seats)
                            and all(_is_text(name, MAX_NAME) for name in names)),
          "its player names are not one short text per seat")
    viewer = record.get("viewer")
    _need(viewer is None or _is_int(viewer, 0, len(seats) - 1), "its viewer is not a seat")
    _need(record.get("bot") is None or _is_text(record.get("bot"), 40),
          "its bot level is not a short text")
    levels = record.get("levels")
    _need(levels is None or (isinstance(levels, list) and len(levels) == len(seats) and all(
        level is None or _is_text(level, 40) for level in levels)),
          "its bot levels are not one short text (or none) per seat")
    _need(record.get("entry") is None or _is_text(record.get("entry"), MAX_ID),
          "its history id is not a short text")


def _check_record_head(head, seats):
    _need(isinstance(head, dict), "its record is not an object")
    _need(_is_text(head.get("game"), 40) and _is_text(head.get("rules"), 60),
          "its record names no game or rules version")
    _need(_is_int(head.get("players"), 1, MAX_SEATS) and head.get("players") == len(seats),
          "its record's players do not match its seats")
    _need(head.get("options") is None or isinstance(head.get("options"), dict),
          "its record's options are not an object")
    _need(head.get("scenario") is None or isinstance(head.get("scenario"), dict),
          "its record's scenario is not an object")
    seed = head.get("seed")
    _need(_is_int(seed, -(1 << 62), 1 << 62) or _is_text(seed, 200),
          "its record's seed is not a number or a short text")


def _check_actions(actions):
    _need(isinstance(actions, list) and len(actions) <= MAX_MOVES
          and all(isinstance(action, dict) for action in actions),
          "its moves are not a list of moves")


def check_settings(record, size=0):
    values = record.get("values")
    _need(isinstance(values, dict), "its values are not an object")
    delay = values.get("bot_delay_ms")
    _need(delay is None or _is_int(delay, 0, 10000),
          "its bot_delay_ms is not a whole number of milliseconds up to 10000")
    undo = values.get("allow_undo")
    _need(undo is None or isinstance(undo, bool), "its allow_undo is not true or false")
    speed = values.get("speed")
    _need(speed is None or speed in SPEEDS, "its speed is not slow, normal or fast")
    hints = values.get("hints")
    _need(hints is None or isinstance(hints, bool), "its hints is not true or false")
    four = values.get("four_colour")
    _need(four is None or isinstance(four, bool), "its four_colour is not true or false")
    for name in ("relays", "stun"):
        _need(values.get(name) is None or _is_text(values.get(name), MAX_ADDRESSES),
              "its " + name + " are not a short text of addresses")


def addresses(settings, name):
    """The relays (or STUN servers) set for play with friends: a list of the addresses typed
    that have the right scheme, or None for the defaults."""
    typed = settings.get(name)
    if not isinstance(typed, str):
        return None
    found = [word for word in typed.split() if word.startswith(ADDRESS_SCHEMES[name])]
    return found or None


def connection_options(settings):
    """static/js/friends.mjs's open() options, as JSON text."""
    return json.dumps({"relays": addresses(settings, "relays"),
                       "stun": addresses(settings, "stun")})


def _check_setup_of(game_id, setup):
    _need(_is_text(game_id, MAX_ID) and isinstance(setup, dict),
          "a game's setup is not an object")
    _need(_is_int(setup.get("players"), 1, MAX_SEATS), "its number of players is wrong")
    seats = setup.get("seats")
    _need(isinstance(seats, list) and len(seats) <= MAX_SEATS
          and all(kind in SEAT_KINDS for kind in seats), "its seats are not human or bot")
    for field in ("levels", "names"):
        values = setup.get(field) or []
        _need(isinstance(values, list) and len(values) <= MAX_SEATS
              and all(value is None or _is_text(value, MAX_NAME) for value in values),
              "its " + field + " are not a list of words")
    for field in ("rules", "bot"):
        _need(setup.get(field) is None or _is_text(setup.get(field), MAX_ID),
              "its " + field + " is not a word")
    options = setup.get("options") or {}
    _need(isinstance(options, dict) and len(options) <= 40
          and all(value is None or isinstance(value, (bool, int, str))
                  for value in options.values()), "its options are not simple values")


def check_setup(record, size=0):
    values = record.get("values")
    _need(isinstance(values, dict), "its values are not an object")
    _need(values.get("last") is None or _is_text(values.get("last"), MAX_ID),
          "its last game is not a game's id")
    games = values.get("games") or {}
    _need(isinstance(games, dict) and len(games) <= 40, "its games are not an object")
    for game_id, setup in games.items():
        _check_setup_of(game_id, setup)


def check_current(record, size=0):
    seats = _check_seats(record)
    if record.get("schema") == 1:  # one record with the engine's save text inside
        _need(_is_text(record.get("save"), MAX_SIZE["legacy-current"]),
              "it has no saved game in it")
        meta = record.get("meta")
        _need(meta is None or isinstance(meta, dict), "its meta is not an object")
        _check_people(meta or {}, seats)
    else:
        _need(size <= MAX_SIZE["current"], "it is too large to read (" + str(size)
              + " characters; at most " + str(MAX_SIZE["current"]) + ")")
        _check_record_head(record.get("record"), seats)
        _need(_is_int(record.get("moves"), 0, MAX_MOVES), "its number of moves is wrong")
        _check_people(record, seats)
        handoff = record.get("handoff")
        _need(handoff is None or _is_int(handoff, 0, len(seats) - 1),
              "its handoff is not a seat")
        if record.get("view") is not None:
            check_kept_view(record["view"], record, seats)
    _need(record.get("rev") is None or _is_int(record.get("rev"), 0, 1 << 30),
          "its revision is not a number")


def check_kept_view(kept, record, seats):
    """The table as last shown, kept so a reload shows it before the engine is back: of the
    save's last move, for the seat that was reading; a hot-seat game keeps only whose turn
    the hand-off screen names, never a hand."""
    _need(isinstance(kept, dict) and len(json.dumps(kept)) <= MAX_VIEW,
          "its kept view is not an object of at most " + str(MAX_VIEW) + " characters")
    _need(kept.get("moves") == record.get("moves"), "its kept view is not of its last move")
    if seats.count("human") > 1:
        seat = kept.get("handoff")
        _need(sorted(kept) == ["handoff", "moves"] and _is_int(seat, 0, len(seats) - 1)
              and seats[seat] == "human",
              "its kept view is not a hand-off to a player (a hot-seat game keeps no hand)")
        return
    viewer = kept.get("viewer")
    _need(_is_int(viewer, 0, len(seats) - 1) and seats[viewer] == "human"
          and viewer == record.get("viewer"), "its kept view is not the player's")
    to_move = kept.get("to_move")
    _need(to_move is None or _is_int(to_move, 0, len(seats) - 1),
          "its kept view's player to move is not a seat")
    view = kept.get("view")
    _need(isinstance(view, dict) and view.get("game") == record.get("game")
          and view.get("seat") == viewer and view.get("players") == len(seats)
          and view.get("to_move") == to_move, "its kept view is not of this game and seat")
    hand = view.get("hand")
    _need(hand is None or (isinstance(hand, list) and all(_is_text(c, 20) for c in hand)),
          "its kept view's hand is not a list of cards")
    for name, limit in (("legal", 500), ("log", MAX_KEPT_LOG)):
        items = kept.get(name)
        _need(isinstance(items, list) and len(items) <= limit
              and all(isinstance(item, dict) for item in items),
              "its kept view's " + name + " is not a list of at most " + str(limit))


def check_history(record, key, size=0):
    entry_id = record.get("id")
    _need(_is_text(entry_id, MAX_ID) and entry_id != "", "it has no id")
    _need(key == HISTORY_PREFIX + entry_id, "its id does not match its key")
    seats = _check_seats(record)
    summary = record.get("summary")
    _need(isinstance(summary, dict), "its summary is not an object")
    for name in ("finished", "players_text", "outcome"):
        _need(summary.get(name) is None or _is_text(summary.get(name), 2000),
              "its summary's " + name + " is not a text")
    _need(summary.get("options") is None or isinstance(summary.get("options"), dict),
          "its summary's options are not an object")
    if record.get("schema") == 1:
        _need(isinstance(record.get("save"), str), "it has no saved game in it")
        _check_people(summary, seats)
    else:
        saved = record.get("record")
        _check_record_head(saved, seats)
        _check_actions(saved.get("actions"))
        _check_people(record, seats)


def check_moves(record, index, count, size=0):
    _need(record.get("index") == index, "it is not chunk " + str(index))
    actions = record.get("actions")
    _check_actions(actions)
    _need(len(actions) == count, "it holds " + str(len(actions)) + " moves, not "
          + str(count))


def is_token(value, low=16, high=64):
    """A seat token (or a room id): ``low`` to ``high`` letters, digits, _ and -."""
    return (isinstance(value, str) and low <= len(value) <= high
            and all(char in TOKEN_CHARS for char in value))


def check_guest(record, size=0):
    """Your seat at a friends' table: {"values": {"name", "token"}}."""
    _need(size <= MAX_SIZE["guest"], "it is too large to read")
    values = record.get("values")
    _need(isinstance(values, dict), "it holds no seat")
    _need(_is_text(values.get("name"), 24), "its name is not a short text")
    _need(is_token(values.get("token")), "its seat token is not a token")


def check_friends(record, size=0):
    """The table you host: {"values": {"id", "secret", "game", "players", "rules", "options",
    "bot", "seats", "names", "tokens", "started", "commitment", "hints"}}."""
    _need(size <= MAX_SIZE["friends"], "it is too large to read")
    room = record.get("values")
    _need(isinstance(room, dict), "it holds no table")
    _need(is_token(room.get("id"), 8, 40) and is_token(room.get("secret"), 8, 64),
          "its room is not named")
    players = room.get("players")
    _need(_is_int(players, 1, MAX_SEATS), "its number of players is wrong")
    seats = room.get("seats")
    _need(isinstance(seats, list) and len(seats) == players
          and all(kind in SEAT_KINDS for kind in seats) and seats[0] == "human",
          "its seats are not the host's and friends' or bots'")
    names = room.get("names")
    _need(isinstance(names, list) and len(names) == players
          and all(_is_text(name, MAX_NAME) for name in names), "its names are not texts")
    tokens = room.get("tokens")
    _need(isinstance(tokens, list) and len(tokens) == players
          and all(token is None or is_token(token) for token in tokens),
          "its seat tokens are not tokens")
    _need(_is_text(room.get("game"), MAX_ID) and _is_text(room.get("bot"), 40)
          and (room.get("rules") is None or _is_text(room.get("rules"), MAX_ID))
          and isinstance(room.get("options"), dict), "its game is not described")
    _need(isinstance(room.get("started"), bool) and isinstance(room.get("hints"), bool),
          "its flags are not true or false")
    stand_in = room.get("stand_in")
    _need(isinstance(stand_in, list) and len(stand_in) == players
          and all(isinstance(flag, bool) for flag in stand_in),
          "its stand-in bots are not one true or false a seat")
    commitment = room.get("commitment")
    _need(commitment is None or (_is_text(commitment, 64) and len(commitment) == 64),
          "its fingerprint is not one")


def check_quarantine(record, size=0):
    _need(_is_text(record.get("from"), 400) and _is_text(record.get("reason"), 2000)
          and isinstance(record.get("raw"), str), "it is not a set-aside record")


def default_names(seats):
    """"You" for a lone human, else "Seat N", with "(bot)" after a bot's."""
    humans = seats.count("human")
    names = []
    for seat, kind in enumerate(seats):
        if kind == "human" and humans == 1:
            names.append("You")
        elif kind == "bot":
            names.append("Seat " + str(seat + 1) + " (bot)")
        else:
            names.append("Seat " + str(seat + 1))
    return names


def _describe(key):
    """A record in words, for the player's notice."""
    if key == CURRENT_KEY or key.startswith(MOVES_PREFIX):
        return "The unfinished game (" + key + ")"
    if key == SETTINGS_KEY:
        return "Your settings (" + key + ")"
    if key == SETUP_KEY:
        return "The setup you last used (" + key + ")"
    if key.startswith(HISTORY_PREFIX):
        return "A game in your history (" + key + ")"
    if key.startswith(QUARANTINE_PREFIX):
        return "A record set aside earlier (" + key + ")"
    return "A record (" + key + ")"


class Storage:
    def __init__(self, backend, tab_id, known_games=None):
        self.backend = backend
        self.tab_id = tab_id
        self.known_games = known_games  # None until the engine's catalog arrives
        self.problems = []  # reports for the UI: {"key", "reason", "kept", "text"}
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
        # static/js/storage.js returns the error's name (e.g. "QuotaExceededError") instead
        # of throwing, which MicroPython could not catch; fakes in tests may raise.
        try:
            failure = self.backend.setItem(key, json.dumps(record))
        except Exception as error:
            raise StorageFull(str(error)) from error
        if failure:
            raise StorageFull(str(failure))

    # ---- reading with quarantine -------------------------------------------------------
    def read(self, key, kind, check=None):
        """The record under ``key`` if it is a sound ``kind`` record, else None (absent, or
        set aside with the reason). ``check(record, size)`` raises Bad for a wrong shape."""
        measured = str(self.backend.measure(key, MAX_DEPTH) or "")
        if not measured:
            return None
        size, depth = [int(part) for part in measured.split(" ")]
        # A schema 1 game holds the engine's whole save text: its limit is checked below.
        limit = MAX_SIZE["legacy-current" if kind == "current" else kind]
        if size > limit:
            return self.quarantine(key, "it is too large to read (" + str(size)
                                   + " characters; at most " + str(limit) + ")")
        if depth > MAX_DEPTH:
            return self.quarantine(key, "its data nests more than " + str(MAX_DEPTH)
                                   + " levels deep")
        raw = self._raw(key)
        if raw is None:
            return None
        try:
            record = json.loads(raw)
        except (ValueError, RuntimeError):  # RuntimeError: MicroPython's recursion limit
            return self.quarantine(key, "it is not valid JSON")
        if not isinstance(record, dict):
            return self.quarantine(key, "it is not a record")
        if record.get("schema") not in (1, SCHEMA):
            return self.quarantine(key, "it has an unknown schema version "
                                   + json.dumps(record.get("schema"))[:40])
        if record.get("kind") != kind:
            return self.quarantine(key, "it is not a " + kind + " record")
        try:
            if check is not None:
                check(record, size)
            self._check_game(record, kind)
        except Bad as bad:
            return self.quarantine(key, bad.reason)
        return record

    def _check_game(self, record, kind):
        if kind not in ("current", "history"):
            return
        game = record.get("game")
        _need(_is_text(game, 40) and _is_text(record.get("rules"), 60),
              "it has no game in it")
        if self.known_games is None:
            return
        _need(game in self.known_games, "the game " + json.dumps(game)
              + " is unknown to this version")
        _need(record.get("rules") in self.known_games[game], "its rules version "
              + json.dumps(record.get("rules")) + " is unknown to this version")

    def quarantine(self, key, reason):
        """Set a record aside (it stays readable for a bug report) and report it truthfully:
        when storage is too full for the copy, the record is removed and the report says so."""
        number = 0
        while True:
            target = QUARANTINE_PREFIX + key[len(PREFIX):] + ":" + str(number)
            if self.backend.getItem(target) is None:
                break
            number += 1
        if key.startswith(QUARANTINE_PREFIX):
            # A set-aside record that is itself unreadable: nothing to keep it for.
            self.backend.removeItem(key)
            failure = "removed"
        else:
            failure = str(self.backend.moveAside(key, target, reason) or "")
        kept = not failure
        if kept:
            outcome = "It was set aside (kept for a bug report); everything else was kept."
        elif failure == "removed":
            outcome = "It was removed; everything else was kept."
        else:
            outcome = ("It could not be kept aside (" + failure + ": storage is full), so it "
                       "was removed; everything else was kept.")
        self.problems.append({"key": key, "reason": reason, "kept": kept,
                              "text": _describe(key) + " could not be read: " + reason + ". "
                              + outcome})
        return None

    def audit(self):
        """Read every record once, quarantining the bad ones. Returns the problems found."""
        current = None
        for key in self.keys():
            if key == CURRENT_KEY:
                current = self.read(key, "current", check_current)
            elif key == SETTINGS_KEY:
                self.read(key, "settings", check_settings)
            elif key == SETUP_KEY:
                self.read(key, "setup", check_setup)
            elif key.startswith(HISTORY_PREFIX):
                self.read(key, "history", lambda r, n, key=key: check_history(r, key))
            elif key.startswith(QUARANTINE_PREFIX):
                self.check_set_aside(key)
            elif key == FRIENDS_KEY:
                self.read(key, "friends", check_friends)
            elif key.startswith(GUEST_PREFIX):
                self.read(key, "guest", check_guest)
            elif not key.startswith(MOVES_PREFIX):
                self.quarantine(key, "its key is unknown")
        if current is None or current.get("schema") == 1:
            self.clear_moves(0)  # chunks without a head belong to nothing
        else:
            self.load_moves(current)  # sets the game aside if a chunk is bad
        return self.problems

    def check_set_aside(self, key):
        """A set-aside record holds the bad one as a string, so it nests exactly one level:
        its size and depth tell a damaged one without parsing a large record at boot."""
        measured = str(self.backend.measure(key, MAX_DEPTH) or "")
        if not measured:
            return
        size, depth = [int(part) for part in measured.split(" ")]
        if size > MAX_SIZE["quarantine"] or depth != 1:
            self.quarantine(key, "it is too large" if size > MAX_SIZE["quarantine"]
                            else "it is not a set-aside record")
        elif size <= MAX_SIZE["settings"] * 16:
            self.read(key, "quarantine", check_quarantine)

    def quarantined(self):
        found = []
        for key in self.keys():
            if key.startswith(QUARANTINE_PREFIX):
                record = self.read(key, "quarantine", check_quarantine)
                if record is not None:
                    found.append(record)
        return found

    def clear_quarantine(self):
        for key in self.keys():
            if key.startswith(QUARANTINE_PREFIX):
                self.backend.removeItem(key)

    # ---- settings ------------------------------------------------------------------------
    def settings(self):
        record = self.read(SETTINGS_KEY, "settings", check_settings) or {}
        merged = dict(DEFAULT_SETTINGS)
        for name, value in (record.get("values") or {}).items():
            if name in DEFAULT_SETTINGS and value is not None:
                merged[name] = value
        return merged

    def save_settings(self, values):
        self._write(SETTINGS_KEY, {"kind": "settings", "values": values})

    def setups(self):
        """{"last": game id, "games": {game id: its last setup}} (empty when none is kept);
        the lobby checks each value against the catalog before it uses it."""
        record = self.read(SETUP_KEY, "setup", check_setup) or {}
        values = record.get("values") or {}
        return {"last": values.get("last"), "games": dict(values.get("games") or {})}

    def save_setups(self, values):
        self._write(SETUP_KEY, {"kind": "setup", "values": values})

    # ---- your seats at friends' tables ------------------------------------------------------
    def guest_seat(self, room):
        """{"name", "token"} you sat down with at that table, or None."""
        if not is_token(room, 8, 40):
            return None
        record = self.read(GUEST_PREFIX + room, "guest", check_guest)
        return dict(record["values"]) if record is not None else None

    def save_guest_seat(self, room, name, token):
        if is_token(room, 8, 40):
            self._write(GUEST_PREFIX + room, {"kind": "guest",
                                              "values": {"name": name, "token": token}})

    def hosted_table(self):
        """The friends' table this browser hosts (its room and seats), or None."""
        record = self.read(FRIENDS_KEY, "friends", check_friends)
        return dict(record["values"]) if record is not None else None

    def save_hosted_table(self, room):
        if room is None:
            self.backend.removeItem(FRIENDS_KEY)
        else:
            self._write(FRIENDS_KEY, {"kind": "friends", "values": room})

    # ---- the unfinished game ---------------------------------------------------------------
    def kept_view(self):
        """The table kept with the unfinished game (checked with the rest of its head), to
        show while the engine boots: {"game", "seats", "names", "viewer", "view"}, or None."""
        record = self.read(CURRENT_KEY, "current", check_current)
        if record is None or record.get("schema") == 1 or record.get("view") is None:
            return None
        return {"game": record["game"], "seats": record["seats"],
                "names": record.get("names") or default_names(record["seats"]),
                "viewer": record.get("viewer"), "view": record["view"]}

    def load_current(self):
        """The game in play as the app resumes it, or None: {"game", "rules", "seats",
        "names", "viewer", "bot", "entry", "handoff", "save"} where "save" is the engine's
        save text (schema 1) or the record with its moves (schema 2)."""
        key = CURRENT_KEY
        record = self.read(key, "current", check_current)
        if record is None:
            return None
        self.current_rev = record.get("rev", 0)
        if record.get("schema") == 1:
            meta = record.get("meta") or {}
            return {"game": record["game"], "rules": record["rules"], "seats": record["seats"],
                    "names": meta.get("names"), "viewer": meta.get("viewer"),
                    "bot": meta.get("bot"), "entry": meta.get("entry"), "handoff": None,
                    "save": record["save"], "legacy": True}
        actions = self.load_moves(record)
        if actions is None:
            return None
        saved = dict(record["record"])
        saved["actions"] = actions
        return {"game": record["game"], "rules": record["rules"], "seats": record["seats"],
                "names": record.get("names"), "viewer": record.get("viewer"),
                "bot": record.get("bot"), "levels": record.get("levels"),
                "entry": record.get("entry"),
                "handoff": record.get("handoff"), "save": saved, "legacy": False}

    def load_moves(self, head):
        """The moves the head counts, from their chunks; None (and the game set aside) when a
        chunk is missing or wrong."""
        moves = head["moves"]
        actions = []
        chunks = (moves + CHUNK - 1) // CHUNK
        for index in range(chunks):
            key = MOVES_PREFIX + str(index)
            count = min(CHUNK, moves - index * CHUNK)
            chunk = self.read(key, "moves", lambda r, size, i=index, n=count: check_moves(r, i, n))
            if chunk is None:
                reason = "chunk " + str(index) + " of its moves is missing or was set aside"
                self.quarantine(CURRENT_KEY, reason)
                self.clear_moves(0)
                return None
            actions.extend(chunk["actions"])
        self.clear_moves(chunks)  # left over from a longer game (an undo, another tab)
        return actions

    def clear_moves(self, first):
        for key in self.keys():
            if key.startswith(MOVES_PREFIX):
                number = key[len(MOVES_PREFIX):]
                if not number.isdigit() or int(number) >= first:
                    self.backend.removeItem(key)

    def current_changed_elsewhere(self):
        """True when another tab wrote the current game after this tab last read or wrote it."""
        measured = str(self.backend.measure(CURRENT_KEY, MAX_DEPTH) or "")
        if not measured or int(measured.split(" ")[0]) > MAX_SIZE["legacy-current"]:
            return False
        try:
            record = json.loads(self._raw(CURRENT_KEY) or "null")
        except (ValueError, RuntimeError):
            return False
        return (isinstance(record, dict) and _is_int(record.get("rev", 0), 0, 1 << 30)
                and record.get("rev", 0) > self.current_rev
                and record.get("tab") != self.tab_id)

    def save_current(self, head, actions, changed_from, saved_moves=None):
        """Save the game in play: the chunks from the one holding move ``changed_from`` on,
        then the head (so a head never counts moves that are not stored yet). A
        ``changed_from`` of None (a session's ``dirty_from`` once everything is saved: a game
        just resumed, a new round not yet played) writes the head alone. ``head``:
        {"game", "rules", "record", "seats", "names", "viewer", "bot", "entry", "handoff"}.
        Returns False (and writes nothing) when another tab has moved the same game on, so
        two tabs never silently overwrite each other. StorageFull when the quota is spent."""
        if self.current_changed_elsewhere():
            return False
        moves = len(actions)
        last = (moves + CHUNK - 1) // CHUNK
        first = last if changed_from is None else min(max(changed_from, 0), moves) // CHUNK
        for index in range(first, last):
            self._write(MOVES_PREFIX + str(index),
                        {"kind": "moves", "index": index,
                         "actions": actions[index * CHUNK:(index + 1) * CHUNK]})
        if saved_moves is None or saved_moves > moves:
            self.clear_moves(last)
        record = dict(head)
        record.update(kind="current", moves=moves, rev=self.current_rev + 1, tab=self.tab_id)
        self._write(CURRENT_KEY, record)
        self.current_rev += 1
        return True

    def quarantine_current(self, reason):
        """The game in play cannot be resumed: its head is set aside, its moves removed."""
        self.quarantine(CURRENT_KEY, reason)
        self.clear_moves(0)
        self.current_rev = 0

    def clear_current(self):
        self.backend.removeItem(CURRENT_KEY)
        self.clear_moves(0)
        self.current_rev = 0

    # ---- history ---------------------------------------------------------------------------
    def add_history(self, entry):
        """``entry``: {"id", "game", "rules", "record" (with its moves), "seats", "names",
        "viewer", "bot", "summary": {"finished", "players_text", "outcome", "options",
        "unfinished"}}."""
        record = dict(entry)
        record["kind"] = "history"
        self._write(HISTORY_PREFIX + entry["id"], record)

    def history(self):
        entries = []
        for key in self.keys():
            if key.startswith(HISTORY_PREFIX):
                entry = self.history_entry(key[len(HISTORY_PREFIX):])
                if entry is not None:
                    entries.append(entry)
        entries.sort(key=lambda entry: str(entry["summary"].get("finished") or ""),
                     reverse=True)
        return entries

    def has_history(self):
        """Whether any game was filed in History: a player's first game has none."""
        return any(key.startswith(HISTORY_PREFIX) for key in self.keys())

    def history_entry(self, entry_id):
        """A finished (or abandoned) game as the app shows it: {"id", "game", "rules",
        "seats", "names", "viewer", "bot", "summary", "save"} ("save": the engine's save text
        of a schema 1 record, or the record with its moves)."""
        key = HISTORY_PREFIX + entry_id
        record = self.read(key, "history", lambda r, size: check_history(r, key))
        if record is None:
            return None
        summary = record["summary"]
        if record.get("schema") == 1:
            people, save = summary, record["save"]
        else:
            people, save = record, record["record"]
        return {"id": record["id"], "game": record["game"], "rules": record["rules"],
                "seats": record["seats"],
                "names": people.get("names") or default_names(record["seats"]),
                "viewer": people.get("viewer"), "bot": people.get("bot"),
                "levels": people.get("levels"), "summary": summary, "save": save}

    def remove_history(self, entry_id):
        self.backend.removeItem(HISTORY_PREFIX + entry_id)
