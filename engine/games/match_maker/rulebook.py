"""The Match-Maker's rules as data: the rulebook's sentences, rulings MX-A1 to MX-A23, the
notes where a sentence pulls against a ruling, and the options, each value with the words a
person reads for it. Data only (built with engine.rulebook): the rules page, the lobby and the
engine all read these tables.

The rulebook is ``rules/004`` and the rulings are ``MX-A1`` to ``MX-A23`` in RULINGS.md.
"""

from ...rulebook import note, option, rule, ruling, section, version

SECTIONS_V1 = [
    section("intro", "The object of the game", [
        rule("intro.1", "This is a realistic matchmaking game using timeless rules. Each player"
              " is a competing matchmaker. The object of the game is to make as many matches as"
              " possible."),
        rule("intro.2", "Just like in real life, couples are matched by pairing up compatible"
              " orientations. Straight male-to-female. Gay male-to-male or female-to-female."
              " Nobody able to match with a Celibate.", "MX-A2"),
        rule("intro.3", "Anybody achieving a match with a Soulmate earns extra 3 points unless"
              " trumped by a Deathmate.", "MX-A5", "MX-A17"),
        rule("intro.4", "The person with the most paired Couples wins the title of The"
              " Match-Maker and the person with the most Exes (matched unpaired cards) becomes"
              " The Player.", "MX-A16"),
    ]),
    section("cards", "The cards", [
        rule("cards.1", "Person Cards represent people and their orientations (Straight male,"
              " gay female, etc.). Your goal is to find a match for all the cards in your"
              " hand.", "MX-A23"),
        rule("cards.2", "Chance Cards represent possibilities, like the chance for a Soulmate"
              " or Deathmate match. Orientation or Sex Change, or for simply more time, another"
              " matching chance.", "MX-A23"),
        rule("cards.3", "Orientation and Sex Change chance cards are also known as Change Cards"
              " because these are used to replace person cards."),
        rule("cards.4", "Orientation Change chance card can also be used to influence an"
              " orientation change.", "MX-A18"),
        rule("cards.5", "Like real life, people use or throw out chances."),
        rule("cards.6", "Acronyms: PC = Person Card; PC1 = first opened PC to be matched; PC2 ="
              " second opened PC to be matched; CC = Chance Card; OC = Orientation Change; SC ="
              " Sex Change; OI = Orientation Change Influence; SM = Soulmate; DM = Deathmate;"
              " T = Time.", "MX-A18"),
    ]),
    section("setup", "To play", [
        rule("setup.1", "Shuffle Soulmate and Deathmate Chance cards and place them face down"
              " on the Mate Chance Pile.", "MX-A23"),
        rule("setup.2", "Shuffle the remaining Chance cards and place them face down on the"
              " Change Chance Pile.", "MX-A23"),
        rule("setup.3", "Shuffle all Person cards, place 7 cards face down on the"
              " Change-To-Person Pile, and lay out 3 cards each face down, in a 4-row by"
              " 5-column grid (except the 4th row which will only have 2 cards each).",
              "MX-A1", "MX-A23"),
        rule("setup.4", "The game begins with the person to the left of the Dealer, and moves"
              " clockwise around the table."),
        rule("setup.5", "Cards in the Discard Pile must be placed face up."),
    ]),
    section("turn", "Turn player", [
        rule("turn.1", "The initial turn player is the person sitting to the left of the"
              " dealer."),
        rule("turn.2", "Turn player must open up two cards (PC1 and PC2) from different"
              " locations on the grid.", "MX-A3", "MX-A21"),
    ]),
    section("match", "If PC1 and PC2 match", [
        rule("match.1", "Player can either collect a Couple (both PCs go onto the Couples"
              " Pile) or an Ex (PC2 goes onto the Exes Pile and PC1 is retained face down on"
              " the grid).", "MX-A4"),
        rule("match.2", "Each Person card collected is equivalent to 1 point.", "MX-A4",
              "MX-A14"),
        rule("match.3", "Each player has his or her own Couples and Exes piles. In real life,"
              " some relationships work and some do not."),
        rule("match.4", "OPTIONAL: If player is collecting couples and wants to risk earning"
              " extra or losing points then he or she may draw from the Soulmate and Deathmate"
              " Chance Pile.", "MX-A5", "MX-A22"),
        rule("match.5", "If SM was drawn then player automatically earns extra 3 points. This"
              " represents PC1 found soulmate PC2. Collect the Soulmate card on the Couples Pile"
              " to remember the extra 3 points.", "MX-A5"),
        rule("match.6", "If DM was drawn then player automatically loses 3 points, discard PC1"
              " onto Discard Pile, and leave PC2 face down on the grid. This represents PC1"
              " found deathmate PC2. Collect the Deathmate card on the Couples Pile to remember"
              " the 3 point deduction.", "MX-A5"),
        rule("match.7", "A deathmate PC2 of PC1 does not make PC2 a deathmate of another PC.",
              "MX-A5"),
        rule("match.8", "A confident player may also draw from the Soulmate and Deathmate"
              " Chance Pile prior to opening up PC1 and PC2.", "MX-A6"),
        rule("match.9", "When combining two decks, turn player may draw two cards from the"
              " Soulmate and Deathmate Chance Pile. SM and SM: 6 points. DM and DM: -6 points."
              " DM trumps SM and vice versa: no points.", "MX-A17"),
    ]),
    section("mismatch", "If PC1 and PC2 mismatch", [
        rule("mismatch.1", "OPTIONAL: Player may draw a card from the Change Chance Pile to"
              " replace either PC1 or PC2 or get another turn.", "MX-A7", "MX-A22"),
        rule("mismatch.2", "Orientation Change: Discard OC. If replacing PC1 then discard PC1"
              " and replace with a card from the Change-To-Person Pile following the OC rules."
              " If replacing PC2 then discard PC2 and replace with a card from the"
              " Change-To-Person Pile following the OC rules.", "MX-A10"),
        rule("mismatch.3", "If neither PC1 or PC2 can OC into one of the cards in"
              " Change-To-Person Pile then both cards must be placed face down on the grid.",
              "MX-A10", "MX-A22"),
        rule("mismatch.4", "Only valid replacement cards can be taken from the Change-To-Person"
              " Pile.", "MX-A8", "MX-A9"),
        rule("mismatch.5", "A valid OC example, a Straight-Female (PC1) replaced with a"
              " Gay-Female from the Change-To-Person Pile. An invalid OC example, a"
              " Straight-Male (PC1) replaced with a Celibate-Female from the Change-To-Person"
              " Pile.", "MX-A8"),
        rule("mismatch.6", "Sex Change: Discard SC. If replacing PC1 then discard PC1 and"
              " replace with a card from the Change-To-Person Pile following the SC rules. If"
              " replacing PC2 then discard PC2 and replace with a card from the"
              " Change-To-Person Pile following the SC rules.", "MX-A10"),
        rule("mismatch.7", "If neither PC1 or PC2 can SC into one of the cards in"
              " Change-To-Person Pile then both cards must be placed face down on the grid.",
              "MX-A10", "MX-A22"),
        rule("mismatch.8", "A valid SC example, a Gay-Male (PC1) replaced with a"
              " Straight-Female from the Change-To-Person Pile. An invalid SC example, a"
              " Gay-Female (PC1) replaced with a Straight-Female from the Change-To-Person"
              " Pile.", "MX-A9"),
        rule("mismatch.9", "Time: Opening up this card automatically gives the turn player"
              " another turn. This card must be discarded before taking another turn.",
              "MX-A11"),
        rule("mismatch.10", "If player did not attempt to replace a card then player must place"
              " PC1 and PC2 face down on the grid.", "MX-A7", "MX-A11"),
    ]),
    section("cancel", "Non-turn player", [
        rule("cancel.1", "A non-turn player may cancel a turn player's usage of the OC, SC and"
              " T Chance cards. This is done by interrupting a turn and stating a cancellation"
              " attempt.", "MX-A12"),
        rule("cancel.2", "The non-turn player will open up a card from the Change Chance Pile."
              " The opened card must be identical to the card that needs to be cancelled.",
              "MX-A12", "MX-A22"),
        rule("cancel.3", "If the card is an OC then Orientation Change process is cancelled and"
              " both OC cards are discarded. If the card is not an OC then cancellation attempt"
              " failed, the opened card must be placed face down at the bottom of the Change"
              " Chance Pile, and turn player continues.", "MX-A12"),
        rule("cancel.4", "When using a single deck, only OC cancellation can be done.",
              "MX-A12"),
        rule("cancel.5", "All players actions must be validated by at least one or all the"
              " other players.", "MX-A19"),
    ]),
    section("end", "The end of the game", [
        rule("end.1", "Play continues until all the possible matches have been made. Like real"
              " life, not everyone will find a match.", "MX-A13"),
        rule("end.2", "For beginners, put all cards face up and after a few games, cards can be"
              " placed face down.", "MX-A20"),
        rule("end.3", "Players can restrict the time, the number of rounds, or both to control"
              " the length of the game.", "MX-A13"),
    ]),
    section("winners", "Winners, titles and events", [
        rule("winners.1", "The player with the most collected person cards automatically"
              " wins.", "MX-A14"),
        rule("winners.2", "Ties can be broken using either the Tie Breaker or the Grudge"
              " Match.", "MX-A15"),
        rule("winners.3", "The Match-Maker: the player with the most Couples.", "MX-A16"),
        rule("winners.4", "The Player: the player with the most Exes.", "MX-A16"),
        rule("winners.5", "The Grand Master, the ultimate title: the player having both the"
              " most Couples and the most Exes.", "MX-A16"),
    ]),
    section("events", "Special events", [
        rule("events.1", "Deathmate Trumps Soulmate: when both the Soulmate and the Deathmate"
              " cards are opened on the same, successful match, they cancel each other out. (A"
              " dead soulmate does not lead to happily ever after.)", "MX-A17"),
        rule("events.2", "Fairy Tale: when two Soulmate cards are opened on the same,"
              " successful match.", "MX-A17"),
        rule("events.3", "Tragedy: when two Deathmate cards are opened on the same, successful"
              " match.", "MX-A17"),
        rule("events.4", "Romeo and Juliet: when two pairs of Soulmate and Deathmate cards are"
              " opened on the same, successful match. Romeo and Juliet are both soulmates and"
              " deathmates. Fairy Tale and Tragedy combined.", "MX-A17"),
        rule("events.5", "Suicide: when a player knowingly opens a Deathmate card on a"
              " successful match.", "MX-A6", "MX-A17"),
        rule("events.6", "Attempted Suicide: an unsuccessful match attempt at knowingly opening"
              " the Deathmate card.", "MX-A6", "MX-A17"),
        rule("events.7", "Deathmate Trumps Soulmate, Fairy Tale, Tragedy and Romeo and Juliet"
              " are only possible when using multiple decks.", "MX-A17"),
    ]),
]

RULINGS_V1 = [
    ruling("MX-A1", "Grid geometry",
           "20 grid locations (4 rows × 5 columns). Each location in rows 1–3 holds a"
           " face-down stack of 3 and each location in row 4 a stack of 2: 55 cards. Only the"
           " top card of a stack can be opened; a used-up location stays empty. With the"
           " 7-card Change-To-Person pile that makes 62 person cards. Option: Grid."),
    ruling("MX-A2", "What a match is",
           "A match needs mutual compatibility: straight man + straight woman, gay man + gay"
           " man, gay woman + gay woman. Everything else is no match, and nothing matches a"
           " celibate."),
    ruling("MX-A3", "Opening two cards",
           "The turn player opens PC1 (the top of any non-empty location) and sees it, then"
           " opens PC2 from a different location. Opened cards are shown to every player."
           " Both must be opened. With fewer than 2 locations holding cards the game ends."),
    ruling("MX-A4", "Couple or Ex",
           "On a match the player chooses: a Couple (both cards to their Couples pile, 2"
           " points) or an Ex (PC2 to their Exes pile, 1 point; PC1 goes back face down on"
           " its stack). Each person card collected is 1 point."),
    ruling("MX-A5", "The Soulmate/Deathmate draw",
           "Offered only with a Couple and a non-empty Mate pile. Soulmate: +3, the couple is"
           " collected and the card goes on the Couples pile as a marker. Deathmate: -3, PC1"
           " goes to the Discard pile, PC2 goes back face down, no person card is collected,"
           " and the card goes on the Couples pile as a marker. A deathmate PC2 is an"
           " ordinary card afterwards. Used mate cards never return to the Mate pile."),
    ruling("MX-A6", "The confident pre-draw",
           "A mate card drawn before opening is shown to everyone and commits the player: on"
           " a match they must take the Couple and the card applies; if the turn ends without"
           " a match the card is discarded with no effect. A pre-drawn Deathmate on a match is"
           " the event Suicide, on a turn without a match Attempted Suicide. Options: A pre-drawn"
           " mate card commits, An unused pre-drawn mate card."),
    ruling("MX-A7", "Mismatch",
           "Without a draw both cards go back face down and the turn passes. Optionally the"
           " player draws one card from the Change Chance pile; its effect depends on the card"
           " drawn, not on a choice made before drawing."),
    ruling("MX-A8", "Orientation Change validity",
           "The replacement has the same sex and a different orientation (straight, gay or"
           " celibate): a straight woman may become a gay or celibate woman, a straight man a"
           " gay or celibate man."),
    ruling("MX-A9", "Sex Change validity",
           "The sex changes and the attraction stays: straight man <-> gay woman, straight"
           " woman <-> gay man, celibate man <-> celibate woman. Consistent with both"
           " examples (gay man -> straight woman valid, gay woman -> straight woman invalid)."
           " Option Sex Change: Any card of the other sex allows any card of the other sex."),
    ruling("MX-A10", "The OC/SC procedure",
           "1. The change card is discarded. 2. The player searches the Change-To-Person pile"
           " (only they see it) and picks a valid replacement for PC1 or PC2. 3. The replaced"
           " card goes face up to the Discard pile, the replacement takes its place face up."
           " 4. The pair is evaluated again: a match goes on as a match (Couple or Ex),"
           " otherwise both go back face down and the turn passes. If neither card has a"
           " valid replacement, both go back face down and the change card is spent anyway."
           " The replacement need not create a match."),
    ruling("MX-A11", "Time",
           "Both cards go back face down, Time is discarded and the same player takes"
           " another full turn."),
    ruling("MX-A12", "Cancellation by non-turn players",
           "After the turn player reveals OC, SC or T, each non-turn player in clockwise"
           " order is offered one cancellation attempt; the first who accepts makes the only"
           " attempt. They open the top of the Change Chance pile: if it is identical, both"
           " cards are discarded, the process is cancelled, both cards go back face down and"
           " the turn ends (a cancelled Time gives no extra turn). Otherwise the opened card"
           " goes face down to the bottom of the pile and the turn player continues. With a"
           " single deck only OC can be cancelled. An attempt needs a non-empty Change Chance"
           " pile."),
    ruling("MX-A13", "When the game ends",
           "After each turn the game ends when no two top cards in different locations match"
           " and no card left in the Change Chance pile could create a match (an OC or SC for"
           " which some top card has a valid replacement in the Change-To-Person pile that"
           " would match another top card), or when fewer than 2 locations hold cards."
           " Optional caps: Most rounds (a round is one turn for every player), Time limit,"
           " and a safety net, End after turns without a collection (see the notes: off by"
           " default here)."),
    ruling("MX-A14", "Winner: points",
           "The winner has the highest score: person cards in the Couples and Exes piles, +3"
           " per Soulmate, -3 per Deathmate. Option The winner: Most person cards counts person"
           " cards only."),
    ruling("MX-A15", "Ties",
           "The Tie Breaker and the Grudge Match are never defined, so tied players share"
           " the win. The option Ties: Tied players play again reports the tie as undecided:"
           " the tied players play again."),
    ruling("MX-A16", "Titles",
           "The Match-Maker: most couples (pairs, not the Soulmate/Deathmate markers). The"
           " Player: most exes. The Grand Master: the same player holds both titles alone. A"
           " tied title is shared, and a shared title cannot make a Grand Master."),
    ruling("MX-A17", "Special events",
           "Fairy Tale, Tragedy, Romeo and Juliet, Suicide and Attempted Suicide are logged"
           " achievements. Scoring: SM+SM +6, DM+DM -6 (with the Deathmate consequence), SM+DM"
           " 0 with the couple collected, Romeo and Juliet (2 SM + 2 DM) net 0. With two decks"
           " up to 2 mate cards may be drawn before opening and up to 2 after, 4 at most."),
    ruling("MX-A18", "Orientation Change Influence",
           "Defined only as an acronym, with no procedure: not implemented."),
    ruling("MX-A19", "Validation by the other players",
           "The engine enforces legality, so nothing further is needed."),
    ruling("MX-A20", "Beginner mode",
           "\"For beginners, put all cards face up\": the Beginner mode option shows every"
           " person card (the grid stacks and the Change-To-Person pile)."),
    ruling("MX-A21", "No extra turn after a match",
           "One attempt per turn; only Time grants another turn. Option: Another turn after a"
           " match."),
    ruling("MX-A22", "Empty piles",
           "An empty Mate pile: no Soulmate/Deathmate draw. An empty Change Chance pile: no"
           " change draw and no cancellation. An empty Change-To-Person pile: OC and SC"
           " always fail (the card is spent)."),
    ruling("MX-A23", "Card counts are ours, not official",
           "The rulebook gives no card counts. Our defaults: person cards straight man 16,"
           " straight woman 16, gay man 10, gay woman 10, celibate man 5, celibate woman 5"
           " (62, what the layout holds); chance cards per deck Soulmate 1, Deathmate 1,"
           " Orientation Change 2, Sex Change 1, Time 1. Players 2 to 6. All of these are"
           " options, and none of them is official."),
]

# Where we read the rulebook differently from a ruling, or a ruling settles the text against
# one of its own sentences, the rules page says so.
NOTES_V1 = [
    note("end.1",  # MX-A13
         "RULINGS.md proposes a safety net that ends the game after 2 × players turns in a"
         " row without a collection. That contradicts this sentence: early in a memory game"
         " several players in a row often miss, and the game would end with nearly every"
         " match still on the grid (MX-A13). We follow the text: the safety net (End after turns"
         " without a collection) is off by default and is an option; Most rounds and Time"
         " limit are the text's own limits."),
    note("winners.1",  # MX-A14
         "The text also says a Soulmate \"earns extra 3 points\" and a Deathmate \"loses 3"
         " points\", which could never matter if only person cards counted. MX-A14 reads"
         " the winner by points (person cards + 3 per Soulmate - 3 per Deathmate). The"
         " literal sentence is the option The winner: Most person cards."),
    note("match.9",  # MX-A17
         "The layout holds one deck's person cards (7 + 55), so with two decks the second"
         " deck adds its chance cards only. The two mate cards are drawn one at a time, so"
         " the player may stop after the first. With a single deck a player draws at most"
         " one mate card a turn (before or after opening), because Deathmate Trumps"
         " Soulmate is \"only possible when using multiple decks\"."),
    note("match.8",  # MX-A6
         "A pre-drawn card stays committed for the whole turn: if an Orientation or Sex"
         " Change then makes a match, the card applies. It is set aside when the turn ends"
         " without a match (a Time card ends the turn too)."),
    note("events.1",  # MX-A17
         "Deathmate Trumps Soulmate is listed among the special events, so it is logged"
         " like the others. Mate cards cancel in pairs: more Deathmates than Soulmates"
         " brings the Deathmate consequence, otherwise the couple is collected."),
    note("end.2",  # MX-A20
         "Beginner mode shows every person card face up; the chance piles stay face down,"
         " because a chance you can see is no chance."),
]


RULE_VERSIONS = [
    version("match-maker-v1", "The Match-Maker, version 1",
            "The published rulebook text, with rulings MX-A1 to MX-A23 for what it leaves open."
            " The rulebook gives no card counts: every count here is our default, not an"
            " official number.",
            SECTIONS_V1, rulings=RULINGS_V1, notes=NOTES_V1),
]

_UNOFFICIAL = " Our default, not official: the rulebook gives no counts."

# The option values are the keys of the tables in rules.py (PERSON_MIXES, CHANCE_MIXES, GRIDS),
# kept as they are because saves name them; ``labels`` are what a person reads.
OPTIONS = [
    option("person_mix", "Person cards", "standard", ["standard", "more_gay", "no_celibates"],
           "Standard: straight man 16, straight woman 16, gay man 10, gay woman 10, celibate"
           " man 5, celibate woman 5 (62 cards: the 7-card Change-To-Person pile and the 55 grid"
           " cards). More gay cards: 13, 13, 13, 13, 5, 5. No celibates: 19, 19, 12, 12, 0, 0."
           " A smaller grid scales the mix by pairs." + _UNOFFICIAL,
           ruling="MX-A23", labels=["Standard mix", "More gay cards", "No celibates"]),
    option("chance_mix", "Chance cards per deck", "SM1 DM1 OC2 SC1 T1",
           ["SM1 DM1 OC2 SC1 T1", "SM1 DM1 OC3 SC1 T1", "SM1 DM1 OC2 SC2 T2"],
           "Soulmate, Deathmate, Orientation Change, Sex Change and Time cards in one deck. The"
           " default is the fewest that fit the text: two Orientation Changes so that one can"
           " cancel the other, one of each other card." + _UNOFFICIAL,
           ruling="MX-A23",
           labels=["Soulmate, Deathmate, 2 Orientation Changes, Sex Change, Time",
                   "Soulmate, Deathmate, 3 Orientation Changes, Sex Change, Time",
                   "Soulmate, Deathmate, 2 Orientation Changes, 2 Sex Changes, 2 Time cards"]),
    option("decks", "Decks", 1, [1, 2],
           "Two decks: the chance cards of two decks; up to two mate cards may be drawn before"
           " opening and up to two after a Couple, and Sex Change and Time can be cancelled"
           " too. The layout still holds 62 person cards (our reading).",
           ruling="MX-A17", labels=["One deck", "Two decks"]),
    option("grid_stacks", "Grid", "3,3,3,2", ["3,3,3,2", "row4_2x3", "2,2,2,1"],
           "The rulebook's grid: 4 rows × 5 stacks, 3 cards deep in rows 1–3 and 2 deep in"
           " row 4. Row 4 with 2 stacks of 3: a reading our ruling rejects (58 person"
           " cards). Short game: stacks of 2, and 1 in row 4, a layout of our own (42 person"
           " cards).",
           ruling="MX-A1",
           labels=["4 × 5 stacks of 3 (row 4: 2)", "Row 4 with 2 stacks of 3",
                   "Short game: stacks of 2 (row 4: 1)"]),
    option("sex_change_rule", "Sex Change", "preserve_attraction",
           ["preserve_attraction", "any_opposite_sex"],
           "The attraction stays: the sex changes and the attraction stays (straight man <->"
           " gay woman, straight woman <-> gay man, celibate <-> celibate). Any card of the"
           " other sex: any person card of the other sex.",
           ruling="MX-A9", labels=["The attraction stays", "Any card of the other sex"]),
    option("predraw_commits", "A pre-drawn mate card commits", True, [True, False],
           "Yes: a mate card drawn before opening binds the player to take the Couple on a"
           " match. No: they may still take an Ex, and the card is set aside unused.",
           ruling="MX-A6", labels=["Yes", "No"]),
    option("predraw_unused", "An unused pre-drawn mate card", "discard",
           ["discard", "bottom_of_pile"],
           "Where a pre-drawn mate card goes when it is not used: the Discard pile, or back"
           " face down under the Mate pile.",
           ruling="MX-A6", labels=["Onto the Discard pile", "Under the Mate pile"]),
    option("winner_by", "The winner", "points", ["points", "person_cards"],
           "Most points: person cards collected + 3 per Soulmate - 3 per Deathmate."
           " Most person cards: only person cards, as the rulebook's winners rule says word"
           " for word.",
           ruling="MX-A14", labels=["Most points", "Most person cards"]),
    option("tie_rule", "Ties", "shared", ["shared", "rematch"],
           "Tied players share the win, or the tie is undecided and the tied players play"
           " again (the rulebook names a Tie Breaker and a Grudge Match but never defines"
           " them).",
           ruling="MX-A15", labels=["Tied players share the win", "Tied players play again"]),
    option("match_grants_extra_turn", "Another turn after a match", False, [False, True],
           "Yes: a player who makes a match (Couple or Ex) takes another turn. No: only Time"
           " gives another turn, as the text describes.",
           ruling="MX-A21", labels=["No", "Yes"]),
    option("open_grid", "Beginner mode (cards face up)", False, [False, True],
           "Yes: every person card lies face up (the grid stacks and the Change-To-Person"
           " pile), as the rulebook suggests for beginners.",
           ruling="MX-A20", labels=["No: cards face down", "Yes: cards face up"]),
    option("max_rounds", "Most rounds", None, [None, 5, 10, 20],
           "No limit, or the game ends after that many rounds (a round is one turn for every"
           " player; extra turns do not count).",
           ruling="MX-A13", labels=["No limit", "5 rounds", "10 rounds", "20 rounds"]),
    option("time_limit", "Time limit", None, [None, 10, 20, 30],
           "No limit, or whoever keeps the time ends the game when it runs out; the engine"
           " never reads a clock.",
           ruling="MX-A13", labels=["No limit", "10 minutes", "20 minutes", "30 minutes"]),
    option("stall_turns", "End after turns without a collection", None,
           [None, "2x_players", "10x_players"],
           "Never (the text plays on until no match is possible), or the game ends after that"
           " many turns in a row in which nobody collected a card. Our rulings proposed 2 turns"
           " per player as the default; see the notes.",
           ruling="MX-A13",
           labels=["Never", "After 2 turns per player", "After 10 turns per player"]),
]
