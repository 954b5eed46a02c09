"""Matatu for the search bot (``engine.search``): what a seat cannot see, and a world.

Hidden: the other hands and the stock's order (and, in a round set up from a position, the
pile under its top card, which the log does not show). Every card played since the deal or
the last reshuffle is in the log, so the pile is known.

What the others did says something of their hands (``held_back``):
- a turn that ended by itself after a draw ("kept", basics.12) proves that nothing in that
  hand followed the pile then;
- Matatu has no duty to follow, but a player who draws, passes or picks up a penalty when a
  card of theirs would have done is taken to have had none: players play when they can (the
  basic bot always does). The Ace of Spades is the exception: it is kept back for defence.

A hand keeps such cards until it plays them, so each other seat's latest such turn marks a
part of its hand (the cards it held then and still holds, counted from the log) that holds
no card that would have done then; the cards it took since are dealt freely.

A playout runs to the end of the round with the basic bot for every seat; its value is the
seat's share of the round's win (lowest total, ties shared) and, to tell close calls apart,
a little for every point it is under the others' mean.
"""

from ...search import Adapter, SearchBot, Slot
from .bots import BasicMatatuBot
from .rules import MASTER_ACE, RANK, follow_refusal, standard_deck

SPREAD = 0.01  # the value of a point under the others' mean, next to a whole win


class MatatuSearch(Adapter):
    def __init__(self):
        self.basic = BasicMatatuBot()  # the rollout policy (it draws nothing at random)

    def hidden(self, view: dict) -> tuple:
        pile = _pile(view)
        self.pile = pile  # for world(): the pile as the log shows it, or None
        seen = list(view["hand"]) + (pile if pile is not None else [view["pile_top"]])
        if view["options"]["base_card_mode"] == "physical_removed":
            seen.append(view["base_card"])  # out of play, face up beside the deck
        unseen = list(standard_deck(jokers=view["options"]["jokers"]))
        for card in seen:
            unseen.remove(card)
        seat = view["seat"]
        held = held_back(view)
        slots = []
        for other, count in enumerate(view["hand_counts"]):
            if other == seat:
                continue
            kept, banned = held.get(other, (0, ()))
            kept = min(kept, count)
            slots.append(Slot(("hand", other), count - kept))
            if kept:
                slots.append(Slot(("held", other), kept, banned=banned))
        slots.append(Slot("stock", view["stock_count"]))
        if pile is None:
            slots.append(Slot("under", view["pile_count"] - 1))
        return unseen, slots

    def world(self, view: dict, dealt: dict, rng) -> dict:
        seat = view["seat"]
        pile = self.pile if self.pile is not None else dealt["under"] + [view["pile_top"]]
        stage = view["stage"] if view["stage"] in ("after_draw", "name_suit") else "start"
        penalty = view["penalty"]
        position = {
            "hands": [list(view["hand"]) if other == seat
                      else dealt.get(("held", other), []) + dealt[("hand", other)]
                      for other in range(view["players"])],
            "pile": pile, "stock": dealt["stock"], "base_card": view["base_card"],
            "dealer": view["dealer"], "to_move": view["to_move"], "stage": stage,
            "drawn": view["drawn"], "requested_suit": view["requested_suit"],
            "penalty": None if penalty is None else {"kind": penalty["kind"],
                                                     "count": penalty["count"]},
            "open_pile": view["open_pile"],
            "dry_turns": _dry_turns(view) if stage == "start" and not view["stock_count"]
            else 0,
            "round": view["round"], "scores": list(view["scores"]),
        }
        return {"game": "matatu", "players": view["players"], "rules": view["rules"],
                "options": view["options"], "rng": str(rng.next_u64()), "position": position}

    def policy(self, world, seat: int, moves, rng):
        # the basic bot reads only these parts of a view
        seen = {"hand": world.hands[seat], "stage": world.stage, "chopper": world.chopper}
        return self.basic.choose(seen, moves)

    def done(self, world, view: dict) -> bool:
        return world.finished or world.round_number != view["round"]

    def value(self, world, view: dict) -> float:
        seat = view["seat"]
        scores = world.scores
        lowest = min(scores)
        winners = scores.count(lowest)
        share = 1 / winners if scores[seat] == lowest else 0.0
        others = (sum(scores) - scores[seat]) / (len(scores) - 1)
        return share + SPREAD * (others - scores[seat])

    def fallback(self, view: dict, legal_actions: list, rng) -> dict:
        return BasicMatatuBot(rng).choose(view, legal_actions)


def _pile(view: dict):
    """The pile bottom..top as the log shows it (since the deal or the last reshuffle), or
    None when the log does not reach back that far (a position set up by hand)."""
    log = view["log"]
    pile = None
    for entry in log:
        kind = entry["kind"]
        if kind == "deal":
            pile = [entry["opening"]]
        elif kind == "position":
            pile = None
        elif kind in ("played", "cut") and pile is not None:
            pile.append(entry["card"])
        elif kind == "reshuffled" and pile is not None:
            pile = pile[-1:]
    if pile is None or len(pile) != view["pile_count"] or pile[-1] != view["pile_top"]:
        return None
    return pile


class _Table:
    """What ``follow_refusal`` reads of a table, as the log shows it at one moment."""

    __slots__ = ("pile", "requested_suit", "open_pile", "options", "base_card")

    def __init__(self, top: str, options: dict, base_card: str):
        self.pile = [top]
        self.requested_suit = None
        self.open_pile = False
        self.options = options
        self.base_card = base_card

    def followers(self, deck) -> frozenset:
        """The cards that would follow the pile now (basics.3, MT-A6, MT-A10)."""
        return frozenset(code for code in deck if follow_refusal(self, None, code) is None)


# What a penalty owed could have been answered with (basics.5, jokers.4, jokers.6).
ANSWERS = {"two": lambda code: RANK[code] == "2", "joker": lambda code: RANK[code] == "JOKER"}


def held_back(view: dict) -> dict:
    """``{seat: (count, cards)}``: for each other seat, how many of the cards it holds now it
    already held at its latest turn that showed it had nothing to play, and the cards those
    cannot be (module docstring). Read from the log since the round's deal; a round set up
    from a position (whose log does not show the table) tells nothing."""
    options = view["options"]
    deck = standard_deck(jokers=options["jokers"])
    table = followers = owed = None
    latest = {}  # seat -> (its telling log entry, the cards it could not hold, played since)
    for entry in view["log"]:
        kind = entry["kind"]
        if kind == "deal":
            table = _Table(entry["opening"], options, view["base_card"])
            latest, followers, owed = {}, None, None
        elif table is None:
            continue
        elif kind == "position":
            table = None
        elif kind in ("played", "cut"):
            table.pile[-1] = entry["card"]
            table.requested_suit, table.open_pile, followers = None, False, None
            if entry["seat"] in latest:
                latest[entry["seat"]][2].append(entry["card"])
        elif kind == "named":
            table.requested_suit, followers = entry["suit"], None
        elif kind == "cancelled":
            table.open_pile, owed, followers = True, None, None
        elif kind == "owes":
            owed = "two" if entry["count"] == 2 else "joker"
        elif kind in ("drew", "passed", "picked_up", "kept"):
            if kind == "picked_up":
                answers = ANSWERS[owed] if owed else (lambda code: False)
                banned = frozenset(code for code in deck
                                   if code == MASTER_ACE or answers(code))
                owed = None
            else:
                if followers is None:
                    followers = table.followers(deck)
                # "kept": the rules ended the turn, nothing followed; otherwise a choice
                banned = followers if kind == "kept" else followers - {MASTER_ACE}
            latest[entry["seat"]] = (entry, banned, [])
    if table is None:
        return {}
    return _still_held(view, latest)


def _still_held(view: dict, latest: dict) -> dict:
    """Each seat's latest telling turn as (cards still held from then, cards banned)."""
    held = {}
    for seat, (moment, banned, played_since) in latest.items():
        if seat == view["seat"]:
            continue
        # The hand then: now, plus what it played since, minus what it took at that turn (a
        # draw's card, a penalty's cards). Every later turn that took a card is itself a
        # telling one, so none came after.
        size = view["hand_counts"][seat] + len(played_since) - _taken(moment)
        # A card it played since that would have done then was taken later; any other may
        # have been one it held.
        still = size - sum(1 for card in played_since if card not in banned)
        if still > 0:
            held[seat] = (still, banned)
    return held


def _taken(entry: dict) -> int:
    """How many cards a log entry put into its seat's hand."""
    kind = entry["kind"]
    if kind == "drew":
        return 1
    if kind == "passed":
        return 1 if entry["took"] == "card" else 0
    if kind == "picked_up":
        return entry["count"]
    return 0


def _dry_turns(view: dict) -> int:
    """Turns in a row that ended with nothing played or taken (MT-A9), from the log."""
    dry = 0
    for entry in reversed(view["log"]):
        kind = entry["kind"]
        if (kind == "passed" and entry["took"] == "none") or (
                kind == "picked_up" and entry["count"] == 0):
            dry += 1
        elif kind in ("passed", "picked_up", "played", "cut", "kept", "deal", "position"):
            break
    return min(dry, view["players"] - 1)


# How sure the search must be, in standard errors of the paired differences, before it leaves
# the basic bot's move. Seeds 1-1000 against three basic bots, in the first seat (which wins
# 26.5% with the basic bot in it): at 1 standard error the search won 26.8% (paired +0.3 +-
# 1.4 points), at 3 also 26.8% (+0.2 +- 0.6). Searching only whether to draw or pass instead
# of playing, at 1, lost 3.0 +- 1.0 points: among several noisy candidates on 240 playouts
# the best mean clears one standard error by luck (the winner's curse), and a draw is the
# noisiest. At 3 the search leaves the rule of thumb only when it is very sure: the same
# wins, half the spread.
CONFIDENCE = 3.0


# What the lobby says of this level (engine.bots.LEVELS words the others): the figures are
# bench/bots_bench.py strength --reference, seeds 1-1000.
STRONG_WORDS = {"about": "Thinks ahead on many deals of the cards it cannot see, but in Matatu"
                         " the deck decides most rounds: against three Basic bots it wins 27"
                         " games in 100, as a Basic bot in its seat does."}


def StrongBot(rng=None, budget: int = 240) -> SearchBot:
    """The "strong" level: the search bot on this adapter."""
    return SearchBot(MatatuSearch(), rng, budget, CONFIDENCE)
