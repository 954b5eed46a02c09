# The play screen: the game in play (a Session, ui/session.py) and everything around it — the
# table in its mode (play, ended, resuming: ui/render_table.py), the hot-seat hand-off and the
# round summary, the player's move (posted on the click path), the bots' pacing, the undo, the
# autosave and filing a finished game in History. The engine (in its worker) decides
# everything. A state change renders once; the save that follows runs after the render
# (setTimeout 0), off the click path. Runs in MicroPython on the main thread.

import asyncio
import json

from ui import storage as store
from ui.client import EngineError
from ui.dom import create_proxy, document, say, window
from ui.layouts import LAYOUTS
from ui.markup import button, esc, tag, text
from ui.memory import collect_soon
from ui.motion import hints, pace, speed_of, speed_options
from ui.render_summary import round_summary
from ui.render_table import handoff_screen, log_lines, render_table, table_context
from ui.session import RECENT_SHOWN, Session

root = document.documentElement


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


class PlayScreen:
    def __init__(self, shell):
        self.shell = shell
        self.session = None  # the game in play
        self.tries = []  # the table's "try this card" moves, by index
        self.busy = False  # an engine call for the game in play is under way
        self.bot_running = False
        self.conflict = False  # another tab continued this game: this one stopped saving
        self.sent = None  # the session a move was sent for
        self.preview = None  # the table kept with the save, shown until the engine is back
        self.preview_said = None  # what a click on that table was told
        self.showing = None  # table, handoff, summary, none or loading
        self.resuming = False  # the table shown is the kept one: no move until the engine
        self.save_scheduled = False
        self.save_proxy = None
        self.frame_proxy = None
        self.reply_proxy = None
        self.first_game = None  # no game in History yet: slow pace, hints (cached, per visit)
        self.animated = None  # the session whose table the animator last saw

    def commands(self):
        return {"rematch": self.cmd_rematch, "cancel-choice": self.cmd_cancel_choice,
                "handoff-done": self.cmd_handoff_done, "summary-done": self.cmd_summary_done,
                "load-latest": self.cmd_load_latest, "share-deal": self.cmd_share_deal,
                "undo": self.cmd_undo, "hint": self.cmd_hint}

    # ---- drawing ------------------------------------------------------------------------------
    def title(self, game_id):
        return self.shell.catalog.title(game_id)

    def ctx(self, mode="play"):
        session = self.session
        after_game = ""
        if mode == "ended":  # the app's own way on, under the game's result
            after_game = tag("p", {"class": "after-game"},
                             button("Play again", {"data-cmd": "rematch", "class": "primary"}),
                             button("Back to the lobby", {"data-cmd": "go", "data-route": "#/"}))
        return table_context(LAYOUTS[session.game], session.seats, session.names,
                             session.viewer, self.title(session.game),
                             mode=mode, after_game=after_game,
                             message=session.message, rule=session.rule,
                             choosing=session.choosing, recent_from=session.recent_from(),
                             log_cache=session.log_html,
                             busy_bot=self.bot_running and session.mover_kind() == "bot",
                             hints=mode == "play" and self.hints_on(), hint=session.hint)

    def render(self, route):
        """Draw the game in play; says what shows (the shell moves the focus when it changes)."""
        shell = self.shell
        session = self.session
        self.resuming = False
        if session is None or session.state is None:
            if not shell.client.ready and self.preview is not None and self.render_resuming():
                self.resuming = True
                self.showing = "table"  # the kept table: the same place as the live one
                return self.showing
            if not shell.client.ready:
                shell.mount(text("p", {"class": "notice", "role": "status"},
                                 "Loading your game…"))
                self.showing = "loading"
                return self.showing
            shell.mount(shell.banner() + tag("h2", {"id": "screen-h", "tabindex": "-1"},
                                             "No game in progress")
                        + tag("p", {"class": "notice"}, esc("Nothing is being played. "),
                              tag("a", {"href": "#/"}, "Start one in the lobby.")))
            self.showing = "none"
            return self.showing
        state = session.state
        if session.summary is not None:
            self.showing = "summary"
            shell.mount(shell.banner() + round_summary(state["view"], session.summary,
                                                       self.ctx()))
            turn = "summary"
        elif session.handoff is not None:
            self.showing = "handoff"
            shell.mount(shell.banner() + handoff_screen(self.ctx(), session.handoff))
            turn = "handoff"
        else:
            self.showing = "table"
            ctx = self.ctx("ended" if state["over"] else "play")
            html, self.tries = render_table(state, ctx)
            fresh = self.announce(session, ctx)  # the new entries: said, and what moved
            undo = ""
            if shell.settings.get("allow_undo") and state.get("undo"):
                undo = tag("p", {"class": "table-tools"},
                           tag("button", {"type": "button", "data-cmd": "undo"},
                               "Undo my move"))
            # The heading is one short line (and Undo, beside it): the table starts high on
            # a phone. Replay and Share come after the table.
            head = tag("div", {"class": "table-head"},
                       tag("h2", {"id": "screen-h", "tabindex": "-1"},
                           esc(self.title(session.game))), undo)
            tools = tag("p", {"class": "table-tools after-table"},
                        tag("a", {"href": "#/replay/current", "class": "button-link"},
                            "Replay so far"),
                        tag("button", {"type": "button", "data-cmd": "share-deal"},
                            "Share this deal"),
                        self.speed_field())
            if shell.friends.active(session):  # no deal to share: it would show the hands
                tools = tag("p", {"class": "table-tools after-table"}, self.speed_field())
            self.mount_moving(session, "".join((shell.banner(), head, html,
                                                shell.friends.panel(session), tools)), fresh)
            if state["over"]:
                turn = "over"
            elif session.mover_kind() in ("bot", "friend"):
                turn = session.mover_kind()
            else:
                turn = "human"
        if self.showing != "table":
            self.animated = None  # the next table is drawn, not moved into
        # Tests and the bench read these. The hand-off screen counts moves too.
        shell.mark("moves", str(state["moves"]))
        shell.mark("turn", turn)
        return self.showing

    def is_first_game(self):
        if self.first_game is None:
            self.first_game = not self.shell.storage.has_history()
        return self.first_game

    def hints_on(self):
        """The Hint button: as set, else offered until the player has finished a game."""
        chosen = self.shell.settings.get("hints")
        return chosen if isinstance(chosen, bool) else self.is_first_game()

    def pace(self):
        """(a bot's pause, a card's travel) in ms, from the speed setting (ui/motion.py)."""
        return pace(self.shell.settings, self.is_first_game())

    def speed_field(self):
        """The speed of play, at the table: a player watching the bots changes it there."""
        speed = speed_of(self.shell.settings, self.is_first_game())
        return tag("span", {"class": "speed"},
                   text("label", {"for": "table-speed"}, "Speed"),
                   tag("select", {"id": "table-speed", "data-setting": "speed"},
                       *speed_options(speed)))

    def mount_moving(self, session, html, fresh):
        """Mount the table and let the animator (static/js/motion.js) move each card from
        where it was; the first table of a game is drawn, not moved into."""
        shell = self.shell
        motion = window.matchbookMotion
        main = document.getElementById("app")
        animate = self.animated is session and not self.resuming and main is not None
        if animate:
            motion.before(main)
        elif main is not None and not self.resuming and session.state["moves"] == 0:
            motion.deal()  # a game just dealt: its cards arrive (not a resumed one: it is there)
            animate = True
        shell.mount(html)
        if animate:
            motion.after(main, json.dumps(hints(fresh, session.viewer, self.pace()[1])))
        self.animated = session

    def announce(self, session, ctx):
        """What happened since the last render, said once in words in the page's live
        region (outside <main>, so redrawing the table never repeats it). The log is the
        viewer's own: nothing it may not know is said. The table's first render says
        nothing (the status line says whose turn it is). Returns those new entries (the
        animator is told where their cards came from)."""
        fresh = session.unannounced()
        say(log_lines(fresh, ctx))
        return fresh

    def keep_preview(self, kept):
        """The table kept with the save (storage's kept_view), drawn read-only until the
        engine is back; None once the engine's own state is here."""
        self.preview = kept

    def render_resuming(self):
        """The table kept with the save, read-only with a "Resuming…" mark, while the engine
        boots (issue #13): every card and button only says the game is resuming. False when
        the kept view cannot be drawn (the player then waits for the engine, as before)."""
        shell = self.shell
        kept = self.preview
        saved = kept["view"]
        game = kept["game"]
        title = self.title(game)
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
                # The mark beside the heading; the tools where the live table has them.
                html = "".join((tag("div", {"class": "table-head"},
                                    tag("h2", {"id": "screen-h", "tabindex": "-1"}, esc(title)),
                                    mark), table,
                                tag("p", {"class": "table-tools after-table"}, *tools)))
        except Exception:  # a kept view this version cannot draw: wait for the engine
            self.preview = None
            return False
        shell.mount(shell.banner() + html)
        shell.mark("moves", str(saved["moves"]))
        shell.mark("turn", "resuming")
        return True

    def conflict_notice(self):
        if not self.conflict:
            return ""
        return tag("div", {"class": "notice warn", "role": "alert"},
                   text("p", {}, "This game was continued in another tab. This tab "
                        "stopped saving so it cannot overwrite that game."),
                   tag("button", {"type": "button", "data-cmd": "load-latest",
                                  "class": "primary"}, "Load the latest"))

    # ---- what the other screens ask -----------------------------------------------------------
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

    def unfinished_title(self):
        session = self.unfinished()
        return self.title(session.game) if session is not None else None

    def resumable(self):
        """The lobby's "resume" offer: the game in play, or the kept one while the engine
        boots; None when there is none."""
        session = self.in_progress()
        if session is not None:
            return {"title": self.title(session.game), "moves": session.moves()}
        if self.preview is not None:
            return {"title": self.title(self.preview["game"]),
                    "moves": self.preview["view"]["moves"]}
        return None

    def current_entry(self):
        """The game in play as a History entry (the replay screen's "Replay so far")."""
        session = self.session
        if session is None:
            return None
        record = session.save_record()
        return {"id": "current", "game": session.game, "rules": record.get("rules"),
                "seats": session.seats, "names": session.names, "viewer": session.viewer,
                "save": record, "summary": {"options": record.get("options"),
                                            "outcome": "game in progress"}}

    def abandon(self):
        """The unfinished game goes to History, marked unfinished (it replays like any other).
        False when it could not be filed (storage full): it stays in play."""
        session = self.unfinished()
        if session is None:
            return True
        if not self.file_history(session, True):
            return False
        self.session = None
        return True

    # ---- a game begins ------------------------------------------------------------------------
    async def play_call(self, op, fresh_log=False, fresh_actions=False, session=None,
                        **fields):
        """A state request for the game in play, bounded; its reply kept by the session."""
        session = session or self.session
        request = session.fields(fresh_log, fresh_actions)
        request.update(fields)
        reply = await self.shell.client.call(op, **request)
        session.take(reply)
        return reply

    def install(self, session):
        """A new game in play: the last one (finished and filed, or abandoned) is let go."""
        old = self.session
        if old is not None and old.state is not None and old.state["over"]:
            self.file_history(old, False)  # its deferred save may not have run yet
        self.session = session
        self.conflict = False
        self.first_game = None  # asked again: the game just filed may have been the first
        self.shell.lobby.settled()
        self.shell.storage.clear_current()
        session.dirty_from = 0
        session.saved_moves = 0

    async def start_new(self, game, seats, names, bot, levels, seed="", **deal):
        """A new game from the lobby's form; EngineError when the engine refuses the deal."""
        if not seed:
            seed = str(int(window.Math.random() * 1000000000))
        # Hot seat starts at the hand-off screen: nobody's hand shows before its player says so.
        viewer = None if seats.count("human") > 1 else first_human(seats)
        session = Session(game, seats, names, viewer, bot, new_entry_id())
        session.levels = levels
        await self.play_call("new", session=session, game=game,
                             seed=int(seed) if seed.isdigit() else seed, **deal)
        self.install(session)
        self.after_state()
        self.enter_play()

    def enter_play(self):
        """Show the table (its heading focused, from the top), start the bots, then save."""
        self.shell.go("#/play")  # the bots start there (Shell.arrive)
        self.schedule_save()

    async def open_deal(self, link):
        """A deal someone shared: the same cards, you in seat 1, bots in the other seats. An
        unfinished game is never replaced without asking."""
        shell = self.shell
        if self.unfinished():
            shell.lobby.ask("deal", link)
            shell.render(focus=True)
            return
        session = Session("", ["human"], None, 0, None, new_entry_id())
        try:
            reply = await self.play_call("open_deal", session=session, fresh_actions=True,
                                         text=link)
        except EngineError as error:
            # The lobby shows under the #/deal/ route, so the message stays on screen.
            shell.say("This deal cannot be opened: " + error.reason)
            return
        deal = reply["deal"]
        seats = ["human"] + ["bot"] * (deal["players"] - 1)
        session.game = deal["game"]
        session.seats = seats
        session.names = store.default_names(seats)
        session.bot = shell.catalog.default_bot(deal["game"])
        self.install(session)
        self.after_state()
        self.enter_play()

    async def resume_stored(self):
        """The game in storage, replayed by the engine (it is believed only if it replays). A
        hot-seat game comes back at the hand-off screen: nobody's hand shows after a reload."""
        shell = self.shell
        current = shell.storage.load_current()
        if current is None:
            return
        seats = current["seats"]
        viewer = current["viewer"]
        if seats.count("human") > 1:
            viewer = None
        elif viewer is None:
            viewer = first_human(seats)
        session = Session(current["game"], seats, current["names"], viewer,
                          current["bot"] or shell.catalog.default_bot(current["game"]),
                          current["entry"] or new_entry_id())
        session.levels = current.get("levels")
        try:
            await self.play_call("load", session=session, fresh_actions=True,
                                 save=current["save"])
        except EngineError as error:
            shell.storage.quarantine_current("the saved game cannot be replayed: "
                                             + error.reason)
            shell.reread_problems()
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
        """Every new state: hand off in a hot-seat game (after any round summary); at a
        friends' table each friend's device is sent its seat's state (ui/friends.py)."""
        session = self.session
        session.handoff = session.needs_handoff()
        self.shell.friends.changed(session)

    async def friend_moved(self, session):
        """A friend's move, applied by the engine from their device: this table catches up
        (its bots go on, the friends are sent the new state, the game is saved)."""
        if session is not self.session:
            return
        await self.play_call("view", session=session)
        self.after_state()
        self.schedule_bots()
        self.shell.render()
        self.schedule_save()

    # ---- the player's move --------------------------------------------------------------------
    def take_click(self, target):
        """A click on the table that is a move: sent now, on the click path (True); or a card
        of the kept table while resuming, which only says so. False: not the table's."""
        if self.resuming and self.showing_table() \
                and target.getAttribute("data-cmd") in (None, "resuming"):
            self.preview_said = ("The game is resuming: you can play as soon as the game "
                                 "engine is ready.")
            self.shell.render()  # no move before the engine
            return True
        action = self.clicked_action(target)
        if action is None:
            return False
        self.send(action)
        return True

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

    def choose(self, card):
        """A card with several ways to play it: show them."""
        if self.session is not None:
            self.session.choosing = card
            self.session.message = None
            self.shell.render()

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
        self.shell.client.start("act", **request).then(self.reply_proxy)

    def on_act_reply(self, reply):
        session = self.sent
        self.busy = False
        root.dataset.busy = "0"
        if session is not self.session:
            return  # another game began meanwhile
        try:
            session.take(self.shell.client.finish(reply))
        except EngineError as error:
            session.message = error.reason
            session.rule = error.rule
            session.choosing = None
            self.shell.render()
            return
        session.decided()
        self.after_state()
        self.schedule_bots()
        self.shell.render()
        self.schedule_save()

    # ---- the bots -----------------------------------------------------------------------------
    def showing_table(self):
        return self.shell.route().startswith("#/play")

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
        shell = self.shell
        try:
            while self.bots_may_go_on(session):
                # Paced so a person can follow; the bot itself thinks in the worker.
                await asyncio.sleep(self.pace()[0] / 1000)
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
                    shell.render()
                    break
                finally:
                    self.busy = False
                # The bot has decided: bench/motion_bench.py times from here to the card at rest.
                window.performance.mark("bot-move")
                self.after_state()
                if not self.bots_may_go_on(session):
                    self.bot_running = False  # so this render shows whose turn it is now
                shell.render()
                self.schedule_save()
        finally:
            self.bot_running = False

    # ---- the table's commands -----------------------------------------------------------------
    async def cmd_rematch(self, target):
        if self.shell.friends.active(self.session):
            await self.shell.friends.rematch()  # the same friends, a new shuffle
            return
        await self.shell.lobby.rematch(self.session)

    async def cmd_cancel_choice(self, target):
        self.session.choosing = None
        self.shell.render()

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
        self.shell.render()
        self.schedule_bots()
        self.schedule_save()

    async def cmd_summary_done(self, target):
        self.session.summary = None
        self.after_state()
        self.schedule_bots()
        self.shell.render()
        self.schedule_save()

    async def cmd_load_latest(self, target):
        self.conflict = False
        self.session = None
        await self.resume_stored()
        self.schedule_bots()
        self.shell.render()

    async def cmd_share_deal(self, target):
        record = self.session.record or {}
        await self.shell.share("share_deal", game=record.get("game"),
                               players=record.get("players"), seed=record.get("seed"),
                               rules=record.get("rules"), options=record.get("options"))

    async def cmd_hint(self, target):
        """The move the Basic bot would make and why (the engine's hint, for this seat's view
        only): highlighted on the table, said above the hand; the focus goes to it."""
        session = self.session
        if session is None or session.state is None or self.busy:
            return
        try:
            reply = await self.shell.client.call("hint", seat=session.viewer)
        except EngineError as error:
            session.message = error.reason
            self.shell.render()
            return
        if session is not self.session:
            return
        session.hint = reply["hint"]
        session.message = None
        self.shell.render()
        shown = document.querySelector("#app .hinted")
        if shown is not None:
            shown.focus()

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
            self.shell.render()
            return
        finally:
            self.busy = False
        self.after_state()
        self.shell.render()
        self.schedule_save()

    # ---- saving -------------------------------------------------------------------------------
    def changed_elsewhere(self):
        """Another tab wrote the game this tab is playing: stop saving and say so."""
        if self.session is not None and self.shell.storage.current_changed_elsewhere():
            self.conflict = True
            self.shell.render()

    def schedule_save(self):
        """Save after the render has reached the screen, not on the click path: the next
        animation frame paints it, and a task queued from that frame saves (at once, even
        while cards travel: a reload a moment after a move keeps it)."""
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
        shell = self.shell
        session = self.session
        if session is None or session.state is None or self.conflict:
            return
        if session.state["over"]:
            self.file_history(session, False)
            return
        full = shell.notice.startswith("Storage is full")
        try:
            saved = shell.storage.save_current(session.stored_head(), session.actions,
                                               session.dirty_from, session.saved_moves)
        except store.StorageFull:
            if not full:
                shell.say("Storage is full: this game is not being saved. You can keep "
                          "playing; it is saved again once there is room.")
            return
        if not saved:
            self.conflict = True
            shell.render()
            return
        session.saved()
        if full:
            shell.say("")

    def file_history(self, session, unfinished):
        """A finished or abandoned game goes to History (once) and leaves storage's slot."""
        if session.filed:
            return True
        storage = self.shell.storage
        try:
            storage.add_history(session.history_entry(now_text(), unfinished))
        except store.StorageFull:
            self.shell.say("Storage is full: this game could not be added to your history.")
            return False
        session.filed = True
        storage.clear_current()
        return True
