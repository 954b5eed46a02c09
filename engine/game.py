"""The protocol every game speaks, and the parts of it that are the same for every game.

A game subclasses ``Game`` and fills in the hooks marked "game hook". The base class owns what
must never differ between games:

- **Seats.** ``check_seat`` is the one seat validator (ints in range, never booleans).
- **Actions.** ``apply`` validates an action against ``legal_actions`` so a refused action
  leaves the state untouched; ``apply_trusted`` is the simulation path (playouts, arena
  games, benches) for actions the engine itself just offered. Replays and saves go through
  ``apply``: a record from outside is checked move by move.
- **The log.** ``say(kind, seat, only=..., **fields)`` appends a structured entry such as
  ``{"kind": "played", "seat": 2, "card": "7H"}``. An entry with ``only`` is seen by those
  seats alone (``log_for`` filters it out for everyone else and for spectators). The words
  for each kind live in the game's ``words.py``, which the UI loads too: the engine never
  writes English into the log, and the UI never parses it.
- **The view.** ``view(seat, log_from=0)`` checks the seat, asks the game's ``table_view``
  for what that seat may see, and adds the fields every game shares, the log entries from
  ``log_from`` on and ``log_next`` (the cursor to send next time), so a client that keeps
  the entries it has pays the same for a move at move 10 and at move 1,000.
- **State.** A game declares its mutable fields in ``STATE``; ``snapshot``/``restore``/
  ``copy`` copy exactly those (and refuse any other key), with ``copy_json``, which knows the
  state is plain JSON data and is several times faster than ``copy.deepcopy``.
- **Saves.** ``record()`` is the replay format (seed, rules, options, scenario, actions);
  ``to_json()`` adds ``check``, a digest of the state it replays to, so a save is believed
  only if replaying its record gives that state (``engine.load_game``).
- **Positions.** ``setup_position(position)`` builds a scenario's position (with
  ``engine.position``'s toolkit) and ``position()`` writes the current one out:
  ``engine.from_scenario(game.to_scenario())`` is the same game.

Save format (``to_json``): a JSON object with ``format`` (``SAVE_FORMAT``), ``game``,
``rules``, ``options``, ``players``, ``seed``, ``scenario`` (or null), ``actions`` and
``check`` (``{"moves": n, "digest": "..."}``). Format 1 saves (with a full ``state``
snapshot instead of ``check``) still load: their record is replayed.
"""

import hashlib
import json

from .bots import bot_levels
from .errors import IllegalAction
from .rng import SeededRng
from .rulebook import rules_in_force

SAVE_FORMAT = 2
READABLE_FORMATS = (1, 2)


def copy_json(value):
    """A copy of JSON-shaped data (dicts, lists, scalars) sharing nothing mutable."""
    if isinstance(value, list):
        return [copy_json(item) if isinstance(item, (list, dict)) else item for item in value]
    if isinstance(value, dict):
        return {key: copy_json(item) if isinstance(item, (list, dict)) else item
                for key, item in value.items()}
    return value


def is_seat_number(value, players: int) -> bool:
    """An int seat in range; booleans are ints in Python but never seats."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


class Game:
    # ---- class data every game declares --------------------------------------------------
    id: str = ""
    title: str = ""
    summary: str = ""  # one sentence on what the game is like (the lobby's tile)
    min_players: int = 2
    max_players: int = 2
    default_players: int = 2
    RULE_VERSIONS: list = []  # [{"id", "title", "description", "sections": [...]}], newest last
    OPTIONS: list = []  # engine.rulebook.option(...) entries
    BOTS: dict = {}  # bot level id -> factory(rng) -> Bot; the first one is the default level
    STATE: tuple = ()  # names of the mutable attributes that make up the game's state
    # Action type -> {field: kind} (kinds in FIELD_KINDS): the shape every action of that type
    # has besides "type" and "seat". Checked before anything else looks at an action.
    ACTIONS: dict = {}
    # The shape of a scenario's position (``engine.shape``): every field's type, checked by
    # ``engine.from_scenario`` before ``setup_position`` reads any of it.
    POSITION_SHAPE = None
    # A simulation copy (``copy(quiet=True)``): ``say`` writes nothing, so search bots play
    # thousands of moves without building log entries nobody will read.
    quiet: bool = False

    # ---- construction --------------------------------------------------------------------
    def __init__(self, *, players: int | None = None, seed=0, rules: str | None = None,
                 options: dict | None = None):
        self._init_common(players, seed, rules, options)
        self.setup()

    def _init_common(self, players, seed, rules, options, scenario=None) -> None:
        self.players = self.check_players(players)
        self.seed = check_seed(seed)
        self.rules = self.resolve_rules(rules)
        self.options = self.resolve_options(options)
        self.check_options()
        self.rng = SeededRng(self.seed)
        self.actions: list[dict] = []
        self.scenario: dict | None = scenario
        self.log: list[dict] = []

    @classmethod
    def check_players(cls, players) -> int:
        if players is None:
            return cls.default_players
        if not is_seat_number(players, cls.max_players + 1) or players < cls.min_players:
            shown = players if isinstance(players, int) and not isinstance(players, bool) \
                else json.dumps(players) if _json_scalar(players) else "that"
            raise IllegalAction(
                f"{cls.title} is played by {cls.player_range_text()} players, not {shown}.")
        return players

    @classmethod
    def player_range_text(cls) -> str:
        if cls.min_players == cls.max_players:
            return str(cls.min_players)
        return f"{cls.min_players} to {cls.max_players}"

    @classmethod
    def resolve_rules(cls, rules) -> str:
        known = [v["id"] for v in cls.RULE_VERSIONS]
        if rules is None:
            return known[-1]
        if not isinstance(rules, str) or rules not in known:
            shown = json.dumps(rules) if _json_scalar(rules) else "that"
            raise IllegalAction(
                f"This version of Matchbook does not know the rules version {shown} of"
                f" {cls.title} (it knows {', '.join(known)}). The game may come from a newer"
                " version of the site.")
        return rules

    @classmethod
    def resolve_options(cls, options) -> dict:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise IllegalAction("Rule options are an object of option names and values.")
        options = dict(options)
        resolved = {}
        for spec in cls.OPTIONS:
            value = options.pop(spec["id"], spec["default"])
            # `in` would take 1.0 for 1 and 1 for True: compare type and value.
            if not any(_same_json(value, allowed) for allowed in spec["values"]):
                allowed = ", ".join(json.dumps(v) for v in spec["values"])
                shown = json.dumps(value) if _json_scalar(value) else "that"
                raise IllegalAction(
                    f"The option {spec.get('title', spec['id'])!r} cannot be {shown};"
                    f" allowed: {allowed}.", spec.get("ruling"))
            resolved[spec["id"]] = value
        if options:
            name = sorted(str(key) for key in options)[0]
            raise IllegalAction(f"{cls.title} has no option {name!r}.")
        return resolved

    def check_options(self) -> None:
        """Game hook: refuse combinations of players and options the rules do not allow
        (say which option allows them), after each option was checked on its own."""

    # ---- seats -----------------------------------------------------------------------------
    def check_seat(self, value, what: str = "seat") -> int:
        """The one seat validator: an int from 0 to players - 1 (never a boolean)."""
        if not is_seat_number(value, self.players):
            shown = json.dumps(value) if _json_scalar(value) else "that"
            raise IllegalAction(f"There is no {what} {shown} in this game: seats are 0 to"
                                f" {self.players - 1}.")
        return value

    # ---- game hooks ------------------------------------------------------------------------
    def setup(self) -> None:
        """Deal the opening position from ``self.rng``."""
        raise NotImplementedError

    def setup_position(self, position: dict) -> None:
        """Build the position described by a scenario (see ``engine.position``)."""
        raise NotImplementedError

    def position(self) -> dict:
        """The current position, as ``setup_position`` reads it (its inverse)."""
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def pending(self) -> list[int]:
        """Seats that may act now. Usually ``[to_move]``; several for simultaneous decisions."""
        return [] if self.to_move is None else [self.to_move]

    def actions_for(self, seat: int) -> list[dict]:
        """The legal actions of ``seat`` (empty when it may not act). Each includes ``seat``."""
        raise NotImplementedError

    def why_illegal(self, action: dict) -> IllegalAction:
        """The reason ``action`` (well-formed, but not legal now) is refused."""
        return IllegalAction("That move is not allowed now.")

    def perform(self, action: dict) -> None:
        """Apply a legal action. Trusted: only called after validation, or by replay."""
        raise NotImplementedError

    def table_view(self, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) may see, without the fields ``view`` adds."""
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    def result(self) -> dict | None:
        """``{"scores": [...], "winners": [seats], ...}`` once over, else None."""
        raise NotImplementedError

    # ---- optional hooks (used by the generic invariant tests) ------------------------------
    def card_locations(self) -> dict | None:
        """Optional: where every physical card is, ``{place: [codes]}``, hands as
        ``"hand:<seat>"``. None (the default) means the game does not report it."""
        return None

    def hidden_places(self, seat: int | None) -> list:
        """Optional: the places of ``card_locations`` whose cards ``seat`` may not see
        (None: a spectator). The generic tests check no view or log entry shows them."""
        return [place for place in (self.card_locations() or {})
                if place.startswith("hand:") and place != f"hand:{seat}"]

    def known_cards(self, seat: int | None) -> set:
        """Card identities ``seat`` has been shown although they now lie in a place hidden
        from it (a card it passed to its partner, say): what the log told that seat alone.
        The leak checks allow these; everything else in a hidden place must stay unnamed."""
        known = set()
        if seat is None:
            return known
        for entry in self.log:
            if seat in entry.get("only", ()):
                known.update(value for value in entry.values() if isinstance(value, str))
                for value in entry.values():
                    if isinstance(value, list):
                        known.update(item for item in value if isinstance(item, str))
        return known

    def outcome_counts(self) -> dict:
        """Optional: how often something happened in this game that no single log entry
        names, ``{name: times}``, counted with the log's events in arena studies and the
        Lab (Matchmaster: exact bids). By default nothing."""
        return {}

    def marker_cards(self) -> list:
        """Optional: card identities the table shows apart from where the cards lie, which a
        view may name even while the real card is hidden (Matatu's base-card marker,
        Matchmakers' last trick once it lies in a private campsite)."""
        return []

    def visible_cards(self, seat: int | None) -> dict:
        """How many times each card identity shows in ``view(seat)``: an action after which
        some count went up revealed something to that seat (used for BGA-style undo)."""
        codes = set(self.marker_cards())
        for cards in (self.card_locations() or {}).values():
            codes.update(cards)
        counts: dict = {}
        pending = [self.view(seat, log_from=len(self.log))]
        while pending:
            item = pending.pop()
            if isinstance(item, dict):
                pending.extend(item.values())
            elif isinstance(item, list):
                pending.extend(item)
            elif isinstance(item, str) and item in codes:
                counts[item] = counts.get(item, 0) + 1
        return counts

    # ---- the log ---------------------------------------------------------------------------
    def say(self, kind: str, seat: int | None = None, *, only=None, **fields) -> None:
        """Log an event as data. ``only``: the seats that may see it (default: everyone)."""
        if self.quiet:
            return
        entry = {"kind": kind}
        if seat is not None:
            entry["seat"] = seat
        entry.update(fields)
        if only is not None:
            entry["only"] = sorted(set(only))
        self.log.append(entry)

    def log_for(self, seat: int | None, start: int = 0) -> list:
        """The entries from ``start`` on that ``seat`` may see, without their ``only``."""
        entries = []
        for entry in self.log[start:]:
            only = entry.get("only")
            if only is None:
                entries.append(entry)  # entries are never changed once written: shared
            elif seat in only:
                entries.append({key: value for key, value in entry.items() if key != "only"})
        return entries

    # ---- the public protocol ---------------------------------------------------------------
    def view(self, seat: int | None = None, log_from: int = 0) -> dict:
        """What ``seat`` may see, with the log entries from ``log_from`` on and ``log_next``."""
        if seat is not None:
            self.check_seat(seat)
        data = self.table_view(seat)
        data.update(game=self.id, rules=self.rules, options=dict(self.options),
                    players=self.players, seat=seat, to_move=self.to_move, over=self.over)
        if not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0:
            log_from = 0
        data["log"] = self.log_for(seat, min(log_from, len(self.log)))
        data["log_from"] = min(log_from, len(self.log))
        data["log_next"] = len(self.log)
        return data

    def legal_actions(self, seat: int | None = None) -> list[dict]:
        if seat is None:
            seat = self.to_move
        if seat is None or self.over:
            return []
        return self.actions_for(seat)

    def apply(self, action: dict) -> None:
        """Validate and apply one action; on refusal raise IllegalAction and change nothing."""
        action = self.normalize(action)
        if self.over:
            raise IllegalAction("The game is over.")
        if action["seat"] not in self.pending:
            raise IllegalAction(f"It is not seat {action['seat'] + 1}'s turn.")
        if action not in self.actions_for(action["seat"]):
            raise self.why_illegal(action)
        self.perform(action)
        self.actions.append(action)

    def apply_trusted(self, action: dict) -> None:
        """Simulation path (playouts, arena games, benches, tests): the action is one this
        game's ``legal_actions`` just offered, so the legality search is skipped (never a
        different rule: ``perform`` is the same). Never for a record from outside: replays
        and saves go through ``apply`` (engine.replay), so a tampered move is refused."""
        self.perform(action)
        self.actions.append(action)

    # ---- the fast path: playouts for search bots ----------------------------------------------
    def moves(self, seat: int) -> list:
        """Game hook (optional): the legal moves of ``seat`` (which may act now) in the game's
        own compact form, for playouts: decided by the same rules as ``actions_for``. By
        default the actions themselves."""
        return self.actions_for(seat)

    def play_move(self, seat: int, move) -> None:
        """Trusted: apply one of ``moves(seat)`` without recording it (playouts on quiet
        copies). By default a move is an action."""
        self.perform(move)

    def normalize(self, action) -> dict:
        """An action as the log keeps it: a JSON object with a ``type``, a ``seat`` (the seat
        to move when missing) and exactly the fields ``ACTIONS`` declares for that type, each
        of the declared kind. Whether it is legal now is ``legal_actions``'s business."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action is an object with a \"type\".")
        # From Python a tuple may stand for a JSON list, e.g. a grid location (2, 3).
        action = {key: list(value) if isinstance(value, tuple) else value
                  for key, value in action.items()}
        if action.get("seat") is None:
            action["seat"] = self.to_move
            if action["seat"] is None:
                raise IllegalAction("The game is over." if self.over
                                    else "Say which seat makes this move.")
        self.check_seat(action["seat"])
        kind = action["type"]
        shapes = self.ACTIONS
        if kind not in shapes:
            moves = ", ".join(sorted(shapes))
            shown = kind if len(kind) <= 40 else kind[:40] + "…"
            raise IllegalAction(f"{self.title} has no move called {shown!r}; the moves are"
                                f" {moves}.")
        fields = shapes[kind]
        if set(action) != set(fields) | {"type", "seat"}:
            needs = ", ".join(sorted(set(fields) | {"type", "seat"}))
            article = "An" if kind[:1] in "aeiou" else "A"
            raise IllegalAction(f"{article} {kind} move has exactly these fields: {needs}.")
        for name, field_kind in fields.items():
            problem = FIELD_KINDS[field_kind](action[name])
            if problem:
                article = "an" if kind[:1] in "aeiou" else "a"
                raise IllegalAction(f"In {article} {kind} move, {name!r} {problem}.")
        return action

    # ---- state -------------------------------------------------------------------------------
    def snapshot(self) -> dict:
        """Every declared piece of mutable state, JSON-safe (the RNG is added by ``full_state``)."""
        return {key: copy_json(getattr(self, key)) for key in self.STATE}

    def restore(self, state: dict) -> None:
        """Set the declared state from a ``snapshot``; any other key is refused."""
        if not isinstance(state, dict) or set(state) != set(self.STATE):
            raise IllegalAction("This state does not have exactly the fields of a"
                                f" {self.title} game.")
        for key in self.STATE:
            setattr(self, key, copy_json(state[key]))

    def full_state(self) -> dict:
        state = self.snapshot()
        state["rng"] = self.rng.to_json()
        return state

    def digest(self) -> str:
        """A short fingerprint of the full state (types included: 1.0 is not 1)."""
        text = json.dumps(self.full_state(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]

    # ---- saving and loading ----------------------------------------------------------------
    def record(self) -> dict:
        """Everything needed to replay the game: the share and history format."""
        return {
            "format": SAVE_FORMAT,
            "game": self.id,
            "rules": self.rules,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "scenario": copy_json(self.scenario),
            "actions": copy_json(self.actions),
        }

    def to_json(self) -> str:
        data = self.record()
        data["check"] = {"moves": len(self.actions), "digest": self.digest()}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def to_scenario(self) -> dict:
        """The current position as a scenario: ``engine.from_scenario`` rebuilds this game
        (state, RNG and whose turn; not the log or the moves that led here)."""
        return {"game": self.id, "players": self.players, "rules": self.rules,
                "options": dict(self.options), "seed": self.seed,
                "rng": self.rng.to_json(), "position": self.position()}

    def copy(self, quiet: bool = False) -> "Game":
        """An independent copy of the game. ``quiet``: a copy for simulations, which starts
        with an empty log and never writes to it (its record and views lack the past, so it
        is for playing out, never for showing or saving)."""
        clone = object.__new__(type(self))
        clone.players, clone.seed = self.players, self.seed
        clone.rules, clone.options = self.rules, dict(self.options)
        clone.scenario = self.scenario  # never changed once built
        if quiet or self.quiet:
            clone.quiet = True
            clone.actions, clone.log = [], []
        else:
            clone.actions = list(self.actions)  # actions are never changed once applied
            clone.log = list(self.log)  # entries are never changed once written
        clone.rng = self.rng.clone()
        clone.restore_copy(self)
        return clone

    def restore_copy(self, other: "Game") -> None:
        """Take ``other``'s declared state (a hook a game may speed up)."""
        if not self.STATE:  # a game that writes its own snapshot and restore
            self.restore(copy_json(other.snapshot()))
            return
        for key in self.STATE:
            setattr(self, key, copy_json(getattr(other, key)))

    def __eq__(self, other) -> bool:
        return (type(self) is type(other) and self.record() == other.record()
                and self.full_state() == other.full_state())

    __hash__ = None

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} players={self.players} rules={self.rules}"
                f" actions={len(self.actions)} to_move={self.to_move}>")

    # ---- rules data ----------------------------------------------------------------------
    @classmethod
    def compare_rules(cls, first: dict, second: dict) -> dict:
        """What differs between two rule versions and option sets, from the rules data alone.

        ``first``/``second``: ``{"rules": version id, "options": {...}}``. Returns the options
        whose values differ (with their meaning) and every rule sentence in force under one
        but not the other, or worded differently (sections and rules may carry
        ``applies_when``: the option values under which they are in force)."""
        configs = []
        for config in (first, second):
            if config is not None and not isinstance(config, dict):
                raise IllegalAction("Each side of a comparison is {\"rules\", \"options\"}.")
            version_id = cls.resolve_rules((config or {}).get("rules"))
            options = cls.resolve_options((config or {}).get("options"))
            version = next(v for v in cls.RULE_VERSIONS if v["id"] == version_id)
            configs.append((version_id, options, rules_in_force(version, options)))
        (rules_a, options_a, force_a), (rules_b, options_b, force_b) = configs
        options = [{"id": spec["id"], "title": spec.get("title", spec["id"]),
                    "a": options_a[spec["id"]], "b": options_b[spec["id"]],
                    "meaning": spec.get("meaning", "")}
                   for spec in cls.OPTIONS if options_a[spec["id"]] != options_b[spec["id"]]]
        rules = []
        for rule_id in list(force_a) + [r for r in force_b if r not in force_a]:
            text_a, text_b = force_a.get(rule_id), force_b.get(rule_id)
            if text_a != text_b:
                rules.append({"id": rule_id, "a": text_a, "b": text_b})
        return {"a": {"rules": rules_a, "options": options_a},
                "b": {"rules": rules_b, "options": options_b},
                "options": options, "rules": rules}

    @classmethod
    def describe(cls) -> dict:
        """The rules data the lobby and the rules page render."""
        return {
            "id": cls.id,
            "title": cls.title,
            "summary": cls.summary,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "default_players": cls.default_players,
            "rule_versions": copy_json(cls.RULE_VERSIONS),
            "options": copy_json(cls.OPTIONS),
            "bots": list(cls.BOTS),  # level ids; the first is the default
            "bot_levels": bot_levels(cls),  # the same, in the lobby's order, with their words
        }


# ---- values from outside ---------------------------------------------------------------------

MAX_SEED = (1 << 64) - 1
MAX_SEED_TEXT = 64


def check_seed(seed):
    """A seed is a whole number from 0 to 2**64 - 1 or a short word (a person may type one)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise IllegalAction("A seed is a whole number or a word.")
    if isinstance(seed, int):
        if not 0 <= seed <= MAX_SEED:
            raise IllegalAction("A seed number is from 0 to 18446744073709551615.")
        return seed
    if not seed or len(seed) > MAX_SEED_TEXT:
        raise IllegalAction(f"A seed word has 1 to {MAX_SEED_TEXT} characters.")
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        raise IllegalAction("A seed word must be text (it has a broken character).") from None
    return seed


def _text_problem(value):
    if not isinstance(value, str) or not 0 < len(value) <= 64:
        return "must be a short text"
    return None


def _int_problem(value):
    if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 31) < value < 1 << 31:
        return "must be a whole number"
    return None


def _cell_problem(value):
    if not isinstance(value, list) or len(value) != 2 or any(_int_problem(x) for x in value):
        return "is not a grid location: write [row, column] in whole numbers, like [2, 3]"
    return None


def _bool_problem(value):
    return None if isinstance(value, bool) else "must be true or false"


def _seat_problem(value):
    return None if is_seat_number(value, 64) else "must be a seat number"


def _place_problem(value):
    if _seat_problem(value) is None or _text_problem(value) is None:
        return None
    return "must be a seat number or the name of a place"


# The kinds of action fields a game's ACTIONS table may declare: kind -> its check, which
# returns None or what the field should be. Legality (which card, which seat) comes after.
FIELD_KINDS = {"text": _text_problem, "int": _int_problem, "cell": _cell_problem,
               "bool": _bool_problem, "seat": _seat_problem, "place": _place_problem}


def _json_scalar(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _same_json(a, b) -> bool:
    """Equal as JSON values: 1 is not 1.0 and not true."""
    return type(a) is type(b) and a == b
