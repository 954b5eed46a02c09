"""Matchmaster's fast path: one round on small integers, for the search bot's playouts.

A playout plays thousands of cards for every card a player sees, so it runs here, not on
the game: no log, no action dicts, no refusals to word, no copies of the score sheet. A card
is its index in ``rules.DECK`` (colour-major, ranks 1 to 13), so ``card // 13`` is its colour
and, within a colour, a higher index is a higher rank. A hand is four lists, one per colour,
each ascending, so following the colour led is one list and the trumps another.

What may be played is the rules' own (``rules.Duty``): ``legal`` restates them over these
lists (follow the colour led; else a trump when one is owed, the trump to beat beaten if you
can, MS-A5 and MS-A6, with both options). ``tests/test_matchmaster_fast.py`` checks it
against ``legal_cards`` (rules.py) at every turn of seeded games under every option, and the basic
policy here against ``basic_card`` (bots.py), so the two cannot drift apart unseen.
"""

from .bots import basic_bid
from .rules import COLOURS, DECK, TRUMP, hooked_bid, legal_bids, score_hand

INDEX = {code: index for index, code in enumerate(DECK)}
T = COLOURS.index(TRUMP)
TRUMP_LOW = T * 13
# The basic bots' order of strength (bots._strength): any trump above any other colour.
STRENGTH = tuple(index % 13 + (13 if index // 13 == T else 0) for index in range(52))
# Leading low while at the bid (bots.basic_card): a plain colour first, then by rank.
LOW_LEAD = tuple((index // 13 == T) * 13 + index % 13 for index in range(52))


class Round:
    """One round in play: the hands, the bids, the trick; ``points()`` once it is over."""

    __slots__ = ("players", "dealer", "cards", "hands", "bids", "won", "leader", "trick",
                 "lead", "best_seat", "best", "top_trump", "left", "previous_card",
                 "undertrump", "hook", "above", "bid_memo")

    @classmethod
    def from_game(cls, game) -> "Round":
        """The round ``game`` (a Matchmaster in its bid or play stage) is in."""
        return cls.build(game.players, game.dealer, game.cards_this_round, game.options,
                         game.hands, game.bids, game.tricks_won, game.leader, game.trick)

    @classmethod
    def build(cls, players: int, dealer: int, cards: int, options: dict, hands, bids, won,
              leader: int, trick) -> "Round":
        """A round from its parts (card codes; ``trick``: ``(seat, card)`` pairs so far)."""
        self = cls.__new__(cls)
        self.players, self.dealer, self.cards = players, dealer, cards
        self.previous_card = options["overtrump_reference"] == "previous_card"
        self.undertrump = options["must_undertrump"]
        self.hook = options["dealer_hook"]
        self.above = options["allow_bid_above_hand"]
        self.hands = []
        for hand in hands:
            split = [[], [], [], []]
            for index in sorted(INDEX[card] for card in hand):
                split[index // 13].append(index)
            self.hands.append(split)
        self.bids, self.won, self.leader = list(bids), list(won), leader
        # the basic bids of this deal's hands, shared by every copy: a bid decision plays each
        # candidate bid from the same world, and the others' hands are the same in all of them
        self.bid_memo = {}
        self.trick, self.lead, self.best_seat, self.best, self.top_trump = [], None, None, -1, -1
        self.left = sum(len(hand) for hand in hands)
        for seat, card in trick:
            self.left += 1  # _add counts the card out again
            self._add(seat, INDEX[card])
        return self

    def copy(self) -> "Round":
        twin = Round.__new__(Round)
        twin.players, twin.dealer, twin.cards = self.players, self.dealer, self.cards
        twin.previous_card, twin.undertrump = self.previous_card, self.undertrump
        twin.hook, twin.above, twin.bid_memo = self.hook, self.above, self.bid_memo
        twin.hands = [[cards[:] for cards in hand] for hand in self.hands]
        twin.bids, twin.won, twin.leader = self.bids[:], self.won[:], self.leader
        twin.trick, twin.lead, twin.best_seat = self.trick[:], self.lead, self.best_seat
        twin.best, twin.top_trump, twin.left = self.best, self.top_trump, self.left
        return twin

    # ---- bids --------------------------------------------------------------------------------
    def bidding(self) -> list:
        """The seats still to bid, in the order the game asks them (the dealer last)."""
        players, start = self.players, (self.dealer + 1) % self.players
        return [(start + i) % players for i in range(players)
                if self.bids[(start + i) % players] is None]

    def legal_bids(self, seat: int) -> tuple:
        """The rules' own (legal_bids in rules.py, with the dealer hook of MS-A3)."""
        return legal_bids(self.cards, self.above,
                          hooked_bid(seat, self.dealer, self.bids, self.cards, self.hook))

    # ---- cards -------------------------------------------------------------------------------
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def legal(self, seat: int) -> list:
        """The cards ``seat`` may play to the trick now (rules.Duty, restated on lists)."""
        hand = self.hands[seat]
        lead = self.lead
        if lead is None:
            return hand[0] + hand[1] + hand[2] + hand[3]
        if lead != T and hand[lead]:
            return hand[lead]  # during.follow
        trumps = hand[T]
        if not trumps:
            return hand[0] + hand[1] + hand[2] + hand[3]
        if lead == T:  # MS-A5: a trump, above the trump to beat if you can
            to_beat = self.trick[-1][1] if (self.previous_card
                                           and self.trick[-1][1] // 13 == T) else self.top_trump
            higher = [card for card in trumps if card > to_beat]
            return higher or trumps
        if self.top_trump < 0:  # MS-A6: void, no trump in yet: play a trump
            return trumps
        higher = [card for card in trumps if card > self.top_trump]
        if higher:  # MS-A6: beat the highest trump if you can
            return higher
        if self.undertrump:  # option must_undertrump: still a trump
            return trumps
        return hand[0] + hand[1] + hand[2] + hand[3]

    def play(self, seat: int, card: int) -> None:
        """Trusted: one of ``legal(seat)``."""
        self.hands[seat][card // 13].remove(card)
        self._add(seat, card)

    def _add(self, seat: int, card: int) -> None:
        trick = self.trick
        trick.append((seat, card))
        self.left -= 1
        best = self.best
        colour = card // 13
        if best < 0:
            self.lead, self.best_seat, self.best = colour, seat, card
        elif (card > best and colour == best // 13) or (colour == T and best // 13 != T):
            self.best_seat, self.best = seat, card  # MS-A4
        if colour == T and card > self.top_trump:
            self.top_trump = card
        if len(trick) == self.players:
            winner = self.best_seat
            self.won[winner] += 1
            self.leader, self.trick, self.lead, self.best, self.top_trump = winner, [], None, -1, -1

    @property
    def over(self) -> bool:
        return self.left == 0 and not self.trick

    def points(self) -> list:
        """The round's points per seat (MS-A7), once every trick is won."""
        return [score_hand(bid, won) for bid, won in zip(self.bids, self.won, strict=True)]

    # ---- playouts ----------------------------------------------------------------------------
    def play_basic(self) -> None:
        """Play the round out with the basic bot's bids and cards for every seat."""
        memo = self.bid_memo
        for seat in self.bidding():
            bids = self.legal_bids(seat)  # the dealer's may depend on the others' (MS-A3)
            bid = memo.get((seat, bids))
            if bid is None:
                hand = [DECK[card] for cards in self.hands[seat] for card in cards]
                bid = memo[(seat, bids)] = basic_bid(hand, self.players, bids)
            self.bids[seat] = bid
        players = self.players
        while self.left:
            seat = (self.leader + len(self.trick)) % players
            self.play(seat, basic_card(self, seat, self.legal(seat)))

    def play_random(self, random) -> None:
        """Play the round out with uniformly random bids and cards; ``random()`` in [0, 1)."""
        choices = None if self.hook else self.legal_bids(self.dealer)  # the same for all
        for seat in self.bidding():
            bids = choices or self.legal_bids(seat)
            self.bids[seat] = bids[int(random() * len(bids))]
        players, hands, legal, add = self.players, self.hands, self.legal, self._add
        for _ in range(self.left):
            seat = (self.leader + len(self.trick)) % players
            cards = legal(seat)
            card = cards[int(random() * len(cards))]
            hands[seat][card // 13].remove(card)
            add(seat, card)

def basic_card(game: Round, seat: int, cards: list, strength=STRENGTH) -> int:
    """basic_card of bots.py on this round: short of the bid, try to win the trick; at or past it,
    duck with the most dangerous card that still loses. Ties go to the first card in hand
    order, as there."""
    need = game.bids[seat] - game.won[seat]
    if len(cards) == 1:
        return cards[0]
    if game.lead is None:
        if need > 0:
            return max(cards, key=strength.__getitem__)
        return min(cards, key=LOW_LEAD.__getitem__)
    best = game.best
    best_colour = best // 13
    if best_colour == T:
        winning = [card for card in cards if card > best and card // 13 == T]
    else:
        winning = [card for card in cards if card // 13 == T
                   or (card // 13 == best_colour and card > best)]
    if need > 0:
        if winning:
            last = len(game.trick) == game.players - 1
            return (min if last else max)(winning, key=strength.__getitem__)
        return min(cards, key=strength.__getitem__)
    if len(winning) < len(cards):
        losing = [card for card in cards if card not in winning] if winning else cards
        return max(losing, key=strength.__getitem__)
    return max(winning, key=strength.__getitem__)
