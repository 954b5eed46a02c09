"""Playing with friends on their own devices: the pure parts of the host's boundary.

The host's browser runs the engine; each guest's device has none. A guest's message reaches
the host as text anyone could have written, and ``engine.service``'s ``guest`` op reads it
here: ``read_message`` parses it with ``engine.limits`` (at most ``MAX_MESSAGE``
characters) and checks its ``type`` and every field that type has, refusing anything else
with a sentence. ``guest_state`` is everything a guest is ever sent about the game: what its
seat may see, nothing the host keeps for itself (no moves, no seed, no undo) until the game
is over, when the whole record goes so the guest can check the deal (``verify``).

Fair play: at the deal the host publishes ``seed_commitment(seed)``, the SHA-256 of
``"matchbook-seed:" + seed`` (UTF-8, hexadecimal), and reveals the seed in the record at the
end; ``verify`` replays that record and says, check by check, whether it is the game the guest
played. The seed must be a long random word (``MIN_COMMIT_SEED`` characters at least), else
it could be found from its fingerprint by trying seeds.
"""

import hashlib
import json
import re

from .errors import IllegalAction
from .game import is_seat_number
from .limits import dump_json, parse_json

MAX_MESSAGE = 8192  # characters in one guest message; the longest real one is a few hundred
MAX_NAME = 24
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
# The reactions a guest may send (the UI draws its buttons from these, via the op
# "reactions"): a small fixed set, so a reaction can never carry text of its own.
REACTIONS = ("👍", "👏", "😮", "😂", "😅", "🙏")
MIN_COMMIT_SEED = 16
COMMIT_PREFIX = "matchbook-seed:"
LOG_FIELDS = ("log", "log_from", "log_next")
_BIDI_CONTROLS = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}

# type -> (required fields, optional fields), besides "type" itself.
MESSAGES = {
    "hello": (("name", "token"), ()),
    "react": (("emoji",), ()),
    "view": ((), ("log_from",)),
    "act": (("action",), ("moves", "log_from")),
    "hint": ((), ()),
}
MAX_COUNT = 1 << 31


def read_message(text) -> dict:
    """A guest's message text as a checked object: a known ``type`` with exactly its fields,
    each of the right kind; or IllegalAction saying what is wrong."""
    if not isinstance(text, str):
        raise IllegalAction("A guest's message is text (the request needs \"message\").")
    if len(text) > MAX_MESSAGE:
        raise IllegalAction(f"A guest's message is at most {MAX_MESSAGE} characters; this one"
                            f" has {len(text)}.")
    message = parse_json(text, "message", max_bytes=MAX_MESSAGE)
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise IllegalAction("A guest's message is a JSON object with a \"type\".")
    kind = message["type"]
    if kind not in MESSAGES:
        shown = kind if len(kind) <= 30 else kind[:30] + "…"
        raise IllegalAction(f"A guest cannot send a {shown!r} message; the messages are"
                            f" {', '.join(sorted(MESSAGES))}.")
    required, optional = MESSAGES[kind]
    extra = sorted(key for key in message if key not in {"type", *required, *optional})
    missing = [name for name in required if message.get(name) is None]
    article = "An" if kind[:1] in "aeiou" else "A"
    if extra:
        fields = ", ".join(("type",) + required + optional)
        raise IllegalAction(f"{article} {kind} message has no field {extra[0][:30]!r}; its"
                            f" fields are {fields}.")
    if missing:
        raise IllegalAction(f"{article} {kind} message needs {missing[0]!r}.")
    for name in ("log_from", "moves"):
        value = message.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value <= MAX_COUNT):
            raise IllegalAction(f"In a guest's message, {name!r} is a whole number from 0 to"
                                f" {MAX_COUNT}.")
    if kind == "act" and not isinstance(message["action"], dict):
        raise IllegalAction("An act message carries the move as \"action\", an object.")
    return message


def clean_name(name) -> str:
    """A guest's name as the table shows it: trimmed, 1 to ``MAX_NAME`` characters, with no
    control characters and no marks that reorder text (which could disguise a name)."""
    if not isinstance(name, str):
        raise IllegalAction(f"A name is text of 1 to {MAX_NAME} characters.")
    name = name.strip()
    if not 0 < len(name) <= MAX_NAME:
        raise IllegalAction(f"A name is 1 to {MAX_NAME} characters.")
    # Code points, not unicodedata categories: the same answer in every Python version.
    if any(ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 or ord(char) in _BIDI_CONTROLS
           or char in "\u2028\u2029" for char in name):
        raise IllegalAction("A name cannot hold control characters or line breaks.")
    return name


def check_token(token) -> str:
    """A guest's token (its device's own random word, to reclaim its seat after a drop)."""
    if not isinstance(token, str) or TOKEN.fullmatch(token) is None:
        raise IllegalAction("A token is 16 to 64 characters: letters A-Z or a-z, digits, '-'"
                            " or '_'.")
    return token


def check_reaction(emoji) -> str:
    if not isinstance(emoji, str) or emoji not in REACTIONS:
        raise IllegalAction(f"A reaction is one of {' '.join(REACTIONS)}.")
    return emoji


def guest_state(game, seat: int, log_from: int = 0) -> dict:
    """Everything a guest at ``seat`` is sent about the game, and nothing else: its view (the
    log from ``log_from`` on), its legal actions, whose turn it is, how many moves were made
    and the result. Once the game is over, its whole ``record`` (seed included), so the guest
    can check the deal against the commitment and keep the game in its history."""
    state = {
        "ok": True,
        "view": game.view(seat, log_from=log_from),
        "legal": game.legal_actions(seat),
        "to_move": game.to_move,
        "pending": game.pending,
        "over": game.over,
        "result": game.result(),
        "moves": len(game.actions),
    }
    if game.over:
        state["record"] = game.record()
    return state


def seed_commitment(seed) -> str:
    """The fingerprint of a seed published at the deal: SHA-256 of ``"matchbook-seed:"`` and
    the seed word (UTF-8), in hexadecimal."""
    return hashlib.sha256((COMMIT_PREFIX + str(seed)).encode("utf-8")).hexdigest()


def commitment(game) -> str:
    """The commitment to ``game``'s deal, refused for a deal whose seed could be guessed."""
    if game.scenario is not None:
        raise IllegalAction("This game was set up from a position, not dealt from a seed, so"
                            " there is no seed to commit to.")
    seed = game.seed
    if not isinstance(seed, str) or len(seed) < MIN_COMMIT_SEED:
        raise IllegalAction(f"A fair deal needs a seed word of at least {MIN_COMMIT_SEED}"
                            " random characters: a shorter seed, or a number, could be found"
                            " from its fingerprint.")
    return seed_commitment(seed)


def _table(view) -> str:
    """A view without its log fields, as comparable text (types kept: 1 is not 1.0)."""
    table = {key: value for key, value in view.items() if key not in LOG_FIELDS}
    return json.dumps(json.loads(dump_json(table)), sort_keys=True, ensure_ascii=True)


def verify(game, published: str, seat: int, view: dict) -> dict:
    """Whether the replayed ``game`` is the one a guest at ``seat`` played: its seed matches
    the commitment ``published`` at the deal, it was dealt from that seed, its final view for
    the seat is ``view`` (the last one the guest was sent) and it is over."""
    seed = game.seed
    checks = [
        (isinstance(seed, str) and seed_commitment(seed) == published.lower(),
         "The seed revealed at the end matches the fingerprint shown at the deal.",
         "The seed revealed at the end does not match the fingerprint shown at the deal: the"
         " deal may have been changed during the game."),
        (game.scenario is None,
         "The cards were dealt from that seed.",
         "The game was set up from a chosen position, not dealt from its seed."),
        (_table(game.view(seat)) == _table(view),
         "Replaying the moves gives exactly the table you saw at the end.",
         "Replaying the moves does not give the table you saw at the end: the record is not"
         " the game you played."),
        (game.over,
         "The game is over, so the whole game was checked.",
         "The game is not over, so only the moves so far were checked."),
    ]
    return {"ok": True, "fair": all(ok for ok, _, _ in checks),
            "checks": [{"ok": ok, "what": good if ok else bad} for ok, good, bad in checks]}


def check_commitment(value) -> str:
    if not isinstance(value, str) or re.fullmatch(r"[0-9a-fA-F]{64}", value) is None:
        raise IllegalAction("A commitment is the 64 hexadecimal digits shown at the deal.")
    return value


def check_guest_seat(value, game) -> int:
    """The seat a guest holds (the host's word, checked all the same)."""
    if value is None:
        raise IllegalAction("The request needs the \"seat\" this guest holds.")
    if not is_seat_number(value, game.players):
        shown = value if isinstance(value, int) and not isinstance(value, bool) else None
        raise IllegalAction(f"There is no seat {shown} at this table: seats are 0 to"
                            f" {game.players - 1}." if shown is not None
                            else "A guest's seat is a seat number.")
    return value
