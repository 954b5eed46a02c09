"""Matchmaster's bots. They see what a player sees: their own view and the legal actions."""

import math

from ...bots import Bot
from .rules import COLOUR_OF, DECK, RANK_OF, TRUMP, score_hand, trick_winner

# The cards above each card in its colour: the ones that can beat it there.
ABOVE = {card: frozenset(other for other in DECK if COLOUR_OF[other] == COLOUR_OF[card]
                         and RANK_OF[other] > RANK_OF[card]) for card in DECK}


def _strength(card: str) -> int:
    """Order for bots: any trump above any other colour, then by rank."""
    return RANK_OF[card] + (13 if COLOUR_OF[card] == TRUMP else 0)


def win_chances(hand, players: int) -> list:
    """Each card's chance of taking a trick, from the hand alone.

    A card is beaten only by a higher card of its colour (or, for a plain card, by a trump),
    so the chance falls off with ``higher``, the cards above it that it cannot see in its own
    hand, and falls faster with more opponents. A low trump still wins whenever it is the only
    trump in its trick; a plain card needs to be led or followed without any trump. The
    constants were fitted to seeded simulations (bench/matchmaster_bench.py) for 2 to 7
    players and 1 to 7 cards; this is a rule of thumb, not a solver.
    """
    n = len(hand)
    fall = 0.09 * (players - 1)
    low_trump = 0.75 ** (players - 1) * (1 - 0.03 * (n - 1))
    top_plain = 0.48 * 0.63 ** (players - 2) + 0.04 * (n - 1)
    held = set(hand)
    chances = []
    for card in hand:
        colour = COLOUR_OF[card]
        higher = len(ABOVE[card] - held)
        if colour == TRUMP:
            chances.append(low_trump + (1 - low_trump) * math.exp(-fall * higher))
        else:
            chances.append(top_plain * math.exp(-fall * higher))
    return chances


def best_bid(chances, bids) -> int:
    """The bid among ``bids`` with the highest expected score, treating cards as independent.

    Exact pays 10 + tricks and a miss costs only the difference, so this is close to the most
    likely trick count, not the rounded mean.
    """
    spread = [1.0]  # spread[k]: chance of exactly k tricks
    for chance in chances:
        nxt = [0.0] * (len(spread) + 1)
        for k, p in enumerate(spread):
            nxt[k] += p * (1 - chance)
            nxt[k + 1] += p * chance
        spread = nxt
    return max(bids, key=lambda bid: (sum(p * score_hand(bid, k) for k, p in enumerate(spread)),
                                      -bid))


def basic_bid(hand, players: int, bids) -> int:
    """The basic bot's bid for ``hand`` among the legal ``bids`` (the dealer hook may forbid
    the favourite, MS-A3)."""
    return best_bid(win_chances(hand, players), bids)


def basic_card(seat: int, need: int, trick, cards, players: int) -> str:
    """The basic bot's card among the legal ``cards``: short of its bid (``need`` > 0) it
    tries to win the trick; at or past its bid it ducks, shedding its most dangerous card that
    still loses. ``trick``: the (seat, card) pairs played so far. Only what a player sees:
    the search bots' playouts use it on sampled worlds too."""
    if not trick:
        if need > 0:
            return max(cards, key=_strength)
        # lead low, preferably a plain colour, where someone else is likely to go higher
        return min(cards, key=lambda c: (COLOUR_OF[c] == TRUMP, RANK_OF[c]))
    trick = list(trick)
    winning = [c for c in cards if trick_winner(trick + [(seat, c)]) == seat]
    last = len(trick) == players - 1
    if need > 0:
        if winning:
            # last to play: the cheapest win is certain; otherwise the strongest holds best
            return min(winning, key=_strength) if last else max(winning, key=_strength)
        return min(cards, key=_strength)
    losing = [c for c in cards if c not in winning]
    if losing:
        return max(losing, key=_strength)
    return max(winning, key=_strength)  # forced to win: spend the biggest threat


class BasicBot(Bot):
    """Bids from its hand's strength, then plays to make that bid exactly (``basic_bid``,
    ``basic_card``). It reads only its own view."""

    name = "basic"

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, view: dict, legal_actions: list) -> dict:
        if legal_actions[0]["type"] == "bid":
            bid = basic_bid(view["hand"], view["players"], [a["bid"] for a in legal_actions])
            return next(action for action in legal_actions if action["bid"] == bid)
        seat = view["seat"]
        card = basic_card(seat, view["bids"][seat] - view["tricks_won"][seat],
                          [(play["seat"], play["card"]) for play in view["trick"]],
                          [a["card"] for a in legal_actions], view["players"])
        return next(action for action in legal_actions if action["card"] == card)
