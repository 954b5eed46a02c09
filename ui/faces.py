# How a standard playing card's code looks on screen (Matatu): symbols and words, never
# colour alone. Presentation only: which cards exist and what they do is the engine's
# business. Every game's faces module offers card_label, card_name and card_colour_class.

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
RED_SUITS = ("D", "H")


def is_joker(code):
    return code in ("RJ", "BJ")


def card_label(code):
    if is_joker(code):
        return "Joker"
    return code[:-1] + SUIT_SYMBOLS.get(code[-1], "?")


def card_name(code):
    if code == "RJ":
        return "red Joker"
    if code == "BJ":
        return "black Joker"
    rank = code[:-1]
    return RANK_NAMES.get(rank, rank) + " of " + SUIT_NAMES.get(code[-1], "?")


def card_colour_class(code):
    if is_joker(code):
        return "red" if code == "RJ" else "black"
    return "red" if code[-1] in RED_SUITS else "black"


def suit_label(suit):
    return SUIT_SYMBOLS.get(suit, "?") + " " + SUIT_NAMES.get(suit, "?")


def card_class(code):  # the Layout interface name (ui/layouts/base.py)
    return card_colour_class(code)
