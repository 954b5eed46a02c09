# The lobby and every form control of the app: the new-game form (game, players, who sits
# where and their names, rules version, options, seed), the engine's check of it (a refusal
# shows beside the field that caused it), the question before a new game replaces an
# unfinished one, the settings and the rules page's comparison. The App mixes this in.
# Runs in MicroPython on the main thread.

import asyncio

from ui import storage as store
from ui.client import EngineError
from ui.dom import document
from ui.morph import morph_into
from ui.render_lobby import fit_seats, form_for_game, initial_form, render_lobby, start_row

FIRST_LOBBY = "(the lobby the build drew in index.html)"  # App.mounted for it
ENGINE_LOBBY = "(that lobby, Start enabled)"  # and once the engine has arrived

MAX_NAME = 24  # a hot-seat player's name


class Lobby:
    """The App's lobby and forms (mixed into ui/app.py's App)."""

    def render_lobby(self):
        self.screen = "lobby"
        if not self.catalog:
            return  # the static skeleton in index.html stays until the catalog arrives
        resume = None
        session = self.session
        if self.in_progress():
            resume = {"title": self.titles.get(session.game, session.game),
                      "moves": session.moves()}
        elif self.preview is not None:  # the engine is still booting: the kept table says
            game = self.preview["game"]
            resume = {"title": self.titles.get(game, game),
                      "moves": self.preview["view"]["moves"]}
        if self.mounted is None and resume is None and self.is_first_lobby():
            # The page holds this very screen: the build drew it from the same catalog with
            # the same code (first_lobby, tools/static_data.py). Markup made only to find the
            # same nodes again is left out of the first screen's critical path; the next render
            # morphs from what the page holds.
            self.mounted = FIRST_LOBBY
            return
        if self.mounted is FIRST_LOBBY and resume is None and self.client.ready \
                and self.is_first_lobby(engine_ready=True):
            # Still that screen, and the engine has arrived: of the whole lobby only Start and
            # the words beside it differ (start_row). Making all its markup again to find that
            # was the main thread's longest task after the first screen.
            row = document.querySelector("#app .start-row")
            if row is not None and morph_into(row, start_row(True, self.errors, self.confirm)):
                self.mounted = ENGINE_LOBBY
                return
        self.mount(self.banner() + render_lobby(self.catalog, self.form, resume, self.client.ready,
                                                self.settings, self.errors, self.confirm),
                   morph=True)

    def is_first_lobby(self, engine_ready=False):
        """Whether the lobby now is the one a first visit shows (``first_lobby``): no notice,
        the engine not ready (unless ``engine_ready``: then the app has the page's lobby, not
        the build's), the default settings and the untouched form, nothing refused or
        waiting for an answer."""
        if self.client.ready != engine_ready or self.errors or self.confirm or self.banner():
            return False
        if self.settings != store.DEFAULT_SETTINGS:
            return False
        drawn = document.getElementById("app")
        if drawn is None or (not engine_ready and not drawn.hasAttribute("inert")):
            return False  # not the page the build drew
        first = initial_form()
        return self.form == form_for_game(first, self.game_info(first["game"]) or self.catalog[0])

    def reset_form(self, game_id):
        form_for_game(self.form, self.game_info(game_id) or self.catalog[0])
        self.errors = {}

    def option_values(self, option_id):
        for spec in (self.game_info(self.form["game"]) or {}).get("options") or []:
            if spec["id"] == option_id:
                return spec["values"]
        return []

    def form_names(self, seats):
        """The names typed in the lobby, else "You" / "Seat N" / "Seat N (bot)"."""
        names = store.default_names(seats)
        words = self.level_words(self.form["game"])
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
        default = self.default_bot(self.form["game"])
        levels = self.form.get("levels") or []
        return [None if kind != "bot" else
                (levels[seat] if seat < len(levels) and levels[seat] else default)
                for seat, kind in enumerate(seats)]

    def level_words(self, game_id):
        words = {}  # level id -> the lobby's word for it ("strong" -> "Strong")
        for entry in (self.game_info(game_id) or {}).get("bot_levels") or []:
            words[entry["id"]] = entry["name"]
        return words

    def default_bot(self, game_id):
        return ((self.game_info(game_id) or {}).get("bots") or [None])[0]

    def refuse_form(self, error):
        """The engine refused the lobby's choice: say so beside the field that caused it."""
        self.errors = {self.last_field: error.reason}
        self.render()
        message = document.getElementById(self.last_field + "-error")
        if message is not None:
            message.scrollIntoView()

    async def cmd_pick_game(self, target):
        self.reset_form(target.getAttribute("data-game"))
        self.confirm = None
        self.render()

    async def cmd_start(self, target):
        if not self.client.ready:
            self.notice = "The game engine is still loading; the game starts when it is ready."
            self.render()
            return
        self.read_form()
        if self.unfinished():
            self.confirm = {"what": "start",
                            "title": self.titles.get(self.session.game, self.session.game)}
            self.render()
            confirm = document.querySelector("#confirm button")
            if confirm is not None:
                confirm.focus()  # the question, for keyboard and screen-reader users too
            return
        await self.start_game()

    async def cmd_abandon_start(self, target):
        if self.abandon():
            await self.start_game()

    async def cmd_abandon_deal(self, target):
        link = self.pending_deal
        if link is not None and self.abandon():
            await self.open_deal(link)

    def abandon(self):
        """The unfinished game goes to History, marked unfinished (it replays like any other)."""
        session = self.unfinished()
        self.confirm = None
        if session is None:
            return True
        if not self.file_history(session, True):
            return False
        self.session = None
        return True

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

    async def check_form(self):
        """Ask the engine whether the form's deal can be dealt, so a refusal shows beside
        the field just changed, in the engine's words, before Start is pressed."""
        if not self.client.ready:
            return
        form = self.form
        seed = str(form.get("seed") or "").strip() or "1"
        try:
            await self.client.call("check_deal", game=form["game"], players=form["players"],
                              seed=int(seed) if seed.isdigit() else seed, rules=form["rules"],
                              options=form["options"])
            errors = {}
        except EngineError as error:
            errors = {self.last_field: error.reason}
        if errors != self.errors:
            self.errors = errors
            self.render()

    def on_input(self, event):
        """Typing in the seed or a name: kept at once, so a re-render never loses it."""
        target = event.target
        if target.getAttribute("data-field") == "seed":
            self.form["seed"] = str(target.value)
        elif target.getAttribute("data-name") is not None:
            self.set_name(int(target.getAttribute("data-name")), str(target.value))

    def on_change(self, event):
        target = event.target
        field = target.getAttribute("data-field")
        check = True
        if field == "players":
            self.form["players"] = int(target.value)
            fit_seats(self.form)
            self.last_field = "players"
            self.render()
        elif field in ("rules", "bot", "seed"):
            self.form[field] = str(target.value)
            if field != "bot":
                self.last_field = field
        elif target.getAttribute("data-seat") is not None:
            # A seat's choice is "human" or a bot level ("easy", "basic", "strong").
            seat, choice = int(target.getAttribute("data-seat")), str(target.value)
            self.form["seats"][seat] = "human" if choice == "human" else "bot"
            self.form["levels"][seat] = None if choice in ("human", "bot") else choice
            self.render()  # a human seat gets a name field
            check = False
        elif target.getAttribute("data-name") is not None:
            self.set_name(int(target.getAttribute("data-name")), str(target.value))
            check = False
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
            check = False
        elif target.getAttribute("data-setting") is not None:
            self.settings[target.getAttribute("data-setting")] = bool(target.checked)
            try:
                self.storage.save_settings(dict(self.settings))
            except store.StorageFull:
                self.notice = "Storage is full: this setting holds until you reload."
                self.render()
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
        route = self.route()
        if check and (route in ("#/", "#") or route.startswith("#/deal/")):
            asyncio.create_task(self.check_form())
