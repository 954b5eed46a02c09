"""Declared shapes: what each field of a scenario's position may hold, checked in one place.

A position comes from outside (a share link, an embed's URL, a host page's message, the
editor), so before any game code reads it, ``engine.scenario.from_scenario`` checks it
against the shape its game declares (``Game.position_shape()``, written in each game's
``position.py``). What passes has the right types everywhere: whole numbers that are not
floats or booleans, seats in range, cards that are card codes of that game, lists of the
right length, no unknown field. The game's own ``setup_position`` then checks only what the
rules say (a card in two places, a trick that broke follow-suit), never a type.

Each refusal names the field and what it should hold:

    position.guides[0]: expected a list of cards, got 0.0.
    position.trick[1].seat: expected a seat number from 0 to 3, got 1.5.

A shape is a small object with ``check(value, path, game)``; the ones here are the whole
vocabulary, so every game's position reads the same way:

    SHAPE = Record({
        "hands": PerSeat(Cards(card_code)),      # one list of cards per seat
        "to_move": Nullable(SEAT),               # null or omitted: the game's default
        "round": Nullable(Int(1, 13)),
        "trick": Nullable(List(Record({"seat": SEAT, "card": Card(card_code)}))),
    })

A field's null means "omitted" (the game's default), as the position formats document; a
field whose value may be null inside a list (a bid not yet made) says so with ``Nullable``.
"""

from .errors import IllegalAction

MAX_LIST = 500  # no position of any game holds more items than this in one list
MAX_TEXT = 80  # no text field of a position is longer (a stage, a reason, a colour)


def shown(value) -> str:
    """A short, safe rendering of a JSON value for a refusal."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= 20 else "a number with " + str(len(text)) + " digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        if len(value) <= 20 and value.isprintable():
            return '"' + value + '"'
        return "a text of " + str(len(value)) + " characters"
    if isinstance(value, list):
        return "an empty list" if not value else "a list of " + str(len(value))
    if isinstance(value, dict):
        return "an object"
    return "something that is not JSON"


class Shape:
    words = "a value"

    def describe(self, game) -> str:
        return self.words

    def refuse(self, value, path, game):
        raise IllegalAction(f"{path}: expected {self.describe(game)}, got {shown(value)}.")

    def check(self, value, path, game) -> None:
        raise NotImplementedError


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Int(Shape):
    """A whole number (never a float such as 1.0, never true/false) from ``low`` to ``high``;
    either bound may be a function of the game (``lambda game: game.players``)."""

    def __init__(self, low=None, high=None):
        self.low, self.high = low, high

    def bounds(self, game):
        low = self.low(game) if callable(self.low) else self.low
        high = self.high(game) if callable(self.high) else self.high
        return low, high

    def describe(self, game) -> str:
        low, high = self.bounds(game)
        if low is None and high is None:
            return "a whole number"
        if high is None:
            return f"a whole number of at least {low}"
        return f"a whole number from {low} to {high}"

    def check(self, value, path, game):
        low, high = self.bounds(game)
        if not is_int(value) or (low is not None and value < low) \
                or (high is not None and value > high):
            self.refuse(value, path, game)


class Seat(Shape):
    def describe(self, game) -> str:
        return f"a seat number from 0 to {game.players - 1}"

    def check(self, value, path, game):
        if not is_int(value) or not 0 <= value < game.players:
            self.refuse(value, path, game)


SEAT = Seat()


class Bool(Shape):
    words = "true or false"

    def check(self, value, path, game):
        if not isinstance(value, bool):
            self.refuse(value, path, game)


BOOL = Bool()


class Text(Shape):
    """A short text; with ``values``, one of those."""

    def __init__(self, values=None):
        self.values = tuple(values) if values is not None else None

    def describe(self, game) -> str:
        if self.values is None:
            return f"a text of at most {MAX_TEXT} characters"
        return "one of " + ", ".join('"' + v + '"' for v in self.values)

    def check(self, value, path, game):
        if not isinstance(value, str) or len(value) > MAX_TEXT \
                or (self.values is not None and value not in self.values):
            self.refuse(value, path, game)


class Card(Shape):
    """A card code of this game: ``parse`` is the game's parser, which raises ``ValueError``
    (or ``TypeError``) for anything that is not one of its cards."""

    def __init__(self, parse, words="a card of this game"):
        self.parse, self.words = parse, words

    def check(self, value, path, game):
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            self.refuse(value, path, game)
        try:
            self.parse(value)
        except (ValueError, TypeError, KeyError):
            self.refuse(value, path, game)


class List(Shape):
    """A list of ``item``s: ``length`` exact (a number, or ``"players"`` for one per seat),
    else from ``least`` to ``most`` items."""

    def __init__(self, item, length=None, least=0, most=MAX_LIST, words=None, each=None):
        self.item, self.length, self.least, self.most = item, length, least, most
        self.words = words
        self.each = "seat" if length == "players" and each is None else each

    def size(self, game):
        if self.length == "players":
            return game.players
        return self.length(game) if callable(self.length) else self.length

    def describe(self, game) -> str:
        what = self.words or "a list"
        size = self.size(game)
        if size is not None:
            return f"{what} of {size}" + (f" (one per {self.each})" if self.each else "")
        return what

    def check(self, value, path, game):
        size = self.size(game)
        if not isinstance(value, list) or len(value) > self.most or len(value) < self.least \
                or (size is not None and len(value) != size):
            self.refuse(value, path, game)
        for index, item in enumerate(value):
            self.item.check(item, f"{path}[{index}]", game)


def Cards(parse, **sizes) -> List:
    """A list of card codes."""
    return List(Card(parse), words="a list of cards", **sizes)


def PerSeat(item) -> List:
    """One ``item`` for each seat."""
    return List(item, length="players")


class Nullable(Shape):
    """``inner``, or null."""

    def __init__(self, inner):
        self.inner = inner

    def describe(self, game) -> str:
        return self.inner.describe(game) + " or null"

    def check(self, value, path, game):
        if value is not None:
            self.inner.check(value, path, game)


class Record(Shape):
    """An object with these fields (each a shape); ``required`` ones must be present and not
    null, the others may be omitted; any other key is refused by name."""

    def __init__(self, fields: dict, required=(), words="an object"):
        self.fields, self.required, self.words = fields, tuple(required), words

    def check(self, value, path, game):
        if not isinstance(value, dict):
            self.refuse(value, path, game)
        for key in value:
            if key not in self.fields:
                shown_key = key if len(key) <= 20 else key[:20] + "…"
                raise IllegalAction(f"{path}: there is no field {shown_key!r}; the fields are"
                                    f" {', '.join(self.fields)}.")
        for key in self.required:
            if value.get(key) is None:
                raise IllegalAction(f"{path}: the field {key!r} is needed.")
        for key, item in value.items():
            self.fields[key].check(item, f"{path}.{key}", game)


class Either(Shape):
    """One of several shapes (the first that fits)."""

    def __init__(self, *shapes, words=None):
        self.shapes, self.words = shapes, words

    def describe(self, game) -> str:
        return self.words or " or ".join(shape.describe(game) for shape in self.shapes)

    def check(self, value, path, game):
        for shape in self.shapes:
            try:
                shape.check(value, path, game)
                return
            except IllegalAction:
                continue
        self.refuse(value, path, game)


class Anything(Shape):
    """Any JSON value: for a field a game checks entirely itself. Use sparingly: every field
    declared so is a field whose types the game's own code must check."""

    def check(self, value, path, game):
        return None


def check_position(game, position) -> None:
    """Refuse ``position`` unless it fits ``game``'s declared shape (``IllegalAction`` naming
    the field)."""
    shape = type(game).POSITION_SHAPE
    if shape is None:
        raise IllegalAction(f"{game.title} has no scenario positions yet.")
    shape.check(position, "position", game)


def Position(fields: dict, required=()) -> Record:
    """A game's position: a record whose every field may be null or omitted (the game's
    default), except the ``required`` ones."""
    return Record({key: shape if key in required else Nullable(shape)
                   for key, shape in fields.items()}, required=required, words="an object")
