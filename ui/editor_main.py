# Entry point of editor.html, the position editor for teachers (MicroPython, main thread).
from ui.memory import collect_between_moves

collect_between_moves()  # before the imports: they allocate too

from ui.editor import start  # noqa: E402

await start()  # noqa: F704 - PyScript runs this module with top-level await
