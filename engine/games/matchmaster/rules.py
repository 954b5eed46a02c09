"""Matchmaster's cards and its rules as pure functions: scoring, the trick's winner, which card
may be played and which bid may be made.

A rule is one predicate that both allows and explains: it returns None (allowed) or a
``Refusal`` naming the rule it enforces, and the same predicate serves ``legal_actions`` and
the refusal a player reads. The play rules look at a ``Duty``, what the trick so far asks of
one hand, worked out once and then asked card by card (search bots ask millions of times).
Imports nothing from the game class.
"""

from ...errors import Refusal
from .words import COLOUR_NAMES, TRUMP, cards_text

# ---- the cards -------------------------------------------------------------------------------

COLOURS = ("DO", "LO", "DB", "LB")  # "dark orange, light orange, dark blue and light blue"
RANKS = tuple(range(1, 14))  # "numbered from 1 to 13 (13 is the highest card)"
DECK = tuple(colour + str(rank) for colour in COLOURS for rank in RANKS)
ALL_CARDS = DECK  # every card code (tools/card_faces.py draws a face for each)

# Looked up on every legality check, so computed once rather than parsed from the code.
COLOUR_OF = {card: card[:2] for card in DECK}
RANK_OF = {card: int(card[2:]) for card in DECK}
_SORT_KEY = {card: (COLOURS.index(card[:2]), int(card[2:])) for card in DECK}

HAND_SIZES = (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)  # MS-A8: 1 is played once, 13 rounds
ROUNDS = len(HAND_SIZES)
MATCHES_PER_PLAYER = 7  # "Give each player 7 matches": the most anyone can ever bid (MS-A2)


def parse_card(value) -> str:
    """A card code from outside (a scenario), or ValueError."""
    if isinstance(value, str) and value in COLOUR_OF:
        return value
    raise ValueError(value)


def sort_hand(cards) -> list:
    return sorted(cards, key=_SORT_KEY.__getitem__)


class CardNames:
    """Cards named in words only when a refusal is shown: "light blue 4 and light blue 9"."""

    __slots__ = ("cards",)

    def __init__(self, cards):
        self.cards = cards

    def __str__(self) -> str:
        return cards_text(sort_hand(self.cards))


# ---- scoring and the trick -------------------------------------------------------------------

def score_hand(bid: int, tricks: int) -> int:
    """Points for one round: exact = 10 + tricks; otherwise minus the difference (MS-A7)."""
    if bid == tricks:
        return 10 + tricks
    return -abs(bid - tricks)


def trick_winner(trick) -> int:
    """Seat that wins ``trick`` (a sequence of ``(seat, card)`` in play order), MS-A4."""
    lead_colour = COLOUR_OF[trick[0][1]]
    best_seat, best_card = trick[0]
    for seat, card in trick[1:]:
        colour = COLOUR_OF[card]
        best_colour = COLOUR_OF[best_card]
        if colour == best_colour:
            if RANK_OF[card] > RANK_OF[best_card]:
                best_seat, best_card = seat, card
        elif colour == TRUMP or (colour == lead_colour and best_colour != TRUMP):
            best_seat, best_card = seat, card
    return best_seat


def trump_to_beat(trick, overtrump_reference: str = "highest_trump") -> str:
    """The trump a player must beat if they can, when a trump was led (MS-A5): the highest in
    the trick, or with ``previous_card`` the card just before, if that one is a trump."""
    if overtrump_reference == "previous_card":
        previous = trick[-1][1]
        if COLOUR_OF[previous] == TRUMP:
            return previous
    return _highest_trump(trick)


def _highest_trump(trick):
    best = None
    for _, card in trick:
        if COLOUR_OF[card] == TRUMP and (best is None or RANK_OF[card] > RANK_OF[best]):
            best = card
    return best


# ---- which card may be played ----------------------------------------------------------------

class Duty:
    """What the trick so far asks of one hand: which card rules are in force, worked out once
    for every card of it. Each rule's predicate below then says which cards it refuses.

    ``lead``: the colour led (None when leading); ``followers``: the hand's cards of a
    non-trump colour led; ``trumps``: the hand's trumps; ``to_beat``: the trump a trump must
    beat (MS-A5 after a trump lead, measured as the option overtrump_reference says; MS-A6 the
    highest trump when void and one is in), else None; ``in_force``: the rules that refuse
    some card of this hand, in CARD_RULES order."""

    __slots__ = ("lead", "followers", "trumps", "to_beat", "must_trump", "can_beat",
                 "undertrump", "in_force", "refusals")

    def __init__(self, hand, trick, overtrump_reference="highest_trump", must_undertrump=True):
        lead = COLOUR_OF[trick[0][1]] if trick else None
        trumps, followers = [], []
        for card in hand:  # one pass: this runs before every move of every playout
            colour = COLOUR_OF[card]
            if colour == TRUMP:
                trumps.append(card)
            elif colour == lead:
                followers.append(card)
        self.lead, self.trumps, self.followers, self.refusals = lead, trumps, followers, None
        self.to_beat, self.must_trump, self.can_beat, self.undertrump = None, False, False, False
        if followers:  # during.follow: holding the colour led, follow it; nothing else bites
            self.in_force = (follow_refusal,)
            return
        self.in_force = ()
        if lead is None or not trumps:  # leading, or void with no trump: any card
            return
        if lead == TRUMP:
            to_beat = trump_to_beat(trick, overtrump_reference)
        else:
            to_beat = _highest_trump(trick)  # MS-A6: always the highest trump
        rank = 0 if to_beat is None else RANK_OF[to_beat]
        self.to_beat = to_beat
        # MS-A5 / during.must-trump: a trump after a trump lead, or when void and none is in
        self.must_trump = lead == TRUMP or to_beat is None
        # MS-A5 / MS-A6: beat the trump to beat if you can
        self.can_beat = to_beat is not None and any(RANK_OF[card] > rank for card in trumps)
        # MS-A6, option must_undertrump: void, a trump in, unable to beat it, still trump
        self.undertrump = (lead != TRUMP and to_beat is not None and not self.can_beat
                           and must_undertrump)
        self.in_force = tuple(rule for rule, on in ((trump_refusal, self.must_trump),
                                                    (overtrump_refusal, self.can_beat),
                                                    (undertrump_refusal, self.undertrump)) if on)

    def refusal(self, words: str, rule: str) -> Refusal:
        """The refusal ``words`` give for this hand. It names what the hand holds, never the
        card tried, so every card a rule refuses shares one, made once (and worded only if
        shown: playouts make one for most hands they play from)."""
        made = self.refusals
        if made is None or made.words is not words:
            made = self.refusals = Refusal(rule, words)
            made.fields = _DutyWords(self)
        return made


class _DutyWords:
    """The fields a Duty's refusal may name, worked out only when it is put into words."""

    __slots__ = ("duty",)

    def __init__(self, duty: Duty):
        self.duty = duty

    def keys(self):
        return ("colour", "held", "card")

    def __getitem__(self, key):
        duty = self.duty
        if key == "colour":
            return COLOUR_NAMES.get(duty.lead)
        if key == "held":
            return CardNames(duty.followers or duty.trumps)
        return CardNames((duty.to_beat,) if duty.to_beat else ())

    def __bool__(self) -> bool:
        return True


FOLLOW = "You must follow {colour}: you hold {held}."
TRUMP_LED = "A trump was led: you must play a trump. You hold {held}."
MUST_TRUMP = "You have no {colour}: you must play a trump. You hold {held}."
OVERTRUMP_LED = "You hold a trump higher than the {card}: you must overtrump."
OVERTRUMP_VOID = "You hold a trump higher than the {card}: you must overtrump."
UNDERTRUMP = ("You cannot beat the {card}, but you have no {colour} and hold a trump: you must"
              " still play one.")


def follow_refusal(duty: Duty, card: str):
    """during.follow: holding the colour led (not trumps), play it; need not beat anything."""
    if duty.followers and COLOUR_OF[card] != duty.lead:
        return duty.refusal(FOLLOW, "during.follow")
    return None


def trump_refusal(duty: Duty, card: str):
    """Play a trump if you hold one: after a trump lead (MS-A5), or void in the colour led with
    no trump in the trick yet (during.must-trump, MS-A6)."""
    if duty.must_trump and COLOUR_OF[card] != TRUMP:
        if duty.lead == TRUMP:
            return duty.refusal(TRUMP_LED, "MS-A5")
        return duty.refusal(MUST_TRUMP, "MS-A6")
    return None


def overtrump_refusal(duty: Duty, card: str):
    """Beat the trump to beat if you can (MS-A5 after a trump lead; MS-A6 when void)."""
    if not duty.can_beat or (COLOUR_OF[card] == TRUMP
                             and RANK_OF[card] > RANK_OF[duty.to_beat]):
        return None
    if duty.lead == TRUMP:
        return duty.refusal(OVERTRUMP_LED, "MS-A5")
    return duty.refusal(OVERTRUMP_VOID, "MS-A6")


def undertrump_refusal(duty: Duty, card: str):
    """Void, unable to beat the trump in the trick, still play a lower trump (MS-A6, option
    must_undertrump): only one who 'can neither follow suit nor trump' is free."""
    if duty.undertrump and COLOUR_OF[card] != TRUMP:
        return duty.refusal(UNDERTRUMP, "MS-A6")
    return None


CARD_RULES = (follow_refusal, trump_refusal, overtrump_refusal, undertrump_refusal)


def card_refusal(duty: Duty, card: str):
    """The first rule that forbids playing ``card`` (held) now, or None."""
    for rule in duty.in_force:
        refusal = rule(duty, card)
        if refusal is not None:
            return refusal
    return None


def legal_cards(hand, trick, overtrump_reference: str = "highest_trump",
                must_undertrump: bool = True) -> list:
    """The cards of ``hand`` that may be played to ``trick`` (``(seat, card)`` pairs so far)."""
    if not trick:
        return list(hand)  # the leader may lead anything, trumps included
    duty = Duty(hand, trick, overtrump_reference, must_undertrump)
    rules = duty.in_force
    if not rules:
        return list(hand)
    if len(rules) == 1:  # the usual case: one rule, asked once per card
        rule = rules[0]
        return [card for card in hand if rule(duty, card) is None]
    return [card for card in hand if card_refusal(duty, card) is None]


# ---- which bid may be made -------------------------------------------------------------------

BID_RANGE = ("You can bid 0 to {cards} {tricks}: there {are} only {cards} {card_word} in this"
             " round.")
BID_MATCHES = "You have 7 matches: bid 0 to 7 tricks."
HOOK = ("Dealer hook: the dealer may not bid {bid}, because then the bids would add up to the"
        " {cards} tricks of this round.")


def bid_range_refusal(bid: int, cards: int, allow_above: bool):
    """MS-A2: 0 to the cards dealt this round (or to the 7 matches, with the option)."""
    if allow_above:
        return None if 0 <= bid <= MATCHES_PER_PLAYER else Refusal("MS-A2", BID_MATCHES)
    if 0 <= bid <= cards:
        return None
    one = cards == 1
    return Refusal("MS-A2", BID_RANGE, cards=cards, tricks="trick" if one else "tricks",
                   are="is" if one else "are", card_word="card" if one else "cards")


def hooked_bid(seat: int, dealer: int, bids, cards: int, hook: bool):
    """The one bid the dealer hook forbids ``seat`` now, if any (MS-A3 house rule): the one that
    makes the bids add up to the tricks of the round."""
    if not hook or seat != dealer:
        return None
    forbidden = cards - sum(b for s, b in enumerate(bids) if s != seat and b is not None)
    return forbidden if forbidden >= 0 else None


def hook_refusal(bid: int, forbidden, cards: int):
    """MS-A3 with the dealer hook: the dealer may not make the bids add up to the tricks."""
    if forbidden is not None and bid == forbidden:
        return Refusal("MS-A3", HOOK, bid=bid, cards=cards)
    return None


def bid_refusal(bid: int, cards: int, allow_above: bool, forbidden):
    """The first bid rule that forbids ``bid`` now, or None."""
    return bid_range_refusal(bid, cards, allow_above) or hook_refusal(bid, forbidden, cards)


_LEGAL_BIDS: dict = {}


def legal_bids(cards: int, allow_above: bool, forbidden) -> tuple:
    """The bids no bid rule refuses: asked on every bidding turn, and a pure function of three
    small values, so each answer is worked out once."""
    key = (cards, allow_above, forbidden)
    bids = _LEGAL_BIDS.get(key)
    if bids is None:
        bids = _LEGAL_BIDS[key] = tuple(bid for bid in range(MATCHES_PER_PLAYER + 1)
                                        if bid_refusal(bid, cards, allow_above, forbidden) is None)
    return bids

