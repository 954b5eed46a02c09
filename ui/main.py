# Entry point of the UI (MicroPython, main thread).
from ui.dom import window
from ui.memory import collect_between_moves

collect_between_moves()  # before the imports: they allocate too

# PyScript's own start ran in this task: the UI's modules load in the next one (no long task).
await window.matchbookNextTask()  # noqa: F704 - PyScript runs this module with top-level await

from ui.errors import describe, install, show  # noqa: E402

install()  # an error nobody expected shows a calm message, not a traceback (ui/errors.py)
try:
    from ui.app import start

    await start()  # noqa: F704
except Exception as error:  # noqa: BLE001 -- the page's start itself failed: say so calmly
    show(describe(error))
