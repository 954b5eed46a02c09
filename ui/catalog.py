# The catalog the app draws from (games, player ranges, options, bot levels, rules versions
# and their text): the build's copy before the engine has booted (index.html's without the
# rules' text, then data/catalog.json), the engine's own after. The App mixes this in. Runs in
# MicroPython on the main thread.

import json

from ui.dom import document, window


class Catalog:
    def use_catalog(self, games, partial=False):
        self.catalog = games
        self.catalog_partial = partial  # the rules' text is not in it yet (read_static_catalog)
        self.titles = {info["id"]: info["title"] for info in games}
        self.storage.known_games = {info["id"]: [v["id"] for v in info["rule_versions"]]
                                    for info in games}

    def static_reply(self, text):
        """A catalog reply the build wrote, parsed; None unless it is a usable one."""
        try:
            reply = json.loads(text)
            games = reply["games"]
            if not reply.get("ok") or not games or not all(info.get("id") for info in games):
                return None
        except Exception:
            return None
        return reply

    async def read_static_catalog(self):
        """The lobby, rules and History from the catalog the build wrote with the same engine
        (data/catalog.json), before the engine has booted; Start waits for the engine. The
        engine's own catalog is the same reply, so nothing moves when it arrives. Unless the
        first screen is a rules page, it is drawn from index.html's copy without the rules'
        text (tools/static_data.py: a sixth of the JSON to parse); complete_catalog reads the
        whole file next."""
        light = document.getElementById("lobby-catalog")
        reply = None
        if light is not None and not self.route().startswith("#/rules"):
            reply = self.static_reply(light.textContent)
        if reply is None:
            reply = self.static_reply(await window.matchbookCatalog)
        if reply is None:
            return  # no usable file: the skeleton stays until the engine answers
        self.use_catalog(reply["games"], partial=bool(reply.get("partial")))
        self.catalog_digest = reply.get("digest")
        self.reset_form(self.form["game"])

    async def complete_catalog(self):
        """The rules' text, once the first screen is up: the whole file the build wrote, if it
        is the same catalog; else the engine will send its own (see boot)."""
        text = await window.matchbookCatalog
        await window.matchbookNextTask()  # the parse in a task of its own
        if not self.catalog_partial:  # the whole one already, or the engine's came meanwhile
            return
        reply = self.static_reply(text)
        if reply is None or reply.get("digest") != self.catalog_digest:
            return
        self.use_catalog(reply["games"])
        if self.screen == "rules":
            self.render()

    def option_tables(self):
        """Game id -> its option table, for option values in words (empty until loaded)."""
        return {info["id"]: info["options"] for info in self.catalog or []}

    def game_info(self, game_id):
        for info in self.catalog:
            if info["id"] == game_id:
                return info
        return None
