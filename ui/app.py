# The app controller: routes, one delegated click listener whose commands are a table of
# small handlers, the bot pacing, the autosave and History. Renderers turn state into markup;
# the engine (in its worker) decides everything; the game in play is a Session (ui/session.py).
# A state change renders once; the save that follows runs after the render (setTimeout 0),
# off the click path. Runs in MicroPython on the main thread.

import asyncio

from ui import storage as store
from ui.catalog import Catalog
from ui.client import EngineClient, EngineError
from ui.dom import create_proxy, document, window
from ui.layouts import LAYOUTS
from ui.lobby import Lobby
from ui.markup import button, esc, tag, text
from ui.memory import collect_soon
from ui.morph import morph_into
from ui.render_history import render_history
from ui.render_lobby import initial_form, problems_notice
from ui.render_summary import round_summary
from ui.render_table import handoff_screen, render_table, table_context
from ui.replay import Replaying
from ui.routes import decode_route
from ui.rules_page import RulesPage, named_rule
from ui.session import RECENT_SHOWN, Session

root = document.documentElement
client = EngineClient()

SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"


def first_human(seats):
    for seat, kind in enumerate(seats):
        if kind == "human":
            return seat
    return None


def now_text():
    return str(window.Date.new().toISOString())[:16].replace("T", " ")


def new_entry_id():
    # Not Date.now(): MicroPython's FFI truncates that millisecond count to 32 bits. No seed
    # in it either: a seed may hold any character, and the id travels in a route.
    stamp = str(window.Date.new().toISOString()).replace(":", "").replace(".", "")
    return stamp.replace("-", "") + "-" + str(int(window.Math.random() * 1000000000))


class App(Catalog, Lobby, Replaying, RulesPage):
    decode_route = staticmethod(decode_route)

    def __init__(self):
        self.client = client
        self.catalog = []
        self.catalog_partial = False
        self.catalog_digest = None  # of the catalog drawn from, so the engine need not resend it
        self.titles = {}
        self.form = initial_form()
        self.errors = {}  # lobby field id -> the engine's refusal, shown beside it
        self.last_field = "start"  # the form field the player changed last
        self.confirm = None  # a start (or a deal) waiting for resume-or-abandon
        self.pending_deal = None  # the deal link that waits for that answer
        self.session = None  # the game in play (ui/session.py)
        self.tries = []
        self.busy = False  # an engine call for the game in play is under way
        self.bot_running = False
        self.conflict = False
        self.problems = []
        self.notice = ""
        self.replay = None
        self.share_link = None
        self.compare = None  # the rules page's version/option comparison
        self.rendered_route = None
        self.main = None  # <main id="app">, looked up once (each call to JS costs)
        self.mounted = None  # the markup last put there (the same again changes nothing)
        self.marks = {}  # the html data-* values render_play last wrote
        self.screen = None  # which screen of the route shows (table, handoff, summary)
        self.save_scheduled = False
        self.save_proxy = None
        self.frame_proxy = None
        self.reply_proxy = None
        self.sent = None  # the session a move was sent for
        self.preview = None  # the table kept with the save, shown until the engine is back
        self.preview_said = None  # what a click on that table was told
        self.storage = store.Storage(window.matchbookStorage,
                                     "tab-" + str(window.Math.random()))
        self.settings = self.storage.settings()
        self.commands = {
            "pick-game": self.cmd_pick_game, "start": self.cmd_start,
            "abandon-start": self.cmd_abandon_start, "abandon-deal": self.cmd_abandon_deal,
            "resume": self.cmd_resume, "rematch": self.cmd_rematch, "go": self.cmd_go,
            "cancel-choice": self.cmd_cancel_choice, "handoff-done": self.cmd_handoff_done,
            "summary-done": self.cmd_summary_done, "dismiss-problems": self.cmd_dismiss_problems,
            "load-latest": self.cmd_load_latest, "share-deal": self.cmd_share_deal,
            "share-game": self.cmd_share_game, "share-done": self.cmd_share_done,
            "undo": self.cmd_undo, "compare": self.cmd_compare,
            "replay-to": self.cmd_replay_to, "replay-auto": self.cmd_replay_auto,
        }

    # ---- rendering ----------------------------------------------------------------------------
    def route(self):
        return str(window.location.hash or "#/")

    def mount(self, html, morph=False):
        """Put a screen's markup in <main>. The same markup again changes nothing; with
        ``morph`` (the lobby) only the nodes whose markup changed are replaced (ui/morph.py), so
        what the player is reading is not rebuilt when, say, the engine arrives and Start
        becomes clickable (and the browser does not paint the whole screen anew)."""
        if self.main is None:
            self.main = document.getElementById("app")
        main = self.main
        if html == self.mounted:
            return
        self.mounted = html
        focused = document.activeElement
        keep = None
        if focused is not None and main.contains(focused):
            for name in ("data-card", "data-cmd", "id"):
                value = focused.getAttribute(name)
                if value and all(char in SAFE for char in str(value)):
                    keep = (name, str(value))
                    break
        if not (morph and morph_into(main, html)):
            main.innerHTML = html
        if keep is not None:
            again = main.querySelector("[" + keep[0] + '="' + keep[1] + '"]')
            if again is not None:
                again.focus()

    def banner(self):
        parts = [problems_notice(self.problems)]
        if self.conflict:
            parts.append(tag("div", {"class": "notice warn", "role": "alert"},
                             text("p", {}, "This game was continued in another tab. This tab "
                                  "stopped saving so it cannot overwrite that game."),
                             tag("button", {"type": "button", "data-cmd": "load-latest",
                                            "class": "primary"}, "Load the latest")))
        if self.notice:
            parts.append(tag("div", {"class": "notice", "role": "status"}, esc(self.notice)))
        if self.share_link:
            parts.append(tag("div", {"class": "notice share", "role": "status"},
                             text("label", {"for": "share-link"},
                                  "Link to share (opens the same in any browser):"),
                             tag("input", {"id": "share-link", "readonly": True,
                                           "value": self.share_link, "class": "share-link"}),
                             tag("button", {"type": "button", "data-cmd": "share-done"},
                                 "Done")))
        return "".join(parts)

    def render(self, focus=False):
        route = self.route()
        if route.startswith("#/play"):
            self.render_play()
        elif route.startswith("#/rules"):
            self.render_rules_page(route)
        elif route.startswith("#/history"):
            self.screen = "history"
            self.mount(self.banner() + render_history(self.storage.history(), self.titles,
                                                      self.option_tables()))
        elif route.startswith("#/replay/") or route.startswith("#/shared/"):
            self.render_replay()
        else:
            self.render_lobby()
        if route != self.rendered_route:  # the same screen again: the top bar is right
            nav = route.split("/")[1] if "/" in route else ""
            for link in document.querySelectorAll("nav.top a"):
                if link.getAttribute("data-nav") == (nav or "lobby"):
                    link.setAttribute("aria-current", "page")
                else:
                    link.removeAttribute("aria-current")
        self.rendered_route = route
        if focus:
            self.focus_screen(route)

    def focus_screen(self, route):
        """A new screen starts at the top (or at the rule its route names), with the focus on
        its heading, for keyboard and screen-reader users."""
        main = document.getElementById("app")
        target = named_rule(route)
        if target is not None:
            target.setAttribute("tabindex", "-1")
            target.focus()
            target.scrollIntoView()
            return
        heading = document.getElementById("screen-h") or main.querySelector("h2")
        if heading is not None:
            if heading.getAttribute("tabindex") is None:
                heading.setAttribute("tabindex", "-1")
            heading.focus()
        window.scrollTo(0, 0)

    def ctx(self, mode="play"):
        session = self.session
        after_game = ""
        if mode == "ended":  # the app's own way on, under the game's result
            after_game = tag("p", {"class": "after-game"},
                             button("Play again", {"data-cmd": "rematch", "class": "primary"}),
                             button("Back to the lobby", {"data-cmd": "go", "data-route": "#/"}))
        return table_context(LAYOUTS[session.game], session.seats, session.names,
                             session.viewer, self.titles.get(session.game, session.game),
                             mode=mode, after_game=after_game,
                             message=session.message, rule=session.rule,
                             choosing=session.choosing, recent_from=session.recent_from(),
                             log_cache=session.log_html,
                             busy_bot=self.bot_running and session.mover_kind() == "bot")

    def render_play(self):
        session = self.session
        if session is None or session.state is None:
            if not client.ready and self.preview is not None and self.render_resuming():
                return
            self.screen = "none"
            if not client.ready:
                self.mount(text("p", {"class": "notice", "role": "status"},
                                "Loading your game…"))
                return
            self.mount(self.banner() + tag("h2", {"id": "screen-h", "tabindex": "-1"},
                                           "No game in progress")
                       + tag("p", {"class": "notice"}, esc("Nothing is being played. "),
                             tag("a", {"href": "#/"}, "Start one in the lobby.")))
            return
        state = session.state
        screen = "table"
        if session.summary is not None:
            screen = "summary"
            self.mount(self.banner() + round_summary(state["view"], session.summary,
                                                     self.ctx()))
            turn = "summary"
        elif session.handoff is not None:
            screen = "handoff"
            self.mount(self.banner() + handoff_screen(self.ctx(), session.handoff))
            turn = "handoff"
        else:
            html, self.tries = render_table(state, self.ctx("ended" if state["over"]
                                                            else "play"))
            tools = []
            if self.settings.get("allow_undo") and state.get("undo"):
                tools.append(tag("button", {"type": "button", "data-cmd": "undo"},
                                 "Undo my move"))
            tools.append(tag("a", {"href": "#/replay/current", "class": "button-link"},
                             "Replay so far"))
            tools.append(tag("button", {"type": "button", "data-cmd": "share-deal"},
                             "Share this deal"))
            head = tag("div", {"class": "table-head"},
                       tag("h2", {"id": "screen-h", "tabindex": "-1"},
                           esc(self.titles.get(session.game, session.game))),
                       tag("p", {"class": "table-tools"}, *tools))
            self.mount("".join((self.banner(), head, html)))
            if state["over"]:
                turn = "over"
            elif session.mover_kind() == "bot":
                turn = "bot"
            else:
                turn = "human"
        # Tests and the bench read these; written only when they change (each write is a
        # call into JavaScript). The hand-off screen counts moves too.
        self.mark("moves", str(state["moves"]))
        self.mark("turn", turn)
        changed = self.screen not in (None, screen) and self.screen in ("table", "handoff",
                                                                         "summary")
        self.screen = screen
        if changed:
            self.focus_screen("#/play")

    def render_resuming(self):
        """The table kept with the save, read-only with a "Resuming…" mark, while the engine
        boots (issue #13): every card and button only says the game is resuming. False when
        the kept view cannot be drawn (the player then waits for the engine, as before)."""
        kept = self.preview
        saved = kept["view"]
        game = kept["game"]
        title = self.titles.get(game, game)
        mark = tag("span", {"class": "resuming-mark", "role": "status"}, "Resuming…")
        said = ""
        if self.preview_said:
            said = tag("p", {"class": "refusal", "role": "alert"}, esc(self.preview_said))
        try:
            if saved.get("handoff") is not None:
                ctx = table_context(LAYOUTS[game], kept["seats"], kept["names"], None, title)
                html = handoff_screen(ctx, saved["handoff"], tag("p", {}, mark) + said)
            else:
                view = dict(saved["view"])
                view["log"] = saved["log"]
                ctx = table_context(LAYOUTS[game], kept["seats"], kept["names"],
                                    saved["viewer"], title, message=self.preview_said,
                                    recent_from=max(0, len(saved["log"]) - RECENT_SHOWN),
                                    mode="resuming")
                table, tries = render_table({"view": view, "legal": saved["legal"]}, ctx)
                tools = [button("Replay so far", {"data-cmd": "resuming", "aria-disabled": "true",
                                                  "class": "button-link"}),
                         button("Share this deal", {"data-cmd": "resuming",
                                                    "aria-disabled": "true"})]
                # The mark beside the heading: when it goes, the tools stay where they are.
                html = "".join((tag("div", {"class": "table-head"},
                                    tag("h2", {"id": "screen-h", "tabindex": "-1"}, esc(title)),
                                    mark, tag("p", {"class": "table-tools"}, *tools)), table))
        except Exception:  # a kept view this version cannot draw: wait for the engine
            self.preview = None
            return False
        self.screen = "resuming"
        self.mount(self.banner() + html)
        self.mark("moves", str(saved["moves"]))
        self.mark("turn", "resuming")
        return True

    def say_resuming(self):
        self.preview_said = ("The game is resuming: you can play as soon as the game engine "
                             "is ready.")
        self.render()

    def mark(self, name, value):
        if self.marks.get(name) != value:
            self.marks[name] = value
            root.setAttribute("data-" + name, value)

    # ---- engine readiness ---------------------------------------------------------------------
    async def boot(self):
        # Each step in a task of its own (window.matchbookNextTask, static/js/ui-bundle.mjs):
        # the page answers a tap between them, and no task runs long.
        self.storage.audit()  # size, depth, JSON and shape checks need no engine
        self.problems = list(self.storage.problems)
        await window.matchbookNextTask()
        await self.read_static_catalog()
        if self.catalog:  # games and rules versions are known: the kept table can be checked
            self.preview = self.storage.kept_view()
        await window.matchbookNextTask()
        self.render()
        # The lobby the build drew into the page stays inert until this first render.
        document.getElementById("app").removeAttribute("inert")
        root.dataset.ui = "ready"  # the lobby is drawn (the engine starts booting on this)
        completing = asyncio.create_task(self.complete_catalog())  # beside the engine's boot
        try:
            response = await client.connect(known=self.catalog_digest)
        except Exception as error:
            root.dataset.engine = "failed"
            status = document.getElementById("engine-status")
            status.textContent = ("The game engine could not start (" + str(error)
                                  + "). Reload the page to try again.")
            status.classList.add("failed")
            return
        await window.matchbookNextTask()  # the engine's arrival, in short tasks too
        drawn = bool(self.catalog)
        if not response.get("same"):  # the build's copy was not the engine's: use the engine's
            self.use_catalog(response["games"])
        else:
            await completing
            if self.catalog_partial:  # data/catalog.json was unreadable: the engine's text
                self.use_catalog((await client.call("catalog"))["games"])
        self.storage.audit()  # now unknown games and rules versions can be caught too
        if not drawn:
            self.reset_form(self.form["game"])
        await self.resume_stored()
        await window.matchbookNextTask()
        self.preview = None  # the engine's own state from here on
        self.problems = list(self.storage.problems)
        root.dataset.engine = "ready"
        status = document.getElementById("engine-status")
        status.textContent = "Game engine ready."
        status.classList.add("ready")
        self.register_service_worker()
        route = self.route()
        if route.startswith("#/replay/") or route.startswith("#/shared/"):
            await self.open_replay()
        elif route.startswith("#/deal/"):
            await self.open_deal(route[len("#/deal/"):])
            return
        self.schedule_bots()
        if drawn and self.screen == "rules":
            return  # drawn from the same catalog: a re-render would close an open "Try it"
        self.render()

    def register_service_worker(self):
        # Registered only once the engine is loaded, so the worker's precache finds the big
        # files in the HTTP cache instead of downloading them a second time.
        navigator = window.navigator
        if navigator.serviceWorker is not None and window.isSecureContext:
            navigator.serviceWorker.register("./sw.js")

    # ---- the game in play ---------------------------------------------------------------------
    def in_progress(self):
        """The game in play unless it is over: the lobby always offers to resume it."""
        session = self.session
        if session is None or session.state is None or session.state["over"]:
            return None
        return session

    def unfinished(self):
        """The game in play once a move was made: never replaced without asking."""
        session = self.in_progress()
        return session if session is not None and session.moves() > 0 else None

    async def play_call(self, op, fresh_log=False, fresh_actions=False, session=None,
                        **fields):
        """A state request for the game in play, bounded; its reply kept by the session."""
        session = session or self.session
        request = session.fields(fresh_log, fresh_actions)
        request.update(fields)
        reply = await client.call(op, **request)
        session.take(reply)
        return reply

    def install(self, session):
        """A new game in play: the last one (finished and filed, or abandoned) is let go."""
        old = self.session
        if old is not None and old.state is not None and old.state["over"]:
            self.file_history(old, False)  # its deferred save may not have run yet
        self.session = session
        self.conflict = False
        self.confirm = None
        self.pending_deal = None
        self.errors = {}
        self.notice = ""
        self.storage.clear_current()
        session.dirty_from = 0
        session.saved_moves = 0

    async def start_game(self):
        form = self.form
        seed = str(form.get("seed") or "").strip()
        if not seed:
            seed = str(int(window.Math.random() * 1000000000))
        seats = list(form["seats"])
        session = Session(form["game"], seats, self.form_names(seats), first_human(seats),
                          form["bot"], new_entry_id())
        session.levels = self.seat_levels(seats)
        try:
            await self.play_call("new", session=session, game=form["game"],
                                 players=form["players"],
                                 seed=int(seed) if seed.isdigit() else seed,
                                 rules=form["rules"], options=form["options"])
        except EngineError as error:
            self.refuse_form(error)
            return
        self.install(session)
        self.after_state()
        self.enter_play()

    def enter_play(self):
        """Show the table (its heading focused, from the top), start the bots, then save."""
        self.set_route("#/play")
        self.schedule_bots()
        self.render(focus=True)
        self.schedule_save()

    def set_route(self, route):
        if self.route() != route:
            window.location.hash = route

    async def resume_stored(self):
        """The game in storage, replayed by the engine (it is believed only if it replays). A
        hot-seat game comes back at the hand-off screen: nobody's hand shows after a reload."""
        current = self.storage.load_current()
        if current is None:
            return
        seats = current["seats"]
        hot_seat = seats.count("human") > 1
        viewer = current["viewer"]
        if hot_seat:
            viewer = None
        elif viewer is None:
            viewer = first_human(seats)
        session = Session(current["game"], seats, current["names"], viewer,
                          current["bot"] or self.default_bot(current["game"]),
                          current["entry"] or new_entry_id())
        session.levels = current.get("levels")
        try:
            await self.play_call("load", session=session, fresh_actions=True,
                                 save=current["save"])
        except EngineError as error:
            self.storage.quarantine_current("the saved game cannot be replayed: "
                                            + error.reason)
            self.problems = list(self.storage.problems)
            return
        self.session = session
        self.conflict = False
        if current["legacy"]:
            session.dirty_from = 0  # the first save writes it as chunks of moves
        else:
            session.saved()
        self.after_state()
        if current["legacy"]:
            self.schedule_save()

    def after_state(self):
        """Every new state: hand off in a hot-seat game (after any round summary)."""
        session = self.session
        session.handoff = session.needs_handoff()

    def send(self, action):
        """The player's move, posted to the engine at once from the click (an asyncio task
        would start several milliseconds later); the reply renders from the promise."""
        session = self.session
        if self.busy or session is None or self.conflict:
            return
        self.busy = True
        root.dataset.busy = "1"
        request = session.fields()
        request["action"] = action
        if self.reply_proxy is None:
            self.reply_proxy = create_proxy(self.on_act_reply)
        self.sent = session
        client.start("act", **request).then(self.reply_proxy)

    def on_act_reply(self, reply):
        session = self.sent
        self.busy = False
        root.dataset.busy = "0"
        if session is not self.session:
            return  # another game began meanwhile
        try:
            session.take(client.finish(reply))
        except EngineError as error:
            session.message = error.reason
            session.rule = error.rule
            session.choosing = None
            self.render()
            return
        session.decided()
        self.after_state()
        self.schedule_bots()
        self.render()
        self.schedule_save()

    def schedule_bots(self):
        session = self.session
        if session is None or self.bot_running or self.conflict or not self.showing_table():
            return
        if session.summary is not None or session.mover_kind() != "bot":
            return
        self.bot_running = True  # now, not when the task starts: one bot loop at a time
        asyncio.create_task(self.run_bots(session))

    def bots_may_go_on(self, session):
        return (self.session is session and not self.conflict and self.showing_table()
                and session.summary is None and session.mover_kind() == "bot")

    async def run_bots(self, session):
        try:
            while self.bots_may_go_on(session):
                # Paced so a person can follow; the bot itself thinks in the worker.
                await asyncio.sleep(int(self.settings.get("bot_delay_ms", 700)) / 1000)
                while self.busy:  # e.g. an undo under way: wait for its reply
                    await asyncio.sleep(0.02)
                if not self.bots_may_go_on(session):
                    break
                self.busy = True
                try:
                    await self.play_call("bot", level=session.level_of(session.state["to_move"]),
                                         seat=session.state["to_move"])
                except EngineError as error:
                    session.message = "A bot failed: " + error.reason
                    self.bot_running = False
                    self.render()
                    break
                finally:
                    self.busy = False
                self.after_state()
                if not self.bots_may_go_on(session):
                    self.bot_running = False  # so this render shows whose turn it is now
                self.render()
                self.schedule_save()
        finally:
            self.bot_running = False

    def showing_table(self):
        return self.route().startswith("#/play")

    # ---- saving -------------------------------------------------------------------------------
    def schedule_save(self):
        """Save after the render has reached the screen, not on the click path: the next
        animation frame paints it, and a task queued from that frame saves."""
        if self.save_scheduled:
            return
        if self.save_proxy is None:
            self.save_proxy = create_proxy(self.save_now)
            self.frame_proxy = create_proxy(self.after_frame)
        self.save_scheduled = True
        window.requestAnimationFrame(self.frame_proxy)
        # A hidden tab has no frames, but its bots may still move: save anyway, a bit later.
        window.setTimeout(self.save_proxy, 250)

    def after_frame(self, *args):
        window.setTimeout(self.save_proxy, 0)

    def save_now(self, *args):
        if not self.save_scheduled:
            return  # saved already, from the other of its two timers
        self.save_scheduled = False
        collect_soon()  # the move is painted: garbage goes now, not in the next click's task
        session = self.session
        if session is None or session.state is None or self.conflict:
            return
        if session.state["over"]:
            self.file_history(session, False)
            return
        full = self.notice.startswith("Storage is full")
        try:
            saved = self.storage.save_current(session.stored_head(), session.actions,
                                              session.dirty_from, session.saved_moves)
        except store.StorageFull:
            if not full:
                self.notice = ("Storage is full: this game is not being saved. You can keep "
                               "playing; it is saved again once there is room.")
                self.render()
            return
        if not saved:
            self.conflict = True
            self.render()
            return
        session.saved()
        if full:
            self.notice = ""
            self.render()

    def file_history(self, session, unfinished):
        """A finished or abandoned game goes to History (once) and leaves storage's slot."""
        if session.filed:
            return True
        try:
            self.storage.add_history(session.history_entry(now_text(), unfinished))
        except store.StorageFull:
            self.notice = "Storage is full: this game could not be added to your history."
            self.render()
            return False
        session.filed = True
        self.storage.clear_current()
        return True

    async def open_deal(self, link):
        """A deal someone shared: the same cards, you in seat 1, bots in the other seats. An
        unfinished game is never replaced without asking."""
        if self.unfinished():
            self.pending_deal = link
            self.confirm = {"what": "deal",
                            "title": self.titles.get(self.session.game, self.session.game)}
            self.render(focus=True)
            return
        players_hint = ["human"]
        session = Session("", players_hint, None, 0, None, new_entry_id())
        try:
            reply = await self.play_call("open_deal", session=session, fresh_actions=True,
                                         text=link)
        except EngineError as error:
            # The lobby shows under the #/deal/ route, so the message stays on screen.
            self.notice = "This deal cannot be opened: " + error.reason
            self.render()
            return
        deal = reply["deal"]
        seats = ["human"] + ["bot"] * (deal["players"] - 1)
        session.game = deal["game"]
        session.seats = seats
        session.names = store.default_names(seats)
        session.bot = self.default_bot(deal["game"])
        self.install(session)
        self.after_state()
        self.enter_play()

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

    # ---- events -------------------------------------------------------------------------------
    def on_click(self, event):
        target = event.target.closest("[data-action],[data-try],[data-cmd],[data-choose]")
        if target is None:
            return
        event.preventDefault()
        if self.screen == "resuming" and target.getAttribute("data-cmd") in (None, "resuming"):
            self.say_resuming()  # a card or button of the kept table: no move before the engine
            return
        action = self.clicked_action(target)
        if action is not None:
            self.send(action)  # a move goes to the engine now, on the click path
            return
        # At once, so nobody reads the old turn as current: a choice, or a command such as
        # Start that replaces the table (the finished game's "over" stays until it answers).
        root.dataset.busy = "1"
        asyncio.create_task(self.handle_click(target))

    def clicked_action(self, target):
        """The move a clicked element stands for (a legal action or a try), else None."""
        index = target.getAttribute("data-action")
        if index is not None and self.session is not None and self.session.state is not None:
            legal = self.session.state["legal"]
            return legal[int(index)] if int(index) < len(legal) else None
        index = target.getAttribute("data-try")
        if index is not None:
            return self.tries[int(index)] if int(index) < len(self.tries) else None
        return None

    async def handle_click(self, target):
        try:
            await self.dispatch_click(target)
        finally:
            if not self.busy:
                root.dataset.busy = "0"

    async def dispatch_click(self, target):
        if target.getAttribute("data-action") is not None or \
                target.getAttribute("data-try") is not None:
            return  # a move that cannot be sent (a stale index): nothing to do
        card = target.getAttribute("data-choose")
        if card is not None and self.session is not None:
            self.session.choosing = card
            self.session.message = None
            self.render()
            return
        await self.command(target.getAttribute("data-cmd"), target)

    async def command(self, name, target):
        handler = self.commands.get(name)
        if handler is not None:
            await handler(target)

    async def cmd_resume(self, target):
        self.confirm = None
        self.pending_deal = None
        self.enter_play()

    async def cmd_rematch(self, target):
        # Same game, seats, names, rules version and options; a fresh deal.
        session = self.session
        record = session.record or {}
        self.form.update({"game": session.game, "players": len(session.seats),
                          "seats": list(session.seats), "rules": record.get("rules"),
                          "options": dict(record.get("options") or {}), "bot": session.bot,
                          "levels": list(session.levels or []),
                          "seed": "", "names": [name if kind == "human" else "" for
                                                name, kind in zip(session.names,
                                                                  session.seats)]})
        self.last_field = "start"
        await self.start_game()

    async def cmd_go(self, target):
        window.location.hash = target.getAttribute("data-route")

    async def cmd_cancel_choice(self, target):
        self.session.choosing = None
        self.render()

    async def cmd_handoff_done(self, target):
        session = self.session
        seat = session.handoff
        if seat is None:
            return
        session.handoff = None
        session.change_viewer(seat)
        try:
            await self.play_call("view")
        except EngineError as error:
            session.message = error.reason
        self.after_state()
        self.render()
        self.schedule_bots()
        self.schedule_save()

    async def cmd_summary_done(self, target):
        session = self.session
        session.summary = None
        self.after_state()
        self.schedule_bots()
        self.render()
        self.schedule_save()

    async def cmd_dismiss_problems(self, target):
        self.problems = []
        self.storage.problems = []
        self.render()

    async def cmd_load_latest(self, target):
        self.conflict = False
        self.session = None
        await self.resume_stored()
        self.schedule_bots()
        self.render()

    async def cmd_share_deal(self, target):
        record = self.session.record or {}
        await self.share("share_deal", game=record.get("game"), players=record.get("players"),
                         seed=record.get("seed"), rules=record.get("rules"),
                         options=record.get("options"))

    async def cmd_share_game(self, target):
        entry = self.storage.history_entry(target.getAttribute("data-entry"))
        if entry is not None:
            await self.share("share_game", save=entry["save"])

    async def cmd_share_done(self, target):
        self.share_link = None
        self.render()

    async def cmd_undo(self, target):
        session = self.session
        while self.busy:  # a bot's reply on its way: the undo takes it back too
            await asyncio.sleep(0.02)
        if session is not self.session:
            return
        self.busy = True
        try:
            await self.play_call("undo", fresh_log=True)
        except EngineError as error:
            session.message = error.reason
            self.render()
            return
        finally:
            self.busy = False
        self.after_state()
        self.render()
        self.schedule_save()

    async def cmd_compare(self, target):
        compare = self.compare
        try:
            compare["result"] = await client.call(
                "compare_rules", game=compare["game"], a=compare["a"], b=compare["b"])
        except EngineError as error:
            self.notice = error.reason
        self.render()

    def on_route(self, event):
        route = self.route()
        if route == self.rendered_route:
            return  # rendered already by whoever set it (start, resume, a deal)
        self.notice = ""
        self.share_link = None
        if not route.startswith("#/deal/"):
            self.confirm = None
        if (route.startswith("#/replay/") or route.startswith("#/shared/")) and client.ready:
            self.replay = None
            asyncio.create_task(self.open_replay())
        elif route.startswith("#/deal/") and client.ready:
            asyncio.create_task(self.open_deal(route[len("#/deal/"):]))
        self.schedule_bots()  # back at the table: the bots carry on
        self.render(focus=True)

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
    document.addEventListener("input", create_proxy(app.on_input))
    # Handler properties, not window.addEventListener: from MicroPython that call reaches
    # PyScript's patched addEventListener with the wrong `this` ("Illegal invocation").
    window.onhashchange = create_proxy(app.on_route)
    window.onstorage = create_proxy(app.on_storage)
    await app.boot()
