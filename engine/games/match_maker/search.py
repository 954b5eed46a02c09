"""The Match-Maker for the search bot (``engine.search``): what a seat cannot see, and a world.

Hidden: every face-down grid card but the top cards everyone saw opened (MX-A3: the view's
``seen`` memory), the Change-To-Person pile unless this seat is choosing a replacement, and
the order of the two chance piles (their make-up is known: the deck less the cards shown).
A world deals those cards at random; a playout plays the basic bot for every seat, from the
memory of opened cards only (never the world's hidden cards, or a playout would know what a
player cannot), through the end of this seat's next turn; its value is the seat's points less
the others' mean.

The search is kept for the choices a rule of thumb gets wrong: which card to open when no
match is sure (a face-down card, one of each depth, since those differ only by what lies
under them; or a card everyone has seen, which shows the others nothing new), and whether
to draw a mate or a change card. A sure match, cancelling, taking the Couple and replacing a
card to make a match are the basic bot's moves.
"""

from ...rng import SeededRng
from ...search import Adapter, SearchBot, Slot
from .bots import MemoryBot, memory_move
from .position import by_rows
from .rules import CHANGE_CARDS, MATE_CARDS, PARTNER, SOULMATE, Layout
from .words import CHANCES, PERSONS


class MatchMakerSearch(Adapter):
    def __init__(self):
        self.rng = SeededRng(0)  # the basic bot's pick among alike face-down cards
        self.basic = None

    def candidates(self, view: dict, legal_actions: list) -> list:
        kinds = {action["type"] for action in legal_actions}
        basic = MemoryBot(self.rng).choose(view, legal_actions)
        self.basic = (view, basic)  # the move fallback() gives for this view
        if "open" not in kinds:
            # A choice between drawing and not (a mate card, a change card) is searched; the
            # rest the rule of thumb settles (always cancel, always the Couple, replace to
            # make a match).
            if kinds in ({"draw_change", "decline_change"}, {"draw_mate", "skip_mate"}):
                return legal_actions
            return [basic]
        known, _ = MemoryBot().tops(view)
        cells = {(cell["row"], cell["col"]): cell for cell in view["grid"]}
        if view["pc1"] is None:
            pair = any(PARTNER[card] in known.values() and (PARTNER[card] != card or list(
                known.values()).count(card) > 1) for card in known.values())
            if pair:
                return [basic]  # a pair everyone has seen: take it before the others do
        elif PARTNER[view["pc1"]["card"]] in [card for where, card in known.items()
                                               if where != (view["pc1"]["row"],
                                                            view["pc1"]["col"])]:
            return [basic]  # the first card's partner is known: the match is sure
        kept, classes = [], set()
        # the basic bot's pick first, so it stands for its kind of card (fallback() plays it)
        for action in [basic] + [a for a in legal_actions if a != basic]:
            if action["type"] != "open":
                kept.append(action)  # drawing a mate card first
                continue
            cell = cells[tuple(action["stack"])]
            top = _top(cell)
            # alike: face-down tops of the same depth; and any top everyone has seen, since
            # opening it again shows nothing new and matches nothing here
            kind = ("seen",) if top is not None else (None, cell["depth"])
            if kind not in classes:
                classes.add(kind)
                kept.append(action)
        return kept

    def hidden(self, view: dict) -> tuple:
        layout = Layout(view["options"])
        counts = dict(layout.persons)
        counts.update(layout.chances)
        shown = list(view["discard"]) + list(view["mate_drawn"])
        for pile in view["piles"]:
            shown += pile["couples"] + pile["exes"]
        if view["stage"] == "cancel":
            shown.append(view["change_card"])  # in play, not yet on the Discard pile
        slots = []
        for loc, cell in enumerate(view["grid"]):
            if cell["cards"] is not None:  # beginner mode: the grid lies face up (MX-A20)
                shown += cell["cards"]
                continue
            top = _top(cell)
            if top is not None:
                shown.append(top)
            hidden = cell["depth"] - (top is not None)
            if hidden:
                slots.append(Slot(("grid", loc), hidden, banned=CHANCES))
        pile = view["change_to_person"]
        if pile["cards"] is None:
            slots.append(Slot("change_to_person", pile["count"], banned=CHANCES))
        else:
            shown += pile["cards"]
        slots.append(Slot("mate", view["mate_pile"]["count"], banned=PERSONS + CHANGE_CARDS))
        slots.append(Slot("change", view["change_pile"]["count"], banned=PERSONS + MATE_CARDS))
        for card in shown:
            counts[card] -= 1
        unseen = [code for code in PERSONS + CHANCES for _ in range(counts[code])]
        return unseen, slots

    def world(self, view: dict, dealt: dict, rng) -> dict:
        layout = Layout(view["options"])
        stacks, seen = [], []
        for loc, cell in enumerate(view["grid"]):
            top = _top(cell)
            if cell["cards"] is not None:
                stacks.append(list(cell["cards"]))
            else:
                stacks.append(dealt.get(("grid", loc), []) + ([top] if top is not None else []))
            seen.append(None if cell["seen"] is None else cell["seen"]["turn"])
        pile = view["change_to_person"]
        decision = view["decision"]
        opened = [[pc["row"], pc["col"]] for pc in (view["pc1"], view["pc2"]) if pc]
        position = {
            "grid": by_rows(layout, stacks), "seen": by_rows(layout, seen),
            "change_to_person": pile["cards"] if pile["cards"] is not None
            else dealt["change_to_person"],
            "mate_pile": dealt["mate"], "change_pile": dealt["change"],
            "discard": list(view["discard"]),
            "couples": [list(p["couples"]) for p in view["piles"]],
            "exes": [list(p["exes"]) for p in view["piles"]],
            "dealer": view["dealer"], "to_move": view["turn_player"],
            "round": view["round"], "turn": view["turn"] - 1,
            "events": [dict(event) for event in view["events"]],
            "stage": view["stage"], "opened": opened,
            "mate_drawn": list(view["mate_drawn"]), "predrawn": view["predrawn"],
            "postdrawn": len(view["mate_drawn"]) - view["predrawn"],
            "change_card": view["change_card"],
            "offers": [decision["seat"]] + decision["offered_after"]
            if view["stage"] == "cancel" else [],
        }
        return {"game": "match_maker", "players": view["players"], "rules": view["rules"],
                "options": view["options"], "rng": str(rng.next_u64()), "position": position}

    def policy(self, world, seat: int, moves, rng):
        known, unknown = {}, []
        locations, opened, seen = world.layout.locations, world.opened, world.seen
        for loc, stack in enumerate(world.stacks):
            if stack:
                if seen[loc] is not None:  # opened cards are seen by everyone (MX-A3)
                    known[locations[loc]] = stack[-1]
                else:
                    unknown.append(locations[loc])
        pc1 = (locations[opened[0]], world.stacks[opened[0]][-1]) if opened else None
        faces = world.faces() if len(opened) == 2 else None
        return memory_move(moves, known, unknown, pc1, faces, _soulmate_chance(world), rng)

    def done(self, world, view: dict) -> bool:
        # the end of this seat's next turn: every other player has had one more
        return world.finished or world.turn_number > view["turn"] + world.players

    def value(self, world, view: dict) -> float:
        scores = world.scores()
        seat = view["seat"]
        return scores[seat] - (sum(scores) - scores[seat]) / (len(scores) - 1)

    def fallback(self, view: dict, legal_actions: list, rng) -> dict:
        if self.basic is not None and self.basic[0] is view:
            return self.basic[1]
        return MemoryBot(rng).choose(view, legal_actions)


def _top(cell: dict):
    """The top card of a grid location if every player saw it (open now, or remembered)."""
    if not cell["depth"]:
        return None
    return cell["face"] or (cell["seen"] or {}).get("card")


def _soulmate_chance(world) -> float:
    """The chance the next mate card is a Soulmate from what is public: the deck's Soulmates
    less those shown, over the Mate pile's size (never the world's own order)."""
    if not world.mate_pile:
        return 0.0
    shown = world.discard.count(SOULMATE) + world.mate_drawn.count(SOULMATE)
    shown += sum(pile.count(SOULMATE) for pile in world.couples)
    return max(0, world.layout.chances[SOULMATE] - shown) / len(world.mate_pile)


# What the lobby says of this level (bots.BOT_WORDS; engine.bots.LEVELS words the others):
# the figures are bench/bots_bench.py strength --reference, seeds 1-1000.
STRONG_WORDS = {"about": "Thinks ahead on many deals of the face-down cards and remembers every"
                         " card opened, as Basic does. Memory decides most of this game:"
                         " against two Basic bots it wins 35 games in 100, a Basic bot in its"
                         " seat 33."}


def StrongBot(rng=None, budget: int = 240) -> SearchBot:
    """The "strong" level: the search bot on this adapter."""
    return SearchBot(MatchMakerSearch(), rng, budget)
