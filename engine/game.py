"""The protocol every game speaks, and the parts of it that are the same for every game.

A game module subclasses ``Game`` and fills in the small set of hooks marked "game hook".
The base class owns what must never differ between games: validation of actions against
``legal_actions`` (so a refused action leaves the state untouched), the action log, the
seeded RNG, and the save format.

Save format (``to_json``): a JSON object with
  ``format``    the save schema version (``SAVE_FORMAT``),
  ``game``      game id, ``rules`` rules version id, ``options`` resolved options,
  ``players``   seat count, ``seed`` the seed the game was dealt from,
  ``scenario``  the scenario it was built from, or null,
  ``actions``   every applied action, in order (the replay),
  ``state``     a snapshot of the game state, including the RNG state.
``load_game`` restores the snapshot; ``replay`` rebuilds the same state from the record alone.
"""

import copy
import json

from .errors import IllegalAction
from .rng import SeededRng

SAVE_FORMAT = 1


class Game:
    # ---- class data every game declares --------------------------------------------------
    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    default_players: int = 2
    RULE_VERSIONS: list = []  # [{"id", "title", "description", "sections": [...]}], newest last
    OPTIONS: list = []  # [{"id", "title", "default", "values", "meaning", "ruling", "locked"}]
    BOTS: dict = {}  # bot level id -> factory(rng) -> Bot; the first one is the default level

    # ---- construction --------------------------------------------------------------------
    def __init__(self, *, players: int | None = None, seed=0, rules: str | None = None,
                 options: dict | None = None):
        players = self.default_players if players is None else players
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                f"{self.title} is played by {self.min_players} to {self.max_players} players,"
                f" not {players}.")
        self.players = players
        self.seed = seed
        self.rules = self.resolve_rules(rules)
        self.options = self.resolve_options(options)
        self.rng = SeededRng(seed)
        self.actions: list[dict] = []
        self.scenario: dict | None = None
        self.setup()

    @classmethod
    def resolve_rules(cls, rules: str | None) -> str:
        known = [v["id"] for v in cls.RULE_VERSIONS]
        if rules is None:
            return known[-1]
        if rules not in known:
            raise IllegalAction(
                f"This version of Matchbook does not know the rules version {rules!r} of"
                f" {cls.title} (it knows {', '.join(known)}). The game may come from a newer"
                " version of the site.")
        return rules

    @classmethod
    def resolve_options(cls, options: dict | None) -> dict:
        options = dict(options or {})
        resolved = {}
        for spec in cls.OPTIONS:
            value = options.pop(spec["id"], spec["default"])
            if value not in spec["values"]:
                allowed = ", ".join(json.dumps(v) for v in spec["values"])
                raise IllegalAction(
                    f"Option {spec['id']!r} cannot be {json.dumps(value)}; allowed: {allowed}.")
            resolved[spec["id"]] = value
        if options:
            raise IllegalAction(f"{cls.title} has no option {sorted(options)[0]!r}.")
        return resolved

    # ---- game hooks ------------------------------------------------------------------------
    def setup(self) -> None:
        """Deal the opening position from ``self.rng``."""
        raise NotImplementedError

    def setup_position(self, position: dict) -> None:
        """Build the position described by a scenario (see ``engine.scenario``)."""
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

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    def result(self) -> dict | None:
        """``{"scores": [...], "winners": [seats], ...}`` once over, else None."""
        raise NotImplementedError

    def snapshot(self) -> dict:
        """Every piece of mutable state, JSON-safe (the RNG is added by the base class)."""
        raise NotImplementedError

    def restore(self, state: dict) -> None:
        raise NotImplementedError

    # ---- optional hooks (used by the generic invariant tests) ------------------------------
    def card_locations(self) -> dict | None:
        """Optional: where every physical card is, ``{place: [codes]}``, hands as
        ``"hand:<seat>"``. None (the default) means the game does not report it."""
        return None

    def marker_cards(self) -> list:
        """Optional: card identities the table shows as markers (not locations), which a view
        may name even while the real card is hidden in a hand."""
        return []

    def visible_cards(self, seat: int | None) -> dict:
        """How many times each card identity shows in ``view(seat)``: an action after which
        some count went up revealed something to that seat (used for BGA-style undo)."""
        codes = set(self.marker_cards())
        for cards in (self.card_locations() or {}).values():
            codes.update(cards)
        counts: dict = {}
        pending = [self.view(seat)]
        while pending:
            item = pending.pop()
            if isinstance(item, dict):
                pending.extend(item.values())
            elif isinstance(item, list):
                pending.extend(item)
            elif isinstance(item, str) and item in codes:
                counts[item] = counts.get(item, 0) + 1
        return counts

    # ---- the public protocol ---------------------------------------------------------------
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
        """Replay path: the action came from our own log, so skip the legality search."""
        action = self.normalize(action)
        self.perform(action)
        self.actions.append(action)

    def normalize(self, action) -> dict:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action is an object with a \"type\".")
        action = dict(action)
        if action.get("seat") is None:
            action["seat"] = self.to_move
        if not isinstance(action["seat"], int) or not 0 <= action["seat"] < self.players:
            raise IllegalAction(f"There is no seat {action['seat']!r} in this game.")
        return action

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
            "scenario": copy.deepcopy(self.scenario),
            "actions": copy.deepcopy(self.actions),
        }

    def full_state(self) -> dict:
        state = self.snapshot()
        state["rng"] = self.rng.to_json()
        return state

    def to_json(self) -> str:
        data = self.record()
        data["state"] = self.full_state()
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def copy(self) -> "Game":
        clone = object.__new__(type(self))
        clone.players, clone.seed = self.players, self.seed
        clone.rules, clone.options = self.rules, dict(self.options)
        clone.actions = copy.deepcopy(self.actions)
        clone.scenario = copy.deepcopy(self.scenario)
        clone.rng = SeededRng.from_json(self.rng.to_json())
        clone.restore(copy.deepcopy(self.snapshot()))
        return clone

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
            version_id = cls.resolve_rules((config or {}).get("rules"))
            options = cls.resolve_options((config or {}).get("options"))
            version = next(v for v in cls.RULE_VERSIONS if v["id"] == version_id)
            configs.append((version_id, options, _rules_in_force(version, options)))
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
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "default_players": cls.default_players,
            "rule_versions": copy.deepcopy(cls.RULE_VERSIONS),
            "options": copy.deepcopy(cls.OPTIONS),
            "bots": list(cls.BOTS),
        }


def _rules_in_force(version: dict, options: dict) -> dict:
    """``{rule id: text}`` of the sentences in force under these option values."""
    def applies(condition) -> bool:
        return all(options.get(key) == value for key, value in (condition or {}).items())

    found = {}
    for section in version.get("sections") or []:
        for rule in section.get("rules") or []:
            condition = rule.get("applies_when", section.get("applies_when"))
            if applies(condition):
                found[rule["id"]] = rule["text"]
    return found
