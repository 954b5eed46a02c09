"""Matchmaster's rules as data (rules/001, rulings MS-A1..MS-A10): the rulebook's sentences,
the rulings that settle what it leaves open, the notes on how the engine reads it, and the
options. Data only: the rules page, the lobby and the engine read these same tables."""

from ...rulebook import note, option, rule, ruling, section, version

RULINGS = [
    ruling("MS-A1", "Player count",
           "The rulebook does not say how many play. 7 matches each out of 50 allows at most 7"
           " players (49), and 7 cards for 7 players is 49 of the 52 cards: 2 to 7 players,"
           " 4 by default (3 to 7 recommended). The engine takes the count as the number of"
           " seats, not as an option."),
    ruling("MS-A2", "Bid range",
           "A bid is 0 to N tricks, N being the cards dealt this round. A bid above N can never"
           " be correct, so it is refused as a slip (the option \"Bids above the hand size\""
           " allows up to 7, as the 7 matches do)."),
    ruling("MS-A3", "No dealer restriction",
           "Bids are secret and revealed together, so the dealer cannot know the others' sum:"
           " there is no 'hook'. The bids may add up to more, fewer or exactly the tricks"
           " available, and equal bids by different players are irrelevant (the option"
           " \"Dealer hook\" adds the house rule)."),
    ruling("MS-A4", "Who wins a trick",
           "The highest dark orange card wins if any dark orange was played; otherwise the"
           " highest card of the colour led. Ranks are unique within a colour, so there are"
           " no ties."),
    ruling("MS-A5", "Overtrumping when a trump is led",
           "A player holding a trump must play a trump. If they can beat the highest trump in"
           " the trick so far, they must play one that beats it; otherwise any trump. A player"
           " with no trump plays any card (the option \"Overtrumping after a trump lead\" can"
           " measure against the card played just before instead, falling back to the highest"
           " trump when that card is not a trump)."),
    ruling("MS-A6", "Void in the colour led",
           "Holding the colour led, you must play it and need not beat anything; you may not"
           " trump instead. Void but holding a trump, you must trump; if a trump is already in"
           " the trick you must beat the highest one if you can, and if you cannot you must"
           " still play a lower trump (the option \"Undertrump when you cannot overtrump\"),"
           " because only a player who 'can neither follow suit nor trump' is free. Void with"
           " no trump: any card."),
    ruling("MS-A7", "Scoring a wrong bid",
           "One minus point per trick predicted wrongly: minus the difference between bid and"
           " tricks won, in either direction (bid 4 won 3: -1; bid 0 won 2: -2)."),
    ruling("MS-A8", "Round sequence",
           "7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7 cards: the round of 1 card is played once,"
           " giving 13 rounds."),
    ruling("MS-A9", "Matches between rounds",
           "Bids start afresh every round; the matches are only a way to bid in secret."),
    ruling("MS-A10", "Telling the colours apart",
           "Two shades of orange and two of blue are hard to tell apart, so every card also"
           " names its shade in words (dark orange, light orange, dark blue, light blue). No"
           " effect on the rules."),
]

# How the engine reads sentences whose physical form has no digital twin, and readings that
# stay contestable (shown beside the rule they concern).
NOTES = [
    note("play.dealer", "The first dealer is drawn at random from the game's seed."),
    note("play.deal", "The undealt cards stay face down and out of play for the round."),
    note("play.secret", "Nobody sees another player's bid, only that it has been made, until"
                        " the last bid is in; then all are shown at once."),
    note("scoring.paper", "The score sheet records every round's bids, tricks and points."),
    note("during.trump-lead",
         "Contestable: the sentence literally says 'the card played before them', while MS-A5"
         " measures against the highest trump in the trick. The readings differ only after a"
         " player could not overtrump and played a lower trump (then the literal reading makes"
         " the next player beat that lower card), and the literal one is undefined when the"
         " card before is not a trump. The ruling is the default; the literal reading is the"
         " option \"Overtrumping after a trump lead: beat the card played just before you\"."),
]

SECTIONS = [
    section("goal", "Game Goal", [
        rule("goal.predict", "The goal of the game is to predict how many tricks you can take"
                             " with the cards you hold in your hand."),
        rule("goal.points", "Players earn plus points for correct predictions and minus points"
                            " for incorrect ones. The game is played over 13 rounds, with a"
                            " different number of cards per round (between 7 and 1). The player"
                            " with the most points at the end wins.", "MS-A7", "MS-A8"),
    ]),
    section("components", "Components", [
        rule("components.list", "52 cards, 50 matches, 1 rulebook. Paper and pencil are also"
                                " needed.", "MS-A1", "MS-A9"),
        rule("components.colours", "The cards come in four colors: dark orange, light orange,"
                                   " dark blue and light blue. The cards of each color are"
                                   " numbered from 1 to 13 (13 is the highest card).",
             "MS-A10"),
        rule("components.trump", "Dark orange is the trump suit. All other colors have the same"
                                 " value.", "MS-A4"),
    ]),
    section("play", "Game Play", [
        rule("play.matches", "Write down the names of all players. Give each player 7 matches."
                             " All players place these in front of them.", "MS-A1", "MS-A9"),
        rule("play.shuffle", "Shuffle the cards face down."),
        rule("play.dealer", "At the start of the game, the dealer is the player sitting closest"
                            " to the fireplace (or something comparable). During the game, the"
                            " dealer role passes clockwise."),
        rule("play.deal", "In the first round, deal 7 cards to each player.", "MS-A8"),
        rule("play.bid", "Now the players look at their hands and announce how many tricks they"
                         " will take. To do this, they take one match per trick from their"
                         " supply into their hand, face down. All players open their hands at"
                         " the same time, so that everyone's predictions are revealed to all"
                         " players.", "MS-A2", "MS-A3"),
        rule("play.lead", "The player to the left of the dealer leads. After that, the player"
                          " who won the trick leads the next card. The round ends when all"
                          " cards have been played.", "MS-A4"),
        rule("play.secret", "Be careful: it is important to keep your prediction secret until"
                            " everyone reveals at the same time. The best approach is for all"
                            " players to cover the matches in front of them with their other"
                            " hand, so that no player knows what the others are predicting.",
             "MS-A3"),
    ]),
    section("during", "During the Game, the Following Applies", [
        rule("during.follow", "You must follow suit as long as you can. If the card led is not"
                              " a trump card, you must play a card of the same suit, but you do"
                              " not need to beat the cards already on the table.", "MS-A6"),
        rule("during.trump-lead", "If the card led is a trump card, every player must overtrump"
                                  " the card played before them.", "MS-A5"),
        rule("during.must-trump", "If a player cannot follow suit, they must play a trump card"
                                  " if they can. If another player has already trumped before"
                                  " them, they must overtrump that card if possible. A player"
                                  " who can neither follow suit nor trump may play any other"
                                  " card.", "MS-A6"),
        rule("during.compare", "After the round ends, the players compare the tricks they won"
                               " with their predictions.", "MS-A4"),
    ]),
    section("scoring", "Scoring", [
        rule("scoring.correct", "A correct prediction is rewarded with 10 points plus 1 point"
                                " for each trick."),
        rule("scoring.incorrect", "An incorrect prediction is penalized with one minus point for"
                                  " each trick predicted incorrectly.", "MS-A7"),
        rule("scoring.paper", "All points are recorded on paper."),
        rule("scoring.examples", "3 tricks predicted and won = 10 points for the correct"
                                 " prediction + 3 tricks taken = 13 points. 4 tricks predicted,"
                                 " but only 3 won = 1 minus point. 0 tricks predicted and no"
                                 " trick taken = 10 points for the correct prediction + 0 tricks"
                                 " taken = 10 points. 0 tricks predicted, but 2 taken = 2 minus"
                                 " points.", "MS-A7"),
    ]),
    section("rounds", "The Remaining Rounds", [
        rule("rounds.sequence", "The following rounds are played with 6, 5, 4, 3, 2, and then"
                                " again ascending from 1 to 7 cards (13 rounds in total). The"
                                " cards are reshuffled after each round. The role of dealer"
                                " passes clockwise.", "MS-A8", "MS-A9"),
    ]),
    section("end", "End of the Game", [
        rule("end.winner", "The player with the most points wins. In case of a tie, there are"
                           " several winners."),
    ]),
]

RULE_VERSIONS = [
    version("matchmaster-v1", "Matchmaster (rulebook, first edition)",
            "Predict how many tricks you will take, over 13 rounds of 7 down to 1 and back up to"
            " 7 cards. Dark orange is always trumps; bids are secret and revealed together; an"
            " exact prediction scores 10 plus the tricks.",
            SECTIONS, rulings=RULINGS, notes=NOTES),
]

# Section 5 of RULINGS.md, default first; locked: fixed once the cards are dealt. The MS-A1
# key ``players`` is not here: the seat count is the game's own ``players`` (2..7, default 4).
OPTIONS = [
    option("allow_bid_above_hand", "Bids above the hand size", False, [False, True],
           "Off: bid 0 to the number of cards in this round. On: bid 0 to 7, as the 7 matches"
           " allow, although such a bid can never be exact.", ruling="MS-A2",
           labels=["Up to the cards in the round", "Up to 7, as the matches allow"]),
    option("dealer_hook", "Dealer hook (house rule)", False, [False, True],
           "Off: no restriction, the bids may add up to anything. On: the dealer bids after the"
           " others have bid in secret and may not bid the number that makes all the bids add"
           " up to the cards in the round; the others' bids stay hidden until the dealer has"
           " bid.", ruling="MS-A3",
           labels=["No hook: the bids may add up to anything",
                   "The dealer bids last and may not make the bids add up"]),
    option("overtrump_reference", "Overtrumping after a trump lead", "highest_trump",
           ["highest_trump", "previous_card"],
           "When a trump is led, which trump you must beat if you can: the highest trump in the"
           " trick so far, or the card played just before you (the highest trump when that card"
           " is not a trump). A player who trumps a non-trump lead always measures against the"
           " highest trump.", ruling="MS-A5",
           labels=["Beat the highest trump in the trick", "Beat the card played just before you"]),
    option("must_undertrump", "Undertrump when you cannot overtrump", True, [True, False],
           "When you cannot follow the colour led and cannot beat the trump already played: on,"
           " you must still play a (lower) trump if you hold one; off, you may play any card.",
           ruling="MS-A6",
           labels=["You must still play a lower trump", "You may play any card"]),
]
