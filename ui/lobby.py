# The lobby screen: the new-game form (game, players, who sits where and their names, rules
# version, options, seed), the engine's check of it (a refusal shows beside the field that
# caused it), and the question before a new game replaces an unfinished one. It owns the form;
# the game it starts is the play screen's (ui/play.py). Runs in MicroPython on the main thread.

import asyncio

from ui import storage as store
from ui.client import EngineError
from ui.dom import document
from ui.morph import morph_into
from ui.motion import speed_of
from ui.render_lobby import fit_seats, form_for_game, initial_form, render_lobby, start_row

FIRST_LOBBY = "(the lobby the build drew in index.html)"  # Shell.mounted for it
ENGINE_LOBBY = "(that lobby, Start enabled)"  # and once the engine has arrived

MAX_NAME = 24  # a hot-seat player's name


def apply_setup(form, info, kept):
    """A kept setup onto a fresh form for ``info``: each value only where the catalog still
    allows it (a save is untrusted: an old version may have kept what no longer exists)."""
    counts = info.get("player_counts") or range(info["min_players"], info["max_players"] + 1)
    players = kept.get("players")
    seats = kept.get("seats") or []
    if players in counts and len(seats) == players:
        form["players"] = players
        form["seats"] = list(seats)
        bots = info.get("bots") or []
        form["levels"] = [level if level in bots else None
                          for level in (list(kept.get("levels") or []) + [None] * players)
                          [:players]]
        form["names"] = [str(name or "")[:MAX_NAME] for name in kept.get("names") or []]
    if kept.get("rules") in [version["id"] for version in info["rule_versions"]]:
        form["rules"] = kept["rules"]
    for spec in info["options"]:
        value = (kept.get("options") or {}).get(spec["id"])
        if any(type(value) is type(allowed) and value == allowed for allowed in spec["values"]):
            form["options"][spec["id"]] = value
    if kept.get("bot") in (info.get("bots") or []):
        form["bot"] = kept["bot"]


class LobbyScreen:
    def __init__(self, shell):
        self.shell = shell
        self.form = initial_form()
        self.errors = {}  # lobby field id -> the engine's refusal, shown beside it
        self.last_field = "start"  # the form field the player changed last
        self.confirm = None  # a start (or a deal) waiting for resume-or-abandon
        self.pending_deal = None  # the deal link that waits for that answer
        self.setup_open = False  # the whole setup shows (else one line says it)
        self.setups = None  # the setup last used for each game (storage's, read once)

    def commands(self):
        return {"pick-game": self.cmd_pick_game, "start": self.cmd_start,
                "abandon-start": self.cmd_abandon_start, "abandon-deal": self.cmd_abandon_deal,
                "resume": self.cmd_resume, "toggle-setup": self.cmd_toggle_setup}

    # ---- drawing ------------------------------------------------------------------------------
    def render(self, route):
        shell = self.shell
        if not shell.catalog.games:
            return "lobby"  # the static skeleton in index.html stays until the catalog arrives
        resume = shell.play.resumable()
        if shell.mounted is None and resume is None and self.is_first_lobby():
            # The page holds this very screen: the build drew it from the same catalog with
            # the same code (first_lobby, tools/static_data.py). Markup made only to find the
            # same nodes again is left out of the first screen's critical path; the next render
            # morphs from what the page holds.
            shell.holds(FIRST_LOBBY)
            return "lobby"
        if shell.mounted is FIRST_LOBBY and resume is None and shell.client.ready \
                and self.is_first_lobby(engine_ready=True):
            # Still that screen, and the engine has arrived: of the whole lobby only Start and
            # the words beside it differ (start_row). Making all its markup again to find that
            # was the main thread's longest task after the first screen.
            row = document.querySelector("#app .start-row")
            if row is not None and morph_into(row, start_row(True, self.errors, self.confirm)):
                shell.holds(ENGINE_LOBBY)
                return "lobby"
        settings = dict(shell.settings)  # the speed as it will be: slow for a first game
        settings["speed"] = speed_of(settings, shell.play.is_first_game())
        settings["hints"] = shell.play.hints_on()
        shell.mount(shell.banner() + render_lobby(shell.catalog.games, self.form, resume,
                                                  shell.client.ready, settings,
                                                  self.errors, self.confirm, self.setup_open),
                   morph=True)
        return "lobby"

    def is_first_lobby(self, engine_ready=False):
        """Whether the lobby now is the one a first visit shows (``first_lobby``): no notice,
        the engine not ready (unless ``engine_ready``: then the app has the page's lobby, not
        the build's), the default settings and the untouched form, nothing refused or
        waiting for an answer."""
        shell = self.shell
        if shell.client.ready != engine_ready or self.errors or self.confirm or shell.banner():
            return False
        if self.setup_open or (self.setups or {}).get("last"):
            return False
        if shell.settings != store.DEFAULT_SETTINGS:
            return False
        drawn = document.getElementById("app")
        if drawn is None or (not engine_ready and not drawn.hasAttribute("inert")):
            return False  # not the page the build drew
        first = initial_form()
        catalog = shell.catalog
        return self.form == form_for_game(first, catalog.game_info(first["game"])
                                          or catalog.games[0])

    # ---- the form -----------------------------------------------------------------------------
    def reset_form(self, game_id):
        """The form for a game: the rules' defaults, then the setup last used for it (each
        kept value only if the catalog still offers it)."""
        catalog = self.shell.catalog
        info = catalog.game_info(game_id) or catalog.games[0]
        form_for_game(self.form, info)
        self.errors = {}
        kept = self.kept_setups()["games"].get(info["id"])
        if kept:
            apply_setup(self.form, info, kept)

    def first_game(self):
        """The game the lobby opens on: the one last played, if the catalog has it."""
        last = self.kept_setups().get("last")
        return last if last and self.shell.catalog.game_info(last) else self.form["game"]

    def kept_setups(self):
        if self.setups is None:
            self.setups = self.shell.storage.setups()
        return self.setups

    def remember_setup(self):
        """The setup just played is the next Play's (for this game), kept across visits."""
        form = self.form
        setups = self.kept_setups()
        setups["last"] = form["game"]
        setups["games"][form["game"]] = {
            "players": form["players"], "seats": list(form["seats"]),
            "levels": list(form.get("levels") or []),
            "names": [name[:MAX_NAME] for name in form.get("names") or []][:len(form["seats"])],
            "rules": form["rules"], "options": dict(form["options"]), "bot": form["bot"]}
        try:
            self.shell.storage.save_setups(setups)
        except store.StorageFull:
            pass  # the setup holds until a reload; nothing else is lost

    async def cmd_toggle_setup(self, target):
        self.read_form()
        self.setup_open = not self.setup_open
        self.shell.render()
        if self.setup_open:
            first = document.getElementById("players")
        else:
            first = document.querySelector("#app [data-cmd=toggle-setup]")
        if first is not None:
            first.focus()

    def settled(self):
        """A game began: nothing waits for an answer, nothing is refused."""
        self.confirm = None
        self.pending_deal = None
        self.errors = {}

    def route_changed(self, route):
        if not route.startswith("#/deal/"):
            self.confirm = None

    def option_values(self, option_id):
        for spec in (self.shell.catalog.game_info(self.form["game"]) or {}).get("options") or []:
            if spec["id"] == option_id:
                return spec["values"]
        return []

    def form_names(self, seats):
        """The names typed in the lobby, else "You" / "Seat N" / "Seat N (bot)"."""
        names = store.default_names(seats)
        words = self.shell.catalog.level_words(self.form["game"])
        for seat, level in enumerate(self.seat_levels(seats)):
            if level in words:  # History then says who played at which level
                names[seat] = "Seat " + str(seat + 1) + " (" + words[level] + " bot)"
        typed = self.form.get("names") or []
        for seat, kind in enumerate(seats):
            if kind == "human" and seat < len(typed) and typed[seat].strip():
                names[seat] = typed[seat].strip()[:MAX_NAME]
        return names

    def seat_levels(self, seats):
        """Each bot seat's level as the lobby shows it (the game's first level by default)."""
        default = self.shell.catalog.default_bot(self.form["game"])
        levels = self.form.get("levels") or []
        return [None if kind != "bot" else
                (levels[seat] if seat < len(levels) and levels[seat] else default)
                for seat, kind in enumerate(seats)]

    def refuse(self, error):
        """The engine refused the lobby's choice: say so beside the field that caused it."""
        self.errors = {self.last_field: error.reason}
        if self.last_field != "start":
            self.setup_open = True  # the field it is about shows, the reason beside it
        self.shell.render()
        message = document.getElementById(self.last_field + "-error")
        if message is not None:
            message.scrollIntoView()

    def read_form(self):
        seed = document.getElementById("seed")
        if seed is not None:
            self.form["seed"] = str(seed.value)
        for seat in range(self.form["players"]):
            field = document.getElementById("name-" + str(seat))
            if field is not None:
                self.set_name(seat, str(field.value))

    def set_name(self, seat, value):
        names = self.form.setdefault("names", [])
        while len(names) <= seat:
            names.append("")
        names[seat] = value[:MAX_NAME]

    # ---- starting a game ----------------------------------------------------------------------
    def ask(self, what, link=None):
        """An unfinished game would be replaced: ask first (resume it, or abandon it)."""
        self.confirm = {"what": what, "title": self.shell.play.unfinished_title()}
        self.pending_deal = link

    async def start_game(self):
        self.remember_setup()
        form = self.form
        seed = str(form.get("seed") or "").strip()
        seats = list(form["seats"])
        try:
            await self.shell.play.start_new(
                form["game"], seats, self.form_names(seats), form["bot"],
                self.seat_levels(seats), players=form["players"], seed=seed,
                rules=form["rules"], options=form["options"])
        except EngineError as error:
            self.refuse(error)

    async def rematch(self, session):
        """Same game, seats, names, rules version and options; a fresh deal."""
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

    async def cmd_pick_game(self, target):
        self.reset_form(target.getAttribute("data-game"))
        self.confirm = None
        self.shell.render()

    async def cmd_start(self, target):
        shell = self.shell
        if not shell.client.ready:
            shell.say("The game engine is still loading; the game starts when it is ready.")
            return
        self.read_form()
        if shell.play.unfinished():
            self.ask("start")
            shell.render()
            confirm = document.querySelector("#confirm button")
            if confirm is not None:
                confirm.focus()  # the question, for keyboard and screen-reader users too
            return
        await self.start_game()

    async def cmd_abandon_start(self, target):
        self.confirm = None
        if self.shell.play.abandon():
            await self.start_game()

    async def cmd_abandon_deal(self, target):
        link = self.pending_deal
        self.confirm = None
        if link is not None and self.shell.play.abandon():
            await self.shell.play.open_deal(link)

    async def cmd_resume(self, target):
        self.confirm = None
        self.pending_deal = None
        self.shell.play.enter_play()

    async def check_form(self):
        """Ask the engine whether the form's deal can be dealt, so a refusal shows beside
        the field just changed, in the engine's words, before Start is pressed."""
        shell = self.shell
        if not shell.client.ready:
            return
        form = self.form
        seed = str(form.get("seed") or "").strip() or "1"
        try:
            await shell.client.call("check_deal", game=form["game"], players=form["players"],
                                    seed=int(seed) if seed.isdigit() else seed,
                                    rules=form["rules"], options=form["options"])
            errors = {}
        except EngineError as error:
            errors = {self.last_field: error.reason}
        if errors != self.errors:
            self.errors = errors
            shell.render()

    # ---- the form's events --------------------------------------------------------------------
    def on_input(self, target):
        """Typing in the seed or a name: kept at once, so a re-render never loses it."""
        if target.getAttribute("data-field") == "seed":
            self.form["seed"] = str(target.value)
        elif target.getAttribute("data-name") is not None:
            self.set_name(int(target.getAttribute("data-name")), str(target.value))

    def on_change(self, target):
        field = target.getAttribute("data-field")
        check = True
        if field == "players":
            self.form["players"] = int(target.value)
            fit_seats(self.form)
            self.last_field = "players"
            self.shell.render()
        elif field in ("rules", "bot", "seed"):
            self.form[field] = str(target.value)
            if field != "bot":
                self.last_field = field
        elif target.getAttribute("data-seat") is not None:
            # A seat's choice is "human" or a bot level ("easy", "basic", "strong").
            seat, choice = int(target.getAttribute("data-seat")), str(target.value)
            self.form["seats"][seat] = "human" if choice == "human" else "bot"
            self.form["levels"][seat] = None if choice in ("human", "bot") else choice
            self.shell.render()  # a human seat gets a name field
            check = False
        elif target.getAttribute("data-name") is not None:
            self.set_name(int(target.getAttribute("data-name")), str(target.value))
            check = False
        elif target.getAttribute("data-option") is not None:
            option = target.getAttribute("data-option")
            if target.getAttribute("data-kind") == "bool":
                value = bool(target.checked)
            else:
                value = self.option_values(option)[int(target.value)]
            self.form["options"][option] = value
            self.last_field = "opt-" + option
        else:
            check = False
        route = self.shell.route()
        if check and (route in ("#/", "#") or route.startswith("#/deal/")):
            asyncio.create_task(self.check_form())
