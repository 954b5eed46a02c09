# An error the UI did not expect, in one place (MicroPython, main thread).
#
# Whatever escapes the UI's own handling -- a task's exception (the delegated click's command,
# a bot's turn, a route), a Python function JavaScript called (a timer, a handler property)
# that raised, a promise nobody awaited -- ends here, through three hooks ``install`` sets
# once per page: asyncio's exception handler, window.onerror and window.onunhandledrejection.
# The player then sees a calm message with a "Reload" button and a report to copy (the error,
# the page, the build), never a traceback on the page: PyScript's own red box is turned off in
# pyscript.toml (plugins = ["!error"]). The report also goes to the console (console.error),
# where the e2e suite fails any test that did not expect it (tests/e2e/conftest.py).

import asyncio
import io
import sys

from ui.dom import create_proxy, document, is_none, window

BOX_ID = "ui-error"
_proxies = []  # kept alive: JavaScript holds them as handlers
_state = {"shown": False, "errors": 0, "build": "", "report": None}


def install():
    """Route every uncaught error of this page to ``show``. Call once, before the UI starts."""
    if _proxies:
        return
    try:
        asyncio.get_event_loop().set_exception_handler(_on_task_error)
    except AttributeError:  # an asyncio without handlers: the window hooks still catch most
        pass
    on_error = create_proxy(_on_window_error)
    on_rejection = create_proxy(_on_rejection)
    _proxies.extend((on_error, on_rejection))
    # Handler properties, not addEventListener (ui/app.py says why).
    window.onerror = on_error
    window.onunhandledrejection = on_rejection


def describe(exc):
    """A Python exception as its traceback, in text."""
    out = io.StringIO()
    try:
        sys.print_exception(exc, out)
    except AttributeError:  # CPython
        import traceback

        traceback.print_exception(exc, file=out)
    return out.getvalue().strip() or repr(exc)


def _on_task_error(loop, context):
    exc = context.get("exception")
    show(describe(exc) if exc is not None else str(context.get("message")))


def _on_window_error(message=None, source=None, line=None, column=None, error=None, *rest):
    text = "" if is_none(message) else str(message)
    if not is_none(error) and not is_none(getattr(error, "stack", None)):
        stack = str(error.stack)
        text = stack if text in stack else text + "\n" + stack
    if not is_none(source) and source:
        text += "\n(at " + str(source) + ":" + str(line) + ":" + str(column) + ")"
    show(text or "an unknown error")


def _on_rejection(event=None, *rest):
    reason = None if is_none(event) else event.reason
    text = "an unknown error"
    if not is_none(reason):
        stack = getattr(reason, "stack", None)
        text = str(stack) if not is_none(stack) and stack else str(reason)
    show("Unhandled promise rejection: " + text)


async def _read_build():
    """The build's name (its content hash, as its service worker caches it), for reports:
    read once an error is shown, so a page that meets none never asks for it."""
    try:
        reply = await window.fetch("sw.js")
        text = await reply.text() if reply.ok else ""
    except Exception:  # noqa: BLE001 -- offline or no worker: the report says unknown
        text = ""
    start = text.find('CACHE_NAME = "')
    if start >= 0:
        start += len('CACHE_NAME = "')
        _state["build"] = text[start:text.find('"', start)]
    if _state["report"] is not None:
        _state["report"].value = report(_state["errors_text"])


def report(error_text):
    """What a player copies into a message: the error, the page, the build, the browser."""
    return "\n".join((
        "Matchbook error report",
        "When: " + str(window.Date.new().toISOString()),
        "Page: " + str(window.location.href),
        "Build: " + (_state["build"] or "unknown"),
        "Engine: " + str(document.documentElement.dataset.engine),
        "Browser: " + str(window.navigator.userAgent),
        "",
        error_text,
    ))


def show(error_text):
    """The calm message (once; later errors are added to its report) and the console line."""
    _state["errors"] += 1
    window.console.error("Matchbook: an unexpected error\n" + error_text)
    if _state["shown"]:
        _state["errors_text"] += "\n\n(then)\n" + error_text
        _state["report"].value = report(_state["errors_text"])
        return
    _state["shown"] = True
    _state["errors_text"] = error_text
    _draw(report(error_text))
    asyncio.create_task(_read_build())


def _element(name, attrs=None, text=None):
    node = document.createElement(name)
    for key, value in (attrs or {}).items():
        node.setAttribute(key, value)
    if text is not None:
        node.textContent = text
    return node


def _draw(text):
    box = _element("div", {"id": BOX_ID, "class": "ui-error", "role": "alertdialog",
                           "aria-modal": "true", "aria-labelledby": BOX_ID + "-h",
                           "aria-describedby": BOX_ID + "-p"})
    panel = _element("div", {"class": "ui-error-panel"})
    panel.append(_element("h2", {"id": BOX_ID + "-h"}, "Something went wrong"))
    panel.append(_element("p", {"id": BOX_ID + "-p"},
                          "The page ran into a problem it did not expect, so it stopped here. "
                          "Reload it to carry on: a game in play is kept as it was after "
                          "its last saved move."))
    reload_button = _element("button", {"type": "button", "class": "primary",
                                        "data-error": "reload"}, "Reload")
    panel.append(_element("p", {"class": "ui-error-actions"}))
    panel.lastChild.append(reload_button)
    copy_button = _element("button", {"type": "button", "data-error": "copy"}, "Copy report")
    panel.lastChild.append(copy_button)
    # The report folded away: the message stays calm, the details are one click off.
    details = _element("details", {"class": "ui-error-details"})
    details.append(_element("summary", {}, "The report (to send if it happens again)"))
    area = _element("textarea", {"id": BOX_ID + "-report", "readonly": "", "rows": "7",
                                 "spellcheck": "false", "aria-label": "Error report"})
    area.value = text
    details.append(area)
    panel.append(details)
    status = _element("p", {"class": "ui-error-status", "role": "status"})
    panel.append(status)
    box.append(panel)
    document.body.append(box)
    _state["report"] = area

    def on_reload(*args):
        window.location.reload()

    def on_copy(*args):
        details.open = True
        area.focus()
        area.select()
        copied = False
        try:
            copied = bool(document.execCommand("copy"))
        except Exception:  # noqa: BLE001 -- the text stays selected to copy by hand
            pass
        status.textContent = ("Report copied." if copied
                              else "Report selected: copy it with Ctrl+C (or Cmd+C).")

    for button, handler in ((reload_button, on_reload), (copy_button, on_copy)):
        proxy = create_proxy(handler)
        _proxies.append(proxy)
        button.onclick = proxy
    reload_button.focus()
