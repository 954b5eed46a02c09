# The History screen: every finished (or abandoned) game kept in storage, each with its replay
# and a link to share it. Runs in MicroPython on the main thread.

from ui.render_history import render_history


class HistoryScreen:
    def __init__(self, shell):
        self.shell = shell

    def commands(self):
        return {"share-game": self.cmd_share_game}

    def render(self, route):
        shell = self.shell
        shell.mount(shell.banner() + render_history(shell.storage.history(),
                                                    shell.catalog.titles,
                                                    shell.catalog.option_tables()))
        return "history"

    async def cmd_share_game(self, target):
        entry = self.shell.storage.history_entry(target.getAttribute("data-entry"))
        if entry is not None:
            await self.shell.share("share_game", save=entry["save"])
