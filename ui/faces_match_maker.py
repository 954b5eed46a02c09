# The Match-Maker's cards on screen: a sex symbol and words on every person card, and every
# chance card says what it does, so nothing relies on colour (the three orientations also
# differ in border style). Presentation only: what matches what is the engine's business.
# Runs in MicroPython and CPython: keep to the subset both share (no str.capitalize).

from ui.markup import esc, tag

SEX_SYMBOLS = {"m": "♂", "f": "♀"}
SEX_WORDS = {"m": "man", "f": "woman"}
CHANCE_NAMES = {"soulmate": "Soulmate", "deathmate": "Deathmate",
                "orientation-change": "Orientation Change", "sex-change": "Sex Change",
                "time": "Time"}
CHANCE_SYMBOLS = {"soulmate": "♥", "deathmate": "☠", "orientation-change": "⇄",
                  "sex-change": "⚥", "time": "↻"}
# What the card does, in the rulebook's terms (match.5-6, mismatch.2-9).
CHANCE_EFFECTS = {"soulmate": "+3 points for the Couple",
                  "deathmate": "−3 points, and PC1 is discarded",
                  "orientation-change": "replace PC1 or PC2: same sex, another orientation",
                  "sex-change": "replace PC1 or PC2 with a card of the other sex",
                  "time": "take another turn"}
# The words on a chance card's face, a line each; the soft hyphen lets "Orientation" break
# on a small card (screen readers get the card's name from its label instead).
FACE_WORDS = {"soulmate": ("Soulmate",), "deathmate": ("Deathmate",),
              "orientation-change": ("Orien\u00adtation", "Change"),
              "sex-change": ("Sex", "Change"), "time": ("Time",)}
SHORT_EFFECTS = {"soulmate": "+3 points", "deathmate": "−3 points",
                 "orientation-change": "new orientation", "sex-change": "other sex",
                 "time": "another turn"}


def is_person(code):
    return code[-2:] in ("-m", "-f")


def orientation(code):
    return code.split("-")[0]


def sex(code):
    return code[-1]


def person_name(code):
    """``"straight man"``, ``"gay woman"``: the players' words."""
    return orientation(code) + " " + SEX_WORDS.get(sex(code), "?")


def short_name(code):
    """The card's name without its effect: ``"gay woman"``, ``"Orientation Change"``."""
    if is_person(code):
        return person_name(code)
    return CHANCE_NAMES.get(code, code)


def a_card(code):
    """``"a straight man"``, ``"an Orientation Change"``."""
    name = short_name(code)
    return ("an " if name[0] in "aeiouAEIOU" else "a ") + name


def card_label(code):
    if is_person(code):
        return SEX_SYMBOLS.get(sex(code), "?") + " " + person_name(code)
    return CHANCE_SYMBOLS.get(code, "?") + " " + CHANCE_NAMES.get(code, code)


def card_name(code):
    if is_person(code):
        return person_name(code)
    return CHANCE_NAMES.get(code, code) + ": " + CHANCE_EFFECTS.get(code, "")


def card_colour_class(code):
    # Orientation and sex as separate tokens: the class never spells a card code.
    if is_person(code):
        return "mx-person mx-" + orientation(code) + " mx-" + sex(code)
    return "mx-chance mx-" + code


def face(code, extra_class="", label=None):
    """A face-up card drawn large enough to read: the symbol, then the words."""
    if is_person(code):
        lines = [tag("span", {"class": "mx-symbol"}, SEX_SYMBOLS.get(sex(code), "?")),
                 tag("span", {"class": "mx-words"}, esc(orientation(code))),
                 tag("span", {"class": "mx-words"}, esc(SEX_WORDS.get(sex(code), "?")))]
    else:
        lines = [tag("span", {"class": "mx-symbol"}, CHANCE_SYMBOLS.get(code, "?"))]
        for word in FACE_WORDS.get(code, (code,)):
            lines.append(tag("span", {"class": "mx-words"}, esc(word)))
        lines.append(tag("span", {"class": "mx-effect"}, esc(SHORT_EFFECTS.get(code, ""))))
    return tag("span", {"class": ("card face mx-card " + card_colour_class(code) + " "
                                  + extra_class).strip(),
                        "role": "img", "aria-label": label or card_name(code)},
               tag("span", {"class": "mx-lines", "aria-hidden": "true"}, *lines))


def chip(code, count=1):
    """A small face-up card for the piles: the symbol and the short name, readable in a row."""
    times = " ×" + str(count) if count > 1 else ""
    name = short_name(code)
    return tag("span", {"class": "mx-chip face " + card_colour_class(code), "role": "img",
                        "aria-label": name + (", " + str(count) + " cards" if count > 1 else "")},
               tag("span", {"aria-hidden": "true"},
                   esc(card_label(code) + times)))


def card_class(code):  # the Layout interface name (ui/layouts/base.py)
    return card_colour_class(code)
