# The shell: what every screen shares, each part owned once — the router (the page's
# fragment), the engine client, storage and settings, the catalog, the notices above every
# screen, and the one <main> the screens draw into. It composes the screens (lobby, play,
# replay, rules, history: ui/lobby.py, ui/play.py, ui/replay.py, ui/rules_page.py,
# ui/history.py), each an object that owns its own state and is reached by name
# (``shell.play``), never through an attribute shared by convention. Moving between screens is
# one call (``go``); ``render`` is the one place that decides focus and scroll. Runs in
# MicroPython on the main thread.

import asyncio

from ui import storage as store
from ui.catalog import Catalog
from ui.client import EngineError
from ui.dom import create_proxy, document, select_and_copy, window
from ui.friends import FriendsScreen
from ui.history import HistoryScreen
from ui.lobby import LobbyScreen
from ui.markup import esc, tag, text
from ui.morph import morph_into
from ui.play import PlayScreen
from ui.render_lobby import problems_notice
from ui.replay import ReplayScreen
from ui.rules_page import RulesScreen, named_rule

root = document.documentElement

SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
ZONE = "[data-zone]"  # a group of buttons that is one tab stop (the hand, the choices, a grid)
MOVES = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
LOADING = "loading"  # what a screen says while it has nothing to show yet (no heading)


def index_of(buttons, node):
    """Where ``node`` is among ``buttons`` (a NodeList); None when it is not one of them."""
    if node is None:
        return None
    for index in range(int(buttons.length)):
        if buttons[index].isSameNode(node):
            return index
    return None


def rove(main):
    """One tab stop per zone: in each, the button with the focus (or else the first that does
    something now, or the chosen one, or else the first) is the one Tab reaches; the arrow
    keys reach the rest."""
    focused = document.activeElement
    for zone in main.querySelectorAll(ZONE):
        buttons = zone.querySelectorAll("button")
        chosen = index_of(buttons, focused)
        if chosen is None:
            chosen = index_of(buttons, zone.querySelector(
                "button[data-action], button[data-choose], button[aria-pressed=true]")) or 0
        for index in range(int(buttons.length)):
            buttons[index].setAttribute("tabindex", "0" if index == chosen else "-1")


def row_neighbour(buttons, index, step):
    """The button in the next row up (step -1) or down (1) nearest in x; the same one if
    there is none (a hand on one line, the grid's last row)."""
    here = buttons[index].getBoundingClientRect()
    best, best_key = index, None
    for other in range(int(buttons.length)):
        box = buttons[other].getBoundingClientRect()
        rows_away = (box.top - here.top) * step
        if rows_away < here.height / 2:
            continue
        key = (rows_away, abs(box.left - here.left))
        if best_key is None or key < best_key:
            best, best_key = other, key
    return best


def screen_of(route):
    """The screen a route shows: #/play, #/rules/..., #/history, #/replay/... and #/shared/...
    (a replay), else the lobby (#/, #/deal/...)."""
    if route.startswith("#/play"):
        return "play"
    if route.startswith("#/rules"):
        return "rules"
    if route.startswith("#/history"):
        return "history"
    if route.startswith("#/replay/") or route.startswith("#/shared/"):
        return "replay"
    if route.startswith("#/friends"):
        return "friends"
    return "lobby"


class Shell:
    def __init__(self, client, storage):
        self.client = client
        self.storage = storage
        self.settings = storage.settings()
        self.show_settings()
        self.catalog = Catalog(storage)
        self.problems = []  # saves storage could not read, said above every screen
        self.notice = ""  # one sentence above the screen until the route changes
        self.share_link = None
        self.copied = ""  # what the Copy button did, said beside it
        self.main = None  # <main id="app">, looked up once (each call to JS costs)
        self.mounted = None  # the markup last put there (the same again changes nothing)
        self.shown = None  # (screen, what it showed) at the last render
        self.focus_due = False  # a move to a screen whose heading is not drawn yet
        self.rendered_route = None
        self.marks = {}  # the html data-* values last written (tests and the bench read them)
        self.lobby = LobbyScreen(self)
        self.play = PlayScreen(self)
        self.replay = ReplayScreen(self)
        self.rules = RulesScreen(self)
        self.history = HistoryScreen(self)
        self.friends = FriendsScreen(self)
        self.screens = {"lobby": self.lobby, "play": self.play, "replay": self.replay,
                        "rules": self.rules, "history": self.history, "friends": self.friends}
        self.commands = {"go": self.cmd_go, "dismiss-problems": self.cmd_dismiss_problems,
                         "share-done": self.cmd_share_done, "copy-link": self.cmd_copy_link}
        for screen in self.screens.values():
            for name, handler in screen.commands().items():
                assert name not in self.commands, name
                self.commands[name] = handler

    # ---- routes -------------------------------------------------------------------------------
    def route(self):
        return str(window.location.hash or "#/")

    def go(self, route):
        """Show another screen (or the same one anew, from its top): the one call that moves
        between screens. It is drawn now; the hashchange that follows finds it drawn."""
        if self.route() != route:
            window.location.hash = route
        self.arrive(route)

    def on_route(self, event):
        route = self.route()
        if route != self.rendered_route:  # else drawn already by whoever set it (``go``)
            self.arrive(route)

    def arrive(self, route):
        self.notice = ""
        self.share_link = None
        self.lobby.route_changed(route)
        if screen_of(route) == "replay" and self.client.ready:
            self.replay.forget()
            asyncio.create_task(self.replay.open(route))
        elif route.startswith("#/deal/") and self.client.ready:
            asyncio.create_task(self.play.open_deal(route[len("#/deal/"):]))
        self.play.schedule_bots()  # back at the table: the bots carry on
        self.render(focus=True)

    # ---- drawing ------------------------------------------------------------------------------
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
        in_dock = False
        if focused is not None and main.contains(focused):
            in_dock = focused.closest(".dock") is not None
            for name in ("data-card", "data-cmd", "id"):
                value = focused.getAttribute(name)
                if value and all(char in SAFE for char in str(value)):
                    keep = (name, str(value))
                    break
        if not (morph and morph_into(main, html)):
            main.innerHTML = html
        if keep is not None:
            again = main.querySelector("[" + keep[0] + '="' + keep[1] + '"]')
            if again is None and in_dock:
                # The card just played left the hand: the focus stays in the hand (or on the
                # decision now in front of the player), never dropped to the page.
                again = (main.querySelector(".dock .hand [data-action]")
                         or main.querySelector(".dock [data-action], .dock [data-choose]")
                         or main.querySelector(".dock button"))
            if again is not None:
                again.focus()
        rove(main)

    def banner(self):
        """The notices above every screen: unreadable saves, another tab's game, one sentence
        from the shell or a screen, a link to share."""
        parts = [problems_notice(self.problems), self.play.conflict_notice()]
        if self.notice:
            parts.append(tag("div", {"class": "notice", "role": "status"}, esc(self.notice)))
        if self.share_link:
            parts.append(tag("div", {"class": "notice share", "role": "status"},
                             text("label", {"for": "share-link"},
                                  "Link to share (opens the same in any browser):"),
                             tag("input", {"id": "share-link", "readonly": True,
                                           "value": self.share_link, "class": "share-link"}),
                             tag("button", {"type": "button", "data-cmd": "copy-link",
                                            "class": "primary"}, "Copy"),
                             tag("button", {"type": "button", "data-cmd": "share-done"},
                                 "Done"),
                             text("span", {"class": "copied", "id": "share-copied",
                                           "role": "status"}, self.copied)))
        return "".join(parts)

    def holds(self, marker):
        """<main> holds a screen that was not mounted from markup (the page the build drew):
        ``marker`` stands for it, so the next mount morphs from what is there. Its zones get
        their one tab stop, as a mounted screen's do."""
        self.mounted = marker
        if self.main is None:
            self.main = document.getElementById("app")
        rove(self.main)

    def reread_problems(self):
        """Storage found more it cannot read (a save that does not replay): say so too."""
        self.problems = list(self.storage.problems)

    def say(self, notice):
        """One sentence above the screen, now."""
        self.notice = notice
        self.render()

    def mark(self, name, value):
        """An html data-* value, written only when it changes (each write calls JavaScript)."""
        if self.marks.get(name) != value:
            self.marks[name] = value
            root.setAttribute("data-" + name, value)

    def render(self, focus=False):
        """Draw the route's screen. Focus and scroll are decided here and nowhere else: a new
        screen (``focus``, or the screen showing something else than last time: the table
        became a hand-off or a round's summary) starts at its top, its heading focused; a
        screen still loading gets that once its heading is drawn."""
        route = self.route()
        name = screen_of(route)
        showing = self.screens[name].render(route)
        where = (name, showing)
        if route != self.rendered_route:  # the same screen again: the top bar is right
            nav = route.split("/")[1] if "/" in route else ""
            for link in document.querySelectorAll("nav.top a"):
                if link.getAttribute("data-nav") == (nav or "lobby"):
                    link.setAttribute("aria-current", "page")
                else:
                    link.removeAttribute("aria-current")
        moved = (self.shown is not None and self.shown[0] == name and self.shown != where
                 and LOADING not in (showing, self.shown[1]))
        self.shown = where
        self.rendered_route = route
        if focus or moved or self.focus_due:
            self.focus_due = showing == LOADING
            if not self.focus_due:
                self.focus_screen(route)

    def skip(self):
        """The page's "Skip to the game" link: at a table to your hand (or the decision in
        front of you), elsewhere to the screen's heading, the next Tab its first control."""
        main = document.getElementById("app")
        target = (main.querySelector(".dock [data-zone] button[tabindex='0']")
                  or main.querySelector(".dock button")
                  or document.getElementById("screen-h") or main.querySelector("h2"))
        if target is not None:
            if target.tagName == "H2" and target.getAttribute("tabindex") is None:
                target.setAttribute("tabindex", "-1")
            target.focus()

    def focus_screen(self, route):
        """A new screen starts at the top (or at the rule its route names), with the focus on
        its heading, for keyboard and screen-reader users."""
        target = named_rule(route)
        if target is not None:
            target.setAttribute("tabindex", "-1")
            target.focus()
            target.scrollIntoView()
            return
        main = document.getElementById("app")
        heading = document.getElementById("screen-h") or main.querySelector("h2")
        if heading is not None:
            if heading.getAttribute("tabindex") is None:
                heading.setAttribute("tabindex", "-1")
            heading.focus()
        window.scrollTo(0, 0)

    # ---- the shell's own commands ----------------------------------------------------------------
    async def cmd_go(self, target):
        self.go(target.getAttribute("data-route"))

    async def cmd_dismiss_problems(self, target):
        self.problems = []
        self.storage.problems = []
        self.render()

    async def cmd_share_done(self, target):
        self.share_link = None
        self.render()

    async def cmd_copy_link(self, target):
        """The link to the clipboard (selected first, so a browser that refuses the copy
        leaves it ready for the player's own)."""
        field = document.getElementById("share-link")
        if field is None:
            return
        done = select_and_copy(field)
        self.copied = ("Copied: paste it in a message." if done else
                       "Selected: copy it with your device's Copy.")
        self.render()

    async def share(self, op, **fields):
        """A link that opens a deal (``share_deal``) or a game (``share_game``) anywhere."""
        try:
            response = await self.client.call(op, **fields)
        except EngineError as error:  # its reason, in the engine's words
            self.share_link = None
            self.say("This cannot be shared: " + error.reason)
            return
        route = "#/deal/" if op == "share_deal" else "#/shared/"
        base = str(window.location.href).split("#")[0]
        self.share_link = base + route + response["text"]
        self.copied = ""
        self.render()

    def show_settings(self):
        """What a setting changes on every screen at once: the suits' colours, a class on
        <html> that the faces' colours follow (static/css/app.css)."""
        if self.settings.get("four_colour"):
            root.classList.add("four-colour")
        else:
            root.classList.remove("four-colour")

    def save_settings(self):
        try:
            self.storage.save_settings(dict(self.settings))
        except store.StorageFull:
            self.say("Storage is full: this setting holds until you reload.")

    # ---- events -------------------------------------------------------------------------------
    def on_click(self, event):
        if event.target.closest("a.skip") is not None:
            event.preventDefault()  # its #app is not a route: the screen stays as it is
            self.skip()
            return
        target = event.target.closest("[data-action],[data-try],[data-cmd],[data-choose]")
        if target is None:
            return
        event.preventDefault()
        if self.play.take_click(target):
            return  # a move, sent to the engine now, on the click path
        # At once, so nobody reads the old turn as current: a choice, or a command such as
        # Start that replaces the table (the finished game's "over" stays until it answers).
        root.dataset.busy = "1"
        asyncio.create_task(self.handle_click(target))

    async def handle_click(self, target):
        try:
            await self.dispatch_click(target)
        finally:
            if not self.play.busy:
                root.dataset.busy = "0"

    async def dispatch_click(self, target):
        if target.getAttribute("data-action") is not None or \
                target.getAttribute("data-try") is not None:
            return  # a move that cannot be sent (a stale index): nothing to do
        card = target.getAttribute("data-choose")
        if card is not None:
            self.play.choose(card)
            return
        handler = self.commands.get(target.getAttribute("data-cmd"))
        if handler is not None:
            await handler(target)

    def on_change(self, event):
        target = event.target
        if target.getAttribute("data-setting") is not None:
            name = target.getAttribute("data-setting")
            if str(target.type) == "checkbox":
                self.settings[name] = bool(target.checked)
            else:
                self.settings[name] = str(target.value)
            self.show_settings()
            self.save_settings()
            self.render()
            return
        if not self.rules.on_change(target):
            self.lobby.on_change(target)

    def on_input(self, event):
        self.lobby.on_input(event.target)

    def on_keydown(self, event):
        """In a zone (the hand, the choices, the grid, the lobby's games) the arrow keys move from
        one button to the next (up and down to the row above or below), Home and End to the
        ends; Enter or Space presses it. Tab leaves the zone: one tab stop per zone."""
        key = str(event.key)
        if key not in MOVES:
            return
        target = event.target
        zone = target.closest(ZONE) if target is not None else None
        if zone is None:
            return
        buttons = zone.querySelectorAll("button")
        count = int(buttons.length)
        index = index_of(buttons, target)
        if index is None:
            return
        event.preventDefault()
        if key == "Home":
            goal = 0
        elif key == "End":
            goal = count - 1
        elif key in ("ArrowUp", "ArrowDown"):
            goal = row_neighbour(buttons, index, 1 if key == "ArrowDown" else -1)
        else:
            goal = (index + (1 if key == "ArrowRight" else -1)) % count
        buttons[goal].focus()  # on_focusin makes it the zone's tab stop

    def on_focusin(self, event):
        """A button of a zone that gets the focus (a click, an arrow key, a script) becomes
        the zone's one tab stop, so Tab leaves the zone and Shift+Tab comes back to it."""
        target = event.target
        zone = target.closest(ZONE) if target is not None else None
        if zone is None or target.tagName != "BUTTON":
            return
        if target.getAttribute("tabindex") == "0":
            return
        for button in zone.querySelectorAll("button[tabindex='0']"):
            button.setAttribute("tabindex", "-1")
        target.setAttribute("tabindex", "0")

    def on_storage(self, event):
        if event.key == store.CURRENT_KEY:
            self.play.changed_elsewhere()

    # ---- start --------------------------------------------------------------------------------
    async def boot(self):
        # Each step in a task of its own (window.matchbookNextTask, static/js/ui-bundle.mjs):
        # the page answers a tap between them, and no task runs long.
        self.storage.audit()  # size, depth, JSON and shape checks need no engine
        self.reread_problems()
        await window.matchbookNextTask()
        await self.catalog.read_static(self.route().startswith("#/rules"))
        if self.catalog.games:  # games and rules versions are known: the kept table can be
            self.lobby.reset_form(self.lobby.first_game())  # checked, and the lobby drawn
            self.play.keep_preview(self.storage.kept_view())
        await window.matchbookNextTask()
        self.render()
        # The lobby the build drew into the page stays inert until this first render.
        document.getElementById("app").removeAttribute("inert")
        root.dataset.ui = "ready"  # the lobby is drawn (the engine starts booting on this)
        completing = asyncio.create_task(self.complete_catalog())  # beside the engine's boot
        try:
            response = await self.client.connect(known=self.catalog.digest)
        except Exception as error:
            root.dataset.engine = "failed"
            status = document.getElementById("engine-status")
            status.textContent = ("The game engine could not start (" + str(error)
                                  + "). Reload the page to try again.")
            status.classList.add("failed")
            return
        await window.matchbookNextTask()  # the engine's arrival, in short tasks too
        drawn = bool(self.catalog.games)
        if not response.get("same"):  # the build's copy was not the engine's: use the engine's
            self.catalog.use(response["games"])
        else:
            await completing
            if self.catalog.partial:  # data/catalog.json was unreadable: the engine's text
                self.catalog.use((await self.client.call("catalog"))["games"])
        self.storage.audit()  # now unknown games and rules versions can be caught too
        if not drawn:
            self.lobby.reset_form(self.lobby.first_game())
        await self.play.resume_stored()
        await self.friends.resume()  # the friends' table this browser hosts, if any
        await window.matchbookNextTask()
        self.play.keep_preview(None)  # the engine's own state from here on
        self.reread_problems()
        root.dataset.engine = "ready"
        status = document.getElementById("engine-status")
        status.textContent = "Game engine ready."
        status.classList.add("ready")
        asyncio.create_task(self.register_service_worker())
        route = self.route()
        if screen_of(route) == "replay":
            await self.replay.open(route)
        elif route.startswith("#/deal/"):
            await self.play.open_deal(route[len("#/deal/"):])
            return
        self.play.schedule_bots()
        if drawn and screen_of(route) == "rules":
            return  # drawn from the same catalog: a re-render would close an open "Try it"
        self.render()

    async def complete_catalog(self):
        if await self.catalog.complete() and screen_of(self.route()) == "rules":
            self.render()

    async def register_service_worker(self):
        # Registered only once the engine is loaded, so the worker's precache finds the big
        # files in the HTTP cache instead of downloading them a second time.
        navigator = window.navigator
        if navigator.serviceWorker is None or not window.isSecureContext:
            return
        try:
            await navigator.serviceWorker.register("./sw.js")
        except Exception as error:  # noqa: BLE001 (a browser's refusal, said and let be)
            # e.g. bin/serve --lan, whose self-signed certificate a player accepted: browsers
            # keep service workers off such a page. It plays; it is just not kept offline.
            window.console.warn("Matchbook: this page is not kept for offline play: "
                                + str(error))

    def listen(self):
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("change", create_proxy(self.on_change))
        document.addEventListener("input", create_proxy(self.on_input))
        document.addEventListener("keydown", create_proxy(self.on_keydown))
        document.addEventListener("focusin", create_proxy(self.on_focusin))
        # Handler properties, not window.addEventListener: from MicroPython that call reaches
        # PyScript's patched addEventListener with the wrong `this` ("Illegal invocation").
        window.onhashchange = create_proxy(self.on_route)
        window.onstorage = create_proxy(self.on_storage)
