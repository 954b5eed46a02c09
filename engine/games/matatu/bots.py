"""Matatu's bots. Each sees only its seat's view and the legal actions, like a player."""

from ...bots import Bot
from ...rng import SeededRng
from .rules import JOKERS, MASTER_ACE, POINTS, RANK, SKIP_RANKS, SUIT, SUITS


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
        by_type = {}
        for action in legal_actions:
            by_type.setdefault(action["type"], []).append(action)
        if "cut" in by_type:
            return by_type["cut"][0]
        if "name_suit" in by_type:
            suit = self._favourite_suit(view["hand"])
            return next(a for a in by_type["name_suit"] if a["suit"] == suit)
        plays = by_type.get("play", [])
        if view["stage"] == "penalty":
            passes_on = [a for a in plays if a["card"] != MASTER_ACE]
            return (passes_on or plays or by_type["accept"])[0]
        hand = view["hand"]
        ordinary = [a for a in plays if a["card"] != MASTER_ACE]
        if ordinary:
            return max(ordinary, key=lambda a: self._shed_value(a["card"], view))
        if plays and len(hand) <= 2:
            return plays[0]  # the Ace of Spades, to go out or nearly
        if "draw" in by_type:
            return by_type["draw"][0]
        return by_type["pass"][0]

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
    def _favourite_suit(hand: list) -> str:
        counts = {suit: (0, 0) for suit in SUITS}
        for code in hand:
            suit = SUIT[code]
            if suit is not None and RANK[code] != "A":
                held, weight = counts[suit]
                counts[suit] = (held + 1, weight + POINTS[code])
        return max(SUITS, key=lambda suit: counts[suit])

