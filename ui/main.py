# Entry point of the UI (MicroPython, main thread).
from ui.dom import window
from ui.memory import collect_between_moves

collect_between_moves()  # before the imports: they allocate too
# The UI's own files are here: the engine worker may start its downloads now (static/js/
# engine.mjs says "go" once data-ui leaves "loading"), beside the lobby's first render,
# rather than after it (on a slow link the link was idle meanwhile).
window.document.documentElement.dataset.ui = "starting"

# PyScript's own start ran in this task: the UI's modules load in the next one (no long task).
await window.matchbookNextTask()  # noqa: F704 - PyScript runs this module with top-level await

from ui.errors import describe, install, show  # noqa: E402

install()  # an error nobody expected shows a calm message, not a traceback (ui/errors.py)
try:
    from ui.app import start

    await start()  # noqa: F704
except Exception as error:  # noqa: BLE001 -- the page's start itself failed: say so calmly
    show(describe(error))
