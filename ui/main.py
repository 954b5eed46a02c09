# Entry point of the UI (MicroPython, main thread).
from ui.app import start

await start()  # noqa: F704 - PyScript runs this module with top-level await
