"""The Match-Maker in words: card names, and the log entries as sentences.

This file imports nothing: the UI (MicroPython) loads this very file as ``ui.words.match_maker``,
so the names a player reads exist once, here. Keep to what MicroPython and CPython share (no
f-strings, no capitalize() on strings).

Card codes: the person cards ``straight-m``, ``straight-f``, ``gay-m``, ``gay-f``,
``celibate-m``, ``celibate-f``; the chance cards ``soulmate``, ``deathmate``,
``orientation-change``, ``sex-change``, ``time``. The rulebook's "PC1" and "PC2" are "the first
card" and "the second card" opened this turn; ``pc`` fields hold 1 or 2.

Log entries (``Game.say``: ``kind``, ``seat`` when a seat acts, then these fields). None of them
says where a face-down card lies: a written record of which card went back into which stack
would do the players' remembering for them. Only in beginner mode (every card face up, MX-A20)
does ``opened`` carry the location.

=================  ======================================================================
kind               fields
=================  ======================================================================
dealt              seat (the dealer), grid (cards on the grid), stacks (locations),
                   change_to_person (cards on that pile), persons (counts in the order of
                   PERSONS), chances (counts in the order of CHANCES)
scenario           (none): the game starts from a set position
opened             seat, card, pc; row and col only in beginner mode
matched            seat, a, b: the first and the second card match
committed          seat: a mate card drawn before opening binds them to the Couple
no_match           seat, a, b, again (true after a replacement)
drew_mate          seat, card, before (true: before opening)
couple             seat, a, b, bonus (points from mate cards, may be 0)
deathmate          seat, card (the first card, discarded), points (lost)
event              seat, event (an id of EVENT_TITLES)
ex                 seat, card (the second card, taken), kept (the first, back face down)
drew_change        seat, card
declined_change    seat: both cards go back face down
declined_cancel    seat
cancel_attempt     seat, change (the card to cancel), opened (the card they opened)
cancelled          seat, change, turn_player
cancel_failed      seat, opened, turn_player
extra_turn         seat: a Time card gives them another turn
no_replacement     seat, change: neither card can take the change
replaced           seat, pc, old, new
set_aside          seat, cards (unused mate cards), bottom (true: under the Mate pile)
time_up            seat (who called it)
game_over          reason (an id of END_REASONS)
scores             scores (one per seat)
title              title ("match_maker" or "the_player"), seats
grand_master       seat
=================  ======================================================================
"""

PERSONS = ("straight-m", "straight-f", "gay-m", "gay-f", "celibate-m", "celibate-f")
CHANCES = ("soulmate", "deathmate", "orientation-change", "sex-change", "time")

SEX_SYMBOLS = {"m": "♂", "f": "♀"}
SEX_WORDS = {"m": "man", "f": "woman"}
CHANCE_NAMES = {"soulmate": "Soulmate", "deathmate": "Deathmate",
                "orientation-change": "Orientation Change", "sex-change": "Sex Change",
                "time": "Time"}
CHANCE_SYMBOLS = {"soulmate": "♥", "deathmate": "☠", "orientation-change": "⇄",
                  "sex-change": "⚥", "time": "↻"}
# What the card does, in the rulebook's terms (match.5-6, mismatch.2-9).
CHANCE_EFFECTS = {"soulmate": "+3 points for the Couple",
                  "deathmate": "−3 points, and the first card is discarded",
                  "orientation-change": "replace one of the two cards: same sex, another"
                                        " orientation",
                  "sex-change": "replace one of the two cards with a card of the other sex",
                  "time": "take another turn"}
# The word printed under a chance card's icon (tools/card_faces.py draws the faces; screen
# readers get the card's name from its label instead).
FACE_WORDS = {"soulmate": "Soulmate", "deathmate": "Deathmate",
              "orientation-change": "Orientation", "sex-change": "Sex change", "time": "Time"}
# What a chance card does, in short: printed over its icon, and in the mate cards' hint.
SHORT_EFFECTS = {"soulmate": "+3 points", "deathmate": "−3 points",
                 "orientation-change": "new orientation", "sex-change": "other sex",
                 "time": "another turn"}

PC_WORDS = {1: "the first card", 2: "the second card"}
EVENT_TITLES = {
    "deathmate_trumps_soulmate": "Deathmate Trumps Soulmate", "fairy_tale": "Fairy Tale",
    "tragedy": "Tragedy", "romeo_and_juliet": "Romeo and Juliet", "suicide": "Suicide",
    "attempted_suicide": "Attempted Suicide",
}
END_REASONS = {
    "no_matches": "No match is left on the grid and no chance card could make one.",
    "few_stacks": "Fewer than two stacks hold cards.",
    "max_rounds": "The agreed number of rounds has been played.",
    "time_up": "The agreed time ran out.",
    "stalled": "Too many turns in a row went by without a collection.",
}
TITLES = {"match_maker": "The Match-Maker", "the_player": "The Player"}
# What earns each title (winners.3-4, MX-A16), beside its name on the end screen.
TITLE_REASONS = {"match_maker": "most Couples", "the_player": "most Exes"}
# A mate card's stakes, in a hint beside the draw (MATE_POINTS in rules.py).
MATE_HINT = (CHANCE_NAMES["soulmate"] + " " + SHORT_EFFECTS["soulmate"].replace(" points", "")
             + " or " + CHANCE_NAMES["deathmate"] + " "
             + SHORT_EFFECTS["deathmate"].replace(" points", ""))
# The two ways to collect a match, and what each is worth (match.2: a person card, 1 point).
COLLECT_WORDS = {"couple": "Take the Couple (both cards, 2 points)",
                 "ex": "Take an Ex (the second card only, 1 point; the first goes back)"}
# What each stage of a turn waits for, for a status line or a refusal.
WAITING = {
    "start": "open a first card (or draw a mate card before opening)",
    "second": "open a second card from another stack",
    "match": "the two cards match: take the Couple or an Ex",
    "mate": "draw a Soulmate/Deathmate card or collect the Couple without one",
    "mismatch": "draw a change card or put both cards back",
    "replace": "choose the replacement your change card allows",
}


# ---- cards --------------------------------------------------------------------------------


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
    """``"a straight man"``, ``"an Orientation Change"``, ``"a Time card"``."""
    name = short_name(code) + (" card" if code == "time" else "")
    return ("an " if name[0] in "aeiouAEIOU" else "a ") + name


def the_card(code):
    """``"the straight man"``, ``"the Time card"``."""
    return "the " + short_name(code) + (" card" if code == "time" else "")


def card_label(code):
    """The text on a card: its symbol and name, ``"♂ straight man"``."""
    if is_person(code):
        return SEX_SYMBOLS.get(sex(code), "?") + " " + person_name(code)
    return CHANCE_SYMBOLS.get(code, "?") + " " + CHANCE_NAMES.get(code, code)


def card_name(code):
    """The card in words for assistive technology: a chance card says what it does."""
    if is_person(code):
        return person_name(code)
    return CHANCE_NAMES.get(code, code) + ": " + CHANCE_EFFECTS.get(code, "")


def capital(text):
    return text[:1].upper() + text[1:]


def _and(names):
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _counts(codes, numbers):
    return ", ".join(short_name(codes[i]) + " " + str(numbers[i]) for i in range(len(codes)))


# ---- the log ------------------------------------------------------------------------------


def describe(entry, speaker):
    """One log entry as a sentence for the reader ``speaker`` stands for."""
    kind = entry.get("kind")
    words = _WORDS.get(kind)
    if words is None:
        return ""
    return words(entry, speaker, entry.get("seat"))


def _dealt(entry, speaker, seat):
    return (speaker.says(seat, "deal", "deals") + ": " + str(entry["grid"])
            + " person cards face down in " + str(entry["stacks"]) + " stacks and "
            + str(entry["change_to_person"]) + " on the Change-To-Person pile. Person cards: "
            + _counts(PERSONS, entry["persons"]) + ". Chance cards: "
            + _counts(CHANCES, entry["chances"]) + ". These counts are our defaults, not"
            " official.")


def _opened(entry, speaker, seat):
    where = ""
    if entry.get("row") is not None:
        where = " at row " + str(entry["row"]) + ", column " + str(entry["col"])
    return (speaker.says(seat, "open", "opens", " " + a_card(entry["card"])) + where + " as "
            + PC_WORDS.get(entry.get("pc"), "a card") + ".")


def _matched(entry, speaker, seat):
    return "A match: " + short_name(entry["a"]) + " and " + short_name(entry["b"]) + "."


def _committed(entry, speaker, seat):
    return (speaker.who(seat) + " " + speaker.verb(seat, "are", "is") + " committed to the"
            " Couple by the mate card drawn before opening.")


def _no_match(entry, speaker, seat):
    if entry.get("again"):
        return "Still no match: " + short_name(entry["a"]) + " and " + short_name(entry["b"]) + "."
    return "No match: " + short_name(entry["a"]) + " and " + short_name(entry["b"]) + "."


def _drew_mate(entry, speaker, seat):
    when = " before opening" if entry.get("before") else ""
    return speaker.says(seat, "draw", "draws", " " + a_card(entry["card"])) + when + "."


def _couple(entry, speaker, seat):
    bonus = entry.get("bonus") or 0
    extra = ""
    if bonus > 0:
        extra = ", and " + str(bonus) + " extra points"
    elif bonus < 0:
        extra = ", and " + str(-bonus) + " points less"
    return (speaker.says(seat, "collect", "collects", " a Couple: ") + short_name(entry["a"])
            + " and " + short_name(entry["b"]) + extra + ".")


def _deathmate(entry, speaker, seat):
    return (capital(the_card(entry["card"])) + " (the first card) found a deathmate and is"
            " discarded; " + speaker.who(seat, False) + " " + speaker.verb(seat, "lose", "loses")
            + " " + str(entry["points"]) + " points.")


def _event(entry, speaker, seat):
    return ("Special event for " + speaker.who(seat, False) + ": "
            + EVENT_TITLES.get(entry["event"], entry["event"]) + "!")


def _ex(entry, speaker, seat):
    return (speaker.says(seat, "take", "takes", " " + a_card(entry["card"])) + " as an Ex; "
            + the_card(entry["kept"]) + " (the first card) goes back face down.")


def _drew_change(entry, speaker, seat):
    return speaker.says(seat, "draw", "draws", " " + a_card(entry["card"])) + "."


def _declined_change(entry, speaker, seat):
    return (speaker.says(seat, "draw", "draws", " no change card") + ": both cards go back face"
            " down.")


def _declined_cancel(entry, speaker, seat):
    return speaker.says(seat, "do", "does", " not try to cancel.")


def _cancel_attempt(entry, speaker, seat):
    return (speaker.says(seat, "try", "tries", " to cancel ") + the_card(entry["change"])
            + " and " + speaker.verb(seat, "open", "opens") + " " + a_card(entry["opened"]) + ".")


def _cancelled(entry, speaker, seat):
    turn_player = entry.get("turn_player")
    return ("Cancelled: both " + short_name(entry["change"]) + " cards are discarded, and "
            + speaker.whose(turn_player) + " turn ends.")


def _cancel_failed(entry, speaker, seat):
    turn_player = entry.get("turn_player")
    return ("The attempt fails: " + the_card(entry["opened"]) + " goes face down under the"
            " Change Chance pile, and " + speaker.who(turn_player, False) + " "
            + speaker.verb(turn_player, "continue", "continues") + ".")


def _extra_turn(entry, speaker, seat):
    return speaker.who(seat) + " will take another turn."


def _no_replacement(entry, speaker, seat):
    return ("Neither card can take " + a_card(entry["change"]) + " from the Change-To-Person"
            " pile: both go back face down, and the card is spent.")


def _replaced(entry, speaker, seat):
    return (speaker.says(seat, "replace", "replaces", " ") + the_card(entry["old"]) + " ("
            + PC_WORDS.get(entry.get("pc"), "a card") + ") with " + a_card(entry["new"])
            + " from the Change-To-Person pile.")


def _set_aside(entry, speaker, seat):
    cards = entry.get("cards") or []
    where = "under the Mate pile" if entry.get("bottom") else "onto the Discard pile"
    verb = " goes " if len(cards) == 1 else " go "
    return "The unused " + _and([short_name(code) for code in cards]) + verb + where + "."


def _time_up(entry, speaker, seat):
    return "Time is up."


def _game_over(entry, speaker, seat):
    return "Game over. " + END_REASONS.get(entry.get("reason"), "")


def _scores(entry, speaker, seat):
    parts = [speaker.who(index) + " " + str(score)
             for index, score in enumerate(entry.get("scores") or [])]
    return "Scores: " + ", ".join(parts) + "."


def _title(entry, speaker, seat):
    return TITLES.get(entry.get("title"), "") + ": " + speaker.seats(entry.get("seats") or []) + "."


def _grand_master(entry, speaker, seat):
    return "The Grand Master: " + speaker.who(seat) + "!"


def _scenario(entry, speaker, seat):
    return "The game starts from a set position."


_WORDS = {"dealt": _dealt, "scenario": _scenario, "opened": _opened, "matched": _matched,
          "committed": _committed, "no_match": _no_match, "drew_mate": _drew_mate,
          "couple": _couple, "deathmate": _deathmate, "event": _event, "ex": _ex,
          "drew_change": _drew_change, "declined_change": _declined_change,
          "declined_cancel": _declined_cancel, "cancel_attempt": _cancel_attempt,
          "cancelled": _cancelled, "cancel_failed": _cancel_failed, "extra_turn": _extra_turn,
          "no_replacement": _no_replacement, "replaced": _replaced, "set_aside": _set_aside,
          "time_up": _time_up, "game_over": _game_over, "scores": _scores, "title": _title,
          "grand_master": _grand_master}
KINDS = tuple(sorted(_WORDS))
