"""The Match-Maker's bots. They see what a player sees: the view and the legal actions.

Every opened card is shown to everyone (MX-A3), and the view carries what every player saw
of each top card (the grid's ``seen``), so a bot built fresh for every move (as the browser
service builds them) plays like one that has watched the whole game.
"""

from ...bots import Bot
from ...rng import SeededRng
from .rules import CHANCE_MIXES, PARTNER, SOULMATE, is_match
from .words import CHANCES


class MemoryBot(Bot):
    """Plays for sure matches with the cards everyone has seen.

    ``memory_turns`` makes a weaker player who forgets cards seen more than that many turns
    ago. Strategy: open a remembered matching pair when there is one; otherwise open an
    unknown card first, then its remembered partner if any, else another unknown card (news
    for the memory). Always take the Couple; draw a mate card only when the Mate pile is
    likely enough to give a Soulmate; always draw a change card on a mismatch and replace to
    make a match when possible; always try to cancel another player's change card.
    """

    name = "basic"

    def __init__(self, rng: SeededRng | None = None, memory_turns: int | None = None):
        self.rng = rng or SeededRng(0)
        self.memory_turns = memory_turns

    def tops(self, view: dict) -> tuple:
        """(known, unknown): {(row, col): card} of top cards it remembers, and the other
        non-empty locations."""
        known, unknown = {}, []
        oldest = None if self.memory_turns is None else view["turn"] - self.memory_turns
        for cell in view["grid"]:
            if not cell["depth"]:
                continue
            where = (cell["row"], cell["col"])
            memory = cell["seen"]
            if cell["face"] is not None:
                known[where] = cell["face"]
            elif memory is not None and (oldest is None or memory["turn"] >= oldest):
                known[where] = memory["card"]
            else:
                unknown.append(where)
        return known, unknown

    @staticmethod
    def soulmate_chance(view: dict) -> float:
        """The chance the next mate card is a Soulmate, from the public piles."""
        count = view["mate_pile"]["count"]
        if not count:
            return 0.0
        shown = list(view["discard"]) + list(view["mate_drawn"])
        for pile in view["piles"]:
            shown += pile["couples"]
        options = view["options"]
        in_deck = CHANCE_MIXES[options["chance_mix"]][CHANCES.index(SOULMATE)] * options["decks"]
        return max(0, in_deck - shown.count(SOULMATE)) / count

    def choose(self, view: dict, legal_actions: list) -> dict:
        known, unknown = self.tops(view)
        pc1 = None if view["pc1"] is None else ((view["pc1"]["row"], view["pc1"]["col"]),
                                                view["pc1"]["card"])
        faces = None if view["pc2"] is None else (view["pc1"]["card"], view["pc2"]["card"])
        return memory_move(legal_actions, known, unknown, pc1, faces,
                           self.soulmate_chance(view), self.rng)


def memory_move(legal_actions: list, known: dict, unknown: list, pc1, faces,
                soulmate_chance: float, rng) -> dict:
    """The basic bot's move, from what a player remembers: ``known`` {(row, col): top card},
    ``unknown`` (the other locations with cards), ``pc1`` ((row, col), card) of the first
    card open this turn, ``faces`` (first, second) once both are open, and the chance that
    the next mate card is a Soulmate. The search bots' playouts play it on sampled worlds,
    from the memory of opened cards only."""
    by_type = {}
    for action in legal_actions:
        by_type.setdefault(action["type"], []).append(action)
    # A Soulmate is worth +3, a Deathmate costs 3 and the couple's 2 cards: draw only when
    # 3p - 5(1 - p) > 0.
    worth_a_mate = soulmate_chance > 5 / 8
    for kind in ("attempt_cancel", "couple", "draw_change"):
        if kind in by_type:
            return by_type[kind][0]
    if "skip_mate" in by_type:
        return by_type["draw_mate" if worth_a_mate else "skip_mate"][0]
    if "replace" in by_type:
        return _replace(faces, by_type["replace"])
    if "open" in by_type:
        if "draw_mate" in by_type and worth_a_mate:
            return by_type["draw_mate"][0]
        return _open(known, unknown, pc1, by_type["open"], rng)
    return legal_actions[0]


def _open(known: dict, unknown: list, pc1, opens: list, rng) -> dict:
    action_at = {tuple(a["stack"]): a for a in opens}
    if pc1 is None:
        by_card = {}
        for where, card in known.items():
            by_card.setdefault(card, []).append(where)
        for card, places in by_card.items():
            partner = PARTNER[card]
            others = [w for w in by_card.get(partner, []) if w not in places[:1]]
            if partner is not None and others:
                return action_at[places[0]]
        if unknown:
            return action_at[rng.choice(unknown)]
        return rng.choice(opens)
    first, card = pc1
    partner = PARTNER[card]
    for where, seen in known.items():
        if seen == partner and where != first and where in action_at:
            return action_at[where]
    fresh = [w for w in unknown if w in action_at]
    return action_at[rng.choice(fresh)] if fresh else rng.choice(opens)


def _replace(faces, replaces: list) -> dict:
    for action in replaces:
        other = faces[1] if action["target"] == "pc1" else faces[0]
        if is_match(action["with"], other):
            return action
    return replaces[0]


def forgetful(rng: SeededRng) -> MemoryBot:
    return MemoryBot(rng, memory_turns=3)



# How The Match-Maker's levels differ (engine.bots.LEVELS words the rest).
BOT_WORDS = {
    "easy": {"about": "Remembers only the cards opened in the last 3 turns."},
    "basic": {"about": "Remembers every card opened and takes every sure match."},
}
