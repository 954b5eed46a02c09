"""Matchmaster: predict exactly how many tricks you will take (rules/001, rulings MS-A1..MS-A10).

The state machine: dealing, the secret bids, the tricks, the score sheet, and what each seat
may see. The rules themselves are in ``rules.py``, their sentences in ``rulebook.py``, the
words of the log in ``words.py``.

Seats are numbered clockwise, so "the player to the left of the dealer" is ``dealer + 1``
(the dealer role and the play both pass clockwise).

Actions (every action names its seat, because the bids are simultaneous):

    {"type": "bid", "bid": 2, "seat": 1}
    {"type": "play", "card": "DO9", "seat": 1}
"""

from ...bots import RandomBot, careless
from ...errors import IllegalAction, Refusal
from ...game import Game
from . import position as positions
from .bots import BasicBot
from .rulebook import OPTIONS, RULE_VERSIONS
from .rules import (
    COLOUR_OF,
    DECK,
    HAND_SIZES,
    MATCHES_PER_PLAYER,
    ROUNDS,
    TRUMP,
    CardNames,
    Duty,
    bid_refusal,
    card_refusal,
    hooked_bid,
    legal_bids,
    legal_cards,
    score_hand,
    sort_hand,
    trick_winner,
)
from .search import STRONG_WORDS, StrongBot

NOT_NOW = Refusal(None, "That move is not allowed now.")
BIDS_FIRST = Refusal("play.bid", "Everyone bids first; the cards are played once all bids are"
                                 " revealed.")
BIDS_DONE = Refusal("play.bid", "The bids are already revealed: now play a card.")
NO_SUCH_CARD = ("There is no card {card!r}: cards are DO, LO, DB or LB with a number from 1 to"
                " 13, like DO13 or LB1.")
NOT_HELD = "You do not hold the {card}."


class Matchmaster(Game):
    id = "matchmaster"
    title = "Matchmaster"
    # The lobby's one sentence on what the game is like.
    summary = ("Say how many tricks your hand will take, then take exactly that many: plus "
               "points for a right guess, minus for a wrong one, over 13 rounds.")
    min_players = 2  # MS-A1
    max_players = 7
    default_players = 4
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS
    BOTS = {"basic": BasicBot, "easy": careless(BasicBot), "strong": StrongBot,
            "random": RandomBot}
    BOT_WORDS = {"strong": STRONG_WORDS}
    ACTIONS = {"bid": {"bid": "int"}, "play": {"card": "text"}}
    STATE = ("first_dealer", "round", "stage", "hands", "stock", "played", "trick", "leader",
             "bids", "tricks_won", "last_trick", "score_rows", "carried")

    # ---- dealing -----------------------------------------------------------------------------
    def setup(self) -> None:
        # play.dealer: "closest to the fireplace" has no digital meaning, so the seed decides.
        self.first_dealer = self.rng.randbelow(self.players)
        self.round = 1
        self.carried = [0] * self.players  # points from before this game's first round
        self.score_rows: list[dict] = []  # one row per round scored; never changed once written
        self.deal()

    @property
    def cards_this_round(self) -> int:
        return HAND_SIZES[self.round - 1]

    @property
    def dealer(self) -> int:
        return (self.first_dealer + self.round - 1) % self.players  # passes clockwise

    def deal(self) -> None:
        """Shuffle all 52 cards and deal this round's hand size (rounds.sequence)."""
        deck = list(DECK)
        self.rng.shuffle(deck)
        n = self.cards_this_round
        self.hands = [sort_hand(deck[seat * n:(seat + 1) * n]) for seat in range(self.players)]
        self.stock = sort_hand(deck[self.players * n:])  # undealt, out of play this round
        self.played: list[str] = []  # cards of this round's finished tricks
        self.trick: list[list] = []  # [seat, card] in play order
        self.bids: list = [None] * self.players  # MS-A9: fresh every round
        self.tricks_won = [0] * self.players
        self.leader = (self.dealer + 1) % self.players  # play.lead: left of the dealer
        self.last_trick = None  # [[seat, card]...] won by the leader; reshuffled next round
        self.stage = "bid"
        self.say("deal", self.dealer, round=self.round, cards=n)

    # ---- whose decision ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.stage == "over"

    @property
    def pending(self) -> list:
        if self.stage == "bid":
            players, leader, bids = self.players, self.leader, self.bids
            waiting = [(leader + i) % players for i in range(players)
                       if bids[(leader + i) % players] is None]
            if self.options["dealer_hook"] and len(waiting) > 1 and self.dealer in waiting:
                waiting.remove(self.dealer)  # the hook needs the dealer to bid last (MS-A3)
            return waiting
        if self.stage == "play":
            return [self.to_move]
        return []

    @property
    def to_move(self) -> int | None:
        if self.stage == "play":
            return (self.leader + len(self.trick)) % self.players
        if self.stage == "bid":
            return self.pending[0]
        return None

    # ---- legal actions and refusals ----------------------------------------------------------
    def most_bid(self) -> int:
        return MATCHES_PER_PLAYER if self.options["allow_bid_above_hand"] \
            else self.cards_this_round  # MS-A2

    def hooked_bid(self, seat: int) -> int | None:
        """The one bid the dealer hook forbids ``seat`` now, if any (MS-A3 house rule)."""
        return hooked_bid(seat, self.dealer, self.bids, self.cards_this_round,
                          self.options["dealer_hook"])

    def duty(self, seat: int) -> Duty:
        """What the trick so far asks of ``seat``'s hand (rules.Duty)."""
        return Duty(self.hands[seat], self.trick, self.options["overtrump_reference"],
                    self.options["must_undertrump"])

    def legal_cards(self, seat: int) -> list:
        return legal_cards(self.hands[seat], self.trick, self.options["overtrump_reference"],
                           self.options["must_undertrump"])

    def actions_for(self, seat: int) -> list:
        if self.stage == "bid":
            if seat not in self.pending:
                return []
            return [{"type": "bid", "bid": bid, "seat": seat} for bid in self.moves(seat)]
        if self.stage == "play" and seat == self.to_move:
            return [{"type": "play", "card": card, "seat": seat} for card in self.moves(seat)]
        return []

    def moves(self, seat: int) -> list:
        """The fast path's legal moves of ``seat``, which may act now: the bids (numbers) or
        the cards it may play (codes), by the same rules as ``actions_for``."""
        options = self.options
        if self.stage == "bid":
            return legal_bids(self.cards_this_round, options["allow_bid_above_hand"],
                              self.hooked_bid(seat) if options["dealer_hook"] else None)
        return legal_cards(self.hands[seat], self.trick, options["overtrump_reference"],
                           options["must_undertrump"])

    def play_move(self, seat: int, move) -> None:
        """Trusted: one of ``moves(seat)`` (a bid or a card), as ``perform`` would apply it."""
        if self.stage == "bid":
            self._bid(seat, move)
        else:
            self._play(seat, move)

    def why_illegal(self, action: dict) -> IllegalAction:
        seat = action["seat"]
        if action["type"] == "bid":
            refusal = BIDS_DONE if self.stage != "bid" else bid_refusal(
                action["bid"], self.cards_this_round, self.options["allow_bid_above_hand"],
                self.hooked_bid(seat))
        else:
            refusal = self._play_refusal(seat, action["card"])
        return (refusal or NOT_NOW).error()

    def _play_refusal(self, seat: int, card: str):
        if self.stage == "bid":
            return BIDS_FIRST
        if card not in COLOUR_OF:
            return Refusal("components.colours", NO_SUCH_CARD, card=card)
        if card not in self.hands[seat]:
            return Refusal("play.lead", NOT_HELD, card=CardNames((card,)))
        return card_refusal(self.duty(seat), card)

    # ---- applying actions --------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        if action["type"] == "bid":
            self._bid(action["seat"], action["bid"])
        else:
            self._play(action["seat"], action["card"])

    def _bid(self, seat: int, bid: int) -> None:
        self.bids[seat] = bid
        self.say("bid", seat)  # that, never how much (play.secret)
        if None not in self.bids:
            # play.bid: "All players open their hands at the same time".
            self.stage = "play"
            self.say("reveal", bids=list(self.bids))

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self.say("play", seat, card=card)
        if len(self.trick) < self.players:
            return
        winner = trick_winner(self.trick)  # MS-A4
        self.tricks_won[winner] += 1
        self.played += [card for _, card in self.trick]
        self.say("trick", winner)
        self.last_trick, self.trick = self.trick, []
        self.leader = winner  # play.lead: the winner leads the next trick
        if not self.hands[winner]:
            self._end_round()

    def _end_round(self) -> None:
        points = [score_hand(b, t) for b, t in zip(self.bids, self.tricks_won, strict=True)]
        self.score_rows.append({
            "round": self.round, "cards": self.cards_this_round, "dealer": self.dealer,
            "bids": list(self.bids), "tricks": list(self.tricks_won), "points": points,
        })
        self.say("scored", round=self.round, bids=list(self.bids),
                 tricks=list(self.tricks_won), points=list(points))
        if self.round == ROUNDS:
            self.stage = "over"
            self.stock = sort_hand(self.stock + self.played)  # every card back in the box
            self.played = []
            result = self.result()
            self.say("over", winners=result["winners"], scores=result["scores"])
            return
        self.round += 1
        self.deal()  # rounds.sequence: reshuffled, dealer passes clockwise

    # ---- what each seat sees -----------------------------------------------------------------
    def totals(self) -> list:
        totals = list(self.carried)
        for row in self.score_rows:
            totals = [t + p for t, p in zip(totals, row["points"], strict=True)]
        return totals

    def result(self) -> dict | None:
        if not self.over:
            return None
        totals = self.totals()
        best = max(totals)
        # end.winner: "In case of a tie, there are several winners."
        return {"scores": totals, "winners": [s for s, t in enumerate(totals) if t == best]}

    def table_view(self, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator). JSON-safe.

        Beside the protocol's keys: ``stage`` "bid" | "play" | "over"; ``pending`` the seats
        still to bid (or the one to play); ``hand`` own cards (None for a spectator);
        ``hand_counts``; ``bids`` own bid and, once all are in, everyone's (None where hidden);
        ``has_bid`` who has bid (public: the matches are taken into the hand in view);
        ``tricks_won``; ``trick`` [{"seat", "card"}] in play order; ``lead_colour``; ``trump``;
        ``last_trick`` {"winner", "cards"} of this round; ``score_sheet`` {"rounds": [{"round",
        "cards", "dealer", "bids", "tricks", "points"}], "carried", "totals"}; ``scores``;
        ``result``.
        """
        revealed = self.stage != "bid"
        if revealed:
            bids = list(self.bids)
        else:  # play.secret: only your own bid until every bid is in
            bids = [b if s == seat else None for s, b in enumerate(self.bids)]
        totals = self.totals()
        last = self.last_trick
        return {
            "pending": self.pending,
            "round": self.round,
            "rounds": ROUNDS,
            "cards_this_round": self.cards_this_round,
            "dealer": self.dealer,
            "leader": None if self.over else self.leader,
            "stage": self.stage,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_counts": [len(hand) for hand in self.hands],
            "bid_range": [0, self.most_bid()],
            "bids": bids,
            "has_bid": [b is not None for b in self.bids],
            "bids_revealed": revealed,
            "tricks_won": list(self.tricks_won),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "lead_colour": COLOUR_OF[self.trick[0][1]] if self.trick else None,
            "trump": TRUMP,
            "last_trick": None if last is None else {
                "winner": self.leader, "cards": [{"seat": s, "card": c} for s, c in last]},
            "score_sheet": {
                "rounds": [{key: list(value) if isinstance(value, list) else value
                            for key, value in row.items()} for row in self.score_rows],
                "carried": list(self.carried),
                "totals": totals,
            },
            "scores": totals,
            "result": self.result(),
        }

    def outcome_counts(self) -> dict:
        """Exact bids (MS-A7's correct predictions), for studies: a seat's round counts once."""
        return {"exact_bid": sum(1 for row in self.score_rows
                                 for bid, tricks in zip(row["bids"], row["tricks"], strict=True)
                                 if bid == tricks)}

    # ---- where the cards are -----------------------------------------------------------------
    def card_locations(self) -> dict:
        """Every card's place: ``hand:<seat>``, ``trick``, ``played`` (this round's finished
        tricks) and ``stock`` (undealt, or back in the box once the game is over)."""
        places = {f"hand:{seat}": list(hand) for seat, hand in enumerate(self.hands)}
        places["trick"] = [card for _, card in self.trick]
        places["played"] = list(self.played)
        places["stock"] = list(self.stock)
        return places

    def hidden_places(self, seat: int | None) -> list:
        """Other hands, and the undealt cards while a round is on (play.deal's note)."""
        hidden = [f"hand:{other}" for other in range(self.players) if other != seat]
        return hidden if self.over else hidden + ["stock"]

    def restore_copy(self, other: "Matchmaster") -> None:
        """Take ``other``'s state (``STATE``), copying only what changes in place: the hands,
        bids and trick counts. The rest is replaced whole when it changes (a trick's plays,
        score rows, the last trick), so sharing it is safe. Search bots copy before every
        playout."""
        self.first_dealer, self.round, self.stage = other.first_dealer, other.round, other.stage
        self.hands = [list(hand) for hand in other.hands]
        self.stock, self.played = other.stock, list(other.played)
        self.trick, self.leader = list(other.trick), other.leader
        self.bids, self.tricks_won = list(other.bids), list(other.tricks_won)
        self.last_trick, self.score_rows = other.last_trick, list(other.score_rows)
        self.carried = other.carried

    # ---- positions (position.py) -------------------------------------------------------------
    POSITION_SHAPE = positions.SHAPE  # every field's type, checked before setup_position

    def setup_position(self, position: dict) -> None:
        positions.setup_position(self, position)

    def position(self) -> dict:
        return positions.position(self)
