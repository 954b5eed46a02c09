# Routes are the page's fragment (#/play, #/rules/<game>/<version>/<rule>, #/replay/<id> ...):
# text anyone can type or link to, read here without trusting it.
# Runs in MicroPython and CPython.

from ui.storage import is_token

HEX = "0123456789abcdefABCDEF"


def decode_route(part):
    """A route segment as typed (%20 -> space); never throws, unlike decodeURIComponent
    (MicroPython cannot catch a JavaScript exception)."""
    out = bytearray()
    index = 0
    while index < len(part):
        char = part[index]
        if char == "%" and index + 2 < len(part) and part[index + 1] in HEX \
                and part[index + 2] in HEX:
            out.append(int(part[index + 1:index + 3], 16))
            index += 3
        else:
            out.extend(char.encode("utf-8"))
            index += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        return part


def read_invite(fragment):
    """(room, secret) from an invite link's fragment "#<room>.<secret>" (join.html), or None
    when it is not one: each part 8 to 64 letters, digits, _ or - (storage's tokens)."""
    fragment = fragment[1:] if fragment.startswith("#") else fragment
    room, _, secret = fragment.partition(".")
    if is_token(room, 8, 64) and is_token(secret, 8, 64):
        return room, secret
    return None
