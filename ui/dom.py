# The page, as the UI reaches it: MicroPython's own `js` and `jsffi` modules, which are what
# PyScript's `pyscript.window`, `pyscript.document` and `pyscript.ffi` hand out on the main
# thread (its context.py and ffi.py). Importing PyScript's package for these took ~45 ms of the
# main thread before the first screen (it sets up display, fetch, storage, websockets,
# workers and events, none of which the UI uses), so the pages' PyScript prelude no longer
# imports it (static/js/ui-bundle.mjs) and the UI imports this instead. MicroPython only: the
# modules the engine worker runs for embeds (ui/embed_controller.py) never import it.

import js
from jsffi import create_proxy  # noqa: F401 - re-exported

window = js  # the global object, as pyscript.window is on the main thread
document = js.document
_JS_NULL = js.Object.getPrototypeOf(js.Object.prototype)  # JavaScript's null


def is_none(value):
    """Whether a value from JavaScript is None, or JavaScript's null (pyscript.ffi.is_none)."""
    return value is None or value is _JS_NULL


def say(lines):
    """Lines said once in the page's live region (#announcer, outside <main>, so redrawing
    a screen never repeats them); empty lines are skipped, nothing at all says nothing."""
    lines = [line for line in lines if line]
    if lines:
        document.getElementById("announcer").textContent = " ".join(lines)


def random_text(count, alphabet):
    """``count`` characters of ``alphabet`` from the browser's cryptographic generator (not
    a game's RNG: these name rooms, seats and shuffles, they decide nothing in a game)."""
    values = js.crypto.getRandomValues(js.Uint8Array.new(count))
    return "".join(alphabet[int(values[index]) % len(alphabet)] for index in range(count))


def select_and_copy(field):
    """Select a text field's whole text and copy it: True when the browser copied it. Selected
    first, so a browser that refuses the copy leaves it ready for the person's own Copy."""
    field.focus()
    field.select()
    return bool(document.execCommand("copy"))
