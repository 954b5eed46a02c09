# Entry point of lab.html, the variant lab (MicroPython, main thread).
from ui.lab import start

await start()  # noqa: F704 - PyScript runs this module with top-level await
