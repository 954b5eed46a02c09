"""The embed's table (embed.html), run beside the engine: in the engine worker (Pyodide), and
at build time in CPython for each lesson's first view (tools/static_data.py).

An embed frame is thin: static/js/embed.mjs shows the first position, sends the reader's
clicks here and mounts the markup that comes back. This controller keeps one ``Frame`` per
worker client (a frame), asks the engine through ``engine.service.handle`` with that client id
(so each frame's games are its own) and renders with the app's own renderers (ui.render_table,
ui.layouts, ui.markup). It is the one boundary for everything the frame hands over: the URL's
parameters arrive as raw strings and are checked here; a host page's messages, already
checked for shape and size by the frame, are checked again here.

Requests (JSON text, from the worker's ``{target: "embed"}`` messages):
  open   params: [[name, value], ...]    the URL's parameters, raw strings
  click  kind: action|try|choose|cmd, value, version    the reader pressed something
  bot    version                          the paced bot move is due
  host   message: {type: reset|step|load-scenario, ...}  from the host page

Every reply is ``{"ok": true, "html", "version", "status", "turn", "lesson", "moves",
"bot_in", "theme", "hide", "events"}``: the frame mounts ``html``, sets the rest as data
attributes, posts ``events`` to its host and asks for the bot move after ``bot_in`` ms. Events
carry only what the reader's seat may see: a move says who moved and, for the reader's own
move only, what it was (a bot's secret bid or a card passed between bots never leaves here).

Runs in CPython 3.11 and Pyodide; never in MicroPython (it imports the engine).
"""

import json
import re

from engine import GAMES, IllegalAction, service
from engine.limits import dump_json, parse_json
from ui.layouts import LAYOUTS
from ui.markup import button, esc, tag, text
from ui.render_table import render_table, table_context

PARAMS = ("game", "seed", "players", "seat", "rules", "options", "controls", "theme", "delay",
          "lesson", "scenario", "script")
CONTROLS = ("status", "seats", "centre", "choices", "hand", "log")
MAX_TEXT_PARAM = 100_000  # an encoded scenario or script (20 kB of JSON, compressed)
MAX_PARAM = 200
DEFAULT_DELAY_MS = 600
MAX_DELAY_MS = 10_000
MAX_PARAMS = 30
LESSON_COMMANDS = {"lesson-watch": "lesson_watch", "lesson-back": "lesson_back",
                   "lesson-next": "lesson_next", "lesson-restart": "lesson_restart"}
HOST_STEPS = {"watch": "lesson_watch", "back": "lesson_back", "next": "lesson_next",
              "restart": "lesson_restart"}
_NUMBER = re.compile(r"[0-9]{1,40}")
_SIGNED = re.compile(r"[-+0-9]+")
_OPTION_KEY = re.compile(r"[a-z_][a-z0-9_]{0,40}")


class EmbedError(Exception):
    """What is wrong with the embed's parameters, in a sentence for the page's author."""


class Refused(Exception):
    """The engine's refusal (or a bug report) for one request."""

    def __init__(self, reply):
        super().__init__(reply.get("error") or "The engine refused.")
        self.reason = reply.get("error") or "The engine refused."
        self.rule = reply.get("rule")
        self.hint = reply.get("hint")
        self.bug = bool(reply.get("bug"))


def shown(value, limit=40):
    """A value from the URL, quoted for a message (shortened: it may be anything)."""
    value = str(value)
    if len(value) > limit:
        value = value[:limit] + "…"
    return json.dumps(value, ensure_ascii=False)


# ---- the URL's parameters ----------------------------------------------------------------------

def parse_value(raw):
    """An option's value: true/false, a whole number, or a word (the engine checks it)."""
    if raw in ("true", "false"):
        return raw == "true"
    if raw == "null":
        return None
    if _NUMBER.fullmatch(raw.lstrip("-")) and raw.count("-") <= 1 and len(raw) <= 10:
        return int(raw)
    return raw


def parse_params(pairs):
    """The embed's settings from the URL's raw (name, value) strings; EmbedError says what is
    wrong, for the page's author."""
    if not isinstance(pairs, list) or len(pairs) > MAX_PARAMS:
        raise EmbedError(f"The embed takes at most {MAX_PARAMS} parameters.")
    values = {}
    for pair in pairs:
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(part, str) for part in pair)):
            raise EmbedError("The embed's parameters could not be read.")
        name, value = pair
        if name not in PARAMS:
            raise EmbedError(f"Unknown embed parameter {shown(name)}. Known: "
                             + ", ".join(PARAMS) + ".")
        limit = MAX_TEXT_PARAM if name in ("scenario", "script") else MAX_PARAM
        if len(value) > limit:
            raise EmbedError(f"The parameter {name} is too long: at most {limit} characters.")
        values[name] = value
    if not any(values.get(name) for name in ("game", "lesson", "scenario", "script")):
        raise EmbedError("The embed needs a game, a lesson or a scenario, e.g."
                         " embed.html?game=matatu.")
    settings = {"game": values.get("game") or None, "lesson": values.get("lesson") or None,
                "scenario": values.get("scenario") or None,
                "script": values.get("script") or None, "rules": values.get("rules") or None,
                "seed": parse_seed(values.get("seed", "1")), "options": {},
                "theme": values.get("theme") or "light", "delay": DEFAULT_DELAY_MS}
    for name in ("players", "seat", "delay"):
        if name in values:
            if not _NUMBER.fullmatch(values[name]) or len(values[name]) > 6:
                raise EmbedError(f"The parameter {name} must be a whole number, not"
                                 f" {shown(values[name])}.")
            settings[name] = int(values[name])
    if settings["delay"] > MAX_DELAY_MS:
        raise EmbedError(f"The delay is at most {MAX_DELAY_MS} ms.")
    items = [item for item in (values.get("options") or "").split(",") if item]
    for item in items:
        key, sep, value = item.partition(":")
        if not sep or not _OPTION_KEY.fullmatch(key):
            raise EmbedError("Options are written key:value, e.g. options=jokers:true, not"
                             f" {shown(item)}.")
        settings["options"][key] = parse_value(value)
    controls = values.get("controls", "all")
    if controls == "all":
        settings["controls"] = list(CONTROLS)
    elif controls == "none":
        settings["controls"] = []
    else:
        settings["controls"] = controls.split(",")
        bad = [name for name in settings["controls"] if name not in CONTROLS]
        if bad:
            raise EmbedError("Unknown control " + ", ".join(shown(name) for name in bad)
                             + ". Known: all, none, " + ", ".join(CONTROLS) + ".")
    if settings["theme"] not in ("light", "dark"):
        raise EmbedError(f"The theme is light or dark, not {shown(settings['theme'])}.")
    return settings


def parse_seed(raw):
    """A seed: a whole number, or a word; something that looks like a signed number is
    neither, and is refused rather than dealt as a word nobody meant."""
    if _NUMBER.fullmatch(raw):
        return int(raw)  # the engine refuses numbers out of its range, with the range
    if len(raw) > 40 and raw.isdigit():
        raise EmbedError("The seed is a whole number from 0 to 18446744073709551615.")
    if _SIGNED.fullmatch(raw):
        raise EmbedError(f"The seed is a whole number from 0 to 18446744073709551615, or a"
                         f" word; {shown(raw)} is neither.")
    return raw


# ---- one frame -----------------------------------------------------------------------------

class Frame:
    """One embed frame's example: its settings, the last state, and what the table shows."""

    def __init__(self, client):
        self.client = client
        self.settings = None
        self.version = 0
        self.failure = None  # the parameters' problem, shown instead of a table
        self.notice = None  # a host message that could not be used (the table stays)
        self.clear()

    def clear(self):
        self.mode = None  # "lesson", "script", "scenario" or "deal"
        self.source = None  # what a scenario or script example was started from
        self.game = None
        self.seats = []
        self.names = []
        self.viewer = 0
        self.bot = None
        self.state = None
        self.lesson = None
        self.script = None
        self.message = None
        self.rule = None
        self.choosing = None
        self.tries = []
        self.events = []

    # ---- the engine ------------------------------------------------------------------------
    def call(self, op, **fields):
        fields["op"] = op
        fields["bounded"] = True  # no save text in every reply: the embed keeps no save
        reply = json.loads(service.handle(dump_json(fields), self.client))
        if not reply.get("ok"):
            raise Refused(reply)
        return reply

    def catalog(self):
        global _catalog
        if _catalog is None:
            _catalog = {info["id"]: info for info in self.call("catalog")["games"]}
        return _catalog

    # ---- starting ----------------------------------------------------------------------------
    def open(self, pairs):
        self.failure = None
        try:
            self.settings = parse_params(pairs)
        except EmbedError as error:
            return self.fail(str(error))
        return self.start()

    def start(self, source=None):
        """Show the example: the URL's, or ``source`` ("scenario", data) from the host."""
        settings = self.settings
        if source is None:
            for kind in ("lesson", "script", "scenario"):
                if settings[kind]:
                    source = (kind, settings[kind])
                    break
            else:
                source = ("deal", None)
        self.clear()
        self.notice = None
        try:
            if source[0] == "lesson":
                self.start_lesson(source[1])
            elif source[0] == "deal":
                self.start_deal()
            else:
                self.start_position(*source)
        except EmbedError as error:
            return self.fail(str(error))
        except Refused as refusal:
            return self.fail(refusal.reason)
        self.events.insert(0, {"type": "ready", "game": self.game})
        return self.reply()

    def start_lesson(self, lesson_id):
        state = self.call("lesson_start", lesson=lesson_id)
        view = state["view"]
        self.mode = "lesson"
        # The lesson scripts the other seats: nobody else is a bot here.
        self.begin(view["game"], ["lesson"] * view["players"], view["seat"])
        self.take(state)

    def start_position(self, kind, data):
        if kind == "script":
            state = self.call("open_script", text=data)
            seat = state["script"]["seat"]
            self.mode = "script"
        else:
            state = self.call("scenario", scenario=data)
            seat = self.settings.get("seat", 0)
            self.mode = "scenario"
        players = state["view"]["players"]
        if "seat" in self.settings and kind == "script":
            seat = self.settings["seat"]
        if not 0 <= seat < players:
            raise EmbedError(f"Seat {seat} does not exist in this example: it has {players}"
                             " players (seats count from 0).")
        self.begin(state["view"]["game"], ["bot"] * players, seat)
        self.source = (kind, data)
        self.take(self.call("view", viewer=seat))

    def start_deal(self):
        settings = self.settings
        games = self.catalog()
        info = games.get(settings["game"])
        if info is None:
            raise EmbedError(f"There is no game called {shown(settings['game'])}. Known: "
                             + ", ".join(sorted(games)) + ".")
        players = settings.get("players", info["default_players"])
        seat = settings.get("seat", 0)
        if not info["min_players"] <= players <= info["max_players"]:
            raise EmbedError(f"{info['title']} is for {info['min_players']} to"
                             f" {info['max_players']} players, not {players}.")
        if not 0 <= seat < players:
            raise EmbedError(f"Seat {seat} does not exist with {players} players (seats count"
                             " from 0).")
        state = self.call("new", game=info["id"], players=players, seed=settings["seed"],
                          rules=settings["rules"], options=settings["options"], viewer=seat)
        self.mode = "deal"
        self.begin(info["id"], ["bot"] * players, seat)
        self.take(state)

    def begin(self, game_id, seats, seat):
        seats[seat] = "human"
        self.game = game_id
        self.seats = seats
        self.viewer = seat
        self.names = ["You" if index == seat else "Seat " + str(index + 1)
                      + (" (bot)" if kind == "bot" else "") for index, kind in enumerate(seats)]
        self.bot = (self.catalog()[game_id].get("bots") or [None])[0]

    def fail(self, message):
        self.clear()
        self.failure = message
        self.events.append({"type": "error", "message": message})
        return self.reply()

    # ---- each new state ----------------------------------------------------------------------
    def take(self, state):
        """A new state from the engine: what changed becomes the host's events."""
        before = self.state
        self.state = state
        self.choosing = None
        lesson = state.get("lesson")
        if lesson is not None:
            previous = self.lesson or {}
            self.lesson = lesson
            if lesson["step"] != previous.get("step"):
                self.events.append({"type": "step", "step": lesson["step"],
                                    "steps": lesson["steps"], "kind": lesson["kind"]})
            if lesson["done"] and not previous.get("done"):
                self.events.append({"type": "lesson-done", "lesson": lesson["id"]})
        if state.get("script") is not None:
            self.script = state["script"]
        if before is not None and state["moves"] != before["moves"] and state["last"]:
            move = {"type": "move", "moves": state["moves"], "seat": state["last"]["seat"]}
            if state["last"]["seat"] == self.viewer:
                move["action"] = state["last"]  # the reader's own move, which they know
            self.events.append(move)
        if state["over"] and not (before or {}).get("over"):
            self.events.append({"type": "game-over", "result": state["view"].get("result")})

    def ended(self):
        """The example is over: a finished lesson, or a finished game."""
        if self.mode == "lesson":
            return bool(self.lesson and self.lesson["done"])
        return bool(self.state and self.state["over"])

    def bot_to_move(self):
        state = self.state
        if state is None or self.ended() or state["to_move"] is None or self.failure:
            return False
        return self.seats[state["to_move"]] == "bot"

    # ---- the reader's clicks -----------------------------------------------------------------
    def click(self, kind, value, version):
        if version != self.version or self.state is None:
            return self.reply()  # pressed on markup that is no longer current: show the new
        self.notice = None
        if kind == "action":
            legal = [] if self.ended() else self.state["legal"]
            index = _index(value)
            if index is not None and index < len(legal):
                self.send(legal[index])
        elif kind == "try":
            index = _index(value)
            if index is not None and index < len(self.tries) and not self.ended():
                self.send(self.tries[index])
        elif kind == "choose":
            hand = self.state["view"].get("hand") or []
            if value in hand:
                self.choosing = value
                self.message = None
        elif kind == "cmd":
            self.command(value)
        return self.reply()

    def command(self, name):
        if name == "cancel-choice":
            self.choosing = None
        elif name in LESSON_COMMANDS and self.mode == "lesson":
            self.lesson_call(LESSON_COMMANDS[name])
        elif name in ("rematch", "again"):
            self.restart()

    def restart(self):
        if self.mode == "lesson":
            self.lesson_call("lesson_restart")
        elif self.settings is not None and self.failure is None:
            self.start(self.source)

    def send(self, action):
        self.message = None
        self.rule = None
        if self.mode == "lesson":
            self.lesson_call("lesson_try", action=action)
            return
        try:
            self.take(self.call("act", action=action, viewer=self.viewer))
        except Refused as refusal:
            self.refused(refusal)

    def lesson_call(self, op, **fields):
        self.message = None
        self.rule = None
        try:
            state = self.call(op, **fields)
        except Refused as refusal:
            step = (self.lesson or {}).get("step")
            state = self.call("lesson_state")
            self.take(state)
            if state["lesson"]["step"] != step:
                # The learner tried the very move this step shows refused: that is the point.
                self.message, self.rule = "Not allowed: " + refusal.reason, refusal.rule
            else:
                self.refused(refusal)
            return
        self.take(state)
        extra = state["lesson"]
        watched = extra.get("watched") or {}
        if extra.get("shown") or watched.get("refused"):
            self.message = "Not allowed: " + (extra.get("shown") or watched["refused"])
            self.rule = extra.get("shown_rule")

    def refused(self, refusal):
        message = refusal.reason
        if refusal.hint and refusal.hint not in message:
            message += " Hint: " + refusal.hint
        self.message = message
        self.rule = refusal.rule
        self.choosing = None

    def bot_move(self, version):
        if version != self.version or not self.bot_to_move():
            return self.reply()
        state = self.state
        try:
            self.take(self.call("bot", level=self.bot, seat=state["to_move"],
                                viewer=self.viewer))
        except Refused as refusal:
            self.message = "A bot could not move: " + refusal.reason
        return self.reply()

    # ---- the host page ---------------------------------------------------------------------
    def host(self, message):
        if not isinstance(message, dict) or self.settings is None:
            return self.reply()
        kind = message.get("type")
        if kind == "reset":
            if self.failure is None:
                self.keep_events(self.start())  # the URL's own example, from its start
        elif kind == "step" and self.mode == "lesson" and message.get("do") in HOST_STEPS:
            self.lesson_call(HOST_STEPS[message["do"]])
        elif kind == "load-scenario" and isinstance(message.get("scenario"), (dict, str)):
            keep = (self.mode, self.game, self.seats, self.names, self.viewer, self.bot,
                    self.state, self.lesson, self.script)
            failure = self.failure
            self.keep_events(self.start(("scenario", message["scenario"])))
            if self.failure is not None and failure is None and keep[6] is not None:
                # The host's position is refused: say so, and keep the example shown.
                self.notice = "The page's position could not be loaded: " + self.failure
                self.failure = None
                (self.mode, self.game, self.seats, self.names, self.viewer, self.bot,
                 self.state, self.lesson, self.script) = keep
        return self.reply()

    def keep_events(self, inner):
        """The events of a reply made on the way (start's ``ready`` or ``error``), kept for the
        reply the host's message gets: otherwise the host never hears them."""
        self.events = inner["events"] + self.events

    # ---- the reply -----------------------------------------------------------------------------
    def reply(self):
        self.version += 1
        events, self.events = self.events, []
        settings = self.settings or {}
        hidden = [name for name in CONTROLS if name not in settings.get("controls", CONTROLS)]
        reply = {"ok": True, "version": self.version, "events": events,
                 "theme": settings.get("theme", "light"), "hide": " ".join(hidden),
                 "status": "error" if self.failure else "ready", "turn": None, "lesson": None,
                 "moves": None, "bot_in": None}
        if self.failure is not None:
            reply["html"] = tag("div", {"class": "notice warn embed-error", "role": "alert"},
                                text("strong", {}, "This example could not be loaded:"),
                                text("p", {}, self.failure))
            return reply
        reply["html"] = self.render()
        state = self.state
        reply["moves"] = state["moves"]
        reply["lesson"] = (("done" if self.lesson["done"] else self.lesson["kind"])
                           if self.lesson else None)
        if self.ended():
            reply["turn"] = "over"
        elif self.bot_to_move():
            reply["turn"] = "bot"
            reply["bot_in"] = settings.get("delay", DEFAULT_DELAY_MS)
        else:
            reply["turn"] = "human" if state["to_move"] == self.viewer else "waiting"
        return reply

    def render(self):
        state = self.state
        ended = self.ended()
        layout = LAYOUTS[self.game]
        mode = "ended" if ended else ("lesson" if self.mode == "lesson" else "play")
        after_game = ""
        if ended and self.mode != "lesson":  # a lesson has its own "Again" in its panel
            after_game = tag("p", {"class": "after-game"},
                             button("Play again", {"data-cmd": "rematch", "class": "primary"}))
        ctx = table_context(layout, self.seats, self.names, self.viewer,
                            GAMES[self.game].title, message=self.message, rule=self.rule,
                            choosing=self.choosing, busy_bot=self.bot_to_move(), mode=mode,
                            after_game=after_game, rules_href="index.html#/rules/",
                            rules_target="_blank")
        html, self.tries = render_table(state, ctx)
        notice = ""
        if self.notice:
            notice = text("p", {"class": "notice warn", "role": "alert"}, self.notice)
        return (notice + lesson_panel(self.lesson) + script_panel(self.script, state["over"])
                + html)


def _index(value):
    if isinstance(value, str) and value.isdigit() and len(value) < 6:
        return int(value)
    return None


# ---- the panels above the table --------------------------------------------------------------

def lesson_panel(lesson):
    """The lesson's caption, what the other seats just did, and the learner's ways on. No
    refusal shows before the learner acts: at a "see why not" step, the learner tries the move
    or asks why."""
    if lesson is None:
        return ""
    steps = lesson["steps"]
    where = ("done" if lesson["done"]
             else "step " + str(min(lesson["step"] + 1, steps)) + " of " + str(steps))
    parts = [tag("p", {"class": "lesson-step"}, text("strong", {}, lesson["title"]),
                 esc(" · " + where))]
    for line in lesson.get("narration") or []:
        parts.append(text("p", {"class": "narration"}, line))
    parts.append(text("p", {"class": "caption", "id": "lesson-caption"}, lesson["caption"]))
    buttons = []
    if lesson["done"]:
        buttons.append(button("Again", {"data-cmd": "lesson-restart", "class": "primary"}))
    else:
        if lesson["kind"] == "refuse":
            buttons.append(button("Show why not", {"data-cmd": "lesson-next"}))
        else:
            buttons.append(button("Watch the answer", {"data-cmd": "lesson-watch"}))
        if lesson["step"] > 0:
            buttons.append(button("Step back", {"data-cmd": "lesson-back"}))
        buttons.append(button("Start again", {"data-cmd": "lesson-restart"}))
    parts.append(tag("div", {"class": "lesson-controls", "role": "group",
                             "aria-label": "Lesson controls"}, *buttons))
    return tag("section", {"class": "lesson", "aria-label": "Lesson"}, *parts)


def script_panel(script, over):
    """A teacher's captions: the next one after each of the reader's moves, then the close."""
    if not script:
        return ""
    captions = script.get("captions") or []
    index = script.get("step") or 0
    if over or index >= len(captions):
        caption = script.get("explanation") or (captions[-1] if captions else "")
    else:
        caption = captions[index]
    parts = []
    if script.get("title"):
        parts.append(tag("p", {"class": "lesson-step"}, text("strong", {}, script["title"])))
    if caption:
        parts.append(text("p", {"class": "caption", "id": "lesson-caption"}, caption))
    if not parts:
        return ""
    return tag("section", {"class": "lesson", "aria-label": "Example"}, *parts)


# ---- the worker's entry point --------------------------------------------------------------------

_frames = {}  # client id -> Frame, oldest first
_catalog = None  # game id -> the catalog's entry: the same for every frame
MAX_FRAMES = service.MAX_CLIENTS


def frame_for(client):
    frame = _frames.pop(client, None)
    if frame is None:
        frame = Frame(client)
        while len(_frames) >= MAX_FRAMES:
            _frames.pop(next(iter(_frames)))
    _frames[client] = frame
    return frame


def forget(client):
    _frames.pop(client, None)


def handle(request_json, client=None):
    """One request of an embed frame (JSON text) -> the reply (JSON text); never raises."""
    try:
        request = parse_json(request_json, "request")
        if not isinstance(request, dict):
            raise EmbedError("A request is an object.")
        frame = frame_for(client)
        op = request.get("op")
        version = request.get("version")
        if op == "open":
            reply = frame.open(request.get("params"))
        elif op == "click" and isinstance(request.get("value"), str):
            reply = frame.click(request.get("kind"), request["value"][:80], version)
        elif op == "bot":
            reply = frame.bot_move(version)
        elif op == "host":
            reply = frame.host(request.get("message"))
        else:
            reply = frame.reply()
    except (IllegalAction, EmbedError) as refusal:  # a request the frame should never send
        reply = {"ok": False, "error": getattr(refusal, "reason", None) or str(refusal)}
    except Exception as error:  # the engine's own refusals are handled above: this is a bug
        reply = {"ok": False, "bug": True,
                 "error": f"Internal error (a bug in Matchbook): {type(error).__name__}:"
                          f" {str(error)[:300]}"}
    return dump_json(reply)


def first_view(params, client="build-embed"):
    """The reply an embed with these parameters opens with (the build publishes it for each
    lesson, so a frame shows its first position before the engine has booted)."""
    forget(client)
    reply = json.loads(handle(dump_json({"op": "open", "params": [[k, v] for k, v in
                                                                   params.items()]}), client))
    forget(client)
    service.forget(client)
    return reply
