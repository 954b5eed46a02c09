"""The engine as a JSON service: what the browser's engine worker exposes.

The UI and the engine exchange JSON strings only (a dict crossing the worker boundary would
arrive as a proxy and lose its None values). One entry point, ``handle(request_json, client)
-> response_json``. Each client (a page or an embedded frame sharing the worker) has its own
games. This module is the boundary for everything that comes from outside: every request is
parsed by ``engine.limits`` and every field it uses is checked here (types, sizes, ranges)
before the engine sees it; what is wrong is refused with a sentence a person can act on.

Every response has ``ok``. A refusal: ``{"ok": false, "error", "rule", "hint"}``. A bug in
Matchbook (an exception that is not a refusal): ``{"ok": false, "bug": true, "error"}``.

Requests (``op`` and its fields; ``viewer`` is a seat or null, ``slot`` a short name):
  catalog                                   rules data of every game, with its lessons
  new      game, players, seed, rules, options, viewer   start a game in the "play" slot
  load     save (text or object), viewer                  resume a saved game (it must replay)
  act      action, viewer                                 a player's action
  try      action, viewer                                 the same (a move that may be refused)
  undo     viewer                                         take back the viewer's last move
                                                          (and the bots' replies since) if
                                                          none of it showed them anything
  bot      level, seat, viewer                            the bot to move (seat) chooses and plays
  hint     seat                                           the basic bot's move for that seat, and
                                                          why in one sentence (nothing is played)
  view     viewer                                         the state again, for another seat
  save                                                    the game's save text (record + digest)
  replay   record (or save), upto, viewer, slot           a game rebuilt from its record
  check    save                                           can this save be loaded? (no slot kept)
  check_deal game, players, seed, rules, options          could this deal be dealt? (nothing kept)
  compare_rules game, a, b ({rules, options} each)        what differs, for the rules page
  scenario scenario (object, or its URL-safe text), viewer
  lessons  game (optional)                                the built-in lessons, for menus
  lesson_start lesson; lesson_try action; lesson_next; lesson_watch; lesson_back;
  lesson_restart                                          a lesson run (engine.lessons)
  pack_script script ({scenario, seat, title, captions, explanation}) -> link text
  open_script text, viewer                                a teacher's captioned example
  share_deal  game, players, seed, rules, options         a link text for a fresh deal
  open_deal   text, viewer                                that deal, dealt in the "play" slot
  share_game  save (or record)                            a short link text for a whole game
  open_game   text                                        its record, checked by replaying it
  deal_position game, players, seed, rules, options       a position for the editor to start
  check_scenario scenario                                 build it: whose turn, legal actions,
                                                          and its URL-safe text
  bench    game, players, games, seed                     random playouts, timed
  study_start label, study ({game, bots, players, rules, options, games, seed})
                                                          an arena study for the Lab, checked
  study_run   label, count, budget_ms                     its next count games (or what fits in
                                                          budget_ms, mid-game); the summary
  guest    seat, message (a guest's text), hints, slot    a guest's message, checked here
                                                          (engine.friends): hello, react, view,
                                                          act, hint; a guest state for its seat
  guest_view seat, log_from, slot                         the guest state the host pushes
  reactions                                               the reactions a guest may send
  commit   slot                                           the deal's seed fingerprint (fair play)
  verify   record, commitment, seat, view                 a guest's check of a finished game

A state reply (every op that shows a game) holds ``view`` (with ``log`` entries from the
request's ``log_from`` on, ``log_from`` and ``log_next``), ``legal`` (the viewer's legal
actions), ``to_move``, ``pending``, ``over``, ``result``, ``moves``, ``last``, ``undo``; with
``actions_from`` in the request, ``actions`` (the moves from that index on, for an autosave
that appends); and for ops that start a game, ``record`` (the save without its moves). A
guest state (``guest``, ``guest_view``) is far less: ``friends.guest_state``. Every
op, its fields and its reply: docs/protocol.md (tests/test_engine_protocol.py checks that it
names every op this module answers).
"""

import functools
import hashlib
import time

from . import GAMES, IllegalAction, arena, friends, load_game, new_game, replay, share
from . import lessons as lesson_data
from .bots import RandomBot, hint, make_bot
from .game import check_seed, copy_json, is_seat_number
from .limits import dump_json, parse_json
from .rng import SeededRng

MAX_CLIENTS = 64  # frames on one teaching page; the oldest is forgotten past this
MAX_SLOT = 24
MAX_TEXT = 200_000  # a share link's text (a long game record, compressed)


class ClientState:
    """One client's games: several frames sharing one engine worker never see each other's."""

    def __init__(self):
        self.slots = {}  # slot name -> Game
        # slot -> _UndoPoint while a seat's last move may be taken back (Board Game Arena's
        # rule, never across hidden information): that move and the bots' replies since
        # showed the seat nothing new, and no other player has acted.
        self.undoable = {}
        self.bot_rngs = {}  # slot name -> SeededRng, so bot choices are reproducible
        self.lesson = lesson_data.LessonRun()  # one lesson at a time, in the slot "lesson"
        self.studies = {}  # the Lab: label -> {"study", "tally", "done"} (engine.arena)
        # slot -> a teacher's example (open_script): its texts, the reader's seat and the move
        # it expects of the reader first, enforced by "act" as a lesson enforces its steps.
        self.scripts = {}

    def game(self, slot: str):
        game = self.slots.get(slot)
        if game is None:
            raise IllegalAction("No game is open. Start a new game from the lobby.")
        return game

    def keep(self, slot: str, game, bot_seed: str) -> None:
        self.slots[slot] = game
        self.bot_rngs[slot] = SeededRng(bot_seed)
        self.undoable.pop(slot, None)
        self.scripts.pop(slot, None)


class _UndoPoint:
    """A seat's move that may still be taken back, with the bots' replies after it."""

    def __init__(self, seat: int, moves: int, seen: dict):
        self.seat = seat
        self.moves = moves  # actions before that move: an undo replays up to here
        self.seen = seen  # the cards the seat could see right after it

    def still_hidden(self, game) -> bool:
        """True while nothing has shown the seat a card it had not seen after its move."""
        if game.over:
            return False
        now = game.visible_cards(self.seat)
        return all(count <= self.seen.get(card, 0) for card, count in now.items())


_clients: dict = {}  # client id -> ClientState, oldest first


def forget(client) -> None:
    """A client (a page or frame) went away: drop its games."""
    _clients.pop(client, None)


def _client(client) -> ClientState:
    state = _clients.pop(client, None)
    if state is None:
        state = ClientState()
        while len(_clients) >= MAX_CLIENTS:
            _clients.pop(next(iter(_clients)))
    _clients[client] = state  # most recently used last
    return state


def handle(request_json, client=None) -> str:
    try:
        request = parse_json(request_json, "request")
        if not isinstance(request, dict):
            raise IllegalAction("A request is a JSON object.")
        op = request.get("op")
        operation = _OPERATIONS.get(op) if isinstance(op, str) else None
        if operation is None:
            shown = op if isinstance(op, str) and len(op) <= 30 else "that"
            raise IllegalAction(f"Unknown request {shown!r}.")
        response = operation(_Request(request), _client(client))
    except IllegalAction as refusal:
        response = {"ok": False, "error": refusal.reason, "rule": refusal.rule,
                    "hint": getattr(refusal, "hint", None)}
        state = getattr(refusal, "state", None)
        if state is not None:  # a guest's refused move: the table as it is now
            response["state"] = state
    except Exception as error:  # a bug must reach the player as a bug, not a dead worker
        response = {"ok": False, "bug": True, "rule": None,
                    "error": f"Internal error (a bug in Matchbook): {type(error).__name__}:"
                             f" {str(error)[:300]}"}
    try:
        return dump_json(response)
    except (TypeError, ValueError) as error:
        return dump_json({"ok": False, "bug": True, "rule": None,
                          "error": f"Internal error (a bug in Matchbook): the reply could not"
                                   f" be written ({type(error).__name__})."})


# ---- the fields of a request, checked ------------------------------------------------------------

class _Request:
    """A request's fields, each read through a check that refuses with the field's name."""

    def __init__(self, data: dict):
        self.data = data

    def raw(self, name, default=None):
        value = self.data.get(name)
        return default if value is None else value

    def text(self, name, default=None, limit=MAX_TEXT):
        value = self.data.get(name)
        if value is None:
            if default is _REQUIRED:
                raise IllegalAction(f"The request needs {name!r}.")
            return default
        if not isinstance(value, str) or len(value) > limit:
            raise IllegalAction(f"{name!r} must be a text of at most {limit} characters.")
        return value

    def count(self, name, default=0, low=0, high=1 << 31):
        value = self.data.get(name)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise IllegalAction(f"{name!r} must be a whole number from {low} to {high}.")
        return value

    def seat(self, name, players: int):
        value = self.data.get(name)
        if value is None:
            return None
        if not is_seat_number(value, players):
            raise IllegalAction(f"There is no seat {value!r} in this game: {name!r} must be a"
                                f" seat from 0 to {players - 1}, or null."
                                if isinstance(value, int) and not isinstance(value, bool)
                                else f"{name!r} must be a seat number or null.")
        return value

    def obj(self, name, default=None):
        value = self.data.get(name)
        if value is None:
            return default
        if not isinstance(value, dict):
            raise IllegalAction(f"{name!r} must be an object.")
        return value

    def slot(self, default="play") -> str:
        value = self.data.get("slot")
        if value is None:
            return default
        if not isinstance(value, str) or not 0 < len(value) <= MAX_SLOT:
            raise IllegalAction("A slot is a short name.")
        return value

    def game_id(self, name="game"):
        value = self.data.get(name)
        if not isinstance(value, str) or value not in GAMES:
            shown = value if isinstance(value, str) and len(value) <= 30 else "that"
            known = ", ".join(sorted(GAMES))
            raise IllegalAction(f"There is no game called {shown!r}; the games are {known}.")
        return value

    def deal(self) -> dict:
        """game, players, seed, rules, options: a deal, checked by the engine that deals it."""
        return {"game": self.game_id(), "players": self.data.get("players"),
                "seed": check_seed(self.raw("seed", 0)), "rules": self.data.get("rules"),
                "options": self.obj("options")}


_REQUIRED = object()


# ---- state replies ---------------------------------------------------------------------------

def _state(game, request: _Request, client: ClientState, slot: str, viewer=None,
           started: bool = False) -> dict:
    if viewer is None:
        viewer = request.seat("viewer", game.players)
    log_from = request.count("log_from")
    view = game.view(viewer, log_from=log_from)
    reply = {
        "ok": True,
        "slot": slot,
        "view": view,
        "legal": game.legal_actions(viewer) if viewer is not None else [],
        "to_move": game.to_move,
        "pending": game.pending,
        "over": game.over,
        "result": game.result(),
        "moves": len(game.actions),
        "last": game.actions[-1] if game.actions else None,
        "undo": viewer is not None and getattr(client.undoable.get(slot), "seat", None)
        == viewer,
    }
    if request.data.get("actions_from") is not None:
        start = min(request.count("actions_from"), len(game.actions))
        reply["actions_from"] = start
        reply["actions"] = game.actions[start:]
    if started:
        record = game.record()
        record.pop("actions")
        reply["record"] = record
    script = client.scripts.get(slot)
    if script is not None:
        # Which caption is current: one per move of the reader's seat.
        reply["script"] = dict(script["texts"], seat=script["seat"],
                               step=_reader_moves(game, script["seat"]))
    return reply


def _start(request, client, game, slot="play", bot_seed=None) -> dict:
    client.keep(slot, game, bot_seed or f"bots:{game.seed}")
    return _state(game, request, client, slot, started=True)


# ---- playing ------------------------------------------------------------------------------

@functools.cache  # the rules are data that never change: made once per engine
def _catalog_games() -> tuple[list, str]:
    """The catalog's games and a digest of them."""
    games = []
    for cls in GAMES.values():
        info = cls.describe()
        # The built-in lessons, so each rules page can show a live example beside its rule.
        info["lessons"] = [{"id": lesson["id"], "title": lesson["title"],
                            "rule": lesson.get("rule")}
                           for lesson in lesson_data.lessons_for(cls.id)]
        games.append(info)
    return games, hashlib.sha256(dump_json(games).encode("utf-8")).hexdigest()[:32]


def _catalog(request, client):
    """The games, their rules, options, bot levels and lessons, with a digest of them. A
    client that has a catalog already (the page draws the lobby from the build's copy,
    data/catalog.json) sends its digest as ``known``: when it matches, the reply says so
    instead of carrying the same 80 KB again."""
    games, digest = _catalog_games()
    if request.text("known", limit=64) == digest:
        return {"ok": True, "digest": digest, "same": True}
    return {"ok": True, "digest": digest, "games": copy_json(games)}


def _new(request, client):
    deal = request.deal()
    game = new_game(deal["game"], players=deal["players"], seed=deal["seed"],
                    rules=deal["rules"], options=deal["options"])
    return _start(request, client, game, request.slot())


def _save_data(request, name="save"):
    """A save as the UI keeps it: its JSON text, or the record object itself."""
    value = request.data.get(name)
    if isinstance(value, dict):
        return value
    if isinstance(value, str):
        return value
    raise IllegalAction("There is no save to load: \"save\" is its text or its record.")


def _load(request, client):
    game = load_game(_save_data(request))
    return _start(request, client, game, request.slot(),
                  bot_seed=f"bots:{game.seed}:{len(game.actions)}")


def _act(request, client):
    slot = request.slot()
    game = client.game(slot)
    action = game.normalize(request.obj("action"))
    script = client.scripts.get(slot)
    if script is not None:
        _script_refusal(game, script, action)
    seen_before = game.visible_cards(action["seat"])
    game.apply(action)
    seen_after = game.visible_cards(action["seat"])
    revealed = any(count > seen_before.get(card, 0) for card, count in seen_after.items())
    # A player's move ends every undo: their own earlier one, and anyone else's.
    client.undoable.pop(slot, None)
    if not revealed and not game.over:
        client.undoable[slot] = _UndoPoint(action["seat"], len(game.actions) - 1, seen_after)
    return _state(game, request, client, slot)


def _undo(request, client):
    """Take back the viewer's last move, and the bots' replies since, if none of it showed
    the viewer anything new and no other player has acted since."""
    slot = request.slot()
    game = client.game(slot)
    viewer = request.seat("viewer", game.players)
    point = client.undoable.get(slot)
    if point is None or point.seat != viewer or not point.still_hidden(game):
        client.undoable.pop(slot, None)
        raise IllegalAction("That move cannot be taken back: it showed you something new, or"
                            " another player has moved since.")
    client.slots[slot] = replay(game.record(), upto=point.moves)
    client.undoable.pop(slot, None)
    return _state(client.slots[slot], request, client, slot, viewer=viewer)


def _bot(request, client):
    slot = request.slot()
    game = client.game(slot)
    seat = game.to_move
    if seat is None:
        raise IllegalAction("The game is over: no bot has a move to make.")
    asked = request.seat("seat", game.players)
    if asked is not None and asked != seat:
        # A stale request (the game moved on since it was sent): never move someone else.
        raise IllegalAction(f"Seat {asked + 1} is not to move.")
    level = request.text("level", limit=40)
    rng = client.bot_rngs.setdefault(slot, SeededRng(f"bots:{game.seed}"))
    try:
        bot = make_bot(type(game), level, rng)
    except ValueError as error:
        raise IllegalAction(str(error)) from None
    # The bot sees what its seat sees, nothing more (DESIGN.md: bots speak the protocol).
    game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    point = client.undoable.get(slot)
    if point is not None and not point.still_hidden(game):
        client.undoable.pop(slot)  # the reply showed the player something: no way back
    return _state(game, request, client, slot)


def _hint(request, client):
    """A learner's hint for ``seat``, who must be one of the seats to move: the index of the
    move the basic bot would make among that seat's legal actions, and why in one sentence
    (engine.bots.hint). The bot sees only the seat's view and uses a generator of its own, so
    asking changes nothing and shows nothing the seat may not see."""
    game = client.game(request.slot())
    if game.over:
        raise IllegalAction("The game is over: there is no move to hint at.")
    seat = request.seat("seat", game.players)
    if seat is None:
        raise IllegalAction("A hint needs the \"seat\" it is for.")
    if seat not in game.pending:
        raise IllegalAction(f"Seat {seat + 1} is not to move now, so there is no move to hint"
                            " at.")
    return {"ok": True, "hint": hint(game, seat)}


def _view(request, client):
    slot = request.slot()
    return _state(client.game(slot), request, client, slot)


def _save(request, client):
    return {"ok": True, "save": client.game(request.slot()).to_json()}


def _replay(request, client):
    record = request.obj("record")
    if record is None and request.data.get("save") is not None:
        record = _save_data(request)  # a save as stored (older ones as text)
    if record is None:
        raise IllegalAction("A replay needs the game's \"record\".")
    upto = request.data.get("upto")
    if upto is not None:
        upto = request.count("upto")
    slot = request.slot("replay")
    if slot == "play":
        raise IllegalAction("Replays never overwrite the game in play.")
    if isinstance(record, str):
        record = parse_json(record, "save")
    game = replay(record, upto=upto)
    client.keep(slot, game, f"bots:{game.seed}")
    state = _state(game, request, client, slot, started=True)
    actions = record.get("actions") if isinstance(record, dict) else None
    state["total_moves"] = len(actions) if isinstance(actions, list) else 0
    return state


def _check_deal(request, client):
    """Could this deal be dealt (game, players, seed, rules, options)? The lobby asks while
    the player fills the form, so a refusal shows beside what caused it, before Start."""
    deal = request.deal()
    new_game(deal["game"], players=deal["players"], seed=deal["seed"], rules=deal["rules"],
             options=deal["options"])
    return {"ok": True}


def _check(request, client):
    """Load a save: it is believed only if its record replays (engine.load_game)."""
    loaded = load_game(_save_data(request))
    return {"ok": True, "game": loaded.id, "moves": len(loaded.actions), "over": loaded.over}


def _bench(request, client):
    """Random playouts in this interpreter: the Pyodide figure of the benchmark."""
    game_id = request.game_id() if request.data.get("game") is not None else "matatu"
    players = request.count("players", 4, 1, 16)
    games = request.count("games", 50, 1, 10_000)
    rng = SeededRng(check_seed(request.raw("seed", 1)))
    bot = RandomBot(rng)
    moves = 0
    started = time.perf_counter()
    for number in range(games):
        game = new_game(game_id, players=players, seed=number, options=request.obj("options"))
        while not game.over:
            seat = game.pending[0]
            game.apply_trusted(bot.choose(None, game.legal_actions(seat)))
            moves += 1
    elapsed = time.perf_counter() - started
    return {"ok": True, "games": games, "moves": moves, "seconds": elapsed,
            "games_per_second": games / elapsed if elapsed else None}


# ---- the Lab: arena studies played a chunk at a time -----------------------------------------

MAX_STUDY_GAMES = 100_000  # in a browser tab; the command line and a cluster go further
MAX_STUDY_CHUNK = 1_000
MAX_STUDIES = 4  # per client: the Lab compares two


def _study_label(request) -> str:
    label = request.text("label", limit=MAX_SLOT)
    if not label:
        raise IllegalAction("A study needs a \"label\", a short name such as \"a\".")
    return label


def _study_start(request, client):
    """Check a study (engine.arena.check_study: game, bots, players, rules, options, games,
    seed) and keep it under ``label`` with no game played yet."""
    label = _study_label(request)
    study = arena.check_study(request.obj("study"))
    if study["games"] > MAX_STUDY_GAMES:
        raise IllegalAction(f"A study in the browser plays at most {MAX_STUDY_GAMES:,} games;"
                            " the command line (python3 -m engine arena) plays more.")
    if label not in client.studies and len(client.studies) >= MAX_STUDIES:
        client.studies.pop(next(iter(client.studies)))
    client.studies[label] = {"study": study, "tally": arena.empty_tally(study), "done": 0,
                             "steps": None, "moves": 0}  # steps: the game under way
    return {"ok": True, "label": label, "study": study, "done": 0, "games": study["games"]}


def _study_run(request, client):
    """Play the next ``count`` games of the study under ``label`` (the same seeds, in order,
    as ``python3 -m engine arena``) and return its summary so far: a page plays a study a
    chunk at a time, so it can show progress and stop between chunks. With ``budget_ms`` the
    call returns once that much time has gone, even in the middle of a game (a game of
    strong bots takes seconds): the next call plays on from the same move, so Stop answers
    within about the budget, and the results are the same however the games are cut."""
    label = _study_label(request)
    state = client.studies.get(label)
    if state is None:
        raise IllegalAction(f"There is no study {label!r}: start it first.")
    study = state["study"]
    count = min(request.count("count", 1, 1, MAX_STUDY_CHUNK), study["games"] - state["done"])
    budget = request.count("budget_ms", 0, 0, 600_000)
    deadline = time.perf_counter() + budget / 1000 if budget else None
    played = 0
    while played < count and (deadline is None or time.perf_counter() < deadline):
        if state["steps"] is None:
            state["steps"], state["moves"] = arena.game_steps(study, state["done"]), 0
        try:
            state["moves"] = next(state["steps"])
        except StopIteration as finished:
            arena.add_record(study, state["tally"], finished.value)
            state["done"] += 1
            state["steps"], state["moves"] = None, 0
            played += 1
    summary = arena.summarize(study, state["tally"]) if state["done"] else None
    return {"ok": True, "label": label, "done": state["done"], "games": study["games"],
            "moves": state["moves"], "summary": summary}


# ---- scenarios, lessons and teachers' examples -----------------------------------------------

def _scenario_data(request, name="scenario"):
    data = request.data.get(name)
    if isinstance(data, str):
        return lesson_data.decode_scenario(data)
    if not isinstance(data, dict):
        raise IllegalAction("A scenario is an object, or the text of a scenario link.")
    return data


def _scenario(request, client):
    game = lesson_data.build_game(_scenario_data(request))
    return _start(request, client, game, request.slot())


def _lessons(request, client):
    game_id = request.game_id() if request.data.get("game") is not None else None
    found = lesson_data.lessons_for(game_id) if game_id else lesson_data.LESSONS
    return {"ok": True, "lessons": [{"id": lesson["id"], "game": lesson["game"],
                                     "title": lesson["title"], "rule": lesson.get("rule")}
                                    for lesson in found]}


def _lesson_state(request, client, extra=None, started=False) -> dict:
    run = client.lesson
    state = _state(run.game, request, client, "lesson", viewer=run.seat, started=started)
    refusal = run.refusal
    state["lesson"] = {
        "id": run.lesson["id"], "title": run.lesson["title"], "rule": run.lesson.get("rule"),
        "game": run.lesson["game"], "step": run.step_index, "steps": len(run.steps),
        "kind": run.kind, "caption": run.caption, "hint": run.hint, "done": run.done,
        "narration": [entry["caption"] for entry in run.narration],
        "refusal": None if refusal is None else {"reason": refusal.reason,
                                                 "rule": refusal.rule},
    }
    if extra:
        state["lesson"].update(extra)
    return state


def _open_lesson(client):
    if client.lesson.lesson is None:
        raise IllegalAction("No lesson is open.")
    return client.lesson


def _lesson_start(request, client):
    client.lesson.start(request.text("lesson", _REQUIRED, limit=80))
    return _lesson_state(request, client, started=True)


def _lesson_try(request, client):
    _open_lesson(client).try_action(request.obj("action"))
    return _lesson_state(request, client)


def _lesson_next(request, client):
    refusal = _open_lesson(client).next()
    return _lesson_state(request, client, {"shown": refusal.reason if refusal else None,
                                           "shown_rule": refusal.rule if refusal else None})


def _lesson_view(request, client):
    """The open lesson as it stands (after a refused try, which may have moved it on)."""
    _open_lesson(client)
    return _lesson_state(request, client)


def _lesson_watch(request, client):
    shown = _open_lesson(client).watch()
    return _lesson_state(request, client, {"watched": shown})


def _lesson_back(request, client):
    _open_lesson(client).back()
    return _lesson_state(request, client)


def _lesson_restart(request, client):
    _open_lesson(client).restart()
    return _lesson_state(request, client, started=True)


MAX_CAPTIONS = 40
MAX_CAPTION = 600


def _script_texts(script: dict) -> dict:
    """A teacher's title, captions and explanation: texts of bounded size, or refused."""
    captions = script.get("captions")
    if captions is None:
        captions = []
    if not isinstance(captions, list) or len(captions) > MAX_CAPTIONS or not all(
            isinstance(c, str) and len(c) <= MAX_CAPTION for c in captions):
        raise IllegalAction(f"A script's captions are a list of at most {MAX_CAPTIONS} texts of"
                            f" at most {MAX_CAPTION} characters.")
    texts = {"captions": list(captions)}
    for key in ("title", "explanation"):
        value = script.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > MAX_CAPTION * 2):
            raise IllegalAction(f"A script's {key} is a text of at most {MAX_CAPTION * 2}"
                                " characters.")
        texts[key] = value or ""
    return texts


def _script_expect(script: dict, game):
    """The move a teacher's example expects of the reader first (``expect``), checked legal
    for the reader's seat in its position; None when the example expects none."""
    seat = script.get("seat", 0)
    if seat is None:
        seat = 0
    if not is_seat_number(seat, game.players):
        raise IllegalAction(f"A script's seat is a seat of its position, from 0 to"
                            f" {game.players - 1}.")
    expect = script.get("expect")
    if expect is None:
        return seat, None
    if not isinstance(expect, dict):
        raise IllegalAction("A script's expected move is an action object.")
    expect = dict(expect)
    if expect.get("seat") is None:
        expect["seat"] = seat
    if expect["seat"] != seat:
        raise IllegalAction("A script's expected move is a move of the reader's seat.")
    wanted = game.normalize(expect)
    if wanted not in [game.normalize(action) for action in game.legal_actions(seat)]:
        raise IllegalAction("The expected move is not a legal move of the reader in this"
                            " position.")
    return seat, wanted


def _reader_moves(game, seat) -> int:
    return sum(1 for action in game.actions if action.get("seat") == seat)


def _script_refusal(game, script: dict, action: dict) -> None:
    """A teacher's example refuses the reader's first move unless it is the one it expects,
    as a built-in lesson does (engine.lessons.LessonRun.try_action): the engine's own reason
    when the rules forbid the move, else the example's first caption as the hint."""
    wanted = script["expect"]
    if wanted is None or action["seat"] != script["seat"] or action == wanted:
        return
    if _reader_moves(game, script["seat"]):
        return  # only the reader's first move is expected
    game.copy().apply(action)  # a move the rules forbid: the engine's own reason
    captions = script["texts"]["captions"]
    hint = captions[0] if captions else "Make the move this example is about."
    raise lesson_data.LessonRefusal(f"That is legal, but this example shows another move:"
                                    f" {hint}", None, hint, legal=True)


def _pack_script(request, client):
    """A teacher's example: a position plus captions (the editor writes it), as link text."""
    script = request.obj("script")
    if script is None or not isinstance(script.get("scenario"), dict):
        raise IllegalAction("A script is a position (\"scenario\") with its captions.")
    _script_texts(script)
    game = lesson_data.validate_scenario(script["scenario"])
    _script_expect(script, game)
    return {"ok": True, "text": share.pack(script, lesson_data.MAX_SCENARIO_BYTES, "example")}


def _open_script(request, client):
    script = share.unpack(request.text("text", _REQUIRED), lesson_data.MAX_SCENARIO_BYTES,
                          "example")
    texts = _script_texts(script)
    scenario = script.get("scenario")
    if not isinstance(scenario, dict):
        raise IllegalAction("This example has no position (\"scenario\").")
    game = lesson_data.build_game(scenario)
    seat, expect = _script_expect(script, game)
    slot = request.slot()
    client.keep(slot, game, f"bots:{game.seed}")
    client.scripts[slot] = {"texts": texts, "seat": seat, "expect": expect}
    return _state(game, request, client, slot, started=True)


def _compare_rules(request, client):
    cls = GAMES[request.game_id()]
    return {"ok": True, **cls.compare_rules(request.obj("a", {}), request.obj("b", {}))}


def _share_deal(request, client):
    deal = request.deal()
    new_game(deal["game"], players=deal["players"], seed=deal["seed"], rules=deal["rules"],
             options=deal["options"])  # refuse a deal that could not be dealt here
    return {"ok": True, "text": share.pack(deal, 2000, "deal")}


def _open_deal(request, client):
    deal = share.unpack(request.text("text", _REQUIRED), 2000, "deal")
    players = deal.get("players")
    if players is None:
        raise IllegalAction("This deal link does not say how many players the deal is for.")
    checked = _Request(deal).deal()
    game = new_game(checked["game"], players=players, seed=checked["seed"],
                    rules=checked["rules"], options=checked["options"])
    state = _start(request, client, game, "play")
    state["deal"] = {"game": game.id, "players": game.players, "seed": game.seed,
                     "rules": game.rules, "options": dict(game.options)}
    return state


def _share_game(request, client):
    record = request.obj("record")
    if record is None:
        save = request.data.get("save")
        if save is None:
            raise IllegalAction("There is no game to share.")
        record = parse_json(save, "save") if isinstance(save, str) else save
    if not isinstance(record, dict):
        raise IllegalAction("There is no game to share.")
    game = replay(record)  # a record is shared only if it replays
    return {"ok": True, "text": share.encode_game(game)}


def _open_game(request, client):
    # Every move is checked again (the short format replays its moves; the first format's
    # record is replayed): a damaged link is refused here.
    game = share.decode_game(request.text("text", _REQUIRED))
    # What the page shows comes from the replayed game, never from the link's own claims.
    clean = game.record()
    return {"ok": True, "record": clean, "over": game.over, "moves": len(game.actions),
            "result": game.result()}


def _deal_position(request, client):
    """A real position for the position editor to start from.

    Matatu: a fresh deal's position. The other games: the position of their first built-in
    lesson (a checked, legal position), because their deals have more hidden parts than an
    editor needs to begin with."""
    game_id = request.game_id()
    if game_id == "matatu":
        deal = request.deal()
        game = new_game(game_id, players=deal["players"], seed=deal["seed"],
                        rules=deal["rules"], options=deal["options"])
        return {"ok": True, "scenario": game.to_scenario(), "source": "deal"}
    found = lesson_data.lessons_for(game_id)
    if not found:
        raise IllegalAction(f"There is no example position for {game_id!r} yet.")
    return {"ok": True, "scenario": copy_json(found[0]["scenario"]),
            "source": found[0]["title"]}


def _check_scenario(request, client):
    """Build a scenario without keeping it: the engine's reason if it is wrong, else whose
    turn it is, the legal actions there, and the text an embed URL carries."""
    data = _scenario_data(request)
    game = lesson_data.validate_scenario(data)
    seat = game.to_move
    return {"ok": True, "game": game.id, "players": game.players, "to_move": seat,
            "legal": game.legal_actions(seat) if seat is not None else [],
            # the mover's view, so the editor can name the moves in the table's own words
            "view": game.view(seat) if seat is not None else {},
            "encoded": lesson_data.encode_scenario(data)}


# ---- playing with friends: a guest's messages, the host's pushes, fair play -----------------

def _guest_game(client, slot):
    game = client.slots.get(slot)
    if game is None:
        raise IllegalAction("The host has no game open yet.")
    return game


def _guest_hints(request) -> bool:
    value = request.data.get("hints")
    if value is None:
        return False
    if not isinstance(value, bool):
        raise IllegalAction("'hints' must be true or false.")
    return value


def _guest(request, client):
    """A guest's message, as the host's page received it (untrusted text), from the guest
    holding ``seat`` (the host's word). hello and react need no game; view, act and hint
    answer for that seat alone, and a state goes back only as ``friends.guest_state``."""
    slot = request.slot()
    hints = _guest_hints(request)
    message = friends.read_message(request.data.get("message"))
    kind = message["type"]
    if kind == "hello":
        return {"ok": True, "hello": {"name": friends.clean_name(message["name"]),
                                      "token": friends.check_token(message["token"])}}
    if kind == "react":
        return {"ok": True, "react": friends.check_reaction(message["emoji"])}
    if kind == "hint" and not hints:
        raise IllegalAction("The host has turned hints off.")
    game = _guest_game(client, slot)
    seat = friends.check_guest_seat(request.data.get("seat"), game)
    log_from = message.get("log_from") or 0
    if kind == "view":
        return friends.guest_state(game, seat, log_from)
    if kind == "hint":
        if game.over:
            raise IllegalAction("The game is over: there is no move to hint at.")
        if seat not in game.pending:
            raise IllegalAction("It is not your turn, so there is no move to hint at.")
        return {"ok": True, "hint": hint(game, seat)}
    try:
        _guest_move(game, seat, message)
    except IllegalAction as refusal:
        refusal.state = friends.guest_state(game, seat, log_from)  # unchanged: a refusal
        raise
    client.undoable.pop(slot, None)  # a move ends every undo, as in "act"
    return friends.guest_state(game, seat, log_from)


def _guest_move(game, seat: int, message: dict) -> None:
    """Apply a guest's move for ``seat``: its own seat, its turn, the table it saw, and a move
    the rules allow (the engine's own reason otherwise)."""
    action = dict(message["action"])
    if action.get("seat") is None:
        action["seat"] = seat  # a guest moves for its own seat, whoever else is to move
    if game.over:
        raise IllegalAction("The game is over.")
    action = game.normalize(action)
    if action["seat"] != seat:
        raise IllegalAction("You can only move for your own seat.")
    moves = message.get("moves")
    if moves is not None and moves != len(game.actions):
        raise IllegalAction("The table moved on before your move arrived; here it is now.")
    if seat not in game.pending:
        raise IllegalAction("It is not your turn.")
    game.apply(action)


def _guest_view(request, client):
    """The host pushes each guest its state after every change: the same reply as a guest's
    view message, built here so the host's page never assembles one."""
    game = _guest_game(client, request.slot())
    seat = friends.check_guest_seat(request.data.get("seat"), game)
    return friends.guest_state(game, seat, request.count("log_from"))


def _reactions(request, client):
    return {"ok": True, "reactions": list(friends.REACTIONS)}


def _commit(request, client):
    """The fingerprint of the deal's seed, published to the guests before the first move."""
    return {"ok": True, "commitment": friends.commitment(client.game(request.slot()))}


def _verify(request, client):
    """A guest's check of a finished game: the record replays, its seed matches the
    commitment shown at the deal, and it ends in the very table the guest last saw."""
    published = friends.check_commitment(request.data.get("commitment"))
    view = request.obj("view")
    if view is None:
        raise IllegalAction("The request needs the \"view\" you saw last.")
    record = request.data.get("record")
    if isinstance(record, str):
        record = parse_json(record, "record")
    if not isinstance(record, dict):
        raise IllegalAction("The request needs the game's \"record\", the one sent at the end.")
    try:
        game = replay(record)
    except IllegalAction as refusal:
        raise IllegalAction(f"This record does not replay, so the game cannot be checked:"
                            f" {refusal.reason}", refusal.rule) from None
    seat = request.data.get("seat")
    if not is_seat_number(seat, game.players):
        raise IllegalAction(f"'seat' is your seat in this game, from 0 to {game.players - 1}.")
    return friends.verify(game, published, seat, view)


_OPERATIONS = {
    "catalog": _catalog, "new": _new, "load": _load, "act": _act, "try": _act, "bot": _bot,
    "hint": _hint, "view": _view, "save": _save, "replay": _replay, "check": _check,
    "bench": _bench, "check_deal": _check_deal,
    "scenario": _scenario, "lessons": _lessons, "lesson_start": _lesson_start,
    "lesson_try": _lesson_try, "lesson_next": _lesson_next, "lesson_watch": _lesson_watch,
    "lesson_back": _lesson_back, "lesson_restart": _lesson_restart,
    "lesson_state": _lesson_view,
    "share_deal": _share_deal, "open_deal": _open_deal, "share_game": _share_game,
    "open_game": _open_game, "undo": _undo, "compare_rules": _compare_rules,
    "pack_script": _pack_script, "open_script": _open_script,
    "deal_position": _deal_position, "check_scenario": _check_scenario,
    "study_start": _study_start, "study_run": _study_run,
    "guest": _guest, "guest_view": _guest_view, "reactions": _reactions, "commit": _commit,
    "verify": _verify,
}
