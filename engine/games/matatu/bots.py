"""Matatu's bots. Each sees only its seat's view and the legal actions, like a player.

The basic bot decides in ``decide``, which returns its move and a ``Why``: the sentence a
learner is shown for that move (``engine.bots.hint``), worded only when asked for. The search's
playouts hand ``decide`` a view of three keys (``hand``, ``stage``, ``chopper``), so deciding
reads nothing else; the words read the seat's whole view.
"""

from ...bots import Bot, Why
from ...rng import SeededRng
from .rules import (
    CUT_LIMIT,
    JOKERS,
    MASTER_ACE,
    POINTS,
    RANK,
    SKIP_RANKS,
    SUIT,
    SUITS,
    card_text,
    points,
)
from .words import PENALTY_WORDS, SUIT_NAMES, cards_text, labels_text, rank_words, suit_label


class BasicMatatuBot(Bot):
    """A plain strategy a beginner could follow, seeing only its view and legal actions.

    Cut whenever allowed; answer a penalty with a 2 or a Joker, then the Ace of Spades; shed
    the heaviest card that follows (attack cards and jumps first at equal weight); keep the
    Ace of Spades for defence; name the suit it holds most of.
    """

    name = "basic"

    def __init__(self, rng: SeededRng | None = None):
        self.rng = rng or SeededRng(0)

    def choose(self, view: dict, legal_actions: list) -> dict:
        return self.decide(view, legal_actions)[0]

    def decide(self, view: dict, legal_actions: list) -> tuple:
        by_type = {}
        for action in legal_actions:
            by_type.setdefault(action["type"], []).append(action)
        if "cut" in by_type:
            return by_type["cut"][0], Why(_cut_words, view)
        if "name_suit" in by_type:
            suit = self._favourite_suit(view["hand"])
            return (next(a for a in by_type["name_suit"] if a["suit"] == suit),
                    Why(_suit_words, view, suit))
        plays = by_type.get("play", [])
        if view["stage"] == "penalty":
            passes_on = [a for a in plays if a["card"] != MASTER_ACE]
            if passes_on:
                return passes_on[0], Why(_pass_on_words, view, passes_on[0]["card"],
                                         len(plays) > len(passes_on))
            if plays:
                return plays[0], Why(_cancel_words, view)
            return by_type["accept"][0], Why(_accept_words, view)
        hand = view["hand"]
        ordinary = [a for a in plays if a["card"] != MASTER_ACE]
        if ordinary:
            best = max(ordinary, key=lambda a: self._shed_value(a["card"], view))
            return best, Why(_play_words, view, best["card"], ordinary,
                             len(plays) > len(ordinary))
        if plays and len(hand) <= 2:
            return plays[0], Why(_last_ace_words, view)  # the Ace of Spades, to go out or nearly
        if "draw" in by_type:
            return by_type["draw"][0], Why(_draw_words, view, bool(plays))
        return by_type["pass"][0], Why(_pass_words, view, bool(plays))

    @staticmethod
    def _shed_value(code: str, view: dict) -> int:
        value = POINTS[code]
        if RANK[code] == "2" or code in JOKERS:
            value += 6  # attacks cost the next player cards
        elif RANK[code] in SKIP_RANKS:
            value += 3
        elif RANK[code] == "A":
            value -= 12  # an Ace follows anything: keep it for when nothing else does
        if code == view["chopper"]:
            value -= 8  # it may cut later
        return value

    @staticmethod
    def _suit_counts(hand: list) -> dict:
        """suit -> (cards held, their points), Aces and Jokers left out: they follow anything."""
        counts = {suit: (0, 0) for suit in SUITS}
        for code in hand:
            suit = SUIT[code]
            if suit is not None and RANK[code] != "A":
                held, weight = counts[suit]
                counts[suit] = (held + 1, weight + POINTS[code])
        return counts

    @classmethod
    def _favourite_suit(cls, hand: list) -> str:
        counts = cls._suit_counts(hand)
        return max(SUITS, key=lambda suit: counts[suit])


# ---- the basic bot's reasons, in the player's words (read from the seat's whole view) -------


def _play(code: str) -> str:
    """"Play 9♥", "Play the red Joker"."""
    return "Play " + ("the " if code in JOKERS else "") + card_text(code)


def _target(view: dict) -> str:
    """What the next card must follow, as the table shows it (basics.3, MT-A6)."""
    requested = view["requested_suit"]
    if requested is not None:
        return suit_label(requested) + ", the suit that was named"
    return "the " + card_text(view["pile_top"]) + " on the pile"


def _follows(view: dict, code: str) -> tuple:
    """How ``code``, a card the rules let the seat play, follows the pile: (words, rule)."""
    if code in JOKERS:
        return "a Joker goes on any card", "jokers.3"
    if RANK[code] == "A":
        return "an Ace goes on any card and names the suit that follows", "basics.8"
    if view["open_pile"]:
        return "after the Ace of Spades cancelled, any card may follow", "MT-A10"
    if view["requested_suit"] is not None:
        return "it follows " + _target(view), "MT-A6"
    return "it follows " + _target(view), "basics.3"


def _play_words(view: dict, code: str, ordinary: list, ace_kept: bool) -> tuple:
    """The card shed on an ordinary turn, with why this one of those that follow."""
    follows, rule = _follows(view, code)
    others = [a["card"] for a in ordinary if a["card"] != code]
    rank = RANK[code]
    if code in JOKERS:
        which, rule = "the next player then owes five cards", "jokers.3"
    elif not others:
        which = "it is the only card you can play"
        if ace_kept:
            which += " apart from the Ace of Spades, which you keep to cancel a penalty"
    elif rank == "2":
        which, rule = "a 2 makes the next player pick up two cards or answer it", "basics.4"
    else:
        heavier = [o for o in others if POINTS[o] > POINTS[code]]
        aces = [o for o in heavier if RANK[o] == "A"]
        chopper = [o for o in heavier if o == view["chopper"]]
        if rank in SKIP_RANKS and len(heavier) > len(aces) + len(chopper):
            what = "lets you play again" if view["players"] == 2 else "jumps the next player"
            which, rule = rank_words(rank) + " " + what, "basics.7"
        else:
            which = ("it is your heaviest card that does" if follows.startswith("it follows")
                     else "it is the heaviest card you can play")
            kept = []
            if aces:
                kept.append(labels_text(aces) + ", as an Ace follows anything")
            if chopper:
                kept.append("the chopper " + card_text(chopper[0]) + " for a cut")
            if kept:
                which += " (you keep " + " and ".join(kept) + ")"
            which += ", so it costs you fewest points if someone goes out"
    return _play(code) + ": " + follows + ", and " + which + ".", rule


def _cut_words(view: dict) -> tuple:
    chopper = view["chopper"]
    hand = view["hand"]
    if len(hand) == 1:
        return ("Cut with the chopper " + card_text(chopper) + ": it is your last card, so the"
                " round ends with 0 points for you."), "chopper.7"
    left = points(hand) - POINTS[chopper]
    return ("Cut with the chopper " + card_text(chopper) + ": the cards left in your hand count "
            + str(left) + " points, and a cut needs " + str(CUT_LIMIT) + " or fewer, so the"
            " round ends now while your total is low."), "chopper.7"


def _suit_words(view: dict, suit: str) -> tuple:
    counts = BasicMatatuBot._suit_counts(view["hand"])
    held, weight = counts[suit]
    name = suit_label(suit)
    if not held:
        return ("Name " + name + ": you hold only Aces or Jokers, which follow any suit, so"
                " any suit does as well."), "MT-A6"
    tied = [other for other in SUITS if other != suit and counts[other][0] == held]
    if not tied:
        return ("Name " + name + ": it is the suit you hold most of (" + cards_text(held)
                + ", not counting Aces), so you are likely to follow it on your next turn."
                ), "MT-A6"
    other = SUIT_NAMES[tied[0]]
    as_many = "you hold as many " + other + " as " + SUIT_NAMES[suit]
    if any(counts[o][1] == weight for o in tied):
        return "Name " + name + ": " + as_many + ", so either suit does as well.", "MT-A6"
    return ("Name " + name + ": " + as_many + ", but your " + SUIT_NAMES[suit] + " count more"
            " points, so they are the ones to shed first."), "MT-A6"


def _owed(view: dict) -> str:
    return PENALTY_WORDS[view["penalty"]["kind"]]


def _pass_on_words(view: dict, code: str, ace_kept: bool) -> tuple:
    keep = ", and you keep the Ace of Spades for later" if ace_kept else ""
    if code in JOKERS:
        count = min(10, view["penalty"]["count"] + 5)
        return (_play(code) + ": a Joker passes the pick-five on to the next player, who then"
                " owes " + cards_text(count) + ", so you pick up nothing" + keep + "."
                ), "jokers.4"
    return (_play(code) + ": a 2 passes the pick-two on to the next player, so you pick up"
            " nothing" + keep + "."), "basics.5"


def _cancel_words(view: dict) -> tuple:
    return (_play(MASTER_ACE) + ": the Ace of Spades cancels the " + _owed(view) + ", so"
            " nobody picks up and the next player may play any card."), "jokers.6"


def _accept_words(view: dict) -> tuple:
    penalty = view["penalty"]
    two = penalty["kind"] == "two"
    return ("Pick up " + cards_text(penalty["count"]) + ": you hold no " + ("2" if two else "Joker")
            + " to pass the " + _owed(view) + " on and not the Ace of Spades to cancel it."
            ), "basics.5" if two else "MT-A14"


def _last_ace_words(view: dict) -> tuple:
    if len(view["hand"]) == 1:
        return (_play(MASTER_ACE) + ": it is your last card, so you go out and score 0."
                ), "basics.18"
    return (_play(MASTER_ACE) + ": an Ace goes on any card, and it leaves you one card from"
            " going out."), "basics.8"


def _nothing_follows(view: dict, ace_only: bool) -> str:
    if ace_only:
        return ("only the Ace of Spades follows " + _target(view) + " (you keep it to cancel"
                " a penalty)")
    return "nothing in your hand follows " + _target(view)


def _draw_words(view: dict, ace_only: bool) -> tuple:
    return "Draw a card: " + _nothing_follows(view, ace_only) + ".", "basics.3"


def _pass_words(view: dict, ace_only: bool) -> tuple:
    if view["stage"] == "after_draw":
        return ("Pass: you have drawn already, and " + _nothing_follows(view, ace_only) + "."
                ), "basics.16"
    return ("Pass: " + _nothing_follows(view, ace_only) + ", and there is no card left to"
            " draw."), "MT-A9"
