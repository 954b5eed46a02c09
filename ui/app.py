# The app's composition root: the shell (ui/shell.py) with the engine client and this tab's
# storage, and its start. The screens are the shell's (lobby, play, replay, rules, history).
# Runs in MicroPython on the main thread.

from ui import storage as store
from ui.client import EngineClient
from ui.dom import window
from ui.shell import Shell

app = Shell(EngineClient(), store.Storage(window.matchbookStorage,
                                          "tab-" + str(window.Math.random())))


async def start():
    app.listen()
    await app.boot()
