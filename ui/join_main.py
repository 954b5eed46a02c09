# Entry point of join.html, a friend's device at a friends' table (MicroPython, main thread).
from ui.memory import collect_between_moves

collect_between_moves()  # before the imports: they allocate too

from ui.errors import describe, install, show  # noqa: E402

install()  # an error nobody expected shows a calm message, not a traceback (ui/errors.py)
try:
    from ui.guest import start

    await start()  # noqa: F704 - PyScript runs this module with top-level await
except Exception as error:  # noqa: BLE001 -- the page's start itself failed: say so calmly
    show(describe(error))
