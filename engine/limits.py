"""The one place JSON from outside is parsed: sizes, depth and values a person could not mean.

Everything that reaches the engine from outside the player's own clicks (requests from the
UI, saves from localStorage, share links, embed parameters, scenarios, a host page's
messages) is text that anyone can edit. ``parse_json`` refuses, with a reason, what would
otherwise crash or hang the interpreter: deep nesting (Python's parser recurses, and in
Pyodide the JavaScript stack runs out before Python's recursion limit), oversized text,
NaN and infinities, numbers too long to convert, and lone UTF-16 surrogates.

Data that arrives already decoded (a dict from a caller, a host page's message relayed by
the embed) passes ``check_value``, the same depth and size limits without recursion, before
any code that walks it (``copy_json`` recurses) sees it: ``engine.from_scenario`` and the
save loaders call it first.

The limits, named here once and quoted in docs/embeds.md and the README:
``MAX_JSON_BYTES`` characters of text, ``MAX_DEPTH`` levels of nesting, ``MAX_ITEMS`` values
in all, ``MAX_NUMBER_DIGITS`` digits in a whole number.
"""

import json
import math
import re

from .errors import IllegalAction

MAX_JSON_BYTES = 2_000_000  # a whole request, save or link; a long save is ~400 kB
MAX_DEPTH = 32  # the deepest real record (a scenario inside a script inside a request) is ~8
MAX_NUMBER_DIGITS = 40
MAX_ITEMS = 200_000  # values in one request, save or link; a long save holds ~20,000

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
# An escaped backslash (\\) is read first, so the text \\ud83d (a backslash, then "ud83d",
# as a JSON message carried inside a JSON request has it) is never taken for a surrogate.
_LONE_SURROGATE = re.compile(
    r"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
    r"|(\\u[dD][89a-fA-F][0-9a-fA-F]{2})")
_BRACKETS = {ord(c): c for c in "[]{}"}


class _Refused(ValueError):
    pass


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (brackets inside strings ignored)."""
    outside = _STRINGS.sub("", text)
    brackets = "".join(char for char in outside if ord(char) in _BRACKETS) \
        if len(outside) < 4096 else re.sub(r"[^\[\]{}]", "", outside)
    depth = deepest = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest  # enough to refuse: no need to read the rest
        else:
            depth -= 1
    return deepest


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("a number too large to use")
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _Refused("a number with too many digits")
    return int(text)


def _constant(name: str):
    raise _Refused(f"{name}, which is not a number JSON allows")


def parse_json(text, what: str = "request", max_bytes: int = MAX_JSON_BYTES):
    """``text`` as JSON, or ``IllegalAction`` saying why this ``what`` cannot be read."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise IllegalAction(f"This {what} is not UTF-8 text.") from None
    if not isinstance(text, str):
        raise IllegalAction(f"This {what} is not text.")
    if len(text) > max_bytes:
        raise IllegalAction(f"This {what} is too large: {len(text)} characters, at most"
                            f" {max_bytes}.")
    if json_depth(text) > MAX_DEPTH:
        raise IllegalAction(f"This {what} nests its data more than {MAX_DEPTH} levels deep,"
                            " which no real one does.")
    for match in _LONE_SURROGATE.finditer(text):
        if match.group(1):
            raise IllegalAction(f"This {what} has a broken character (a lone surrogate).")
    try:
        value = json.loads(text, parse_float=_float, parse_int=_int, parse_constant=_constant)
    except _Refused as refusal:
        raise IllegalAction(f"This {what} holds {refusal}.") from None
    except (ValueError, RecursionError) as error:
        where = f" (at character {error.pos})" if hasattr(error, "pos") else ""
        raise IllegalAction(f"This {what} is not valid JSON{where}.") from None
    check_value(value, what)
    return value


def check_value(value, what: str = "request") -> None:
    """Refuse decoded JSON data nested more than ``MAX_DEPTH`` deep or holding more than
    ``MAX_ITEMS`` values (walked with a stack of its own: no recursion to run out of), or
    holding something JSON cannot (a float that is not finite, a non-text key)."""
    items = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise IllegalAction(f"This {what} holds more than {MAX_ITEMS} values, which no real"
                                " one does.")
        if isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                raise IllegalAction(f"This {what} nests its data more than {MAX_DEPTH} levels"
                                    " deep, which no real one does.")
            if isinstance(item, dict):
                if not all(isinstance(key, str) for key in item):
                    raise IllegalAction(f"This {what} has an object key that is not text.")
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise IllegalAction(f"This {what} holds a number too large to use.")


def dump_json(value) -> str:
    """JSON text for a reply; NaN or infinities in our own data are a bug, never sent.
    Characters as they are, not escaped: MicroPython's json reads an escaped surrogate pair
    (an emoji, "\\ud83d\\udc4d") as two broken characters. (No lone surrogate gets here:
    parse_json refuses them.)"""
    return json.dumps(value, allow_nan=False, separators=(",", ":"), ensure_ascii=False)
