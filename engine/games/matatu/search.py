"""Matatu for the search bot (``engine.search``): what a seat cannot see, and a world.

Hidden: the other hands and the stock's order (and, in a round set up from a position, the
pile under its top card, which the log does not show). Every card played since the deal or
the last reshuffle is in the log, so the pile is known. Matatu has no duty to follow (a
player may always draw or pass), so a move says little about a hand, and worlds are dealt
without constraints. A playout runs to the end of the round with the basic bot for every
seat; its value is the seat's share of the round's win (lowest total, ties shared) and,
to tell close calls apart, a little for every point it is under the others' mean.
"""

from ...search import Adapter, SearchBot, Slot
from .bots import BasicMatatuBot
from .rules import standard_deck

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
        slots = [Slot(("hand", other), count) for other, count in enumerate(view["hand_counts"])
                 if other != seat]
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
            "hands": [list(view["hand"]) if other == seat else dealt[("hand", other)]
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


def StrongBot(rng=None, budget: int = 240) -> SearchBot:
    """The "strong" level: the search bot on this adapter."""
    return SearchBot(MatatuSearch(), rng, budget)
