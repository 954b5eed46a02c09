# Entry point of the UI (MicroPython, main thread).
from ui.dom import window
from ui.memory import collect_between_moves

collect_between_moves()  # before the imports: they allocate too

# PyScript's own start ran in this task: the UI's modules load in the next one (no long task).
await window.matchbookNextTask()  # noqa: F704 - PyScript runs this module with top-level await

from ui.app import start  # noqa: E402

await start()  # noqa: F704
