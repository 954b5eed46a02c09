# Entry point of embed.html (MicroPython, main thread).
from ui.embed import start

await start()  # noqa: F704 - PyScript runs this module with top-level await
