# The lab (lab.html): a designer compares two rules versions or option sets of a game, A and
# B, with the same bots and deals. The engine worker runs the arena's study code
# (engine/arena.py, the "study_start" and "study_run" ops) a few games at a time, so the
# progress bar moves, Stop takes effect between chunks and the page never waits on it; the
# charts (ui.render_lab) are redrawn from the engine's summaries after each chunk. The
# study's settings live in the address (#study=...), so a link reruns the same study.
# A controller of its own, like the editor's: it never imports ui.app. MicroPython.

import asyncio
import json

from ui.client import EngineClient, EngineError
from ui.dom import create_proxy, document, is_none, select_and_copy, window
from ui.markup import esc, tag, text
from ui.render_lab import SIDES, render_form, render_progress, render_results, side_title_words

client = EngineClient()
DEFAULT_GAMES = 100
MAX_CHUNK = 50  # games per call to the worker: small enough that Stop answers quickly
BUDGET_MS = 300  # and each call returns after this long, mid-game if need be (strong bots)


def chunk_size(bots, games):
    """Games per call: one at a time with a strong bot (a game of it takes seconds), else
    about a twentieth of the study."""
    if "strong" in bots:
        return 1
    return max(1, min(MAX_CHUNK, games // 20))


class Lab:
    def __init__(self):
        self.catalog = []
        self.form = None
        self.results = {}
        self.running = False
        self.stopped = False

    # ---- helpers ------------------------------------------------------------------------------
    def el(self, element_id):
        return document.getElementById(element_id)

    def set_html(self, element_id, html):
        self.el(element_id).innerHTML = html

    def info(self):
        for info in self.catalog:
            if info["id"] == self.form["game"]:
                return info
        return self.catalog[0]

    def fresh_form(self, game_id, players=None):
        info = None
        for candidate in self.catalog:
            if candidate["id"] == game_id:
                info = candidate
        info = info or self.catalog[0]
        counts = info.get("player_counts") or list(range(info["min_players"],
                                                         info["max_players"] + 1))
        if players not in counts:
            players = info["default_players"]
        default = info["bots"][0]
        return {"catalog": self.catalog, "game": info["id"], "players": players,
                "bots": [default] * players, "games": DEFAULT_GAMES, "seed": 1,
                "sides": {side: {"rules": info["rule_versions"][-1]["id"], "options": {}}
                          for side in SIDES}}

    # ---- the address: a study's settings, so a link reruns it -----------------------------------
    def settings(self):
        form = self.form
        return {"game": form["game"], "players": form["players"], "bots": list(form["bots"]),
                "games": form["games"], "seed": form["seed"],
                "a": form["sides"]["a"], "b": form["sides"]["b"]}

    def from_address(self):
        """The form a #study=... address describes, or None (the engine checks the rest when
        the study starts, and says what is wrong)."""
        address = str(window.location.hash)
        if not address.startswith("#study="):
            return None
        try:
            data = json.loads(str(window.decodeURIComponent(address[len("#study="):])))
        except Exception:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            return None
        form = self.fresh_form(data["game"], data.get("players"))
        bots = data.get("bots")
        if isinstance(bots, list) and len(bots) == form["players"]:
            form["bots"] = [str(level) for level in bots]
        for key in ("games", "seed"):
            if data.get(key) is not None:
                form[key] = data[key]
        for side in SIDES:
            chosen = data.get(side)
            if isinstance(chosen, dict):
                form["sides"][side] = {"rules": chosen.get("rules") or form["sides"][side]["rules"],
                                       "options": chosen.get("options") or {}}
        return form

    def link(self):
        return "#study=" + str(window.encodeURIComponent(json.dumps(self.settings())))

    # ---- booting ------------------------------------------------------------------------------
    async def boot(self):
        document.documentElement.dataset.ui = "ready"
        try:
            response = await client.connect()
        except Exception as error:
            self.set_html("lab-status", text("span", {"class": "notice warn"},
                                             "The game engine could not start: " + str(error)))
            return
        self.catalog = response["games"]
        document.documentElement.dataset.engine = "ready"
        self.set_html("lab-status", "")
        linked = self.from_address()
        self.form = linked or self.fresh_form(self.catalog[0]["id"])
        self.render_form()
        if linked is not None:
            await self.run()

    # ---- drawing ------------------------------------------------------------------------------
    def render_form(self):
        self.set_html("lab-form", render_form(self.info(), self.form, self.running))

    def render_results(self):
        info = self.info()
        titles = {side: side_title_words(info, self.form["sides"][side]) for side in SIDES}
        self.set_html("lab-progress", render_progress(self.results, self.games(), self.stopped,
                                                      self.running))
        self.set_html("lab-results", render_results(self.results, titles))

    def games(self):
        games = self.form["games"]
        return games if isinstance(games, int) else 0

    def say(self, words):
        self.set_html("lab-progress", text("p", {"class": "notice warn", "role": "alert"},
                                           words))

    # ---- events -------------------------------------------------------------------------------
    @staticmethod
    def attribute(element, name):
        value = element.getAttribute(name)
        return "" if is_none(value) else str(value)

    def on_change(self, event):
        target = event.target
        if self.running or is_none(target.closest("#lab-form")):
            return
        field = self.attribute(target, "data-field")
        option = self.attribute(target, "data-option")
        side = self.attribute(target, "data-side")
        value = str(target.value)
        if field == "game":
            self.form = self.fresh_form(value)
        elif field == "players":
            self.form = self.fresh_form(self.form["game"], int(value))
        elif field.startswith("bot-"):
            self.form["bots"][int(self.attribute(target, "data-seat"))] = value
        elif field in ("games", "seed"):
            self.form[field] = int(value) if value.strip().isdigit() else value.strip()
            return  # a text box: no redraw under the typing hand
        elif field.endswith("-rules"):
            self.form["sides"][side]["rules"] = value
        elif option:
            for spec in self.info()["options"]:
                if spec["id"] == option:
                    self.form["sides"][side]["options"][option] = spec["values"][int(value)]
        self.render_form()

    def on_click(self, event):
        target = event.target.closest("[data-cmd]")
        if is_none(target):
            return
        name = self.attribute(target, "data-cmd")
        if name == "run" and not self.running:
            asyncio.create_task(self.run())
        elif name == "stop" and self.running:
            self.stopped = True
            document.documentElement.dataset.lab = "stopping"
            self.render_results()  # heard at once; the worker's reply ends the run
        elif name == "copy-link":
            self.copy_link()

    def copy_link(self):
        """The study's link to the clipboard, as the app's Copy does."""
        field = self.el("lab-link-text")
        if is_none(field):
            return
        done = select_and_copy(field)
        self.el("lab-copied").innerText = (" Copied." if done else
                                           " Selected: copy it with your device's Copy.")

    # ---- running a study ----------------------------------------------------------------------
    def study(self, side):
        form = self.form
        chosen = form["sides"][side]
        return {"game": form["game"], "players": form["players"], "bots": list(form["bots"]),
                "games": form["games"], "seed": form["seed"], "rules": chosen["rules"],
                "options": chosen["options"]}

    async def run(self):
        self.running, self.stopped = True, False
        self.results = {}
        root = document.documentElement
        root.dataset.lab = "running"
        self.render_form()
        link = self.link()
        window.history.replaceState(None, "", link)
        whole = str(window.location.href)
        self.set_html("lab-link", tag("a", {"href": link}, esc("Link to this study"))
                      + esc(" (opening it runs the same study again) ")
                      + tag("input", {"id": "lab-link-text", "readonly": True, "value": whole,
                                      "aria-label": "Link to this study", "class": "share-link"})
                      + tag("button", {"type": "button", "data-cmd": "copy-link"}, "Copy")
                      + tag("span", {"id": "lab-copied", "role": "status"}, ""))
        try:
            for side in SIDES:
                started = await client.call("study_start", label=side, study=self.study(side))
                self.results[side] = {"done": 0, "games": started["games"], "moves": 0,
                                      "summary": None}
            count = chunk_size(self.form["bots"], self.games())
            self.render_results()
            while not self.stopped and any(self.results[side]["done"]
                                           < self.results[side]["games"] for side in SIDES):
                for side in SIDES:
                    if not self.stopped and \
                            self.results[side]["done"] < self.results[side]["games"]:
                        reply = await client.call("study_run", label=side, count=count,
                                                  budget_ms=BUDGET_MS)
                        self.results[side] = {"done": reply["done"], "games": reply["games"],
                                              "moves": reply["moves"],
                                              "summary": reply["summary"]}
                self.render_results()
                await asyncio.sleep(0)  # let the page handle a click on Stop
        except EngineError as error:
            self.say(error.reason)
        self.running = False
        root.dataset.lab = "stopped" if self.stopped else "done"
        self.render_form()
        if self.results:
            self.render_results()


lab = Lab()


async def start():
    document.addEventListener("click", create_proxy(lab.on_click))
    document.addEventListener("change", create_proxy(lab.on_change))
    await lab.boot()
