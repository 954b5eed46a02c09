# The app controller: routes, one delegated click listener, the bot pacing, autosave and
# history. Renderers turn state into markup; the engine (in its worker) decides everything.
# Runs in MicroPython on the main thread.

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui import storage as store
from ui.client import EngineClient, EngineError
from ui.layouts import LAYOUTS
from ui.markup import button, esc, tag, text
from ui.render_history import (
    render_history,
    render_replay_header,
    replay_controls,
    turn_starts,
)
from ui.render_lobby import render_lobby
from ui.render_rules import render_compare, render_rules
from ui.render_table import handoff_screen, render_table, table_context

root = document.documentElement
client = EngineClient()


class App:
    def __init__(self):
        self.catalog = []
        self.titles = {}
        self.form = {"game": "matatu", "players": 4, "seats": ["human", "bot", "bot", "bot"],
                     "rules": None, "options": {}, "bot": None, "seed": "",
                     "levels": [None, None, None, None]}  # a bot level per seat
        self.session = None  # the game in play: ids, seats, names, viewer, last state
        self.tries = []
        self.busy = False  # an engine call is pending: clicks must not send stale actions
        self.bot_running = False
        self.conflict = False
        self.problems = []
        self.notice = ""
        self.replay = None
        self.share_link = None
        self.compare = None  # the rules page's version/option comparison
        self.storage = store.Storage(window.matchbookStorage,
                                     "tab-" + str(window.Math.random()))
        self.settings = self.storage.settings()

    # ---- rendering --------------------------------------------------------------------------
    def mount(self, html):
        main = document.getElementById("app")
        focused = document.activeElement
        keep = None
        if focused is not None and main.contains(focused):
            for name in ("data-card", "data-cmd", "id"):
                value = focused.getAttribute(name)
                if value:
                    keep = (name, value)
                    break
        main.innerHTML = html
        if keep is not None:
            again = main.querySelector("[" + keep[0] + '="' + keep[1] + '"]')
            if again is not None:
                again.focus()

    def banner(self):
        parts = []
        if self.conflict:
            parts.append(tag("div", {"class": "notice warn", "role": "alert"},
                             text("p", {}, "This game was continued in another tab. This tab "
                                  "stopped saving so it cannot overwrite that game."),
                             button("Load the latest", {"data-cmd": "load-latest",
                                                        "class": "primary"})))
        if self.notice:
            parts.append(tag("div", {"class": "notice", "role": "status"}, esc(self.notice)))
        if self.share_link:
            parts.append(tag("div", {"class": "notice share", "role": "status"},
                             text("label", {"for": "share-link"},
                                  "Link to share (opens the same in any browser):"),
                             tag("input", {"id": "share-link", "readonly": True,
                                           "value": self.share_link, "class": "share-link"}),
                             button("Done", {"data-cmd": "share-done"})))
        return "".join(parts)

    def render(self):
        route = str(window.location.hash or "#/")
        if route.startswith("#/play"):
            self.render_play()
        elif route.startswith("#/rules"):
            self.render_rules_page(route)
        elif route.startswith("#/history"):
            self.mount(self.banner() + render_history(self.storage.history(), self.titles,
                                                      self.catalog))
        elif route.startswith("#/replay/") or route.startswith("#/shared/"):
            self.render_replay()
        else:
            self.render_lobby()
        nav = route.split("/")[1] if "/" in route else ""
        for link in document.querySelectorAll("nav.top a"):
            current = link.getAttribute("data-nav") == (nav or "lobby")
            if current:
                link.setAttribute("aria-current", "page")
            else:
                link.removeAttribute("aria-current")

    def render_lobby(self):
        if not self.catalog:
            return  # the static skeleton in index.html stays until the catalog arrives
        resume = None
        current = self.storage.load_current()
        if current is not None and self.session is None:
            resume = self.titles.get(current["game"], current["game"])
        self.mount(self.banner() + render_lobby(self.catalog, self.form, resume, self.problems,
                                                client.ready, self.settings))

    def render_rules_page(self, route):
        parts = route.split("/")
        if len(parts) < 3 or not parts[2]:
            if self.catalog:
                links = [tag("li", {}, text("a", {"href": "#/rules/" + info["id"]},
                                            info["title"])) for info in self.catalog]
                self.mount(tag("section", {"aria-labelledby": "rules-index-h"},
                               text("h2", {"id": "rules-index-h"}, "Rules"),
                               tag("ul", {"class": "rules-index"}, *links)))
            return
        game_id = parts[2]
        info = self.game_info(game_id)
        if info is None:
            if not self.catalog:
                return
            self.mount(tag("p", {"class": "notice warn", "role": "alert"},
                           esc("There is no game called " + game_id + ".")))
            return
        compare = self.compare_state(info)
        self.mount(render_rules(info, parts[3] if len(parts) > 3 else None)
                   + render_compare(info, compare))
        if len(parts) > 4:
            target = document.getElementById("ruling-" + parts[4])
            if target is None:
                target = document.getElementById("rule-" + parts[4])
            if target is not None:
                target.classList.add("highlight")
                target.scrollIntoView()

    def ctx(self):
        session = self.session
        return table_context(LAYOUTS[session["game"]], session["seats"], session["names"],
                             session["viewer"], self.titles.get(session["game"], session["game"]),
                             message=session.get("message"), rule=session.get("rule"),
                             choosing=session.get("choosing"),
                             busy_bot=self.bot_running and not session["state"]["over"])

    def render_play(self):
        session = self.session
        if session is None:
            if self.storage.load_current() is not None and not client.ready:
                self.mount(text("p", {"class": "notice", "role": "status"},
                                "Loading your game…"))
                return
            self.mount(self.banner() + tag("p", {"class": "notice"}, esc(
                "No game in progress. "), tag("a", {"href": "#/"}, "Start one in the lobby.")))
            return
        state = session["state"]
        root.dataset.moves = str(state["moves"])  # the handoff screen counts moves too
        if session.get("handoff") is not None:
            self.mount(handoff_screen(self.ctx(), session["handoff"]))
            root.dataset.turn = "handoff"
            return
        html, self.tries = render_table(state, self.ctx())
        undo = ""
        if self.settings.get("allow_undo") and state.get("undo"):
            undo = button("Undo my move", {"data-cmd": "undo"})
        tools = tag("p", {"class": "table-tools"}, undo,
                    tag("a", {"href": "#/replay/current", "class": "button-link"},
                        "Replay so far"),
                    button("Share this deal", {"data-cmd": "share-deal"}))
        self.mount(self.banner() + tools + html)
        root.dataset.moves = str(state["moves"])
        if state["over"]:
            root.dataset.turn = "over"
        elif state["to_move"] is not None and session["seats"][state["to_move"]] == "bot":
            root.dataset.turn = "bot"
        else:
            root.dataset.turn = "human"

    def render_replay(self):
        replay = self.replay
        if replay is None or replay.get("state") is None:
            self.mount(tag("p", {"class": "notice", "role": "status"}, "Loading the replay…"))
            return
        entry = replay["entry"]
        ctx = table_context(LAYOUTS[entry["game"]], entry["seats"], replay["names"],
                            replay["viewer"], self.titles.get(entry["game"], ""))
        html, _ = render_table(replay["state"], ctx)
        self.mount(render_replay_header(entry, ctx["title"], self.catalog)
                   + replay_controls(replay["step"], replay["total"], replay["playing"],
                                     turn_starts(replay["record"].get("actions") or []))
                   + html.replace('data-action="', 'data-inert="').replace(
                       'data-try="', 'data-inert="').replace('data-choose="', 'data-inert="'))
        root.dataset.replayStep = str(replay["step"])

    # ---- engine readiness -------------------------------------------------------------------
    async def boot(self):
        root.dataset.ui = "ready"
        self.storage.audit()  # JSON and schema checks need no engine
        self.problems = list(self.storage.problems)
        self.render()
        try:
            response = await client.connect()
        except Exception as error:
            root.dataset.engine = "failed"
            status = document.getElementById("engine-status")
            status.textContent = ("The game engine could not start (" + str(error)
                                  + "). Reload the page to try again.")
            status.classList.add("failed")
            return
        self.catalog = response["games"]
        self.titles = {info["id"]: info["title"] for info in self.catalog}
        self.storage.known_games = {info["id"]: [v["id"] for v in info["rule_versions"]]
                                    for info in self.catalog}
        self.storage.audit()  # now unknown games and rules versions can be caught too
        self.reset_form(self.form["game"])
        await self.check_current()
        self.problems = list(self.storage.problems)
        root.dataset.engine = "ready"
        status = document.getElementById("engine-status")
        status.textContent = "Game engine ready."
        status.classList.add("ready")
        self.register_service_worker()
        route = str(window.location.hash)
        if route.startswith("#/replay/") or route.startswith("#/shared/"):
            await self.open_replay()
        elif route.startswith("#/deal/"):
            await self.open_deal(route[len("#/deal/"):])
        self.render()
        self.schedule_bots()

    def register_service_worker(self):
        # Registered only once the engine is loaded, so the worker's precache finds the big
        # files in the HTTP cache instead of downloading them a second time.
        navigator = window.navigator
        if navigator.serviceWorker is not None and window.isSecureContext:
            navigator.serviceWorker.register("./sw.js")

    async def check_current(self):
        current = self.storage.load_current()
        if current is None:
            return
        try:
            await client.call("check", save=current["save"])
        except EngineError as error:
            self.storage.quarantine(store.CURRENT_KEY, json.dumps(current),
                                    "the saved game cannot be replayed: " + error.reason)
            return
        if str(window.location.hash).startswith("#/play"):
            await self.resume(current)

    def compare_state(self, info):
        """The rules page's comparison: defaults against the first yes/no option turned on."""
        if self.compare is None or self.compare["game"] != info["id"]:
            newest = info["rule_versions"][-1]["id"]
            first = {spec["id"]: spec["default"] for spec in info["options"]}
            second = dict(first)
            for spec in info["options"]:
                if spec["values"] in ([False, True], [True, False]):
                    second[spec["id"]] = not spec["default"]
                    break
            self.compare = {"game": info["id"], "a": {"rules": newest, "options": first},
                            "b": {"rules": newest, "options": second}, "result": None}
        return self.compare

    def game_info(self, game_id):
        for info in self.catalog:
            if info["id"] == game_id:
                return info
        return None

    def reset_form(self, game_id):
        info = self.game_info(game_id) or self.catalog[0]
        players = self.form.get("players", info["default_players"])
        if not info["min_players"] <= players <= info["max_players"]:
            players = info["default_players"]
        self.form["game"] = info["id"]
        self.form["players"] = players
        self.form["rules"] = info["rule_versions"][-1]["id"]
        self.form["options"] = {spec["id"]: spec["default"] for spec in info["options"]}
        self.form["bot"] = (info.get("bots") or [None])[0]
        self.fit_seats()

    def option_values(self, option_id):
        for spec in (self.game_info(self.form["game"]) or {}).get("options") or []:
            if spec["id"] == option_id:
                return spec["values"]
        return []

    def fit_seats(self):
        seats = self.form["seats"]
        while len(seats) < self.form["players"]:
            seats.append("bot")
        self.form["seats"] = seats[:self.form["players"]]
        levels = self.form.get("levels") or []
        self.form["levels"] = (levels + [None] * self.form["players"])[:self.form["players"]]

    # ---- playing ------------------------------------------------------------------------------
    def names_for(self, seats, levels=None, game=None):
        humans = seats.count("human")
        words = {}  # level id -> the lobby's word for it, so History names each bot's level
        info = self.game_info(game) if game else None
        for entry in (info or {}).get("bot_levels") or []:
            words[entry["id"]] = entry["name"]
        names = []
        for seat, kind in enumerate(seats):
            label = "Seat " + str(seat + 1)
            level = levels[seat] if levels and seat < len(levels) else None
            if kind == "bot" and level in words:
                label += " (" + words[level] + " bot)"
            elif kind == "bot":
                label += " (bot)"
            elif kind == "human" and humans == 1:
                label = "You"
            names.append(label)
        return names

    def seat_levels(self, game, seats, levels):
        """Each bot seat's level as the lobby showed it (the game's first level by default)."""
        default = ((self.game_info(game) or {}).get("bots") or [None])[0]
        levels = levels or []
        return [None if kind != "bot" else
                (levels[seat] if seat < len(levels) and levels[seat] else default)
                for seat, kind in enumerate(seats)]

    def level_of(self, session, seat):
        levels = session.get("levels") or []
        return (levels[seat] if seat < len(levels) else None) or session["bot"]

    def first_human(self, seats):
        for seat, kind in enumerate(seats):
            if kind == "human":
                return seat
        return None

    def new_entry_id(self, seed):
        # Not Date.now(): MicroPython's FFI truncates that millisecond count to 32 bits.
        stamp = str(window.Date.new().toISOString()).replace(":", "").replace(".", "")
        return stamp + "-" + str(seed) + "-" + str(int(window.Math.random() * 1000000))

    async def start_game(self):
        form = self.form
        seed = str(form.get("seed") or "").strip()
        if not seed:
            seed = str(int(window.Math.random() * 1000000000))
        seed_value = int(seed) if seed.isdigit() else seed
        seats = list(form["seats"])
        viewer = self.first_human(seats)
        try:
            state = await client.call("new", game=form["game"], players=form["players"],
                                      seed=seed_value, rules=form["rules"],
                                      options=form["options"], viewer=viewer)
        except EngineError as error:
            self.notice = "The game could not start: " + error.reason
            self.render()
            return
        self.notice = ""
        levels = self.seat_levels(form["game"], seats, form.get("levels"))
        self.session = {"game": form["game"], "seats": seats,
                        "names": self.names_for(seats, levels, form["game"]), "levels": levels,
                        "viewer": viewer, "bot": form["bot"], "state": state,
                        "entry": self.new_entry_id(seed),
                        "handoff": None}
        self.conflict = False
        self.storage.clear_current()
        self.after_state(state)
        window.location.hash = "#/play"
        self.render()
        self.schedule_bots()

    async def resume(self, current):
        meta = current.get("meta") or {}
        seats = current.get("seats") or []
        viewer = meta.get("viewer", self.first_human(seats))
        try:
            state = await client.call("load", save=current["save"], viewer=viewer)
        except EngineError as error:
            self.storage.quarantine(store.CURRENT_KEY, json.dumps(current),
                                    "the saved game cannot be loaded: " + error.reason)
            self.problems = list(self.storage.problems)
            return
        self.session = {"game": current["game"], "seats": seats,
                        "names": meta.get("names") or self.names_for(seats), "viewer": viewer,
                        "bot": meta.get("bot"), "levels": meta.get("levels"), "state": state,
                        "entry": meta.get("entry") or self.new_entry_id("resumed"),
                        "handoff": None}
        self.conflict = False

    def after_state(self, state):
        """Every new state: remember it, autosave or file it in history, hand off, pace bots."""
        session = self.session
        session["state"] = state
        session["message"] = None
        session["rule"] = None
        session["choosing"] = None
        record = json.loads(state["save"])
        if state["over"]:
            self.file_history(record)
        elif not self.conflict:
            meta = {"names": session["names"], "viewer": session["viewer"],
                    "bot": session["bot"], "levels": session.get("levels"),
                    "entry": session["entry"]}
            try:
                saved = self.storage.save_current(session["game"], record["rules"],
                                                  state["save"], session["seats"], meta)
                if not saved:
                    self.conflict = True
                elif self.notice.startswith("Storage is full"):
                    self.notice = ""
            except store.StorageFull:
                self.notice = ("Storage is full: this game is not being saved. You can keep "
                               "playing; delete old history to make room.")
        mover = state["to_move"]
        humans = session["seats"].count("human")
        if (mover is not None and session["seats"][mover] == "human"
                and mover != session["viewer"] and humans > 1):
            session["handoff"] = mover

    def file_history(self, record):
        session = self.session
        if session.get("filed"):
            return
        session["filed"] = True
        result = session["state"]["result"] or {}
        winners = result.get("winners") or []
        names = session["names"]
        if len(winners) > 1:
            outcome = "Tie: " + ", ".join(names[s] for s in winners)
        elif winners:
            outcome = names[winners[0]] + " won"
        else:
            outcome = "No winner"
        scores = result.get("scores")
        if scores is not None:
            outcome += " (points " + ", ".join(str(s) for s in scores) + ")"
        summary = {"finished": str(window.Date.new().toISOString())[:16].replace("T", " "),
                   "players_text": ", ".join(names), "outcome": outcome,
                   "options": record.get("options"), "names": names,
                   "viewer": session["viewer"], "levels": session.get("levels")}
        try:
            self.storage.add_history(session["entry"], session["game"], record["rules"],
                                     session["state"]["save"], session["seats"], summary)
            self.storage.clear_current()
        except store.StorageFull:
            self.notice = "Storage is full: this game could not be added to your history."

    async def send(self, action):
        if self.busy or self.session is None or self.conflict:
            return
        session = self.session
        self.busy = True
        root.dataset.busy = "1"
        try:
            state = await client.call("act", action=action, viewer=session["viewer"])
        except EngineError as error:
            session["message"] = error.reason
            session["rule"] = error.rule
            session["choosing"] = None
            self.render()
            return
        finally:
            self.busy = False
            root.dataset.busy = "0"
        self.after_state(state)
        self.render()
        self.schedule_bots()

    def schedule_bots(self):
        session = self.session
        if session is None or self.bot_running or self.conflict:
            return
        state = session["state"]
        if state["over"] or state["to_move"] is None:
            return
        if session["seats"][state["to_move"]] != "bot":
            return
        self.bot_running = True  # now, not when the task starts: one bot loop at a time
        asyncio.create_task(self.run_bots())

    async def run_bots(self):
        self.bot_running = True
        try:
            while True:
                session = self.session
                if session is None or self.conflict:
                    break
                state = session["state"]
                if state["over"] or session["seats"][state["to_move"]] != "bot":
                    break
                self.render()
                # Paced so a person can follow; the bot itself thinks in the worker.
                await asyncio.sleep(int(self.settings.get("bot_delay_ms", 700)) / 1000)
                if self.session is not session:
                    break
                state = session["state"]  # the player may have undone their move meanwhile
                if state["over"] or session["seats"][state["to_move"]] != "bot":
                    continue
                self.busy = True
                try:
                    state = await client.call("bot", level=self.level_of(session,
                                                                         state["to_move"]),
                                              seat=state["to_move"], viewer=session["viewer"])
                except EngineError as error:
                    session["message"] = "A bot failed: " + error.reason
                    break
                finally:
                    self.busy = False
                self.after_state(state)
        finally:
            self.bot_running = False
            if self.showing_table():
                self.render()

    def showing_table(self):
        return str(window.location.hash).startswith("#/play")

    # ---- replay -----------------------------------------------------------------------------
    async def open_replay(self):
        route = str(window.location.hash)
        if route.startswith("#/shared/"):
            entry = await self.shared_entry(route[len("#/shared/"):])
        elif route == "#/replay/current" and self.session is not None:
            entry = self.current_entry()
        else:
            entry = self.storage.history_entry(route[len("#/replay/"):])
            if entry is None:
                self.mount(tag("p", {"class": "notice warn", "role": "alert"},
                               esc("That game is not in your history.")))
        if entry is None:
            return
        record = json.loads(entry["save"])
        total = len(record.get("actions") or [])
        summary = entry.get("summary") or {}
        seats = entry.get("seats") or []
        self.replay = {"entry": entry, "record": record, "step": total, "total": total,
                       "playing": False, "state": None, "viewer": summary.get("viewer"),
                       "names": summary.get("names") or self.names_for(seats)}
        await self.replay_to(total)

    def current_entry(self):
        """The game in play, replayed in its own slot: the game itself is not touched."""
        session = self.session
        record = json.loads(session["state"]["save"])
        return {"id": "current", "game": session["game"], "rules": record["rules"],
                "seats": session["seats"], "save": session["state"]["save"],
                "summary": {"options": record.get("options"), "viewer": session["viewer"],
                            "names": session["names"], "outcome": "game in progress"}}

    async def shared_entry(self, text):
        """A game someone shared: its record, checked by the engine replaying every move."""
        try:
            response = await client.call("open_game", text=text)
        except EngineError as error:
            self.mount(tag("p", {"class": "notice warn", "role": "alert"},
                           esc("This shared game cannot be opened: " + error.reason)))
            return None
        record = response["record"]
        seats = ["human"] + ["bot"] * (record["players"] - 1)
        names = ["Seat " + str(seat + 1) for seat in range(record["players"])]
        outcome = "finished" if response["over"] else "in progress"
        return {"id": "shared", "game": record["game"], "rules": record["rules"],
                "seats": seats, "save": json.dumps(record),
                "summary": {"options": record.get("options"), "viewer": 0, "names": names,
                            "outcome": "Shared game, " + outcome + ", seen from seat 1"}}

    async def open_deal(self, text):
        """A deal someone shared: the same cards, you in seat 1, bots in the other seats."""
        try:
            state = await client.call("open_deal", text=text, viewer=0)
        except EngineError as error:
            # The lobby shows under the #/deal/ route, so the message is not cleared by a
            # route change.
            self.notice = "This deal cannot be opened: " + error.reason
            self.render()
            return
        deal = state["deal"]
        seats = ["human"] + ["bot"] * (deal["players"] - 1)
        info = self.game_info(deal["game"]) or {}
        self.session = {"game": deal["game"], "seats": seats, "names": self.names_for(seats),
                        "viewer": 0, "bot": (info.get("bots") or [None])[0], "state": state,
                        "entry": self.new_entry_id(deal["seed"]), "handoff": None}
        self.conflict = False
        self.storage.clear_current()
        self.after_state(state)
        window.location.hash = "#/play"
        self.render()
        self.schedule_bots()

    async def share(self, op, **fields):
        try:
            response = await client.call(op, **fields)
        except EngineError as error:
            self.share_link = None
            self.notice = "This cannot be shared: " + error.reason
            self.render()
            return
        route = "#/deal/" if op == "share_deal" else "#/shared/"
        base = str(window.location.href).split("#")[0]
        self.share_link = base + route + response["text"]
        self.render()

    async def replay_to(self, step):
        replay = self.replay
        record = dict(replay["record"])
        record.pop("state", None)
        try:
            state = await client.call("replay", record=record, upto=step, slot="replay",
                                      viewer=replay["viewer"])
        except EngineError as error:
            self.mount(tag("p", {"class": "notice warn", "role": "alert"},
                           esc("This game cannot be replayed: " + error.reason)))
            return
        replay["state"] = state
        replay["step"] = step
        self.render()

    async def autoplay(self):
        replay = self.replay
        while replay is self.replay and replay["playing"] and replay["step"] < replay["total"]:
            await asyncio.sleep(0.6)
            if replay is self.replay and replay["playing"]:
                await self.replay_to(replay["step"] + 1)
        replay["playing"] = False
        self.render()

    # ---- events -----------------------------------------------------------------------------
    def on_click(self, event):
        target = event.target.closest("[data-action],[data-try],[data-cmd],[data-choose]")
        if target is None:
            return
        event.preventDefault()
        if target.getAttribute("data-cmd") is None:
            root.dataset.busy = "1"  # at once, so nobody reads the old turn as current
        asyncio.create_task(self.handle_click(target))

    async def handle_click(self, target):
        try:
            await self.dispatch_click(target)
        finally:
            if not self.busy:
                root.dataset.busy = "0"

    async def dispatch_click(self, target):
        index = target.getAttribute("data-action")
        if index is not None:
            if self.session is not None and not self.busy:
                legal = self.session["state"]["legal"]
                if int(index) < len(legal):
                    await self.send(legal[int(index)])
            return
        index = target.getAttribute("data-try")
        if index is not None:
            if int(index) < len(self.tries):
                await self.send(self.tries[int(index)])
            return
        card = target.getAttribute("data-choose")
        if card is not None and self.session is not None:
            self.session["choosing"] = card
            self.session["message"] = None
            self.render()
            return
        await self.command(target.getAttribute("data-cmd"), target)

    async def command(self, name, target):
        if name == "pick-game":
            self.reset_form(target.getAttribute("data-game"))
            self.render()
        elif name == "start":
            if not client.ready:
                self.notice = "The game engine is still loading; the game starts when it is ready."
                self.render()
                return
            self.read_form()
            await self.start_game()
        elif name == "resume":
            current = self.storage.load_current()
            if current is not None:
                await self.resume(current)
            window.location.hash = "#/play"
            self.render()
            self.schedule_bots()
        elif name == "rematch":
            # Same game, seats, rules version and options; a fresh deal.
            session = self.session
            record = json.loads(session["state"]["save"])
            self.form.update({"game": record["game"], "players": record["players"],
                              "seats": list(session["seats"]), "rules": record["rules"],
                              "options": dict(record["options"]), "bot": session["bot"],
                              "levels": list(session.get("levels") or []),
                              "seed": ""})
            await self.start_game()
        elif name == "go":
            window.location.hash = target.getAttribute("data-route")
        elif name == "cancel-choice":
            self.session["choosing"] = None
            self.render()
        elif name == "handoff-done":
            session = self.session
            seat = session["handoff"]
            session["handoff"] = None
            session["viewer"] = seat
            state = await client.call("view", viewer=seat)
            session["state"] = state
            self.render()
        elif name == "dismiss-problems":
            self.problems = []
            self.storage.problems = []
            self.render()
        elif name == "load-latest":
            self.conflict = False
            current = self.storage.load_current()
            if current is not None:
                await self.resume(current)
            self.render()
            self.schedule_bots()
        elif name == "share-deal":
            record = json.loads(self.session["state"]["save"])
            await self.share("share_deal", game=record["game"], players=record["players"],
                             seed=record["seed"], rules=record["rules"],
                             options=record["options"])
        elif name == "share-game":
            entry = self.storage.history_entry(target.getAttribute("data-entry"))
            if entry is not None:
                await self.share("share_game", save=entry["save"])
        elif name == "undo":
            try:
                state = await client.call("undo", viewer=self.session["viewer"])
            except EngineError as error:
                self.session["message"] = error.reason
                self.render()
                return
            self.after_state(state)
            self.render()
        elif name == "compare":
            compare = self.compare
            try:
                compare["result"] = await client.call(
                    "compare_rules", game=compare["game"], a=compare["a"], b=compare["b"])
            except EngineError as error:
                self.notice = error.reason
            self.render()
        elif name == "share-done":
            self.share_link = None
            self.render()
        elif name == "replay-to":
            await self.replay_to(int(target.getAttribute("data-step")))
        elif name == "replay-auto":
            self.replay["playing"] = not self.replay["playing"]
            self.render()
            if self.replay["playing"]:
                await self.autoplay()

    def read_form(self):
        seed = document.getElementById("seed")
        if seed is not None:
            self.form["seed"] = str(seed.value)

    def on_change(self, event):
        target = event.target
        field = target.getAttribute("data-field")
        if field == "players":
            self.form["players"] = int(target.value)
            self.fit_seats()
            self.render()
        elif field in ("rules", "bot", "seed"):
            self.form[field] = str(target.value)
        elif target.getAttribute("data-seat") is not None:
            # A seat's choice is "human" or a bot level ("easy", "basic", "strong").
            seat, choice = int(target.getAttribute("data-seat")), str(target.value)
            self.form["seats"][seat] = "human" if choice == "human" else "bot"
            self.form["levels"][seat] = None if choice in ("human", "bot") else choice
        elif target.getAttribute("data-compare") is not None and self.compare is not None:
            side = self.compare[target.getAttribute("data-compare")]
            option = target.getAttribute("data-compare-option")
            if option is not None:
                info = self.game_info(self.compare["game"]) or {}
                for spec in info.get("options") or []:
                    if spec["id"] == option:
                        side["options"][option] = spec["values"][int(target.value)]
            else:
                side["rules"] = str(target.value)
            self.compare["result"] = None  # differences of the old choice no longer hold
            self.render()
        elif target.getAttribute("data-setting") is not None:
            self.settings[target.getAttribute("data-setting")] = bool(target.checked)
            values = {k: v for k, v in self.settings.items() if k != "schema"}
            try:
                self.storage.save_settings(values)
            except store.StorageFull:
                self.notice = "Storage is full: this setting holds until you reload."
        elif target.getAttribute("data-option") is not None:
            option = target.getAttribute("data-option")
            kind = target.getAttribute("data-kind")
            if kind == "bool":
                value = bool(target.checked)
            else:
                value = self.option_values(option)[int(target.value)]
            self.form["options"][option] = value

    def on_route(self, event):
        self.notice = ""
        self.share_link = None
        route = str(window.location.hash)
        if (route.startswith("#/replay/") or route.startswith("#/shared/")) and client.ready:
            asyncio.create_task(self.open_replay())
        elif route.startswith("#/deal/") and client.ready:
            asyncio.create_task(self.open_deal(route[len("#/deal/"):]))
        self.render()

    def on_storage(self, event):
        # Another tab wrote the game this tab is playing: stop saving and say so.
        if event.key == store.CURRENT_KEY and self.session is not None:
            if self.storage.current_changed_elsewhere():
                self.conflict = True
                self.render()


app = App()


async def start():
    document.addEventListener("click", create_proxy(app.on_click))
    document.addEventListener("change", create_proxy(app.on_change))
    # Handler properties, not window.addEventListener: from MicroPython that call reaches
    # PyScript's patched addEventListener with the wrong `this` ("Illegal invocation").
    window.onhashchange = create_proxy(app.on_route)
    window.onstorage = create_proxy(app.on_storage)
    await app.boot()
