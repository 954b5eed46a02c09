"""Playing cards as value types with a text form that round-trips (``Card.parse("7D")``).

Codes are the ones in DESIGN.md: rank ``2``-``10``, ``J``, ``Q``, ``K``, ``A`` + suit
``C D H S``; Jokers are ``RJ`` and ``BJ``. Symbols (♣♦♥♠) are for the screen only.
"""

from dataclasses import dataclass

SUITS = ("C", "D", "H", "S")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKERS = ("RJ", "BJ")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
JOKER_NAMES = {"RJ": "red Joker", "BJ": "black Joker"}


@dataclass(frozen=True, order=True)
class Card:
    """A card of the standard deck, or a Joker (``rank == "JOKER"``, ``suit`` "R" or "B")."""

    rank: str
    suit: str

    @classmethod
    def parse(cls, code: str) -> "Card":
        if not isinstance(code, str):
            raise ValueError(f"not a card code: {code!r}")
        code = code.strip().upper()
        if code in JOKERS:
            return cls("JOKER", code[0])
        rank, suit = code[:-1], code[-1:]
        if rank not in RANKS or suit not in SUITS:
            raise ValueError(f"not a card code: {code!r}")
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        return self.rank == "JOKER"

    def __str__(self) -> str:
        return self.suit + "J" if self.is_joker else self.rank + self.suit

    @property
    def code(self) -> str:
        return str(self)

    @property
    def label(self) -> str:
        """Short screen text, e.g. ``7♦``, ``10♥``, ``Joker``."""
        return "Joker" if self.is_joker else self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Accessible name, e.g. ``7 of diamonds``, ``Ace of spades``, ``red Joker``."""
        if self.is_joker:
            return JOKER_NAMES[str(self)]
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"


def standard_deck(jokers: bool = False) -> list[str]:
    """Card codes of a 52-card deck (54 with Jokers), in a fixed order before shuffling."""
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    return deck + list(JOKERS) if jokers else deck


def card_label(code: str) -> str:
    return Card.parse(code).label


def card_name(code: str) -> str:
    return Card.parse(code).name
