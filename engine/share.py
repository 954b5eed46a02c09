"""Share links: a scenario, a fresh deal or a whole finished game as URL-safe text.

Compact JSON, zlib-compressed, base64url without padding, so it fits in a URL fragment and
survives being pasted anywhere. A whole game is shorter still (``encode_game``): its moves
are not written out but numbered, each as its place among the moves the engine offered at
that point (a forced move costs nothing, a choice of 9 costs 4 bits), so a whole 4-player
Matchmaster game fits in a chat message; the reader replays them. Decoding refuses, with a
reason a person can act on, anything damaged, cut short or too large; what the text
describes is checked by the engine afterwards (a game record is replayed move by move, so a
tampered one is refused, never obeyed).
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
    text = _inflated(_link_bytes(text, what), limit, what)
    data = parse_json(text, f"{what} link", max_bytes=limit)
    if not isinstance(data, dict):
        raise IllegalAction(f"A {what} is a JSON object.")
    return data


def _link_bytes(text, what: str) -> bytes:
    """The bytes of a link's base64url text, or a refusal that says what is wrong with it."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(f"A shared {what} is a string of letters, digits, - and _.")
    text = text.strip()
    if not set(text) <= _ALPHABET or len(text) % 4 == 1:
        raise IllegalAction(f"This {what} link is damaged: it is not base64url text (letters,"
                            " digits, - and _).")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise IllegalAction(f"This {what} link is damaged: it is not base64url text.") from None


def _inflated(packed: bytes, limit: int, what: str, wbits: int = zlib.MAX_WBITS) -> str:
    """The text compressed in ``packed`` (zlib, or raw deflate with ``wbits`` -15), at most
    ``limit`` bytes of it, or a refusal that says what is wrong."""
    inflater = zlib.decompressobj(wbits)
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
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise IllegalAction(f"This {what} link is damaged: it does not hold text.") from None


def encode_record(record: dict) -> str:
    """The first format of a game link (still read; ``encode_game`` writes the short one)."""
    record = {key: value for key, value in record.items() if key != "state"}
    return pack(record, MAX_RECORD_BYTES, "game")


def decode_record(text) -> dict:
    return unpack(text, MAX_RECORD_BYTES, "game")


# ---- short game links --------------------------------------------------------------------
#
# Bytes (then base64url): 1 (the format), the header's length as a varint, the header (raw
# deflate of compact JSON: game, rules, players, seed, the options that differ from their
# defaults or the scenario, and the number of moves), 4 bytes of the final state's digest,
# then each move's place among the offered moves (the pending seats' legal actions, in
# order) in just enough bits for that many choices. Reading replays the moves and compares
# the digest, so a damaged link, or one made by a version whose defaults differ, is refused.
# Old links start with "e" (a zlib header); these start with "A" (format byte 1).

GAME_LINK_FORMAT = 1
MAX_LINK_MOVES = 100_000


def offered(game) -> list:
    """The moves the engine offers now, in a fixed order: each pending seat's, in turn."""
    if game.over:
        return []
    return [action for seat in game.pending for action in game.legal_actions(seat)]


def encode_game(game) -> str:
    """A short link text for ``game`` (a game replayed from its record, so every move in it
    was offered when it was made)."""
    from . import replay  # here, not at the top: engine/__init__ does not import this module

    head = _header(game)
    fresh = replay(_header_record(head))
    bits, width_total = 0, 0
    for action in game.actions:
        choices = offered(fresh)
        try:
            place = choices.index(action)
        except ValueError:  # not reachable for a replayed game; say so rather than guess
            raise IllegalAction("This game has a move the engine did not offer; it cannot be"
                                " shared as a short link.") from None
        width = _width(len(choices))
        bits |= place << width_total
        width_total += width
        fresh.apply_trusted(choices[place])
    header = _deflate(json.dumps(head, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
    moves = bits.to_bytes((width_total + 7) // 8, "little")
    data = bytes([GAME_LINK_FORMAT]) + _varint(len(header)) + header \
        + bytes.fromhex(game.digest()[:8]) + moves
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def decode_game(text):
    """The game a link text describes, replayed move by move; refused with a reason."""
    from . import replay

    if isinstance(text, str) and text.strip().startswith("e"):  # the first format
        return replay(decode_record(text))
    data = _link_bytes(text, "game")
    if len(data) < 6:
        raise IllegalAction("This game link is damaged: it is cut short.")
    if data[0] != GAME_LINK_FORMAT:
        raise IllegalAction("This game link was made by a newer version of Matchbook (or is"
                            " damaged): this version cannot read it.")
    length, at = _read_varint(data, 1)
    if length > len(data) - at - 4:
        raise IllegalAction("This game link is damaged: it is cut short.")
    header = _inflated(data[at:at + length], MAX_RECORD_BYTES, "game", -15)
    check = data[at + length:at + length + 4].hex()
    moves = int.from_bytes(data[at + length + 4:], "little")
    spare = (len(data) - at - length - 4) * 8
    head = parse_json(header, "game link", max_bytes=MAX_RECORD_BYTES)
    if not isinstance(head, dict) or not isinstance(head.get("n"), int) \
            or isinstance(head.get("n"), bool) or not 0 <= head["n"] <= MAX_LINK_MOVES:
        raise IllegalAction("This game link is damaged: its header is not a game's.")
    game = replay(_header_record(head))
    used = 0
    for number in range(head["n"]):
        choices = offered(game)
        if not choices:
            raise IllegalAction(f"This game link is damaged: the game is over before move"
                                f" {number + 1}.")
        width = _width(len(choices))
        if used + width > spare:
            raise IllegalAction("This game link is damaged: it is cut short.")
        place = (moves >> used) & ((1 << width) - 1)
        used += width
        if place >= len(choices):
            raise IllegalAction(f"This game link is damaged at move {number + 1}.")
        game.apply_trusted(choices[place])  # one the engine offered at this point
    if moves >> used or spare - used >= 8 or game.digest()[:8] != check:
        raise IllegalAction("This game link is damaged, or was made by another version of"
                            " Matchbook: its moves do not lead to the game it describes.")
    return game


def _header(game) -> dict:
    head = {"g": game.id, "r": game.rules, "p": game.players, "s": game.seed,
            "n": len(game.actions)}
    if game.scenario is not None:
        head["c"] = game.scenario
    else:
        defaults = {spec["id"]: spec["default"] for spec in type(game).OPTIONS}
        changed = {key: value for key, value in game.options.items()
                   if key not in defaults or defaults[key] != value
                   or type(defaults[key]) is not type(value)}
        if changed:
            head["o"] = changed
    return head


def _header_record(head: dict) -> dict:
    from .game import SAVE_FORMAT

    return {"format": SAVE_FORMAT, "game": head.get("g"), "rules": head.get("r"),
            "players": head.get("p"), "seed": head.get("s", 0), "options": head.get("o"),
            "scenario": head.get("c"), "actions": []}


def _width(choices: int) -> int:
    """Bits for one of ``choices`` moves: 0 for a forced move."""
    return (choices - 1).bit_length()


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        byte, number = number & 0x7F, number >> 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple:
    number, shift = 0, 0
    while at < len(data) and shift < 35:
        byte = data[at]
        number |= (byte & 0x7F) << shift
        at += 1
        if not byte & 0x80:
            return number, at
        shift += 7
    raise IllegalAction("This game link is damaged: it is cut short.")


def _deflate(raw: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(raw) + packer.flush()
