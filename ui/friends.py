# The host's side of a table played from several devices (the guests' side: ui/guest.py on
# join.html). The host's browser runs the engine and is the only authority: a friend's device
# sends its messages here (static/js/friends.mjs carries them over WebRTC), each one is handed
# unread to the engine's boundary (the service's "guest" op: parsed, checked, refused with a
# reason, for that connection's seat only), and each friend is sent only what the engine's
# "guest_view" gives for that seat. This screen owns the room: who sits where, who is
# connected, the invite link, the deal's fingerprint. The game itself is the play screen's
# (ui/play.py), with "friend" seats that neither a bot nor this device plays.
# Runs in MicroPython on the main thread.

import asyncio
import json

from ui import storage as store
from ui.client import EngineError
from ui.dom import create_proxy, document, random_text, select_and_copy, window
from ui.markup import esc, tag
from ui.render_friends import FRIEND, host_room, table_panel

# What a seat is called once the host chose who plays it (before any friend sits there).
SEAT_NAMES = {FRIEND: "", "bot": " (bot)", "human": ""}

ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # 32 letters, none mistaken for another
RATE = 20  # messages a second one device may send; beyond that they are dropped
ROUTE = "#/friends"


class FriendsScreen:
    def __init__(self, shell):
        self.shell = shell
        self.room = None  # the table being hosted (see open_room), None when none is
        self.session = None  # the play screen's game that is this room's
        self.peers = {}  # connection id -> its seat (None until it has said hello)
        self.seat_peer = {}  # seat -> connection id
        self.sent_log = {}  # seat -> the log cursor its device has
        self.rates = {}  # connection id -> [second, messages in it]
        self.copied = ""
        self.qr = ""  # the invite link as a QR code (SVG), drawn once the room is open
        self.status = ""
        self.said = ""  # the last reaction, in words
        self.inbox = []
        self.working = False
        self.pushing = False
        self.due = []  # seats whose devices are still to be sent the table as it is now
        self.event_proxy = None

    def commands(self):
        return {"play-friends": self.cmd_open, "friends-seat": self.cmd_seat,
                "friends-start": self.cmd_start, "friends-copy": self.cmd_copy,
                "friends-close": self.cmd_close, "react": self.cmd_react,
                "friends-hints": self.cmd_hints, "friends-stand-in": self.cmd_stand_in}

    # ---- what guests may know of the room ---------------------------------------------------
    def public(self):
        room = self.room
        return {"game": room["game"], "title": self.shell.catalog.title(room["game"]),
                "players": room["players"], "seats": room["seats"], "names": room["names"],
                "connected": room["connected"], "taken": room["taken"],
                "started": room["started"], "commitment": room["commitment"],
                "hints": room["hints"], "stand_in": room["stand_in"],
                "reactions": room.get("reactions") or []}

    def keep(self):
        """The room in storage, so a reload of the host's page resumes the table."""
        kept = None
        if self.room is not None:
            kept = {name: value for name, value in self.room.items()
                    if name not in ("connected", "taken", "reactions")}
        try:
            self.shell.storage.save_hosted_table(kept)
        except store.StorageFull:
            self.status = "Storage is full: a reload of this page would close the table."

    async def resume(self):
        """After a reload: the table this browser was hosting comes back, with its game (the
        play screen resumed it from its save); the friends' devices sit down again by
        themselves (their seat tokens)."""
        room = self.shell.storage.hosted_table()
        if room is None:
            return
        session = self.shell.play.session
        if room["started"] and (session is None or session.game != room["game"]
                                or len(session.seats) != room["players"]):
            self.shell.storage.save_hosted_table(None)  # its game is over or gone
            return
        room["connected"] = [True] + [False] * (room["players"] - 1)
        room["taken"] = [seat == 0 or token is not None
                         for seat, token in enumerate(room["tokens"])]
        self.room = room
        self.session = session if room["started"] else None
        self.peers = {}
        self.seat_peer = {}
        self.sent_log = {}
        self.status = "Opening the table again…"
        await self.connect()

    def invite_link(self):
        base = str(window.location.href).split("#")[0]
        base = base[:base.rindex("/") + 1] if "/" in base else base
        return base + "join.html#" + self.room["id"] + "." + self.room["secret"]

    def active(self, session=None):
        """A hosted table whose game is ``session`` (any hosted table when None)."""
        if self.room is None:
            return False
        return session is None or (self.room["started"] and session is self.session)

    # ---- drawing ------------------------------------------------------------------------------
    def render(self, route):
        shell = self.shell
        if self.room is None:
            shell.mount(shell.banner() + tag("h2", {"id": "screen-h", "tabindex": "-1"},
                                             "No table is open")
                        + tag("p", {"class": "notice"}, esc("Open one from the lobby: "),
                              tag("a", {"href": "#/"}, "Play with friends")))
            return "none"
        room = self.room
        shell.mount(shell.banner() + host_room(room, shell.catalog.title(room["game"]),
                                               self.invite_link(), self.copied, self.status,
                                               self.qr))
        shell.mark("friends", "started" if room["started"] else "open")
        return "room"

    def panel(self, session):
        """Beside the host's table: the seats, reactions and fairness."""
        if not self.active(session):
            return ""
        return table_panel(self.room, 0, self.said, host=True)

    def refresh(self):
        screen = self.shell.route()
        if screen.startswith(ROUTE) or (screen.startswith("#/play") and self.active()):
            self.shell.render()

    # ---- opening the table ---------------------------------------------------------------------
    async def cmd_open(self, target):
        shell = self.shell
        if not shell.client.ready:
            shell.say("The game engine is still loading; the table opens when it is ready.")
            return
        lobby = shell.lobby
        lobby.read_form()
        lobby.remember_setup()
        form = lobby.form
        if shell.play.unfinished():
            shell.say("Finish or abandon the game in progress first (Resume it from the"
                      " lobby), then open a table for friends.")
            return
        players = form["players"]
        seats = ["human"] + [FRIEND] * (players - 1)
        typed = (form.get("names") or [""])[0].strip() if form.get("names") else ""
        names = [typed or "Host"] + ["Seat " + str(seat + 1) for seat in range(1, players)]
        self.room = {"id": random_text(12, ALPHABET), "secret": random_text(20, ALPHABET),
                     "game": form["game"],
                     "players": players, "rules": form["rules"],
                     "options": dict(form["options"]), "bot": form["bot"],
                     "seats": seats, "names": names, "tokens": [None] * players,
                     "connected": [True] + [False] * (players - 1),
                     "taken": [True] + [False] * (players - 1), "started": False,
                     "stand_in": [False] * players,
                     "commitment": None, "hints": bool(shell.play.hints_on())}
        self.session = None
        self.peers = {}
        self.seat_peer = {}
        self.sent_log = {}
        self.copied = ""
        self.qr = ""
        self.said = ""
        self.status = "Opening the table…"
        self.keep()
        shell.go(ROUTE)
        await self.connect()

    async def connect(self):
        # The emoji a table offers are the engine's (the guest op accepts those only).
        self.room["reactions"] = (await self.shell.client.call("reactions"))["reactions"]
        if self.event_proxy is None:
            self.event_proxy = create_proxy(self.on_event)
        friends = getattr(window, "matchbookFriends", None)
        if friends is None:
            self.status = "Playing with friends is not available on this page."
            self.refresh()
            return
        options = store.connection_options(self.shell.settings)
        answer = json.loads(str(await friends.open("host", self.room["id"], self.room["secret"],
                                                   options, self.event_proxy)))
        if answer.get("ok"):
            self.status = ("The table is open. Send the invite link; each friend who opens it"
                           " sits in the next free seat.")
            draw = getattr(window, "matchbookQr", None)  # static/js/qr.mjs, once loaded
            if draw is not None:
                self.qr = str(await draw(self.invite_link()) or "")
        else:
            self.status = "The table could not open: " + str(answer.get("error"))
        self.refresh()

    async def cmd_seat(self, target):
        """Before the deal: a seat nobody has taken waits for a friend, gets a bot, or is
        played by someone at this device (hot seat)."""
        room = self.room
        seat = int(target.getAttribute("data-seat"))
        kind = str(target.getAttribute("data-kind"))
        if room is None or room["started"] or not 0 < seat < room["players"] \
                or room["taken"][seat] or kind not in SEAT_NAMES:
            return
        room["seats"][seat] = kind
        room["names"][seat] = "Seat " + str(seat + 1) + SEAT_NAMES[kind]
        self.tell_all({"type": "room", "room": self.public()})
        self.keep()
        self.refresh()

    async def cmd_hints(self, target):
        """Whether friends' devices may ask the engine for a hint (the Hint button)."""
        if self.room is None:
            return
        self.room["hints"] = not self.room["hints"]
        self.tell_all({"type": "room", "room": self.public()})
        self.keep()
        self.refresh()

    async def cmd_stand_in(self, target):
        """A friend's device is gone mid-game: a bot plays their seat until they are back
        (or, pressed again, the table waits for them)."""
        room = self.room
        session = self.session
        seat = int(target.getAttribute("data-seat"))
        if not self.active(session) or not 0 < seat < room["players"] \
                or room["seats"][seat] != FRIEND or room["connected"][seat]:
            return
        standing = not room["stand_in"][seat]
        room["stand_in"][seat] = standing
        session.seats[seat] = "bot" if standing else FRIEND
        self.keep()
        self.tell_all({"type": "room", "room": self.public()})
        self.shell.play.schedule_bots()
        self.shell.render()

    def back_in_seat(self, seat):
        """A friend whose seat a bot kept is back: the seat is theirs again."""
        room = self.room
        if room["stand_in"][seat]:
            room["stand_in"][seat] = False
            if self.session is not None:
                self.session.seats[seat] = FRIEND

    async def cmd_copy(self, target):
        field = document.getElementById("invite-link")
        if field is None:
            return
        self.copied = ("Copied: paste it in a message to your friends." if select_and_copy(field)
                       else "Selected: copy it with your device's Copy.")
        self.refresh()

    async def cmd_close(self, target):
        self.close()
        self.shell.go("#/")

    def close(self):
        if self.room is not None:
            self.tell_all({"type": "closed"})
        friends = getattr(window, "matchbookFriends", None)
        if friends is not None:
            friends.close()
        self.room = None
        self.keep()
        self.session = None
        self.peers = {}
        self.seat_peer = {}

    async def cmd_start(self, target):
        room = self.room
        if room is None or room["started"]:
            return
        if any(kind == FRIEND and not room["connected"][seat]
               for seat, kind in enumerate(room["seats"])):
            self.status = "Not yet: every friend's seat needs its friend (or a bot)."
            self.refresh()
            return
        await self.deal()

    async def rematch(self):
        """Play again: the same seats and names, a new shuffle with a new fingerprint."""
        if self.room is not None and self.room["started"]:
            await self.deal()

    async def deal(self):
        room = self.room
        shell = self.shell
        # A long seed of letters and digits: its hash, shown at the deal, cannot be reversed
        # by trying seeds, and it is revealed (and checked) when the game is over.
        seed = "s" + random_text(31, "0123456789abcdef")
        play = shell.play
        levels = [None if kind != "bot" else room["bot"] for kind in room["seats"]]
        try:
            await play.start_new(room["game"], room["seats"], room["names"], room["bot"], levels,
                                 seed=seed, players=room["players"], rules=room["rules"],
                                 options=room["options"])
            commitment = (await shell.client.call("commit", slot="play"))["commitment"]
        except EngineError as error:
            self.status = "The game could not start: " + error.reason
            self.refresh()
            return
        room["commitment"] = commitment
        room["started"] = True
        self.session = play.session
        self.sent_log = {}
        self.keep()
        self.tell_all({"type": "room", "room": self.public()})
        self.changed(play.session)
        shell.render()

    async def cmd_react(self, target):
        emoji = target.getAttribute("data-emoji")
        if self.room is None or not emoji:
            return
        try:
            reply = await self.shell.client.call(
                "guest", message=json.dumps({"type": "react", "emoji": str(emoji)}))
        except EngineError:
            return
        self.said = self.room["names"][0] + ": " + reply["react"]
        self.tell_all({"type": "react", "seat": 0, "emoji": reply["react"]})
        self.refresh()

    # ---- the connection's events ----------------------------------------------------------------
    def on_event(self, event_text):
        """static/js/friends.mjs: a device joined or left, or sent a message (JSON text).
        Handled one at a time, in order."""
        self.inbox.append(str(event_text))
        if not self.working:
            self.working = True
            asyncio.create_task(self.work())

    async def work(self):
        try:
            while self.inbox:
                event = self.inbox.pop(0)
                try:
                    await self.handle(json.loads(event))
                except EngineError as error:
                    self.status = "A friend's message could not be handled: " + error.reason
        finally:
            self.working = False

    async def handle(self, event):
        if self.room is None:
            return
        kind = event.get("type")
        peer = event.get("peer")
        if kind == "join":
            self.peers.setdefault(peer, None)
        elif kind == "leave":
            seat = self.peers.pop(peer, None)
            if seat is not None and self.seat_peer.get(seat) == peer:
                del self.seat_peer[seat]
                self.room["connected"][seat] = False
                self.tell_all({"type": "room", "room": self.public()})
                self.refresh()
        elif kind == "message":
            await self.message(peer, event.get("text"))
        elif kind == "error":
            self.status = str(event.get("error"))
            self.refresh()

    def allowed(self, peer):
        """At most RATE messages a second from one device; the rest are dropped unread."""
        second = int(window.performance.now() // 1000)
        rate = self.rates.get(peer)
        if rate is None or rate[0] != second:
            rate = self.rates[peer] = [second, 0]
        rate[1] += 1
        if rate[1] == RATE + 1:
            self.send(peer, {"type": "refused", "error": "Too many messages: slow down."})
        return rate[1] <= RATE

    async def message(self, peer, message_text):
        if not self.allowed(peer):
            return
        seat = self.peers.get(peer)
        client = self.shell.client
        if seat is None:
            try:  # only a hello may come from a device that has no seat
                reply = await client.call("guest", message=message_text)
            except EngineError as error:
                self.send(peer, {"type": "refused", "error": error.reason})
                return
            if reply.get("hello") is None:
                self.send(peer, {"type": "refused", "error": "Sit down first."})
                return
            self.seat_guest(peer, reply["hello"])
            return
        try:
            reply = await client.call("guest", seat=seat, message=message_text,
                                      hints=self.room["hints"])
        except EngineError as error:
            self.send(peer, {"type": "move-refused", "error": error.reason, "rule": error.rule})
            return
        if reply.get("react") is not None:
            self.said = self.room["names"][seat] + ": " + reply["react"]
            self.tell_all({"type": "react", "seat": seat, "emoji": reply["react"]})
            self.refresh()
        elif reply.get("hint") is not None:
            self.send(peer, {"type": "hint", "hint": reply["hint"]})
        elif reply.get("view") is not None:
            session = self.session
            if session is not None and reply["moves"] != session.moves():
                await self.shell.play.friend_moved(session)  # pushes to everyone
            else:
                self.sent_log[seat] = 0  # a device that asks again gets all of it
                self.changed(session, seat)

    def seat_guest(self, peer, hello):
        """A device said hello: its seat back (its token), else the next free friend's seat."""
        room = self.room
        token = hello["token"]
        seat = None
        for index, kept in enumerate(room["tokens"]):
            if kept == token:
                seat = index
        if seat is None and not room["started"]:
            for index, kind in enumerate(room["seats"]):
                if kind == FRIEND and not room["taken"][index]:
                    seat = index
                    break
        if seat is None:
            if room["started"]:
                error = ("This game has started without you: ask the host for a seat at the"
                         " next one.")
            else:
                error = ("This table is full: all " + str(room["players"]) + " seats are"
                         " taken.")
            self.send(peer, {"type": "refused", "error": error, "final": True})
            return
        old = self.seat_peer.get(seat)
        if old is not None and old != peer:
            self.peers.pop(old, None)  # the same friend, come back on a new connection
        self.peers[peer] = seat
        self.seat_peer[seat] = peer
        room["tokens"][seat] = token
        if not room["started"]:
            room["names"][seat] = hello["name"]
        room["connected"][seat] = True
        room["taken"][seat] = True
        self.back_in_seat(seat)
        self.sent_log[seat] = 0
        self.keep()
        self.send(peer, {"type": "seated", "seat": seat, "room": self.public()})
        self.tell_all({"type": "room", "room": self.public()})
        if room["started"]:
            self.changed(self.session, seat)
        self.refresh()

    # ---- sending --------------------------------------------------------------------------------
    def send(self, peer, message):
        friends = getattr(window, "matchbookFriends", None)
        if friends is not None and peer is not None:
            friends.send(peer, json.dumps(message))

    def tell_all(self, message):
        for peer in list(self.seat_peer.values()):
            self.send(peer, message)

    def changed(self, session, seat=None):
        """The game moved (every seated device is due its state), or one device needs it
        again (``seat``): each is sent its own seat's state, nothing else. One push at a time,
        in order."""
        if not self.active(session):
            return
        for due in (self.seat_peer if seat is None else (seat,)):
            if due not in self.due:
                self.due.append(due)
        if not self.pushing:
            self.pushing = True
            asyncio.create_task(self.push())

    async def push(self):
        try:
            while self.due:
                seat = self.due.pop(0)
                peer = self.seat_peer.get(seat)
                if peer is None:
                    continue  # gone meanwhile: it is sent everything when it is back
                try:
                    reply = await self.shell.client.call(
                        "guest_view", seat=seat, log_from=self.sent_log.get(seat, 0))
                except EngineError as error:
                    self.status = "A friend's table could not be sent: " + error.reason
                    continue
                self.sent_log[seat] = reply["view"].get("log_next", 0)
                self.send(peer, {"type": "state", "reply": reply})
        finally:
            self.pushing = False
