"""Matchmaster in words: card names, and the log's entries as sentences.

Imports nothing: the UI (MicroPython) loads this very file as ``ui.words.matchmaster``, so
the names a player reads are written once, here. A card code is its colour's letters and its
rank (``"DO11"``); a player reads "dark orange 11", never the code (MS-A10).

The log entries the engine writes (``Game.say``), one kind each, and their fields:

    deal      seat (the dealer), round, cards (dealt to each player): a round begins
    position  seat (the dealer), round, cards: a game set up from a position (a scenario)
    bid       seat: that seat has bid. Never the amount: bids are secret until all are in
              (play.secret), and the entry is public.
    reveal    bids (one per seat): every bid is in and all are shown at once (play.bid)
    play      seat, card: a card played to the trick
    trick     seat: that seat wins the trick (MS-A4) and leads the next
    scored    round, bids, tricks, points (one each per seat): the round on the score sheet
    over      winners (seats), scores (totals): the game is over (end.winner)
"""

TRUMP = "DO"
COLOUR_NAMES = {"DO": "dark orange", "LO": "light orange", "DB": "dark blue", "LB": "light blue"}
# The shape each colour prints on its faces (MS-A10: the shades alone are hard to tell apart),
# drawn by tools/card_faces.py and named beside the colour on the table: the trump a crown.
COLOUR_SHAPES = {"DO": "crown", "LO": "circle", "DB": "square", "LB": "triangle"}


def colour_of(code):
    return code[:2]


def rank_of(code):
    return code[2:]


def colour_name(colour):
    """"dark orange" for ``"DO"``."""
    return COLOUR_NAMES.get(colour, "?")


def colour_label(colour):
    """"dark orange (crown)": the shade and the shape its faces print."""
    return colour_name(colour) + " (" + COLOUR_SHAPES.get(colour, "?") + ")"


def card_name(code):
    """The card as a player says it: "dark orange 11"."""
    return colour_name(colour_of(code)) + " " + rank_of(code)


def card_label(code):
    """A face's text: the rank on the first line and the shade in words under it."""
    return rank_of(code) + "\n" + colour_name(colour_of(code))


def cards_text(cards):
    """"light blue 4", "light blue 4 and light blue 9", "a, b and c" (in the order given)."""
    names = [card_name(code) for code in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def points_text(points):
    """"+11", "-1", "0": a round's score as the sheet writes it."""
    return ("+" if points > 0 else "") + str(points)


def score_reason(bid, tricks, points):
    """Why a round scored what it did, from the round's own figures (MS-A7): "bid 3, took 3:
    exact, so 10 + 3 = 13", "bid 2, took 3: missed by 1, so -1"."""
    if bid == tricks:
        return ("bid " + str(bid) + ", took " + str(tricks) + ": exact, so "
                + str(points - tricks) + " + " + str(tricks) + " = " + str(points))
    return ("bid " + str(bid) + ", took " + str(tricks) + ": missed by "
            + str(abs(bid - tricks)) + ", so " + points_text(points))


def count_text(number, one, many):
    return str(number) + " " + (one if number == 1 else many)


def describe(entry, speaker):
    """One log entry in the reader's words (``speaker``: engine/words.py's Speaker)."""
    kind = entry.get("kind")
    seat = entry.get("seat")
    if kind == "deal":
        return ("Round " + str(entry["round"]) + ": "
                + speaker.says(seat, "deal", "deals", " " + count_text(entry["cards"], "card",
                                                                      "cards")
                               + " to each player."))
    if kind == "position":
        return ("Round " + str(entry["round"]) + " (" + count_text(entry["cards"], "card", "cards")
                + " each) starts from a set position; " + speaker.says(seat, "are", "is",
                                                                      " the dealer."))
    if kind == "bid":
        return speaker.says(seat, "have", "has", " bid.")
    if kind == "reveal":
        bids = entry["bids"]
        return "Bids revealed: " + ", ".join(speaker.who(s) + " " + str(bids[s])
                                             for s in range(len(bids))) + "."
    if kind == "play":
        return speaker.says(seat, "play", "plays", " " + card_name(entry["card"]) + ".")
    if kind == "trick":
        return speaker.says(seat, "win", "wins", " the trick.")
    if kind == "scored":
        parts = []
        for s in range(len(entry["points"])):
            parts.append(speaker.who(s) + " bid " + str(entry["bids"][s]) + ", took "
                         + str(entry["tricks"][s]) + ", " + points_text(entry["points"][s]))
        return "Round " + str(entry["round"]) + " scored: " + "; ".join(parts) + "."
    if kind == "over":
        winners = entry["winners"]
        if len(winners) == 1:
            return "Game over: " + speaker.says(winners[0], "win", "wins", ".")
        return "Game over: " + speaker.seats(winners) + " win."
    return ""
