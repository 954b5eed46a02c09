# A friend's device at a friends' table (join.html): no engine while playing. The invite
# link's fragment names the room and its secret; this page sits down with a name and a seat
# token (kept in this browser's storage, so a reload, a closed tab or a lost network gets the
# same seat back), and then only draws what the host's engine sends for this seat (a state
# reply of the service's "guest_view": view(seat) and its legal moves) and sends back the
# player's choices, which the host's engine checks. When the game is over the host reveals the
# shuffle; this page checks it against the fingerprint shown at the deal, then boots the
# engine once (the game is over: nothing waits for it) to replay the game and compare.
# Runs in MicroPython on the main thread.

import asyncio
import json

from ui import storage as store
from ui.dom import create_proxy, document, random_text, say, window
from ui.layouts import LAYOUTS
from ui.markup import esc, tag, text
from ui.morph import morph_into
from ui.render_friends import guest_waiting, join_form, notice_screen, table_panel
from ui.render_table import log_lines, render_table, table_context
from ui.routes import read_invite
from ui.session import Session

root = document.documentElement
SLOW_JOIN_S = 6
LINK_WORDS = ("This invite link is not complete. Ask your friend to copy the whole link again"
              " (it ends with a long code after #).")


class GuestApp:
    def __init__(self, storage):
        self.storage = storage
        self.phase = "name"  # name, joining, seated, playing, refused, closed, bad-link
        self.slow_join = False  # joining for more than SLOW_JOIN_S: the page says so
        self.link = read_invite(str(window.location.hash or ""))
        self.name = ""
        self.token = None
        self.error = ""
        self.host = None  # the host's connection id, once it seated us
        self.host_gone = False
        self.seat = None
        self.room = None
        self.session = None
        self.said = ""
        self.reacted = ""  # the last reaction, beside the emoji (as at the host's table)
        self.check = ""  # the fairness check's words, at the end
        self.checking = False
        self.proxy = None
        self.main = None
        self.tries = []
        self.filed = False

    # ---- start --------------------------------------------------------------------------------
    async def start(self):
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_keydown))
        self.storage.audit()
        if self.link is None:
            self.phase = "bad-link"
        else:
            kept = self.storage.guest_seat(self.link[0])
            if kept is not None:  # back at a table you sat at: the same seat, at once
                self.name = kept["name"]
                self.token = kept["token"]
                await self.join()
        self.render(focus=True)
        root.dataset.ui = "ready"

    async def join(self):
        friends = window.matchbookFriends
        if self.proxy is None:
            self.proxy = create_proxy(self.on_event)
        self.phase = "joining"
        self.error = ""
        self.slow_join = False
        self.render()
        asyncio.create_task(self.say_if_slow())
        options = store.connection_options(self.storage.settings())
        answer = json.loads(str(await friends.open("guest", self.link[0], self.link[1], options,
                                                   self.proxy)))
        if not answer.get("ok"):
            self.phase = "name"
            self.error = str(answer.get("error"))
            self.render()

    async def say_if_slow(self):
        """A join that takes more than a few seconds says so (a host whose page is closed, or
        a big table: the offers to connect go round every 10 s)."""
        await asyncio.sleep(SLOW_JOIN_S)
        if self.phase == "joining" and not self.slow_join:
            self.slow_join = True
            self.render()

    def hello(self, peer):
        self.send(peer, {"type": "hello", "name": self.name, "token": self.token})

    # ---- the connection ----------------------------------------------------------------------
    def send(self, peer, message):
        if peer is not None:
            window.matchbookFriends.send(peer, json.dumps(message))

    def on_event(self, event_text):
        try:
            event = json.loads(str(event_text))
        except ValueError:
            return
        kind = event.get("type")
        peer = event.get("peer")
        if kind == "join":
            self.hello(peer)  # the host may be any newcomer (a host that reloaded, too)
        elif kind == "leave":
            if peer == self.host:
                self.host_gone = True
                self.said = "The host's device is not connected: waiting for it to come back…"
                self.render()
                # A host that came back before its old connection timed out is here already.
                for other in json.loads(str(window.matchbookFriends.info())).get("peers") or []:
                    self.hello(other)
        elif kind == "message":
            self.on_message(peer, event.get("text"))
        elif kind == "error":
            self.error = str(event.get("error"))
            self.render()

    def on_message(self, peer, message_text):
        try:
            message = json.loads(str(message_text))
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind == "seated" and (self.host is None or self.host_gone or peer == self.host):
            self.host = peer
            self.host_gone = False
            self.said = ""
            self.seat = message.get("seat")
            self.room = message.get("room")
            self.storage.save_guest_seat(self.link[0], self.name, self.token)
            if self.phase in ("name", "joining", "refused"):
                self.phase = "seated"
            self.render(focus=True)
            return
        if kind == "refused" and self.host is None:
            self.phase = "refused" if message.get("final") else "name"
            self.error = str(message.get("error"))
            self.render(focus=True)
            return
        if peer != self.host:
            return  # only the host speaks for the table
        if kind == "room":
            room = message.get("room")
            if self.room is not None and isinstance(room, dict) \
                    and room.get("commitment") != self.room.get("commitment"):
                self.new_deal()  # a rematch: a new shuffle, a new game
            self.room = room
        elif kind == "state":
            self.take(message.get("reply"))
        elif kind == "move-refused":
            if self.session is not None:
                self.session.message = message.get("error")
                self.session.rule = message.get("rule")
            root.dataset.busy = "0"
        elif kind == "hint":
            if self.session is not None:
                self.session.hint = message.get("hint")
        elif kind == "react":
            seat = message.get("seat")
            names = self.room["names"] if self.room else []
            who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
            self.reacted = who + ": " + str(message.get("emoji"))
        elif kind == "refused":
            self.said = str(message.get("error"))
        elif kind == "closed":
            self.phase = "closed"
        self.render()

    def new_deal(self):
        self.session = None
        self.check = ""
        self.checking = False
        self.filed = False
        root.removeAttribute("data-fair")

    def take(self, reply):
        """The host's engine's state for this seat: kept by a session as the app keeps its
        own engine's replies (ui/session.py)."""
        if not isinstance(reply, dict) or self.room is None:
            return
        first = self.session is None
        if first:
            room = self.room
            self.session = Session(room["game"], self.seats(), room["names"], self.seat)
        self.session.take(reply)
        root.dataset.busy = "0"
        self.phase = "playing"
        if reply.get("over") and reply.get("record") is not None and not self.checking:
            self.checking = True
            asyncio.create_task(self.check_fairness(reply))

    def seats(self):
        """Seat kinds as this device's table names them: you, and the others by name."""
        return ["human" if seat == self.seat else "friend" for seat in range(self.room["players"])]

    # ---- the end: the shuffle revealed, checked, the game replayed -----------------------------
    async def check_fairness(self, reply):
        record = reply["record"]
        commitment = (self.room or {}).get("commitment") or ""
        self.check = "Checking the game: the shuffle against the fingerprint…"
        self.render()
        digest = str(await window.matchbookSha256("matchbook-seed:" + str(record.get("seed"))))
        if digest != commitment:
            self.check = ("This game does not check out: the shuffle revealed at the end is not"
                          " the one whose fingerprint was shown at the deal.")
            root.dataset.fair = "no"
            self.render()
            return
        self.check = ("The shuffle matches the fingerprint shown at the deal. Replaying the"
                      " game on this device (loading the game engine)…")
        self.render()
        engine = window.matchbookEngine
        engine.connect()
        engine.go()
        status = json.loads(str(await engine.ready))
        if not status.get("ok"):
            self.check = ("The shuffle matches the fingerprint shown at the deal; the replay"
                          " could not run here (the game engine did not start).")
            root.dataset.fair = "unchecked"
            self.render()
            return
        view = dict(reply["view"])
        answer = json.loads(str(await engine.call(json.dumps(
            {"op": "verify", "record": record, "commitment": commitment, "seat": self.seat,
             "view": view}))))
        if answer.get("ok") and answer.get("fair"):
            self.check = ("This game checks out: the shuffle matches the fingerprint shown at"
                          " the deal, and replaying it on this device gives the table you saw.")
            root.dataset.fair = "yes"
            self.file(record)
        else:
            failed = [item.get("what") for item in answer.get("checks") or []
                      if not item.get("ok")]
            self.check = ("This game does not check out: "
                          + (" ".join(failed) if failed else str(answer.get("error"))))
            root.dataset.fair = "no"
        self.render()

    def file(self, record):
        """The finished game in this browser's History too (it replays there)."""
        session = self.session
        if self.filed or session is None:
            return
        session.record = dict(record)
        session.actions = list(record.get("actions") or [])
        session.entry = "friends-" + self.link[0] + "-" + str(record.get("seed"))[-8:]
        stamp = str(window.Date.new().toISOString())[:16].replace("T", " ")
        try:
            self.storage.add_history(session.history_entry(stamp))
            self.filed = True
        except store.StorageFull:
            self.check += " (Storage is full: it could not be added to your History.)"

    # ---- drawing ------------------------------------------------------------------------------
    def title(self):
        return (self.room or {}).get("title") or "A friends' table"

    def render(self, focus=False):
        if self.main is None:
            self.main = document.getElementById("app")
        phase = self.phase
        if phase == "bad-link":
            html = notice_screen("This invite link does not work", LINK_WORDS)
        elif phase in ("name", "joining"):
            html = join_form("Join a friends' table", self.name, self.error,
                             phase == "joining", self.slow_join)
        elif phase == "refused":
            html = notice_screen("You cannot sit at this table", self.error)
        elif phase == "closed":
            html = notice_screen("The table is closed", "The host closed this table.")
        elif phase == "seated" or self.session is None or self.session.state is None:
            html = guest_waiting(self.room, self.seat, self.title()) + self.said_line()
        else:
            html = self.table()
        if not morph_into(self.main, html):
            self.main.innerHTML = html
        root.dataset.guest = phase
        if self.session is not None and self.session.state is not None:
            state = self.session.state
            root.dataset.moves = str(state["moves"])
            root.dataset.turn = ("over" if state["over"] else
                                 "human" if self.seat in (state.get("pending") or []) else
                                 "friend")
        if focus:
            heading = document.getElementById("screen-h")
            if heading is not None:
                heading.focus()

    def said_line(self):
        return text("p", {"class": "notice", "role": "status"}, self.said) if self.said else ""

    def table(self):
        session = self.session
        state = session.state
        over = state["over"]
        ctx = table_context(LAYOUTS[session.game], session.seats, session.names, self.seat,
                            self.title(), mode="ended" if over else "remote",
                            message=session.message, rule=session.rule,
                            choosing=session.choosing, recent_from=session.recent_from(),
                            log_cache=session.log_html,
                            hints=bool(self.room.get("hints")) and not over, hint=session.hint)
        html, self.tries = render_table(state, ctx)
        say(log_lines(session.unannounced(), ctx))  # this seat's own log: nothing hidden
        check = ""
        if self.check:
            check = text("p", {"class": "notice fair-check", "role": "status",
                               "id": "fair-check"}, self.check)
        head = tag("div", {"class": "table-head"},
                   tag("h2", {"id": "screen-h", "tabindex": "-1"}, esc(self.title())))
        return "".join((head, self.said_line(), html,
                        table_panel(self.room, self.seat, self.reacted, check)))

    # ---- the player's clicks ----------------------------------------------------------------
    def on_keydown(self, event):
        if str(event.key) == "Enter" and event.target is not None \
                and event.target.getAttribute("id") == "guest-name":
            event.preventDefault()
            asyncio.create_task(self.cmd_join())

    def on_click(self, event):
        target = event.target.closest("[data-action],[data-cmd],[data-choose]")
        if target is None:
            return
        event.preventDefault()
        index = target.getAttribute("data-action")
        session = self.session
        if index is not None:
            if session is None or session.state is None or session.state["over"]:
                return
            legal = session.state["legal"]
            if int(index) < len(legal):
                root.dataset.busy = "1"
                session.decided()  # what happened before is no longer news
                self.send(self.host, {"type": "act", "action": legal[int(index)],
                                      "moves": session.state["moves"]})
            return
        card = target.getAttribute("data-choose")
        if card is not None and session is not None:
            session.choosing = card
            self.render()
            return
        command = target.getAttribute("data-cmd")
        if command == "join":
            asyncio.create_task(self.cmd_join())
        elif command == "cancel-choice" and session is not None:
            session.choosing = None
            self.render()
        elif command == "hint" and session is not None:
            self.send(self.host, {"type": "hint"})
        elif command == "react":
            self.send(self.host, {"type": "react", "emoji": str(target.getAttribute("data-emoji"))})

    async def cmd_join(self):
        if self.phase != "name":
            return
        field = document.getElementById("guest-name")
        name = str(field.value).strip() if field is not None else ""
        if not name:
            self.error = "Type your name first (1 to 24 characters)."
            self.render()
            return
        self.name = name[:24]
        if self.token is None:
            self.token = random_text(24, store.TOKEN_CHARS)
        await self.join()


async def start():
    app = GuestApp(store.Storage(window.matchbookStorage, "guest"))
    await app.start()
