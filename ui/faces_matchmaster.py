# Matchmaster's cards on screen: the colour's name and letters as well as its shade, so the
# two oranges and the two blues are told apart without relying on hue (MS-A10).

COLOUR_NAMES = {"DO": "dark orange", "LO": "light orange", "DB": "dark blue", "LB": "light blue"}


def colour_of(code):
    return code[:2]


def rank_of(code):
    return code[2:]


def card_label(code):
    return rank_of(code) + " " + colour_of(code)


def card_name(code):
    name = COLOUR_NAMES.get(colour_of(code), "?") + " " + rank_of(code)
    return name + " (trump)" if colour_of(code) == "DO" else name


def card_colour_class(code):
    return "mm-" + colour_of(code).lower()


def colour_label(colour):
    return COLOUR_NAMES.get(colour, "?") + " (" + colour + ")"


def card_class(code):  # the Layout interface name (ui/layouts/base.py)
    return card_colour_class(code)
