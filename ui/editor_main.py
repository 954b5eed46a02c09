# Entry point of editor.html, the position editor for teachers (MicroPython, main thread).
from ui.editor import start

await start()  # noqa: F704 - PyScript runs this module with top-level await
