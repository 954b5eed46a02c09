"""Matatu's rulebook as data: the published sentences (``rules/003``), the rulings that settle
what they leave open (``MT-A1`` … ``MT-A18``, ``MT-S1`` in RULINGS.md), the notes where the text
strains against itself, and the rule options. Data only: the rules page, the lobby, the version
comparison and the engine all read these tables.
"""

from ...rulebook import note, option, rule, ruling, section, version

# ---- the published rules (matatu-v1 is the rulebook text, MT-A17) ---------------------------

SECTIONS_V1 = [
    section("intro", "How Matatu is played here", [
        rule("intro.1", "Matatu is a shedding game: match the card on the pile by suit or rank,"
             " and be the first to empty your hand."),
        rule("intro.2", "Rules vary from town to town, so ours are published as numbered"
             " versions. Every game we record stores the version it was played under.",
             "MT-A17"),
    ]),
    section("basics", "The basics", [
        rule("basics.1", "One standard 52-card deck, no jokers.", applies_when={"jokers": False}),
        rule("basics.2", "Every player is dealt 7 cards and one card is turned face up to start"
             " the pile — a special card turned up at the start has no effect.",
             "MT-A12", "MT-A13"),
        rule("basics.3", "On your turn, play a card matching the pile's suit or rank, or draw"
             " one from the deck.", "MT-A5"),
        rule("basics.4", "A 2 makes the next player owe exactly two cards.", "MT-A7"),
        rule("basics.5", "They may pass the same two-card penalty on with another 2 of any"
             " suit, cancel it with the Ace of Spades, or pick up two cards and end their"
             " turn.", "MT-A7", "MT-A10"),
        rule("basics.6", "The penalty never grows beyond two, however many 2s are played in a"
             " row.", "MT-A7"),
        rule("basics.7", "An 8 or a Jack jumps the next player. With two players that means you"
             " play again.", "MT-A8", "MT-S1"),
        rule("basics.8", "An Ace can be played on any ordinary card and lets you name the suit"
             " that follows.", "MT-A6"),
        rule("basics.9", "It cannot answer an unpaid pick-two — only another 2 can.", "MT-A7"),
        rule("basics.10", "You may draw one card on your turn even when you already hold a"
             " playable card — drawing is never the same as passing.", "MT-A5"),
        rule("basics.11", "After the draw your turn continues: play the card you just drew,"
             " play any other card you can legally play, or keep the drawn card and choose to"
             " pass. Nobody else plays until you do one of those.", "MT-A5"),
        rule("basics.12", "Only when nothing at all can be played does your turn end by"
             " itself, with the drawn card staying in your hand.", "MT-A5"),
        rule("basics.13", "Card values: every 2 counts 20 in all four suits, 3–10 face value,"
             " Jack 11, Queen 12, King 13, Ace 15."),
        rule("basics.14", "At the end of a round every player scores the cards still in their"
             " hand, and the lowest total wins.", "MT-A16", "MT-A18"),
        rule("basics.15", "Even when you have a playable card, you may choose to pass.",
             "MT-A5"),
        rule("basics.16", "Passing requires you to pick one card from the main deck, keep it,"
             " and immediately end your turn — but if you already drew this turn, that card"
             " paid for the pass and no second card is taken.", "MT-A5", "MT-A9"),
        rule("basics.17", "Cards taken as a pick-two penalty cannot be played on that same"
             " turn.", "MT-A5"),
        rule("basics.18", "Playing your last card ends the round at once — no suit choice"
             " after a final Ace and no extra turn after a final 8 or Jack. Your score for that"
             " round is 0.", "MT-A11"),
    ]),
    section("chopper", "The base card and the chopper", [
        rule("chopper.1", "At the start of every round the server picks one card at random as"
             " the base card. It is shown face up, sideways under the deck, and everyone in"
             " the round sees the same one.", "MT-A1"),
        rule("chopper.2", "The card that cuts is the chopper: the seven of the base card's"
             " suit. The rank of the base card does not matter — if the base card is 6♦ the"
             " chopper is 7♦, and if it is K♣ the chopper is 7♣."),
        rule("chopper.3", "It is only a marker: it is never dealt to a hand and it can never"
             " be played from the pile.", "MT-A1", "MT-A2"),
        rule("chopper.4", "The chopper is an ordinary card when it comes to matching: it must"
             " match the suit in play, or the rank of the card on the pile (another 7 of any"
             " suit).", "MT-A3"),
        rule("chopper.5", "If the base card is 7♣, it can go on 6♣, K♣, 7♥ or 7♦, but not on"
             " 6♥ or Q♠.", "MT-A1"),
        rule("chopper.6", "When an Ace has called a suit, that called suit is the one it must"
             " match. The chopper is never a wildcard.", "MT-A3", "MT-A6"),
        rule("chopper.7", "Cutting is allowed from the very first turn, but only when the cards"
             " that would remain after playing the chopper total 20 points or fewer.",
             "MT-A3"),
        rule("chopper.8", "The chopper's own seven points are not counted, so a hand of 7♦ 7♥"
             " 8♠ (22 points on show) can cut with 7♦ when 7♦ is the chopper, because 15"
             " points remain. Exactly 20 qualifies; 21 does not.", "MT-A3"),
        rule("chopper.9", "Both checks must pass: if the chopper does not match the pile, or"
             " the hand left behind is too heavy, the cut is refused and the round carries"
             " on.", "MT-A3"),
        rule("chopper.10", "Any penalty cards you owe, and naming a suit after an Ace, must be"
             " settled first.", "MT-A4"),
        rule("chopper.11", "An Ace can name the chopper's suit, but it is not the chopper and"
             " does not end the round.", "MT-A15"),
        rule("chopper.12", "When someone cuts, the round ends at once, every remaining hand is"
             " revealed and points are counted.", "MT-A18"),
        rule("chopper.13", "The lowest total wins the round — cutting ends the round, it does"
             " not automatically win it, and equal lowest totals are recorded as a tie. The"
             " result is saved to your history.", "MT-A16", "MT-A18"),
    ]),
    # applies_when: the options under which these sentences are in force (the version diff
    # on the rules page reads it); a rule's own applies_when overrides its section's.
    section("jokers", "Playing with Jokers (optional)", [
        rule("jokers.1", "Jokers are switched off by default. The host turns them on before"
             " the cards are dealt, and the setting is locked for the rest of the round.",
             "MT-A17", applies_when={}),
        rule("jokers.2", "With Jokers on, the deck has 54 cards: one red Joker and one black"
             " Joker. They behave identically and each is worth 25 points, so holding one"
             " always puts you over the cutting limit.", "MT-A14"),
        rule("jokers.3", "A Joker is a wild Pick Five: it can be played on any card, the next"
             " player owes five cards, and the person who played it names the suit that"
             " follows.", "MT-A14"),
        rule("jokers.4", "A second Joker adds five more (Pick Ten) and passes the penalty on,"
             " with the newest suit request replacing the earlier one.", "MT-A14"),
        rule("jokers.5", "A 2 cannot answer a Pick Five, and a Joker cannot answer a Pick Two"
             " — the two attacks are never mixed.", "MT-A7", "MT-A14"),
        rule("jokers.6", "The Ace of Spades is the master ace. Besides working as an ordinary"
             " Ace, it cancels a Pick Two, or a Pick Five of any size: nothing is drawn and"
             " the attack ends.", "MT-A10"),
        rule("jokers.7", "Used this way it does not name a suit — the turn ends there and the"
             " next player may play any card at all, whatever its suit or rank. If that player"
             " chooses a 2 or a Joker, it starts a completely fresh penalty.", "MT-A10"),
        rule("jokers.8", "Played on an ordinary turn the Ace of Spades still changes the suit"
             " as usual. The other Aces cannot block a penalty.", "MT-A10", "MT-A7"),
        rule("jokers.9", "A final Joker or a final Ace of Spades simply ends the round with an"
             " empty hand and zero points — no penalty is created and no suit is requested.",
             "MT-A11"),
        rule("jokers.10", "A Joker can never be the base card or the opening discard, and"
             " neither a Joker nor the Ace of Spades can cut.", "MT-A12", "MT-A15"),
        rule("jokers.11", "You also cannot cut while a Pick Two or Pick Five is unresolved.",
             "MT-A4"),
    ], applies_when={"jokers": True}),
    section("versions", "Published rule versions", [
        rule("versions.1", "These come straight from the database, so what you read is what"
             " the game engine uses.", "MT-A17"),
    ]),
]

RULINGS_V1 = [
    ruling("MT-A1", "The base card is a virtual marker",
            "The server draws a random card identity for display; all 52 (54) cards stay in"
            " the deck and are dealt normally, so a base card of 7♣ makes 7♣ the chopper and"
            " the real 7♣ is somewhere in play. The option \"Base card: taken out of play\""
            " takes it out of play instead (then a 7 base card leaves no chopper)."),
    ruling("MT-A2", "\"Never played from the pile\"",
            "The marker is never in the stock or the pile. A real chopper lying in the pile"
            " cannot cut from there; reshuffled into the stock it can be drawn and played"
            " again."),
    ruling("MT-A3", "The cut is a separate, optional move",
            "The chopper can always be played as an ordinary 7 when it matches. Cutting is a"
            " separate move, legal only if the chopper matches (suit in play, called suit, or"
            " a 7 on a 7), the other cards left total 20 or fewer, and no penalty or suit"
            " naming is pending. A refused cut changes nothing. The option"
            " \"Automatic cut\" makes every legal chopper play that passes the 20-point check a"
            " cut."),
    ruling("MT-A4", "\"Settled first\"",
            "A player who owes penalty cards must pick them up, which ends the turn, so they"
            " cannot cut that turn. Naming a suit after an Ace comes before anything else. A"
            " cut may follow a voluntary draw in the same turn."),
    ruling("MT-A5", "The turn: draw, pass and play",
            "At the start of a turn: play, cut, draw one card, or pass (take one card and end"
            " the turn). After a draw: play any legal card, cut, or pass without taking a"
            " second card; no second draw. If nothing can be played after the draw, the turn"
            " ends by itself. With a penalty pending: answer it (a 2 on a pick-two, a Joker on"
            " a pick-five, the Ace of Spades on either) or pick it up, which ends the turn."),
    ruling("MT-A6", "The suit an Ace names",
            "The Ace's player names any suit, its own included. The next card must be of that"
            " suit, an Ace, or (with Jokers) a Joker. The request lasts through draws and"
            " passes until a card is played. An opening Ace names nothing; a final Ace names"
            " nothing."),
    ruling("MT-A7", "The pick-two",
            "The next player owes 2: pass it on with a 2 of any suit (the next player then"
            " owes 2, never 4), cancel it with the Ace of Spades, or pick up. Other Aces and"
            " Jokers cannot answer it. Once paid, the 2 on the pile is an ordinary card."),
    ruling("MT-A8", "8 and Jack skip",
            "With 3 or more players the next player loses their turn; with 2 the same player"
            " takes a complete new turn. An 8 or Jack cannot be played on a pending penalty."
            " A final 8 or Jack gives no extra turn."),
    ruling("MT-A9", "When the stock runs out",
            "The pile except its top card is shuffled into a new stock. If no card can be"
            " had, drawing is unavailable, passing takes nothing and a penalty is paid with"
            " what there is. If every player passes for a full cycle with no card played and"
            " no card to take, the round ends and the hands are scored. The option \"When the"
            " stock runs out: the round ends\" ends the round instead when a card is needed"
            " from an empty stock."),
    ruling("MT-A10", "The open pile after the Ace of Spades cancels",
            "After the Ace of Spades cancels a penalty the next player may play any card, and"
            " a 2 or Joker then starts a fresh penalty. The pile stays open through draws and"
            " passes until a card is played. On an ordinary turn the Ace of Spades names a"
            " suit like any Ace."),
    ruling("MT-A11", "A final card has no effect",
            "Any final card, a 2 included, ends the round at once: no penalty, no suit"
            " request, no skip. A final Ace of Spades that cancels a penalty also ends the"
            " round, and its player scores 0."),
    ruling("MT-A12", "The opening card has no effect",
            "An opening 2 creates no penalty, an opening 8 or Jack skips nobody, an opening Ace"
            " names no suit and an opening chopper is just a 7 in the pile. An opening Joker is"
            " returned to the stock and another card is turned."),
    ruling("MT-A13", "Dealer, first player and direction",
            "The first dealer is chosen at random, the deal passes clockwise each round, play"
            " goes clockwise and the player to the dealer's left acts first."),
    ruling("MT-A14", "Jokers",
            "A Joker can be played on any card except an unpaid pick-two. The next player owes"
            " 5, and the Joker's player names a suit. A second Joker on an unpaid pick-five"
            " makes a pick-ten (the cap) and its suit request replaces the old one. After the"
            " penalty is paid the next player follows the requested suit (or plays an Ace or a"
            " Joker). A Joker has no rank. If the Ace of Spades cancels, the request is dropped"
            " and the pile is open."),
    ruling("MT-A15", "The Ace of Spades and Jokers cannot cut",
            "Only the chopper cuts. An Ace naming the chopper's suit does not end the round."),
    ruling("MT-A16", "Results and session length",
            "Each round is recorded with its rules version, seating, base card, chopper, how it"
            " ended (empty hand, cut or stock exhausted), each hand's total and the winners,"
            " ties included. The Rounds option plays several rounds and totals the scores;"
            " the lowest session total wins."),
    ruling("MT-A17", "The rule versions",
            "This rulebook text is matatu-v1. The Jokers setting is chosen before the deal and"
            " stored with the record."),
    ruling("MT-A18", "A cut does not automatically win",
            "The cutter's remaining cards are counted like everyone's (the chopper, having"
            " been played, is not). The lowest total wins; equal lowest totals are a tie."),
    ruling("MT-S1", "How many players",
            "The rulebook does not say. Two players are supported (\"with two players that"
            " means you play again\"); the ruling is 2 to 6. Seven fit the 52 cards but leave a"
            " stock of only two, so they need the option \"Most players\" set to 7."),
]

# Where the rulebook disagrees with itself, the rules page shows how the engine reads it.
NOTES_V1 = [
    note("basics.1", "The Jokers option (jokers section) adds two Jokers; with it off the deck"
         " is the 52 cards this sentence describes."),
    note("basics.9", "\"Only another 2 can\" answers by passing the penalty on; the Ace of"
         " Spades still cancels it, as basics.5 and jokers.6 say (MT-A7)."),
    note("chopper.3", "Read with chopper.5 this only works if the base card is a marker and the"
         " real card stays in the deck (MT-A1)."),
    note("chopper.10", "MT-A4 says a player who owes penalty cards \"has to pick them up\"; the"
         " text (basics.5, jokers.4, jokers.6) also lets them pass the penalty on or cancel it"
         " with the Ace of Spades, and the engine follows the text. Every answer ends the turn,"
         " so there is no cut that turn either way."),
    note("jokers.1", "In a session of several rounds (the Rounds option) the Jokers setting"
         " chosen before the first deal holds for every round."),
]

RULE_VERSIONS = [
    version("matatu-v1", "Matatu, version 1",
            "The published rulebook text, with rulings MT-A1 to MT-A18 for what it leaves open.",
            SECTIONS_V1, rulings=RULINGS_V1, notes=NOTES_V1),
]

# The labels are the words for each value (never the code): the lobby shows them after the
# title, and History as "title: label", e.g. "Base card: taken out of play".
OPTIONS = [
    option("jokers", "Jokers", False, [False, True],
           "Add a red and a black Joker (54 cards): a wild Pick Five worth 25 points.",
           ruling="MT-A14", labels=["without", "with"]),
    option("base_card_mode", "Base card", "virtual", ["virtual", "physical_removed"],
           "A marker only: every card stays in play and the real card of the base card's"
           " identity is dealt as usual. Taken out of play: that card sits out the round.",
           ruling="MT-A1", labels=["a marker only", "taken out of play"]),
    option("auto_cut", "Automatic cut", False, [False, True],
           "When on, playing the chopper while the cut is legal always cuts.",
           ruling="MT-A3", labels=["off: cut only when asked", "on"]),
    option("on_stock_empty", "When the stock runs out", "reshuffle", ["reshuffle", "end_round"],
           "Reshuffle: the pile under its top card becomes the new stock. The round ends: as soon"
           " as a card is needed from an empty stock, the round is over.",
           ruling="MT-A9", labels=["reshuffle the pile into a new stock", "the round ends"]),
    option("max_players", "Most players", 6, [6, 7],
           "6 is the ruling; 7 fits the deck but leaves a stock of only two cards.",
           ruling="MT-S1", labels=["6", "7"]),
    option("session_rounds", "Rounds", 1, [1, 3, 5],
           "More than one: a session of rounds with the scores totalled; the lowest total"
           " wins.", ruling="MT-A16", labels=["1 round", "3 rounds", "5 rounds"]),
]
