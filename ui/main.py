# Entry point of the UI (MicroPython, main thread).
from pyscript import window

# PyScript's own start ran in this task: the UI's modules load in the next one (no long task).
await window.matchbookNextTask()  # noqa: F704 - PyScript runs this module with top-level await

from ui.app import start  # noqa: E402

await start()  # noqa: F704
