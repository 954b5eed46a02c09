"""Matchmaster's bots. They see what a player sees: their own view and the legal actions.

The basic bot decides in ``decide``: its move and a ``Why``, the sentence a learner is shown
for it (``engine.bots.hint``), worded only when asked for."""

import math

from ...bots import Bot, Why
from .rules import (
    COLOUR_OF,
    DECK,
    RANK_OF,
    TRUMP,
    Duty,
    follow_refusal,
    overtrump_refusal,
    score_hand,
    sort_hand,
    trick_winner,
    trump_refusal,
    undertrump_refusal,
)
from .words import COLOUR_NAMES, card_name, cards_text, count_text

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
    return card_choice(seat, need, trick, cards, players)[0]


def card_choice(seat: int, need: int, trick, cards, players: int) -> tuple:
    """``basic_card``'s card and which of its rules of thumb chose it (a key of ``CHOICES``)."""
    if not trick:
        if need > 0:
            return max(cards, key=_strength), "lead_high"
        # lead low, preferably a plain colour, where someone else is likely to go higher
        return min(cards, key=lambda c: (COLOUR_OF[c] == TRUMP, RANK_OF[c])), "lead_low"
    trick = list(trick)
    winning = [c for c in cards if trick_winner(trick + [(seat, c)]) == seat]
    last = len(trick) == players - 1
    if need > 0:
        if winning:
            # last to play: the cheapest win is certain; otherwise the strongest holds best
            if last:
                return min(winning, key=_strength), "cheapest_win"
            return max(winning, key=_strength), "strongest_win"
        return min(cards, key=_strength), "cannot_win"
    losing = [c for c in cards if c not in winning]
    if losing:
        return max(losing, key=_strength), "duck"
    return max(winning, key=_strength), "forced_win"  # forced to win: spend the biggest threat


class BasicBot(Bot):
    """Bids from its hand's strength, then plays to make that bid exactly (``basic_bid``,
    ``card_choice``). It reads only its own view, and says why (``decide``)."""

    name = "basic"

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, view: dict, legal_actions: list) -> dict:
        return self.decide(view, legal_actions)[0]

    def decide(self, view: dict, legal_actions: list) -> tuple:
        if legal_actions[0]["type"] == "bid":
            bid = basic_bid(view["hand"], view["players"], [a["bid"] for a in legal_actions])
            return (next(action for action in legal_actions if action["bid"] == bid),
                    Why(_bid_words, view, bid))
        seat = view["seat"]
        cards = [a["card"] for a in legal_actions]
        card, how = card_choice(seat, view["bids"][seat] - view["tricks_won"][seat],
                                [(play["seat"], play["card"]) for play in view["trick"]],
                                cards, view["players"])
        return (next(action for action in legal_actions if action["card"] == card),
                Why(_card_words, view, card, how, len(cards)))


# ---- the basic bot's reasons, in the player's words --------------------------------------


def _tricks(number: int) -> str:
    return count_text(number, "trick", "tricks")


def _bid_words(view: dict, bid: int) -> tuple:
    """Why ``bid``: the hand's likeliest trick-takers (``win_chances``), or the dealer hook."""
    hand, cards = view["hand"], view["cards_this_round"]
    chances = win_chances(hand, view["players"])
    favourite = best_bid(chances, range(view["bid_range"][1] + 1))
    if favourite != bid:
        return ("Bid " + str(bid) + ": your hand looks like " + _tricks(favourite) + ", but"
                " the dealer may not bid " + str(favourite) + " here, as the bids would then"
                " add up to the " + _tricks(cards) + " of this round."), "MS-A3"
    if bid == 0:
        return ("Bid 0: none of your cards is likely to take a trick, and an exact bid of 0"
                " still scores " + str(score_hand(0, 0)) + " points."), "scoring.correct"
    ranked = sorted(range(len(hand)), key=lambda i: -chances[i])
    likeliest = sort_hand(hand[i] for i in ranked[:bid])
    return ("Bid " + str(bid) + ": the " + cards_text(likeliest) + " "
            + ("is your likeliest trick-taker" if bid == 1 else "are your likeliest"
               " trick-takers") + ", and an exact bid of " + str(bid) + " scores "
            + str(score_hand(bid, bid)) + " points."), "scoring.correct"


def _duty_words(view: dict) -> tuple:
    """What the trick asks of this hand (rules.Duty, the play rules' own reading of it), in
    words, with the rule; ("", None) when leading."""
    trick = [(play["seat"], play["card"]) for play in view["trick"]]
    if not trick:
        return "", None
    options = view["options"]
    duty = Duty(view["hand"], trick, options["overtrump_reference"], options["must_undertrump"])
    colour = COLOUR_NAMES[duty.lead]
    if follow_refusal in duty.in_force:
        return "you must follow " + colour, "during.follow"
    beat = "the " + card_name(duty.to_beat) if duty.to_beat else ""
    if duty.lead == TRUMP:
        if not duty.trumps:
            return "a trump was led and you hold none, so you may play any card", "MS-A5"
        if overtrump_refusal in duty.in_force:
            return "a trump was led, so you must beat " + beat + " if you can", "MS-A5"
        return "a trump was led, so you must play a trump", "MS-A5"
    void = "you have no " + colour
    if not duty.trumps:
        return void + " and no trump, so you discard", "during.must-trump"
    if overtrump_refusal in duty.in_force:
        return void + ", so you must beat " + beat + " with a higher trump", "MS-A6"
    if trump_refusal in duty.in_force:
        return void + ", so you must trump", "during.must-trump"
    if undertrump_refusal in duty.in_force:
        return void + " and must trump, though you cannot beat " + beat, "MS-A6"
    return void + " and cannot beat " + beat + ", so you discard", "MS-A6"


def _card_words(view: dict, card: str, how: str, choices: int) -> tuple:
    """Why ``card``: what the trick asks of the hand, then the rule of thumb that chose."""
    seat = view["seat"]
    bid, won = view["bids"][seat], view["tricks_won"][seat]
    duty, rule = _duty_words(view)
    head = "Play the " + card_name(card) + ": "
    if choices == 1:
        if len(view["hand"]) == 1:
            return head + "it is your last card.", None
        return head + "it is the only card you may play, as " + duty + ".", rule
    need = "you still need " + _tricks(bid - won) + " for your bid of " + str(bid)
    made = ("you have made your bid of " if bid == won else "you are already past your bid of "
            ) + str(bid)
    thumb = {
        "lead_high": need + ", so you lead your strongest card",
        "lead_low": made + ", so you lead low, where others are likely to go higher",
        "cheapest_win": need + ", and as the last to play you win with your cheapest card"
                        " that does",
        "strongest_win": need + ", so you play your strongest card that wins the trick so far",
        "cannot_win": need + " but cannot win this one, so you throw your weakest card",
        "duck": made + ", so you duck with your highest card that still loses",
        "forced_win": made + ", but every card you may play wins, so you spend your strongest",
    }[how]
    if rule is None:
        rule = "play.lead" if how.startswith("lead") else "MS-A4"
    return head + (duty + "; " if duty else "") + thumb + ".", rule
