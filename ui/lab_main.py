# Entry point of lab.html, the variant lab (MicroPython, main thread).
from ui.memory import collect_between_moves

collect_between_moves()  # before the imports: they allocate too

from ui.lab import start  # noqa: E402

await start()  # noqa: F704 - PyScript runs this module with top-level await
