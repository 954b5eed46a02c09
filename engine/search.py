"""Search bots for every game, written once: determinized Monte Carlo over sampled worlds.

A search bot decides from what its seat sees, ``view`` and ``legal_actions``, never from the
game. Each game's package supplies a small adapter (its ``search.py``) that knows only what
is its own; the rest is here:

1. **What is hidden.** ``adapter.hidden(view)`` returns the cards the seat cannot see and the
   hidden places they lie in: ``Slot``\\ s, each a name, how many cards it holds, the cards it
   certainly holds (a card you passed to your partner) and the cards it cannot hold (a colour
   a player failed to follow, a trump higher than one they were made to beat).
2. **A consistent deal.** ``deal_hidden`` deals the unseen cards into the slots with the bot's
   own ``SeededRng``, every constraint kept (a randomized deal, retried, then an exact
   matching; never an endless loop). Where what the others did makes some deals likelier
   (a bid), the adapter's ``likelihood`` weighs them: a deal is kept with that probability,
   for a few tries (rejection sampling, bounded).
3. **A world.** ``adapter.world(view, dealt, rng)`` writes a scenario in the game's own
   ``position.py`` format from the view and that deal, and ``engine.from_scenario`` builds it
   like any scenario, so a world the rules could not reach is refused, never played.
4. **Playouts.** Each candidate action is tried in each world (``adapter.playout``): by
   default a quiet copy (``Game.copy(quiet=True)``: no log), the action, then the game's
   rollout policy through the fast path (``moves``/``play_move``) until the adapter's horizon
   (the end of the round, a few turns), scored by the adapter's value for the seat or its
   team. A game may play out on a lighter state of its own (``adapter.prepare``: Matchmaster
   plays a round on integers, ``matchmaster/fast.py``).
5. **The choice.** Every candidate meets the same deals, so luck of the deal cancels out of
   their comparison. Successive halving: after each stage the weaker half of the candidates
   is dropped, and the next stage's worlds go to the close ones. The best mean wins if it
   beats the game's rule-of-thumb move (its basic bot's, always kept in the race) by more
   than ``CONFIDENCE`` standard errors of their paired differences; otherwise the rule of
   thumb's move is played: where a game's outcome is mostly luck and the budget small, a
   noisy search would do worse than the rule it could not beat.

Why determinized (perfect-information Monte Carlo over sampled worlds) and not SO-ISMCTS:
within the 500 ms a browser decision may take, Pyodide plays a few hundred playouts of a
round, too few for a tree below the root to learn anything, while flat sampling with a good
rollout policy (each game's basic bot on the world's state) turns every playout into a
comparison at the root. Strategy fusion, PIMC's known flaw, is kept small because the
rollout policies use only what a player would know (their own hand, the table, the memory of
opened cards), never the world's hidden cards.

Budgets are counted in playouts (worlds × candidates), never in time, so a game or an arena
study plays the same moves on any machine. The same seed gives the same decision, whatever
Python's global ``random`` does: every draw comes from the bot's ``SeededRng``.
"""

import math

from .bots import Bot
from .errors import IllegalAction
from .rng import SeededRng
from .scenario import from_scenario

DEAL_TRIES = 12  # randomized deals tried before the exact matching
WORLD_TRIES = 4  # deals tried for one world before doing with fewer worlds
LIKELY_TRIES = 8  # deals weighed by the adapter's likelihood before taking the last one
# How sure the search must be, in standard errors of the paired differences, before it plays
# something other than the rule of thumb's move.
CONFIDENCE = 1.0


class Slot:
    """A hidden place: ``size`` cards in all, of which ``known`` are certain; ``banned``: the
    unseen cards it cannot hold."""

    __slots__ = ("name", "size", "known", "banned")

    def __init__(self, name, size: int, known=(), banned=()):
        self.name = name
        self.size = size
        self.known = list(known)
        self.banned = frozenset(banned)

    def __repr__(self) -> str:
        return f"Slot({self.name!r}, {self.size}, known={self.known}, banned={len(self.banned)})"


def deal_hidden(unseen, slots, rng: SeededRng) -> dict:
    """``{slot name: cards}``: the ``unseen`` cards dealt into ``slots`` so that every slot
    gets its size, its known cards and none of its banned ones (``Dealer``, once)."""
    return Dealer(unseen, slots).deal(rng)


class Dealer:
    """Deals the ``unseen`` cards into ``slots`` again and again (a decision deals many
    worlds), with what does not change between deals worked out once.

    Unconstrained slots are a plain shuffle. With constraints, a randomized deal places the
    most constrained cards first, each into an allowed slot with room (weighted by the room
    left), tried ``DEAL_TRIES`` times; then an exact matching (augmenting paths) finds a
    consistent deal whenever one exists. If none exists (constraints that contradict each
    other, e.g. inferred from a position set up by hand), the bans are dropped and the cards
    dealt freely: the least constrained deal, rather than no decision at all."""

    def __init__(self, unseen, slots):
        self.cards = list(unseen)
        self.slots = slots
        self.room = [slot.size - len(slot.known) for slot in slots]
        if min(self.room, default=0) < 0 or sum(self.room) != len(self.cards):
            raise ValueError(f"{len(self.cards)} unseen cards do not fill the hidden slots"
                             f" {slots}")
        self.allowed = None
        if any(slot.banned for slot in slots):
            self.allowed = {card: [i for i, slot in enumerate(slots)
                                   if self.room[i] and card not in slot.banned]
                            for card in self.cards}
            roomy = sum(1 for size in self.room if size)
            # the cards every slot with room may take (most unseen cards carry no ban)
            self.free = {card for card, places in self.allowed.items() if len(places) == roomy}

    def deal(self, rng: SeededRng) -> dict:
        cards, room, allowed = list(self.cards), self.room, self.allowed
        rng.shuffle(cards)
        dealt = None
        if allowed is not None:
            for _ in range(DEAL_TRIES):
                dealt = _try_deal(cards, allowed, self.free, room, rng)
                if dealt is not None:
                    break
            else:
                dealt = _match_deal(cards, allowed, room)
        if dealt is None:  # no constraints, or none that any deal can keep
            dealt, start = [], 0
            for size in room:
                dealt.append(cards[start:start + size])
                start += size
        return {slot.name: slot.known + hand
                for slot, hand in zip(self.slots, dealt, strict=True)}


def _try_deal(cards, allowed, free, room, rng):
    """One randomized deal (Dealer.deal's), or None when it paints itself into a corner. A card
    in ``free`` (every slot with room may take it) is placed without listing the slots or
    summing their room: the same draws, at a fraction of the cost."""
    left = list(room)
    hands = [[] for _ in room]
    everywhere = range(len(room))
    total = sum(room)  # room left in all slots
    open_slots = sum(1 for size in room if size)  # slots with room left
    # Most constrained first; the shuffle decides among equals (sorted is stable).
    for card in sorted(cards, key=lambda card: len(allowed[card])):
        if card in free:
            options, single = everywhere, open_slots == 1
        else:
            options = [i for i in allowed[card] if left[i]]
            if not options:
                return None
            single = len(options) == 1
        if single:
            i = next(i for i in options if left[i])
        else:  # weighted by the room left
            pick = rng.randbelow(total if card in free else sum(left[i] for i in options))
            for i in options:
                pick -= left[i]
                if pick < 0:
                    break
        hands[i].append(card)
        left[i] -= 1
        total -= 1
        if not left[i]:
            open_slots -= 1
    return hands


def _match_deal(cards, allowed, room):
    """A consistent deal by bipartite matching of cards to places (Kuhn's augmenting paths),
    or None when there is none."""
    places = [i for i, size in enumerate(room) for _ in range(size)]
    places_of = {card: [p for p, i in enumerate(places) if i in allowed[card]]
                 for card in cards}
    holder = [None] * len(places)

    def place(card, visited) -> bool:
        for p in places_of[card]:
            if p not in visited:
                visited.add(p)
                if holder[p] is None or place(holder[p], visited):
                    holder[p] = card
                    return True
        return False

    for card in cards:
        if not place(card, set()):
            return None
    hands = [[] for _ in room]
    for p, card in enumerate(holder):
        hands[places[p]].append(card)
    return hands


def ruled_out(candidates, played, legal_from) -> set:
    """The ``candidates`` a seat cannot have held when it played ``played``: the cards whose
    presence would have made that play illegal. ``legal_from(hand)`` asks the game's own rule
    predicates whether ``played`` may be played from ``hand`` at that moment.

    Sound for rules under which holding more cards only adds duties (follow the colour led,
    trump when void, beat the trump to beat): then ``x`` is ruled out exactly when the hand
    ``[played, x]`` already forbids the play. One question first: if even a hand holding
    every candidate allows the play, none is ruled out (most plays follow the colour)."""
    candidates = list(candidates)
    if not candidates or legal_from([played] + candidates):
        return set()
    return {card for card in candidates if not legal_from([played, card])}


class SearchBot(Bot):
    """Determinized Monte Carlo search (see the module docstring) over a game's adapter.

    ``budget``: playouts per decision (worlds × candidates, summed over the halving stages).
    A decision with one candidate costs nothing. ``refused_worlds`` counts sampled worlds the
    engine refused: an adapter bug, which the tests require to stay at 0 (the bot then plays
    on the worlds it has, or the adapter's fallback move when it has none).
    ``rejected_worlds`` counts worlds whose legal actions for the seat differ from the real
    ones, dealt again: a deal that contradicts something the seat saw (in the Match-Maker,
    a grid where no match is left would have ended the game)."""

    name = "strong"

    def __init__(self, adapter, rng: SeededRng | None = None, budget: int = 240,
                 confidence: float = CONFIDENCE):
        self.adapter = adapter
        self.rng = rng or SeededRng(0)
        self.budget = budget
        self.confidence = confidence
        self.refused_worlds = 0
        self.rejected_worlds = 0
        self.unlikely_deals = 0
        self.playouts = 0  # in all decisions, for benchmarks

    def choose(self, view: dict, legal_actions: list) -> dict:
        adapter = self.adapter
        candidates = adapter.candidates(view, legal_actions)
        if len(candidates) == 1:
            return candidates[0]
        seat = view["seat"]
        dealer = Dealer(*adapter.hidden(view))
        # The rule of thumb's move is searched too and never dropped: the search must show
        # it is beaten before playing anything else.
        default = adapter.fallback(view, legal_actions, self.rng)
        pinned = next((i for i, action in enumerate(candidates) if action == default), None)
        survivors = list(range(len(candidates)))
        values = [[] for _ in candidates]  # per candidate, its value in each world it met
        stages = max(1, math.ceil(math.log2(len(candidates))))
        per_stage = max(len(candidates), self.budget // stages)
        for stage in range(stages):
            for _ in range(max(1, per_stage // len(survivors))):
                start = self._start(view, dealer, legal_actions, seat)
                if start is None:
                    continue
                for i in survivors:
                    values[i].append(adapter.playout(start, candidates[i], view, self.rng))
                self.playouts += len(survivors)
            if stage < stages - 1:
                # keep the better half (ties: the earlier candidate, so decisions are stable)
                ranked = sorted(survivors, key=lambda i: (-_mean(values[i]), i))
                kept = ranked[:max(1, (len(survivors) + 1) // 2)]
                if pinned is not None and pinned not in kept:
                    kept.append(pinned)
                survivors = sorted(kept)
        if not values[survivors[0]]:  # no world could be built
            return default
        best = min(survivors, key=lambda i: (-_mean(values[i]), i))
        if pinned is None or best == pinned or _beats(values[best], values[pinned],
                                                      self.confidence):
            return candidates[best]
        return candidates[pinned]

    def _start(self, view, dealer, legal_actions, seat):
        """A world's playout start (``adapter.prepare``'s, or ``adapter.quick_start``'s), or
        None when no deal gave one."""
        adapter = self.adapter
        for _ in range(WORLD_TRIES):
            dealt, rejected = likely_deal(adapter, view, dealer, self.rng)
            self.unlikely_deals += rejected
            start = adapter.quick_start(view, dealt, legal_actions, self.rng)
            if start:
                return start
            if start is None:  # no quick start: the world as a scenario, checked
                try:
                    world = from_scenario(adapter.world(view, dealt, self.rng))
                except IllegalAction:
                    self.refused_worlds += 1
                    continue
                if world.legal_actions(seat) == legal_actions:
                    return adapter.prepare(world)
            # The deal contradicts something the seat saw without a slot saying it (the
            # game would be over with these cards): rejection sampling.
            self.rejected_worlds += 1
        return None


def likely_deal(adapter, view: dict, dealer: Dealer, rng: SeededRng) -> tuple:
    """``(deal, deals rejected)``: a deal of the hidden cards, by rejection on how likely it
    makes what the others did (``adapter.likelihood``, their bids): each deal is kept with
    that probability, for up to ``LIKELY_TRIES`` deals, the last one kept regardless."""
    for rejected in range(LIKELY_TRIES):
        dealt = dealer.deal(rng)
        if rng.randbelow(1 << 20) < adapter.likelihood(view, dealt) * (1 << 20):
            return dealt, rejected
    return dealt, LIKELY_TRIES


def _mean(values) -> float:
    return sum(values) / len(values) if values else float("-inf")


def _beats(best, default, confidence: float) -> bool:
    """Whether ``best`` beats ``default`` over the same worlds by more than ``confidence``
    standard errors of their paired differences (the same deals make the pairs close, so
    a real difference shows with few worlds while luck does not)."""
    diffs = [a - b for a, b in zip(best, default, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean > 0
    spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
    return mean > confidence * spread / n ** 0.5


class Adapter:
    """What a game tells the search (each game's ``search.py`` subclasses it)."""

    def candidates(self, view: dict, legal_actions: list) -> list:
        """The actions worth searching (default: all legal actions)."""
        return legal_actions

    def hidden(self, view: dict) -> tuple:
        """``(unseen cards, [Slot, ...])``: what the seat cannot see, and where it may lie."""
        raise NotImplementedError

    def likelihood(self, view: dict, dealt: dict) -> float:
        """How likely this deal makes what the other players were seen to do, from 0 to 1,
        relative to the likeliest deal (1, the default: every consistent deal alike). A deal
        is kept with this probability, so worlds follow what the table revealed (Matchmaster:
        a player who bid 3 holds a hand worth about 3 tricks)."""
        return 1.0

    def world(self, view: dict, dealt: dict, rng: SeededRng) -> dict:
        """A scenario (the game's position format) from the view and a deal of the hidden
        cards; its ``rng`` field gives the world's own future (draws, later deals)."""
        raise NotImplementedError

    def quick_start(self, view: dict, dealt: dict, legal_actions: list, rng: SeededRng):
        """A playout start built straight from the view and a deal, skipping the scenario and
        its checks, for a game whose worlds are simple enough to build right (Matchmaster's
        round; its tests compare it with ``prepare(from_scenario(world(...)))``). False when
        the deal contradicts the view (the seat's legal actions would differ); None (the
        default): build the world as a scenario."""
        return None

    def prepare(self, world):
        """What each playout from ``world`` starts from (once per world): by default the
        world itself. A game with a faster playout of its own (Matchmaster's ``fast.Round``)
        returns that."""
        return world

    def playout(self, start, action: dict, view: dict, rng: SeededRng) -> float:
        """The value for the deciding seat of ``action`` played in ``start`` (``prepare``'s),
        then the rollout policy until the horizon: by default a quiet copy of the world
        (``Game.copy(quiet=True)``: no log), the action, then ``policy`` through the fast
        path (``moves``/``play_move``) until ``done``, scored by ``value``."""
        sim = start.copy(quiet=True)
        sim.perform(action)
        policy, done = self.policy, self.done
        while not done(sim, view):
            seat = sim.to_move
            sim.play_move(seat, policy(sim, seat, sim.moves(seat), rng))
        return self.value(sim, view)

    def policy(self, world, seat: int, moves: list, rng: SeededRng):
        """The rollout policy: one of ``moves`` for ``seat`` in a world (the game's basic play
        on the world's state, using only what that seat would know)."""
        return moves[rng.randbelow(len(moves))]

    def done(self, world, view: dict) -> bool:
        """Whether a playout stops here (its horizon): by default, the end of the game."""
        return world.over

    def value(self, world, view: dict) -> float:
        """How good the playout's end is for the deciding seat (or its team)."""
        raise NotImplementedError

    def fallback(self, view: dict, legal_actions: list, rng: SeededRng) -> dict:
        """The rule of thumb's move (the game's basic bot): searched like the others, played
        unless the search shows another is better, and when no world could be built."""
        return legal_actions[0]
