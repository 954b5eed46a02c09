"""The engine as a JSON service: what the browser's engine worker exposes.

The UI (MicroPython, main thread) and the engine (Pyodide, worker) exchange JSON strings only:
a dict crossing the boundary would arrive as a proxy and lose its None values. One entry
point, ``handle(request_json) -> response_json``; every response has ``ok``, and a refused
request carries the engine's reason (``error``) and the rule it enforces (``rule``).

Requests (``op`` and its fields):
  catalog                                   rules data of every game
  new      game, players, seed, rules, options, viewer   start a game in the "play" slot
  load     save (Game.to_json text), viewer               resume a saved game
  act      action, viewer                                 a player's action
  undo     viewer                                         take back the viewer's last move
  compare_rules game, a, b ({rules, options} each)        what differs, for the rules page
  pack_script script ({scenario, seat, title, captions, explanation}) -> link text
  open_script text, viewer                                a teacher's captioned example
  try      action, viewer                                 like act, for a move that may be illegal
  bot      level, seat, viewer                            the bot to move (seat) chooses and plays
  view     viewer                                         the state again, for another seat
  replay   record, upto, viewer, slot                     a game rebuilt from its record
  check    save                                           can this save be loaded? (no slot kept)
  bench    game, players, games, seed                     random playouts, timed
  scenario scenario (object, or the URL-safe text of engine.lessons.encode_scenario), viewer
  lessons  game (optional)                                the built-in lessons, for menus
  lesson_start lesson; lesson_try action; lesson_next; lesson_watch; lesson_back;
  lesson_restart                                          a lesson run (engine.lessons)
  share_deal  game, players, seed, rules, options         a link text for a fresh deal
  open_deal   text, viewer                                that deal, dealt in the "play" slot
  share_game  save (or record)                            a link text for a whole game
  open_game   text                                        its record, checked by replaying it
  deal_position game, players, seed, rules, options       a scenario to start editing from: a
                                          fresh deal (Matatu) or a built-in lesson's position
  check_scenario scenario                                 build it (validate_scenario): whose
                                          turn, the legal actions, and its URL-safe text
A "state" response: view, legal (viewer's legal actions), to_move, pending, over, result,
save (to_json text), moves (number of actions so far), last (the last action).
"""

import json
import time

from . import GAMES, IllegalAction, load_game, new_game, replay, share
from . import lessons as lesson_data
from .bots import RandomBot, make_bot
from .rng import SeededRng

_slots = {}  # slot name -> Game
# slot -> (seat, number of actions) while that seat's last move may be taken back: it revealed
# nothing to them and nobody has acted since (Board Game Arena's undo rule).
_undoable = {}
_bot_rngs = {}  # slot name -> SeededRng, so bot choices are reproducible within a session
_lesson = lesson_data.LessonRun()  # one lesson at a time, in its own slot "lesson"


def handle(request_json: str) -> str:
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise IllegalAction("A request is a JSON object.")
        operation = _OPERATIONS.get(request.get("op"))
        if operation is None:
            raise IllegalAction(f"Unknown request {request.get('op')!r}.")
        response = operation(request)
    except IllegalAction as refusal:
        response = {"ok": False, "error": refusal.reason, "rule": refusal.rule,
                    "hint": getattr(refusal, "hint", None)}
    except Exception as error:  # a bug must reach the player as a message, not a dead worker
        response = {"ok": False, "error": f"Internal error: {type(error).__name__}: {error}",
                    "rule": None, "bug": True}
    return json.dumps(response)


def _state(game, viewer, slot="play") -> dict:
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < game.players):
        raise IllegalAction(f"There is no seat {viewer!r} in this game.")
    return {
        "ok": True,
        "slot": slot,
        "view": game.view(viewer),
        "legal": game.legal_actions(viewer) if viewer is not None else [],
        "to_move": game.to_move,
        "pending": game.pending,
        "over": game.over,
        "result": game.result(),
        "save": game.to_json(),
        "moves": len(game.actions),
        "last": game.actions[-1] if game.actions else None,
        "undo": _undoable.get(slot) == (viewer, len(game.actions)),
    }


def _slot(request) -> str:
    slot = request.get("slot", "play")
    if not isinstance(slot, str):
        raise IllegalAction("A slot is a name.")
    return slot


def _game(request):
    game = _slots.get(_slot(request))
    if game is None:
        raise IllegalAction("No game is open. Start a new game from the lobby.")
    return game


def _catalog(request):
    games = []
    for cls in GAMES.values():
        info = cls.describe()
        # The built-in lessons, so each rules page can show a live example beside its rule.
        info["lessons"] = [{"id": lesson["id"], "title": lesson["title"],
                            "rule": lesson.get("rule")}
                           for lesson in lesson_data.lessons_for(cls.id)]
        games.append(info)
    return {"ok": True, "games": games}


def _new(request):
    game = new_game(request.get("game"), players=request.get("players"),
                    seed=request.get("seed", 0), rules=request.get("rules"),
                    options=request.get("options"))
    _slots[_slot(request)] = game
    _bot_rngs[_slot(request)] = SeededRng(f"bots:{game.seed}")
    _undoable.pop(_slot(request), None)
    return _state(game, request.get("viewer"), _slot(request))


def _load(request):
    game = load_game(request.get("save"))
    _slots[_slot(request)] = game
    _undoable.pop(_slot(request), None)
    _bot_rngs[_slot(request)] = SeededRng(f"bots:{game.seed}:{len(game.actions)}")
    return _state(game, request.get("viewer"), _slot(request))


def _act(request):
    game = _game(request)
    action = game.normalize(request.get("action"))
    seen_before = game.visible_cards(action["seat"])
    game.apply(action)
    seen_after = game.visible_cards(action["seat"])
    revealed = any(count > seen_before.get(card, 0) for card, count in seen_after.items())
    slot = _slot(request)
    _undoable.pop(slot, None)
    if not revealed and not game.over:
        _undoable[slot] = (action["seat"], len(game.actions))
    return _state(game, request.get("viewer"), slot)


def _undo(request):
    """Take back the viewer's last move if it revealed nothing and nobody moved since."""
    game, slot = _game(request), _slot(request)
    if _undoable.get(slot) != (request.get("viewer"), len(game.actions)):
        raise IllegalAction("That move cannot be taken back: it showed you something new, or"
                            " another player has moved since.")
    record = game.record()
    _slots[slot] = replay(record, upto=len(record["actions"]) - 1)
    _undoable.pop(slot, None)
    return _state(_slots[slot], request.get("viewer"), slot)


def _bot(request):
    game = _game(request)
    seat = game.to_move
    if seat is None:
        raise IllegalAction("The game is over: no bot has a move to make.")
    if request.get("seat") is not None and request.get("seat") != seat:
        # A stale request (the game moved on since it was sent): never move someone else.
        raise IllegalAction(f"Seat {request.get('seat') + 1} is not to move.")
    rng = _bot_rngs.setdefault(_slot(request), SeededRng(f"bots:{game.seed}"))
    bot = make_bot(type(game), request.get("level"), rng)
    # The bot sees what its seat sees, nothing more (DESIGN.md: bots speak the protocol).
    game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    return _state(game, request.get("viewer"), _slot(request))


def _view(request):
    return _state(_game(request), request.get("viewer"), _slot(request))


def _replay(request):
    game = replay(request.get("record"), upto=request.get("upto"))
    slot = _slot(request)
    if slot == "play":
        raise IllegalAction("Replays never overwrite the game in play.")
    _slots[slot] = game
    state = _state(game, request.get("viewer"), slot)
    state["total_moves"] = len((request.get("record") or {}).get("actions") or [])
    return state


def _check(request):
    """Load a save and replay its record: both must agree, or the save is not trusted."""
    loaded = load_game(request.get("save"))
    replayed = replay(request.get("save"))
    if loaded.full_state() != replayed.full_state():
        raise IllegalAction("This save does not match its own move record.")
    return {"ok": True, "game": loaded.id, "moves": len(loaded.actions), "over": loaded.over}


def _bench(request):
    """Random playouts in this interpreter: the Pyodide figure of the benchmark."""
    game_id = request.get("game", "matatu")
    players = request.get("players", 4)
    games = int(request.get("games", 50))
    rng = SeededRng(request.get("seed", 1))
    bot = RandomBot(rng)
    moves = 0
    started = time.perf_counter()
    for number in range(games):
        game = new_game(game_id, players=players, seed=number, options=request.get("options"))
        while not game.over:
            seat = game.to_move
            game.apply_trusted(bot.choose(None, game.legal_actions(seat)))
            moves += 1
    elapsed = time.perf_counter() - started
    return {"ok": True, "games": games, "moves": moves, "seconds": elapsed,
            "games_per_second": games / elapsed if elapsed else None}


def _scenario(request):
    data = request.get("scenario")
    if isinstance(data, str):
        data = lesson_data.decode_scenario(data)
    game = lesson_data.build_game(data)
    _slots[_slot(request)] = game
    _bot_rngs[_slot(request)] = SeededRng(f"bots:{game.seed}")
    return _state(game, request.get("viewer"), _slot(request))


def _lessons(request):
    game_id = request.get("game")
    found = lesson_data.lessons_for(game_id) if game_id else lesson_data.LESSONS
    return {"ok": True, "lessons": [{"id": lesson["id"], "game": lesson["game"],
                                     "title": lesson["title"], "rule": lesson.get("rule")}
                                    for lesson in found]}


def _lesson_state(run, extra=None) -> dict:
    state = _state(run.game, run.seat, "lesson")
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


def _open_lesson():
    if _lesson.lesson is None:
        raise IllegalAction("No lesson is open.")
    return _lesson


def _lesson_start(request):
    _lesson.start(request.get("lesson"))
    return _lesson_state(_lesson)


def _lesson_try(request):
    run = _open_lesson()
    run.try_action(request.get("action"))
    return _lesson_state(run)


def _lesson_next(request):
    run = _open_lesson()
    refusal = run.next()
    return _lesson_state(run, {"shown": refusal.reason if refusal else None})


def _lesson_watch(request):
    run = _open_lesson()
    shown = run.watch()
    return _lesson_state(run, {"watched": shown})


def _lesson_back(request):
    run = _open_lesson()
    run.back()
    return _lesson_state(run)


def _lesson_restart(request):
    return _lesson_state(_open_lesson().restart())


def _pack_script(request):
    """A teacher's example: a position plus captions (the editor writes it), as link text."""
    script = request.get("script")
    if not isinstance(script, dict) or not isinstance(script.get("scenario"), dict):
        raise IllegalAction("A script is a position (\"scenario\") with its captions.")
    captions = script.get("captions") or []
    if not isinstance(captions, list) or not all(isinstance(c, str) for c in captions):
        raise IllegalAction("A script's captions are a list of texts.")
    lesson_data.validate_scenario(script["scenario"])
    return {"ok": True, "text": share.pack(script, lesson_data.MAX_SCENARIO_BYTES, "example")}


def _open_script(request):
    script = share.unpack(request.get("text"), lesson_data.MAX_SCENARIO_BYTES, "example")
    state = _scenario({"scenario": script.get("scenario"), "viewer": request.get("viewer"),
                       "slot": _slot(request)})
    state["script"] = {"title": str(script.get("title") or ""),
                       "captions": [str(c) for c in script.get("captions") or []],
                       "explanation": str(script.get("explanation") or "")}
    return state


def _compare_rules(request):
    cls = GAMES.get(request.get("game"))
    if cls is None:
        raise IllegalAction(f"There is no game called {request.get('game')!r}.")
    return {"ok": True, **cls.compare_rules(request.get("a") or {}, request.get("b") or {})}


def _share_deal(request):
    deal = {key: request.get(key) for key in ("game", "players", "seed", "rules", "options")}
    new_game(deal["game"], players=deal["players"], seed=deal["seed"], rules=deal["rules"],
             options=deal["options"])  # refuse a deal that could not be dealt here
    return {"ok": True, "text": share.pack(deal, 2000, "deal")}


def _open_deal(request):
    deal = share.unpack(request.get("text"), 2000, "deal")
    request = dict(deal, op="new", viewer=request.get("viewer"))
    state = _new(request)
    state["deal"] = deal
    return state


def _share_game(request):
    record = request.get("record")
    if record is None:
        record = json.loads(request.get("save") or "null")
    if not isinstance(record, dict):
        raise IllegalAction("There is no game to share.")
    return {"ok": True, "text": share.encode_record(record)}


def _open_game(request):
    record = share.decode_record(request.get("text"))
    game = replay(record)  # every move checked again: a damaged link is refused here
    return {"ok": True, "record": record, "over": game.over, "moves": len(game.actions),
            "result": game.result()}


def _deal_position(request):
    """A real position for the position editor to start from.

    Matatu: a fresh deal's hands, pile, stock, base card, dealer and seat to move. The other
    games: the position of their first built-in lesson (a checked, legal position), because
    their deals have more hidden parts than an editor needs to begin with."""
    game_id = request.get("game")
    if game_id == "matatu":
        game = new_game(game_id, players=request.get("players"), seed=request.get("seed", 0),
                        rules=request.get("rules"), options=request.get("options"))
        return {"ok": True, "scenario": game.to_scenario(), "source": "deal"}
    found = lesson_data.lessons_for(game_id)  # refuses an unknown game with its reason
    if not found:
        raise IllegalAction(f"There is no example position for {game_id!r} yet.")
    return {"ok": True, "scenario": found[0]["scenario"], "source": found[0]["title"]}


def _check_scenario(request):
    """Build a scenario without keeping it: the engine's reason if it is wrong, else whose
    turn it is, the legal actions there, and the text an embed URL carries."""
    data = request.get("scenario")
    if isinstance(data, str):
        data = lesson_data.decode_scenario(data)
    game = lesson_data.validate_scenario(data)
    seat = game.to_move
    return {"ok": True, "game": game.id, "players": game.players, "to_move": seat,
            "legal": game.legal_actions(seat) if seat is not None else [],
            "encoded": lesson_data.encode_scenario(data)}


_OPERATIONS = {
    "catalog": _catalog, "new": _new, "load": _load, "act": _act, "try": _act, "bot": _bot,
    "view": _view, "replay": _replay, "check": _check, "bench": _bench,
    "scenario": _scenario, "lessons": _lessons, "lesson_start": _lesson_start,
    "lesson_try": _lesson_try, "lesson_next": _lesson_next, "lesson_watch": _lesson_watch,
    "lesson_back": _lesson_back, "lesson_restart": _lesson_restart,
    "share_deal": _share_deal, "open_deal": _open_deal, "share_game": _share_game,
    "open_game": _open_game, "undo": _undo, "compare_rules": _compare_rules,
    "pack_script": _pack_script, "open_script": _open_script,
    "deal_position": _deal_position, "check_scenario": _check_scenario,
}
