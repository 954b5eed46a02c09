"""Matchmakers: team tricks, a partner exchange, guides won by losing, twins that make a match.

The rulebook is ``rules/000``; the rulings are MK-A1 … MK-A30 in RULINGS.md, and comments cite
them. Read top to bottom: the cards, the rules as data (the rulebook's sentences with the
rulings that settle them, the options table), the pure rule functions (the scoring optimiser
``best_arrangement``, who wins and who loses a trick, which cards may be played), the
``Matchmakers`` state, and last the bots.

Seats are numbered clockwise from 0. With 4 players the partners sit opposite: team 0 is
seats 0 and 2, team 1 is seats 1 and 3. With 2 players (the straw-pile variant) each player is
a team of one, so team t is seat t.

Card codes (DESIGN.md): colour ``R B G Y`` (red, blue, green, yellow, MK-A1) + value 1-9, the
even values twice, told apart by ``s`` (star ★) and ``m`` (moon ☾): ``R1 R2s R2m R3 … R8s R8m
R9``. The four mountain guides (trumps) are ``T2 T4 T6 T8``.

Actions (every action names its seat; several seats may be pending during the exchange):

    {"type": "start", "seat": 2}                  # option next_starter=team_choice: "I start"
    {"type": "give", "card": "R3", "seat": 0}     # pick 1 of the 3 cards for the partner;
                                                  #   the third pick passes them face down
    {"type": "undo_give", "card": "R3", "seat": 0}      # take back a picked card (before the 3rd)
    {"type": "return", "card": "B5", "seat": 2}   # pick 1 of the 3 cards returned, same colour
                                                  #   distribution as received (MK-A3); the
                                                  #   third pick hands them back
    {"type": "undo_return", "card": "B5", "seat": 2}
    {"type": "play", "card": "R8s", "seat": 1}    # a hand card, a face-up straw card (2p) or one
                                                  #   of your guides: {"card": "T4"}
    {"type": "claim_guide", "guide": "T4", "from": "office", "seat": 3}   # or "from": <seat>
    {"type": "decline_guide", "seat": 3}          # the trick's loser lets the guide be (MK-A12)
    {"type": "collect", "card": "G5", "seat": 0}  # the winner picks a card for the campsite

The view (``view(seat)``, JSON-safe) holds: ``stage`` (``start``, ``exchange``, ``play``,
``claim``, ``collect``, ``over``), ``pending`` and ``decisions`` (who must decide what),
``hand`` (own only), ``hand_counts``, ``straw`` (2p: per seat the 9 stacks as ``{"up": card or
null, "down": true/false}``; face-down cards are hidden from everybody), ``guides`` (per seat,
face up), ``office``, ``exchange`` (per team, public progress; ``mine`` adds the seat's own
picks, the colour distribution both partners know, and the received cards still in hand),
``trick`` with ``lead_colour``, ``resolution`` (winner, loser, weakest card, the guide that
may be claimed, the collectable cards), ``last_trick``, ``campsites`` (per team: cards and
their best arrangement), ``discard``, ``score_sheet``, ``scores`` (per seat: the team total),
``log`` (public English) and ``result``.

Two conveniences, both logged: when the winner may collect only one card it is collected at
once (MK-A14), and a player who must play with no card at all skips (MK-A26). While the loser
and the winner decide, ``trick`` still shows the guides played, although they are already back
in the office (MK-A13 b). Between rounds the view's score sheet keeps each round's points and
the shape of its sets; the cards themselves are named in the log, because the next deal puts
them back into hands.

``best_arrangement(cards)`` is the scoring optimiser as a pure function; ``result()`` gives
per-seat ``scores`` (the team's total), ``winners`` (seats), ``team_scores``,
``winning_teams``, ``reason`` (``margin`` or ``rounds``) and ``rounds_played``.
"""

from functools import cache
from itertools import combinations

from ..bots import Bot, RandomBot
from ..errors import IllegalAction
from ..game import Game

# ---- the cards ------------------------------------------------------------------------------

COLOURS = ("R", "B", "G", "Y")
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}  # MK-A1
TWIN_MARKS = ("s", "m")  # ★ star, ☾ moon
MARK_SYMBOLS = {"s": "★", "m": "☾"}
TRUMP_VALUES = (2, 4, 6, 8)  # the even values: doubled in every colour, and the guides' values


def _colour_cards(colour: str) -> list:
    cards = []
    for value in range(1, 10):
        if value in TRUMP_VALUES:
            cards += [f"{colour}{value}{mark}" for mark in TWIN_MARKS]
        else:
            cards.append(f"{colour}{value}")
    return cards


ANIMALS = tuple(card for colour in COLOURS for card in _colour_cards(colour))  # 52
GUIDES = tuple(f"T{value}" for value in TRUMP_VALUES)  # T2 T4 T6 T8
ALL_CARDS = ANIMALS + GUIDES  # 56: every card is always in exactly one place

COLOUR_OF = {card: card[0] for card in ANIMALS}
VALUE_OF = {card: int(card[1]) for card in ALL_CARDS}
GUIDE_OF_VALUE = {value: f"T{value}" for value in TRUMP_VALUES}
TWIN_OF = {card: card[:2] + ("m" if card[2] == "s" else "s") for card in ANIMALS
           if len(card) == 3}  # R8s <-> R8m: the pair that makes a Matchmaking
_ORDER = {card: index for index, card in enumerate(ALL_CARDS)}

ROUNDS = 3  # "After 3 rounds ..."
WINNING_MARGIN = 30  # "a difference of at least 30 points" (MK-A20)
HAND_SIZE = {4: 13, 2: 8}
STRAW_STACKS = 9  # 2p: a 3×3 square of face-down cards, each covered by a face-up card
TURNS_PER_TRICK = 4  # 4p: one card each; 2p: two each (leader, opponent, leader, opponent)


def card_name(card: str) -> str:
    """Screen words for a card: ``red 8★``, ``blue 5``, ``guide 4``."""
    if card in GUIDES:
        return f"guide {card[1]}"
    mark = MARK_SYMBOLS.get(card[2:], "")
    return f"{COLOUR_NAMES[card[0]]} {card[1]}{mark}"


def sort_cards(cards) -> list:
    return sorted(cards, key=_ORDER.__getitem__)


def _list_names(cards) -> str:
    names = [f"{card_name(card)} ({card})" for card in sort_cards(cards)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _seat(seat: int) -> str:
    return f"Seat {seat + 1}"


# ---- the rules as data ------------------------------------------------------------------------

RULINGS = [
    {"id": "MK-A1", "title": "The fourth colour",
     "text": "The text names red, blue and green only. The colours are red, blue, green and"
             " yellow (yellow is a placeholder the screen may rename). Suit and colour mean the"
             " same thing."},
    {"id": "MK-A2", "title": "Who deals in round 1",
     "text": "The dealer is drawn at random from the game's seed. The dealer is the first player:"
             " they lead the first trick and initiate their team's exchange (MK-A4)."},
    {"id": "MK-A3", "title": "Colour distribution",
     "text": "The multiset of colours, values ignored: the 3 returned cards have exactly as many"
             " cards of each colour as the 3 received (8 red, 5 red, 2 blue: return 2 red and"
             " 1 blue)."},
    {"id": "MK-A4", "title": "Who initiates the exchange",
     "text": "The starting player (round 1: the dealer) initiates for their team. In the other"
             " team the initiator is the starting player's left-hand neighbour, the next seat"
             " clockwise (option exchange_initiator: team_choice lets that team's members"
             " decide)."},
    {"id": "MK-A5", "title": "Which cards the partner may return",
     "text": "Any cards of the partner's current hand, the 3 received included, that keep the"
             " colour distribution. The rulebook's Note follows from this: a colour the partner"
             " did not hold can only be returned with the cards received. Returning the"
             " received cards is always legal."},
    {"id": "MK-A6", "title": "Timing of the exchange",
     "text": "Both teams exchange at the same time, independently, every round of a 4-player"
             " game: the initiator gives exactly 3 cards, then the partner returns exactly 3."
             " Guides are never exchanged."},
    {"id": "MK-A7", "title": "No exchange with 2 players",
     "text": "The exchange is made \"with their respective partner\", and a 2-player game has"
             " none, so there is no exchange."},
    {"id": "MK-A8", "title": "When a guide may be played",
     "text": "On any turn of a trick, the lead included, a player may play one of their own"
             " face-up guides instead of a card. A guide gained at the end of a trick is played"
             " on a later trick."},
    {"id": "MK-A9", "title": "The lead colour after a guide is led",
     "text": "The lead colour is the colour of the first non-guide card of the trick. Until one"
             " is played any card is legal; after it, later cards follow it if they can, and a"
             " guide is always allowed."},
    {"id": "MK-A10", "title": "Several guides in one trick",
     "text": "The highest guide wins (T8 > T6 > T4 > T2). Option trump_vs_trump: first_played"
             " makes the first guide played win."},
    {"id": "MK-A11", "title": "The weakest card",
     "text": "Guides are never the weakest. An off-colour card is weaker than any lead-colour"
             " card. Within the lead colour the lower value is weaker; among off-colour cards"
             " the lower value is weaker whatever its colour. On equal values the card played"
             " first is weaker. A trick of guides only has no loser."},
    {"id": "MK-A12", "title": "The loser's claim is optional",
     "text": "Only if the weakest card is a 2, 4, 6 or 8 may its player take that guide, from"
             " the office or from any player, their partner included (the rulebook's example"
             " takes it from the partner), or decline. A player who already holds it gets"
             " nothing more."},
    {"id": "MK-A13", "title": "Resolution order",
     "text": "(a) find the winner and the loser; (b) guides played in the trick go back to the"
             " office; (c) the loser may claim; (d) the winner collects; (e) the rest is"
             " discarded. So a guide played in this trick can be claimed (option"
             " claim_trump_played_this_trick)."},
    {"id": "MK-A14", "title": "What the winner collects",
     "text": "Exactly one non-guide card that the winner did not play (a partner's card is"
             " fine), to the winner's team campsite; collecting is mandatory when such a card"
             " exists. The others are discarded and guides go to the office."},
    {"id": "MK-A15", "title": "All four guides in one trick",
     "text": "The guides go back to the office; there is no loser, claim or collection. The"
             " player of the T8 leads next (option all_trumps_next_leader: same_leader)."},
    {"id": "MK-A16", "title": "Matchmaking",
     "text": "A card of the same colour and value as a card already in the current trick (its"
             " ★/☾ twin) makes a Matchmaking, if it is a legal play. The trick ends at once: the"
             " twins are discarded, every other card goes to its player's team campsite, guides"
             " go to the office; no winner, loser or claim. The player of the second twin leads"
             " next; players who had not played keep their cards. With 2 players a player may"
             " match their own first card (option allow_self_matchmaking)."},
    {"id": "MK-A17", "title": "The round ends after the trick",
     "text": "The trick in which a hand becomes empty is completed and resolved (or ended by a"
             " Matchmaking), then the round ends. Guides in front of a player with an empty hand"
             " are not played; they score their penalty."},
    {"id": "MK-A18", "title": "The best arrangement",
     "text": "The engine arranges each campsite into the best-scoring sets: couples (the ★ and"
             " ☾ of one colour and value) and buddies (3 or 4 cards of one value in different"
             " colours), each card in at most one set. A card in a set scores +value, a card in"
             " none -value. Each guide held by a team member at the end scores -2 × value."},
    {"id": "MK-A19", "title": "The starter of rounds 2 and 3",
     "text": "From the previous starter, go clockwise to the first player of the leading team"
             " (the previous starter is not eligible). On equal totals the next player clockwise"
             " after the previous starter starts (option next_starter: team_choice lets the"
             " leading team decide)."},
    {"id": "MK-A20", "title": "End of the game",
     "text": "After every round: a difference of 30 or more ends the game. After round 3 the"
             " higher total wins; equal totals share the victory."},
    {"id": "MK-A21", "title": "Campsites belong to teams",
     "text": "Cards a Matchmaking sends to their players go to those players' team campsites."
             " With 2 players each player has their own campsite."},
    {"id": "MK-A22", "title": "Between rounds",
     "text": "After scoring all guides go back to the office; campsites and the discard pile"
             " are cleared and all 52 animals are shuffled and dealt again."},
    {"id": "MK-A23", "title": "\"Some animal cards\" each trick",
     "text": "The Overview's sentence is flavour: a trick of four guides, or a Matchmaking of"
             " two cards, puts nothing in a campsite."},
    {"id": "MK-A24", "title": "Order and following in a 2-player trick",
     "text": "Leader, opponent, leader, opponent. The first non-guide card sets the lead colour"
             " and all later non-guide cards, the leader's own second card included, follow it"
             " if they can."},
    {"id": "MK-A25", "title": "The hand with 2 players",
     "text": "Hand cards plus the face-up straw cards. A face-down card whose cover was played"
             " is revealed at the end of the trick and then belongs to the hand."},
    {"id": "MK-A26", "title": "Running out in a 2-player trick",
     "text": "A player who must play with no hand card and no face-up straw card first reveals"
             " their uncovered face-down cards, which become playable (a held guide may be"
             " played instead; option straw_emergency_reveal). A player with no cards at all"
             " skips their remaining plays of the trick. The round ends at the end of a trick"
             " in which a player has no cards left at all, face-down cards counted."},
    {"id": "MK-A27", "title": "\"Except for their own card\" with 2 players",
     "text": "The winner may collect none of the cards they played, so takes one of the"
             " opponent's non-guide cards, or nothing if there is none (option"
             " twop_collect_exclusion: winning_card_only excludes only the winning card)."},
    {"id": "MK-A28", "title": "Winner and loser may be one player (2 players)",
     "text": "That player may claim a guide and must collect."},
    {"id": "MK-A29", "title": "The starter of rounds 2 and 3 with 2 players",
     "text": "The player with the higher total starts; on equal totals, the player who did not"
             " start the previous round."},
    {"id": "MK-A30", "title": "Cards left in hand are not scored",
     "text": "Only campsite cards score (and held guides, as a penalty); cards still in a hand"
             " or straw pile at the end of a round are ignored."},
    {"id": "MK-S1", "title": "What is public",
     "text": "The rulebook does not say who may look at the campsites and the discard pile."
             " Both are public (face up): this is a digital table, and nothing in them is"
             " hidden while they are made. Option campsite_visibility = private hides the other"
             " team's campsite until the round is scored."},
]


def _rule(rule_id: str, text: str, *rulings: str) -> dict:
    return {"id": rule_id, "text": text, "rulings": list(rulings)}


SECTIONS = [
    {"id": "overview", "title": "Overview", "rules": [
        _rule("overview.goal", "MATCHMAKERS a team-based, must-follow trick-taking game. Each"
              " team aims to collect specific cards in order to form scoring sets."),
        _rule("overview.round", "At the beginning of each round, players exchange cards with"
              " their respective partner and then play a series of tricks.", "MK-A6", "MK-A7"),
        _rule("overview.campsite", "At the end of each trick, some animal cards will be placed"
              " in the campsite.", "MK-A23"),
        _rule("overview.end", "A round ends when one player runs out of cards in hand."
              " Collected cards are then pooled by team and scoring takes place.",
              "MK-A17", "MK-A30"),
        _rule("overview.players", "2 or 4 players / Ages 14 / 15–20 min"),
    ]},
    {"id": "components", "title": "Components", "rules": [
        _rule("components.animals", "52 playing cards in 4 suits, ranked 1 to 9 with all"
              " even-numbered cards doubled (1, 2★, 2☾, 3, 4★, 4☾, 5, 6★, 6☾, 7, 8★, 8☾, 9) –"
              " referred as adventurous animal", "MK-A1"),
        _rule("components.guides", "4 special trump cards (2, 4, 6, 8) in tarot size – referred"
              " as the mountain guides"),
    ]},
    {"id": "setup", "title": "Setup", "rules": [
        _rule("setup.teams", "The game is played as a team battle of 2 VS 2 players. Each team"
              " member should sit across from each other, so that both of your opponents sit"
              " next to you."),
        _rule("setup.areas", "There are 3 different areas to play:"),
        _rule("setup.office", "The mountain guide office: Place the 4 trump cards aside in a"
              " separate area. They will not be dealt with the other cards.", "MK-A22"),
        _rule("setup.campsites", "The campsites (one per team): Arrange 2 empty scoring areas"
              " where each team will collect their animal cards during the tricks.", "MK-A21",
              "MK-S1"),
        _rule("setup.place", "The matchmaking place: Where the tricks are played"),
        _rule("setup.deal", "Shuffle the 52 cards and deal 13 cards face down to each player."
              " The Dealer will be the first player (only in the first round)", "MK-A2"),
    ]},
    {"id": "exchange", "title": "Exchanging Cards", "rules": [
        _rule("exchange.differs", "The card exchange differs from traditional team based Trick"
              " taking games."),
        _rule("exchange.give", "In each team, one player initiates the exchange by giving 3"
              " cards face down to their partner.", "MK-A4", "MK-A6"),
        _rule("exchange.return", "The partner looks at them and must return 3 cards of the same"
              " colour distribution as those initially received.", "MK-A3", "MK-A5"),
        _rule("exchange.example", "Example: Player A gives an 8 Red, 5 red and 2 blue. Their"
              " partner must return 2 red cards and 1 blue card.", "MK-A3"),
        _rule("exchange.note", "Note: If a player receives a colour they did not originally"
              " have in hand, they must return the exact same card in order to keep respecting"
              " the rule.", "MK-A5"),
        _rule("exchange.purpose", "This exchange allows players to share cards and information"
              " without being able to short suit their hand."),
    ]},
    {"id": "tricks", "title": "Trick Taking Phase", "rules": [
        _rule("tricks.order", "Starting with the lead player and proceeding clockwise, each"
              " player plays one card face up from their hand. Once all players have played a"
              " card, the trick is resolved. The winner of the trick leads the next one. This"
              " process continues until one player has played their last card. Teams then"
              " proceed to scoring.", "MK-A17"),
        _rule("tricks.follow", "MATCHMAKERS is a must follow may trump trick taking game."
              " Players must follow the lead suit/colour if possible. If they cannot, they may"
              " play any suit/colour. Trump cards are special and may be played even if the"
              " player could follow the lead suit (see details in section Trump rules).",
              "MK-A8", "MK-A9"),
    ]},
    {"id": "loser", "title": "Trick Resolution 1: the loser, \"Recruiting a Mountain Guide\"",
     "rules": [
        _rule("loser.weakest", "The loser is the player who played the weakest card in the"
              " trick.", "MK-A11"),
        _rule("loser.followed", "If all players followed suit, the lowest ranked card is the"
              " weakest", "MK-A11"),
        _rule("loser.offsuit", "If they didn't: an off-suit card is always considered weaker"
              " than any card of the leading suit", "MK-A11"),
        _rule("loser.tie", "In case of a tied weaker cards, the card played first is considered"
              " weaker", "MK-A11"),
        _rule("loser.claim", "Only if the weakest card has a value corresponding to a trump"
              " value (so 2, 4, 6, or 8), the loser may take the corresponding trump card and"
              " place it face up in front of them (not in hand) to be played on a future turn.",
              "MK-A8", "MK-A12"),
        _rule("loser.steal", "They may either: take the trump card from the mountain guide"
              " office or steal the trump card from another player if already collected"
              " previously.", "MK-A12", "MK-A13"),
        _rule("loser.example", "Example: Lead player A initiates the trick with an 8 red."
              " Player B follows suit with a 2 red. Player C and D don't have any red and play"
              " respectively a 4 green and a 4 blue. The loser of the trick is then player C who"
              " has the possibility to collect the 4 trump which is currently owned by player"
              " A.", "MK-A11", "MK-A12"),
    ]},
    {"id": "winner", "title": "Trick Resolution 2: the winner, \"Gathering Your Adventurers\"",
     "rules": [
        _rule("winner.strongest", "The winner is the player who plays the strongest card in"
              " the trick"),
        _rule("winner.no_trump", "If no trump card was played: it's the highest ranked card of"
              " the lead suit", "MK-A9"),
        _rule("winner.trump", "If a trump card is played, it is considered stronger than any"
              " card of the lead suit regardless of its value", "MK-A10"),
        _rule("winner.collect", "The winner of the trick must choose a played card of the trick"
              " except for their own card and add it to the team's scoring pile. The other"
              " cards of the trick are discarded. The winner of the trick then leads to the"
              " next trick.", "MK-A13", "MK-A14", "MK-A27", "MK-A28"),
        _rule("winner.example", "Example: Following the previous example, Player A wins the"
              " trick with a 8 red as it is the highest of the lead suit. He cannot collect his"
              " own card so he decides to collect the 4 green (played by his partner player"
              " C)", "MK-A14"),
    ]},
    {"id": "matchmaking", "title": "Trick Resolution 3: Matchmaking ★☾", "rules": [
        _rule("matchmaking.twins", "Each suit has its even-numbered values doubled as ★☾."),
        _rule("matchmaking.trigger", "During a trick, if a player plays a card with the exact"
              " same suit and value as one already in play, they create a Matchmaking ★☾. The"
              " trick ends immediately even if not all players have played a card in that"
              " trick.", "MK-A16"),
        _rule("matchmaking.cards", "The two matching cards ★☾ are discarded immediately from"
              " the trick. And any other cards already in play are added to the scoring piles of"
              " their respective players.", "MK-A16", "MK-A21"),
        _rule("matchmaking.next", "There is no evaluation of a winner or loser so no trump can"
              " be collected. The later player who caused the Matchmaking leads the next"
              " trick.", "MK-A16"),
        _rule("matchmaking.trump", "Note: If a trump is present during a Matchmaking, it is"
              " returned to the mountain guide office (because trumps can never be added to the"
              " scoring).", "MK-A16"),
    ]},
    {"id": "scoring", "title": "End of Round and Scoring", "rules": [
        _rule("scoring.end", "When a player runs out of cards in hand, the round ends and"
              " scoring begins.", "MK-A17", "MK-A26"),
        _rule("scoring.trumps_note", "Note: A player could be running out of cards in hands but"
              " still have trumps in front of them as trumps don't count as being part of a"
              " player hand.", "MK-A17"),
        _rule("scoring.pool", "Each team combines the cards collected during the trick-taking"
              " phase and arranges them to form scoring sets. A card may only be used in one"
              " set. Scoring sets can either be:", "MK-A18", "MK-A30"),
        _rule("scoring.couple", "making a couple ★☾: 2 cards of the same colour and value",
              "MK-A18"),
        _rule("scoring.buddies", "making buddies: 3 or 4 cards of the same value in strictly"
              " different colours.", "MK-A18"),
        _rule("scoring.plus", "Each card used in a valid set scores points equal to its value."),
        _rule("scoring.minus", "Any card that cannot be included in a valid set scores negative"
              " points equal to its value.", "MK-A18"),
        _rule("scoring.trumps", "Any trump cards still held by a team at the end of the round"
              " score negative points equal to twice their value.", "MK-A18", "MK-A22"),
    ]},
    {"id": "trumps", "title": "Trump Rules", "rules": [
        _rule("trumps.not_dealt", "Trump cards are not dealt at the start of the game.",
              "MK-A22"),
        _rule("trumps.loser", "They can only be collected by the loser of a trick.", "MK-A12"),
        _rule("trumps.face_up", "Trumps are placed face up in front of a player, not kept in"
              " hand."),
        _rule("trumps.any_time", "A player may play a trump even if they are able to follow"
              " suit.", "MK-A8"),
        _rule("trumps.beat", "Trumps always beat any non-Trump card.", "MK-A10", "MK-A11"),
        _rule("trumps.lead", "If a trick is led with a trump, the next player may play any"
              " card; that card determines the lead suit.", "MK-A9"),
        _rule("trumps.return", "After being played, a trump returns to the Mountain Guide"
              " office.", "MK-A13"),
        _rule("trumps.multiple", "If multiple trumps are played in the same trick, the winner"
              " cannot collect the other trump cards. In the very rare case where all four"
              " trumps are played in the same trick, the trick is just discarded",
              "MK-A10", "MK-A14", "MK-A15", "MK-A23"),
        _rule("trumps.example", "Example: The first player leads with a 9 Red. The next player"
              " follows with a 4 Red. The third player has red cards in hand but chooses to play"
              " his 8 trump card instead. The last player with no Red cards left plays a 3"
              " green. Trick loser: the 3 Green because it is off-suit. Unfortunately, 3 is not"
              " a trump value so no trump can be collected. Trick winner: the 8 Trump. His owner"
              " chooses the 4 Red and adds it to their scoring pile. The 8 Trump returns to the"
              " mountain guide office while the 3 and 9 are discarded.", "MK-A11", "MK-A14"),
    ]},
    {"id": "end", "title": "End of the Game", "rules": [
        _rule("end.margin", "After scoring, add each team's points to their total from the"
              " previous round. If there is a difference of at least 30 points between the"
              " teams, the game ends, and the team with the highest total score wins.",
              "MK-A20"),
        _rule("end.next", "Otherwise, another round is played. The starting player will be from"
              " the team who has the current highest score, specifically the player who"
              " initiates the next card exchange in that team.", "MK-A4", "MK-A19", "MK-A22"),
        _rule("end.three", "After 3 rounds, if no team has reached a 30-point difference, the"
              " team with the highest total score wins. If both teams are tied, the victory is"
              " shared.", "MK-A20"),
    ]},
    {"id": "twop", "title": "Variant 2-player Game", "rules": [
        _rule("twop.intro", "This is a variant rule to play MATCHMAKERS with 2 players. We"
              " recommend reading and understanding the base game rules first."),
        _rule("twop.setup", "Follow the same steps as in a 4 player game but deal only 8 cards"
              " to each player. Then deal 9 cards face down in a 3×3 square in front of each"
              " player, and place 9 cards face up on top of them. This is called the straw"
              " pile.", "MK-A7"),
        _rule("twop.count", "Each player should have 8 cards in hand and 18 cards in their"
              " straw pile. You may not look at the face-down cards in your straw pile."),
        _rule("twop.hand", "The game is played in the same way as the base game except that the"
              " face-up cards in your straw pile are considered to be part of your hand. So"
              " players may lead and follow using both their regular hand and the face-up cards"
              " of their straw pile.", "MK-A25"),
        _rule("twop.order", "Each player plays 2 cards per trick. The lead player starts by"
              " playing a card from their hand (or straw pile). The opponent must then follow"
              " suit according the base game rules. Next, the lead player plays a second card in"
              " the trick, and then the opponent does the same. In total, four cards are played"
              " in each trick—two from each players' hands and/or straw pile.",
              "MK-A16", "MK-A24"),
        _rule("twop.reveal", "At the end of a trick, if a face-down card in your straw pile has"
              " no card on top of it, reveal it. The newly revealed card is now considered part"
              " of your hand.", "MK-A25", "MK-A26"),
        _rule("twop.same", "Trick resolution, end of round, scoring and trump rules are"
              " identical to those in the 4-player game.", "MK-A21", "MK-A27", "MK-A28",
              "MK-A29"),
    ]},
]

# How the engine reads sentences whose physical form has no digital twin, and where a ruling
# and the text pull apart (shown beside the rule they concern).
NOTES = [
    {"rule": "overview.campsite",
     "text": "The rulebook contradicts itself here: a trick of four guides \"is just"
             " discarded\" and a Matchmaking of the first two cards sends nothing to a"
             " campsite. The specific rules win (MK-A23)."},
    {"rule": "loser.tie",
     "text": "MK-A11 says a tie inside the lead colour cannot happen because twins make a"
             " Matchmaking. With 2 players and allow_self_matchmaking off, a player's own twins"
             " stay in the trick as ordinary cards and can tie; the text's rule (the card"
             " played first is weaker; and the first played of equal winning cards wins) then"
             " decides, and both cards belong to the same player."},
    {"rule": "exchange.give",
     "text": "On screen the 3 cards are picked one by one and can be taken back until the"
             " third is picked, which passes them face down. With exchange_initiator ="
             " team_choice, the first member of the team to pick a card is the initiator."},
    {"rule": "setup.campsites",
     "text": "The rulebook does not say who may look at the campsites and the discard pile:"
             " both are public (MK-S1). Option campsite_visibility = private shows a team"
             " only its own campsite, the other as a count, until the round is scored."},
    {"rule": "scoring.pool",
     "text": "The engine arranges each campsite for the team (MK-A18); among equally good"
             " arrangements it shows the one with the fewest sets."},
    {"rule": "end.next",
     "text": "The starting player always initiates their team's exchange. With next_starter ="
             " team_choice the leading team names its starter before the exchange; on equal"
             " totals the seat rule of MK-A19 applies."},
]

RULE_VERSIONS = [
    {
        "id": "matchmakers-v1",
        "title": "Matchmakers (rulebook, first edition)",
        "description": "Two teams of two (or two players with straw piles) exchange cards with"
                       " their partner, then play must-follow tricks: the loser may recruit a"
                       " mountain guide (a trump), the winner picks an animal for the team"
                       " campsite, and twin cards make a Matchmaking. Couples and buddies score"
                       " their values, leftovers and held guides cost points; 30 points ahead"
                       " or the better total after 3 rounds wins.",
        "sections": SECTIONS,
        "rulings": RULINGS,
        "notes": NOTES,
    },
]

# Section 5 of RULINGS.md, default first; "locked": fixed once the cards are dealt.
OPTIONS = [
    {"id": "exchange_initiator", "title": "Who initiates the exchange", "default": "seat_rule",
     "values": ["seat_rule", "team_choice"], "ruling": "MK-A4", "locked": True,
     "meaning": "seat_rule: the starting player initiates for their team and their left-hand"
                " neighbour for the other team. team_choice: the other team's members decide"
                " (whoever picks a card first); the starting player still initiates."},
    {"id": "trump_vs_trump", "title": "Guide against guide", "default": "highest",
     "values": ["highest", "first_played"], "ruling": "MK-A10", "locked": True,
     "meaning": "When several guides are played in one trick: the highest value wins, or the"
                " first guide played wins."},
    {"id": "claim_trump_played_this_trick", "title": "Claim a guide played in the same trick",
     "default": True, "values": [True, False], "ruling": "MK-A13", "locked": True,
     "meaning": "On: guides go back to the office before the loser claims, so the loser may"
                " take a guide that was just played. Off: a guide played in this trick cannot be"
                " claimed at its end."},
    {"id": "all_trumps_next_leader", "title": "Leader after four guides",
     "default": "highest_trump", "values": ["highest_trump", "same_leader"], "ruling": "MK-A15",
     "locked": True,
     "meaning": "After a trick of guides only: the player of the highest guide leads next, or"
                " the same player leads again."},
    {"id": "allow_self_matchmaking", "title": "Match your own twin (2 players)",
     "default": True, "values": [True, False], "ruling": "MK-A16", "locked": True,
     "meaning": "On: a player's second card that is the twin of their own first card makes a"
                " Matchmaking. Off: only a twin of the opponent's card does; your own twins stay"
                " in the trick as ordinary cards."},
    {"id": "next_starter", "title": "Starter of rounds 2 and 3", "default": "seat_rule",
     "values": ["seat_rule", "team_choice"], "ruling": "MK-A19", "locked": True,
     "meaning": "seat_rule: the next player clockwise of the leading team (on equal totals,"
                " the next player clockwise). team_choice: the leading team decides which of its"
                " players starts (4 players; equal totals use the seat rule)."},
    {"id": "straw_emergency_reveal", "title": "Reveal when out of cards mid-trick (2 players)",
     "default": True, "values": [True, False], "ruling": "MK-A26", "locked": True,
     "meaning": "On: a player with no hand or face-up straw card who must play first reveals"
                " their uncovered face-down cards. Off: they skip their play and the cards are"
                " revealed at the end of the trick."},
    {"id": "twop_collect_exclusion", "title": "What the winner may not collect (2 players)",
     "default": "all_own_cards", "values": ["all_own_cards", "winning_card_only"],
     "ruling": "MK-A27", "locked": True,
     "meaning": "all_own_cards: neither of the winner's two cards, only the opponent's."
                " winning_card_only: any card but the winning one."},
    {"id": "campsite_visibility", "title": "Campsites", "default": "public",
     "values": ["public", "private"], "ruling": "MK-S1", "locked": True,
     "meaning": "public: everybody sees every campsite. private: a team sees only its own"
                " campsite (the other one as a count) until the round is scored."},
]


# ---- the rules as functions -------------------------------------------------------------------

def _buddy_choices(counts: tuple) -> list:
    """Ways to split ``counts`` (copies per colour, 0-2) into at most two buddies.

    Returns ``[(first, second)]`` colour-index tuples (``second`` may be empty)."""
    present = [c for c in range(4) if counts[c]]
    choices = [((), ())]
    for size in (3, 4):
        for first in combinations(present, size):
            choices.append((first, ()))
            left = [c for c in range(4) if counts[c] - (c in first) > 0]
            for size2 in (3, 4):
                for second in combinations(left, size2):
                    choices.append((first, second))
    return choices


@cache
def _arrange_counts(counts: tuple) -> tuple:
    """Best use of one value's cards given copies per colour (MK-A18).

    Returns ``(used, couples, buddies)``: couples a tuple of colour indexes, buddies a tuple
    of colour-index tuples. Most cards used first; then the fewest sets; then couples first.
    """
    best = None
    doubles = [c for c in range(4) if counts[c] == 2]
    for n in range(len(doubles) + 1):
        for couples in combinations(doubles, n):
            rest = tuple(counts[c] - 2 * (c in couples) for c in range(4))
            for first, second in _buddy_choices(rest):
                used = 2 * len(couples) + len(first) + len(second)
                sets = len(couples) + (1 if first else 0) + (1 if second else 0)
                buddies = tuple(b for b in (first, second) if b)
                key = (used, -sets, len(couples))
                if best is None or key > best[0]:
                    best = (key, couples, buddies)
    return best[0][0], best[1], best[2]


def best_arrangement(cards) -> dict:
    """The best-scoring way to arrange a campsite into couples and buddies (MK-A18).

    ``cards`` are animal codes (no guides). Values never mix, so each value is arranged on its
    own, maximising the cards used. Returns ``{"sets": [{"kind": "couple"|"buddies",
    "cards": [...], "points": n}], "unmatched": [...], "points": n}``: every card in a set
    scores +value, every unmatched card -value.
    """
    by_value: dict = {}
    for card in cards:
        if card not in COLOUR_OF:
            raise ValueError(f"{card!r} is not an animal card")
        by_value.setdefault(VALUE_OF[card], []).append(card)
    sets, unmatched, points = [], [], 0
    for value in sorted(by_value):
        pool = {colour: [] for colour in COLOURS}
        for card in sort_cards(by_value[value]):
            pool[card[0]].append(card)
        counts = tuple(len(pool[colour]) for colour in COLOURS)
        _, couples, buddies = _arrange_counts(counts)
        for c in couples:
            group = pool[COLOURS[c]]
            sets.append({"kind": "couple", "cards": group[:2], "points": 2 * value})
            pool[COLOURS[c]] = group[2:]
        for buddy in buddies:
            group = [pool[COLOURS[c]].pop(0) for c in buddy]
            sets.append({"kind": "buddies", "cards": group, "points": len(group) * value})
        for colour in COLOURS:
            unmatched += pool[colour]
    points = sum(s["points"] for s in sets) - sum(VALUE_OF[c] for c in unmatched)
    return {"sets": sets, "unmatched": sort_cards(unmatched), "points": points}


@cache
def _value_points(value: int, counts: tuple) -> int:
    used = _arrange_counts(counts)[0]
    return value * (2 * used - sum(counts))


def arrangement_points(cards) -> int:
    """Just the points of ``best_arrangement(cards)``: the fast path for bots."""
    counts: dict = {}
    for card in cards:
        row = counts.setdefault(VALUE_OF[card], [0, 0, 0, 0])
        row[COLOURS.index(card[0])] += 1
    return sum(_value_points(value, tuple(row)) for value, row in counts.items())


def guide_penalty(guides) -> int:
    """Held guides at the end of a round: -2 × value each (scoring.trumps)."""
    return -2 * sum(VALUE_OF[guide] for guide in guides)


def lead_colour(trick) -> str | None:
    """The colour of the first non-guide card of ``trick`` (``(seat, card)`` pairs), MK-A9."""
    for _, card in trick:
        if card in GUIDES:
            continue
        return COLOUR_OF[card]
    return None


def legal_cards(animals, guides, trick) -> list:
    """The cards a player may play: follow the lead colour if possible; a guide is always
    allowed (tricks.follow, MK-A8, MK-A9)."""
    lead = lead_colour(trick)
    if lead is not None:
        followers = [card for card in animals if COLOUR_OF[card] == lead]
        if followers:
            return sort_cards(followers) + sort_cards(guides)
    return sort_cards(animals) + sort_cards(guides)


def trick_outcome(trick, trump_vs_trump: str = "highest") -> tuple:
    """``(winner_index, loser_index)`` of a finished ``trick`` (``(seat, card)`` in play order,
    no Matchmaking). ``loser_index`` is None for a trick of guides only (MK-A11)."""
    lead = lead_colour(trick)
    guides = [i for i, (_, card) in enumerate(trick) if card in GUIDES]
    animals = [i for i, (_, card) in enumerate(trick) if card not in GUIDES]
    if guides:  # winner.trump; MK-A10 among several
        if trump_vs_trump == "highest":
            winner = max(guides, key=lambda i: VALUE_OF[trick[i][1]])
        else:
            winner = guides[0]
    else:  # winner.no_trump: the highest of the lead colour; of equals, the first played
        winner = max((i for i in animals if COLOUR_OF[trick[i][1]] == lead),
                     key=lambda i: (VALUE_OF[trick[i][1]], -i))
    if not animals:
        return winner, None
    # MK-A11: off-colour below lead colour, then the lower value, then the earlier card
    loser = min(animals, key=lambda i: (COLOUR_OF[trick[i][1]] == lead, VALUE_OF[trick[i][1]],
                                        i))
    return winner, loser


# ---- the game ---------------------------------------------------------------------------------

class Matchmakers(Game):
    ACTIONS = {"start": {}, "give": {"card": "text"}, "undo_give": {"card": "text"},
               "return": {"card": "text"}, "undo_return": {"card": "text"},
               "play": {"card": "text"}, "claim_guide": {"guide": "text", "from": "place"},
               "decline_guide": {}, "collect": {"card": "text"}}
    id = "matchmakers"
    title = "Matchmakers"
    min_players = 2
    max_players = 4
    default_players = 4
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS
    BOTS: dict = {}  # filled in at the end of this file, below the bots

    @classmethod
    def describe(cls) -> dict:
        data = super().describe()
        data["player_counts"] = [2, 4]  # overview.players: "2 or 4 players", never 3
        return data

    def __init__(self, *, players=None, seed=0, rules=None, options=None):
        if players == 3:
            raise IllegalAction("Matchmakers is played by 2 or 4 players (two teams of two, or"
                                " the 2-player straw-pile variant), not 3.",
                                rule="overview.players")
        super().__init__(players=players, seed=seed, rules=rules, options=options)

    # ---- teams ---------------------------------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat  # setup.teams: partners sit opposite

    def members(self, team: int) -> list:
        return [team, team + 2] if self.players == 4 else [team]

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    # ---- dealing -----------------------------------------------------------------------------
    def setup(self) -> None:
        if self.players not in (2, 4):
            raise IllegalAction("Matchmakers is played by 2 or 4 players.",
                                rule="overview.players")
        self.dealer = self.rng.randbelow(self.players)  # MK-A2
        self.round = 1
        self.totals = [0, 0]  # per team
        self.score_rows: list = []
        self.log: list = []
        self.last_trick = None
        self.end_reason = None
        self.starter = self.dealer  # setup.deal: the dealer is the first player
        self._deal()
        self._begin_round()

    def _clear_table(self) -> None:
        self.office = list(GUIDES)  # MK-A22: every guide starts the round in the office
        self.guides = [[] for _ in range(self.players)]
        self.campsites = [[], []]
        self.discard: list = []
        self.trick: list = []  # [seat, card] in play order
        self.turn = 0  # turns taken in this trick, skipped ones included (MK-A26)
        self.resolution = None
        self.exchange = None

    def _deal(self) -> None:
        self._clear_table()
        self.last_trick = None  # the last round's cards go back into the deck
        deck = list(ANIMALS)
        self.rng.shuffle(deck)
        n = HAND_SIZE[self.players]
        self.hands = [sort_cards(deck[s * n:(s + 1) * n]) for s in range(self.players)]
        self.straw = None
        if self.players == 2:
            rest = deck[2 * n:]
            # twop.setup: 9 face down, 9 face up on top, per player: stacks of [down, up]
            self.straw = [[[rest[s * 18 + i], rest[s * 18 + 9 + i]] for i in range(STRAW_STACKS)]
                          for s in range(2)]

    def _begin_round(self) -> None:
        """After the deal: the starter choice (option), the exchange (4p) or the first lead."""
        self.leader = self.starter
        if self.round == 1:
            self._say(f"Round 1: {_seat(self.dealer)} deals and starts.")
        if self.players == 2:
            self.stage = "play"  # MK-A7: no exchange with 2 players
            self._prepare_turn()
        elif self.starter is None:
            self.stage = "start"  # option next_starter=team_choice
        else:
            self._open_exchange()

    def _open_exchange(self) -> None:
        starting_team = self.team_of(self.starter)
        self.exchange = []
        for team in (0, 1):
            if team == starting_team:
                initiator = self.starter  # MK-A4 / end.next: the starter initiates
            elif self.options["exchange_initiator"] == "seat_rule":
                initiator = (self.starter + 1) % 4  # MK-A4: the starter's left-hand neighbour
            else:
                initiator = None  # team_choice: whoever picks first
            self.exchange.append({"initiator": initiator, "picked": [], "given": None,
                                  "returned": None})
        self.stage = "exchange"

    def _say(self, text: str, seat: int | None = None) -> None:
        self.log.append({"seat": seat, "text": text})

    # ---- whose decision ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.stage == "over"

    @property
    def pending(self) -> list:
        stage = self.stage
        if stage == "play":
            return [self._turn_seat()]
        if stage == "claim":
            return [self.resolution["loser"]]
        if stage == "collect":
            return [self.resolution["winner"]]
        if stage == "exchange":
            seats = []
            for team, ex in enumerate(self.exchange):
                if ex["given"] is None:
                    seats += self.members(team) if ex["initiator"] is None else [ex["initiator"]]
                elif ex["returned"] is None:
                    seats.append(self.partner(ex["initiator"]))
            return sorted(seats)
        if stage == "start":
            return self.members(self._leading_team())
        return []

    @property
    def to_move(self) -> int | None:
        pending = self.pending
        return pending[0] if pending else None

    def _turn_seat(self) -> int:
        if self.players == 4:
            return (self.leader + self.turn) % 4
        return self.leader if self.turn % 2 == 0 else 1 - self.leader  # MK-A24

    # ---- what a seat holds ---------------------------------------------------------------------
    def animals_of(self, seat: int) -> list:
        """The seat's playable animals: hand, plus face-up straw cards with 2 players
        (twop.hand)."""
        if self.straw is None:
            return self.hands[seat]
        return self.hands[seat] + [up for _, up in self.straw[seat] if up is not None]

    def _cards_left(self, seat: int) -> int:
        """All the seat's animals, face-down straw cards included (MK-A26)."""
        count = len(self.hands[seat])
        if self.straw is not None:
            count += sum((down is not None) + (up is not None) for down, up in self.straw[seat])
        return count

    def _guide_holder(self, guide: str):
        if guide in self.office:
            return "office"
        for seat, held in enumerate(self.guides):
            if guide in held:
                return seat
        return None  # in the current trick

    # ---- legal actions -----------------------------------------------------------------------
    def legal_cards(self, seat: int) -> list:
        return legal_cards(self.animals_of(seat), self.guides[seat], self.trick)

    def _exchange_role(self, seat: int):
        """("give"|"return", team state) when ``seat`` picks exchange cards now, else None."""
        ex = self.exchange[self.team_of(seat)]
        if ex["given"] is None:
            if ex["initiator"] in (None, seat):
                return "give", ex
        elif ex["returned"] is None and self.partner(ex["initiator"]) == seat:
            return "return", ex
        return None

    def _return_quota(self, ex) -> dict:
        """Colours still owed by the returning partner: received minus picked (MK-A3)."""
        quota = {colour: 0 for colour in COLOURS}
        for card in ex["given"]:
            quota[COLOUR_OF[card]] += 1
        for card in ex["picked"]:
            quota[COLOUR_OF[card]] -= 1
        return quota

    def actions_for(self, seat: int) -> list:
        stage = self.stage
        if stage == "play":
            if seat != self._turn_seat():
                return []
            return [{"type": "play", "card": card, "seat": seat}
                    for card in self.legal_cards(seat)]
        if stage == "exchange":
            role = self._exchange_role(seat)
            if role is None:
                return []
            kind, ex = role
            picked = ex["picked"]
            undo = [{"type": f"undo_{kind}", "card": card, "seat": seat} for card in picked]
            if kind == "give":
                cards = [c for c in self.hands[seat] if c not in picked]
            else:
                quota = self._return_quota(ex)
                cards = [c for c in self.hands[seat]
                         if c not in picked and quota[COLOUR_OF[c]] > 0]
            return [{"type": kind, "card": card, "seat": seat} for card in cards] + undo
        if stage == "claim":
            if seat != self.resolution["loser"]:
                return []
            claim = self.resolution["claim"]
            return [{"type": "claim_guide", "guide": claim["guide"], "from": claim["from"],
                     "seat": seat},
                    {"type": "decline_guide", "seat": seat}]
        if stage == "collect":
            if seat != self.resolution["winner"]:
                return []
            return [{"type": "collect", "card": card, "seat": seat}
                    for card in self.resolution["collectable"]]
        if stage == "start":
            if seat not in self.pending:
                return []
            return [{"type": "start", "seat": seat}]
        return []

    def why_illegal(self, action: dict) -> IllegalAction:
        seat, kind = action["seat"], action["type"]
        stage = self.stage
        card = action.get("card")
        known = ("start", "give", "undo_give", "return", "undo_return", "play", "claim_guide",
                 "decline_guide", "collect")
        if kind not in known:
            return IllegalAction(
                f"Matchmakers has no {kind!r} move: you give or return cards in the exchange,"
                " play a card, claim or decline a guide, or collect a card.")
        wanted = {"start": "start", "give": "exchange", "undo_give": "exchange",
                  "return": "exchange", "undo_return": "exchange", "play": "play",
                  "claim_guide": "claim", "decline_guide": "claim", "collect": "collect"}[kind]
        if stage != wanted:
            return IllegalAction(self._stage_hint(), rule=self._stage_rule())
        if kind in ("give", "undo_give", "return", "undo_return"):
            return self._why_exchange(seat, kind, card)
        if kind == "play":
            if card not in VALUE_OF:
                return IllegalAction(
                    f"There is no card {card!r}: animals are R, B, G or Y with a value (R1,"
                    " R2s, R2m, … R9), guides are T2, T4, T6 and T8.", rule="components.animals")
            if card in GUIDES:
                if card not in self.guides[seat]:
                    return IllegalAction(
                        f"You can only play a guide you hold in front of you, and you do not"
                        f" hold the {card_name(card)} (MK-A8).", rule="MK-A8")
            elif card not in self.animals_of(seat):
                where = " or face up in your straw pile" if self.players == 2 else ""
                hidden = ""
                if self.straw is not None and any(down == card for down, _ in self.straw[seat]):
                    hidden = " It is face down in your straw pile (twop.count)."
                return IllegalAction(
                    f"You do not hold the {card_name(card)} in your hand{where}.{hidden}",
                    rule="twop.hand" if self.players == 2 else "tricks.order")
            lead = lead_colour(self.trick)
            followers = [c for c in self.animals_of(seat) if COLOUR_OF[c] == lead]
            return IllegalAction(
                f"You must follow {COLOUR_NAMES[lead]} while you can (Trick Taking Phase): you"
                f" hold {_list_names(followers)}. A guide may always be played instead.",
                rule="tricks.follow")
        if kind in ("claim_guide", "decline_guide"):
            claim = self.resolution["claim"]
            if kind == "claim_guide":
                if action.get("guide") != claim["guide"]:
                    return IllegalAction(
                        f"The weakest card was a {VALUE_OF[claim['guide']]}: only the"
                        f" {card_name(claim['guide'])} may be claimed (loser.claim).",
                        rule="loser.claim")
                where = "the office" if claim["from"] == "office" else _seat(claim["from"])
                return IllegalAction(
                    f"The {card_name(claim['guide'])} is with {where}: claim it with \"from\":"
                    f" {claim['from']!r} (loser.steal).", rule="loser.steal")
        if kind == "collect":
            res = self.resolution
            played = {c: s for s, c in self.trick}
            if card in GUIDES:
                return IllegalAction("Guides never go to a campsite: they return to the office"
                                     " (MK-A14).", rule="MK-A14")
            if card not in played:
                return IllegalAction(f"The {card!r} is not in this trick: collect one of"
                                     f" {_list_names(res['collectable'])}.",
                                     rule="winner.collect")
            return IllegalAction(
                "You cannot collect your own card (\"except for their own card\"): collect one"
                f" of {_list_names(res['collectable'])}"
                f" ({'MK-A27' if self.players == 2 else 'winner.collect'}).",
                rule="MK-A27" if self.players == 2 else "winner.collect")
        return IllegalAction("That move is not allowed now.")

    def _why_exchange(self, seat: int, kind: str, card) -> IllegalAction:
        ex = self.exchange[self.team_of(seat)]
        verb = "give" if "give" in kind else "return"
        if verb == "give":
            if ex["given"] is not None:
                return IllegalAction("Your team has already passed its 3 cards (exchange.give).",
                                     rule="exchange.give")
            if ex["initiator"] is not None and ex["initiator"] != seat:
                return IllegalAction(
                    f"{_seat(ex['initiator'])} initiates your team's exchange; you return the"
                    " cards (MK-A4).", rule="MK-A4")
        else:
            if ex["given"] is None:
                return IllegalAction("Wait for your partner's 3 cards before returning any"
                                     " (exchange.return).", rule="exchange.return")
            if ex["returned"] is not None:
                return IllegalAction("Your team's exchange is done (MK-A6).", rule="MK-A6")
            if self.partner(ex["initiator"]) != seat:
                return IllegalAction("Your partner returns the cards; you gave them"
                                     " (exchange.return).", rule="exchange.return")
        if kind.startswith("undo"):
            return IllegalAction(f"You have not picked the {card!r} (exchange.{verb}).",
                                 rule=f"exchange.{verb}")
        if card in ex["picked"]:
            return IllegalAction(f"You have already picked the {card_name(card)}.",
                                 rule=f"exchange.{verb}")
        if card not in self.hands[seat]:
            return IllegalAction(f"You do not hold the {card!r}; guides are never exchanged"
                                 " (MK-A6)." if card in GUIDES else
                                 f"You do not hold the {card!r} in your hand.",
                                 rule="MK-A6" if card in GUIDES else f"exchange.{verb}")
        quota = self._return_quota(ex)
        owed = ", ".join(f"{n} {COLOUR_NAMES[c]}" for c, n in quota.items() if n > 0)
        return IllegalAction(
            f"You must return the colours you received ({self._colour_text(ex['given'])}):"
            f" still {owed}, so no more {COLOUR_NAMES[COLOUR_OF[card]]} (MK-A3).", rule="MK-A3")

    @staticmethod
    def _colour_text(cards) -> str:
        counts = {}
        for card in cards:
            counts[COLOUR_OF[card]] = counts.get(COLOUR_OF[card], 0) + 1
        return " and ".join(f"{n} {COLOUR_NAMES[c]}" for c, n in
                            sorted(counts.items(), key=lambda kv: COLOURS.index(kv[0])))

    def _stage_hint(self) -> str:
        return {
            "start": "First the leading team decides who starts this round (MK-A19).",
            "exchange": "The partners are exchanging cards: give or return 3 cards first"
                        " (exchange.give).",
            "play": "It is time to play a card to the trick (tricks.order).",
            "claim": "The trick's loser is deciding whether to claim a guide (loser.claim).",
            "collect": "The trick's winner is choosing a card for the campsite"
                       " (winner.collect).",
        }.get(self.stage, "That move is not allowed now.")

    def _stage_rule(self) -> str:
        return {"start": "MK-A19", "exchange": "exchange.give", "play": "tricks.order",
                "claim": "loser.claim", "collect": "winner.collect"}.get(self.stage, "")

    # ---- applying actions --------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        kind, seat = action["type"], action["seat"]
        if kind == "play":
            self._play(seat, action["card"])
        elif kind in ("give", "return"):
            self._pick(seat, kind, action["card"])
        elif kind in ("undo_give", "undo_return"):
            self.exchange[self.team_of(seat)]["picked"].remove(action["card"])
        elif kind == "claim_guide":
            self._claim(seat, action["guide"], action["from"])
        elif kind == "decline_guide":
            self._say(f"{_seat(seat)} lets the {card_name(self.resolution['claim']['guide'])}"
                      " be.", seat)
            self._collect_step()
        elif kind == "collect":
            self._collect(seat, action["card"])
        elif kind == "start":
            self.starter = self.leader = seat
            self._say(f"{_seat(seat)} will start round {self.round} and initiate the"
                      " exchange.", seat)
            self._open_exchange()

    # -- the exchange
    def _pick(self, seat: int, kind: str, card: str) -> None:
        ex = self.exchange[self.team_of(seat)]
        if kind == "give" and ex["initiator"] is None:
            ex["initiator"] = seat  # team_choice: the first to pick initiates
        ex["picked"].append(card)
        if len(ex["picked"]) < 3:
            return
        cards, ex["picked"] = ex["picked"], []
        receiver = self.partner(seat)
        self.hands[seat] = [c for c in self.hands[seat] if c not in cards]
        self.hands[receiver] = sort_cards(self.hands[receiver] + cards)
        if kind == "give":
            ex["given"] = cards
            self._say(f"{_seat(seat)} gives 3 cards face down to {_seat(receiver)}.", seat)
            return
        ex["returned"] = cards
        self._say(f"{_seat(seat)} returns 3 cards to {_seat(receiver)}.", seat)
        if all(e["returned"] is not None for e in self.exchange):
            self.stage = "play"
            self._say(f"The exchange is done. {_seat(self.leader)} leads.")

    # -- playing
    def _play(self, seat: int, card: str) -> None:
        if card in GUIDES:
            self.guides[seat].remove(card)
        elif card in self.hands[seat]:
            self.hands[seat].remove(card)
        else:
            for stack in self.straw[seat]:
                if stack[1] == card:
                    stack[1] = None
                    break
        twin = TWIN_OF.get(card)
        matched = None
        if twin is not None:
            for index, (other, played) in enumerate(self.trick):
                if played == twin and (other != seat or self.options["allow_self_matchmaking"]):
                    matched = index
                    break
        self.trick.append([seat, card])
        self._say(f"{_seat(seat)} plays the {card_name(card)}.", seat)
        if matched is not None:
            self._matchmaking(seat, matched)
            return
        self.turn += 1
        self._prepare_turn()

    def _prepare_turn(self) -> None:
        """Move on to the next turn of the trick, or resolve it when every turn is taken.

        With 2 players a player out of hand and face-up cards first reveals their uncovered
        face-down cards (option straw_emergency_reveal), and with no card at all skips (MK-A26).
        """
        while self.turn < TURNS_PER_TRICK:
            if self.players == 4:
                return
            seat = self._turn_seat()
            if self.animals_of(seat):
                return
            if self.options["straw_emergency_reveal"] and self._reveal(seat, "MK-A26"):
                return
            if self.guides[seat]:
                return  # only a guide left to play (MK-A26)
            self._say(f"{_seat(seat)} has no cards left and skips this play (MK-A26).", seat)
            self.turn += 1
        self._resolve_trick()

    def _reveal(self, seat: int, why: str) -> list:
        revealed = []
        for stack in self.straw[seat]:
            if stack[1] is None and stack[0] is not None:
                stack[0], stack[1] = None, stack[0]
                revealed.append(stack[1])
        if revealed:
            names = ", ".join(card_name(card) for card in revealed)
            self._say(f"{_seat(seat)} reveals {names} in their straw pile ({why}).", seat)
        return revealed

    def _matchmaking(self, seat: int, matched: int) -> None:
        """MK-A16: the twins are discarded, the rest go home, the matchmaker leads next."""
        twins = {matched, len(self.trick) - 1}
        sent = [[], []]
        for index, (player, card) in enumerate(self.trick):
            if index in twins:
                self.discard.append(card)
            elif card in GUIDES:
                self.office.append(card)
            else:
                self.campsites[self.team_of(player)].append(card)
                sent[self.team_of(player)].append(card)
        twin_cards = [self.trick[i][1] for i in sorted(twins)]
        text = (f"Matchmaking! The {card_name(twin_cards[0])} and the {card_name(twin_cards[1])}"
                " are discarded")
        for team in (0, 1):
            if sent[team]:
                text += (f"; {', '.join(card_name(c) for c in sent[team])} to"
                         f" {self._team_name(team)}'s campsite")
        self._say(text + f". {_seat(seat)} leads next.", seat)
        self.last_trick = {"cards": self._trick_plays(), "matchmaking": True, "winner": None,
                           "loser": None, "collected": None, "claimed": None}
        self._finish_trick(seat)

    def _team_name(self, team: int) -> str:
        if self.players == 2:
            return _seat(team)
        a, b = self.members(team)
        return f"Seats {a + 1} and {b + 1}"

    def _trick_plays(self) -> list:
        return [{"seat": s, "card": c} for s, c in self.trick]

    # -- resolving a trick
    def _resolve_trick(self) -> None:
        """MK-A13: (a) winner and loser, (b) guides to the office, (c) claim, (d) collect."""
        trick = self.trick
        winner_index, loser_index = trick_outcome(trick, self.options["trump_vs_trump"])
        played_guides = [card for _, card in trick if card in GUIDES]
        self.office += played_guides  # (b) trumps.return
        winner = trick[winner_index][0]
        self.last_trick = {"cards": self._trick_plays(), "matchmaking": False,
                           "winner": winner, "loser": None, "collected": None, "claimed": None}
        if loser_index is None:  # MK-A15: guides only
            if self.options["all_trumps_next_leader"] == "highest_trump":
                leader = max(trick, key=lambda play: VALUE_OF[play[1]])[0]
            else:
                leader = self.leader
            self._say("Only guides in this trick: it is just discarded, the guides go back to"
                      f" the office (MK-A15). {_seat(leader)} leads next.")
            self._finish_trick(leader)
            return
        loser, weakest = trick[loser_index]
        self.last_trick["loser"] = loser
        self._say(f"{_seat(winner)} wins the trick; {_seat(loser)} played the weakest card,"
                  f" the {card_name(weakest)}.")
        self.resolution = {"winner": winner, "winner_index": winner_index, "loser": loser,
                           "loser_index": loser_index, "weakest": weakest, "claim": None,
                           "collectable": []}
        value = VALUE_OF[weakest]
        if value in GUIDE_OF_VALUE:  # loser.claim
            guide = GUIDE_OF_VALUE[value]
            holder = self._guide_holder(guide)
            if holder == loser:
                self._say(f"{_seat(loser)} already holds the {card_name(guide)} (MK-A12).")
            elif guide in played_guides and not self.options["claim_trump_played_this_trick"]:
                self._say(f"The {card_name(guide)} was played in this trick and cannot be"
                          " claimed (option, MK-A13).")
            else:
                self.resolution["claim"] = {"guide": guide, "from": holder}
                self.stage = "claim"
                return
        self._collect_step()

    def _claim(self, seat: int, guide: str, source) -> None:
        if source == "office":
            self.office.remove(guide)
            where = "the office"
        else:
            self.guides[source].remove(guide)
            where = _seat(source)
        self.guides[seat] = sort_cards(self.guides[seat] + [guide])
        self.last_trick["claimed"] = guide
        self._say(f"{_seat(seat)} recruits the {card_name(guide)} from {where}.", seat)
        self._collect_step()

    def _collect_step(self) -> None:
        """(d) MK-A14: the winner must take one non-guide card not their own, if any."""
        res = self.resolution
        winner = res["winner"]
        if self.players == 2 and self.options["twop_collect_exclusion"] == "winning_card_only":
            allowed = [c for i, (_, c) in enumerate(self.trick)
                       if i != res["winner_index"] and c not in GUIDES]
        else:
            allowed = [c for s, c in self.trick if s != winner and c not in GUIDES]
        res["collectable"] = allowed
        if len(allowed) > 1:
            self.stage = "collect"
            return
        if allowed:
            self._collect(winner, allowed[0], forced=True)
        else:
            self._say(f"There is no card {_seat(winner)} may collect (MK-A14).")
            self._discard_trick(winner)

    def _collect(self, seat: int, card: str, forced: bool = False) -> None:
        self.campsites[self.team_of(seat)].append(card)
        self.last_trick["collected"] = card
        why = " (the only card allowed)" if forced else ""
        self._say(f"{_seat(seat)} collects the {card_name(card)} for"
                  f" {self._team_name(self.team_of(seat))}'s campsite{why}.", seat)
        self._discard_trick(seat)

    def _discard_trick(self, winner: int) -> None:
        """(e) the rest of the trick is discarded; the winner leads next (winner.collect)."""
        collected = self.last_trick["collected"]
        for _, card in self.trick:
            if card not in GUIDES and card != collected:
                self.discard.append(card)
        self._finish_trick(winner)

    def _finish_trick(self, leader: int) -> None:
        self.trick = []
        self.turn = 0
        self.resolution = None
        self.leader = leader
        self.stage = "play"
        if self.straw is not None:
            for seat in (leader, 1 - leader):
                self._reveal(seat, "twop.reveal")
        if self._round_over():
            self._end_round()
        else:
            self._prepare_turn()

    def _round_over(self) -> bool:
        if self.players == 4:
            return any(not hand for hand in self.hands)  # MK-A17
        return any(self._cards_left(seat) == 0 for seat in range(2))  # MK-A26

    # ---- scoring and rounds ------------------------------------------------------------------
    def _end_round(self) -> None:
        arrangements, penalties, points = [], [], []
        held = []
        for team in (0, 1):
            arrangement = best_arrangement(self.campsites[team])
            guides = sort_cards(g for s in self.members(team) for g in self.guides[s])
            penalty = guide_penalty(guides)
            arrangements.append(arrangement)
            held.append(guides)
            penalties.append(penalty)
            points.append(arrangement["points"] + penalty)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.score_rows.append({
            "round": self.round, "starter": self.starter,
            "campsites": arrangements, "guides": held, "penalties": penalties,
            "points": points, "totals": list(self.totals),
        })
        parts = []
        for team in (0, 1):
            penalty = f", guides {penalties[team]}" if penalties[team] else ""
            parts.append(f"{self._team_name(team)} {points[team]:+d} (campsite"
                         f" {arrangements[team]['points']:+d}{penalty})")
        self._say(f"Round {self.round} scored: " + "; ".join(parts)
                  + f". Totals {self.totals[0]} to {self.totals[1]}.")
        for team in (0, 1):  # MK-A18: the arrangement the engine chose, card by card
            self._say(f"{self._team_name(team)}'s campsite: "
                      + _describe_arrangement(arrangements[team]) + ".")
        diff = abs(self.totals[0] - self.totals[1])
        if diff >= WINNING_MARGIN or self.round == ROUNDS:  # end.margin, end.three
            self.stage = "over"
            self.end_reason = "margin" if diff >= WINNING_MARGIN else "rounds"
            winners = self.result()["winning_teams"]
            if len(winners) == 2:
                self._say("Game over: the totals are equal, the victory is shared.")
            else:
                self._say(f"Game over: {self._team_name(winners[0])} win"
                          f"{'s' if self.players == 2 else ''}.")
            return
        self.round += 1
        self.starter = self._next_starter()
        self._deal()
        if self.starter is not None:
            self._say(f"Round {self.round}: {_seat(self.starter)} starts.")
        else:
            self._say(f"Round {self.round}: {self._team_name(self._leading_team())} decide"
                      " who starts.")
        self._begin_round()

    def _leading_team(self):
        if self.totals[0] == self.totals[1]:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1

    def _next_starter(self):
        previous = self.starter
        leading = self._leading_team()
        if self.players == 2:  # MK-A29
            return 1 - previous if leading is None else leading
        if leading is None:  # MK-A19: equal totals, the next player clockwise
            return (previous + 1) % 4
        if self.options["next_starter"] == "team_choice":
            return None  # the leading team decides (stage "start")
        for step in range(1, 5):  # MK-A19: clockwise, the previous starter not eligible
            seat = (previous + step) % 4
            if self.team_of(seat) == leading:
                return seat
        raise AssertionError("unreachable")

    def result(self) -> dict | None:
        if not self.over:
            return None
        best = max(self.totals)
        teams = [t for t in (0, 1) if self.totals[t] == best]  # end.three: ties shared
        return {
            "scores": [self.totals[self.team_of(s)] for s in range(self.players)],
            "winners": sorted(s for t in teams for s in self.members(t)),
            "team_scores": list(self.totals),
            "winning_teams": teams,
            "reason": self.end_reason,
            "rounds_played": len(self.score_rows),
        }

    # ---- what each seat sees -----------------------------------------------------------------
    def table_view(self, seat: int | None) -> dict:
        if seat is not None and (isinstance(seat, bool) or seat not in range(self.players)):
            raise IllegalAction(f"There is no seat {seat!r} in this game.")
        players = self.players
        my_team = None if seat is None else self.team_of(seat)
        private = self.options["campsite_visibility"] == "private" and not self.over
        campsites = []
        for team in (0, 1):
            shown = not private or team == my_team
            cards = sort_cards(self.campsites[team]) if shown else None
            campsites.append({"team": team, "count": len(self.campsites[team]),
                              "cards": cards,
                              "arrangement": best_arrangement(cards) if shown else None})
        straw = None
        if self.straw is not None:
            straw = [[{"up": up, "down": down is not None} for down, up in stacks]
                     for stacks in self.straw]
        resolution = None
        if self.resolution is not None:
            res = self.resolution
            resolution = {"winner": res["winner"], "loser": res["loser"],
                          "weakest": res["weakest"],
                          "claim": None if res["claim"] is None else dict(res["claim"]),
                          "collectable": list(res["collectable"])}
        pending = self.pending
        return {
            "game": self.id,
            "rules": self.rules,
            "options": dict(self.options),
            "players": players,
            "seat": seat,
            "team": my_team,
            "teams": [self.members(0), self.members(1)],
            "to_move": self.to_move,
            "pending": pending,
            "decisions": [{"seat": s, "type": self._decision(s)} for s in pending],
            "over": self.over,
            "stage": self.stage,
            "round": self.round,
            "rounds": ROUNDS,
            "dealer": self.dealer,
            "starter": self.starter,
            "leader": None if self.over else self.leader,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_counts": [len(hand) for hand in self.hands],
            "straw": straw,
            "guides": [list(held) for held in self.guides],
            "office": sort_cards(self.office),
            "exchange": self._view_exchange(seat),
            "trick": self._trick_plays(),
            "lead_colour": lead_colour(self.trick),
            "resolution": resolution,
            "last_trick": _copy_last(self.last_trick),
            "campsites": campsites,
            "discard": list(self.discard),
            "score_sheet": {"rounds": [_public_row(row) for row in self.score_rows],
                            "totals": list(self.totals),
                            # the 30-point rule's state, for the table to show (MK-A20)
                            "lead": abs(self.totals[0] - self.totals[1]),
                            "winning_margin": WINNING_MARGIN},
            "scores": [self.totals[self.team_of(s)] for s in range(players)],
            "log": list(self.log),  # events are never changed once written
            "result": self.result(),
        }

    def _decision(self, seat: int) -> str:
        if self.stage == "exchange":
            return self._exchange_role(seat)[0]
        return {"play": "play", "claim": "claim_guide", "collect": "collect",
                "start": "start"}[self.stage]

    def _view_exchange(self, seat):
        if self.exchange is None:
            return None
        teams = []
        for ex in self.exchange:
            step = ("give" if ex["given"] is None else
                    "return" if ex["returned"] is None else "done")
            teams.append({"initiator": ex["initiator"],
                          "partner": None if ex["initiator"] is None
                          else self.partner(ex["initiator"]),
                          "step": step, "picked_count": len(ex["picked"])})
        mine = None
        if seat is not None:
            ex = self.exchange[self.team_of(seat)]
            role = self._exchange_role(seat) if self.stage == "exchange" else None
            received = []
            if ex["initiator"] is not None:
                got = ex["given"] if seat != ex["initiator"] else ex["returned"]
                received = [c for c in (got or []) if c in self.hands[seat]]
            mine = {"role": None if role is None else role[0],
                    "picked": list(ex["picked"]) if role is not None else [],
                    # both partners know the colours of the 3 cards passed (1.1 hidden info)
                    "colours": None if ex["given"] is None else self._colour_counts(ex["given"]),
                    "received": sort_cards(received)}
        return {"teams": teams, "mine": mine}

    @staticmethod
    def _colour_counts(cards) -> dict:
        counts = {colour: 0 for colour in COLOURS}
        for card in cards:
            counts[COLOUR_OF[card]] += 1
        return counts

    # ---- saving ------------------------------------------------------------------------------
    def snapshot(self) -> dict:
        return {
            "dealer": self.dealer,
            "round": self.round,
            "stage": self.stage,
            "starter": self.starter,
            "leader": self.leader,
            "totals": list(self.totals),
            "hands": [list(hand) for hand in self.hands],
            "straw": None if self.straw is None else [[list(st) for st in stacks]
                                                      for stacks in self.straw],
            "guides": [list(held) for held in self.guides],
            "office": list(self.office),
            "campsites": [list(c) for c in self.campsites],
            "discard": list(self.discard),
            "trick": [list(play) for play in self.trick],
            "turn": self.turn,
            "resolution": _deep(self.resolution),
            "exchange": _deep(self.exchange),
            "last_trick": _deep(self.last_trick),
            "score_rows": _deep(self.score_rows),
            "end_reason": getattr(self, "end_reason", None),
            "log": [dict(event) for event in self.log],
        }

    def restore(self, state: dict) -> None:
        state = _deep(state)
        for key in ("dealer", "round", "stage", "starter", "leader", "totals", "hands",
                    "straw", "guides", "office", "campsites", "discard", "trick", "turn",
                    "resolution", "exchange", "last_trick", "score_rows", "end_reason", "log"):
            setattr(self, key, state[key])

    def card_locations(self) -> dict:
        """Every card's place: ``hand:<seat>``, ``straw_up:<seat>``, ``straw_down:<seat>``,
        ``guides:<seat>``, ``office``, ``campsite:<team>``, ``trick``, ``discard``. Cards picked
        for the exchange stay in their holder's hand until the third pick passes them."""
        places = {f"hand:{s}": list(hand) for s, hand in enumerate(self.hands)}
        if self.straw is not None:
            for s, stacks in enumerate(self.straw):
                places[f"straw_up:{s}"] = [up for _, up in stacks if up is not None]
                places[f"straw_down:{s}"] = [down for down, _ in stacks if down is not None]
        for s, held in enumerate(self.guides):
            places[f"guides:{s}"] = list(held)
        places["office"] = list(self.office)
        for team in (0, 1):
            places[f"campsite:{team}"] = list(self.campsites[team])
        # While the loser and winner decide, the trick still shows its guides, but they are
        # already back in the office (MK-A13 b).
        resolving = self.resolution is not None
        places["trick"] = [card for _, card in self.trick if not (resolving and card in GUIDES)]
        places["discard"] = list(self.discard)
        return places

    # ---- scenarios ---------------------------------------------------------------------------
    def setup_position(self, position: dict) -> None:
        """Build a position at the exchange or in the middle of a round.

        Format (omitted keys take the default after "default"):

            {
              "round": 1,                    # 1..3
              "dealer": 0,                   # round 1's dealer; default the starter
              "starter": 0,                  # this round's starting player; default dealer
                                             #   (round 1) or 0
              "scores": [0, 0],              # team totals before this round, default [0, 0]
              "stage": "play",               # "exchange" (4 players, hands as dealt) or "play"
              "hands": [[...], [...], ...],  # every seat's hand (required)
              "straw": [[["R1", "B3"], [null, "G5"], [null, null], ...], [...]],
                                             # 2 players: per seat 9 stacks [down, up];
                                             #   null = no card there; [card, null] (an
                                             #   uncovered card not yet revealed) only for a
                                             #   straw card played in the current trick
              "guides": [[], ["T4"], [], []],  # guides held per seat; the rest are in the office
              "campsites": [[...], [...]],   # per team (4 players: team 0 = seats 0 and 2)
              "leader": 0,                   # who leads the current trick, default the starter
              "trick": [{"seat": 0, "card": "R8s"}, ...],   # the unfinished trick, play order
                                             #   (a guide in it is not also in "guides")
              "discard": [...]               # default: every card named nowhere else
            }

        Every one of the 56 cards (52 animals and 4 guides) must be in exactly one place: a card
        named twice is refused; an animal named nowhere is in the discard pile, unless
        "discard" is given, which must then name all of them; a guide named nowhere is in the
        office.

        Example, the rulebook's loser example (loser.example) with the third card to come:
        seat 0 (A) leads the red 8★, seat 1 (B) follows with the red 2★; seat 2 (C) holds no red
        and seat 0 holds the guide 4:

            {"starter": 0, "guides": [["T4"], [], [], []],
             "hands": [["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"],
                       ["B4s", "Y3", "G3"]],
             "trick": [{"seat": 0, "card": "R8s"}, {"seat": 1, "card": "R2s"}]}

        Example, 2 players: seat 1 leads; seat 0 has two face-up straw cards (the red 7 over
        the blue 7 and the yellow 1 over nothing) and holds the guide 2:

            {"starter": 1, "guides": [["T2"], []],
             "hands": [["R9", "B1"], ["R3", "G1"]],
             "straw": [[["B7", "R7"], [null, "Y1"], [null, null], [null, null], [null, null],
                        [null, null], [null, null], [null, null], [null, null]],
                       [[null, "B3"], [null, null], [null, null], [null, null], [null, null],
                        [null, null], [null, null], [null, null], [null, null]]]}

        Positions the rules could not reach are refused with a reason: a trick card that broke
        follow-suit or would have made a Matchmaking, a player out of turn, a round that is
        already over, a 13-card exchange that has already started.
        """
        players = self.players
        if players not in (2, 4):
            raise IllegalAction("Matchmakers is played by 2 or 4 players.")

        def refuse(reason: str):
            raise IllegalAction(f"Scenario: {reason}")

        unknown = set(position) - {"round", "dealer", "starter", "scores", "stage", "hands",
                                   "straw", "guides", "campsites", "leader", "trick", "discard"}
        if unknown:
            refuse(f"unknown key {sorted(unknown)[0]!r}.")
        seen: dict = {}

        def take(card, place):
            if card not in VALUE_OF:
                refuse(f"{card!r} is not a Matchmakers card.")
            if card in seen:
                refuse(f"{card} is in two places ({seen[card]} and {place}).")
            seen[card] = place

        def seat_of(value, what):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
                refuse(f"{what} is a seat, 0 to {players - 1}.")
            return value

        def card_list(value, what):
            if not isinstance(value, list):
                refuse(f"{what} is a list of cards.")
            return list(value)

        round_number = position.get("round", 1)
        if isinstance(round_number, bool) or round_number not in range(1, ROUNDS + 1):
            refuse(f"\"round\" is 1 to {ROUNDS}.")
        starter = position.get("starter")
        dealer = position.get("dealer")
        if starter is None:
            starter = dealer if dealer is not None and round_number == 1 else 0
        starter = seat_of(starter, "\"starter\"")
        dealer = seat_of(starter if dealer is None else dealer, "\"dealer\"")
        if round_number == 1 and dealer != starter:
            refuse("in round 1 the dealer is the starting player (setup.deal).")
        scores = position.get("scores", [0, 0])
        if (not isinstance(scores, list) or len(scores) != 2
                or any(isinstance(s, bool) or not isinstance(s, int) for s in scores)):
            refuse("\"scores\" is two whole numbers, one per team.")
        if round_number == 1 and scores != [0, 0]:
            refuse("nobody has scored before round 1.")
        stage = position.get("stage", "play")
        if stage not in ("exchange", "play"):
            refuse("\"stage\" is \"exchange\" or \"play\".")

        hands = position.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            refuse(f"\"hands\" needs one list of cards per seat ({players}).")
        hands = [card_list(hand, "each hand") for hand in hands]
        for s, hand in enumerate(hands):
            for card in hand:
                if card in GUIDES:
                    refuse("guides are never in a hand: put them in \"guides\" (trumps.face_up).")
                take(card, f"seat {s}'s hand")

        straw = None
        if players == 2:
            raw = position.get("straw")
            if raw is None:
                refuse("2 players need \"straw\": per seat 9 stacks [down, up].")
            if not isinstance(raw, list) or len(raw) != 2:
                refuse("\"straw\" has one list of 9 stacks per seat.")
            straw = []
            for s, stacks in enumerate(raw):
                if not isinstance(stacks, list) or len(stacks) != STRAW_STACKS:
                    refuse("each straw pile is 9 stacks [down, up] (twop.setup).")
                mine = []
                for stack in stacks:
                    if not isinstance(stack, list) or len(stack) != 2:
                        refuse("a straw stack is [down, up], null for no card.")
                    down, up = stack
                    for card in (down, up):
                        if card is not None:
                            if card in GUIDES:
                                refuse("guides are never in a straw pile.")
                            take(card, f"seat {s}'s straw pile")
                    if down is not None and up is None:
                        refuse("an uncovered face-down card is revealed at the end of a trick"
                               " (twop.reveal): write it as the face-up card [null, card].")
                    mine.append([down, up])
                straw.append(mine)
        elif position.get("straw") is not None:
            refuse("straw piles are for the 2-player variant only.")

        guides = position.get("guides", [[] for _ in range(players)])
        if not isinstance(guides, list) or len(guides) != players:
            refuse(f"\"guides\" needs one list per seat ({players}).")
        guides = [card_list(held, "each seat's guides") for held in guides]
        for s, held in enumerate(guides):
            for guide in held:
                if guide not in GUIDES:
                    refuse(f"{guide!r} is not a guide (T2, T4, T6, T8).")
                take(guide, f"seat {s}'s guides")

        campsites = position.get("campsites", [[], []])
        if not isinstance(campsites, list) or len(campsites) != 2:
            refuse("\"campsites\" needs two lists, one per team.")
        campsites = [card_list(c, "each campsite") for c in campsites]
        for team, cards in enumerate(campsites):
            for card in cards:
                if card in GUIDES:
                    refuse("guides never go to a campsite (MK-A14).")
                take(card, f"team {team}'s campsite")

        raw_trick = position.get("trick") or []
        if not isinstance(raw_trick, list):
            refuse("\"trick\" is a list of {\"seat\", \"card\"}.")
        trick = []
        for play in raw_trick:
            if not isinstance(play, dict) or set(play) != {"seat", "card"}:
                refuse("each play in \"trick\" is {\"seat\": s, \"card\": c}.")
            take(play["card"], "the trick")
            trick.append([seat_of(play["seat"], "a trick's \"seat\""), play["card"]])

        discard = position.get("discard")
        if discard is None:
            discard = [c for c in ANIMALS if c not in seen]
        else:
            discard = card_list(discard, "\"discard\"")
            for card in discard:
                if card in GUIDES:
                    refuse("guides are never discarded: they go back to the office (MK-A15).")
                take(card, "the discard pile")
            missing = [c for c in ANIMALS if c not in seen]
            if missing:
                refuse(f"{missing[0]} is in no place: every card must be placed once.")
        office = [g for g in GUIDES if g not in seen]

        leader = position.get("leader")
        leader = seat_of(starter if leader is None else leader, "\"leader\"")
        if trick and trick[0][0] != leader:
            refuse("the trick's first card must be the leader's.")

        if stage == "exchange":
            if players == 2:
                refuse("there is no exchange with 2 players (MK-A7).")
            if any(len(hand) != HAND_SIZE[4] for hand in hands):
                refuse("at the exchange every hand holds the 13 cards dealt.")
            if trick or any(campsites) or any(guides):
                refuse("at the exchange nothing has been played yet.")
            if leader != starter:
                refuse("the starting player leads the first trick (MK-A2, MK-A19).")

        # Build the state, then check the trick card by card as the rules would have allowed.
        self.dealer = dealer
        self.round = round_number
        self.totals = list(scores)
        self.score_rows = []
        self.log = []
        self.last_trick = None
        self.end_reason = None
        self.starter = starter
        self._clear_table()
        self.office = office
        self.guides = [sort_cards(held) for held in guides]
        self.campsites = campsites
        self.discard = discard
        self.straw = straw
        self.hands = [sort_cards(hand) for hand in hands]
        self.leader = leader
        self._say(f"Round {round_number}: {_seat(starter)} starts (scenario).")
        if stage == "exchange":
            self._open_exchange()
            return
        self.stage = "play"
        self._check_trick(trick, refuse)
        self.trick = trick
        self.turn = len(trick)
        self._prepare_turn()
        if self.stage != "play" or self.trick != trick:
            refuse("that trick would already be over (tricks.order, MK-A26).")

    def _check_trick(self, trick: list, refuse) -> None:
        """Refuse a current trick the rules could not have produced from this position."""
        if len(trick) >= TURNS_PER_TRICK:
            refuse("a trick of 4 cards is already resolved.")
        if self.straw is not None:
            for s in range(2):
                uncovered = sum(1 for down, up in self.straw[s] if up is None and down is not None)
                played = sum(1 for p, c in trick if p == s and c not in GUIDES)
                if uncovered > played:
                    refuse(f"seat {s} has more uncovered face-down cards than cards played this"
                           " trick; the others were revealed at the end of the last trick"
                           " (twop.reveal).")
        if not trick:
            if self._round_over():
                refuse("that round is already over: a player has no cards left.")
            return
        for index, (s, card) in enumerate(trick):
            self.turn = index
            if s != self._turn_seat():
                refuse(f"seat {s} did not have the turn for the trick's card {index + 1}"
                       " (tricks.order, MK-A24).")
            earlier = trick[:index]
            if card in GUIDES:
                continue
            later = [c for p, c in trick[index:] if p == s and c not in GUIDES]
            held = self.animals_of(s) + later
            lead = lead_colour(earlier)
            followers = [c for c in held if COLOUR_OF[c] == lead]
            if lead is not None and COLOUR_OF[card] != lead and followers:
                refuse(f"seat {s} could not have played {card}: they had to follow"
                       f" {COLOUR_NAMES[lead]} with {_list_names(followers)} (tricks.follow).")
            for p, c in earlier:
                if c == TWIN_OF.get(card) and (p != s or self.options["allow_self_matchmaking"]):
                    refuse(f"{card} would have made a Matchmaking with {c} and ended the trick"
                           " (MK-A16).")
        if self.players == 4:
            for step in range(len(trick), 4):
                s = (self.leader + step) % 4
                if not self.hands[s]:
                    refuse(f"seat {s} has yet to play to this trick but holds no card"
                           " (MK-A17).")


def _describe_arrangement(arrangement: dict) -> str:
    """Words for the log: ``couple red 8★ red 8☾ (+16); unmatched blue 5 (-5)``."""
    parts = [f"{s['kind']} {' '.join(card_name(c) for c in s['cards'])} ({s['points']:+d})"
             for s in arrangement["sets"]]
    if arrangement["unmatched"]:
        minus = -sum(VALUE_OF[c] for c in arrangement["unmatched"])
        parts.append(f"unmatched {' '.join(card_name(c) for c in arrangement['unmatched'])}"
                     f" ({minus:+d})")
    return "; ".join(parts) if parts else "empty"


def _deep(value):
    """A deep copy of JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


def _copy_last(last):
    return _deep(last)


def _public_row(row: dict) -> dict:
    """A score-sheet row for views: points and the shape of each team's sets.

    The cards themselves are named in the log when the round is scored; the view leaves them
    out because the next deal puts them back into hands, where they are secret again."""
    out = {key: _deep(value) for key, value in row.items() if key != "campsites"}
    out["campsite_points"] = [arrangement["points"] for arrangement in row["campsites"]]
    out["sets"] = [[{"kind": s["kind"], "value": VALUE_OF[s["cards"][0]], "size": len(s["cards"]),
                     "points": s["points"]} for s in arrangement["sets"]]
                   for arrangement in row["campsites"]]
    out["unmatched"] = [[VALUE_OF[card] for card in arrangement["unmatched"]]
                        for arrangement in row["campsites"]]
    return out


# ---- bots -------------------------------------------------------------------------------------

class _Table:
    """What a bot reads off its view for one decision: teams, campsites, unseen cards."""

    def __init__(self, view: dict):
        self.view = view
        self.seat = view["seat"]
        self.players = view["players"]
        self.team = view["team"]
        self.options = view["options"]
        self.camps = [c["cards"] or [] for c in view["campsites"]]
        self._gains: dict = {}
        seen = set(view["hand"]) | set(view["discard"])
        seen.update(play["card"] for play in view["trick"])
        for cards in self.camps:
            seen.update(cards)
        self.ups = [[], []]
        if view["straw"] is not None:
            for s, stacks in enumerate(view["straw"]):
                self.ups[s] = [stack["up"] for stack in stacks if stack["up"] is not None]
                seen.update(self.ups[s])
        self.unseen = [card for card in ANIMALS if card not in seen]

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def gain(self, team: int, card: str) -> int:
        """How many points ``card`` adds to ``team``'s campsite (MK-A18)."""
        key = (team, card)
        if key not in self._gains:
            cards = self.camps[team]
            self._gains[key] = arrangement_points(cards + [card]) - arrangement_points(cards)
        return self._gains[key]

    def mean_unseen_gain(self, team: int) -> float:
        if not self.unseen:
            return 0.0
        sample = self.unseen[::3] or self.unseen
        return sum(self.gain(team, card) for card in sample) / len(sample)

    def hidden_count(self, seat: int) -> int:
        """Cards ``seat`` may play that this seat cannot see."""
        return self.view["hand_counts"][seat]

    def tricks_left(self) -> int:
        """About how many tricks the round still has (it ends when a hand runs out)."""
        counts = self.view["hand_counts"]
        if self.players == 4:
            return min(counts)
        lefts = []
        for s in (0, 1):
            stacks = self.view["straw"][s]
            lefts.append(counts[s] + sum((st["up"] is not None) + st["down"] for st in stacks))
        return min(lefts) // 2


class BasicBot(Bot):
    """Plays from its own view only; a rule of thumb, not a search.

    Collecting is usually a loss (a card that fits no set costs its value), so the bot wants
    a trick only when a card in it would complete a set for its team, and otherwise plays to
    lose it with a card the opponents would hate to collect. It follows colour (the engine
    only offers legal cards), makes a Matchmaking when the cards it sends home help its team,
    claims a guide only when there are tricks left to spend it on (a guide still held at the
    end costs twice its value), spends guides on tricks worth winning and before the round
    ends, and collects the card that adds most to its campsite's best arrangement.
    """

    name = "basic"

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, view: dict, legal_actions: list) -> dict:
        kind = legal_actions[0]["type"]
        if kind in ("give", "undo_give", "return", "undo_return"):
            return self._exchange(legal_actions)
        if kind == "play":
            return self._play(_Table(view), legal_actions)
        if kind in ("claim_guide", "decline_guide"):
            return self._claim(_Table(view), legal_actions)
        if kind == "collect":
            table = _Table(view)
            return max(legal_actions, key=lambda a: (table.gain(table.team, a["card"]),
                                                     -VALUE_OF[a["card"]]))
        return legal_actions[0]

    @staticmethod
    def _exchange(legal_actions: list) -> dict:
        picks = [a for a in legal_actions if a["type"] in ("give", "return")]
        # pass on the low cards: they win no tricks, so they are the least use to keep
        return min(picks, key=lambda a: (VALUE_OF[a["card"]], _ORDER[a["card"]]))

    @staticmethod
    def _claim(table: _Table, legal_actions: list) -> dict:
        claim = next(a for a in legal_actions if a["type"] == "claim_guide")
        decline = next(a for a in legal_actions if a["type"] == "decline_guide")
        source = claim["from"]
        if source != "office" and table.team_of(source) == table.team:
            return decline  # taking it from the partner gains the team nothing
        held = len(table.view["guides"][table.seat])
        spare = table.tricks_left() - held - (1 if VALUE_OF[claim["guide"]] >= 6 else 0)
        return claim if spare >= 3 else decline

    # -- playing a card
    def _play(self, table: _Table, legal_actions: list) -> dict:
        view = table.view
        trick = [(play["seat"], play["card"]) for play in view["trick"]]
        urgent = table.tricks_left() <= len(view["guides"][table.seat]) + 1
        best, best_score = None, None
        for action in legal_actions:
            card = action["card"]
            score = self._estimate(table, trick, card)
            if card in GUIDES:
                # a guide kept may win a better trick later, but costs 2 x value if the
                # round ends first (scoring.trumps)
                score += 2 * VALUE_OF[card] if urgent else -3
            key = (score, -VALUE_OF[card] if card in GUIDES else 0, -_ORDER[card])
            if best_score is None or key > best_score:
                best, best_score = action, key
        return best

    def _estimate(self, table: _Table, trick: list, card: str) -> float:
        """Expected change of (our campsite - their campsite) from this trick."""
        seat, team = table.seat, table.team
        twin = TWIN_OF.get(card)
        full = trick + [(seat, card)]
        for other, played in trick:
            if played == twin and (other != seat or table.options["allow_self_matchmaking"]):
                return self._matchmaking_value(table, full, twin, card)
        remaining = self._seats_to_play(table, full)
        winner_index, _ = trick_outcome(full, table.options["trump_vs_trump"])
        win_seat, win_card = full[winner_index]
        ours = 1.0 if table.team_of(win_seat) == team else 0.0
        lead = lead_colour(full)
        for other in remaining:
            beat = self._beat_chance(table, other, win_card, lead)
            if table.team_of(other) == team:
                ours += (1 - ours) * beat
            else:
                ours *= 1 - beat
        future_them = sum(1 for s in remaining if table.team_of(s) != team)
        future_us = len(remaining) - future_them
        win_value = self._win_value(table, full, win_seat if table.team_of(win_seat) == team
                                    else seat, future_them)
        lose_value = self._lose_value(table, full, future_us)
        return ours * win_value + (1 - ours) * lose_value

    @staticmethod
    def _seats_to_play(table: _Table, full: list) -> list:
        leader = full[0][0]
        if table.players == 4:
            return [(leader + i) % 4 for i in range(len(full), 4)]
        return [leader if i % 2 == 0 else 1 - leader for i in range(len(full), 4)]

    @staticmethod
    def _matchmaking_value(table: _Table, full: list, twin: str, card: str) -> float:
        value = 0.0
        for other, played in full:
            if played in GUIDES or played in (twin, card):
                continue
            owner = table.team_of(other)
            gain = table.gain(owner, played)
            value += gain if owner == table.team else -gain
        return value + 0.5  # the matchmaker also leads the next trick

    @staticmethod
    def _beat_chance(table: _Table, seat: int, win_card: str, lead) -> float:
        """Rough chance that ``seat`` beats ``win_card`` with its play."""
        guides = table.view["guides"][seat]
        if win_card in GUIDES:
            if table.options["trump_vs_trump"] != "highest":
                return 0.0
            beating = [g for g in guides if VALUE_OF[g] > VALUE_OF[win_card]]
        else:
            beating = list(guides)
        hidden = table.hidden_count(seat)
        known = table.ups[seat] if table.players == 2 else []
        options = max(1, hidden + len(known))
        guide_chance = min(1.0, len(beating) / (options + len(guides)))
        if win_card in GUIDES:
            return guide_chance
        value = VALUE_OF[win_card]
        unseen = table.unseen
        n = max(1, len(unseen))
        u = sum(1 for c in unseen if COLOUR_OF[c] == lead)
        h = sum(1 for c in unseen if COLOUR_OF[c] == lead and VALUE_OF[c] > value)
        k = sum(1 for c in known if COLOUR_OF[c] == lead)
        kh = sum(1 for c in known if COLOUR_OF[c] == lead and VALUE_OF[c] > value)
        expected_lead = k + hidden * u / n
        if expected_lead <= 0:
            return guide_chance
        holds = 1.0 if k else 1 - (1 - u / n) ** hidden
        higher = (kh + hidden * h / n) / expected_lead
        return guide_chance + (1 - guide_chance) * holds * higher

    @staticmethod
    def _win_value(table: _Table, full: list, winner: int, future_them: int) -> float:
        """What our team gets when ``winner`` (ours) collects: the best card allowed."""
        team = table.team
        if table.players == 2 and table.options["twop_collect_exclusion"] == "winning_card_only":
            allowed = [c for s, c in full if c not in GUIDES]
        else:
            allowed = [c for s, c in full if s != winner and c not in GUIDES]
        gains = [table.gain(team, c) for c in allowed]
        if future_them:
            gains.append(table.mean_unseen_gain(team))
        return max(gains) if gains else 0.0

    @staticmethod
    def _lose_value(table: _Table, full: list, future_us: int) -> float:
        """What losing the trick costs: the opponents collect one card (on average)."""
        them = 1 - table.team
        allowed = [c for s, c in full if c not in GUIDES and (
            table.players == 4 or table.team_of(s) == table.team)]
        gains = [table.gain(them, c) for c in allowed]
        if future_us:
            gains.append(table.mean_unseen_gain(them))
        return -sum(gains) / len(gains) if gains else 0.0


Matchmakers.BOTS = {"basic": BasicBot, "random": RandomBot}
