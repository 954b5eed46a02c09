"""Matatu's state machine: the deal, the turn (MT-A5), what each move does, what each seat sees.

Which moves are legal, and why the others are not, is ``rules.py``: ``actions_for`` lists a move
when its predicate returns None and ``why_illegal`` shows the predicate's Refusal. The rulebook
is ``rulebook.py`` (``rules/003`` with rulings ``MT-A1`` … ``MT-A18``); comments cite them.
"""

from ...bots import RandomBot, careless
from ...errors import IllegalAction
from ...game import Game
from . import position as positions
from .bots import BasicMatatuBot
from .rulebook import OPTIONS, RULE_VERSIONS
from .rules import (
    CARD_RULES,
    CHOPPER,
    HAND_SIZE,
    JOKERS,
    MASTER_ACE,
    POINTS,
    RANK,
    SKIP_RANKS,
    SUIT,
    SUITS,
    accept_refusal,
    card_code,
    card_refusal,
    cut_refusal,
    draw_refusal,
    name_suit_refusal,
    naming_refusal,
    pass_refusal,
    play_refusal,
    points,
    standard_deck,
)
from .search import STRONG_WORDS, StrongBot

# The predicate of each move without a card or a suit, in the order the moves are listed.
PLAIN_MOVES = (("draw", draw_refusal), ("pass", pass_refusal), ("accept", accept_refusal))
PLAIN_REFUSALS = dict(PLAIN_MOVES)


class Matatu(Game):
    """One Matatu round (or a session of rounds, MT-A16) between 2 and 6 (or 7) players.

    State (``STATE``): ``hands`` (codes in the order they arrived), ``pile`` (bottom..top),
    ``stock`` (top first), ``base_card`` (the marker, MT-A1), ``out_of_play``, ``dealer``,
    ``turn`` and ``stage`` (the turn of MT-A5: start, after_draw, name_suit, penalty, over),
    ``drawn`` (the card drawn this turn), ``requested_suit`` (named by an Ace or a Joker),
    ``open_pile`` (after the Ace of Spades cancels, MT-A10), ``penalty`` (``kind``, ``count``,
    ``owed_by``), ``dry_turns`` (turns in a row with nothing played or taken, MT-A9), the
    session's ``round_number``, ``scores`` and ``round_results``, and ``finished``.
    """

    id = "matatu"
    title = "Matatu"
    # The lobby's one sentence on what the game is like.
    summary = ("A shedding game: match the card on the pile by suit or rank, and be the first to "
               "empty your hand.")
    min_players = 2
    max_players = 7
    default_players = 4
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS
    BOTS = {"basic": BasicMatatuBot, "easy": careless(BasicMatatuBot), "strong": StrongBot,
            "random": RandomBot}
    BOT_WORDS = {"strong": STRONG_WORDS}
    STATE = ("round_number", "dealer", "hands", "pile", "stock", "base_card", "out_of_play",
             "turn", "stage", "drawn", "requested_suit", "open_pile", "penalty", "dry_turns",
             "scores", "round_results", "finished")
    ACTIONS = {"play": {"card": "text"}, "cut": {"card": "text"}, "name_suit": {"suit": "text"},
               "draw": {}, "pass": {}, "accept": {}}

    # ---- dealing ---------------------------------------------------------------------------
    def check_options(self) -> None:
        most = self.options["max_players"]
        if self.players > most:
            raise IllegalAction(
                f"Matatu is played by 2 to {most} players, not {self.players}; seven players"
                " need the option \"Most players\" set to 7 (MT-S1).", rule="MT-S1")

    def setup(self) -> None:
        self.round_number = 1
        self.scores = [0] * self.players
        self.round_results = []
        self.finished = False
        self.dealer = self.rng.randbelow(self.players)  # MT-A13: the first dealer is random
        self._deal()

    def _deal(self) -> None:
        deck = standard_deck(jokers=self.options["jokers"])
        self.rng.shuffle(deck)
        # chopper.1 / MT-A1: the server picks a card identity; never a Joker (jokers.10).
        self.base_card = self.rng.choice(standard_deck(jokers=False))
        self.out_of_play = []
        if self.options["base_card_mode"] == "physical_removed":
            deck.remove(self.base_card)
            self.out_of_play = [self.base_card]
        self.hands = [[] for _ in range(self.players)]
        for _ in range(HAND_SIZE):
            for step in range(1, self.players + 1):
                self.hands[(self.dealer + step) % self.players].append(deck.pop(0))
        # MT-A12: a Joker is never the opening card; it goes back into the stock (not on top).
        while deck[0] in JOKERS:
            joker = deck.pop(0)
            deck.insert(1 + self.rng.randbelow(len(deck)), joker)
        self.pile = [deck.pop(0)]
        self.stock = deck
        self.requested_suit = None
        self.open_pile = False
        self.penalty = None
        self.dry_turns = 0
        self.say("deal", self.dealer, round=self.round_number, base_card=self.base_card,
                 chopper=self.chopper, opening=self.pile[-1])
        # MT-A12 / MT-A13: the opening card has no effect; left of the dealer acts first.
        self._begin_turn(self._next(self.dealer))

    POSITION_SHAPE = positions.SHAPE  # every field's type, checked before setup_position

    def setup_position(self, position: dict) -> None:
        """Build a scenario's position: see ``engine/games/matatu/position.py``."""
        positions.setup_position(self, position)

    def position(self) -> dict:
        return positions.position(self)

    # ---- what the table shows ----------------------------------------------------------------
    @property
    def chopper(self) -> str:
        return CHOPPER[self.base_card]

    @property
    def active_suit(self):
        """The suit the next card must match; None when the pile is open (MT-A10)."""
        if self.open_pile:
            return None
        return self.requested_suit or SUIT[self.pile[-1]]

    @property
    def to_move(self):
        return None if self.finished else self.turn

    @property
    def over(self) -> bool:
        return self.finished

    # ---- what may be played: one predicate per move (rules.py) -------------------------------
    def actions_for(self, seat: int) -> list:
        if self.finished or seat != self.turn:
            return []
        actions = []
        if naming_refusal(self) is None:  # name_suit_refusal, for each of the four suits
            actions += [{"type": "name_suit", "suit": suit, "seat": seat} for suit in SUITS]
        card_rule = CARD_RULES[self.stage]  # card_refusal, for this stage of the turn
        actions += [{"type": "play", "card": code, "seat": seat} for code in self.hands[seat]
                    if card_rule(self, seat, code) is None]
        chopper = CHOPPER[self.base_card]
        if cut_refusal(self, seat, chopper) is None:
            actions.append({"type": "cut", "card": chopper, "seat": seat})
        actions += [{"type": kind, "seat": seat} for kind, refusal in PLAIN_MOVES
                    if refusal(self) is None]
        return actions

    def why_illegal(self, action: dict) -> IllegalAction:
        kind, seat = action["type"], action["seat"]
        if kind == "name_suit":
            refusal = name_suit_refusal(self, action["suit"])
        elif kind in ("play", "cut"):
            try:
                code = card_code(action["card"])
            except ValueError:
                return IllegalAction(f"{action['card']!r} is not a card: write one like 7D, 10H,"
                                     " AS or RJ.")
            if code != action["card"]:
                return IllegalAction(f"Write the card as {code}.")
            refusal = (cut_refusal if kind == "cut" else play_refusal)(self, seat, code)
        else:
            refusal = PLAIN_REFUSALS[kind](self)
        return refusal.error() if refusal is not None else super().why_illegal(action)

    def _can_play(self, seat: int) -> bool:
        return (any(card_refusal(self, seat, code) is None for code in self.hands[seat])
                or cut_refusal(self, seat, self.chopper) is None)

    # ---- doing a move ----------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        kind, seat = action["type"], action["seat"]
        if kind in ("play", "cut"):
            self._play(seat, card_code(action["card"]), cut=kind == "cut")
        elif kind == "name_suit":
            self._name_suit(seat, action["suit"])
        elif kind == "draw":
            self._draw(seat)
        elif kind == "pass":
            self._pass(seat)
        else:
            self._accept(seat)

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.drawn = None
        owes = self.penalty is not None and self.penalty["owed_by"] == seat
        self.stage = "penalty" if owes else "start"

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.players  # MT-A13: clockwise

    def _play(self, seat: int, code: str, cut: bool) -> None:
        hand = self.hands[seat]
        hand.remove(code)
        self.pile.append(code)
        self.drawn = None
        self.dry_turns = 0
        answering = self.penalty
        # Any card played replaces the old request and closes an open pile (MT-A6, MT-A10).
        self.requested_suit = None
        self.open_pile = False
        if cut:
            self.say("cut", seat, card=code)
            self._end_round("cut", cutter=seat)  # chopper.12
            return
        self.say("played", seat, card=code)
        if not hand:
            self.penalty = None  # MT-A11: a final card has no effect at all
            self._end_round("empty_hand")
            return
        following = self._next(seat)
        if answering is not None and code == MASTER_ACE:
            # jokers.6-7 / MT-A10: the attack ends, no suit is named, anything may follow.
            self.penalty = None
            self.open_pile = True
            self.say("cancelled", seat, penalty=answering["kind"])
            self._begin_turn(following)
        elif RANK[code] == "2":
            # basics.4-6: the penalty is two, passed on or fresh, never more.
            self.penalty = {"kind": "two", "count": 2, "owed_by": following}
            self.say("owes", following, count=2)
            self._begin_turn(following)
        elif code in JOKERS:
            # jokers.3-4: pick five, or ten on an unpaid pick-five; the suit is named next.
            count = 5 if answering is None else min(10, answering["count"] + 5)
            self.penalty = {"kind": "joker", "count": count, "owed_by": following}
            self.stage = "name_suit"
        elif RANK[code] == "A":
            self.stage = "name_suit"  # basics.8
        elif RANK[code] in SKIP_RANKS:
            # basics.7 / MT-A8: with two players (seat + 2) % 2 is the same seat again.
            if self.players == 2:
                self.say("again", seat)
            else:
                self.say("jumped", following)
            self._begin_turn(self._next(seat, 2))
        else:
            self._begin_turn(following)

    def _name_suit(self, seat: int, suit: str) -> None:
        self.requested_suit = suit
        self.say("named", seat, suit=suit)
        if self.penalty is not None:
            owed_by = self.penalty["owed_by"]
            self.say("owes", owed_by, count=self.penalty["count"])
            self._begin_turn(owed_by)
        else:
            self._begin_turn(self._next(seat))

    def _take_card(self):
        """The top card of the stock, refilling it from the pile if allowed (MT-A9)."""
        if not self.stock:
            if self.options["on_stock_empty"] != "reshuffle" or len(self.pile) < 2:
                return None
            self.stock = self.pile[:-1]
            self.pile = self.pile[-1:]
            self.rng.shuffle(self.stock)
            self.say("reshuffled")
        return self.stock.pop(0)

    def _receive(self, seat: int, cards: list) -> None:
        """Cards come into a hand; which ones, only that seat may read (hidden information)."""
        self.hands[seat].extend(cards)
        if cards:
            self.say("received", seat, only=[seat], cards=list(cards))

    def _draw(self, seat: int) -> None:
        card = self._take_card()
        self.say("drew", seat)
        self._receive(seat, [card])
        self.drawn = card
        self.stage = "after_draw"
        # basics.12: only when nothing at all can be played does the turn end by itself.
        if not self._can_play(seat):
            self.say("kept", seat)
            self._end_turn(seat, dry=False)

    def _pass(self, seat: int) -> None:
        if self.stage == "after_draw":
            self.say("passed", seat, took="drawn")  # basics.16: the drawn card paid for it
            self._end_turn(seat, dry=False)
            return
        card = self._take_card()
        if card is None:
            self.say("passed", seat, took="none")
            if self.options["on_stock_empty"] == "end_round":
                self._end_round("stock_exhausted")  # MT-A9
            else:
                self._end_turn(seat, dry=True)
            return
        self.say("passed", seat, took="card")
        self._receive(seat, [card])
        self._end_turn(seat, dry=False)

    def _accept(self, seat: int) -> None:
        owed = self.penalty["count"]
        taken = []
        while len(taken) < owed:
            card = self._take_card()
            if card is None:
                break  # MT-A9: a penalty is paid with what there is
            taken.append(card)
        self.penalty = None
        self.say("picked_up", seat, count=len(taken), owed=owed)
        self._receive(seat, taken)
        if len(taken) < owed and self.options["on_stock_empty"] == "end_round":
            self._end_round("stock_exhausted")
            return
        # basics.17 / MT-A5: picking up ends the turn, so penalty cards wait a turn.
        self._end_turn(seat, dry=not taken)

    def _end_turn(self, seat: int, dry: bool) -> None:
        # MT-A9: a full cycle of turns with nothing played and nothing to take ends the round.
        self.dry_turns = self.dry_turns + 1 if dry else 0
        if self.dry_turns >= self.players:
            self._end_round("stock_exhausted")
            return
        self._begin_turn(self._next(seat))

    def _end_round(self, reason: str, cutter=None) -> None:
        totals = [points(hand) for hand in self.hands]
        lowest = min(totals)
        # basics.14 / chopper.13 / MT-A18: the lowest total wins; equal lowest totals tie.
        winners = [seat for seat, total in enumerate(totals) if total == lowest]
        self.round_results.append({
            "round": self.round_number, "reason": reason, "dealer": self.dealer,
            "hands": [list(hand) for hand in self.hands], "totals": totals,
            "winners": winners, "cutter": cutter, "base_card": self.base_card,
            "chopper": self.chopper,
        })
        for seat, total in enumerate(totals):
            self.scores[seat] += total
        self.say("round_over", round=self.round_number, reason=reason, totals=list(totals),
                 winners=list(winners))
        self.penalty = None
        self.drawn = None
        if self.round_number < self.options["session_rounds"]:
            self.round_number += 1
            self.dealer = self._next(self.dealer)  # MT-A13: the deal passes clockwise
            self._deal()
            return
        self.finished = True
        self.stage = "over"
        if self.options["session_rounds"] > 1:
            self.say("session_over", scores=list(self.scores))

    # ---- what each seat sees -------------------------------------------------------------------
    def table_view(self, seat) -> dict:
        own_turn = seat is not None and seat == self.to_move
        return {
            "round": self.round_number,
            "rounds": self.options["session_rounds"],
            "dealer": self.dealer,
            "stage": self.stage,
            "hand": None if seat is None else list(self.hands[seat]),
            # What your own hand would score now (basics.13): yours only, as your cards are.
            "hand_points": None if seat is None else points(self.hands[seat]),
            "hand_counts": [len(hand) for hand in self.hands],
            "drawn": self.drawn if own_turn else None,
            "pile_top": self.pile[-1],
            "pile_count": len(self.pile),
            "stock_count": len(self.stock),
            "base_card": self.base_card,
            "chopper": self.chopper,
            "active_suit": self.active_suit,
            "requested_suit": self.requested_suit,
            "open_pile": self.open_pile,
            "penalty": None if self.penalty is None else dict(self.penalty),
            "scores": list(self.scores),
            "result": self._view_result(),
        }

    def _winners(self) -> list:
        lowest = min(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == lowest]

    def _view_result(self):
        if not self.finished:
            return None
        last = self.round_results[-1]
        return {
            "reason": last["reason"],
            "hands": [list(hand) for hand in last["hands"]],
            # each card's points, so the table can show the sum as it is made (basics.14)
            "card_points": [[POINTS[code] for code in hand] for hand in last["hands"]],
            "totals": list(last["totals"]),
            "winners": self._winners(),  # with one round these are the round's winners
            "cutter": last["cutter"],
            "base_card": last["base_card"],
            "chopper": last["chopper"],
            "rounds": [_copy_round(r) for r in self.round_results],
        }

    def result(self):
        if not self.finished:
            return None
        last = self.round_results[-1]
        return {
            "scores": list(self.scores),
            "winners": self._winners(),
            "reason": last["reason"],
            "hands": [list(hand) for hand in last["hands"]],
            "totals": list(last["totals"]),
            "rounds": [_copy_round(r) for r in self.round_results],
        }

    # ---- where every card is (the generic invariant tests read these) ------------------------
    def card_locations(self) -> dict:
        """Every physical card's place: ``hand:<seat>``, ``pile``, ``stock``, ``out_of_play``."""
        places = {f"hand:{seat}": list(hand) for seat, hand in enumerate(self.hands)}
        places["pile"] = list(self.pile)
        places["stock"] = list(self.stock)
        places["out_of_play"] = list(self.out_of_play)
        return places

    def hidden_places(self, seat) -> list:
        """The other hands, and the stock (face down for everyone)."""
        return [f"hand:{other}" for other in range(self.players) if other != seat] + ["stock"]

    def marker_cards(self) -> list:
        """Card identities the table names as markers (MT-A1), wherever the real cards are."""
        return [self.base_card, self.chopper]


def _copy_round(result: dict) -> dict:
    copied = dict(result)
    copied["hands"] = [list(hand) for hand in result["hands"]]
    copied["totals"] = list(result["totals"])
    copied["winners"] = list(result["winners"])
    return copied
