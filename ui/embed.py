# Embed mode: a bare table for rule-teaching pages (embed.html). It reuses the app's table,
# click handling and bot pacing (App), but keeps nothing in storage and talks to its host
# page through postMessage. Runs in MicroPython on the main thread.
#
# URL parameters (all optional but game):
#   game=matatu        a registered game id
#   seed=42            the deal (default 1, so a teacher's example is stable)
#   players=3, seat=0  seat count and the learner's seat (the other seats are bots)
#   rules=matatu-v1    rules version; options=jokers:true,auto_cut:false
#   controls=all|none|status,choices,hand,log   which parts of the table show
#   theme=light|dark   delay=600 (bot pacing in ms)
#   lesson=matatu-cut-exactly-20   a built-in lesson (engine/lessons.py) instead of a deal
#   scenario=<text>    a position encoded by engine.lessons.encode_scenario
#   script=<text>      a teacher's captioned example (editor.html writes it): a position
#                      plus captions, one shown per move of the reader
#
# Messages to the host (window.parent): {"source": "matchbook", "type": ...} with type
# "height" (height), "ready", "move" (moves, action), "step" (step, steps, kind),
# "lesson-done" (lesson), "game-over" (result), "error" (message).
# Messages from the host: {"type": "reset"}, {"type": "step", "do": "watch"|"back"|"next"},
# {"type": "load-scenario", "scenario": <object or text>}. Anything else is ignored and
# logged; nothing received is ever evaluated.

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui.app import App, client, root
from ui.client import EngineError
from ui.markup import button, esc, tag, text
from ui.render_table import render_table
from ui.session import Session

KNOWN_PARAMS = ("game", "seed", "players", "seat", "rules", "options", "controls", "theme",
                "delay", "lesson", "scenario", "script")
LESSON_STEPS = {"watch": "lesson_watch", "back": "lesson_back", "next": "lesson_next",
                "restart": "lesson_restart"}
CONTROLS = ("status", "seats", "centre", "choices", "hand", "log")


LESSON_CMDS = {"lesson-watch": "lesson_watch", "lesson-back": "lesson_back",
               "lesson-next": "lesson_next", "lesson-restart": "lesson_restart"}


class EmbedError(Exception):
    pass


def script_panel(script, moves, over):
    """A teacher's captions: the next one after each of the reader's moves, then the close."""
    if not script:
        return ""
    captions = script.get("captions") or []
    index = moves or 0
    if over or index >= len(captions):
        caption = script.get("explanation") or (captions[-1] if captions else "")
    else:
        caption = captions[index]
    parts = []
    if script.get("title"):
        parts.append(tag("p", {"class": "lesson-step"}, text("strong", {}, script["title"])))
    parts.append(text("p", {"class": "caption", "id": "lesson-caption"}, caption))
    return tag("section", {"class": "lesson", "aria-label": "Example"}, *parts)


def lesson_panel(lesson):
    """The lesson's caption, what the other seats just did, and the learner's ways on."""
    if lesson is None:
        return ""
    parts = [tag("p", {"class": "lesson-step"},
                 text("strong", {}, lesson["title"]),
                 esc(" · step " + str(min(lesson["step"] + 1, lesson["steps"])) + " of "
                     + str(lesson["steps"])))]
    for line in lesson.get("narration") or []:
        parts.append(text("p", {"class": "narration"}, line))
    parts.append(text("p", {"class": "caption", "id": "lesson-caption"}, lesson["caption"]))
    buttons = []
    if lesson["done"]:
        root.dataset.lesson = "done"
        buttons.append(button("Start again", {"data-cmd": "lesson-restart"}))
    else:
        root.dataset.lesson = lesson["kind"]
        if lesson["kind"] == "refuse" and lesson.get("refusal"):
            parts.append(tag("p", {"class": "refusal", "role": "alert"},
                             esc("Not allowed: " + lesson["refusal"]["reason"])))
            buttons.append(button("Go on", {"data-cmd": "lesson-next", "class": "primary"}))
        else:
            buttons.append(button("Watch the answer", {"data-cmd": "lesson-watch"}))
        buttons.append(button("Step back", {"data-cmd": "lesson-back",
                                            "disabled": lesson["step"] == 0}))
        buttons.append(button("Start again", {"data-cmd": "lesson-restart"}))
    parts.append(tag("div", {"class": "lesson-controls", "role": "group",
                             "aria-label": "Lesson controls"}, *buttons))
    return tag("section", {"class": "lesson", "aria-label": "Lesson"}, *parts)


def parse_value(raw):
    if raw in ("true", "false"):
        return raw == "true"
    if raw.lstrip("-").isdigit():
        return int(raw)
    return raw


def parse_params(search):
    """The embed's settings from a query string; EmbedError says what is wrong, for people."""
    pairs = {}
    for part in search.lstrip("?").split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs[name] = window.decodeURIComponent(value.replace("+", " "))
    unknown = [name for name in pairs if name not in KNOWN_PARAMS]
    if unknown:
        raise EmbedError("Unknown embed parameter " + ", ".join(sorted(unknown))
                         + ". Known: " + ", ".join(KNOWN_PARAMS) + ".")
    if not (pairs.get("game") or pairs.get("lesson") or pairs.get("scenario")
            or pairs.get("script")):
        raise EmbedError("The embed needs a game, a lesson or a scenario, e.g."
                         " embed.html?game=matatu.")
    settings = {"game": pairs.get("game"), "seed": parse_value(pairs.get("seed", "1")),
                "lesson": pairs.get("lesson"), "scenario": pairs.get("scenario"),
                "script": pairs.get("script"),
                "rules": pairs.get("rules") or None, "options": {},
                "theme": pairs.get("theme", "light")}
    for name in ("players", "seat", "delay"):
        if name in pairs:
            if not pairs[name].isdigit():
                raise EmbedError("The parameter " + name + " must be a whole number, not "
                                 + json.dumps(pairs[name]) + ".")
            settings[name] = int(pairs[name])
    for item in (pairs.get("options") or "").split(","):
        if item:
            key, sep, value = item.partition(":")
            if not sep:
                raise EmbedError("Options are written key:value, e.g. options=jokers:true.")
            settings["options"][key] = parse_value(value)
    controls = pairs.get("controls", "all")
    if controls == "all":
        settings["controls"] = list(CONTROLS)
    elif controls == "none":
        settings["controls"] = []
    else:
        settings["controls"] = controls.split(",")
        bad = [c for c in settings["controls"] if c not in CONTROLS]
        if bad:
            raise EmbedError("Unknown control " + ", ".join(bad) + ". Known: all, none, "
                             + ", ".join(CONTROLS) + ".")
    if settings["theme"] not in ("light", "dark"):
        raise EmbedError("The theme is light or dark.")
    return settings


class Embed(App):
    def __init__(self):
        super().__init__()
        self.params = None
        self.settings = {"bot_delay_ms": 600}

    def showing_table(self):
        return True

    def post(self, message_type, **fields):
        fields["source"] = "matchbook"
        fields["type"] = message_type
        # A JS object, not a Python dict proxy, so the host reads plain data.
        window.parent.postMessage(window.JSON.parse(json.dumps(fields)), "*")

    def post_height(self):
        self.post("height", height=int(document.documentElement.scrollHeight))

    def fail(self, message):
        root.dataset.embed = "error"
        self.mount(tag("div", {"class": "notice warn embed-error", "role": "alert"},
                       text("strong", {}, "This example cannot be shown."),
                       text("p", {}, message)))
        self.post("error", message=message)
        self.post_height()

    def render(self, focus=False):
        session = self.session
        if session is None or session.state is None:
            return
        state = session.state
        html, self.tries = render_table(state, self.ctx())
        # Rule links open the full rules page, outside the frame.
        html = html.replace('href="#/rules/', 'target="_blank" href="index.html#/rules/')
        self.mount(lesson_panel(session.lesson)
                   + script_panel(session.script, session.reader_moves, state["over"]) + html)
        root.dataset.moves = str(state["moves"])
        if state["over"] or (session.lesson or {}).get("done"):
            root.dataset.turn = "over"
        elif session.mover_kind() == "bot":
            root.dataset.turn = "bot"
        else:
            root.dataset.turn = "human"
        hidden = [name for name in CONTROLS if name not in self.params["controls"]]
        root.dataset.hide = " ".join(hidden)
        self.post_height()

    def schedule_save(self):
        pass  # an embed keeps nothing in storage

    def after_state(self):
        session = self.session
        state = session.state
        session.summary = None  # an example table carries on between rounds
        before = session.posted_moves
        session.posted_moves = state["moves"]
        lesson = state.get("lesson")
        if lesson is not None:
            previous = session.lesson or {}
            session.lesson = lesson
            if lesson["step"] != previous.get("step"):
                self.post("step", step=lesson["step"], steps=lesson["steps"],
                          kind=lesson["kind"])
            if lesson["done"] and not previous.get("done"):
                self.post("lesson-done", lesson=lesson["id"])
        if state["moves"] != before and state["last"] is not None:
            self.post("move", moves=state["moves"], action=state["last"])
            if session.script and state["last"].get("seat") == session.viewer:
                session.reader_moves += 1
        if state["over"]:
            self.post("game-over", result=state["result"])

    def new_session(self, game_id, seats, seat, reply):
        info = self.game_info(game_id) or {}
        session = Session(game_id, seats, None, seat, (info.get("bots") or [None])[0])
        session.posted_moves = -1
        self.session = session
        session.take(reply)
        return session

    async def boot(self):
        root.dataset.ui = "ready"
        try:
            self.params = parse_params(str(window.location.search))
        except EmbedError as error:
            self.fail(str(error))
            return
        root.dataset.theme = self.params["theme"]
        if "delay" in self.params:
            self.settings["bot_delay_ms"] = self.params["delay"]
        window.onmessage = create_proxy(self.on_message)
        try:
            response = await client.connect()
        except Exception as error:
            self.fail("The game engine could not start: " + str(error))
            return
        self.catalog = response["games"]
        self.titles = {info["id"]: info["title"] for info in self.catalog}
        root.dataset.engine = "ready"
        # The app's service worker and cache: a teaching page's embeds work offline too.
        self.register_service_worker()
        await self.start_embed()

    async def start_embed(self):
        params = self.params
        if params.get("lesson"):
            await self.start_lesson(params["lesson"])
            return
        if params.get("scenario") or params.get("script"):
            await self.start_scenario(params.get("scenario"), params.get("script"))
            return
        info = self.game_info(params["game"])
        if info is None:
            self.fail("There is no game called " + json.dumps(params["game"]) + ". Known: "
                      + ", ".join(sorted(self.titles)) + ".")
            return
        players = params.get("players", info["default_players"])
        seat = params.get("seat", 0)
        if not 0 <= seat < players:
            self.fail("Seat " + str(seat) + " does not exist with " + str(players)
                      + " players (seats count from 0).")
            return
        try:
            reply = await client.call("new", game=info["id"], players=players,
                                      seed=params["seed"], rules=params["rules"],
                                      options=params["options"], viewer=seat, bounded=True,
                                      actions_from=0)
        except EngineError as error:
            self.fail(error.reason)
            return
        seats = ["bot"] * players
        seats[seat] = "human"
        self.open_session(reply, info["id"], seats, seat)

    def open_session(self, reply, game_id, seats, seat):
        self.new_session(game_id, seats, seat, reply)
        self.after_state()
        root.dataset.embed = "ready"
        self.render()
        self.post("ready", game=game_id)
        self.schedule_bots()

    async def start_lesson(self, lesson_id):
        try:
            state = await client.call("lesson_start", lesson=lesson_id, bounded=True)
        except EngineError as error:
            self.fail(error.reason)
            return
        view = state["view"]
        # The lesson scripts the other seats, so nobody else is a bot here.
        seats = ["lesson"] * view["players"]
        seats[view["seat"]] = "human"
        self.open_session(state, view["game"], seats, view["seat"])

    async def start_scenario(self, scenario, script=None):
        seat = self.params.get("seat", 0)
        try:
            if script:
                state = await client.call("open_script", text=script, viewer=seat,
                                          bounded=True, actions_from=0)
            else:
                state = await client.call("scenario", scenario=scenario, viewer=seat,
                                          bounded=True, actions_from=0)
        except EngineError as error:
            self.fail(error.reason)
            return
        seats = ["bot"] * state["view"]["players"]
        if seat >= len(seats):
            self.fail("Seat " + str(seat) + " does not exist in this scenario.")
            return
        seats[seat] = "human"
        self.open_session(state, state["view"]["game"], seats, seat)
        if state.get("script"):
            self.session.script = state["script"]
            self.session.reader_moves = 0
            self.render()

    def send(self, action):
        session = self.session
        if session is None or session.lesson is None:
            super().send(action)
            return
        if self.busy:
            return
        root.dataset.busy = "1"
        asyncio.create_task(self.lesson_call("lesson_try", action=action))

    async def lesson_call(self, op, **fields):
        session = self.session
        self.busy = True
        root.dataset.busy = "1"
        try:
            # A lesson steps back and forth: its log comes whole every time (it is short).
            await self.play_call(op, fresh_log=True, **fields)
        except EngineError as error:
            message = error.reason
            if error.hint and error.hint not in message:
                message += " Hint: " + error.hint
            session.message = message
            session.rule = error.rule
            session.choosing = None
            self.render()
            return
        finally:
            self.busy = False
            root.dataset.busy = "0"
        self.after_state()
        self.render()

    def on_message(self, event):
        # Only plain data is accepted; it is parsed, never evaluated.
        try:
            data = json.loads(str(window.JSON.stringify(event.data)))
        except ValueError:
            data = None
        if isinstance(data, dict) and data.get("source") == "matchbook":
            return  # our own message, when the embed is opened on its own (parent is self)
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "step" and data.get("do") in LESSON_STEPS and self.session is not None \
                and self.session.lesson is not None:
            asyncio.create_task(self.lesson_call(LESSON_STEPS[data["do"]]))
        elif kind == "load-scenario" and isinstance(data.get("scenario"), (dict, str)):
            self.session = None
            asyncio.create_task(self.start_scenario(data["scenario"]))
        elif kind == "reset" and not self.busy:
            self.session = None
            asyncio.create_task(self.start_embed())
        else:
            window.console.warn("Matchbook embed ignored a message of the wrong shape")

    async def command(self, name, target):
        if name in LESSON_CMDS:
            await self.lesson_call(LESSON_CMDS[name])
        elif name == "rematch":  # "Play again" deals the same example afresh
            self.session = None
            await self.start_embed()
        elif name == "cancel-choice":
            await super().command(name, target)


embed = Embed()


async def start():
    document.addEventListener("click", create_proxy(embed.on_click))
    await embed.boot()
