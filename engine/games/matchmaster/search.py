"""Matchmaster for the search bot (``engine.search``): what a seat cannot see, and a world.

Hidden: the other hands, the undealt stock, and the cards of finished tricks the log no longer
shows (a game set up from a position). Constraints come from the round's log, through the
rules' own predicates: a seat that played a card could not have held any card whose presence
would have made that play illegal (a colour it failed to follow, a trump when it threw off, a
trump above the one it failed to beat). Revealed bids weigh the deals (``likelihood``): a
hand whose rule-of-thumb bid is far from the bid made is less likely. Bids made but not yet
revealed (play.secret) are the basic bot's bid for the sampled hand. A playout runs to the
end of the round with the basic bot's bidding and play for every seat, on integers
(``fast.py``, checked against the rules and the basic bot); its value is the seat's chance of
winning the game from the totals it leaves (``win_chance``).
"""

import math

from ...search import Adapter, SearchBot, Slot, ruled_out
from .bots import BasicBot, basic_bid, win_chances
from .fast import INDEX, Round
from .rules import DECK, Duty, card_refusal

BID_DECAY = 0.4  # how much less likely a deal is per trick its bid misses by
# How far two seats' totals drift apart in a round, in points (one standard deviation): the
# spread of the rounds still to play, for win_chance.
ROUND_SPREAD = 8.0


class MatchmasterSearch(Adapter):
    def hidden(self, view: dict) -> tuple:
        seat, players = view["seat"], view["players"]
        finished, current = _round_plays(view)
        trick = [(play["seat"], play["card"]) for play in view["trick"]]
        known_played = set(card for _, card, _ in finished)
        if view["last_trick"] is not None:
            known_played.update(play["card"] for play in view["last_trick"]["cards"])
        seen = set(view["hand"]) | known_played | {card for _, card in trick}
        unseen = [card for card in DECK if card not in seen]
        options = view["options"]
        bans = {other: set() for other in range(players)}
        for other, card, before in finished + current:
            if other != seat and before is not None:
                bans[other] |= ruled_out(unseen, card, _legal_from(card, before, options))
        slots = [Slot(("hand", other), view["hand_counts"][other], banned=bans[other])
                 for other in range(players) if other != seat]
        # the finished tricks' cards: those the log shows, and as many more as it does not
        slots.append(Slot("played", sum(view["tricks_won"]) * players,
                          known=[card for card in DECK if card in known_played]))
        slots.append(Slot("stock", len(unseen) - sum(slot.size - len(slot.known)
                                                     for slot in slots)))
        # for likelihood(): what each seat has played this round, when the log shows it all
        self.played_by = None
        if _round_start_shown(view):
            self.played_by = {other: [card for who, card, _ in finished + current
                                      if who == other] for other in range(players)}
        return unseen, slots

    def likelihood(self, view: dict, dealt: dict) -> float:
        """Revealed bids make some deals likelier: a seat's hand as dealt (what it holds in
        this world plus what it played) is weighed by how far the tricks it is worth (the
        sum of its cards' chances, win_chances in bots.py) are from the bid it made, BID_DECAY per
        trick of difference."""
        if not view["bids_revealed"] or self.played_by is None:
            return 1.0
        seat, players = view["seat"], view["players"]
        miss = 0.0
        for other in range(players):
            if other != seat:
                dealt_hand = dealt[("hand", other)] + self.played_by[other]
                miss += abs(sum(win_chances(dealt_hand, players)) - view["bids"][other])
        return BID_DECAY ** miss

    def world(self, view: dict, dealt: dict, rng) -> dict:
        hands, bids = _hands_and_bids(view, dealt)
        players = view["players"]
        position = {"round": view["round"], "dealer": view["dealer"], "hands": hands,
                    "bids": bids, "tricks_won": list(view["tricks_won"]), "played": dealt["played"],
                    "leader": view["leader"], "trick": list(view["trick"]),
                    "scores": list(view["score_sheet"]["totals"])}
        return {"game": "matchmaster", "players": players, "rules": view["rules"],
                "options": view["options"], "rng": str(rng.next_u64()), "position": position}

    def quick_start(self, view: dict, dealt: dict, legal_actions: list, rng):
        """The round straight from the view and the deal (what ``world`` writes, without the
        scenario's checks: every card is dealt once by construction)."""
        rng.next_u64()  # world()'s draw for the world's own future, so the same deals follow
        hands, bids = _hands_and_bids(view, dealt)
        start = Round.build(view["players"], view["dealer"], view["cards_this_round"],
                            view["options"], hands, bids, view["tricks_won"], view["leader"],
                            [(play["seat"], play["card"]) for play in view["trick"]])
        seat = view["seat"]
        if view["stage"] == "bid":  # the dealer hook may read the others' secret bids
            return list(start.legal_bids(seat)) == [a["bid"] for a in legal_actions] and start
        return start

    def prepare(self, world):
        return Round.from_game(world)  # the playouts run on integers (fast.py)

    def playout(self, start: Round, action: dict, view: dict, rng) -> float:
        """The action, then the round played out by the basic bot for every seat (fast.py's
        ``play_basic``, the same bids and cards as bots.py's); its value is the seat's chance
        of winning the game from the totals the round leaves (``win_chance``)."""
        sim = start.copy()
        seat = action["seat"]
        if action["type"] == "bid":
            sim.bids[seat] = action["bid"]
        else:
            sim.play(seat, INDEX[action["card"]])
        sim.play_basic()
        totals = [total + points for total, points in
                  zip(view["score_sheet"]["totals"], sim.points(), strict=True)]
        return win_chance(totals, seat, view["rounds"] - view["round"])

    def fallback(self, view: dict, legal_actions: list, rng) -> dict:
        return BasicBot(rng).choose(view, legal_actions)


def win_chance(totals, seat: int, rounds_left: int) -> float:
    """The seat's chance of winning the game (the highest total, end.winner) from these
    totals with ``rounds_left`` rounds still to play. After the last round it is the win
    itself (ties share it, as in the arena); before, each other seat is taken to drift
    ``ROUND_SPREAD`` points a round from this one, independently: the chance of ending
    above each. Early on this is nearly the seat's margin over the others' mean, which the
    search used to score; near the end a seat ahead plays safe and a seat behind takes the
    risks that can still win."""
    mine = totals[seat]
    if rounds_left <= 0:
        best = max(totals)
        return 1 / totals.count(best) if mine == best else 0.0
    spread = ROUND_SPREAD * math.sqrt(2 * rounds_left)
    chance = 1.0
    for other, total in enumerate(totals):
        if other != seat:
            chance *= 0.5 * (1 + math.erf((mine - total) / spread))
    return chance


def _hands_and_bids(view: dict, dealt: dict) -> tuple:
    """Every seat's hand in a world, and the bids: the ones made in secret are what the basic
    bot would bid with the hand dealt."""
    seat, players = view["seat"], view["players"]
    hands = [list(view["hand"]) if other == seat else dealt[("hand", other)]
             for other in range(players)]
    most = view["bid_range"][1]
    bids = list(view["bids"])
    for other, made in enumerate(view["has_bid"]):
        if made and bids[other] is None:
            bids[other] = basic_bid(hands[other], players, range(most + 1))
    return hands, bids


def _legal_from(card, before, options):
    """Whether ``card`` may be played to the trick ``before`` from a hand (the rules' own
    predicates, card_refusal in rules.py)."""
    reference, undertrump = options["overtrump_reference"], options["must_undertrump"]

    def legal(hand) -> bool:
        return card_refusal(Duty(hand, before, reference, undertrump), card) is None
    return legal


def _round_start_shown(view: dict) -> bool:
    """Whether the log shows this round from its deal (not from a position set up)."""
    for entry in reversed(view["log"]):
        if entry["kind"] in ("deal", "position"):
            return entry["kind"] == "deal"
    return False


def _round_plays(view: dict) -> tuple:
    """This round's plays from the log: ``(finished, current)``, each a list of ``(seat,
    card, the trick before it)``. The trick before is None where the log does not show it (a
    round set up from a position, until its first trick is won)."""
    log = view["log"]
    start = 0
    for index in range(len(log) - 1, -1, -1):
        if log[index]["kind"] in ("deal", "position"):
            start = index
            break
    known = start < len(log) and log[start]["kind"] == "deal"
    finished, current, trick = [], [], []
    for entry in log[start:]:
        kind = entry["kind"]
        if kind == "play":
            current.append((entry["seat"], entry["card"], tuple(trick) if known else None))
            trick.append((entry["seat"], entry["card"]))
        elif kind == "trick":
            finished += current
            current, trick, known = [], [], True
    return finished, current


# Playouts per decision, and how sure the search must be before it leaves the basic bot's
# move. Over the same 100 seeded games against three basic bots: 240 playouts and 1 standard
# error won 51%; 720 and 1, 57%; 240 and 0, 56.5%; 720 and 0 (play the best mean), 64%. A
# playout here is a round on integers (fast.py) and a world is built without a scenario, so
# 720 stays near 100 ms a decision on CPython.
BUDGET = 720
CONFIDENCE = 0.0


# What the lobby says of this level (engine.bots.LEVELS words the others): the figures are
# bench/bots_bench.py strength --reference, seeds 1-1000.
STRONG_WORDS = {"about": "Thinks ahead: tries each bid and card on many deals of the cards it"
                         " cannot see, so it takes a moment. Against three Basic bots it wins"
                         " 55 games in 100; a Basic bot in its seat wins 26."}


def StrongBot(rng=None, budget: int = BUDGET) -> SearchBot:
    """The "strong" level: the search bot on this adapter."""
    return SearchBot(MatchmasterSearch(), rng, budget, CONFIDENCE)
