# The replay screen: a game from History, a shared game, or the game in play so far, stepped
# through move by move in the engine's "replay" slot (the game in play is never touched). It
# owns what it shows (a Replay). Runs in MicroPython on the main thread.

import asyncio

from ui.client import EngineError
from ui.dom import window
from ui.layouts import LAYOUTS
from ui.markup import esc, tag, text
from ui.render_history import render_replay_header, replay_controls, turn_starts
from ui.render_table import render_table, table_context
from ui.routes import decode_route


class Replay:
    """What the replay screen shows: an entry (its game, seats, names, reader and save), the
    record the engine gave back with every move, the step, or why it cannot be shown."""

    def __init__(self, entry=None, error=None):
        self.entry = entry
        self.error = error
        self.record = None
        self.state = None
        self.step = 0
        self.total = 0
        self.playing = False
        self.starts = []  # moves where a new player's turn begins

    def loading(self):
        return self.error is None and self.state is None


class ReplayScreen:
    def __init__(self, shell):
        self.shell = shell
        self.replay = None  # what shows (None: nothing asked for yet, or being opened)

    def commands(self):
        return {"replay-to": self.cmd_replay_to, "replay-auto": self.cmd_replay_auto}

    def render(self, route):
        shell = self.shell
        replay = self.replay
        if replay is None or replay.loading():
            shell.mount(text("p", {"class": "notice", "role": "status"}, "Loading the replay…"))
            return "loading"
        if replay.error is not None:
            shell.mount(tag("h2", {"id": "screen-h", "tabindex": "-1"}, "Replay")
                        + tag("p", {"class": "notice warn", "role": "alert"},
                              esc(replay.error)))
            return "error"
        entry = replay.entry
        ctx = table_context(LAYOUTS[entry["game"]], entry["seats"], entry["names"],
                            entry["viewer"], shell.catalog.titles.get(entry["game"], ""),
                            mode="replay")
        html, _ = render_table(replay.state, ctx)
        kept = None
        if entry["id"] != "current":
            kept = shell.play.unfinished_title()
        shell.mount("".join((
            render_replay_header(entry, ctx["title"],
                                 shell.catalog.option_tables().get(entry["game"]), kept),
            replay_controls(replay.step, replay.total, replay.playing, replay.starts),
            html)))
        window.document.documentElement.dataset.replayStep = str(replay.step)
        return "replay"

    def forget(self):
        """A new replay is asked for: "Loading the replay…" until it is open."""
        self.replay = None

    async def open(self, route):
        shell = self.shell
        self.replay = None
        entry = None
        if route.startswith("#/shared/"):
            entry = await self.shared_entry(route[len("#/shared/"):])
        elif route == "#/replay/current" and shell.play.session is not None:
            entry = shell.play.current_entry()
        else:
            entry = shell.storage.history_entry(decode_route(route[len("#/replay/"):]))
            if entry is None:
                self.replay = Replay(error="That game is not in your history.")
        if entry is None:
            shell.render()
            return
        try:
            reply = await shell.client.call("replay", save=entry["save"], slot="replay",
                                            viewer=entry["viewer"], bounded=True,
                                            actions_from=0)
        except EngineError as error:
            self.replay = Replay(error="This game cannot be replayed: " + error.reason)
            shell.render()
            return
        replay = Replay(entry)
        replay.record = dict(reply["record"])
        replay.record["actions"] = reply.get("actions") or []
        replay.total = replay.step = reply["total_moves"]
        replay.state = reply
        replay.starts = turn_starts(replay.record["actions"])
        self.replay = replay
        shell.render()

    async def shared_entry(self, link):
        """A game someone shared: its record, checked by the engine replaying every move."""
        try:
            response = await self.shell.client.call("open_game", text=link)
        except EngineError as error:
            self.replay = Replay(error="This shared game cannot be opened: " + error.reason)
            return None
        record = response["record"]
        seats = ["human"] + ["bot"] * (record["players"] - 1)
        outcome = "finished" if response["over"] else "in progress"
        return {"id": "shared", "game": record["game"], "rules": record["rules"],
                "seats": seats, "viewer": 0, "save": record,
                "names": ["Seat " + str(seat + 1) for seat in range(record["players"])],
                "summary": {"options": record.get("options"),
                            "outcome": "Shared game, " + outcome + ", seen from seat 1"}}

    async def replay_to(self, step):
        replay = self.replay
        try:
            state = await self.shell.client.call("replay", record=replay.record, upto=step,
                                                 slot="replay", viewer=replay.entry["viewer"],
                                                 bounded=True)
        except EngineError as error:
            self.replay = Replay(error="This game cannot be replayed: " + error.reason)
            self.shell.render()
            return
        replay.state = state
        replay.step = step
        self.shell.render()

    async def autoplay(self):
        replay = self.replay
        while replay is self.replay and replay.playing and replay.step < replay.total:
            await asyncio.sleep(0.6)
            if replay is self.replay and replay.playing:
                await self.replay_to(replay.step + 1)
        replay.playing = False
        self.shell.render()

    async def cmd_replay_to(self, target):
        await self.replay_to(int(target.getAttribute("data-step")))

    async def cmd_replay_auto(self, target):
        self.replay.playing = not self.replay.playing
        self.shell.render()
        if self.replay.playing:
            await self.autoplay()
