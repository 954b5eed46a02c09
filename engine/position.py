"""The toolkit every game's ``setup_position`` uses to read a scenario's position.

A position comes from outside (a teacher's editor, a share link, a lesson), so every field is
checked before it is used, and a refusal names the field and says what it should be. Each
game's ``position.py`` reads its own fields with a ``PositionReader`` and ends with
``check_every_card_once``; its ``position()`` writes the same fields back, so
``from_scenario(game.to_scenario())`` is the same game (a property test checks it).

    reader = PositionReader(game, position, keys=("hands", "pile", "stock", "to_move"))
    hands = reader.per_seat("hands", card)          # one list of cards per seat
    pile = reader.cards("pile", card, at_least=1)
    to_move = reader.seat("to_move", default=0)
    check_every_card_once(hands + [pile], deck, name=card_text)

``card`` is the game's parser: a function from a value to a card code that raises
``ValueError`` for anything that is not one of its cards.
"""

from .errors import IllegalAction
from .game import is_seat_number

MISSING = object()
MAX_LIST = 500  # no position of any game holds more cards than this in one place


class PositionReader:
    """Typed, named access to the fields of one position; each refusal says which field."""

    def __init__(self, game, position, keys):
        if not isinstance(position, dict):
            raise IllegalAction("A scenario needs a \"position\" object.")
        unknown = sorted(str(key) for key in position if key not in keys)
        if unknown:
            raise IllegalAction(f"A {game.title} position has no field {unknown[0]!r}; its"
                                f" fields are {', '.join(keys)}.")
        self.game = game
        self.position = position

    def has(self, key) -> bool:
        return self.position.get(key) is not None

    def raw(self, key, default=None):
        value = self.position.get(key)
        return default if value is None else value

    def _value(self, key, default):
        value = self.position.get(key)
        if value is None:
            if default is MISSING:
                raise IllegalAction(f"The position needs {key!r}.")
            return default
        return value

    def seat(self, key, default=MISSING):
        value = self._value(key, default)
        if value is None:
            return None
        if not is_seat_number(value, self.game.players):
            raise IllegalAction(f"{key!r} must be a seat from 0 to {self.game.players - 1}.")
        return value

    def integer(self, key, low: int, high: int, default=MISSING):
        value = self._value(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise IllegalAction(f"{key!r} must be a whole number from {low} to {high}.")
        return value

    def boolean(self, key, default=MISSING) -> bool:
        value = self._value(key, default)
        if not isinstance(value, bool):
            raise IllegalAction(f"{key!r} must be true or false.")
        return value

    def choice(self, key, values, default=MISSING):
        value = self._value(key, default)
        if not any(type(value) is type(allowed) and value == allowed for allowed in values):
            shown = ", ".join(repr(v) for v in values)
            raise IllegalAction(f"{key!r} must be one of {shown}.")
        return value

    def cards(self, key, card, default=MISSING, at_least: int = 0, where: str | None = None):
        value = self._value(key, default)
        return card_list(value, card, where or repr(key), at_least)

    def per_seat(self, key, card, default=MISSING, at_least: int = 0) -> list:
        """One list of cards for each seat."""
        value = self._value(key, default)
        players = self.game.players
        if not isinstance(value, list) or len(value) != players:
            raise IllegalAction(f"{key!r} needs one list of cards for each of the {players}"
                                " seats.")
        return [card_list(cards, card, f"{key!r} of seat {seat + 1}", at_least)
                for seat, cards in enumerate(value)]

    def per_seat_numbers(self, key, low: int, high: int, default=MISSING) -> list:
        value = self._value(key, default)
        players = self.game.players
        if not isinstance(value, list) or len(value) != players or not all(
                not isinstance(x, bool) and isinstance(x, int) and low <= x <= high
                for x in value):
            raise IllegalAction(f"{key!r} needs one whole number from {low} to {high} for each"
                                f" of the {players} seats.")
        return list(value)


def card_list(value, card, where: str, at_least: int = 0) -> list:
    """A list of card codes read with the game's parser ``card``; refusals name ``where``."""
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise IllegalAction(f"{where} must be a list of card codes.")
    codes = []
    for item in value:
        try:
            codes.append(card(item))
        except (ValueError, TypeError):
            shown = item if isinstance(item, str) and len(item) <= 20 else "that"
            raise IllegalAction(f"{shown!r} in {where} is not a card of this game.") from None
    if len(codes) < at_least:
        raise IllegalAction(f"{where} needs at least {at_least} card"
                            f"{'' if at_least == 1 else 's'}.")
    return codes


def check_every_card_once(placed: list, deck: list, name=str) -> None:
    """Refuse unless ``placed`` (all the cards of the position) is exactly ``deck`` as a
    multiset: every card in exactly one place, none missing, none too many."""
    want: dict = {}
    for code in deck:
        want[code] = want.get(code, 0) + 1
    have: dict = {}
    for code in placed:
        have[code] = have.get(code, 0) + 1
    for code in sorted(have):
        if code not in want:
            raise IllegalAction(f"The card {name(code)} is not in this game's deck (with these"
                                " options).")
        if have[code] > want[code]:
            copies = "once" if want[code] == 1 else f"{want[code]} times"
            raise IllegalAction(f"The card {name(code)} appears {have[code]} times; it is in"
                                f" the deck {copies}, and each card is in exactly one place.")
    missing = [code for code in sorted(want) for _ in range(want[code] - have.get(code, 0))]
    if missing:
        shown = ", ".join(name(code) for code in missing[:8])
        more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        raise IllegalAction(f"Every card must be placed; missing: {shown}{more}.")
