# The catalog the app draws from (games, player ranges, options, bot levels, rules versions
# and their text): the build's copy before the engine has booted (index.html's without the
# rules' text, then data/catalog.json), the engine's own after. One object, owned by the shell
# (ui/shell.py); screens ask it, never keep a copy. Runs in MicroPython on the main thread.

import json

from ui.dom import document, window
from ui.render_lobby import level_names


def static_reply(text):
    """A catalog reply the build wrote, parsed; None unless it is a usable one."""
    try:
        reply = json.loads(text)
        games = reply["games"]
        if not reply.get("ok") or not games or not all(info.get("id") for info in games):
            return None
    except Exception:
        return None
    return reply


class Catalog:
    def __init__(self, storage):
        self.storage = storage  # told which games and rules versions exist (its audit)
        self.games = []
        self.partial = False  # the rules' text is not in it yet (read_static)
        self.digest = None  # of the catalog drawn from, so the engine need not resend it
        self.titles = {}

    def use(self, games, partial=False):
        self.games = games
        self.partial = partial
        self.titles = {info["id"]: info["title"] for info in games}
        self.storage.known_games = {info["id"]: [v["id"] for v in info["rule_versions"]]
                                    for info in games}

    def title(self, game_id):
        return self.titles.get(game_id, game_id)

    async def read_static(self, rules_first):
        """The lobby, rules and History from the catalog the build wrote with the same engine
        (data/catalog.json), before the engine has booted; Start waits for the engine. The
        engine's own catalog is the same reply, so nothing moves when it arrives. Unless the
        first screen is a rules page (``rules_first``), it is drawn from index.html's copy
        without the rules' text (tools/static_data.py: a sixth of the JSON to parse);
        ``complete`` reads the whole file next."""
        light = document.getElementById("lobby-catalog")
        reply = None
        if light is not None and not rules_first:
            reply = static_reply(light.textContent)
        if reply is None:
            reply = static_reply(await window.matchbookCatalog)
        if reply is None:
            return  # no usable file: the skeleton stays until the engine answers
        self.use(reply["games"], partial=bool(reply.get("partial")))
        self.digest = reply.get("digest")

    async def complete(self):
        """The rules' text, once the first screen is up: the whole file the build wrote, if it
        is the same catalog (True: it was taken); else the engine will send its own."""
        text = await window.matchbookCatalog
        await window.matchbookNextTask()  # the parse in a task of its own
        if not self.partial:  # the whole one already, or the engine's came meanwhile
            return False
        reply = static_reply(text)
        if reply is None or reply.get("digest") != self.digest:
            return False
        self.use(reply["games"])
        return True

    def option_tables(self):
        """Game id -> its option table, for option values in words (empty until loaded)."""
        return {info["id"]: info["options"] for info in self.games or []}

    def game_info(self, game_id):
        for info in self.games:
            if info["id"] == game_id:
                return info
        return None

    def default_bot(self, game_id):
        return ((self.game_info(game_id) or {}).get("bots") or [None])[0]

    def level_words(self, game_id):
        """Level id -> the lobby's word for it ("strong" -> "Strong")."""
        return level_names(self.game_info(game_id) or {})
