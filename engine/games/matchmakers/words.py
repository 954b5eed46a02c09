"""Matchmakers in words: the cards' names and faces, and a sentence for every log entry.

This file imports nothing: the UI loads this very file in MicroPython (the build mounts it as
``ui/words/matchmakers.py``), so a card is named in one place for the engine's refusals, the
table and the log. Keep to what MicroPython and CPython share (no f-strings with ``=``, no
typing at run time).

Card codes: colour ``R B G Y`` (red, blue, green, yellow) + value 1-9, the even values twice,
told apart by ``s`` (★ star) and ``m`` (☾ moon): ``R8s`` is the red 8★. The mountain guides
are ``T2 T4 T6 T8``.

The log: ``describe(entry, speaker)`` words one entry for the reader (``speaker``, an
engine.words.Speaker: "You play …", "Seat 2 plays …"). Every entry has ``kind``; ``seat`` is
the seat that acts, when one does. A team is given as the list of its seats. The kinds:

- ``round``: a round begins. ``round``, ``starter`` (None: the leading team decides, then
  ``team`` names it), ``dealer`` (round 1 only).
- ``scenario``: a set position begins. ``round``, ``starter``.
- ``starts``: ``seat`` will start ``round`` (option next_starter = team_choice).
- ``passed``: ``seat`` passes 3 cards face down to ``to``; ``step`` is ``give`` or
  ``return``; ``count``. Public: it never names the cards.
- ``passed_cards``: the same pass with its ``cards``, seen only by the two partners.
- ``exchange_done``: both teams have exchanged; ``leader`` leads the first trick.
- ``played``: ``seat`` plays ``card`` (a hand card, a face-up straw card or a guide).
- ``skipped``: ``seat`` has no card at all and skips this play (MK-A26).
- ``revealed``: ``seat`` turns up ``cards`` of their straw pile; ``rule`` is ``twop.reveal``
  (the end of a trick) or ``MK-A26`` (out of cards in the middle of one).
- ``matchmaking``: ``seat`` played the twin: ``twins`` (the two cards, discarded) and
  ``campsites`` (``[{"team", "cards"}]``, the other animals sent home); ``seat`` leads next.
- ``guides_only``: a trick of four guides is set aside (MK-A15); ``leader`` leads next.
- ``trick``: ``seat`` wins the trick; ``loser`` played the weakest ``card``.
- ``holds_guide``: the loser ``seat`` already holds ``guide`` and gets nothing (MK-A12).
- ``guide_stays``: ``guide`` was played in this trick and cannot be claimed (MK-A13 option).
- ``claimed``: ``seat`` takes ``guide`` ``from`` the office (``"office"``) or a seat.
- ``declined``: ``seat`` lets ``guide`` be.
- ``collected``: ``seat`` collects ``card`` for ``team``'s campsite; ``only_choice`` is true
  when it was the only card allowed (collected at once).
- ``nothing_to_collect``: the winner ``seat`` may collect no card.
- ``scored``: the end of ``round``: per team (``teams``) the ``campsite`` points, the guide
  ``penalties``, the round's ``points`` and the running ``totals``.
- ``campsite``: how ``team``'s campsite scored: ``sets`` (``[{"kind": "couple"|"buddies",
  "cards", "points"}]``), ``unmatched`` cards and ``points``.
- ``game_over``: ``winners``, the winning teams (two when the victory is shared).
"""

COLOURS = ("R", "B", "G", "Y")
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}  # MK-A1
MARKS = {"s": "★", "m": "☾"}
# The shape each colour prints on its faces, beside its shade (drawn by tools/card_faces.py):
# the colour is told by shape too, and named with it on the table ("red (circle)").
COLOUR_SHAPES = {"R": "circle", "B": "square", "G": "triangle", "Y": "diamond"}
SET_NAMES = {"couple": "couple", "buddies": "buddies"}


# ---- cards ---------------------------------------------------------------------------------

def is_guide(code):
    return code[:1] == "T"


def value_of(code):
    return int(code[1:2])


def value_text(code):
    """``8★`` for R8s, ``5`` for B5, ``4`` for the guide 4."""
    return code[1:2] + MARKS.get(code[2:], "")


def card_name(code):
    """The card in words: ``red 8★``, ``blue 5``, ``guide 4``."""
    if is_guide(code):
        return "guide " + code[1:2]
    return COLOUR_NAMES.get(code[:1], "?") + " " + value_text(code)


def card_label(code):
    """The face text: the value and the colour's letter (``8★ R``); a guide's value with the
    word under it (the layout draws the word on a line of its own)."""
    if is_guide(code):
        return value_text(code) + " guide"
    return value_text(code) + " " + code[:1]


def card_class(code):
    """The face's colour class; the text alone tells every card apart."""
    if is_guide(code):
        return "mk-t"
    return "mk-" + code[:1].lower()


def colour_name(colour):
    return COLOUR_NAMES.get(colour, "?")


def colour_label(colour):
    """``red (circle)``: the word and the shape printed on the faces."""
    return colour_name(colour) + " (" + COLOUR_SHAPES.get(colour, "?") + ")"


def and_list(words):
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def card_list(codes):
    """``red 8★, red 5 and blue 2★``."""
    return and_list([card_name(code) for code in codes])


def colour_counts(counts):
    """``2 red and 1 blue`` for ``{"R": 2, "B": 1}`` (colours in the deck's order)."""
    return and_list([str(counts[c]) + " " + COLOUR_NAMES[c] for c in COLOURS
                     if counts.get(c)])


# ---- the log -------------------------------------------------------------------------------

def _team(team, speaker):
    """A team as the reader says it: ``you and Seat 3``, ``Seat 2 and Seat 4``, ``you``."""
    return and_list([speaker.who(seat, False) for seat in team])


def _campsite(team, speaker):
    if speaker.viewer is not None and speaker.viewer in team:
        return "your campsite" if len(team) == 1 else "your team's campsite"
    return "the campsite of " + _team(team, speaker)


def _signed(number):
    return ("+" if number > 0 else "") + str(number)


def score_reason(set_points, unmatched, penalty, points):
    """Why a team's round scored what it did, from the sheet's own figures (MK-A18): "8 + 6
    in sets, 3 unmatched, 4 for guides: 14 - 3 - 4 = 7". ``set_points``: each set's points;
    ``unmatched``: the values of the cards left out of sets; ``penalty``: the guides' (0 or
    negative)."""
    made = sum(set_points)
    terms = [str(made)]
    parts = [(" + ".join(str(p) for p in set_points) + " in sets") if set_points
             else "no sets"]
    if unmatched:
        lost = sum(unmatched)
        terms.append(str(lost))
        parts.append(str(lost) + " unmatched")
    if penalty:
        terms.append(str(-penalty))
        parts.append(str(-penalty) + " for guides")
    if len(terms) == 1:
        return parts[0] + ": " + str(points)
    return ", ".join(parts) + ": " + " - ".join(terms) + " = " + str(points)


def _round(entry, speaker):
    starter = entry.get("starter")
    text = "Round " + str(entry["round"]) + ": "
    if starter is None:
        team = entry.get("team") or []
        names = _team(team, speaker)
        return text + names[:1].upper() + names[1:] + " decide who starts."
    if entry.get("dealer") is not None:
        if entry["dealer"] == starter:
            return (text + speaker.says(starter, "deal", "deals", " and ")
                    + speaker.verb(starter, "start", "starts") + ".")
        return text + speaker.who(entry["dealer"]) + " deals; " + speaker.says(
            starter, "start", "starts") + "."
    return text + speaker.says(starter, "start", "starts") + "."


def _passed(entry, speaker):
    seat, to = entry["seat"], entry["to"]
    if entry["step"] == "give":
        return speaker.says(seat, "give", "gives", " " + str(entry.get("count", 3))
                            + " cards face down to " + speaker.who(to, False) + ".")
    return speaker.says(seat, "return", "returns", " " + str(entry.get("count", 3))
                        + " cards to " + speaker.who(to, False) + ".")


def _passed_cards(entry, speaker):
    verb = " gave " if entry["step"] == "give" else " returned "
    return (speaker.who(entry["seat"]) + verb + speaker.who(entry["to"], False) + " the "
            + card_list(entry["cards"]) + " (only the two partners know which cards).")


def _matchmaking(entry, speaker):
    twins = entry["twins"]
    text = ("Matchmaking! The " + card_name(twins[0]) + " and the " + card_name(twins[1])
            + " are discarded")
    for sent in entry.get("campsites") or []:
        text += "; " + card_list(sent["cards"]) + " to " + _campsite(sent["team"], speaker)
    return text + ". " + speaker.says(entry["seat"], "lead", "leads", " next") + "."


def _trick(entry, speaker):
    loser = entry["loser"]
    weakest = (speaker.who(loser, False) + " played the weakest card, the "
               + card_name(entry["card"]) + ".")
    return speaker.says(entry["seat"], "win", "wins", " the trick; ") + weakest


def _claimed(entry, speaker):
    source = entry["from"]
    where = "the office" if source == "office" else speaker.who(source, False)
    return speaker.says(entry["seat"], "recruit", "recruits", " the " + card_name(entry["guide"])
                        + " from " + where + ".")


def _collected(entry, speaker):
    why = " (the only card allowed)" if entry.get("only_choice") else ""
    return speaker.says(entry["seat"], "collect", "collects", " the " + card_name(entry["card"])
                        + " for " + _campsite(entry["team"], speaker) + why + ".")


def _scored(entry, speaker):
    parts = []
    for index, team in enumerate(entry["teams"]):
        penalty = entry["penalties"][index]
        detail = "campsite " + _signed(entry["campsite"][index])
        if penalty:
            detail += ", guides " + str(penalty)
        names = _team(team, speaker)
        parts.append(names[:1].upper() + names[1:] + " " + _signed(entry["points"][index])
                     + " (" + detail + ")")
    totals = entry["totals"]
    return ("Round " + str(entry["round"]) + " scored: " + "; ".join(parts) + ". Totals "
            + str(totals[0]) + " to " + str(totals[1]) + ".")


def _campsite_entry(entry, speaker):
    parts = []
    for group in entry.get("sets") or []:
        parts.append(SET_NAMES.get(group["kind"], group["kind"]) + " "
                     + " ".join(card_name(code) for code in group["cards"])
                     + " (" + _signed(group["points"]) + ")")
    unmatched = entry.get("unmatched") or []
    if unmatched:
        minus = -sum(value_of(code) for code in unmatched)
        parts.append("unmatched " + " ".join(card_name(code) for code in unmatched)
                     + " (" + _signed(minus) + ")")
    where = _campsite(entry["team"], speaker)
    return where[:1].upper() + where[1:] + ": " + ("; ".join(parts) if parts else "empty") + "."


def _game_over(entry, speaker):
    winners = entry["winners"]
    if len(winners) != 1:
        return "Game over: the totals are equal, the victory is shared."
    team = winners[0]
    names = _team(team, speaker)
    plural = len(team) > 1 or speaker.viewer in team
    return "Game over: " + names[:1].upper() + names[1:] + (" win." if plural else " wins.")


def _revealed(entry, speaker):
    seat = entry["seat"]
    why = " to have a card to play" if entry.get("rule") == "MK-A26" else ""
    return speaker.says(seat, "reveal", "reveals", " the " + card_list(entry["cards"]) + " in "
                        + ("your" if speaker.viewer == seat else "their") + " straw pile"
                        + why + ".")


_SENTENCES = {
    "round": _round,
    "scenario": lambda e, s: ("Round " + str(e["round"]) + ": " + s.says(e["starter"], "start",
                                                                       "starts")
                              + " (a set position)."),
    "starts": lambda e, s: s.says(e["seat"], "will start", "will start", " round "
                                  + str(e["round"]) + " and initiate the exchange."),
    "passed": _passed,
    "passed_cards": _passed_cards,
    "exchange_done": lambda e, s: "The exchange is done. " + s.says(e["leader"], "lead",
                                                                    "leads") + ".",
    "played": lambda e, s: s.says(e["seat"], "play", "plays", " the " + card_name(e["card"])
                                  + "."),
    "skipped": lambda e, s: s.says(e["seat"], "have", "has", " no cards left and "
                                   + s.verb(e["seat"], "skip", "skips") + " this play."),
    "revealed": _revealed,
    "matchmaking": _matchmaking,
    "guides_only": lambda e, s: ("Only guides in this trick: it is set aside and the guides go"
                                 " back to the office. " + s.says(e["leader"], "lead", "leads",
                                                                  " next") + "."),
    "trick": _trick,
    "holds_guide": lambda e, s: s.says(e["seat"], "already hold", "already holds", " the "
                                       + card_name(e["guide"]) + ": nothing to recruit."),
    "guide_stays": lambda e, s: ("The " + card_name(e["guide"]) + " was played in this trick"
                                 " and cannot be claimed."),
    "claimed": _claimed,
    "declined": lambda e, s: s.says(e["seat"], "let", "lets", " the " + card_name(e["guide"])
                                    + " be."),
    "collected": _collected,
    "nothing_to_collect": lambda e, s: ("There is no card " + s.who(e["seat"], False)
                                        + " may collect."),
    "scored": _scored,
    "campsite": _campsite_entry,
    "game_over": _game_over,
}


def describe(entry, speaker):
    """One log entry in the reader's words (an unknown kind reads as nothing)."""
    sentence = _SENTENCES.get(entry.get("kind"))
    return sentence(entry, speaker) if sentence is not None else ""
