"""The Match-Maker's bots. They see what a player sees: the view and the legal actions.

Every opened card is shown to everyone (MX-A3), and the view carries what every player saw
of each top card (the grid's ``seen``), so a bot built fresh for every move (as the browser
service builds them) plays like one that has watched the whole game.
"""

from ...bots import Bot, Why
from ...rng import SeededRng
from .rules import CHANCE_MIXES, MATE_POINTS, PARTNER, SOULMATE, is_match
from .words import CHANCES, PC_WORDS, a_card, capital, short_name, the_card


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
    def soulmate_odds(view: dict) -> tuple:
        """(Soulmates left in the Mate pile, its cards), from the public piles."""
        count = view["mate_pile"]["count"]
        shown = list(view["discard"]) + list(view["mate_drawn"])
        for pile in view["piles"]:
            shown += pile["couples"]
        options = view["options"]
        in_deck = CHANCE_MIXES[options["chance_mix"]][CHANCES.index(SOULMATE)] * options["decks"]
        return max(0, in_deck - shown.count(SOULMATE)), count

    @classmethod
    def soulmate_chance(cls, view: dict) -> float:
        """The chance the next mate card is a Soulmate, from the public piles."""
        if not view["mate_pile"]["count"]:
            return 0.0
        souls, count = cls.soulmate_odds(view)
        return souls / count

    def choose(self, view: dict, legal_actions: list) -> dict:
        return self.decide(view, legal_actions)[0]

    def decide(self, view: dict, legal_actions: list) -> tuple:
        known, unknown = self.tops(view)
        pc1 = None if view["pc1"] is None else ((view["pc1"]["row"], view["pc1"]["col"]),
                                                view["pc1"]["card"])
        faces = None if view["pc2"] is None else (view["pc1"]["card"], view["pc2"]["card"])
        action, how, detail = memory_choice(legal_actions, known, unknown, pc1, faces,
                                            self.soulmate_chance(view), self.rng)
        return action, Why(_words, view, action, how, detail, known)


def memory_move(legal_actions: list, known: dict, unknown: list, pc1, faces,
                soulmate_chance: float, rng) -> dict:
    """The basic bot's move, from what a player remembers: ``known`` {(row, col): top card},
    ``unknown`` (the other locations with cards), ``pc1`` ((row, col), card) of the first
    card open this turn, ``faces`` (first, second) once both are open, and the chance that
    the next mate card is a Soulmate. The search bots' playouts play it on sampled worlds,
    from the memory of opened cards only."""
    return memory_choice(legal_actions, known, unknown, pc1, faces, soulmate_chance, rng)[0]


def memory_choice(legal_actions: list, known: dict, unknown: list, pc1, faces,
                  soulmate_chance: float, rng) -> tuple:
    """``memory_move``'s action, which of its rules of thumb chose it (a key of ``_SAY``) and
    what that rule found (the partner's location of a sure pair, the card a replacement
    matches), or None."""
    by_type = {}
    for action in legal_actions:
        by_type.setdefault(action["type"], []).append(action)
    # A Soulmate is worth +3, a Deathmate costs 3 and the couple's 2 cards: draw only when
    # 3p - 5(1 - p) > 0.
    worth_a_mate = soulmate_chance > 5 / 8
    for kind in ("attempt_cancel", "couple", "draw_change"):
        if kind in by_type:
            return by_type[kind][0], kind, None
    if "skip_mate" in by_type:
        if worth_a_mate:
            return by_type["draw_mate"][0], "draw_mate", None
        return by_type["skip_mate"][0], "skip_mate", None
    if "replace" in by_type:
        return _replace(faces, by_type["replace"])
    if "open" in by_type:
        if "draw_mate" in by_type and worth_a_mate:
            return by_type["draw_mate"][0], "predraw", None
        return _open(known, unknown, pc1, by_type["open"], rng)
    return legal_actions[0], None, None


def _open(known: dict, unknown: list, pc1, opens: list, rng) -> tuple:
    action_at = {tuple(a["stack"]): a for a in opens}
    if pc1 is None:
        by_card = {}
        for where, card in known.items():
            by_card.setdefault(card, []).append(where)
        for card, places in by_card.items():
            partner = PARTNER[card]
            others = [w for w in by_card.get(partner, []) if w not in places[:1]]
            if partner is not None and others:
                return action_at[places[0]], "sure_pair", others[0]
        if unknown:
            return action_at[rng.choice(unknown)], "unseen", None
        return rng.choice(opens), "any", None
    first, card = pc1
    partner = PARTNER[card]
    for where, seen in known.items():
        if seen == partner and where != first and where in action_at:
            return action_at[where], "partner", None
    fresh = [w for w in unknown if w in action_at]
    if fresh:
        return action_at[rng.choice(fresh)], "unseen_second", None
    return rng.choice(opens), "any_second", None


def _replace(faces, replaces: list) -> tuple:
    for action in replaces:
        other = faces[1] if action["target"] == "pc1" else faces[0]
        if is_match(action["with"], other):
            return action, "replace_match", other
    return replaces[0], "replace", None


def forgetful(rng: SeededRng) -> MemoryBot:
    return MemoryBot(rng, memory_turns=3)



# How The Match-Maker's levels differ (engine.bots.LEVELS words the rest).
BOT_WORDS = {
    "easy": {"about": "Remembers only the cards opened in the last 3 turns."},
    "basic": {"about": "Remembers every card opened and takes every sure match."},
}


# ---- the basic bot's reasons, in the player's words --------------------------------------


def _at(where) -> str:
    return "row " + str(where[0]) + ", column " + str(where[1])


def _odds(view: dict) -> str:
    """"2 of the 3 cards on the Mate pile are Soulmates"."""
    souls, count = MemoryBot.soulmate_odds(view)
    if count == 1:
        return "the last card on the Mate pile is " + ("" if souls else "not ") + "a Soulmate"
    if not souls:
        return "none of the " + str(count) + " cards on the Mate pile is a Soulmate"
    if souls == count:
        return "every card on the Mate pile is a Soulmate"
    return (str(souls) + " of the " + str(count) + " cards on the Mate pile "
            + ("is a Soulmate" if souls == 1 else "are Soulmates"))


def _cancel(view: dict, action, detail, known) -> tuple:
    change = view["change_card"]
    return ("Try to cancel Seat " + str(view["turn_player"] + 1) + "'s " + short_name(change)
            + (" card" if change == "time" else "") + ": trying costs you nothing, and if"
            " the top card of the Change Chance pile is another one, the change is cancelled."
            ), "cancel.2"


def _couple(view: dict, action, detail, known) -> tuple:
    return ("Take the Couple: both cards score, 2 points, where an Ex scores only the second"
            " card, 1 point."), "match.1"


def _draw_change(view: dict, action, detail, known) -> tuple:
    first, second = view["pc1"]["card"], view["pc2"]["card"]
    return ("Draw a change card: " + the_card(first) + " and " + the_card(second) + " do not"
            " match, and a change card may let you replace one of them to make a match, or give"
            " you another turn."), "mismatch.1"


def _draw_mate(view: dict, action, detail, known) -> tuple:
    return ("Draw a mate card: " + _odds(view) + ", so the +" + str(MATE_POINTS) + " of a"
            " Soulmate is worth the risk of a Deathmate."), "match.4"


def _skip_mate(view: dict, action, detail, known) -> tuple:
    return ("Collect the Couple without a mate card: " + _odds(view) + ", and a Deathmate"
            " would cost you " + str(MATE_POINTS) + " points and your first card."), "MX-A5"


def _predraw(view: dict, action, detail, known) -> tuple:
    return ("Draw a mate card before opening: " + _odds(view) + ", so a match this turn is"
            " likely to earn " + str(MATE_POINTS) + " more points."), "match.8"


def _replace_words(view: dict, action, detail, known) -> tuple:
    pc = 1 if action["target"] == "pc1" else 2
    old = view["pc" + str(pc)]["card"]
    head = ("Replace " + PC_WORDS[pc] + ", " + a_card(old) + ", with " + a_card(action["with"])
            + ": ")
    if detail is not None:
        return (head + a_card(action["with"]) + " matches " + the_card(detail) + " you opened "
                + ("second" if pc == 1 else "first") + ", so the pair becomes a match."
                ), "MX-A10"
    return (head + "no replacement in the Change-To-Person pile makes a match, so any will do."
            ), "mismatch.4"


def _sure_pair(view: dict, action, detail, known) -> tuple:
    where = tuple(action["stack"])
    return ("Open " + _at(where) + ": you know " + the_card(known[where]) + " there and "
            + the_card(known[detail]) + " at " + _at(detail) + " make a sure match."), "MX-A2"


def _unseen(view: dict, action, detail, known) -> tuple:
    return ("Open " + _at(action["stack"]) + ", a card nobody has seen yet: you know of no"
            " matching pair on the grid, so you look for one."), "turn.2"


def _any(view: dict, action, detail, known) -> tuple:
    return ("Open " + _at(action["stack"]) + ": every card on the grid has been seen and you"
            " know of no matching pair, so any stack will do."), "turn.2"


def _partner(view: dict, action, detail, known) -> tuple:
    where = tuple(action["stack"])
    return ("Open " + _at(where) + ": you know " + the_card(known[where]) + " there matches "
            + _first_card(view) + "."), "MX-A2"


def _first_card(view: dict) -> str:
    return the_card(view["pc1"]["card"]) + " you opened first"


def _unseen_second(view: dict, action, detail, known) -> tuple:
    card = view["pc1"]["card"]
    if PARTNER[card] is None:
        why = "nobody matches " + _first_card(view) + ", so at least you learn a new card"
    else:
        why = "you know of no card on the grid that matches " + _first_card(view)
    return ("Open " + _at(action["stack"]) + ", a card nobody has seen yet: " + why + "."
            ), "turn.2"


def _any_second(view: dict, action, detail, known) -> tuple:
    return ("Open " + _at(action["stack"]) + ": no card you know of matches "
            + _first_card(view) + ", and every card on the grid has been seen."), "turn.2"


_SAY = {"attempt_cancel": _cancel, "couple": _couple, "draw_change": _draw_change,
        "draw_mate": _draw_mate, "skip_mate": _skip_mate, "predraw": _predraw,
        "replace_match": _replace_words, "replace": _replace_words, "sure_pair": _sure_pair,
        "unseen": _unseen, "any": _any, "partner": _partner, "unseen_second": _unseen_second,
        "any_second": _any_second}


def _words(view: dict, action: dict, how, detail, known: dict) -> tuple:
    say = _SAY.get(how)
    if say is None:
        return capital(action["type"].replace("_", " ")) + ": it is the one move there is.", None
    return say(view, action, detail, known)
