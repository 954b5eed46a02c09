"""Share links: a scenario, a fresh deal or a whole finished game as URL-safe text.

Compact JSON, zlib-compressed, base64url without padding, so it fits in a URL fragment and
survives being pasted anywhere. Decoding refuses, with a reason a person can act on, anything
damaged, cut short or too large; what the text describes is checked by the engine afterwards
(a game record is replayed move by move, so a tampered one is refused, never obeyed).
"""

import base64
import binascii
import json
import zlib

from .errors import IllegalAction
from .limits import parse_json

_ALPHABET = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_RECORD_BYTES = 400_000  # a long Matatu round of random bots is about 150 kB of JSON


def pack(data: dict, limit: int, what: str) -> str:
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if len(raw) > limit:
        raise IllegalAction(f"This {what} is {len(raw)} bytes of JSON; a shared {what} is at"
                            f" most {limit}.")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def unpack(text, limit: int, what: str) -> dict:
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(f"A shared {what} is a string of letters, digits, - and _.")
    text = text.strip()
    if not set(text) <= _ALPHABET or len(text) % 4 == 1:
        raise IllegalAction(f"This {what} link is damaged: it is not base64url text (letters,"
                            " digits, - and _).")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise IllegalAction(f"This {what} link is damaged: it is not base64url text.") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, limit + 1)
    except zlib.error:
        raise IllegalAction(f"This {what} link is damaged: its data is not a compressed"
                            f" {what}.") from None
    if len(raw) > limit or inflater.unconsumed_tail:
        raise IllegalAction(f"This {what} is too large: more than {limit} bytes of JSON.")
    if not inflater.eof:
        raise IllegalAction(f"This {what} link is damaged: it is cut short.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise IllegalAction(f"This {what} link is damaged: it does not hold text.") from None
    data = parse_json(text, f"{what} link", max_bytes=limit)
    if not isinstance(data, dict):
        raise IllegalAction(f"A {what} is a JSON object.")
    return data


def encode_record(record: dict) -> str:
    """A finished (or current) game's record, without its state snapshot: replay rebuilds it."""
    record = {key: value for key, value in record.items() if key != "state"}
    return pack(record, MAX_RECORD_BYTES, "game")


def decode_record(text) -> dict:
    return unpack(text, MAX_RECORD_BYTES, "game")
