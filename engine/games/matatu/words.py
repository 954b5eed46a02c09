"""Matatu in words: card names, suit names, and every log entry as a sentence.

This file imports nothing: the engine uses it for its refusals, and the UI (MicroPython) loads
the very same file as ``ui.words.matatu``, so a card is named the same way everywhere.

Card codes: rank ``2``-``10``, ``J``, ``Q``, ``K``, ``A`` + suit ``C D H S``; the Jokers are
``RJ`` and ``BJ``. ``card_label("7D")`` is "7♦" (the face), ``card_name("7D")`` "7 of diamonds".

Log entries (``engine.game.Game.say``): every entry has ``kind``, most a ``seat``; ``only``
marks an entry that just those seats see.

- ``deal``: ``seat`` deals round ``round``: ``base_card`` and ``chopper`` (markers, MT-A1),
  ``opening`` (the first card of the pile).
- ``position``: a scenario's round begins (no deal). ``round``, ``base_card``, ``chopper``.
- ``played``: ``seat`` played ``card``.
- ``cut``: ``seat`` cut with the chopper ``card``; the round ends.
- ``cancelled``: ``seat`` cancelled the ``penalty`` ("two" or "joker") with the Ace of Spades.
- ``owes``: ``seat`` now owes ``count`` cards.
- ``named``: ``seat`` named ``suit`` after an Ace or a Joker.
- ``jumped``: ``seat`` loses a turn to an 8 or a Jack.
- ``again``: ``seat`` plays again (an 8 or a Jack with two players).
- ``reshuffled``: the pile under its top card became the stock (MT-A9).
- ``drew``: ``seat`` drew a card (which one is in a ``received`` entry for that seat).
- ``received``: ``cards`` that came into ``seat``'s hand; ``only`` that seat.
- ``kept``: ``seat`` could play nothing after drawing; the turn ended.
- ``passed``: ``seat`` passed; ``took`` is "drawn" (the card drawn paid for it), "card" (took
  one) or "none" (there was nothing to take).
- ``picked_up``: ``seat`` picked up ``count`` of the ``owed`` penalty cards.
- ``round_over``: ``round`` ended for ``reason`` ("empty_hand", "cut", "stock_exhausted") with
  the ``totals`` of each hand and the ``winners`` (lowest total; several on a tie).
- ``session_over``: the session's ``scores`` (totals over every round).
"""

SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
JOKER_NAMES = {"RJ": "red Joker", "BJ": "black Joker"}
RED_SUITS = ("D", "H")
PENALTY_WORDS = {"two": "pick-two", "joker": "pick-five"}
NUMBER_WORDS = {1: "one card", 2: "two cards", 5: "five cards", 10: "ten cards"}


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def is_card(code):
    """Is ``code`` one of Matatu's card codes ("7D", "10H", "RJ")?"""
    if not isinstance(code, str):
        return False
    return code in JOKER_NAMES or (code[:-1] in RANKS and code[-1:] in SUIT_NAMES)


def card_label(code):
    """The face of a card: "7♦", "10♥", "Joker"."""
    if code in JOKER_NAMES:
        return "Joker"
    return code[:-1] + SUIT_SYMBOLS.get(code[-1:], "?")


def card_name(code):
    """A card in words, for assistive technology: "7 of diamonds", "red Joker"."""
    if code in JOKER_NAMES:
        return JOKER_NAMES[code]
    rank = code[:-1]
    return RANK_NAMES.get(rank, rank) + " of " + SUIT_NAMES.get(code[-1:], "?")


def card_class(code):
    """The colour of a face (never the only way a card is told apart)."""
    if code in JOKER_NAMES:
        return "red" if code == "RJ" else "black"
    return "red" if code[-1:] in RED_SUITS else "black"


def suit_label(suit):
    """"♥ hearts": the symbol and the word."""
    return SUIT_SYMBOLS.get(suit, "?") + " " + SUIT_NAMES.get(suit, "?")


def cards_text(count):
    """"one card", "two cards", "3 cards"."""
    if count in NUMBER_WORDS:
        return NUMBER_WORDS[count]
    return str(count) + " cards"


def rank_words(rank):
    """"a 6", "an 8", "a Jack", "an Ace"."""
    word = RANK_NAMES.get(rank, rank)
    return ("an " if word[0] in "8A" else "a ") + word


def labels_text(codes):
    """"9♥", "3♠ and 4♠", "2♣, 9♦ and K♥"."""
    names = [card_label(code) for code in codes]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


REASONS = {"empty_hand": "", "cut": "", "stock_exhausted": "The stock has run out. "}
PASSES = {"drawn": " passed.", "card": " passed and took a card.",
          "none": " passed; there was no card to take."}


def _points(entry, speaker):
    totals = entry.get("totals") or []
    return ", ".join(speaker.name(seat) + " " + str(total) for seat, total in enumerate(totals))


def _verdict(winners, speaker):
    if len(winners) == 1:
        return speaker.says(winners[0], "win", "wins", " the round.")
    return speaker.seats(winners) + " tie for the lowest total."


def _round_start(entry, speaker, dealt):
    words = "Round " + str(entry.get("round")) + ". "
    if dealt:
        words += speaker.says(entry.get("seat"), "deal", "deals", ". ")
    words += ("The base card is " + card_label(entry["base_card"]) + ", so the chopper is "
              + card_label(entry["chopper"]) + ".")
    if dealt:
        words += " The opening card is " + card_label(entry["opening"]) + "."
    return words


def describe(entry, speaker):
    """One log entry as a sentence for the reader ``speaker`` (engine.words.Speaker)."""
    kind = entry.get("kind")
    seat = entry.get("seat")
    who = speaker.who(seat)
    if kind == "deal" or kind == "position":
        return _round_start(entry, speaker, kind == "deal")
    if kind == "played":
        return who + " played " + card_label(entry["card"]) + "."
    if kind == "cut":
        return who + " cut with the chopper " + card_label(entry["card"]) + "."
    if kind == "cancelled":
        return (who + " cancelled the " + PENALTY_WORDS.get(entry.get("penalty"), "penalty")
                + " with the Ace of Spades: any card may follow.")
    if kind == "owes":
        return speaker.says(seat, "owe", "owes", " " + cards_text(entry.get("count")) + ".")
    if kind == "named":
        return who + " named " + SUIT_NAMES.get(entry.get("suit"), "?") + "."
    if kind == "jumped":
        return speaker.says(seat, "are", "is", " jumped.")
    if kind == "again":
        return speaker.says(seat, "play", "plays", " again.")
    if kind == "reshuffled":
        return "The pile under the top card was shuffled into a new stock."
    if kind == "drew":
        return who + " drew a card."
    if kind == "received":
        return who + " got " + labels_text(entry.get("cards") or []) + "."
    if kind == "kept":
        return speaker.says(seat, "cannot play and keep", "cannot play and keeps",
                            " the card.")
    if kind == "passed":
        return who + PASSES.get(entry.get("took"), " passed.")
    if kind == "picked_up":
        count, owed = entry.get("count"), entry.get("owed")
        if count == owed:
            return who + " picked up " + cards_text(count) + "."
        return (who + " picked up " + cards_text(count) + " of the " + str(owed)
                + " owed: the stock ran out.")
    if kind == "round_over":
        return (REASONS.get(entry.get("reason"), "") + "Round " + str(entry.get("round"))
                + " over. Points: " + _points(entry, speaker) + ". "
                + _verdict(entry.get("winners") or [], speaker))
    if kind == "session_over":
        scores = entry.get("scores") or []
        return ("Session over. Totals: " + ", ".join(
            speaker.name(s) + " " + str(total) for s, total in enumerate(scores)) + ".")
    return ""
