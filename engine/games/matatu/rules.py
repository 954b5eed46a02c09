"""Matatu's cards and its rules as pure functions.

Card codes, the deck and card values first; then one predicate per rule. A predicate returns
None when the move is allowed and a ``Refusal`` (with the rule id it enforces) when it is not.
``Matatu.actions_for`` lists a move only when its predicate returns None, and
``Matatu.why_illegal`` shows the very same Refusal, so the legal moves and the reasons given
for the others can never disagree. A Refusal is worded only when a player is shown it: legal
move generation asks these predicates millions of times in a simulation.

Each predicate reads a ``table``: the game's state (``hands``, ``pile``, ``stock``, ``stage``,
``penalty``, ``requested_suit``, ``open_pile``, ``out_of_play``, ``base_card``, ``options``),
usually the ``Matatu`` object itself. Nothing here changes it, and nothing here imports the
game class.
"""

from ...errors import Refusal
from .words import (
    JOKER_NAMES,
    RANKS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_label,
    cards_text,
    rank_words,
)

JOKERS = ("RJ", "BJ")
HAND_SIZE = 7
CUT_LIMIT = 20  # chopper.7: 20 or fewer may remain
JOKER_POINTS = 25
RANK_POINTS = {"2": 20, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
               "J": 11, "Q": 12, "K": 13, "A": 15}
SKIP_RANKS = ("8", "J")
MASTER_ACE = "AS"


def standard_deck(jokers: bool = False) -> list:
    """The card codes of a 52-card deck (54 with Jokers), in a fixed order before shuffling."""
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    return deck + list(JOKERS) if jokers else deck


ALL_CARDS = standard_deck(jokers=True)
# Looked up by code on every move, so computed once.
RANK = {code: ("JOKER" if code in JOKERS else code[:-1]) for code in ALL_CARDS}
SUIT = {code: (None if code in JOKERS else code[-1]) for code in ALL_CARDS}
POINTS = {code: (JOKER_POINTS if code in JOKERS else RANK_POINTS[RANK[code]])
          for code in ALL_CARDS}
LABEL = {code: card_label(code) for code in ALL_CARDS}
RANK_WORDS = {rank: rank_words(rank) for rank in RANKS}
# chopper.2: the seven of the base card's suit; the base card's rank does not matter.
CHOPPER = {code: "7" + SUIT[code] for code in ALL_CARDS if code not in JOKERS}


def card_code(value) -> str:
    """The code of a card written as text ("7d", " 10H " -> "7D", "10H"); ValueError if it is
    not one of Matatu's cards."""
    if not isinstance(value, str):
        raise ValueError("not a card code")
    code = value.strip().upper()
    if code not in RANK:
        raise ValueError("not a card code")
    return code


def card_text(code: str) -> str:
    """A card in a sentence: its face ("7♦"), or which Joker it is."""
    return JOKER_NAMES.get(code) or LABEL[code]


def points(cards) -> int:
    """basics.13: what a hand scores at the end of a round."""
    return sum(POINTS[code] for code in cards)


def chopper_of(base_card: str) -> str:
    return CHOPPER[base_card]


def can_take_card(table) -> bool:
    """MT-A9: a card can be had from the stock, or from the pile reshuffled into it."""
    if table.stock:
        return True
    return table.options["on_stock_empty"] == "reshuffle" and len(table.pile) > 1


# ---- the refusals ---------------------------------------------------------------------------
# Legal-move generation meets the same few refusals on every move, so each one that never
# varies is made once here (a Refusal is never changed once made); the rest are made when met.


def _aces(jokers: bool) -> str:
    return "an Ace or a Joker" if jokers else "an Ace"


NAME_SUIT_FIRST = {what: Refusal("MT-A4", "First name the suit that follows your {what}"
                                 ".", what=what) for what in ("Ace", "Joker")}
OWE_TWO = Refusal("MT-A7", "You owe two cards: play a 2, cancel with the Ace of Spades, or pick"
                  " them up.")
OWE_FIVE = {count: Refusal("MT-A14", "You owe {cards}: play a Joker, cancel with the Ace of"
                           " Spades, or pick them up.", cards=cards_text(count))
            for count in (5, 10)}
JOKER_ON_TWO = Refusal("jokers.5", "A Joker cannot answer a pick-two: play a 2, cancel with the"
                       " Ace of Spades, or pick them up.")
TWO_ON_FIVE = {count: Refusal("jokers.5", "A 2 cannot answer a pick-five: play a Joker, cancel"
                              " with the Ace of Spades, or pick up {cards}.",
                              cards=cards_text(count)) for count in (5, 10)}
OTHER_ACE = Refusal("jokers.8", "Only the Ace of Spades can cancel a penalty; the other Aces"
                    " cannot block it.")
# (a Joker on top?, the suit it or the Ace named, Jokers in the game?) -> the refusal
SUIT_NAMED = {
    (joker, suit, jokers): Refusal(
        "MT-A14" if joker else "MT-A6",
        "You must follow {symbol} or play {aces}: the {what} named {suit}.",
        symbol=SUIT_SYMBOLS[suit], aces=_aces(jokers), what="Joker" if joker else "Ace",
        suit=SUIT_NAMES[suit])
    for joker in (False, True) for suit in SUITS for jokers in (False, True)}
AUTO_CUT = Refusal("MT-A3", "With automatic cutting on, playing the chopper here cuts: choose"
                   " the cut.")
CUT_WHILE_OWING = {kind: Refusal("MT-A4", "You cannot cut while a {word} is unresolved: settle"
                                 " the penalty first.", word=word)
                   for kind, word in (("two", "pick-two"), ("joker", "pick-five"))}
CHOPPER_OUT = {chopper: Refusal("MT-A1", "Nobody can cut this round: the chopper {chopper} is the"
                                " base card, taken out of play.", chopper=LABEL[chopper])
               for chopper in set(CHOPPER.values())}
CHOPPER_NOT_HELD = {chopper: Refusal("chopper.2", "You cannot cut: the chopper is {chopper} and"
                                     " you do not hold it.", chopper=LABEL[chopper])
                    for chopper in set(CHOPPER.values())}
DRAWN_ALREADY = Refusal("MT-A5", "You have already drawn this turn: play a card or pass.")
NOTHING_TO_DRAW = Refusal("MT-A9", "The stock is empty and the pile cannot refill it, so there is"
                          " nothing to draw: pass instead.")
NOTHING_OWED = Refusal("MT-A5", "You owe no cards, so there is nothing to pick up.")
NOT_AFTER_ACE = Refusal("MT-A6", "You name a suit only straight after playing an Ace or a Joker"
                        ".")
_MISMATCH = {}  # (card, top of the pile, Jokers in the game?) -> its refusal, once met


def _mismatch(code: str, top: str, jokers: bool) -> Refusal:
    refusal = _MISMATCH[code, top, jokers] = Refusal(
        "basics.3", "The {card} does not match {top}: play a {symbol}, {rank}, or {aces}"
        ".", card=LABEL[code], top=LABEL[top], symbol=SUIT_SYMBOLS[SUIT[top]],
        rank=RANK_WORDS[RANK[top]], aces=_aces(jokers))
    return refusal


# ---- the rules: None (allowed) or a Refusal --------------------------------------------------


def suit_first_refusal(table):
    """MT-A4: after an Ace or a Joker, naming the suit comes before anything else."""
    if table.stage != "name_suit":
        return None
    return NAME_SUIT_FIRST["Joker" if table.pile[-1] in JOKERS else "Ace"]


def owing_refusal(table):
    """MT-A5, MT-A7, MT-A14: whoever owes a penalty answers it or picks it up, nothing else."""
    if table.stage != "penalty":
        return None
    penalty = table.penalty
    return OWE_TWO if penalty["kind"] == "two" else OWE_FIVE[penalty["count"]]


def follow_refusal(table, seat, code: str):
    """On an ordinary turn, may ``seat`` play ``code``, a card it holds? It must follow:
    basics.3 (suit or rank), basics.8 (an Ace on anything), jokers.3 (a Joker on anything),
    MT-A6 (a named suit governs), MT-A10 (an open pile takes anything); and with the automatic
    cut, a chopper that may cut only cuts (MT-A3). ``seat`` None: whether the card follows."""
    if not (table.open_pile or code in JOKERS):
        rank = RANK[code]
        if rank != "A":
            requested = table.requested_suit
            if requested is not None:
                if SUIT[code] != requested:  # matching the rank would mean another Ace
                    return SUIT_NAMED[table.pile[-1] in JOKERS, requested,
                                      table.options["jokers"]]
            else:
                top = table.pile[-1]
                if SUIT[code] != SUIT[top] and rank != RANK[top]:
                    jokers = table.options["jokers"]
                    try:
                        return _MISMATCH[code, top, jokers]
                    except KeyError:
                        return _mismatch(code, top, jokers)
    if (seat is not None and code == CHOPPER[table.base_card] and table.options["auto_cut"]
            and cut_refusal(table, seat, code) is None):
        return AUTO_CUT
    return None


def answer_refusal(table, seat, code: str):
    """May ``code`` answer the penalty owed? A 2 on a pick-two, a Joker on a pick-five, the Ace
    of Spades on either (basics.5, jokers.4, jokers.6); never mixed (jokers.5); no other Ace
    (jokers.8)."""
    if code == MASTER_ACE:
        return None
    rank = RANK[code]
    if table.penalty["kind"] == "two":
        if rank == "2":
            return None
        if rank == "JOKER":
            return JOKER_ON_TWO
    else:
        if rank == "JOKER":
            return None
        if rank == "2":
            return TWO_ON_FIVE[table.penalty["count"]]
    if rank == "A":
        return OTHER_ACE
    return owing_refusal(table)


def naming_first_refusal(table, seat, code: str):
    """While an Ace's or a Joker's suit waits to be named, no card is played (MT-A4)."""
    return suit_first_refusal(table)


# The rule a card in hand answers to, by the stage of the turn (MT-A5).
CARD_RULES = {"start": follow_refusal, "after_draw": follow_refusal, "penalty": answer_refusal,
              "name_suit": naming_first_refusal}


def card_refusal(table, seat: int, code: str):
    """May ``seat`` play ``code``, a card it holds, now (as a card, not a cut)?"""
    return CARD_RULES[table.stage](table, seat, code)


def play_refusal(table, seat: int, code: str):
    """May ``seat`` play ``code`` now? ``card_refusal``, once it is sure the seat holds it."""
    refusal = suit_first_refusal(table)
    if refusal is not None:
        return refusal
    if code not in table.hands[seat]:
        return Refusal(None, "You do not hold the {card}.", card=card_text(code))
    return card_refusal(table, seat, code)


def cut_refusal(table, seat: int, code: str):
    """May ``seat`` cut with ``code`` now? Only the chopper cuts (chopper.2, MT-A15), once
    everything owed is settled (MT-A4), when it matches like any card (chopper.4, chopper.6)
    and the cards left total 20 or fewer (chopper.7, chopper.8, MT-A3)."""
    chopper = CHOPPER[table.base_card]
    if code != chopper:
        if code in JOKERS or code == MASTER_ACE:
            return Refusal("MT-A15", "Only the chopper ({chopper}) cuts; neither a Joker nor the"
                           " Ace of Spades can cut.", chopper=LABEL[chopper])
        return Refusal("chopper.2", "Only the chopper cuts, and this round it is {chopper}, not"
                       " {card}.", chopper=LABEL[chopper], card=card_text(code))
    stage = table.stage
    if stage == "name_suit":
        return suit_first_refusal(table)
    if stage == "penalty":
        return CUT_WHILE_OWING[table.penalty["kind"]]
    if chopper in table.out_of_play:
        return CHOPPER_OUT[chopper]
    hand = table.hands[seat]
    if chopper not in hand:
        return CHOPPER_NOT_HELD[chopper]
    if follow_refusal(table, None, chopper) is not None:
        requested = table.requested_suit
        if requested is not None:
            return Refusal("chopper.6", "You cannot cut: the chopper {chopper} must follow the"
                           " called suit, {symbol}, like any card; it is never a wildcard"
                           ".", chopper=LABEL[chopper],
                           symbol=SUIT_SYMBOLS[requested])
        return Refusal("MT-A3", "You cannot cut: the chopper {chopper} must match {top} by suit"
                       " or rank like any card.", chopper=LABEL[chopper],
                       top=LABEL[table.pile[-1]])
    left = points(hand) - POINTS[chopper]
    if left > CUT_LIMIT:
        return Refusal("MT-A3", "You cannot cut: the cards left would total {left} points; a cut"
                       " needs 20 or fewer.", left=left)
    return None


def draw_refusal(table):
    """basics.10, MT-A5: one draw at the start of a turn, when a card can be had (MT-A9)."""
    stage = table.stage
    if stage == "name_suit":
        return suit_first_refusal(table)
    if stage == "penalty":
        return owing_refusal(table)
    if stage == "after_draw":
        return DRAWN_ALREADY
    if not can_take_card(table):
        return NOTHING_TO_DRAW
    return None


def pass_refusal(table):
    """basics.15, basics.16: you may always pass, once nothing is owed."""
    stage = table.stage
    if stage == "name_suit":
        return suit_first_refusal(table)
    if stage == "penalty":
        return owing_refusal(table)
    return None


def accept_refusal(table):
    """basics.5, MT-A5: picking up is for whoever owes a penalty."""
    stage = table.stage
    if stage == "name_suit":
        return suit_first_refusal(table)
    if stage != "penalty":
        return NOTHING_OWED
    return None


def naming_refusal(table):
    """MT-A6: naming a suit is the move straight after an Ace or a Joker, and only then."""
    if table.stage != "name_suit":
        return NOT_AFTER_ACE
    return None


def name_suit_refusal(table, suit: str):
    """MT-A6: straight after an Ace or a Joker its player names any suit, its own included."""
    refusal = naming_refusal(table)
    if refusal is not None:
        return refusal
    if suit not in SUITS:
        return Refusal("MT-A6", "{suit!r} is not a suit: name C (clubs), D (diamonds), H"
                       " (hearts) or S (spades).", suit=suit)
    return None
