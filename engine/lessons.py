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

from .cards import standard_deck
from .errors import IllegalAction
from .games import GAMES
from .games.match_maker import CHANCE_MIXES, CHANCES, GRIDS, PERSONS, person_counts
from .scenario import from_scenario
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
    unknown = set(data) - {"game", "players", "rules", "options", "seed", "position"}
    if unknown:
        raise IllegalAction(f"A scenario has no key {sorted(unknown)[0]!r}; the keys are game,"
                            " players, rules, options, seed and position.")
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


# ---- building positions for the lessons below ----------------------------------------------------

def _matatu(hands, pile, base_card, *, jokers=False, stock_top=(), **position) -> dict:
    """A Matatu scenario: the cards named nowhere make the stock, in deck order after
    ``stock_top``."""
    if "to_move" not in position and "dealer" not in position:
        position["to_move"] = 0
    used = [card for hand in hands for card in hand] + list(pile) + list(stock_top)
    stock = list(stock_top) + [c for c in standard_deck(jokers=jokers) if c not in used]
    scenario = {"game": "matatu", "rules": "matatu-v1", "players": len(hands),
                "position": {"hands": hands, "pile": list(pile), "stock": stock,
                             "base_card": base_card, **position}}
    if jokers:
        scenario["options"] = {"jokers": True}
    return scenario


def _matchmaster(hands, **position) -> dict:
    return {"game": "matchmaster", "rules": "matchmaster-v1", "players": len(hands),
            "position": {"hands": hands, **position}}


def _matchmakers(hands, **position) -> dict:
    return {"game": "matchmakers", "rules": "matchmakers-v1", "players": len(hands),
            "position": {"hands": hands, **position}}


def _match_maker(tops: dict, change_to_person, mate_pile, change_pile, discard=()) -> dict:
    """A 2-player Match-Maker scenario on the default grid, every stack full: the top cards
    named in ``tops`` ({(row, col): card}), the other person cards filled in a fixed order."""
    rows = GRIDS["3,3,3,2"]
    counts = person_counts("standard", sum(depth * cols for depth, cols in rows) + 7)
    for code in list(tops.values()) + list(change_to_person) + list(discard):
        if code in counts:
            counts[code] -= 1
    pool = []  # round robin over the kinds, so the other stacks look like a real deal
    while any(counts.values()):
        for code in PERSONS:
            if counts[code]:
                counts[code] -= 1
                pool.append(code)
    grid = []
    for r, (depth, cols) in enumerate(rows):
        row = []
        for c in range(cols):
            top = tops.get((r + 1, c + 1))
            stack = [pool.pop() for _ in range(depth - (top is not None))]
            row.append(stack + ([top] if top is not None else []))
        grid.append(row)
    chances = dict(zip(CHANCES, CHANCE_MIXES["SM1 DM1 OC2 SC1 T1"], strict=True))
    for code in list(mate_pile) + list(change_pile) + list(discard):
        if code in chances:
            chances[code] -= 1
    assert not pool and not any(chances.values()), "every card placed once"
    return {"game": "match_maker", "rules": "match-maker-v1", "players": 2,
            "position": {"grid": grid, "change_to_person": list(change_to_person),
                         "mate_pile": list(mate_pile), "change_pile": list(change_pile),
                         "discard": list(discard), "dealer": 1, "to_move": 0}}


def _cut(card: str) -> dict:
    return {"type": "cut", "card": card}


def _play(card: str, seat: int | None = None) -> dict:
    action = {"type": "play", "card": card}
    if seat is not None:
        action["seat"] = seat
    return action


# ---- the lessons: every worked example of the four rulebooks ----------------------------------

MATATU_LESSONS = [
    {"id": "matatu-chopper-6d", "game": "matatu", "title": "Base card 6♦: the chopper is 7♦",
     "rule": "chopper.2", "seat": 0,
     "scenario": _matatu([["7D", "3C", "5H"], ["KS", "QH", "10C"]], ["4S", "9D"], "6D"),
     "steps": [
         {"caption": "The base card is 6♦. Only a 7 cuts, so the 6♦ is not the chopper.",
          "refuse": _cut("6D"), "because": "this round it is 7♦"},
         {"caption": "The chopper is the 7 of the base card's suit: 7♦. It matches the 9♦ on"
                     " the pile and your 3♣ and 5♥ total 8. Cut with the 7♦.",
          "expect": _cut("7D"),
          "hint": "Cut with the 7♦: the chopper is the seven of the base card's suit."}],
     "explanation": "The rank of the base card does not matter: a 6♦ base card makes the 7♦"
                    " the chopper. Your 8 points beat Seat 2's 35, so you win the round.",
     "expect_after": {"over": True, "result.reason": "cut", "result.cutter": 0,
                      "result.totals": [8, 35], "result.winners": [0]}},

    {"id": "matatu-chopper-kc", "game": "matatu", "title": "Base card K♣: the chopper is 7♣",
     "rule": "chopper.2", "seat": 0,
     "scenario": _matatu([["7C", "7D", "3S"], ["KS", "QH", "10H"]], ["4H", "9C"], "KC"),
     "steps": [
         {"caption": "The base card is K♣. The 7♦ is a seven, but not of the base card's suit:"
                     " it cannot cut.",
          "refuse": _cut("7D"), "because": "this round it is 7♣"},
         {"caption": "The chopper is 7♣, whatever the base card's rank. It matches the 9♣;"
                     " your 7♦ and 3♠ total 10. Cut with the 7♣.",
          "expect": _cut("7C"), "hint": "Cut with the 7♣, the seven of the base card's suit."}],
     "explanation": "A K♣ base card makes the 7♣ the chopper, just as a 6♦ makes the 7♦. The"
                    " base card is only a marker and is never played.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [10, 35]}},

    {"id": "matatu-chopper-7c-suit", "game": "matatu",
     "title": "The chopper follows suit: 7♣ on 6♣ and K♣, not on 6♥", "rule": "chopper.5",
     "seat": 0,
     "scenario": _matatu([["7C", "6C", "3D", "4S"], ["KC", "9H", "10S", "QD"]], ["5H", "6H"],
                         "7C"),
     "steps": [
         {"caption": "The base card is 7♣, so the 7♣ is the chopper. The pile shows 6♥: the"
                     " 7♣ matches neither its suit nor its rank, so it cannot cut.",
          "refuse": _cut("7C"), "because": "must match 6♥"},
         {"caption": "It cannot be played as an ordinary card either: the chopper is never a"
                     " wildcard.",
          "refuse": _play("7C"), "because": "does not match 6♥"},
         {"caption": "Play your 6♣ on the 6♥: same rank. Now clubs are in play.",
          "expect": _play("6C"), "hint": "Play the 6♣: it matches the 6♥ by rank.",
          "check": {"pile_top": "6C"}},
         {"caption": "Seat 2 plays K♣ on your 6♣.", "play": _play("KC", 1)},
         {"caption": "The 7♣ matches the K♣ by suit, and your 3♦ and 4♠ total 7. Cut with"
                     " the 7♣.",
          "expect": _cut("7C"), "hint": "Cut with the 7♣: it matches the K♣ by suit."}],
     "explanation": "With a 7♣ base card the chopper 7♣ can go on 6♣, K♣, 7♥ or 7♦ (same suit,"
                    " or another 7), but not on 6♥ or Q♠. It must match like any card.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [7, 31]}},

    {"id": "matatu-chopper-7c-rank", "game": "matatu",
     "title": "The chopper matches a 7: 7♣ on 7♥, not on Q♠", "rule": "chopper.5", "seat": 0,
     "scenario": _matatu([["7C", "QH", "3D", "5H"], ["7H", "9S", "10S", "KD"]], ["4S", "QS"],
                         "7C"),
     "steps": [
         {"caption": "The chopper is 7♣ (base card 7♣). The pile shows Q♠: neither clubs nor a"
                     " 7, so no cut.",
          "refuse": _cut("7C"), "because": "must match Q♠"},
         {"caption": "Play your Q♥ on the Q♠: same rank.", "expect": _play("QH"),
          "hint": "Play the Q♥: it matches the Q♠ by rank."},
         {"caption": "Seat 2 plays 7♥ on your Q♥.", "play": _play("7H", 1)},
         {"caption": "A 7 on a 7 matches by rank. Your 3♦ and 5♥ total 8: cut with the 7♣.",
          "expect": _cut("7C"), "hint": "Cut with the 7♣: it matches the 7♥ by rank."}],
     "explanation": "The chopper matches the suit in play or the rank of the card on the pile:"
                    " 7♣ may go on the 7♥ or 7♦, never on the Q♠ or 6♥.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [8, 32]}},

    {"id": "matatu-cut-7d-7h-8s", "game": "matatu", "title": "7♦ 7♥ 8♠: cut, 15 remain",
     "rule": "chopper.8", "seat": 0,
     "scenario": _matatu([["7D", "7H", "8S"], ["KS", "QH", "10C"]], ["4S", "10D"], "6D"),
     "steps": [
         {"caption": "The base card is 6♦, so the chopper is 7♦. The 7♥ is just a seven.",
          "refuse": _cut("7H"), "because": "this round it is 7♦"},
         {"caption": "Your hand shows 22 points, but the chopper's own 7 does not count: the 7♥"
                     " and 8♠ left total 15. Cut with the 7♦.",
          "expect": _cut("7D"), "hint": "Cut with the 7♦: 15 points remain, 20 or fewer."}],
     "explanation": "Only the cards left after the chopper count towards the limit of 20:"
                    " 7♥ + 8♠ = 15, so the cut stands and 15 is your score.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals.0": 15}},

    {"id": "matatu-cut-exactly-20", "game": "matatu", "title": "Exactly 20 may cut",
     "rule": "chopper.8", "seat": 0,
     "scenario": _matatu([["7D", "10S", "6H", "4C"], ["KS", "QH", "10C"]], ["4S", "9D"], "6D"),
     "steps": [
         {"caption": "The base card is 6♦, so the chopper is 7♦. Without it your 10♠, 6♥ and"
                     " 4♣ total exactly 20: cut with the 7♦.",
          "expect": _cut("7D"), "hint": "Cut with the 7♦: exactly 20 is allowed."}],
     "explanation": "A cut needs 20 points or fewer in the cards left: exactly 20 qualifies.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals.0": 20}},

    {"id": "matatu-cut-21-refused", "game": "matatu", "title": "21 may not cut",
     "rule": "chopper.8", "seat": 0,
     "scenario": _matatu([["7D", "10S", "6H", "5D"], ["KS", "QH", "4D"]], ["4S", "9D"], "6D"),
     "steps": [
         {"caption": "The chopper is 7♦ and it matches the 9♦, but your 10♠, 6♥ and 5♦ total"
                     " 21: one too many.",
          "refuse": _cut("7D"), "because": "would total 21 points"},
         {"caption": "Shed weight instead: play the 5♦ on the 9♦.", "expect": _play("5D"),
          "hint": "Play the 5♦: it follows diamonds and brings you down to 16."},
         {"caption": "Seat 2 plays 4♦.", "play": _play("4D", 1)},
         {"caption": "Now the 10♠ and 6♥ total 16: cut with the 7♦ on the 4♦.",
          "expect": _cut("7D"), "hint": "Cut with the 7♦: 16 points remain."}],
     "explanation": "Exactly 20 qualifies; 21 does not. A refused cut changes nothing, and the"
                    " round goes on until the hand is light enough.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [16, 25]}},

    {"id": "matatu-pick-two-chain", "game": "matatu",
     "title": "The pick-two: passed on, never more than two", "rule": "basics.6", "seat": 1,
     "scenario": _matatu([["2C", "9H", "KD", "5S"], ["2H", "AH", "9C", "4S"],
                          ["2D", "10H", "JS", "6C"]], ["5D", "3C"], "8H", dealer=2),
     "steps": [
         {"caption": "Seat 1 plays 2♣: you owe two cards.", "play": _play("2C", 0),
          "check": {"penalty.count": 2, "to_move": 1}},
         {"caption": "An Ace changes the suit on an ordinary turn, but it cannot answer a"
                     " pick-two.",
          "refuse": _play("AH"), "because": "Only the Ace of Spades can cancel"},
         {"caption": "Pass the penalty on with your 2♥: any suit will do.", "expect": _play("2H"),
          "hint": "Play the 2♥ to pass the penalty on to Seat 3.",
          "check": {"penalty.count": 2, "to_move": 2}},
         {"caption": "Seat 3 passes it on with the 2♦. Seat 1 owes two — still two, not six.",
          "play": _play("2D", 2), "check": {"penalty.count": 2, "to_move": 0}},
         {"caption": "Seat 1 has no 2 left and picks up two cards, which ends the turn.",
          "play": {"type": "accept", "seat": 0}}],
     "explanation": "Every 2 makes the next player owe exactly two cards. Passing it on with"
                    " another 2 moves the same two cards along; they never add up.",
     "expect_after": {"penalty": None, "hand_counts": [5, 3, 3], "to_move": 1}},

    {"id": "matatu-ace-of-spades-cancel", "game": "matatu",
     "title": "The Ace of Spades cancels a penalty", "rule": "jokers.6", "seat": 1,
     "scenario": _matatu([["9H", "KD", "5S"], ["AS", "AH", "9C", "4H"],
                          ["10H", "JS", "6C"]], ["5D", "2C"], "8H", to_move=1,
                         penalty={"kind": "two", "count": 2}),
     "steps": [
         {"caption": "Seat 1 played 2♣ and you owe two cards. Your A♥ cannot block it.",
          "refuse": _play("AH"), "because": "Only the Ace of Spades can cancel"},
         {"caption": "Cancel the pick-two with the Ace of Spades: nothing is drawn and no suit"
                     " is named.",
          "expect": _play("AS"), "hint": "Play the A♠: it cancels the penalty.",
          "check": {"penalty": None, "open_pile": True, "requested_suit": None,
                    "hand_counts.1": 3}},
         {"caption": "The pile is open: Seat 3 may play any card at all, here the 10♥ on the"
                     " A♠.", "play": _play("10H", 2)}],
     "explanation": "The Ace of Spades cancels a pick-two or a pick-five of any size. Used this"
                    " way it names no suit, and the next player may play anything.",
     "expect_after": {"pile_top": "10H", "open_pile": False, "hand_counts": [3, 3, 2]}},

    {"id": "matatu-joker-pick-five-ten", "game": "matatu",
     "title": "Jokers: pick five, then pick ten", "rule": "jokers.4", "seat": 1,
     "scenario": _matatu([["RJ", "9H", "KD", "5S"], ["BJ", "2H", "8C", "4S"],
                          ["10H", "JS", "6C", "3D"]], ["5D", "9C"], "8H", jokers=True,
                         dealer=2),
     "steps": [
         {"caption": "Seat 1 plays the red Joker on the 9♣ and names hearts: you owe five"
                     " cards.",
          "play": [{"type": "play", "card": "RJ", "seat": 0},
                   {"type": "name_suit", "suit": "H", "seat": 0}],
          "check": {"penalty.count": 5, "requested_suit": "H", "to_move": 1}},
         {"caption": "A 2 cannot answer a pick-five: the two attacks are never mixed.",
          "refuse": _play("2H"), "because": "A 2 cannot answer a pick-five"},
         {"caption": "Answer with your black Joker: the penalty grows to ten.",
          "expect": _play("BJ"), "hint": "Play the black Joker to pass the penalty on."},
         {"caption": "Name the suit that follows: spades. It replaces the hearts of the first"
                     " Joker.",
          "expect": {"type": "name_suit", "suit": "S"}, "hint": "Name spades (S).",
          "check": {"penalty.count": 10, "requested_suit": "S", "to_move": 2}},
         {"caption": "Seat 3 holds no Joker and no Ace of Spades, and picks up ten cards.",
          "play": {"type": "accept", "seat": 2}}],
     "explanation": "A Joker is a wild pick-five; a second Joker on top makes a pick-ten and"
                    " its suit request replaces the first. Only a Joker passes it on and only"
                    " the Ace of Spades cancels it.",
     "expect_after": {"penalty": None, "hand_counts": [3, 3, 14], "requested_suit": "S",
                      "to_move": 0}},
]

MATCHMASTER_LESSONS = [
    {"id": "matchmaster-score-3-of-3", "game": "matchmaster",
     "title": "Bid 3, win 3: 13 points", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["DO13", "DO12", "DO11"], ["LB2", "LB3", "LO4"]], round=5,
                              dealer=1),
     "steps": [
         {"caption": "Round 5: three cards each. Your three highest trumps should win every"
                     " trick: bid 3.",
          "expect": {"type": "bid", "bid": 3}, "hint": "Bid 3: one match for each trick."},
         {"caption": "Seat 2 bids in secret; the bids are revealed together.",
          "play": {"type": "bid", "bid": 0, "seat": 1}, "check": {"bids": [3, 0]}},
         {"caption": "You lead: play the dark orange 13.", "expect": _play("DO13"),
          "hint": "Lead the DO13, your highest trump."},
         {"caption": "Seat 2 has no dark orange and plays light blue 2. Your trick.",
          "play": _play("LB2", 1)},
         {"caption": "Lead the dark orange 12.", "expect": _play("DO12"),
          "hint": "Lead the DO12."},
         {"caption": "Seat 2 plays light blue 3.", "play": _play("LB3", 1)},
         {"caption": "Lead the dark orange 11 for your third trick.", "expect": _play("DO11"),
          "hint": "Lead the DO11."},
         {"caption": "Seat 2 plays light orange 4. The round is scored.",
          "play": _play("LO4", 1)}],
     "explanation": "3 tricks predicted and won: 10 points for the correct prediction + 3 for"
                    " the tricks = 13. Seat 2 bid 0 and took none: 10.",
     "expect_after": {"score_sheet.rounds.0.points": [13, 10],
                      "score_sheet.rounds.0.tricks": [3, 0]}},

    {"id": "matchmaster-score-4-won-3", "game": "matchmaster",
     "title": "Bid 4, win 3: minus 1", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["DO13", "DO12", "DO11", "LB12"], ["LB13", "LO1", "LO2", "LO3"]],
                              round=4, dealer=1),
     "steps": [
         {"caption": "Round 4: four cards. Three top trumps and a light blue 12 look strong:"
                     " bid 4.",
          "expect": {"type": "bid", "bid": 4}, "hint": "Bid 4 for this example."},
         {"caption": "Seat 2 bids 1 in secret.", "play": {"type": "bid", "bid": 1, "seat": 1}},
         {"caption": "Lead the dark orange 13.", "expect": _play("DO13"),
          "hint": "Lead the DO13."},
         {"caption": "Seat 2 plays light orange 1.", "play": _play("LO1", 1)},
         {"caption": "Lead the dark orange 12.", "expect": _play("DO12"),
          "hint": "Lead the DO12."},
         {"caption": "Seat 2 plays light orange 2.", "play": _play("LO2", 1)},
         {"caption": "Lead the dark orange 11.", "expect": _play("DO11"),
          "hint": "Lead the DO11."},
         {"caption": "Seat 2 plays light orange 3. Three tricks for you.",
          "play": _play("LO3", 1)},
         {"caption": "Lead your light blue 12 for the fourth trick.", "expect": _play("LB12"),
          "hint": "Lead the LB12."},
         {"caption": "Seat 2 follows with the light blue 13 and wins the last trick.",
          "play": _play("LB13", 1)}],
     "explanation": "4 tricks predicted, but only 3 won: one trick wrong is 1 minus point."
                    " Seat 2 bid 1 and won 1: 10 + 1 = 11.",
     "expect_after": {"score_sheet.rounds.0.points": [-1, 11],
                      "score_sheet.rounds.0.tricks": [3, 1]}},

    {"id": "matchmaster-score-0-of-0", "game": "matchmaster",
     "title": "Bid 0, win none: 10 points", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["LO3", "LB1"], ["LO9", "LB5"]], round=6, dealer=0),
     "steps": [
         {"caption": "Round 6: two cards. Seat 2 sits left of the dealer and bids first, in"
                     " secret.", "play": {"type": "bid", "bid": 2, "seat": 1}},
         {"caption": "Your light orange 3 and light blue 1 are low: bid 0.",
          "expect": {"type": "bid", "bid": 0}, "hint": "Bid 0: you expect no trick."},
         {"caption": "Seat 2 leads the light orange 9.", "play": _play("LO9", 1)},
         {"caption": "You hold light orange, so you must follow it.", "refuse": _play("LB1"),
          "because": "You must follow light orange"},
         {"caption": "Follow with the light orange 3: you need not beat the 9.",
          "expect": _play("LO3"), "hint": "Play the LO3: follow the colour led."},
         {"caption": "Seat 2 leads the light blue 5.", "play": _play("LB5", 1)},
         {"caption": "Follow with the light blue 1.", "expect": _play("LB1"),
          "hint": "Play the LB1."}],
     "explanation": "0 tricks predicted and none taken: 10 points for the correct prediction +"
                    " 0 tricks = 10. Seat 2 bid 2 and won 2: 12.",
     "expect_after": {"score_sheet.rounds.0.points": [10, 12]}},

    {"id": "matchmaster-score-0-took-2", "game": "matchmaster",
     "title": "Bid 0, win 2: minus 2", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["DO1", "LO2"], ["LB5", "LB7"]], round=6, dealer=0),
     "steps": [
         {"caption": "Round 6: two cards. Seat 2 bids first, in secret.",
          "play": {"type": "bid", "bid": 2, "seat": 1}},
         {"caption": "A dark orange 1 and a light orange 2: low cards. Bid 0.",
          "expect": {"type": "bid", "bid": 0}, "hint": "Bid 0 for this example."},
         {"caption": "Seat 2 leads the light blue 5.", "play": _play("LB5", 1)},
         {"caption": "You have no light blue but hold a trump: you must play it.",
          "refuse": _play("LO2"), "because": "you must play a trump"},
         {"caption": "Play the dark orange 1. The lowest trump still beats every other colour:"
                     " your trick.", "expect": _play("DO1"), "hint": "Play the DO1."},
         {"caption": "You lead the light orange 2.", "expect": _play("LO2"),
          "hint": "Lead the LO2, your last card."},
         {"caption": "Seat 2 has no light orange and no trump, and plays the light blue 7."
                     " Your trick again.", "play": _play("LB7", 1)}],
     "explanation": "0 tricks predicted, but 2 taken: two tricks wrong is 2 minus points. Seat"
                    " 2 bid 2 and took none: also 2 minus points.",
     "expect_after": {"score_sheet.rounds.0.points": [-2, -2],
                      "score_sheet.rounds.0.tricks": [2, 0]}},
]

# The rulebook's players A, B, C, D are seats 0, 1, 2, 3 (A and C are partners).
_MK_EXCHANGE_HANDS = [
    ["R5", "R8s", "R9", "B2s", "B6s", "B9", "G1", "G4s", "G7", "Y2s", "Y5", "Y8s", "Y9"],
    ["R2s", "R4s", "R6s", "R8m", "B1", "B3", "B4s", "B7", "G2s", "G4m", "G6s", "Y2m", "Y4s"],
    ["R1", "R3", "R7", "B5", "B8m", "G2m", "G5", "G8m", "G9", "Y1", "Y4m", "Y6s", "Y7"],
    ["R2m", "R4m", "R6m", "B2m", "B4m", "B6m", "B8s", "G3", "G6m", "G8s", "Y3", "Y6m", "Y8m"],
]
_MK_LOSER_POSITION = {
    "starter": 0, "guides": [["T4"], [], [], []],
    "trick": [{"seat": 0, "card": "R8s"}, {"seat": 1, "card": "R2s"}]}
_MK_LOSER_HANDS = [["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]]

MATCHMAKERS_LESSONS = [
    {"id": "matchmakers-exchange", "game": "matchmakers",
     "title": "The exchange: return the colours you received", "rule": "exchange.example",
     "seat": 2,
     "scenario": _matchmakers(_MK_EXCHANGE_HANDS, stage="exchange", starter=0),
     "steps": [
         {"caption": "Your partner, Seat 1, gives you 3 cards face down: the red 8★, the red 5"
                     " and the blue 2★.",
          "play": [{"type": "give", "card": card, "seat": 0} for card in ("R8s", "R5", "B2s")],
          "check": {"exchange.mine.colours": {"R": 2, "B": 1, "G": 0, "Y": 0}}},
         {"caption": "You received 2 red and 1 blue, so you return 2 red and 1 blue. Start with"
                     " your red 1.",
          "expect": {"type": "return", "card": "R1"}, "hint": "Return the red 1 (R1)."},
         {"caption": "Now your red 3.", "expect": {"type": "return", "card": "R3"},
          "hint": "Return the red 3 (R3)."},
         {"caption": "Both reds are chosen: a third red would break the colour distribution.",
          "refuse": {"type": "return", "card": "R7"}, "because": "still 1 blue"},
         {"caption": "Return a blue card: your blue 5.",
          "expect": {"type": "return", "card": "B5"}, "hint": "Return the blue 5 (B5)."},
         {"caption": "Seats 2 and 4 exchange the same way: 2 blue and 1 green go, 2 blue and 1"
                     " green come back.",
          "play": [{"type": "give", "card": "B1", "seat": 1},
                   {"type": "give", "card": "B3", "seat": 1},
                   {"type": "give", "card": "G2s", "seat": 1},
                   {"type": "return", "card": "B2m", "seat": 3},
                   {"type": "return", "card": "B4m", "seat": 3},
                   {"type": "return", "card": "G3", "seat": 3}]}],
     "explanation": "Player A gives an 8 red, a 5 red and a 2 blue; the partner must return 2"
                    " red cards and 1 blue card. Partners share cards and information, but"
                    " nobody can empty a colour this way.",
     "expect_after": {"stage": "play", "hand_counts": [13, 13, 13, 13],
                      "exchange.teams.0.step": "done"}},

    {"id": "matchmakers-loser", "game": "matchmakers",
     "title": "The trick's loser recruits a mountain guide", "rule": "loser.example",
     "seat": 2,
     "scenario": _matchmakers(_MK_LOSER_HANDS, **_MK_LOSER_POSITION),
     "steps": [
         {"caption": "Seat 1 led the red 8★ and Seat 2 followed with the red 2★. You hold no"
                     " red: play your green 4★.",
          "expect": _play("G4s"), "hint": "Play the green 4★ (G4s)."},
         {"caption": "Seat 4 has no red either and plays the blue 4★.", "play": _play("B4s", 3),
          "check": {"resolution.loser": 2, "resolution.weakest": "G4s"}},
         {"caption": "Off-colour cards are weakest; of the two 4s yours came first, so you lose"
                     " the trick. A 4 lets you take guide 4, held by Seat 1: steal it.",
          "expect": {"type": "claim_guide", "guide": "T4", "from": 0},
          "hint": "Claim the guide 4 from Seat 1 (\"from\": 0)."},
         {"caption": "Seat 1 wins with the red 8★ and collects your green 4★ for your team.",
          "play": {"type": "collect", "card": "G4s", "seat": 0}}],
     "explanation": "The loser played the weakest card: off-colour is weaker than the colour"
                    " led, and of equal cards the first played is weaker. Its value, 4, names"
                    " the guide the loser may recruit, from the office or from another player.",
     "expect_after": {"guides": [[], [], ["T4"], []], "campsites.0.cards": ["G4s"]}},

    {"id": "matchmakers-winner", "game": "matchmakers",
     "title": "The trick's winner gathers an adventurer", "rule": "winner.example", "seat": 0,
     "scenario": _matchmakers(_MK_LOSER_HANDS, **_MK_LOSER_POSITION),
     "steps": [
         {"caption": "You led the red 8★ and Seat 2 followed with the red 2★. Seat 3 plays the"
                     " green 4★ and Seat 4 the blue 4★.",
          "play": [_play("G4s", 2), _play("B4s", 3)]},
         {"caption": "Seat 3 played the weakest card and steals your guide 4.",
          "play": {"type": "claim_guide", "guide": "T4", "from": 0, "seat": 2}},
         {"caption": "Your red 8★ is the highest red: you win. You may not collect your own"
                     " card.",
          "refuse": {"type": "collect", "card": "R8s"}, "because": "your own card"},
         {"caption": "Collect the green 4★ your partner played.",
          "expect": {"type": "collect", "card": "G4s"},
          "hint": "Collect the green 4★ (G4s) for your team's campsite."}],
     "explanation": "The winner chooses one card of the trick, never their own, for the team's"
                    " campsite; the others are discarded. The winner leads the next trick.",
     "expect_after": {"campsites.0.cards": ["G4s"], "leader": 0, "stage": "play"}},

    {"id": "matchmakers-trump", "game": "matchmakers",
     "title": "A guide beats the colour led", "rule": "trumps.example", "seat": 2,
     "scenario": _matchmakers([["B1", "Y2s"], ["R3", "B3"], ["R5", "R7", "G5"],
                               ["G3", "Y5", "B6s"]],
                              starter=0, guides=[[], [], ["T8"], []],
                              trick=[{"seat": 0, "card": "R9"}, {"seat": 1, "card": "R4s"}]),
     "steps": [
         {"caption": "Seat 1 led the red 9, Seat 2 followed with the red 4★. You hold red, so"
                     " a green card is not allowed.",
          "refuse": _play("G5"), "because": "You must follow red"},
         {"caption": "A guide may always be played, even when you could follow: play your"
                     " guide 8.", "expect": _play("T8"), "hint": "Play the guide 8 (T8)."},
         {"caption": "Seat 4 has no red and plays the green 3: off-colour, so the weakest card."
                     " A 3 is no guide value, so nobody recruits.", "play": _play("G3", 3)},
         {"caption": "Your guide wins the trick. Collect the red 4★.",
          "expect": {"type": "collect", "card": "R4s"},
          "hint": "Collect the red 4★ (R4s)."}],
     "explanation": "A guide beats any card of the colour led. The winner takes the red 4★;"
                    " the guide 8 returns to the mountain guide office and the 9 and 3 are"
                    " discarded.",
     "expect_after": {"campsites.0.cards": ["R4s"], "office": ["T2", "T4", "T6", "T8"],
                      "guides": [[], [], [], []], "last_trick.loser": 3}},
]

def _open(row: int, col: int) -> dict:
    return {"type": "open", "stack": [row, col]}


MATCH_MAKER_LESSONS = [
    {"id": "match-maker-oc-valid", "game": "match_maker",
     "title": "A valid Orientation Change", "rule": "mismatch.5", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-f", (1, 2): "gay-f"},
                              ["gay-f", "celibate-m", "straight-m", "gay-m", "straight-m",
                               "celibate-m", "gay-m"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open PC1 at row 1, column 1.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "A straight woman. Open PC2 at row 1, column 2.", "expect": _open(1, 2),
          "hint": "Open the card at row 1, column 2."},
         {"caption": "A gay woman: no match. Draw from the Change Chance pile.",
          "expect": {"type": "draw_change"}, "hint": "Draw a change card."},
         {"caption": "An Orientation Change! Seat 2 could try to cancel it, but lets it be.",
          "play": {"type": "decline_cancel", "seat": 1}},
         {"caption": "An Orientation Change keeps the sex. Replace your straight woman (PC1)"
                     " with the gay woman from the Change-To-Person pile.",
          "expect": {"type": "replace", "target": "pc1", "with": "gay-f"},
          "hint": "Replace PC1 with a gay woman (gay-f)."},
         {"caption": "Two gay women match. Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "No Soulmate draw this time: collect the Couple.",
          "expect": {"type": "skip_mate"}, "hint": "Skip the mate draw."}],
     "explanation": "A valid Orientation Change: a straight woman replaced with a gay woman."
                    " The sex stays, the orientation changes.",
     "expect_after": {"piles.0.couples": ["gay-f", "gay-f"], "piles.0.points": 2}},

    {"id": "match-maker-oc-invalid", "game": "match_maker",
     "title": "An invalid Orientation Change", "rule": "mismatch.5", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "gay-m"},
                              ["celibate-f", "gay-m", "straight-f", "gay-f", "straight-f",
                               "celibate-f", "gay-f"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open PC1 at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open PC2 at row 1, column 2: a gay man. No match.",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Draw from the Change Chance pile.", "expect": {"type": "draw_change"},
          "hint": "Draw a change card."},
         {"caption": "An Orientation Change. Seat 2 does not try to cancel it.",
          "play": {"type": "decline_cancel", "seat": 1}},
         {"caption": "A straight man cannot become a celibate woman: an Orientation Change"
                     " never changes the sex.",
          "refuse": {"type": "replace", "target": "pc1", "with": "celibate-f"},
          "because": "never the sex"},
         {"caption": "He may become a gay man instead. Replace PC1 with the gay man.",
          "expect": {"type": "replace", "target": "pc1", "with": "gay-m"},
          "hint": "Replace PC1 with a gay man (gay-m)."},
         {"caption": "Two gay men match. Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw."}],
     "explanation": "Invalid: a straight man replaced with a celibate woman. An Orientation"
                    " Change keeps the sex; a straight man may become a gay or celibate man.",
     "expect_after": {"piles.0.couples": ["gay-m", "gay-m"]}},

    {"id": "match-maker-sc-valid", "game": "match_maker",
     "title": "A valid Sex Change", "rule": "mismatch.8", "seat": 0,
     "scenario": _match_maker({(1, 1): "gay-m", (1, 2): "straight-m"},
                              ["straight-f", "celibate-m", "gay-m", "celibate-f", "straight-m",
                               "celibate-m", "gay-m"],
                              ["soulmate", "deathmate"],
                              ["sex-change", "orientation-change", "time",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open PC1 at row 1, column 1: a gay man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open PC2 at row 1, column 2: a straight man. No match.",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Draw from the Change Chance pile: a Sex Change. With one deck it cannot"
                     " be cancelled.", "expect": {"type": "draw_change"},
          "hint": "Draw a change card."},
         {"caption": "The sex changes and the attraction stays: your gay man (PC1) becomes a"
                     " straight woman.",
          "expect": {"type": "replace", "target": "pc1", "with": "straight-f"},
          "hint": "Replace PC1 with a straight woman (straight-f)."},
         {"caption": "A straight woman and a straight man match. Take the Couple.",
          "expect": {"type": "couple"}, "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw."}],
     "explanation": "A valid Sex Change: a gay man replaced with a straight woman. Both are"
                    " attracted to men, so only the sex has changed.",
     "expect_after": {"piles.0.couples": ["straight-f", "straight-m"]}},

    {"id": "match-maker-sc-invalid", "game": "match_maker",
     "title": "An invalid Sex Change", "rule": "mismatch.8", "seat": 0,
     "scenario": _match_maker({(1, 1): "gay-f", (1, 2): "straight-f"},
                              ["straight-f", "straight-m", "celibate-m", "gay-m", "celibate-f",
                               "gay-f", "celibate-m"],
                              ["soulmate", "deathmate"],
                              ["sex-change", "orientation-change", "time",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open PC1 at row 1, column 1: a gay woman.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open PC2 at row 1, column 2: a straight woman. No match.",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Draw from the Change Chance pile: a Sex Change.",
          "expect": {"type": "draw_change"}, "hint": "Draw a change card."},
         {"caption": "A gay woman cannot become a straight woman: the sex must change.",
          "refuse": {"type": "replace", "target": "pc1", "with": "straight-f"},
          "because": "the sex must change"},
         {"caption": "She is attracted to women, and so is a straight man. Replace PC1 with"
                     " the straight man.",
          "expect": {"type": "replace", "target": "pc1", "with": "straight-m"},
          "hint": "Replace PC1 with a straight man (straight-m)."},
         {"caption": "A straight man and a straight woman match. Take the Couple.",
          "expect": {"type": "couple"}, "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw."}],
     "explanation": "Invalid: a gay woman replaced with a straight woman, because the sex did"
                    " not change. A Sex Change turns her into a straight man.",
     "expect_after": {"piles.0.couples": ["straight-m", "straight-f"]}},

    {"id": "match-maker-couple-or-ex", "game": "match_maker",
     "title": "A match: Couple or Ex", "rule": "match.1", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "straight-f",
                               (2, 1): "gay-m", (2, 2): "gay-m"},
                              ["celibate-f", "gay-f", "celibate-m", "straight-f", "gay-f",
                               "celibate-f", "straight-m"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open PC1 at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open PC2 at row 1, column 2: a straight woman. A match!",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Take the Couple: both cards go to your Couples pile, 2 points.",
          "expect": {"type": "couple"}, "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw.", "check": {"piles.0.points": 2}},
         {"caption": "Seat 2 opens two gay men at row 2, columns 1 and 2, and takes an Ex: only"
                     " PC2 goes to the Exes pile, PC1 goes back face down.",
          "play": [dict(_open(2, 1), seat=1), dict(_open(2, 2), seat=1),
                   {"type": "ex", "seat": 1}]}],
     "explanation": "On a match you choose: a Couple (both cards, 2 points) or an Ex (PC2"
                    " only, 1 point, and PC1 stays on the grid to be matched again).",
     "expect_after": {"piles.0.couples_count": 1, "piles.1.exes": ["gay-m"],
                      "piles.1.points": 1, "grid.5.depth": 3, "grid.6.depth": 2}},

    {"id": "match-maker-soulmate", "game": "match_maker",
     "title": "A Soulmate: 3 extra points", "rule": "match.5", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "straight-f"},
                              ["celibate-f", "gay-f", "celibate-m", "straight-f", "gay-f",
                               "celibate-f", "straight-m"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open PC1 at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open PC2 at row 1, column 2: a straight woman. A match!",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "Risk it: draw from the Soulmate and Deathmate pile.",
          "expect": {"type": "draw_mate"}, "hint": "Draw a mate card."}],
     "explanation": "A Soulmate: PC1 found its soulmate in PC2. The Couple is collected, the"
                    " Soulmate card goes on your Couples pile, and you earn 3 extra points:"
                    " 2 + 3 = 5.",
     "expect_after": {"piles.0.couples": ["soulmate", "straight-m", "straight-f"],
                      "piles.0.points": 5}},

    {"id": "match-maker-deathmate", "game": "match_maker",
     "title": "A Deathmate: minus 3", "rule": "match.6", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "straight-f"},
                              ["celibate-f", "gay-f", "celibate-m", "straight-f", "gay-f",
                               "celibate-f", "straight-m"],
                              ["deathmate", "soulmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open PC1 at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open PC2 at row 1, column 2: a straight woman. A match!",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "Risk it: draw from the Soulmate and Deathmate pile.",
          "expect": {"type": "draw_mate"}, "hint": "Draw a mate card."}],
     "explanation": "A Deathmate: PC1 found its deathmate in PC2. You lose 3 points, the"
                    " straight man (PC1) goes to the Discard pile and the straight woman (PC2)"
                    " stays face down on the grid, an ordinary card again.",
     "expect_after": {"piles.0.couples": ["deathmate"], "piles.0.points": -3,
                      "discard.-1": "straight-m", "grid.0.depth": 2, "grid.1.depth": 3}},
]

LESSONS = MATATU_LESSONS + MATCHMASTER_LESSONS + MATCHMAKERS_LESSONS + MATCH_MAKER_LESSONS
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
