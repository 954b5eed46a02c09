"""Lessons: the rulebooks' worked examples as positions a learner plays through, step by step.

A lesson is a scenario (``engine.scenario``) plus a script. It is engine data, checked by the
tests: every expected move is legal at its step, every refused move is refused for the stated
reason, and the facts claimed at the end hold. The format::

    {"id": "matatu-cut-exactly-20",      # unique, "<game>-<what it shows>"
     "game": "matatu",                    # game id (the scenario's "game")
     "title": "Exactly 20 may cut",       # short, for a menu
     "rule": "chopper.8",                 # the rulebook section, rule or ruling it illustrates:
                                          #   an id in the game's RULE_VERSIONS (sections,
                                          #   their rules, or rulings)
     "scenario": {"game", "players", "rules", "options", "seed", "position"},
     "seat": 0,                           # the learner's seat
     "steps": [...],                      # below, in order
     "explanation": "...",                # the closing text, shown once the script is done
     "expect_after": {"over": true, "result.reason": "cut"}}   # optional facts, below

Each step is one of:

* ``{"caption": str, "expect": action, "hint": str}``: the learner's move. ``expect`` is an
  action as the game's ``legal_actions`` writes it; without ``"seat"`` it is the learner's
  seat. ``hint`` is shown when the learner tries something else.
* ``{"caption": str, "play": action}``: a scripted move by another seat (``"seat"`` required);
  ``"play"`` may also be a list of actions shown under one caption. Scripted steps play
  themselves as soon as the lesson reaches them.
* ``{"caption": str, "refuse": action, "because": str}``: a move the rules do not allow. The
  learner is shown the engine's refusal, which must contain ``because``; nothing changes.

Any step may carry ``"check"``: facts about the learner's view after the step, like
``expect_after``. A fact is a dotted path into ``view(seat)`` (list items by index, ``-1``
for the last) and the value it must have: ``{"result.totals.0": 15, "penalty": null}``.

``LessonRun`` runs a lesson without any UI: ``start``, ``caption``, ``try_action``, ``next``
(past a refusal), ``watch`` (let the lesson make the move), ``back`` (to the previous step of
the learner, rebuilt by replay) and ``done``. ``encode_scenario`` / ``decode_scenario`` turn a
scenario into a short URL-safe string and back; ``validate_scenario`` builds one and reports
what is wrong with it.
"""

import copy

from .errors import IllegalAction
from .games import GAMES, PACKAGES
from .scenario import SCENARIO_KEYS, from_scenario
from .share import pack, unpack

MAX_SCENARIO_BYTES = 20_000  # decoded JSON; a hand-written position is a few kB at most


def _game_class(game_id):
    cls = GAMES.get(game_id) if isinstance(game_id, str) else None
    if cls is None:
        known = ", ".join(sorted(GAMES))
        raise IllegalAction(f"There is no game called {game_id!r}; the games are {known}.")
    return cls


# ---- scenarios: build, check, share ---------------------------------------------------------

def build_game(data):
    """The game a scenario describes (engine.from_scenario, with messages naming the games)."""
    if not isinstance(data, dict):
        raise IllegalAction("A scenario is a JSON object.")
    if data.get("game") is None:
        known = ", ".join(sorted(GAMES))
        raise IllegalAction(f"A scenario names its game: \"game\" is one of {known}.")
    _game_class(data["game"])
    return from_scenario(data)


def validate_scenario(data):
    """Build the scenario and return the game; anything wrong is an ``IllegalAction`` whose
    message says what to fix (the games refuse missing, doubled or miscounted cards)."""
    if not isinstance(data, dict):
        raise IllegalAction("A scenario is a JSON object.")
    unknown = set(data) - set(SCENARIO_KEYS)  # "rng": Game.to_scenario writes the RNG's state
    if unknown:
        raise IllegalAction(f"A scenario has no key {sorted(unknown)[0]!r}; the keys are"
                            f" {', '.join(SCENARIO_KEYS)}.")
    cls = _game_class(data.get("game")) if data.get("game") is not None else None
    if cls is not None and data.get("rules") is not None:
        known = [version["id"] for version in cls.RULE_VERSIONS]
        if data["rules"] not in known:
            raise IllegalAction(f"{cls.title} has no rules version {data['rules']!r}; this"
                                f" version of Matchbook knows {', '.join(known)}.")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise IllegalAction("\"seed\" is a whole number or a word.")
    if "options" in data and data["options"] is not None and not isinstance(data["options"],
                                                                           dict):
        raise IllegalAction("\"options\" is an object of rule options.")
    return build_game(data)


def encode_scenario(data: dict) -> str:
    """Compact JSON, zlib-compressed, base64url without padding: safe in a URL fragment."""
    return pack(data, MAX_SCENARIO_BYTES, "scenario")


def decode_scenario(text) -> dict:
    """The scenario ``encode_scenario`` wrote; a damaged or oversized string is refused."""
    return unpack(text, MAX_SCENARIO_BYTES, "scenario")


# ---- facts about a view -----------------------------------------------------------------------

_MISSING = object()


def view_fact(view, path: str):
    """The value at a dotted ``path`` of a view (list items by index), or raise KeyError."""
    value = view
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list):
            try:
                value = value[int(part)]
            except (ValueError, IndexError):
                raise KeyError(path) from None
        else:
            raise KeyError(path)
    return value


def check_facts(view: dict, facts: dict) -> list:
    """The facts that do not hold, as sentences (empty when all hold)."""
    wrong = []
    for path, want in facts.items():
        try:
            have = view_fact(view, path)
        except KeyError:
            wrong.append(f"{path} is not in the view")
            continue
        if have != want:
            wrong.append(f"{path} is {have!r}, not {want!r}")
    return wrong


def rule_ids(game_id: str, version: str | None = None) -> set:
    """Every section, rule and ruling id of a game's rules version (default: the newest)."""
    cls = _game_class(game_id)
    rules = cls.resolve_rules(version)
    data = next(v for v in cls.RULE_VERSIONS if v["id"] == rules)
    ids = set()
    for section in data.get("sections", []):
        ids.add(section["id"])
        ids.update(rule["id"] for rule in section.get("rules", []))
    ids.update(ruling["id"] for ruling in data.get("rulings", []))
    return ids


# ---- running a lesson ------------------------------------------------------------------------

class LessonRefusal(IllegalAction):
    """A move refused during a lesson: the engine's ``reason`` (or, for a legal move the lesson
    does not show, the lesson's), the ``rule`` it names, and the step's ``hint``."""

    def __init__(self, reason: str, rule: str | None = None, hint: str | None = None,
                 legal: bool = False):
        super().__init__(reason, rule)
        self.hint = hint
        self.legal = legal

    def to_dict(self) -> dict:
        data = super().to_dict()
        data.update(hint=self.hint, legal=self.legal)
        return data


def _step_kind(step: dict) -> str:
    for kind in ("expect", "play", "refuse"):
        if kind in step:
            return kind
    raise IllegalAction("A lesson step has \"expect\", \"play\" or \"refuse\".")


class LessonRun:
    """One learner going through one lesson. Pure: no UI, no storage.

    ``step_index`` is the step waiting for the learner (an ``expect`` or a ``refuse`` step),
    or ``len(steps)`` once ``done``. ``narration`` lists the scripted steps that played since
    the learner's last step (``{"caption", "actions"}``), for the UI to show.
    """

    def __init__(self, lesson=None):
        self.lesson = None
        self.game = None
        self.step_index = 0
        self.narration: list = []
        if lesson is not None:
            self.start(lesson)

    # ---- state --------------------------------------------------------------------------------
    def start(self, lesson) -> "LessonRun":
        if isinstance(lesson, str):
            lesson = get_lesson(lesson)
        self.lesson = lesson
        self.game = build_game(lesson["scenario"])
        self.step_index = 0
        self.narration = []
        self._autoplay()
        return self

    @property
    def seat(self) -> int:
        return self.lesson["seat"]

    @property
    def steps(self) -> list:
        return self.lesson["steps"]

    @property
    def done(self) -> bool:
        return self.step_index >= len(self.steps)

    @property
    def step(self) -> dict | None:
        return None if self.done else self.steps[self.step_index]

    @property
    def kind(self) -> str:
        """``"expect"`` (the learner moves), ``"refuse"`` (a refusal to read) or ``"done"``."""
        return "done" if self.done else _step_kind(self.step)

    @property
    def caption(self) -> str:
        return self.lesson["explanation"] if self.done else self.step["caption"]

    @property
    def hint(self) -> str | None:
        return None if self.done else self.step.get("hint")

    @property
    def refusal(self) -> IllegalAction | None:
        """At a ``refuse`` step: the engine's refusal of the step's move (nothing changes)."""
        if self.kind != "refuse":
            return None
        return self._engine_refusal(self._step_action(self.step, "refuse"))

    def view(self) -> dict:
        return self.game.view(self.seat)

    # ---- the learner's moves -----------------------------------------------------------------
    def try_action(self, action) -> dict:
        """Apply the learner's move if it is the one this step expects, and play the scripted
        steps after it; return the move as applied.

        Otherwise raise ``LessonRefusal``: the engine's own reason when the rules forbid it,
        or the lesson's hint when it is legal but not what this lesson shows. At a ``refuse``
        step, trying the refused move raises the engine's refusal and moves on."""
        if self.done:
            raise IllegalAction("This lesson is over: start it again or choose another.")
        step = self.step
        action = self._with_seat(action, step)
        kind = _step_kind(step)
        wanted = self.game.normalize(self._step_action(step, kind))
        given = self.game.normalize(action)
        hint = step.get("hint") or (
            "First see why this move is not allowed: try it, or go on."
            if kind == "refuse" else step["caption"])
        if given == wanted:
            if kind == "refuse":
                refusal = self._engine_refusal(wanted)
                self._advance()
                raise LessonRefusal(refusal.reason, refusal.rule, hint, legal=False)
            self.game.apply(given)
            self._advance()
            return given
        refusal = self._engine_refusal(given)
        if refusal is not None:
            raise LessonRefusal(refusal.reason, refusal.rule, hint, legal=False)
        raise LessonRefusal(f"That is legal, but this lesson shows another move: {hint}",
                            self.lesson.get("rule"), hint, legal=True)

    def next(self) -> IllegalAction:
        """Go on past a ``refuse`` step (the learner has read why); return its refusal."""
        if self.kind != "refuse":
            raise IllegalAction("Make the move the lesson asks for, or watch it."
                                if not self.done else "This lesson is over.")
        refusal = self.refusal
        self._advance()
        return refusal

    def watch(self) -> dict:
        """Let the lesson make this step's move (or show its refusal) and go on.

        Returns ``{"step", "caption", "action", "refused"}``: ``refused`` is the engine's
        reason at a ``refuse`` step, else None."""
        if self.done:
            raise IllegalAction("This lesson is over.")
        index, step = self.step_index, self.step
        if self.kind == "refuse":
            refusal = self.next()
            return {"step": index, "caption": step["caption"],
                    "action": self._step_action(step, "refuse"), "refused": refusal.reason}
        action = self._step_action(step, "expect")
        self.game.apply(action)
        self._advance()
        return {"step": index, "caption": step["caption"], "action": action, "refused": None}

    def back(self) -> bool:
        """Return to the learner's previous step, rebuilt from the scenario by replay, so the
        position is exactly as it was. False (and nothing changes) at the first step."""
        stops = [i for i, step in enumerate(self.steps)
                 if _step_kind(step) != "play" and i < self.step_index]
        if not stops:
            return False
        self._replay_to(stops[-1])
        return True

    def restart(self) -> "LessonRun":
        return self.start(self.lesson)

    # ---- inside ------------------------------------------------------------------------------
    def _with_seat(self, action, step: dict) -> dict:
        if not isinstance(action, dict):
            raise IllegalAction("An action is an object with a \"type\".")
        action = dict(action)
        if action.get("seat") is None:
            action["seat"] = self._step_action(step, _step_kind(step))["seat"]
        return action

    def _step_action(self, step: dict, kind: str) -> dict:
        action = dict(step[kind])
        if action.get("seat") is None:
            action["seat"] = self.seat
        return action

    def _scripted(self, step: dict) -> list:
        actions = step["play"] if isinstance(step["play"], list) else [step["play"]]
        return [dict(action) for action in actions]

    def _engine_refusal(self, action: dict) -> IllegalAction | None:
        """The engine's reason for refusing ``action`` now, or None if it is legal. Tried on a
        copy, so nothing here can change the lesson's game."""
        try:
            self.game.copy().apply(action)
        except IllegalAction as refusal:
            return refusal
        return None

    def _play_scripted(self, index: int, step: dict) -> dict:
        actions = self._scripted(step)
        for action in actions:
            try:
                self.game.apply(action)
            except IllegalAction as refusal:
                raise IllegalAction(f"Lesson {self.lesson['id']}, step {index + 1}: the scripted"
                                    f" move {action} is refused: {refusal.reason}") from None
        return {"step": index, "caption": step["caption"], "actions": actions}

    def _autoplay(self) -> None:
        while not self.done and _step_kind(self.step) == "play":
            self.narration.append(self._play_scripted(self.step_index, self.step))
            self.step_index += 1

    def _advance(self) -> None:
        self.step_index += 1
        self.narration = []
        self._autoplay()

    def _replay_to(self, target: int) -> None:
        self.game = build_game(self.lesson["scenario"])
        self.narration = []
        for index in range(target):
            step = self.steps[index]
            kind = _step_kind(step)
            if kind == "play":
                self.narration.append(self._play_scripted(index, step))
                continue
            if kind == "expect":
                self.game.apply(self._step_action(step, "expect"))
            self.narration = []
        self.step_index = target


def verify_lesson(lesson: dict) -> None:
    """Check a lesson against the engine; raise ``IllegalAction`` naming the first problem.

    The shape of every step; the rule id; each expected and scripted move legal at its step
    (the lesson reaches its end by watching alone); each refused move refused, for a reason
    containing ``because``; every ``check`` and the ``expect_after`` facts."""
    where = f"Lesson {lesson.get('id')!r}"
    for key in ("id", "game", "title", "rule", "scenario", "seat", "steps", "explanation"):
        if key not in lesson:
            raise IllegalAction(f"{where} has no {key!r}.")
    scenario = lesson["scenario"]
    if scenario.get("game") != lesson["game"]:
        raise IllegalAction(f"{where}: its scenario is for {scenario.get('game')!r}.")
    if lesson["rule"] not in rule_ids(lesson["game"], scenario.get("rules")):
        raise IllegalAction(f"{where}: rule {lesson['rule']!r} is not in the rules data.")
    validate_scenario(scenario)
    if not any(_step_kind(step) != "play" for step in lesson["steps"]):
        raise IllegalAction(f"{where} never asks the learner for anything.")
    run = LessonRun()
    run.lesson = lesson
    run.game = build_game(scenario)
    for index, step in enumerate(lesson["steps"]):
        at = f"{where}, step {index + 1}"
        kind = _step_kind(step)
        if not isinstance(step.get("caption"), str) or not step["caption"]:
            raise IllegalAction(f"{at} has no caption.")
        run.step_index = index
        if kind == "play":
            if any(action.get("seat") is None for action in run._scripted(step)):
                raise IllegalAction(f"{at}: a scripted move names its seat.")
            run._play_scripted(index, step)
        elif kind == "expect":
            if not step.get("hint"):
                raise IllegalAction(f"{at} has no hint.")
            action = run._step_action(step, "expect")
            try:
                run.game.apply(action)
            except IllegalAction as refusal:
                raise IllegalAction(f"{at}: the expected move {action} is refused:"
                                    f" {refusal.reason}") from None
        else:
            refusal = run._engine_refusal(run._step_action(step, "refuse"))
            if refusal is None:
                raise IllegalAction(f"{at}: the move it shows refused is legal.")
            if step.get("because", "") not in refusal.reason:
                raise IllegalAction(f"{at}: refused with {refusal.reason!r}, which does not say"
                                    f" {step.get('because')!r}.")
        wrong = check_facts(run.game.view(lesson["seat"]), step.get("check", {}))
        if wrong:
            raise IllegalAction(f"{at}: " + "; ".join(wrong) + ".")
    wrong = check_facts(run.game.view(lesson["seat"]), lesson.get("expect_after", {}))
    if wrong:
        raise IllegalAction(f"{where}, at the end: " + "; ".join(wrong) + ".")



# ---- the lessons: every worked example of the four rulebooks ----------------------------------

LESSONS = [lesson for package in PACKAGES.values() for lesson in package.LESSONS]
_BY_ID = {lesson["id"]: lesson for lesson in LESSONS}


def lessons_for(game_id: str) -> list:
    """The lessons of one game, in rulebook order (copies: callers may change them)."""
    _game_class(game_id)
    return [copy.deepcopy(lesson) for lesson in LESSONS if lesson["game"] == game_id]


def get_lesson(lesson_id: str) -> dict:
    try:
        return copy.deepcopy(_BY_ID[lesson_id])
    except (KeyError, TypeError):
        raise IllegalAction(f"There is no lesson called {lesson_id!r}.") from None
