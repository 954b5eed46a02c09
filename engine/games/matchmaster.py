"""Matchmaster: predict exactly how many tricks you will take (rules/001, rulings MS-A1..MS-A10).

Read top to bottom: the cards, the rules as data (the rulebook's sentences, the rulings and the
options table the rules page shows), the pure rule functions (scoring, trick winner, which
cards may be played), the game state, and last the bots.

Seats are numbered clockwise, so "the player to the left of the dealer" is ``dealer + 1``
(the dealer role and the play both pass clockwise).

Actions (every action names its seat, because the bids are simultaneous):

    {"type": "bid", "bid": 2, "seat": 1}
    {"type": "play", "card": "DO9", "seat": 1}
"""

import math

from ..bots import Bot, RandomBot
from ..errors import IllegalAction
from ..game import Game

# ---- the cards ------------------------------------------------------------------------------

TRUMP = "DO"  # "Dark orange is the trump suit."
COLOURS = ("DO", "LO", "DB", "LB")
COLOUR_NAMES = {"DO": "dark orange", "LO": "light orange", "DB": "dark blue", "LB": "light blue"}
RANKS = tuple(range(1, 14))  # "numbered from 1 to 13 (13 is the highest card)"
DECK = tuple(colour + str(rank) for colour in COLOURS for rank in RANKS)

# Looked up on every legality check, so computed once rather than parsed from the code.
COLOUR_OF = {card: card[:2] for card in DECK}
RANK_OF = {card: int(card[2:]) for card in DECK}
_SORT_KEY = {card: (COLOURS.index(card[:2]), int(card[2:])) for card in DECK}

HAND_SIZES = (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)  # MS-A8: 1 is played once, 13 rounds
ROUNDS = len(HAND_SIZES)
MATCHES_PER_PLAYER = 7  # "Give each player 7 matches": the most anyone can ever bid (MS-A2)


def card_name(card: str) -> str:
    """Readable name for messages and the log: ``"dark orange 9"``."""
    return f"{COLOUR_NAMES[COLOUR_OF[card]]} {RANK_OF[card]}"


def card_text(card: str) -> str:
    """Name plus code, so players who tell the shades apart by letters can too (MS-A10)."""
    return f"{card_name(card)} ({card})"


def sort_hand(cards) -> list:
    return sorted(cards, key=_SORT_KEY.__getitem__)


# ---- the rules as data ------------------------------------------------------------------------

RULINGS = [
    {"id": "MS-A1", "title": "Player count",
     "text": "The rulebook does not say how many play. 7 matches each out of 50 allows at most 7"
             " players (49), and 7 cards for 7 players is 49 of the 52 cards: 2 to 7 players,"
             " 4 by default (3 to 7 recommended). The engine takes the count as the number of"
             " seats, not as an option."},
    {"id": "MS-A2", "title": "Bid range",
     "text": "A bid is 0 to N tricks, N being the cards dealt this round. A bid above N can never"
             " be correct, so it is refused as a slip (option allow_bid_above_hand: the 7 matches"
             " allow up to 7)."},
    {"id": "MS-A3", "title": "No dealer restriction",
     "text": "Bids are secret and revealed together, so the dealer cannot know the others' sum:"
             " there is no 'hook'. The bids may add up to more, fewer or exactly the tricks"
             " available, and equal bids by different players are irrelevant (option dealer_hook"
             " adds the house rule)."},
    {"id": "MS-A4", "title": "Who wins a trick",
     "text": "The highest dark orange card wins if any dark orange was played; otherwise the"
             " highest card of the colour led. Ranks are unique within a colour, so there are"
             " no ties."},
    {"id": "MS-A5", "title": "Overtrumping when a trump is led",
     "text": "A player holding a trump must play a trump. If they can beat the highest trump in"
             " the trick so far, they must play one that beats it; otherwise any trump. A player"
             " with no trump plays any card (option overtrump_reference: measure against the"
             " card played just before instead, falling back to the highest trump when that"
             " card is not a trump)."},
    {"id": "MS-A6", "title": "Void in the colour led",
     "text": "Holding the colour led, you must play it and need not beat anything; you may not"
             " trump instead. Void but holding a trump, you must trump; if a trump is already in"
             " the trick you must beat the highest one if you can, and if you cannot you must"
             " still play a lower trump (option must_undertrump), because only a player who"
             " 'can neither follow suit nor trump' is free. Void with no trump: any card."},
    {"id": "MS-A7", "title": "Scoring a wrong bid",
     "text": "One minus point per trick predicted wrongly: minus the difference between bid and"
             " tricks won, in either direction (bid 4 won 3: -1; bid 0 won 2: -2)."},
    {"id": "MS-A8", "title": "Round sequence",
     "text": "7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7 cards: the round of 1 card is played once,"
             " giving 13 rounds."},
    {"id": "MS-A9", "title": "Matches between rounds",
     "text": "Bids start afresh every round; the matches are only a way to bid in secret."},
    {"id": "MS-A10", "title": "Telling the colours apart",
     "text": "Two shades of orange and two of blue are hard to tell apart, so the cards also"
             " carry their letters (DO, LO, DB, LB). No effect on the rules."},
]

# How the engine reads sentences whose physical form has no digital twin, and readings that
# stay contestable (shown beside the rule they concern).
NOTES = [
    {"rule": "play.dealer", "text": "The first dealer is drawn at random from the game's seed."},
    {"rule": "play.deal", "text": "The undealt cards stay face down and out of play for the"
                                  " round."},
    {"rule": "play.secret", "text": "Nobody sees another player's bid, only that it has been"
                                    " made, until the last bid is in; then all are shown at"
                                    " once."},
    {"rule": "scoring.paper", "text": "The score sheet records every round's bids, tricks and"
                                      " points."},
    {"rule": "during.trump-lead",
     "text": "Contestable: the sentence literally says 'the card played before them', while"
             " MS-A5 measures against the highest trump in the trick. The readings differ only"
             " after a player could not overtrump and played a lower trump (then the literal"
             " reading makes the next player beat that lower card), and the literal one is"
             " undefined when the card before is not a trump. The ruling is the default; the"
             " literal reading is the option overtrump_reference = previous_card."},
]

RULE_VERSIONS = [
    {
        "id": "matchmaster-v1",
        "title": "Matchmaster (rulebook, first edition)",
        "description": "Predict how many tricks you will take, over 13 rounds of 7 down to 1 and"
                       " back up to 7 cards. Dark orange is always trumps; bids are secret and"
                       " revealed together; an exact prediction scores 10 plus the tricks.",
        "sections": [
            {"id": "goal", "title": "Game Goal", "rules": [
                {"id": "goal.predict", "rulings": [],
                 "text": "The goal of the game is to predict how many tricks you can take with"
                         " the cards you hold in your hand."},
                {"id": "goal.points", "rulings": ["MS-A7", "MS-A8"],
                 "text": "Players earn plus points for correct predictions and minus points for"
                         " incorrect ones. The game is played over 13 rounds, with a different"
                         " number of cards per round (between 7 and 1). The player with the most"
                         " points at the end wins."},
            ]},
            {"id": "components", "title": "Components", "rules": [
                {"id": "components.list", "rulings": ["MS-A1", "MS-A9"],
                 "text": "52 cards, 50 matches, 1 rulebook. Paper and pencil are also needed."},
                {"id": "components.colours", "rulings": ["MS-A10"],
                 "text": "The cards come in four colors: dark orange, light orange, dark blue and"
                         " light blue. The cards of each color are numbered from 1 to 13 (13 is"
                         " the highest card)."},
                {"id": "components.trump", "rulings": ["MS-A4"],
                 "text": "Dark orange is the trump suit. All other colors have the same value."},
            ]},
            {"id": "play", "title": "Game Play", "rules": [
                {"id": "play.matches", "rulings": ["MS-A1", "MS-A9"],
                 "text": "Write down the names of all players. Give each player 7 matches. All"
                         " players place these in front of them."},
                {"id": "play.shuffle", "rulings": [],
                 "text": "Shuffle the cards face down."},
                {"id": "play.dealer", "rulings": [],
                 "text": "At the start of the game, the dealer is the player sitting closest to"
                         " the fireplace (or something comparable). During the game, the dealer"
                         " role passes clockwise."},
                {"id": "play.deal", "rulings": ["MS-A8"],
                 "text": "In the first round, deal 7 cards to each player."},
                {"id": "play.bid", "rulings": ["MS-A2", "MS-A3"],
                 "text": "Now the players look at their hands and announce how many tricks they"
                         " will take. To do this, they take one match per trick from their supply"
                         " into their hand, face down. All players open their hands at the same"
                         " time, so that everyone's predictions are revealed to all players."},
                {"id": "play.lead", "rulings": ["MS-A4"],
                 "text": "The player to the left of the dealer leads. After that, the player who"
                         " won the trick leads the next card. The round ends when all cards have"
                         " been played."},
                {"id": "play.secret", "rulings": ["MS-A3"],
                 "text": "Be careful: it is important to keep your prediction secret until"
                         " everyone reveals at the same time. The best approach is for all"
                         " players to cover the matches in front of them with their other hand,"
                         " so that no player knows what the others are predicting."},
            ]},
            {"id": "during", "title": "During the Game, the Following Applies", "rules": [
                {"id": "during.follow", "rulings": ["MS-A6"],
                 "text": "You must follow suit as long as you can. If the card led is not a trump"
                         " card, you must play a card of the same suit, but you do not need to"
                         " beat the cards already on the table."},
                {"id": "during.trump-lead", "rulings": ["MS-A5"],
                 "text": "If the card led is a trump card, every player must overtrump the card"
                         " played before them."},
                {"id": "during.must-trump", "rulings": ["MS-A6"],
                 "text": "If a player cannot follow suit, they must play a trump card if they"
                         " can. If another player has already trumped before them, they must"
                         " overtrump that card if possible. A player who can neither follow suit"
                         " nor trump may play any other card."},
                {"id": "during.compare", "rulings": ["MS-A4"],
                 "text": "After the round ends, the players compare the tricks they won with"
                         " their predictions."},
            ]},
            {"id": "scoring", "title": "Scoring", "rules": [
                {"id": "scoring.correct", "rulings": [],
                 "text": "A correct prediction is rewarded with 10 points plus 1 point for each"
                         " trick."},
                {"id": "scoring.incorrect", "rulings": ["MS-A7"],
                 "text": "An incorrect prediction is penalized with one minus point for each"
                         " trick predicted incorrectly."},
                {"id": "scoring.paper", "rulings": [],
                 "text": "All points are recorded on paper."},
                {"id": "scoring.examples", "rulings": ["MS-A7"],
                 "text": "3 tricks predicted and won = 10 points for the correct prediction + 3"
                         " tricks taken = 13 points. 4 tricks predicted, but only 3 won = 1 minus"
                         " point. 0 tricks predicted and no trick taken = 10 points for the"
                         " correct prediction + 0 tricks taken = 10 points. 0 tricks predicted,"
                         " but 2 taken = 2 minus points."},
            ]},
            {"id": "rounds", "title": "The Remaining Rounds", "rules": [
                {"id": "rounds.sequence", "rulings": ["MS-A8", "MS-A9"],
                 "text": "The following rounds are played with 6, 5, 4, 3, 2, and then again"
                         " ascending from 1 to 7 cards (13 rounds in total). The cards are"
                         " reshuffled after each round. The role of dealer passes clockwise."},
            ]},
            {"id": "end", "title": "End of the Game", "rules": [
                {"id": "end.winner", "rulings": [],
                 "text": "The player with the most points wins. In case of a tie, there are"
                         " several winners."},
            ]},
        ],
        "rulings": RULINGS,
        "notes": NOTES,
    },
]

# Section 5 of RULINGS.md, default first; "locked": fixed once the cards are dealt. The MS-A1
# key ``players`` is not here: the seat count is the game's own ``players`` (2..7, default 4).
OPTIONS = [
    {"id": "allow_bid_above_hand", "title": "Bids above the hand size",
     "default": False, "values": [False, True], "ruling": "MS-A2", "locked": True,
     "meaning": "Off: bid 0 to the number of cards in this round. On: bid 0 to 7, as the 7"
                " matches allow, although such a bid can never be exact."},
    {"id": "dealer_hook", "title": "Dealer hook (house rule)",
     "default": False, "values": [False, True], "ruling": "MS-A3", "locked": True,
     "meaning": "Off: no restriction, the bids may add up to anything. On: the dealer bids after"
                " the others have bid in secret and may not bid the number that makes all the"
                " bids add up to the cards in the round; the others' bids stay hidden until"
                " the dealer has bid."},
    {"id": "overtrump_reference", "title": "Overtrumping after a trump lead",
     "default": "highest_trump", "values": ["highest_trump", "previous_card"], "ruling": "MS-A5",
     "locked": True,
     "meaning": "When a trump is led, which trump you must beat if you can: the highest trump in"
                " the trick so far, or the card played just before you (the highest trump when"
                " that card is not a trump). A player who trumps a non-trump lead always"
                " measures against the highest trump (MS-A6)."},
    {"id": "must_undertrump", "title": "Undertrump when you cannot overtrump",
     "default": True, "values": [True, False], "ruling": "MS-A6", "locked": True,
     "meaning": "When you cannot follow the colour led and cannot beat the trump already played:"
                " on, you must still play a (lower) trump if you hold one; off, you may play any"
                " card."},
]


# ---- the rules as functions -------------------------------------------------------------------

def score_hand(bid: int, tricks: int) -> int:
    """Points for one round: exact = 10 + tricks; otherwise minus the difference (MS-A7)."""
    if bid == tricks:
        return 10 + tricks
    return -abs(bid - tricks)


def trick_winner(trick) -> int:
    """Seat that wins ``trick`` (a sequence of ``(seat, card)`` in play order), MS-A4."""
    lead_colour = COLOUR_OF[trick[0][1]]
    best_seat, best_card = trick[0]
    for seat, card in trick[1:]:
        colour = COLOUR_OF[card]
        best_colour = COLOUR_OF[best_card]
        if colour == best_colour:
            if RANK_OF[card] > RANK_OF[best_card]:
                best_seat, best_card = seat, card
        elif colour == TRUMP or (colour == lead_colour and best_colour != TRUMP):
            best_seat, best_card = seat, card
    return best_seat


def _trump_to_beat(trick, overtrump_reference: str) -> int:
    """Rank of the trump a player must beat if they can, when a trump was led (MS-A5)."""
    if overtrump_reference == "previous_card":
        previous = trick[-1][1]
        if COLOUR_OF[previous] == TRUMP:
            return RANK_OF[previous]
    # highest_trump, and the previous_card fallback when the previous card is not a trump
    return max(RANK_OF[card] for _, card in trick if COLOUR_OF[card] == TRUMP)


def legal_cards(hand, trick, overtrump_reference: str = "highest_trump",
                must_undertrump: bool = True) -> list:
    """The cards of ``hand`` that may be played to ``trick`` (``(seat, card)`` pairs so far)."""
    if not trick:
        return list(hand)  # the leader may lead anything, trumps included
    lead_colour = COLOUR_OF[trick[0][1]]
    trumps = [card for card in hand if COLOUR_OF[card] == TRUMP]
    if lead_colour == TRUMP:
        if not trumps:
            return list(hand)  # MS-A5: no trump, any card
        target = _trump_to_beat(trick, overtrump_reference)
        higher = [card for card in trumps if RANK_OF[card] > target]
        return higher or trumps  # MS-A5: beat it if you can, else any trump (following suit)
    followers = [card for card in hand if COLOUR_OF[card] == lead_colour]
    if followers:
        return followers  # during.follow: follow, need not beat; no trumping instead (MS-A6)
    if not trumps:
        return list(hand)  # "can neither follow suit nor trump": any card
    played = [RANK_OF[card] for _, card in trick if COLOUR_OF[card] == TRUMP]
    if not played:
        return trumps  # during.must-trump
    top = max(played)
    higher = [card for card in trumps if RANK_OF[card] > top]
    if higher:
        return higher  # MS-A6: overtrump the highest trump if possible
    return trumps if must_undertrump else list(hand)  # MS-A6 / option must_undertrump


def explain_illegal_card(hand, trick, card: str, overtrump_reference: str = "highest_trump",
                         must_undertrump: bool = True) -> IllegalAction:
    """Why ``card`` (held, but not in ``legal_cards``) may not be played, for the player."""
    lead_colour = COLOUR_OF[trick[0][1]]
    trumps = [c for c in hand if COLOUR_OF[c] == TRUMP]
    if lead_colour == TRUMP:
        target = _trump_to_beat(trick, overtrump_reference)
        if COLOUR_OF[card] != TRUMP:
            return IllegalAction(
                f"A trump was led: you must play a trump (MS-A5). You hold"
                f" {_list_cards(trumps)}.", rule="MS-A5")
        return IllegalAction(
            f"You hold a trump higher than the {target}: you must overtrump (MS-A5).",
            rule="MS-A5")
    followers = [c for c in hand if COLOUR_OF[c] == lead_colour]
    colour = COLOUR_NAMES[lead_colour]
    if followers:
        return IllegalAction(
            f"You must follow {colour}: you hold {_list_cards(followers)}.",
            rule="during.follow")
    played = [RANK_OF[c] for _, c in trick if COLOUR_OF[c] == TRUMP]
    if not played:
        return IllegalAction(
            f"You have no {colour}: you must play a trump (MS-A6). You hold"
            f" {_list_cards(trumps)}.", rule="MS-A6")
    top = max(played)
    if any(RANK_OF[c] > top for c in trumps):
        return IllegalAction(
            f"You hold a trump higher than the {top}: you must overtrump (MS-A6).",
            rule="MS-A6")
    return IllegalAction(
        f"You cannot beat the trump {top}, but you have no {colour} and hold a trump: you must"
        " still play one (MS-A6).", rule="MS-A6")


def _list_cards(cards) -> str:
    texts = [card_text(card) for card in sort_hand(cards)]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def _seat(seat: int) -> str:
    return f"Seat {seat + 1}"


# ---- the game ---------------------------------------------------------------------------------

class Matchmaster(Game):
    ACTIONS = {"bid": {"bid": "int"}, "play": {"card": "text"}}
    id = "matchmaster"
    title = "Matchmaster"
    min_players = 2  # MS-A1
    max_players = 7
    default_players = 4
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS
    BOTS: dict = {}  # filled in at the end of this file, below the bots

    # ---- dealing -----------------------------------------------------------------------------
    def setup(self) -> None:
        # play.dealer: "closest to the fireplace" has no digital meaning, so the seed decides.
        self.first_dealer = self.rng.randbelow(self.players)
        self.round = 1
        self.carried = [0] * self.players  # points from before this game's first round
        self.score_rows: list[dict] = []
        self.log: list[dict] = []  # {"seat": who or None, "text": public English}
        self.last_trick: dict | None = None
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
        self.hands = []
        for seat in range(self.players):
            self.hands.append(sort_hand(deck[seat * n:(seat + 1) * n]))
        self.stock = sort_hand(deck[self.players * n:])  # undealt, out of play this round
        self.played: list[str] = []  # cards of this round's finished tricks
        self.trick: list[list] = []  # [seat, card] in play order
        self.bids: list = [None] * self.players  # MS-A9: fresh every round
        self.tricks_won = [0] * self.players
        self.leader = (self.dealer + 1) % self.players  # play.lead: left of the dealer
        self.last_trick = None  # its cards are back in the shuffled deck
        self.stage = "bid"
        self._say(f"Round {self.round}: {_seat(self.dealer)} deals {self.cards_this_round}"
                  f" card{'s' if self.cards_this_round != 1 else ''} to each player.")

    def _say(self, text: str, seat: int | None = None) -> None:
        self.log.append({"seat": seat, "text": text})

    # ---- whose decision ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.stage == "over"

    def _clockwise_from_leader(self) -> list:
        return [(self.leader + i) % self.players for i in range(self.players)]

    @property
    def pending(self) -> list:
        if self.stage == "bid":
            waiting = [s for s in self._clockwise_from_leader() if self.bids[s] is None]
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

    # ---- legal actions -----------------------------------------------------------------------
    def bid_range(self) -> range:
        most = MATCHES_PER_PLAYER if self.options["allow_bid_above_hand"] else self.cards_this_round
        return range(most + 1)  # MS-A2

    def hooked_bid(self, seat: int) -> int | None:
        """The one bid the dealer hook forbids ``seat`` now, if any (MS-A3 house rule)."""
        if not self.options["dealer_hook"] or seat != self.dealer:
            return None
        others = sum(b for s, b in enumerate(self.bids) if s != seat and b is not None)
        forbidden = self.cards_this_round - others
        return forbidden if forbidden >= 0 else None

    def legal_cards(self, seat: int) -> list:
        return legal_cards(self.hands[seat], self.trick, self.options["overtrump_reference"],
                           self.options["must_undertrump"])

    def actions_for(self, seat: int) -> list:
        if self.stage == "bid":
            if seat not in self.pending:
                return []
            hooked = self.hooked_bid(seat)
            return [{"type": "bid", "bid": bid, "seat": seat}
                    for bid in self.bid_range() if bid != hooked]
        if self.stage == "play" and seat == self.to_move:
            return [{"type": "play", "card": card, "seat": seat}
                    for card in self.legal_cards(seat)]
        return []

    def why_illegal(self, action: dict) -> IllegalAction:
        seat, kind = action["seat"], action["type"]
        if kind == "bid":
            bid = action.get("bid")
            if self.stage != "bid":
                return IllegalAction("The bids are already revealed: now play a card.",
                                     rule="play.bid")
            if isinstance(bid, bool) or not isinstance(bid, int):
                return IllegalAction("A bid is a whole number of tricks, like 0, 1 or 2.",
                                     rule="play.bid")
            if bid not in self.bid_range():
                if self.options["allow_bid_above_hand"]:
                    return IllegalAction(
                        f"You have {MATCHES_PER_PLAYER} matches: bid 0 to"
                        f" {MATCHES_PER_PLAYER} tricks (MS-A2).", rule="MS-A2")
                n = self.cards_this_round
                return IllegalAction(
                    f"You can bid 0 to {n} trick{'s' if n != 1 else ''}: there"
                    f" {'are' if n != 1 else 'is'} only {n} card{'s' if n != 1 else ''} in this"
                    " round (MS-A2).", rule="MS-A2")
            if bid == self.hooked_bid(seat):
                return IllegalAction(
                    f"Dealer hook: the dealer may not bid {bid}, because then the bids would add"
                    f" up to the {self.cards_this_round} tricks of this round (MS-A3).",
                    rule="MS-A3")
        elif kind == "play":
            card = action.get("card")
            if self.stage == "bid":
                return IllegalAction(
                    "Everyone bids first; the cards are played once all bids are revealed.",
                    rule="play.bid")
            if card not in COLOUR_OF:
                return IllegalAction(
                    f"There is no card {card!r}: cards are DO, LO, DB or LB with a number from 1"
                    " to 13, like DO13 or LB1.", rule="components.colours")
            if card not in self.hands[seat]:
                return IllegalAction(f"You do not hold the {card_text(card)}.",
                                     rule="play.lead")
            if card not in self.legal_cards(seat):
                return explain_illegal_card(self.hands[seat], self.trick, card,
                                            self.options["overtrump_reference"],
                                            self.options["must_undertrump"])
        else:
            return IllegalAction(f"Matchmaster has no {kind!r} move: you bid or play a card.")
        return IllegalAction("That move is not allowed now.")

    def normalize(self, action) -> dict:
        action = super().normalize(action)
        # True == 1 and 1.0 == 1 in Python, so without this a bid of true or 1.0 would match a
        # legal bid of 1 and be logged as such; a bid is a whole number (MS-A2).
        if action["type"] == "bid" and type(action.get("bid")) is not int:
            raise IllegalAction("A bid is a whole number of tricks, like 0, 1 or 2.",
                                rule="play.bid")
        return action

    # ---- applying actions --------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        if action["type"] == "bid":
            self._bid(action["seat"], action["bid"])
        else:
            self._play(action["seat"], action["card"])

    def _bid(self, seat: int, bid: int) -> None:
        self.bids[seat] = bid
        self._say(f"{_seat(seat)} has bid.", seat)  # that, never how much (play.secret)
        if all(b is not None for b in self.bids):
            # play.bid: "All players open their hands at the same time".
            self.stage = "play"
            shown = ", ".join(f"{_seat(s)} {b}" for s, b in enumerate(self.bids))
            self._say(f"Bids revealed: {shown}.")

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self._say(f"{_seat(seat)} plays {card_text(card)}.", seat)
        if len(self.trick) < self.players:
            return
        winner = trick_winner(self.trick)  # MS-A4
        self.tricks_won[winner] += 1
        self.played.extend(card for _, card in self.trick)
        self.last_trick = {"winner": winner,
                           "cards": [{"seat": s, "card": c} for s, c in self.trick]}
        self._say(f"{_seat(winner)} wins the trick.", winner)
        self.trick = []
        self.leader = winner  # play.lead: the winner leads the next trick
        if not self.hands[winner]:
            self._end_round()

    def _end_round(self) -> None:
        points = [score_hand(b, t) for b, t in zip(self.bids, self.tricks_won, strict=True)]
        self.score_rows.append({
            "round": self.round, "cards": self.cards_this_round, "dealer": self.dealer,
            "bids": list(self.bids), "tricks": list(self.tricks_won), "points": points,
        })
        lines = [f"{_seat(s)} bid {self.bids[s]}, took {self.tricks_won[s]}, {p:+d}"
                 for s, p in enumerate(points)]
        self._say(f"Round {self.round} scored: " + ", ".join(lines) + ".")
        if self.round == ROUNDS:
            self.stage = "over"
            self.stock.extend(self.played)  # every card ends in one place: back in the box
            self.played = []
            self.stock = sort_hand(self.stock)
            winners = self.result()["winners"]
            self._say("Game over: " + " and ".join(_seat(s) for s in winners)
                      + (" win." if len(winners) > 1 else " wins."))
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
        ``log`` [{"seat", "text"}], public events only; ``result``.
        """
        if seat is not None and (isinstance(seat, bool) or seat not in range(self.players)):
            raise IllegalAction(f"There is no seat {seat!r} in this game.")
        revealed = self.stage != "bid"
        if revealed:
            bids = list(self.bids)
        else:  # play.secret: only your own bid until every bid is in
            bids = [b if s == seat else None for s, b in enumerate(self.bids)]
        totals = self.totals()
        return {
            "game": self.id,
            "rules": self.rules,
            "options": dict(self.options),
            "players": self.players,
            "seat": seat,
            "to_move": self.to_move,
            "pending": self.pending,
            "over": self.over,
            "round": self.round,
            "rounds": ROUNDS,
            "cards_this_round": self.cards_this_round,
            "dealer": self.dealer,
            "leader": None if self.over else self.leader,
            "stage": self.stage,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_counts": [len(hand) for hand in self.hands],
            "bid_range": [0, self.bid_range()[-1]],
            "bids": bids,
            "has_bid": [b is not None for b in self.bids],
            "bids_revealed": revealed,
            "tricks_won": list(self.tricks_won),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "lead_colour": COLOUR_OF[self.trick[0][1]] if self.trick else None,
            "trump": TRUMP,
            "last_trick": _copy_trick(self.last_trick),
            "score_sheet": {
                "rounds": [_copy_row(row) for row in self.score_rows],
                "carried": list(self.carried),
                "totals": totals,
            },
            "scores": totals,
            "log": [dict(event) for event in self.log],
            "result": self.result(),
        }

    # ---- saving ------------------------------------------------------------------------------
    def snapshot(self) -> dict:
        return {
            "first_dealer": self.first_dealer,
            "round": self.round,
            "stage": self.stage,
            "hands": [list(hand) for hand in self.hands],
            "stock": list(self.stock),
            "played": list(self.played),
            "trick": [list(play) for play in self.trick],
            "leader": self.leader,
            "bids": list(self.bids),
            "tricks_won": list(self.tricks_won),
            "last_trick": _copy_trick(self.last_trick),
            "score_rows": [_copy_row(row) for row in self.score_rows],
            "carried": list(self.carried),
            "log": [dict(event) for event in self.log],
        }

    def restore(self, state: dict) -> None:
        self.first_dealer = state["first_dealer"]
        self.round = state["round"]
        self.stage = state["stage"]
        self.hands = [list(hand) for hand in state["hands"]]
        self.stock = list(state["stock"])
        self.played = list(state["played"])
        self.trick = [list(play) for play in state["trick"]]
        self.leader = state["leader"]
        self.bids = list(state["bids"])
        self.tricks_won = list(state["tricks_won"])
        self.last_trick = _copy_trick(state["last_trick"])
        self.score_rows = [_copy_row(row) for row in state["score_rows"]]
        self.carried = list(state["carried"])
        self.log = [dict(event) for event in state["log"]]

    def card_locations(self) -> dict:
        """Every card's place: ``hand:<seat>``, ``trick``, ``played`` (this round's finished
        tricks) and ``stock`` (undealt, or back in the box once the game is over)."""
        places = {f"hand:{seat}": list(hand) for seat, hand in enumerate(self.hands)}
        places["trick"] = [card for _, card in self.trick]
        places["played"] = list(self.played)
        places["stock"] = list(self.stock)
        return places

    def marker_cards(self) -> list:
        """Matchmaster has no marker cards (Matatu's base card is one); the protocol asks."""
        return []

    # ---- scenarios ---------------------------------------------------------------------------
    def setup_position(self, position: dict) -> None:
        """Build a position in the middle of a round.

        Format (``null``/omitted keys take the default shown after "default"):

            {
              "round": 5,                     # 1..13, sets the hand size (7,6,5,4,3,2,1,2,..)
              "dealer": 0,                    # this round's dealer; later rounds pass clockwise
              "hands": [["DO9", "LB4", "LB11"], ["DO12", "DB7"], ...],   # every seat's hand now
              "bids": [1, 0, 2, 1],           # default all null; null = has not bid yet
              "tricks_won": [1, 0, 0, 0],     # tricks finished this round, default all 0
              "played": ["LO3", "LO9", ...],  # their cards, default: drawn from the unseen
                                              #   cards with the scenario's seed
              "leader": 1,                    # who leads the current trick; default the first
                                              #   seat of "trick", else left of the dealer
              "trick": [{"seat": 1, "card": "LB2"}],   # the unfinished trick, in play order
              "scores": [13, -2, 10, 0]       # totals before this round, default all 0
            }

        Example, 4 players, round 5 (3 cards), seat 1 has led the light blue 2 and seat 2 must
        follow light blue:

            {"round": 5, "dealer": 0, "bids": [1, 0, 2, 1], "leader": 1,
             "hands": [["DO9", "LB4", "LO11"], ["DO12", "DB7"], ["LB9", "LB13", "DB1"],
                       ["DO3", "LO1", "DB2"]],
             "trick": [{"seat": 1, "card": "LB2"}]}

        Every card may appear at most once; the cards nobody holds and nobody played are the
        undealt stock. Hand sizes must fit the round, the finished tricks and the current
        trick, and every card in the current trick must have been a legal play.
        """
        players = self.players

        def refuse(reason: str):
            raise IllegalAction(f"Scenario: {reason}")

        def seat_list(key, default, check):
            value = position.get(key)
            if value is None:
                return list(default)
            if not isinstance(value, list) or len(value) != players:
                refuse(f"\"{key}\" needs one entry per seat ({players}).")
            for entry in value:
                check(entry)
            return list(value)

        unknown = set(position) - {"round", "dealer", "hands", "bids", "tricks_won", "played",
                                   "leader", "trick", "scores"}
        if unknown:
            refuse(f"unknown key {sorted(unknown)[0]!r}.")
        round_number = position.get("round", 1)
        if not isinstance(round_number, int) or not 1 <= round_number <= ROUNDS:
            refuse(f"\"round\" is 1 to {ROUNDS}.")
        dealer = position.get("dealer", 0)
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            refuse(f"\"dealer\" is a seat, 0 to {players - 1}.")
        self.round = round_number
        self.first_dealer = (dealer - (round_number - 1)) % players
        n = self.cards_this_round

        seen: set = set()

        def take(card):
            if card not in COLOUR_OF:
                refuse(f"{card!r} is not a Matchmaster card.")
            if card in seen:
                refuse(f"{card} appears more than once.")
            seen.add(card)

        def check_hand(hand):
            if not isinstance(hand, list):
                refuse("each hand is a list of cards.")
            for card in hand:
                take(card)

        if position.get("hands") is None:
            refuse("\"hands\" is required.")
        hands = seat_list("hands", [], check_hand)

        def check_bid(bid):
            if bid is not None and (isinstance(bid, bool) or bid not in self.bid_range()):
                refuse(f"a bid is null or 0 to {self.bid_range()[-1]} (MS-A2), not {bid!r}.")

        def check_count(value):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                refuse("trick counts are whole numbers, 0 or more.")

        def check_score(value):
            if isinstance(value, bool) or not isinstance(value, int):
                refuse("scores are whole numbers.")

        bids = seat_list("bids", [None] * players, check_bid)
        tricks_won = seat_list("tricks_won", [0] * players, check_count)
        scores = seat_list("scores", [0] * players, check_score)

        raw_trick = position.get("trick") or []
        if not isinstance(raw_trick, list):
            refuse("\"trick\" is a list of {\"seat\", \"card\"}.")
        trick = []
        for play in raw_trick:
            if not isinstance(play, dict) or set(play) != {"seat", "card"}:
                refuse("each play in \"trick\" is {\"seat\": s, \"card\": c}.")
            take(play["card"])
            trick.append([play["seat"], play["card"]])

        finished = sum(tricks_won)
        if None in bids:
            if finished or trick:
                refuse("cards are only played once every bid is in.")
            if self.options["dealer_hook"] and bids[dealer] is not None:
                refuse("with the dealer hook, the dealer bids last (MS-A3).")
        elif self.options["dealer_hook"] and sum(bids) == n:
            refuse(f"with the dealer hook the bids may not add up to {n} (MS-A3).")
        if finished >= n:
            refuse("that round is already over; start the scenario at the next round.")

        leader = position.get("leader")
        if trick:
            first = trick[0][0]
            if leader is not None and leader != first:
                refuse("the trick's first card must be the leader's.")
            leader = first
            if len(trick) >= players:
                refuse("a trick has fewer cards than there are players; a full trick is"
                       " already won.")
            for i, (seat, _) in enumerate(trick):
                if seat != (leader + i) % players:
                    refuse("the cards of a trick are played clockwise from the leader.")
        elif leader is None:
            if finished:
                refuse("say who leads the next trick (\"leader\").")
            leader = (dealer + 1) % players
        if not isinstance(leader, int) or not 0 <= leader < players:
            refuse(f"\"leader\" is a seat, 0 to {players - 1}.")
        if not finished and leader != (dealer + 1) % players:
            refuse("the player left of the dealer leads the first trick (play.lead).")

        in_trick = {seat for seat, _ in trick}
        for seat, hand in enumerate(hands):
            expected = n - finished - (1 if seat in in_trick else 0)
            if len(hand) != expected:
                refuse(f"seat {seat} should hold {expected} card{'s' if expected != 1 else ''}"
                       f" in round {round_number}, not {len(hand)}.")
        for i, (seat, card) in enumerate(trick):
            before = hands[seat] + [card]
            if card not in legal_cards(before, trick[:i], self.options["overtrump_reference"],
                                       self.options["must_undertrump"]):
                reason = explain_illegal_card(before, trick[:i], card,
                                              self.options["overtrump_reference"],
                                              self.options["must_undertrump"]).reason
                refuse(f"seat {seat} could not have played {card}: {reason}")

        played = position.get("played")
        unseen = [card for card in DECK if card not in seen]
        if played is None:
            self.rng.shuffle(unseen)
            played = unseen[:finished * players]
        else:
            if not isinstance(played, list) or len(played) != finished * players:
                refuse(f"\"played\" holds the {finished * players} cards of the finished"
                       " tricks.")
            for card in played:
                take(card)

        self.hands = [sort_hand(hand) for hand in hands]
        self.played = list(played)
        self.stock = sort_hand(card for card in DECK
                               if card not in seen and card not in self.played)
        self.trick = trick
        self.bids = bids
        self.tricks_won = tricks_won
        self.leader = leader
        self.stage = "bid" if None in bids else "play"
        self.carried = scores
        self.score_rows = []
        self.last_trick = None
        self.log = []
        self._say(f"Round {round_number}: {_seat(dealer)} deals {n}"
                  f" card{'s' if n != 1 else ''} to each player (scenario).")


def _copy_trick(trick: dict | None) -> dict | None:
    if trick is None:
        return None
    return {"winner": trick["winner"], "cards": [dict(play) for play in trick["cards"]]}


def _copy_row(row: dict) -> dict:
    return {key: list(value) if isinstance(value, list) else value for key, value in row.items()}


# ---- bots -------------------------------------------------------------------------------------

def _strength(card: str) -> int:
    """Order for bots: any trump above any other colour, then by rank."""
    return RANK_OF[card] + (13 if COLOUR_OF[card] == TRUMP else 0)


def win_chances(hand, players: int) -> list:
    """Each card's chance of taking a trick, from the hand alone.

    A card is beaten only by a higher card of its colour (or, for a plain card, by a trump),
    so the chance falls off with ``higher``, the cards above it that it cannot see in its own
    hand, and falls faster with more opponents. A low trump still wins whenever it is the only
    trump in its trick; a plain card needs to be led or followed without any trump. The
    constants were fitted to seeded simulations (bench/matchmaster_bench.py) for 2 to 7
    players and 1 to 7 cards; this is a rule of thumb, not a solver.
    """
    n = len(hand)
    fall = 0.09 * (players - 1)
    low_trump = 0.75 ** (players - 1) * (1 - 0.03 * (n - 1))
    top_plain = 0.48 * 0.63 ** (players - 2) + 0.04 * (n - 1)
    held = set(hand)
    chances = []
    for card in hand:
        colour = COLOUR_OF[card]
        higher = sum(1 for r in range(RANK_OF[card] + 1, 14) if colour + str(r) not in held)
        if colour == TRUMP:
            chances.append(low_trump + (1 - low_trump) * math.exp(-fall * higher))
        else:
            chances.append(top_plain * math.exp(-fall * higher))
    return chances


def best_bid(chances, bids) -> int:
    """The bid among ``bids`` with the highest expected score, treating cards as independent.

    Exact pays 10 + tricks and a miss costs only the difference, so this is close to the most
    likely trick count, not the rounded mean.
    """
    spread = [1.0]  # spread[k]: chance of exactly k tricks
    for chance in chances:
        nxt = [0.0] * (len(spread) + 1)
        for k, p in enumerate(spread):
            nxt[k] += p * (1 - chance)
            nxt[k + 1] += p * chance
        spread = nxt
    return max(bids, key=lambda bid: (sum(p * score_hand(bid, k) for k, p in enumerate(spread)),
                                      -bid))


class BasicBot(Bot):
    """Bids from its hand's strength, then plays to make that bid exactly.

    Short of its bid it tries to win the trick; at or past its bid it ducks, shedding its
    most dangerous card that still loses. It reads only its own view.
    """

    name = "basic"

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, view: dict, legal_actions: list) -> dict:
        if legal_actions[0]["type"] == "bid":
            return self._bid(view, legal_actions)
        return self._play(view, legal_actions)

    def _bid(self, view: dict, legal_actions: list) -> dict:
        # among the legal bids only: the dealer hook may forbid the favourite (MS-A3)
        bid = best_bid(win_chances(view["hand"], view["players"]),
                       [action["bid"] for action in legal_actions])
        return next(action for action in legal_actions if action["bid"] == bid)

    def _play(self, view: dict, legal_actions: list) -> dict:
        seat = view["seat"]
        need = view["bids"][seat] - view["tricks_won"][seat]
        cards = [a["card"] for a in legal_actions]
        trick = [(play["seat"], play["card"]) for play in view["trick"]]
        by_card = {a["card"]: a for a in legal_actions}
        if not trick:
            if need > 0:
                return by_card[max(cards, key=_strength)]
            # lead low, preferably a plain colour, where someone else is likely to go higher
            return by_card[min(cards, key=lambda c: (COLOUR_OF[c] == TRUMP, RANK_OF[c]))]
        winning = [c for c in cards if trick_winner(trick + [(seat, c)]) == seat]
        losing = [c for c in cards if c not in winning]
        last = len(trick) == view["players"] - 1
        if need > 0:
            if winning:
                # last to play: the cheapest win is certain; otherwise the strongest holds best
                choice = min(winning, key=_strength) if last else max(winning, key=_strength)
            else:
                choice = min(cards, key=_strength)
        elif losing:
            choice = max(losing, key=_strength)
        else:
            choice = max(winning, key=_strength)  # forced to win: spend the biggest threat
        return by_card[choice]


Matchmaster.BOTS = {"basic": BasicBot, "random": RandomBot}
