# Matchmakers' cards on screen: every card shows its colour's letter and its value in text, the
# twins their ★ (star) or ☾ (moon), and the guides say "guide", so nothing relies on hue.
# Codes: R8s = red 8★, R8m = red 8☾, G5 = green 5, T4 = mountain guide 4.

COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
MARKS = {"s": "★", "m": "☾"}
MARK_WORDS = {"s": "star", "m": "moon"}


def is_guide(code):
    return code[:1] == "T"


def value_text(code):
    return code[1:2] + MARKS.get(code[2:], "")


def card_label(code):
    if is_guide(code):
        return value_text(code) + " guide"
    return value_text(code) + " " + code[:1]


def card_name(code):
    if is_guide(code):
        return "mountain guide " + code[1:2]
    return COLOUR_NAMES.get(code[:1], "?") + " " + value_text(code)


def card_colour_class(code):
    if is_guide(code):
        return "mk-t"
    return "mk-" + code[:1].lower()


def colour_label(colour):
    return COLOUR_NAMES.get(colour, "?") + " (" + colour + ")"


def card_class(code):  # the Layout interface name (ui/layouts/base.py)
    return card_colour_class(code)
