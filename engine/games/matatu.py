"""Matatu: a shedding game with pick-two, Aces that name the suit, and the chopper cut.

Read top to bottom: the rule data (what the rules page shows, sentence by sentence, with the
rulings that settle the gaps), the options table, the card values, then the ``Matatu`` state
class, then the basic bot. The rulebook is ``rules/003`` and the rulings are ``MT-A1`` …
``MT-A18`` in RULINGS.md; comments cite them.
"""

from ..bots import Bot, RandomBot
from ..cards import JOKERS, RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, standard_deck
from ..errors import IllegalAction
from ..game import Game
from ..rng import SeededRng

# ---- the published rules (matatu-v1 is the rulebook text, MT-A17) ---------------------------


def _rule(rule_id: str, text: str, *rulings: str) -> dict:
    return {"id": rule_id, "text": text, "rulings": list(rulings)}


SECTIONS_V1 = [
    {"id": "intro", "title": "How Matatu is played here", "rules": [
        _rule("intro.1", "Matatu is a shedding game: match the card on the pile by suit or rank,"
              " and be the first to empty your hand."),
        _rule("intro.2", "Rules vary from town to town, so ours are published as numbered"
              " versions. Every game we record stores the version it was played under.",
              "MT-A17"),
    ]},
    {"id": "basics", "title": "The basics", "rules": [
        dict(_rule("basics.1", "One standard 52-card deck, no jokers."),
             applies_when={"jokers": False}),
        _rule("basics.2", "Every player is dealt 7 cards and one card is turned face up to start"
              " the pile — a special card turned up at the start has no effect.",
              "MT-A12", "MT-A13"),
        _rule("basics.3", "On your turn, play a card matching the pile's suit or rank, or draw"
              " one from the deck.", "MT-A5"),
        _rule("basics.4", "A 2 makes the next player owe exactly two cards.", "MT-A7"),
        _rule("basics.5", "They may pass the same two-card penalty on with another 2 of any"
              " suit, cancel it with the Ace of Spades, or pick up two cards and end their"
              " turn.", "MT-A7", "MT-A10"),
        _rule("basics.6", "The penalty never grows beyond two, however many 2s are played in a"
              " row.", "MT-A7"),
        _rule("basics.7", "An 8 or a Jack jumps the next player. With two players that means you"
              " play again.", "MT-A8", "MT-S1"),
        _rule("basics.8", "An Ace can be played on any ordinary card and lets you name the suit"
              " that follows.", "MT-A6"),
        _rule("basics.9", "It cannot answer an unpaid pick-two — only another 2 can.", "MT-A7"),
        _rule("basics.10", "You may draw one card on your turn even when you already hold a"
              " playable card — drawing is never the same as passing.", "MT-A5"),
        _rule("basics.11", "After the draw your turn continues: play the card you just drew,"
              " play any other card you can legally play, or keep the drawn card and choose to"
              " pass. Nobody else plays until you do one of those.", "MT-A5"),
        _rule("basics.12", "Only when nothing at all can be played does your turn end by"
              " itself, with the drawn card staying in your hand.", "MT-A5"),
        _rule("basics.13", "Card values: every 2 counts 20 in all four suits, 3–10 face value,"
              " Jack 11, Queen 12, King 13, Ace 15."),
        _rule("basics.14", "At the end of a round every player scores the cards still in their"
              " hand, and the lowest total wins.", "MT-A16", "MT-A18"),
        _rule("basics.15", "Even when you have a playable card, you may choose to pass.",
              "MT-A5"),
        _rule("basics.16", "Passing requires you to pick one card from the main deck, keep it,"
              " and immediately end your turn — but if you already drew this turn, that card"
              " paid for the pass and no second card is taken.", "MT-A5", "MT-A9"),
        _rule("basics.17", "Cards taken as a pick-two penalty cannot be played on that same"
              " turn.", "MT-A5"),
        _rule("basics.18", "Playing your last card ends the round at once — no suit choice"
              " after a final Ace and no extra turn after a final 8 or Jack. Your score for that"
              " round is 0.", "MT-A11"),
    ]},
    {"id": "chopper", "title": "The base card and the chopper", "rules": [
        _rule("chopper.1", "At the start of every round the server picks one card at random as"
              " the base card. It is shown face up, sideways under the deck, and everyone in"
              " the round sees the same one.", "MT-A1"),
        _rule("chopper.2", "The card that cuts is the chopper: the seven of the base card's"
              " suit. The rank of the base card does not matter — if the base card is 6♦ the"
              " chopper is 7♦, and if it is K♣ the chopper is 7♣."),
        _rule("chopper.3", "It is only a marker: it is never dealt to a hand and it can never"
              " be played from the pile.", "MT-A1", "MT-A2"),
        _rule("chopper.4", "The chopper is an ordinary card when it comes to matching: it must"
              " match the suit in play, or the rank of the card on the pile (another 7 of any"
              " suit).", "MT-A3"),
        _rule("chopper.5", "If the base card is 7♣, it can go on 6♣, K♣, 7♥ or 7♦, but not on"
              " 6♥ or Q♠.", "MT-A1"),
        _rule("chopper.6", "When an Ace has called a suit, that called suit is the one it must"
              " match. The chopper is never a wildcard.", "MT-A3", "MT-A6"),
        _rule("chopper.7", "Cutting is allowed from the very first turn, but only when the cards"
              " that would remain after playing the chopper total 20 points or fewer.",
              "MT-A3"),
        _rule("chopper.8", "The chopper's own seven points are not counted, so a hand of 7♦ 7♥"
              " 8♠ (22 points on show) can cut with 7♦ when 7♦ is the chopper, because 15"
              " points remain. Exactly 20 qualifies; 21 does not.", "MT-A3"),
        _rule("chopper.9", "Both checks must pass: if the chopper does not match the pile, or"
              " the hand left behind is too heavy, the cut is refused and the round carries"
              " on.", "MT-A3"),
        _rule("chopper.10", "Any penalty cards you owe, and naming a suit after an Ace, must be"
              " settled first.", "MT-A4"),
        _rule("chopper.11", "An Ace can name the chopper's suit, but it is not the chopper and"
              " does not end the round.", "MT-A15"),
        _rule("chopper.12", "When someone cuts, the round ends at once, every remaining hand is"
              " revealed and points are counted.", "MT-A18"),
        _rule("chopper.13", "The lowest total wins the round — cutting ends the round, it does"
              " not automatically win it, and equal lowest totals are recorded as a tie. The"
              " result is saved to your history.", "MT-A16", "MT-A18"),
    ]},
    # applies_when: the options under which these sentences are in force (the version diff
    # on the rules page reads it); a rule's own applies_when overrides its section's.
    {"id": "jokers", "title": "Playing with Jokers (optional)", "applies_when": {"jokers": True},
     "rules": [
        dict(_rule("jokers.1", "Jokers are switched off by default. The host turns them on before"
              " the cards are dealt, and the setting is locked for the rest of the round.",
              "MT-A17"), applies_when={}),
        _rule("jokers.2", "With Jokers on, the deck has 54 cards: one red Joker and one black"
              " Joker. They behave identically and each is worth 25 points, so holding one"
              " always puts you over the cutting limit.", "MT-A14"),
        _rule("jokers.3", "A Joker is a wild Pick Five: it can be played on any card, the next"
              " player owes five cards, and the person who played it names the suit that"
              " follows.", "MT-A14"),
        _rule("jokers.4", "A second Joker adds five more (Pick Ten) and passes the penalty on,"
              " with the newest suit request replacing the earlier one.", "MT-A14"),
        _rule("jokers.5", "A 2 cannot answer a Pick Five, and a Joker cannot answer a Pick Two"
              " — the two attacks are never mixed.", "MT-A7", "MT-A14"),
        _rule("jokers.6", "The Ace of Spades is the master ace. Besides working as an ordinary"
              " Ace, it cancels a Pick Two, or a Pick Five of any size: nothing is drawn and"
              " the attack ends.", "MT-A10"),
        _rule("jokers.7", "Used this way it does not name a suit — the turn ends there and the"
              " next player may play any card at all, whatever its suit or rank. If that player"
              " chooses a 2 or a Joker, it starts a completely fresh penalty.", "MT-A10"),
        _rule("jokers.8", "Played on an ordinary turn the Ace of Spades still changes the suit"
              " as usual. The other Aces cannot block a penalty.", "MT-A10", "MT-A7"),
        _rule("jokers.9", "A final Joker or a final Ace of Spades simply ends the round with an"
              " empty hand and zero points — no penalty is created and no suit is requested.",
              "MT-A11"),
        _rule("jokers.10", "A Joker can never be the base card or the opening discard, and"
              " neither a Joker nor the Ace of Spades can cut.", "MT-A12", "MT-A15"),
        _rule("jokers.11", "You also cannot cut while a Pick Two or Pick Five is unresolved.",
              "MT-A4"),
    ]},
    {"id": "versions", "title": "Published rule versions", "rules": [
        _rule("versions.1", "These come straight from the database, so what you read is what"
              " the game engine uses.", "MT-A17"),
    ]},
]

RULINGS_V1 = [
    {"id": "MT-A1", "title": "The base card is a virtual marker",
     "text": "The server draws a random card identity for display; all 52 (54) cards stay in"
             " the deck and are dealt normally, so a base card of 7♣ makes 7♣ the chopper and"
             " the real 7♣ is somewhere in play. Option base_card_mode=physical_removed takes"
             " the base card out of play instead (then a 7 base card leaves no chopper)."},
    {"id": "MT-A2", "title": "\"Never played from the pile\"",
     "text": "The marker is never in the stock or the pile. A real chopper lying in the pile"
             " cannot cut from there; reshuffled into the stock it can be drawn and played"
             " again."},
    {"id": "MT-A3", "title": "The cut is a separate, optional move",
     "text": "The chopper can always be played as an ordinary 7 when it matches. Cutting is a"
             " separate move, legal only if the chopper matches (suit in play, called suit, or"
             " a 7 on a 7), the other cards left total 20 or fewer, and no penalty or suit"
             " naming is pending. A refused cut changes nothing. Option auto_cut=true makes"
             " every legal chopper play that passes the 20-point check a cut."},
    {"id": "MT-A4", "title": "\"Settled first\"",
     "text": "A player who owes penalty cards must pick them up, which ends the turn, so they"
             " cannot cut that turn. Naming a suit after an Ace comes before anything else. A"
             " cut may follow a voluntary draw in the same turn."},
    {"id": "MT-A5", "title": "The turn: draw, pass and play",
     "text": "At the start of a turn: play, cut, draw one card, or pass (take one card and end"
             " the turn). After a draw: play any legal card, cut, or pass without taking a"
             " second card; no second draw. If nothing can be played after the draw, the turn"
             " ends by itself. With a penalty pending: answer it (a 2 on a pick-two, a Joker on"
             " a pick-five, the Ace of Spades on either) or pick it up, which ends the turn."},
    {"id": "MT-A6", "title": "The suit an Ace names",
     "text": "The Ace's player names any suit, its own included. The next card must be of that"
             " suit, an Ace, or (with Jokers) a Joker. The request lasts through draws and"
             " passes until a card is played. An opening Ace names nothing; a final Ace names"
             " nothing."},
    {"id": "MT-A7", "title": "The pick-two",
     "text": "The next player owes 2: pass it on with a 2 of any suit (the next player then"
             " owes 2, never 4), cancel it with the Ace of Spades, or pick up. Other Aces and"
             " Jokers cannot answer it. Once paid, the 2 on the pile is an ordinary card."},
    {"id": "MT-A8", "title": "8 and Jack skip",
     "text": "With 3 or more players the next player loses their turn; with 2 the same player"
             " takes a complete new turn. An 8 or Jack cannot be played on a pending penalty."
             " A final 8 or Jack gives no extra turn."},
    {"id": "MT-A9", "title": "When the stock runs out",
     "text": "The pile except its top card is shuffled into a new stock. If no card can be"
             " had, drawing is unavailable, passing takes nothing and a penalty is paid with"
             " what there is. If every player passes for a full cycle with no card played and"
             " no card to take, the round ends and the hands are scored. Option"
             " on_stock_empty=end_round ends the round instead when a card is needed from an"
             " empty stock."},
    {"id": "MT-A10", "title": "The open pile after the Ace of Spades cancels",
     "text": "After the Ace of Spades cancels a penalty the next player may play any card, and"
             " a 2 or Joker then starts a fresh penalty. The pile stays open through draws and"
             " passes until a card is played. On an ordinary turn the Ace of Spades names a"
             " suit like any Ace."},
    {"id": "MT-A11", "title": "A final card has no effect",
     "text": "Any final card, a 2 included, ends the round at once: no penalty, no suit"
             " request, no skip. A final Ace of Spades that cancels a penalty also ends the"
             " round, and its player scores 0."},
    {"id": "MT-A12", "title": "The opening card has no effect",
     "text": "An opening 2 creates no penalty, an opening 8 or Jack skips nobody, an opening Ace"
             " names no suit and an opening chopper is just a 7 in the pile. An opening Joker is"
             " returned to the stock and another card is turned."},
    {"id": "MT-A13", "title": "Dealer, first player and direction",
     "text": "The first dealer is chosen at random, the deal passes clockwise each round, play"
             " goes clockwise and the player to the dealer's left acts first."},
    {"id": "MT-A14", "title": "Jokers",
     "text": "A Joker can be played on any card except an unpaid pick-two. The next player owes"
             " 5, and the Joker's player names a suit. A second Joker on an unpaid pick-five"
             " makes a pick-ten (the cap) and its suit request replaces the old one. After the"
             " penalty is paid the next player follows the requested suit (or plays an Ace or a"
             " Joker). A Joker has no rank. If the Ace of Spades cancels, the request is dropped"
             " and the pile is open."},
    {"id": "MT-A15", "title": "The Ace of Spades and Jokers cannot cut",
     "text": "Only the chopper cuts. An Ace naming the chopper's suit does not end the round."},
    {"id": "MT-A16", "title": "Results and session length",
     "text": "Each round is recorded with its rules version, seating, base card, chopper, how it"
             " ended (empty hand, cut or stock exhausted), each hand's total and the winners,"
             " ties included. Option session_rounds plays several rounds and totals the"
             " scores; the lowest session total wins."},
    {"id": "MT-A17", "title": "The rule versions",
     "text": "This rulebook text is matatu-v1. The Jokers setting is chosen before the deal and"
             " stored with the record."},
    {"id": "MT-A18", "title": "A cut does not automatically win",
     "text": "The cutter's remaining cards are counted like everyone's (the chopper, having"
             " been played, is not). The lowest total wins; equal lowest totals are a tie."},
    {"id": "MT-S1", "title": "How many players",
     "text": "The rulebook does not say. Two players are supported (\"with two players that"
             " means you play again\"); the ruling is 2 to 6. Seven fit the 52 cards but leave a"
             " stock of only two, so they need the option max_players set to 7."},
]

# Where the rulebook disagrees with itself, the rules page shows how the engine reads it.
NOTES_V1 = [
    {"rule": "basics.1", "text": "The Jokers option (jokers section) adds two Jokers; with it"
                                 " off the deck is the 52 cards this sentence describes."},
    {"rule": "basics.9", "text": "\"Only another 2 can\" answers by passing the penalty on;"
                                 " the Ace of Spades still cancels it, as basics.5 and"
                                 " jokers.6 say (MT-A7)."},
    {"rule": "chopper.3", "text": "Read with chopper.5 this only works if the base card is a"
                                  " marker and the real card stays in the deck (MT-A1)."},
    {"rule": "chopper.10", "text": "MT-A4 says a player who owes penalty cards \"has to pick"
                                   " them up\"; the text (basics.5, jokers.4, jokers.6) also"
                                   " lets them pass the penalty on or cancel it with the Ace"
                                   " of Spades, and the engine follows the text. Every answer"
                                   " ends the turn, so there is no cut that turn either way."},
    {"rule": "jokers.1", "text": "In a session of several rounds (session_rounds) the Jokers"
                                 " setting chosen before the first deal holds for every"
                                 " round."},
]

RULE_VERSIONS = [
    {"id": "matatu-v1", "title": "Matatu, version 1",
     "description": "The published rulebook text, with rulings MT-A1 to MT-A18 for what it"
                    " leaves open.",
     "sections": SECTIONS_V1, "rulings": RULINGS_V1, "notes": NOTES_V1},
]

OPTIONS = [
    {"id": "jokers", "title": "Jokers", "default": False, "values": [False, True],
     "meaning": "Add a red and a black Joker (54 cards): a wild Pick Five worth 25 points.",
     "ruling": "MT-A14", "locked": True},
    {"id": "base_card_mode", "title": "Base card", "default": "virtual",
     "values": ["virtual", "physical_removed"],
     "meaning": "virtual: the base card is only a marker and every card stays in play;"
                " physical_removed: the base card is taken out of play for the round.",
     "ruling": "MT-A1", "locked": True},
    {"id": "auto_cut", "title": "Automatic cut", "default": False, "values": [False, True],
     "meaning": "When on, playing the chopper while the cut is legal always cuts.",
     "ruling": "MT-A3", "locked": True},
    {"id": "on_stock_empty", "title": "When the stock runs out", "default": "reshuffle",
     "values": ["reshuffle", "end_round"],
     "meaning": "reshuffle: the pile under its top card becomes the new stock; end_round: the"
                " round ends as soon as a card is needed from an empty stock.",
     "ruling": "MT-A9", "locked": True},
    {"id": "max_players", "title": "Most players", "default": 6, "values": [6, 7],
     "meaning": "6 is the ruling; 7 fits the deck but leaves a stock of only two cards.",
     "ruling": "MT-S1", "locked": True},
    {"id": "session_rounds", "title": "Rounds", "default": 1, "values": [1, 3, 5],
     "meaning": "More than one: a session of rounds with the scores totalled; the lowest total"
                " wins.",
     "ruling": "MT-A16", "locked": True},
]

# ---- cards ---------------------------------------------------------------------------------

HAND_SIZE = 7
CUT_LIMIT = 20  # chopper.7: 20 or fewer may remain
JOKER_POINTS = 25
RANK_POINTS = {"2": 20, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
               "J": 11, "Q": 12, "K": 13, "A": 15}
SKIP_RANKS = ("8", "J")
MASTER_ACE = "AS"
PENALTY_WORDS = {"two": "pick-two", "joker": "pick-five"}
NUMBER_WORDS = {1: "one card", 2: "two cards", 5: "five cards", 10: "ten cards"}

# Looked up by code on every move, so computed once.
_ALL_CODES = standard_deck(jokers=True)
RANK = {code: ("JOKER" if code in JOKERS else code[:-1]) for code in _ALL_CODES}
SUIT = {code: (None if code in JOKERS else code[-1]) for code in _ALL_CODES}
POINTS = {code: (JOKER_POINTS if code in JOKERS else RANK_POINTS[RANK[code]])
          for code in _ALL_CODES}
LABEL = {code: Card.parse(code).label for code in _ALL_CODES}


def points(cards) -> int:
    return sum(POINTS[code] for code in cards)


def chopper_of(base_card: str) -> str:
    """chopper.2: the seven of the base card's suit; the base card's rank does not matter."""
    return "7" + SUIT[base_card]


def _cards_text(count: int) -> str:
    return NUMBER_WORDS.get(count, f"{count} cards")


def _rank_words(rank: str) -> str:
    """``"a 6"``, ``"an 8"``, ``"a Jack"``, for messages."""
    word = RANK_NAMES.get(rank, rank)
    return ("an " if word[0] in "8A" else "a ") + word


def _seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


# ---- the game ------------------------------------------------------------------------------


class Matatu(Game):
    """One Matatu round (or a session of rounds, MT-A16) between 2 and 6 (or 7) players.

    State, all in ``snapshot()``: ``hands`` (codes in the order they arrived), ``pile``
    (bottom..top), ``stock`` (top first), ``base_card`` (the marker), ``turn`` and ``stage``
    (the turn state machine of MT-A5: start, after_draw, name_suit, penalty, over),
    ``drawn`` (the card drawn this turn), ``requested_suit`` (named by an Ace or Joker),
    ``open_pile`` (after the Ace of Spades cancels, MT-A10), ``penalty``, ``dry_turns``
    (passes in a row with nothing to take, MT-A9), session ``scores`` and the public ``log``.
    """

    ACTIONS = {"play": {"card": "text"}, "cut": {"card": "text"}, "name_suit": {"suit": "text"},
               "draw": {}, "pass": {}, "accept": {}}
    id = "matatu"
    title = "Matatu"
    min_players = 2
    max_players = 7
    default_players = 4
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS

    # ---- dealing ---------------------------------------------------------------------------
    def setup(self) -> None:
        self._check_player_count()
        self.round_number = 1
        self.scores = [0] * self.players
        self.round_results = []
        self.log = []
        self.finished = False
        self.dealer = self.rng.randbelow(self.players)  # MT-A13: the first dealer is random
        self._deal()

    def _check_player_count(self) -> None:
        most = self.options["max_players"]
        if self.players > most:
            raise IllegalAction(
                f"Matatu is played by 2 to {most} players, not {self.players}; seven players"
                " need the option max_players set to 7 (MT-S1).", rule="MT-S1")

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
        self._say(None, f"Round {self.round_number}. {_seat_name(self.dealer)} deals. The base"
                        f" card is {LABEL[self.base_card]}, so the chopper is"
                        f" {LABEL[self.chopper]}. The opening card is {LABEL[self.pile[-1]]}.")
        # MT-A12 / MT-A13: the opening card has no effect; left of the dealer acts first.
        self._begin_turn((self.dealer + 1) % self.players)

    def setup_position(self, position: dict) -> None:
        """Build a position from a scenario.

        ``position`` (all card codes as in DESIGN.md)::

            {"hands": [["7D", "7H", "8S"], ["KD", "2C"], ...],  # one list per seat
             "pile": ["6D", "KD"],          # bottom .. top; the top card is in play
             "stock": ["3C", "9H", ...],    # top first; the next card drawn is stock[0]
             "base_card": "6D",             # the marker (MT-A1); never a Joker
             "dealer": 0,                   # optional, default: right of to_move
             "to_move": 1,                  # optional, default: left of the dealer
             "stage": "start",              # optional: "start", "after_draw" or "name_suit"
             "drawn": null,                 # with stage "after_draw": the card drawn this turn
             "requested_suit": null,        # "C"/"D"/"H"/"S" named by the Ace or Joker on top
             "penalty": null,               # or {"kind": "two", "count": 2} owed by to_move
             "open_pile": false,            # true after the Ace of Spades cancelled (MT-A10)
             "round": 1, "scores": [0, 0]}  # optional, for a session (MT-A16)

        Every card of the deck (52, or 54 with the jokers option) must appear exactly once
        across hands, pile and stock; with base_card_mode "physical_removed" the base card is
        the one card missing. A position the rules could not reach is refused with a reason.
        """
        self._check_player_count()
        n = self.players
        deck = standard_deck(jokers=self.options["jokers"])
        self.base_card = self._position_card(position.get("base_card"), "base_card")
        if self.base_card in JOKERS:
            raise IllegalAction("A Joker can never be the base card (jokers.10).", "jokers.10")
        physical = self.options["base_card_mode"] == "physical_removed"
        self.out_of_play = [self.base_card] if physical else []

        hands = position.get("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise IllegalAction(f"The position needs \"hands\": one list of cards for each of"
                                f" the {n} seats.")
        self.hands = [[self._position_card(c, f"hand {i + 1}") for c in self._list(h, "hands")]
                      for i, h in enumerate(hands)]
        for seat, hand in enumerate(self.hands):
            if not hand:
                raise IllegalAction(f"{_seat_name(seat)} has no cards; an empty hand would"
                                    " already have ended the round (basics.18).")
        self.pile = [self._position_card(c, "pile") for c in self._list(position.get("pile"),
                                                                          "pile")]
        if not self.pile:
            raise IllegalAction("The pile needs at least its top card.")
        self.stock = [self._position_card(c, "stock")
                      for c in self._list(position.get("stock", []), "stock")]

        placed = [c for hand in self.hands for c in hand] + self.pile + self.stock
        placed += self.out_of_play
        for code in sorted(set(placed)):
            if placed.count(code) > 1:
                raise IllegalAction(f"The card {LABEL[code]} ({code}) appears"
                                    f" {placed.count(code)} times; each card is in exactly"
                                    " one place.")
        for code in placed:
            if code not in deck:
                raise IllegalAction(f"The card {code} is not in the deck: Jokers need the"
                                    " jokers option.")
        missing = [c for c in deck if c not in placed]
        if missing:
            raise IllegalAction("Every card must be placed; missing: "
                                + ", ".join(missing) + ".")

        to_move = position.get("to_move")
        dealer = position.get("dealer")
        if to_move is None:
            dealer = 0 if dealer is None else dealer
            to_move = None if not self._is_seat(dealer) else (dealer + 1) % n
        elif dealer is None and self._is_seat(to_move):
            dealer = (to_move - 1) % n
        if not self._is_seat(to_move) or not self._is_seat(dealer):
            raise IllegalAction(f"\"to_move\" and \"dealer\" must be seats 0 to {n - 1}.")
        self.dealer = dealer

        top = self.pile[-1]
        requested = position.get("requested_suit")
        if requested is not None:
            if requested not in SUITS:
                raise IllegalAction(f"\"requested_suit\" must be one of C, D, H, S, not"
                                    f" {requested!r}.")
            if RANK[top] not in ("A", "JOKER"):
                raise IllegalAction("Only an Ace or a Joker on top of the pile can request a"
                                    " suit (MT-A6).")
        self.requested_suit = requested
        self.open_pile = bool(position.get("open_pile", False))
        if self.open_pile and (top != MASTER_ACE or requested is not None):
            raise IllegalAction("The pile is open only straight after the Ace of Spades"
                                " cancelled a penalty, so its top card is A♠ and no suit is"
                                " requested (MT-A10).")

        stage = position.get("stage", "start")
        if stage not in ("start", "after_draw", "name_suit"):
            raise IllegalAction("\"stage\" must be \"start\", \"after_draw\" or \"name_suit\""
                                " (a penalty stage comes from \"penalty\").")
        self.penalty = self._position_penalty(position.get("penalty"), top, to_move, stage)
        if stage == "name_suit":
            if RANK[top] not in ("A", "JOKER") or requested is not None or self.open_pile:
                raise IllegalAction("Stage \"name_suit\" needs the Ace or Joker just played on"
                                    " top of the pile, with no suit named yet (MT-A6).")
            if (RANK[top] == "JOKER") != (self.penalty is not None):
                raise IllegalAction("A Joker waiting for its suit needs its pick-five penalty,"
                                    " and an Ace none (MT-A14).")
        elif top in JOKERS and requested is None and not self.open_pile:
            raise IllegalAction("A Joker on top of the pile needs the suit it requested"
                                " (\"requested_suit\", MT-A14).")
        if self.penalty is not None and (self.open_pile or stage == "after_draw"):
            raise IllegalAction("A penalty is answered at the start of a turn, on a pile that"
                                " is not open (MT-A5).")

        self.round_number = position.get("round", 1)
        sessions = self.options["session_rounds"]
        if not isinstance(self.round_number, int) or not 1 <= self.round_number <= sessions:
            raise IllegalAction(f"\"round\" must be 1 to {sessions}.")
        scores = position.get("scores", [0] * n)
        if (not isinstance(scores, list) or len(scores) != n
                or not all(isinstance(s, int) and s >= 0 for s in scores)):
            raise IllegalAction(f"\"scores\" must list {n} session totals.")
        self.scores = list(scores)
        self.round_results = []
        self.log = []
        self.finished = False
        self.dry_turns = 0
        self._say(None, f"Round {self.round_number}. The base card is {LABEL[self.base_card]},"
                        f" so the chopper is {LABEL[self.chopper]}.")
        self._begin_turn(to_move)
        if stage == "name_suit":
            self.stage = "name_suit"
        elif stage == "after_draw":
            drawn = position.get("drawn")
            if drawn not in self.hands[to_move]:
                raise IllegalAction("Stage \"after_draw\" needs \"drawn\": the card to_move"
                                    " drew, which is in their hand.")
            self.stage, self.drawn = "after_draw", drawn

    def _position_penalty(self, penalty, top: str, to_move: int, stage: str):
        if penalty is None:
            return None
        if not isinstance(penalty, dict) or penalty.get("kind") not in ("two", "joker"):
            raise IllegalAction("\"penalty\" is null or {\"kind\": \"two\"|\"joker\","
                                " \"count\": 2|5|10}.")
        kind = penalty["kind"]
        count = penalty.get("count", 2 if kind == "two" else 5)
        if kind == "two" and (count != 2 or RANK[top] != "2"):
            raise IllegalAction("A pick-two needs a 2 on top of the pile and is always two"
                                " cards (basics.6).")
        if kind == "joker" and (count not in (5, 10) or top not in JOKERS):
            raise IllegalAction("A pick-five needs a Joker on top of the pile and is five or"
                                " ten cards (MT-A14).")
        owed_by = (to_move + 1) % self.players if stage == "name_suit" else to_move
        if penalty.get("owed_by", owed_by) != owed_by:
            raise IllegalAction("The penalty is owed by the player to move (or, while the"
                                " Joker's suit is being named, by the next player).")
        return {"kind": kind, "count": count, "owed_by": owed_by}

    def _list(self, value, what: str) -> list:
        if not isinstance(value, list):
            raise IllegalAction(f"\"{what}\" must be a list of card codes.")
        return value

    def _position_card(self, code, where: str) -> str:
        try:
            return str(Card.parse(code))
        except ValueError:
            raise IllegalAction(f"{code!r} in {where} is not a card code (like 7D, 10H, AS,"
                                " RJ).") from None

    def _is_seat(self, seat) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players

    # ---- what the table shows ----------------------------------------------------------------
    @property
    def chopper(self) -> str:
        return chopper_of(self.base_card)

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

    # ---- what may be played ----------------------------------------------------------------
    def _follows(self, code: str) -> bool:
        """May ``code`` go on the pile on an ordinary turn (no penalty owed)?"""
        if self.open_pile or code in JOKERS or RANK[code] == "A":
            return True  # MT-A10 open pile; jokers.3 wild; basics.8 Ace on any ordinary card
        if self.requested_suit is not None:
            # MT-A6: the named suit governs; rank matching would mean another Ace.
            return SUIT[code] == self.requested_suit
        top = self.pile[-1]
        return SUIT[code] == SUIT[top] or RANK[code] == RANK[top]

    def _answers(self, code: str) -> bool:
        """May ``code`` answer the pending penalty? (MT-A7, MT-A14: never mixed.)"""
        if code == MASTER_ACE:
            return True
        if self.penalty["kind"] == "two":
            return RANK[code] == "2"
        return code in JOKERS

    def _playable(self, seat: int) -> list:
        hand = self.hands[seat]
        if self.stage == "penalty":
            return [code for code in hand if self._answers(code)]
        return [code for code in hand if self._follows(code)]

    def _cut_refusal(self, seat: int):
        """None if ``seat`` may cut now, else the IllegalAction saying why (MT-A3, MT-A4)."""
        chopper = self.chopper
        if self.stage == "name_suit":
            return IllegalAction("Name the suit for the card you just played first; then the"
                                 " turn is over (MT-A4).", "MT-A4")
        if self.stage == "penalty":
            word = PENALTY_WORDS[self.penalty["kind"]]
            return IllegalAction(f"You cannot cut while a {word} is unresolved: settle the"
                                 " penalty first (MT-A4).", "MT-A4")
        if chopper in self.out_of_play:
            return IllegalAction(f"Nobody can cut this round: the chopper {LABEL[chopper]} is"
                                 " the base card, taken out of play (MT-A1).", "MT-A1")
        if chopper not in self.hands[seat]:
            return IllegalAction(f"You cannot cut: the chopper is {LABEL[chopper]} and you do"
                                 " not hold it (chopper.2).", "chopper.2")
        if not self._follows(chopper):
            if self.requested_suit is not None:
                return IllegalAction(f"You cannot cut: the chopper {LABEL[chopper]} must follow"
                                     f" the called suit, {SUIT_SYMBOLS[self.requested_suit]},"
                                     " like any card; it is never a wildcard (chopper.6).",
                                     "chopper.6")
            return IllegalAction(f"You cannot cut: the chopper {LABEL[chopper]} must match"
                                 f" {LABEL[self.pile[-1]]} by suit or rank like any card"
                                 " (chopper.4, MT-A3).", "MT-A3")
        left = points(self.hands[seat]) - POINTS[chopper]
        if left > CUT_LIMIT:
            return IllegalAction(f"You cannot cut: the cards left would total {left} points; a"
                                 " cut needs 20 or fewer (MT-A3).", "MT-A3")
        return None

    def _can_draw(self) -> bool:
        if self.stock:
            return True
        return self.options["on_stock_empty"] == "reshuffle" and len(self.pile) > 1

    def actions_for(self, seat: int) -> list:
        if self.finished or seat != self.turn:
            return []
        if self.stage == "name_suit":
            return [{"type": "name_suit", "suit": suit, "seat": seat} for suit in SUITS]
        plays = self._playable(seat)
        if self.stage == "penalty":
            actions = [{"type": "play", "card": code, "seat": seat} for code in plays]
            return actions + [{"type": "accept", "seat": seat}]
        can_cut = self._cut_refusal(seat) is None
        if can_cut and self.options["auto_cut"]:
            plays = [code for code in plays if code != self.chopper]  # it can only cut (MT-A3)
        actions = [{"type": "play", "card": code, "seat": seat} for code in plays]
        if can_cut:
            actions.append({"type": "cut", "card": self.chopper, "seat": seat})
        if self.stage == "start" and self._can_draw():
            actions.append({"type": "draw", "seat": seat})
        actions.append({"type": "pass", "seat": seat})
        return actions

    # ---- why a move is refused -------------------------------------------------------------
    def _aces_text(self) -> str:
        return "an Ace or a Joker" if self.options["jokers"] else "an Ace"

    def _follow_refusal(self, code: str) -> IllegalAction:
        """Why ``code`` does not follow on an ordinary turn, in the player's words."""
        top = self.pile[-1]
        if self.requested_suit is not None:
            suit = self.requested_suit
            who, rule = ("the Joker", "MT-A14") if top in JOKERS else ("the Ace", "MT-A6")
            return IllegalAction(f"You must follow {SUIT_SYMBOLS[suit]} or play"
                                 f" {self._aces_text()}: {who} named {SUIT_NAMES[suit]}"
                                 f" ({rule}).", rule)
        return IllegalAction(f"The {LABEL[code]} does not match {LABEL[top]}: play a"
                             f" {SUIT_SYMBOLS[SUIT[top]]}, {_rank_words(RANK[top])}, or"
                             f" {self._aces_text()} (basics.3).", "basics.3")

    def _penalty_text(self) -> str:
        kind, count = self.penalty["kind"], self.penalty["count"]
        if kind == "two":
            return ("You owe two cards: play a 2, cancel with the Ace of Spades, or pick them up"
                    " (MT-A7).")
        return (f"You owe {_cards_text(count)}: play a Joker, cancel with the Ace of Spades, or"
                " pick them up (MT-A14).")

    def why_illegal(self, action: dict) -> IllegalAction:
        kind = action["type"]
        seat = action["seat"]
        shapes = {"play": {"card"}, "cut": {"card"}, "name_suit": {"suit"}, "draw": set(),
                  "pass": set(), "accept": set()}
        if kind not in shapes:
            return IllegalAction(f"Matatu has no move called {kind!r}; the moves are play, cut,"
                                 " name_suit, draw, pass and accept.")
        extra = set(action) - shapes[kind] - {"type", "seat"}
        missing = shapes[kind] - set(action)
        if extra or missing:
            needs = ", ".join(sorted(shapes[kind] | {"type", "seat"}))
            return IllegalAction(f"A {kind} move has exactly these fields: {needs}.")

        if self.stage == "name_suit":
            if kind == "name_suit":
                return IllegalAction(f"{action['suit']!r} is not a suit: name C, D, H or S.",
                                     "MT-A6")
            what = "Joker" if self.pile[-1] in JOKERS else "Ace"
            return IllegalAction(f"First name the suit that follows your {what} (MT-A4).",
                                 "MT-A4")
        if kind == "name_suit":
            return IllegalAction("You name a suit only straight after playing an Ace or a Joker"
                                 " (MT-A6).", "MT-A6")

        if kind in ("play", "cut"):
            try:
                code = str(Card.parse(action["card"]))
            except ValueError:
                return IllegalAction(f"{action['card']!r} is not a card.")
            if kind == "cut":
                if code != self.chopper:
                    return self._not_the_chopper(code)
                refusal = self._cut_refusal(seat)
                if refusal is not None:
                    return refusal
            if code not in self.hands[seat]:
                return IllegalAction(f"You do not hold the {LABEL[code]}.")
            if self.stage == "penalty":
                return self._refuse_answer(code)
            if kind == "play" and code == self.chopper and self.options["auto_cut"]:
                return IllegalAction("With automatic cutting on, playing the chopper here cuts:"
                                     " choose the cut (MT-A3).", "MT-A3")
            if code != action["card"]:
                return IllegalAction(f"Write the card as {code}.")
            return self._follow_refusal(code)

        if self.stage == "penalty":
            return IllegalAction(self._penalty_text(), "MT-A5")
        if kind == "accept":
            return IllegalAction("You owe no cards, so there is nothing to pick up.", "MT-A5")
        if kind == "draw":
            if self.stage == "after_draw":
                return IllegalAction("You have already drawn this turn: play a card or pass"
                                     " (MT-A5).", "MT-A5")
            return IllegalAction("The stock is empty and the pile cannot refill it, so there is"
                                 " nothing to draw: pass instead (MT-A9).", "MT-A9")
        return IllegalAction("That move is not allowed now.")

    def _not_the_chopper(self, code: str) -> IllegalAction:
        chopper = LABEL[self.chopper]
        if code in JOKERS or code == MASTER_ACE:
            return IllegalAction(f"Only the chopper ({chopper}) cuts; neither a Joker nor the"
                                 " Ace of Spades can cut (MT-A15).", "MT-A15")
        return IllegalAction(f"Only the chopper cuts, and this round it is {chopper}, not"
                             f" {LABEL[code]} (chopper.2).", "chopper.2")

    def _refuse_answer(self, code: str) -> IllegalAction:
        kind = self.penalty["kind"]
        if kind == "two" and code in JOKERS:
            return IllegalAction("A Joker cannot answer a pick-two: play a 2, cancel with the"
                                 " Ace of Spades, or pick them up (jokers.5).", "jokers.5")
        if kind == "joker" and RANK[code] == "2":
            return IllegalAction(f"A 2 cannot answer a pick-five: play a Joker, cancel with the"
                                 f" Ace of Spades, or pick up {_cards_text(self.penalty['count'])}"
                                 " (jokers.5).", "jokers.5")
        if RANK[code] == "A":
            return IllegalAction("Only the Ace of Spades can cancel a penalty; the other Aces"
                                 " cannot block it (jokers.8).", "jokers.8")
        return IllegalAction(self._penalty_text(), "MT-A7" if kind == "two" else "MT-A14")

    # ---- doing a move ----------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        kind, seat = action["type"], action["seat"]
        if kind in ("play", "cut"):
            self._play(seat, str(Card.parse(action["card"])), cut=kind == "cut")
        elif kind == "name_suit":
            self._name_suit(seat, action["suit"])
        elif kind == "draw":
            self._draw(seat)
        elif kind == "pass":
            self._pass(seat)
        elif kind == "accept":
            self._accept(seat)
        else:
            raise IllegalAction(f"Matatu has no move called {kind!r}.")

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
        name = _seat_name(seat)
        if cut:
            self._say(seat, f"{name} cut with the chopper {LABEL[code]}.")
            self._end_round("cut", cutter=seat)  # chopper.12
            return
        self._say(seat, f"{name} played {LABEL[code]}.")
        if not hand:
            self.penalty = None  # MT-A11: a final card has no effect at all
            self._end_round("empty_hand")
            return
        following = self._next(seat)
        if answering is not None and code == MASTER_ACE:
            # jokers.6-7 / MT-A10: the attack ends, no suit is named, anything may follow.
            self.penalty = None
            self.open_pile = True
            self._say(seat, f"{name} cancelled the {PENALTY_WORDS[answering['kind']]} with the"
                            " Ace of Spades: any card may follow.")
            self._begin_turn(following)
        elif RANK[code] == "2":
            # basics.4-6: the penalty is two, passed on or fresh, never more.
            self.penalty = {"kind": "two", "count": 2, "owed_by": following}
            self._say(None, f"{_seat_name(following)} owes two cards.")
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
                self._say(None, f"{name} plays again.")
            else:
                self._say(None, f"{_seat_name(following)} is jumped.")
            self._begin_turn(self._next(seat, 2))
        else:
            self._begin_turn(following)

    def _name_suit(self, seat: int, suit: str) -> None:
        self.requested_suit = suit
        self._say(seat, f"{_seat_name(seat)} named {SUIT_NAMES[suit]}.")
        if self.penalty is not None:
            owed_by = self.penalty["owed_by"]
            self._say(None, f"{_seat_name(owed_by)} owes {_cards_text(self.penalty['count'])}.")
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
            self._say(None, "The pile under the top card was shuffled into a new stock.")
        return self.stock.pop(0)

    def _draw(self, seat: int) -> None:
        card = self._take_card()
        self.hands[seat].append(card)
        self.drawn = card
        self.stage = "after_draw"
        self._say(seat, f"{_seat_name(seat)} drew a card.")
        # basics.12: only when nothing at all can be played does the turn end by itself.
        if not self._playable(seat) and self._cut_refusal(seat) is not None:
            self._say(seat, f"{_seat_name(seat)} cannot play and keeps the card.")
            self._end_turn(seat, dry=False)

    def _pass(self, seat: int) -> None:
        name = _seat_name(seat)
        if self.stage == "after_draw":
            self._say(seat, f"{name} passed.")  # basics.16: the drawn card paid for it
            self._end_turn(seat, dry=False)
            return
        card = self._take_card()
        if card is None:
            if self.options["on_stock_empty"] == "end_round":
                self._say(seat, f"{name} passed, but the stock is empty: the round ends"
                                " (MT-A9).")
                self._end_round("stock_exhausted")
                return
            self._say(seat, f"{name} passed; there was no card to take (MT-A9).")
            self._end_turn(seat, dry=True)
            return
        self.hands[seat].append(card)
        self._say(seat, f"{name} passed and took a card.")
        self._end_turn(seat, dry=False)

    def _accept(self, seat: int) -> None:
        owed = self.penalty["count"]
        taken = 0
        while taken < owed:
            card = self._take_card()
            if card is None:
                break
            self.hands[seat].append(card)
            taken += 1
        self.penalty = None
        name = _seat_name(seat)
        if taken == owed:
            self._say(seat, f"{name} picked up {_cards_text(owed)}.")
        else:
            self._say(seat, f"{name} picked up {_cards_text(taken)} of the {owed} owed: the"
                            " stock ran out (MT-A9).")
            if self.options["on_stock_empty"] == "end_round":
                self._end_round("stock_exhausted")
                return
        # basics.17 / MT-A5: picking up ends the turn, so penalty cards wait a turn.
        self._end_turn(seat, dry=taken == 0)

    def _end_turn(self, seat: int, dry: bool) -> None:
        # MT-A9: a full cycle of turns with nothing played and nothing to take ends the round.
        self.dry_turns = self.dry_turns + 1 if dry else 0
        if self.dry_turns >= self.players:
            self._say(None, "Nobody can play and the stock cannot be refilled: the round ends"
                            " (MT-A9).")
            self._end_round("stock_exhausted")
            return
        self._begin_turn(self._next(seat))

    def _end_round(self, reason: str, cutter=None) -> None:
        totals = [points(hand) for hand in self.hands]
        lowest = min(totals)
        winners = [seat for seat, total in enumerate(totals) if total == lowest]
        self.round_results.append({
            "round": self.round_number, "reason": reason, "dealer": self.dealer,
            "hands": [list(hand) for hand in self.hands], "totals": totals,
            "winners": winners, "cutter": cutter, "base_card": self.base_card,
            "chopper": self.chopper,
        })
        for seat, total in enumerate(totals):
            self.scores[seat] += total
        summary = ", ".join(f"{_seat_name(s)} {t}" for s, t in enumerate(totals))
        if len(winners) == 1:
            verdict = f"{_seat_name(winners[0])} wins the round."
        else:  # chopper.13 / MT-A18: equal lowest totals are a tie
            seats = ", ".join(str(s + 1) for s in winners[:-1]) + f" and {winners[-1] + 1}"
            verdict = f"Seats {seats} tie for the lowest total."
        self._say(None, f"Round {self.round_number} over. Points: {summary}. {verdict}")
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
            totals_text = ", ".join(f"{_seat_name(s)} {t}" for s, t in enumerate(self.scores))
            self._say(None, f"Session over. Totals: {totals_text}.")

    def _say(self, seat, text: str) -> None:
        self.log.append({"seat": seat, "text": text})

    # ---- what each seat sees -------------------------------------------------------------------
    def table_view(self, seat) -> dict:
        if seat is not None and not self._is_seat(seat):
            raise IllegalAction(f"There is no seat {seat!r} in this game.")
        own_turn = seat is not None and seat == self.to_move
        return {
            "game": self.id,
            "rules": self.rules,
            "options": dict(self.options),
            "players": self.players,
            "seat": seat,
            "to_move": self.to_move,
            "over": self.finished,
            "round": self.round_number,
            "rounds": self.options["session_rounds"],
            "dealer": self.dealer,
            "stage": self.stage,
            "hand": None if seat is None else list(self.hands[seat]),
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
            # Events are never changed once written, so the list is copied, not each event:
            # a long round's log would otherwise dominate the cost of every view.
            "log": list(self.log),
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

    # ---- saving, and where every card is -----------------------------------------------------
    _STATE = ("round_number", "dealer", "hands", "pile", "stock", "base_card", "out_of_play",
              "turn", "stage", "drawn", "requested_suit", "open_pile", "penalty", "dry_turns",
              "scores", "round_results", "log", "finished")

    def snapshot(self) -> dict:
        return _copy_state({key: getattr(self, key) for key in self._STATE})

    def restore(self, state: dict) -> None:
        for key, value in _copy_state(state).items():
            setattr(self, key, value)

    def card_locations(self) -> dict:
        """Every physical card's place: ``hand:<seat>``, ``pile``, ``stock``, ``out_of_play``."""
        places = {f"hand:{seat}": list(hand) for seat, hand in enumerate(self.hands)}
        places["pile"] = list(self.pile)
        places["stock"] = list(self.stock)
        places["out_of_play"] = list(self.out_of_play)
        return places

    def marker_cards(self) -> list:
        """Card identities the table names as markers (MT-A1), wherever the real cards are."""
        return [self.base_card, self.chopper]


def _copy_state(state: dict) -> dict:
    """A copy of ``Matatu`` state sharing nothing mutable. Written out by hand because it runs
    on every autosave, and ``copy.deepcopy`` is several times slower on a long log."""
    penalty = state["penalty"]
    return {
        "round_number": state["round_number"], "dealer": state["dealer"],
        "hands": [list(hand) for hand in state["hands"]], "pile": list(state["pile"]),
        "stock": list(state["stock"]), "base_card": state["base_card"],
        "out_of_play": list(state["out_of_play"]), "turn": state["turn"],
        "stage": state["stage"], "drawn": state["drawn"],
        "requested_suit": state["requested_suit"], "open_pile": state["open_pile"],
        "penalty": None if penalty is None else dict(penalty),
        "dry_turns": state["dry_turns"], "scores": list(state["scores"]),
        "round_results": [_copy_round(r) for r in state["round_results"]],
        "log": [dict(event) for event in state["log"]], "finished": state["finished"],
    }


def _copy_round(result: dict) -> dict:
    copied = dict(result)
    copied["hands"] = [list(hand) for hand in result["hands"]]
    copied["totals"] = list(result["totals"])
    copied["winners"] = list(result["winners"])
    return copied


# ---- bots ----------------------------------------------------------------------------------


class BasicMatatuBot(Bot):
    """A plain strategy a beginner could follow, seeing only its view and legal actions.

    Cut whenever allowed; answer a penalty with a 2 or a Joker, then the Ace of Spades; shed
    the heaviest card that follows (attack cards and jumps first at equal weight); keep the
    Ace of Spades for defence; name the suit it holds most of.
    """

    name = "basic"

    def __init__(self, rng: SeededRng | None = None):
        self.rng = rng or SeededRng(0)

    def choose(self, view: dict, legal_actions: list) -> dict:
        by_type = {}
        for action in legal_actions:
            by_type.setdefault(action["type"], []).append(action)
        if "cut" in by_type:
            return by_type["cut"][0]
        if "name_suit" in by_type:
            suit = self._favourite_suit(view["hand"])
            return next(a for a in by_type["name_suit"] if a["suit"] == suit)
        plays = by_type.get("play", [])
        if view["stage"] == "penalty":
            passes_on = [a for a in plays if a["card"] != MASTER_ACE]
            return (passes_on or plays or by_type["accept"])[0]
        hand = view["hand"]
        ordinary = [a for a in plays if a["card"] != MASTER_ACE]
        if ordinary:
            return max(ordinary, key=lambda a: self._shed_value(a["card"], view))
        if plays and len(hand) <= 2:
            return plays[0]  # the Ace of Spades, to go out or nearly
        if "draw" in by_type:
            return by_type["draw"][0]
        return by_type["pass"][0]

    @staticmethod
    def _shed_value(code: str, view: dict) -> int:
        value = POINTS[code]
        if RANK[code] == "2" or code in JOKERS:
            value += 6  # attacks cost the next player cards
        elif RANK[code] in SKIP_RANKS:
            value += 3
        elif RANK[code] == "A":
            value -= 12  # an Ace follows anything: keep it for when nothing else does
        if code == view["chopper"]:
            value -= 8  # it may cut later
        return value

    @staticmethod
    def _favourite_suit(hand: list) -> str:
        counts = {suit: (0, 0) for suit in SUITS}
        for code in hand:
            suit = SUIT[code]
            if suit is not None and RANK[code] != "A":
                held, weight = counts[suit]
                counts[suit] = (held + 1, weight + POINTS[code])
        return max(SUITS, key=lambda suit: counts[suit])


Matatu.BOTS = {"basic": BasicMatatuBot, "random": RandomBot}
