"""The Match-Maker's state machine: a memory grid of person cards, chance cards and
cancellation attempts, for 2 to 6 players.

Seats are numbered clockwise, so "the person to the left of the dealer" is ``dealer + 1``.
Grid locations are ``[row, col]``, counted from 1 as the rulebook counts rows ("the 4th
row"): rows 1–4, columns 1–5 on the rulebook's grid.

Actions (every action names its seat; a cancellation offer is a decision of a non-turn
player, so ``pending`` is then that player). The rulebook's PC1 and PC2 are the first and the
second card opened this turn:

    {"type": "draw_mate", "seat": 0}      # before opening (MX-A6), or after a Couple (MX-A5)
    {"type": "skip_mate", "seat": 0}      # after a Couple: collect it without (more) mate cards
    {"type": "open", "stack": [2, 3], "seat": 0}   # open the top card of a location
    {"type": "couple", "seat": 0}         # on a match: both cards to the Couples pile (MX-A4)
    {"type": "ex", "seat": 0}             # on a match: the second card to the Exes pile
    {"type": "draw_change", "seat": 0}    # on a mismatch: draw from the Change Chance pile
    {"type": "decline_change", "seat": 0} # on a mismatch: put both back and end the turn
    {"type": "replace", "target": "pc1", "with": "gay-f", "seat": 0}  # after an OC or SC
    {"type": "attempt_cancel", "seat": 1} # a non-turn player tries to cancel OC/SC/T (MX-A12)
    {"type": "decline_cancel", "seat": 1}
    {"type": "time_up", "seat": 0}        # only with the time_limit option: see ``apply``

``time_up`` is never among the legal actions (the clock, not a player, chooses it): whoever
keeps the time (the UI) sends it when the agreed time has run out, and it is recorded like any
action, so a replay ends the game at the same point. The log entries are listed in words.py;
the rules (what may be done, and why not) in rules.py.
"""

from ...bots import RandomBot
from ...errors import IllegalAction
from ...game import Game
from . import position as positions
from . import rules
from .bots import BOT_WORDS, MemoryBot, forgetful
from .rulebook import OPTIONS, RULE_VERSIONS
from .rules import DEATHMATE, PC, SOULMATE, Layout, is_match
from .search import STRONG_WORDS, StrongBot
from .words import CHANCES, PERSONS


class MatchMaker(Game):
    """One game of The Match-Maker. The state (``STATE``):

    ``stacks`` (one list per grid location, bottom..top, row by row), ``seen`` (per location,
    the turn its top card was last shown, or None: every opened card is shown to everyone,
    MX-A3), ``change_to_person``, ``mate_pile``
    and ``change_pile`` (top first; ``mate_known``/``change_known`` cards at their bottom were
    seen by everyone before going back under), ``discard`` (bottom..top, face up), ``couples``
    and ``exes`` per seat (the Couples pile also holds the Soulmate/Deathmate markers), the
    turn (``turn_player``, ``stage``, ``opened``: the locations of the first and second card,
    whose top cards lie face up, ``mate_drawn``, ``predrawn``, ``postdrawn``, ``change_card``,
    ``offers``: the seats still to be offered a cancellation, ``collected``), the counters
    (``turn_number``, ``round_number``, ``stall``), ``events`` (MX-A17) and the end
    (``finished``, ``end_reason``).
    """

    id = "match_maker"
    title = "The Match-Maker"
    # The lobby's one sentence on what the game is like.
    summary = ("Each player is a matchmaker: open cards on the grid to make as many matches as "
               "possible.")
    min_players = 2
    max_players = 6
    default_players = 2
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS
    BOTS = {"basic": MemoryBot, "easy": forgetful, "strong": StrongBot, "random": RandomBot}
    BOT_WORDS = {**BOT_WORDS, "strong": STRONG_WORDS}
    ACTIONS = {"open": {"stack": "cell"}, "couple": {}, "ex": {}, "draw_mate": {},
               "skip_mate": {}, "draw_change": {}, "decline_change": {},
               "replace": {"target": "text", "with": "text"}, "attempt_cancel": {},
               "decline_cancel": {}, "time_up": {}}
    STATE = ("dealer", "stacks", "seen", "change_to_person", "mate_pile", "change_pile",
             "mate_known", "change_known", "discard", "couples", "exes", "events",
             "turn_number", "round_number", "stall", "finished", "end_reason", "stage",
             "opened", "mate_drawn", "predrawn", "postdrawn", "change_card", "offers",
             "collected", "turn_player")

    # ---- dealing ---------------------------------------------------------------------------
    def setup(self) -> None:
        self.layout = Layout(self.options)
        chances = self.layout.chances
        # The rulebook never says who deals first, so the seed decides (as in Matatu).
        self.dealer = self.rng.randbelow(self.players)
        mate = [c for c in rules.MATE_CARDS for _ in range(chances[c])]
        self.rng.shuffle(mate)  # setup.1
        change = [c for c in rules.CHANGE_CARDS for _ in range(chances[c])]
        self.rng.shuffle(change)  # setup.2
        persons = [c for c in PERSONS for _ in range(self.layout.persons[c])]
        self.rng.shuffle(persons)  # setup.3
        self.mate_pile, self.change_pile = mate, change
        self.change_to_person = persons[:rules.CHANGE_TO_PERSON]
        rest = persons[rules.CHANGE_TO_PERSON:]
        self.stacks = []
        for depth in self.layout.depths:
            self.stacks.append(rest[:depth])
            rest = rest[depth:]
        self.fresh_state()
        self.say("dealt", self.dealer, grid=sum(self.layout.depths),
                 stacks=len(self.layout.locations), change_to_person=rules.CHANGE_TO_PERSON,
                 persons=[self.layout.persons[c] for c in PERSONS],
                 chances=[chances[c] for c in CHANCES])
        self.begin_turn((self.dealer + 1) % self.players)  # setup.4, turn.1

    def fresh_state(self) -> None:
        self.seen = [None] * len(self.stacks)
        self.mate_known = self.change_known = 0
        self.discard = []
        self.couples = [[] for _ in range(self.players)]
        self.exes = [[] for _ in range(self.players)]
        self.events = []
        self.turn_number = 0
        self.round_number = 1
        self.stall = 0
        self.finished = False
        self.end_reason = None
        self.turn_player = (self.dealer + 1) % self.players
        self.clear_turn()

    def clear_turn(self) -> None:
        self.stage = "start"
        self.opened = []
        self.mate_drawn = []
        self.predrawn = 0
        self.postdrawn = 0
        self.change_card = None
        self.offers = []
        self.collected = False

    def begin_turn(self, seat: int) -> None:
        self.turn_player = seat
        self.turn_number += 1
        self.clear_turn()

    POSITION_SHAPE = positions.SHAPE  # every field's type, checked before setup_position

    def setup_position(self, position: dict) -> None:
        positions.setup_position(self, position)

    def position(self) -> dict:
        return positions.position(self)

    def restore_copy(self, other: "MatchMaker") -> None:
        self.layout = other.layout  # fixed by the options, never changed
        super().restore_copy(other)

    # ---- whose decision, and what it may be --------------------------------------------------
    @property
    def over(self) -> bool:
        return self.finished

    @property
    def to_move(self):
        if self.finished:
            return None
        if self.stage == "cancel":
            return self.offers[0]  # MX-A12: the non-turn player being offered the attempt
        return self.turn_player

    def faces(self) -> list:
        """The first and second card opened this turn (face up)."""
        return [self.stacks[loc][-1] for loc in self.opened]

    # The moves worth asking the rules about at each stage; the predicates decide.
    _CANDIDATES = {"match": ("couple", "ex"), "mate": ("draw_mate", "skip_mate"),
                   "mismatch": ("draw_change", "decline_change"),
                   "cancel": ("attempt_cancel", "decline_cancel")}

    def actions_for(self, seat: int) -> list:
        if self.finished or seat != self.to_move:
            return []
        stage = self.stage
        if stage in ("start", "second"):
            actions = []
            if stage == "start" and rules.mate_draw_refusal(self) is None:
                actions.append({"type": "draw_mate", "seat": seat})
            for row, col in self.layout.locations:
                if rules.open_refusal(self, (row, col)) is None:
                    actions.append({"type": "open", "stack": [row, col], "seat": seat})
            return actions
        if stage == "replace":
            return [{"type": "replace", "target": target, "with": code, "seat": seat}
                    for target in PC for code in PERSONS
                    if rules.replace_refusal(self, target, code) is None]
        return [{"type": kind, "seat": seat} for kind in self._CANDIDATES.get(stage, ())
                if rules.move_refusal(self, {"type": kind}) is None]

    def why_illegal(self, action: dict) -> IllegalAction:
        refusal = rules.move_refusal(self, action)
        if refusal is None:  # only a rule missing from actions_for could get here
            return IllegalAction("That move is not allowed now.")
        return refusal.error()

    def apply(self, action) -> None:
        """Validate and apply one action. ``time_up`` is the clock's, not a player's choice, so
        it is accepted without being a legal action, but only with the time_limit option."""
        if isinstance(action, dict) and action.get("type") == "time_up":
            action = self.normalize(action)
            if self.over:
                raise IllegalAction("The game is over.")
            if self.options["time_limit"] is None:
                raise IllegalAction("This game has no time limit, so time cannot run out"
                                    ".", "end.3")
            self.perform(action)
            self.actions.append(action)
            return
        super().apply(action)

    # ---- doing a move -------------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        kind, seat = action["type"], action["seat"]
        if kind == "open":
            self.open(seat, self.layout.index[tuple(action["stack"])])
        elif kind == "draw_mate":
            self.draw_mate(seat)
        elif kind == "skip_mate":
            self.resolve_couple(seat)
        elif kind == "couple":
            self.couple(seat)
        elif kind == "ex":
            self.take_ex(seat)
        elif kind == "draw_change":
            self.draw_change(seat)
        elif kind == "decline_change":
            self.say("declined_change", seat)
            self.end_turn(seat)
        elif kind == "attempt_cancel":
            self.attempt_cancel(seat)
        elif kind == "decline_cancel":
            self.decline_cancel(seat)
        elif kind == "replace":
            self.replace(seat, action["target"], action["with"])
        else:  # time_up
            self.say("time_up", seat)
            self.wrap_up_turn(self.turn_player, attempted=False)  # the turn is cut short
            self.finish("time_up")

    def open(self, seat: int, loc: int) -> None:
        self.opened.append(loc)
        card = self.stacks[loc][-1]
        self.seen[loc] = self.turn_number  # MX-A3: every opened card is shown to everyone
        where = {}
        if self.options["open_grid"]:  # beginners see the whole grid anyway (MX-A20)
            where = dict(zip(("row", "col"), self.layout.locations[loc], strict=True))
        self.say("opened", seat, card=card, pc=len(self.opened), **where)
        if len(self.opened) == 1:
            self.stage = "second"
        else:
            self.judge_pair(seat)

    def judge_pair(self, seat: int) -> None:
        first, second = self.faces()
        if is_match(first, second):  # MX-A2
            self.say("matched", seat, a=first, b=second)
            self.stage = "match"
            if rules.collect_refusal(self, "ex") is not None:
                self.say("committed", seat)  # MX-A6: a pre-drawn mate card leaves no choice
                self.couple(seat)
            return
        if self.change_card is not None:  # the replacement did not make a match (MX-A10)
            self.say("no_match", seat, a=first, b=second, again=True)
            self.end_turn(seat)
            return
        self.say("no_match", seat, a=first, b=second, again=False)
        self.stage = "mismatch"  # MX-A7
        if rules.change_draw_refusal(self, "draw_change") is not None:
            self.end_turn(seat)  # MX-A22: nothing to draw, so nothing to decide

    def draw_mate(self, seat: int) -> None:
        card = self.mate_pile.pop(0)
        self.mate_known = min(self.mate_known, len(self.mate_pile))
        self.mate_drawn.append(card)
        if self.stage == "start":
            self.predrawn += 1
            self.say("drew_mate", seat, card=card, before=True)
            return
        self.postdrawn += 1
        self.say("drew_mate", seat, card=card, before=False)
        if rules.postdraw_refusal(self) is not None:
            self.resolve_couple(seat)

    def couple(self, seat: int) -> None:
        if rules.postdraw_refusal(self) is None:
            self.stage = "mate"  # MX-A5: the optional draw is offered with a Couple
        else:
            self.resolve_couple(seat)

    def resolve_couple(self, seat: int) -> None:
        first, second = self.opened
        drawn = self.mate_drawn
        soulmates, deathmates = drawn.count(SOULMATE), drawn.count(DEATHMATE)
        knowingly = DEATHMATE in drawn[:self.predrawn]
        self.couples[seat].extend(drawn)  # match.5-6: markers to remember the points
        self.mate_drawn = []
        if deathmates > soulmates:
            # match.6 / MX-A5: the first card to the Discard pile, the second back face down.
            card = self.stacks[first].pop()
            self.seen[first] = None
            self.discard.append(card)
            lost = rules.MATE_POINTS * (deathmates - soulmates)
            self.say("deathmate", seat, card=card, points=lost)
        else:
            a, b = self.stacks[first].pop(), self.stacks[second].pop()
            self.seen[first] = self.seen[second] = None
            self.couples[seat].extend([a, b])
            self.collected = True
            self.say("couple", seat, a=a, b=b, bonus=rules.MATE_POINTS * (soulmates - deathmates))
        for event in rules.mate_events(soulmates, deathmates, knowingly):
            self.event(seat, event)
        self.opened = []
        self.end_turn(seat, matched=True)

    def event(self, seat: int, event: str) -> None:
        self.events.append({"event": event, "seat": seat, "turn": self.turn_number})
        self.say("event", seat, event=event)

    def take_ex(self, seat: int) -> None:
        first, second = self.opened
        card = self.stacks[second].pop()  # match.1: the second card to the Exes pile
        self.seen[second] = None
        self.exes[seat].append(card)
        self.collected = True
        self.say("ex", seat, card=card, kept=self.stacks[first][-1])
        self.opened = []
        self.end_turn(seat, matched=True)

    def draw_change(self, seat: int) -> None:
        card = self.change_pile.pop(0)
        self.change_known = min(self.change_known, len(self.change_pile))
        self.change_card = card
        self.say("drew_change", seat, card=card)
        # MX-A12: OC always, SC and T only with two decks; an attempt needs a card to open.
        cancellable = card == rules.OC or self.options["decks"] > 1
        if cancellable and self.change_pile:
            self.offers = [(seat + step) % self.players for step in range(1, self.players)]
            self.stage = "cancel"
            return
        self.use_change(seat)

    def decline_cancel(self, seat: int) -> None:
        self.offers.pop(0)
        self.say("declined_cancel", seat)
        if not self.offers:
            self.use_change(self.turn_player)

    def attempt_cancel(self, seat: int) -> None:
        self.offers = []
        turn_player, card = self.turn_player, self.change_card
        opened = self.change_pile.pop(0)
        self.change_known = min(self.change_known, len(self.change_pile))
        self.say("cancel_attempt", seat, change=card, opened=opened)
        if opened == card:
            self.discard.extend([card, opened])  # cancel.3: both cards are discarded
            self.change_card = None
            self.say("cancelled", seat, change=card, turn_player=turn_player)
            self.end_turn(turn_player)
            return
        self.change_pile.append(opened)  # cancel.3: face down to the bottom, seen by all
        self.change_known += 1
        self.say("cancel_failed", seat, opened=opened, turn_player=turn_player)
        self.use_change(turn_player)

    def use_change(self, seat: int) -> None:
        card = self.change_card
        self.offers = []
        self.stage = "replace"
        self.discard.append(card)  # mismatch.2, mismatch.6, mismatch.9: discard it first
        if card == rules.TIME:
            self.say("extra_turn", seat)
            self.end_turn(seat, extra=True)
            return
        if not self.actions_for(seat):
            self.say("no_replacement", seat, change=card)
            self.end_turn(seat)

    def replace(self, seat: int, target: str, code: str) -> None:
        loc = self.opened[PC.index(target)]
        old = self.stacks[loc].pop()
        self.discard.append(old)  # MX-A10: face up to the Discard pile
        self.change_to_person.remove(code)
        self.stacks[loc].append(code)
        self.seen[loc] = self.turn_number
        self.say("replaced", seat, pc=PC.index(target) + 1, old=old, new=code)
        self.judge_pair(seat)  # MX-A10 step 4: the pair is evaluated again

    # ---- the end of a turn ------------------------------------------------------------------
    def wrap_up_turn(self, seat: int, attempted: bool) -> None:
        """Put the turn's cards away: open cards face down, a change card still in play to the
        Discard pile, unused pre-drawn mate cards where predraw_unused says (MX-A6)."""
        if self.stage == "cancel" and self.change_card is not None:
            self.discard.append(self.change_card)
        self.change_card = None
        self.opened = []
        if self.mate_drawn:
            unused, self.mate_drawn = self.mate_drawn, []
            bottom = self.options["predraw_unused"] == "bottom_of_pile"
            if bottom:
                self.mate_pile.extend(unused)
                self.mate_known += len(unused)  # everyone saw them drawn
            else:
                self.discard.extend(unused)
            self.say("set_aside", seat, cards=unused, bottom=bottom)
            if DEATHMATE in unused and attempted:
                self.event(seat, "attempted_suicide")  # events.6 / MX-A6

    def end_turn(self, seat: int, extra: bool = False, matched: bool = False) -> None:
        # A turn that ends on a match used (or set aside) its mate cards; one without a match
        # that began with a pre-drawn Deathmate was an attempted suicide (events.6).
        self.wrap_up_turn(seat, attempted=not matched)
        self.stall = 0 if self.collected else self.stall + 1
        reason = rules.end_reason(self.stacks, self.change_pile, self.change_to_person,
                                  self.options["sex_change_rule"])
        stall_turns = self.options["stall_turns"]
        if reason is None and stall_turns is not None:
            if self.stall >= (2 if stall_turns == "2x_players" else 10) * self.players:
                reason = "stalled"
        if matched and self.options["match_grants_extra_turn"]:
            extra = True  # MX-A21 option
        following = seat if extra else (seat + 1) % self.players
        if reason is None and not extra and following == (self.dealer + 1) % self.players:
            # A round is one turn for every player; it ends when the turn comes back round.
            if self.options["max_rounds"] is not None and \
                    self.round_number >= self.options["max_rounds"]:
                reason = "max_rounds"
            else:
                self.round_number += 1
        if reason is not None:
            self.finish(reason)
            return
        self.begin_turn(following)

    def finish(self, reason: str) -> None:
        self.clear_turn()
        self.finished = True
        self.end_reason = reason
        self.stage = "over"
        self.say("game_over", reason=reason)
        self.say("scores", scores=self.scores())
        titles = self.titles()
        for key in ("match_maker", "the_player"):
            if titles[key]:
                self.say("title", title=key, seats=titles[key])
        if titles["grand_master"] is not None:
            self.say("grand_master", titles["grand_master"])

    # ---- scores and titles ------------------------------------------------------------------
    def person_cards(self, seat: int) -> int:
        return sum(1 for c in self.couples[seat] if c in rules.SEX) + len(self.exes[seat])

    def points(self, seat: int) -> int:
        """MX-A14: person cards + 3 per Soulmate - 3 per Deathmate."""
        pile = self.couples[seat]
        return (self.person_cards(seat)
                + rules.MATE_POINTS * (pile.count(SOULMATE) - pile.count(DEATHMATE)))

    def scores(self) -> list:
        if self.options["winner_by"] == "person_cards":
            return [self.person_cards(s) for s in range(self.players)]
        return [self.points(s) for s in range(self.players)]

    def couple_counts(self) -> list:
        return [sum(1 for c in pile if c in rules.SEX) // 2 for pile in self.couples]

    def titles(self) -> dict:
        return rules.titles(self.couple_counts(), [len(pile) for pile in self.exes])

    def result(self):
        if not self.finished:
            return None
        scores = self.scores()
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        tie = len(winners) > 1
        return {
            "scores": scores,
            "winners": winners,
            "reason": self.end_reason,
            "points": [self.points(s) for s in range(self.players)],
            "person_cards": [self.person_cards(s) for s in range(self.players)],
            "couples": self.couple_counts(),
            "exes": [len(pile) for pile in self.exes],
            "soulmates": [pile.count(SOULMATE) for pile in self.couples],
            "deathmates": [pile.count(DEATHMATE) for pile in self.couples],
            "titles": self.titles(),
            "events": [dict(e) for e in self.events],
            "tie": tie,
            # MX-A15 option: the tie is undecided, the tied players play again.
            "rematch": winners if tie and self.options["tie_rule"] == "rematch" else None,
            "left_on_grid": sorted(c for stack in self.stacks for c in stack),
        }

    # ---- what each seat sees ---------------------------------------------------------------
    def table_view(self, seat) -> dict:
        """What ``seat`` (None: a spectator) may see, JSON-safe.

        Face-down cards carry no identity: a grid location shows its ``depth``; its ``face``
        only while its top card is open this turn, in beginner mode (MX-A20) or once the game
        is over (the grid is revealed so the players can check it), when ``cards`` lists the
        whole stack bottom..top. ``seen`` is what every player saw of the top card: ``{"card",
        "turn"}`` of the turn it was last shown (MX-A3: opened cards are shown to everyone),
        or None; a player's memory, which the bots use. The chance piles show counts; the
        Change-To-Person pile shows ``cards`` only to the turn player choosing a replacement
        (MX-A10), in beginner mode and at the end. ``decision`` names the pending decision
        (a cancellation offer goes to a non-turn player, MX-A12); ``piles`` holds each seat's
        Couples and Exes piles (face up) and points.
        """
        reveal = self.options["open_grid"] or self.finished
        searching = self.stage == "replace" and seat == self.turn_player
        pcs = [{"row": self.layout.locations[loc][0], "col": self.layout.locations[loc][1],
                "card": self.stacks[loc][-1]} for loc in self.opened]
        couples = self.couple_counts()
        decision = None
        if not self.finished:
            decision = {"stage": self.stage, "seat": self.to_move,
                        "turn_player": self.turn_player, "card": self.change_card,
                        "offered_after": list(self.offers[1:])}
        return {
            "pending": self.pending,
            "dealer": self.dealer,
            "turn_player": None if self.finished else self.turn_player,
            "turn": self.turn_number,
            "round": self.round_number,
            "stage": self.stage,
            "decision": decision,
            "grid": self.grid_view(reveal),
            "grid_rows": self.layout.rows,
            "grid_cols": self.layout.cols,
            "pc1": pcs[0] if pcs else None,
            "pc2": pcs[1] if len(pcs) > 1 else None,
            "match": is_match(*self.faces()) if len(self.opened) == 2 else None,
            "change_to_person": {"count": len(self.change_to_person),
                                 "cards": sorted(self.change_to_person, key=PERSONS.index)
                                 if reveal or searching else None},
            "mate_pile": {"count": len(self.mate_pile)},
            "change_pile": {"count": len(self.change_pile)},
            "discard": list(self.discard),
            "mate_drawn": list(self.mate_drawn),
            "predrawn": self.predrawn,
            "change_card": self.change_card,
            "piles": [{"seat": s, "couples": list(self.couples[s]), "exes": list(self.exes[s]),
                       "couples_count": couples[s], "exes_count": len(self.exes[s]),
                       "person_cards": self.person_cards(s), "points": self.points(s)}
                      for s in range(self.players)],
            "scores": self.scores(),
            "events": [dict(e) for e in self.events],
            "result": self.result(),
        }

    def grid_view(self, reveal: bool) -> list:
        """Each location as every seat sees it (see ``table_view``)."""
        opened = {loc: PC[i] for i, loc in enumerate(self.opened)}
        grid = []
        for loc, stack in enumerate(self.stacks):
            row, col = self.layout.locations[loc]
            shown = bool(stack) and (loc in opened or reveal)
            seen = self.seen[loc]
            grid.append({"row": row, "col": col, "depth": len(stack),
                         "face": stack[-1] if shown else None, "open": opened.get(loc),
                         "cards": list(stack) if reveal else None,
                         "seen": None if seen is None else {"card": stack[-1], "turn": seen}})
        return grid

    # ---- where every card is, and who may see it --------------------------------------------
    def card_locations(self) -> dict:
        """Every physical card's place: ``grid:<row>,<col>:<level>`` (level 1 at the bottom),
        ``change_to_person``, ``mate_pile`` and ``change_pile`` (with ``:seen``, the cards at
        their bottom everyone saw), ``discard``, ``couples:<seat>``, ``exes:<seat>`` and
        ``in_play`` (mate cards drawn this turn, a change card offered for cancellation)."""
        places = {}
        for loc, stack in enumerate(self.stacks):
            row, col = self.layout.locations[loc]
            for level, card in enumerate(stack):
                places[f"grid:{row},{col}:{level + 1}"] = [card]
        places["change_to_person"] = list(self.change_to_person)
        for name, pile, known in (("mate_pile", self.mate_pile, self.mate_known),
                                  ("change_pile", self.change_pile, self.change_known)):
            places[name] = pile[:len(pile) - known]
            places[name + ":seen"] = pile[len(pile) - known:]
        places["discard"] = list(self.discard)
        for seat in range(self.players):
            places[f"couples:{seat}"] = list(self.couples[seat])
            places[f"exes:{seat}"] = list(self.exes[seat])
        in_play = list(self.mate_drawn)
        if self.change_card is not None and self.stage == "cancel":
            in_play.append(self.change_card)
        places["in_play"] = in_play
        return places

    def hidden_places(self, seat) -> list:
        """The places whose cards ``seat`` has never seen: every face-down grid card nobody
        has opened (none in beginner mode or once the game is over), the Change-To-Person
        pile unless ``seat`` is searching it, and the unseen part of the chance piles."""
        places = []
        if not (self.options["open_grid"] or self.finished):
            for loc, stack in enumerate(self.stacks):
                row, col = self.layout.locations[loc]
                known_top = self.seen[loc] is not None
                places += [f"grid:{row},{col}:{level + 1}"
                           for level in range(len(stack) - known_top)]
            if not (self.stage == "replace" and seat == self.turn_player):
                places.append("change_to_person")
        return places + ["mate_pile", "change_pile"]

    def full_deck(self) -> list:
        """Every card of this game's deck (the options' counts), for conservation checks."""
        return self.layout.deck()
