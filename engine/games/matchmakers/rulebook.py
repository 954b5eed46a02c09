"""Matchmakers' rules as data: the rulebook's sentences (``rules/000``), the rulings that
settle what it leaves open (MK-A1 … MK-A30 and MK-S1 in RULINGS.md), how the engine reads a
sentence that strains against another, and the options. Data only: the rules page, the
lobby, the version comparison and the engine all read these tables."""

from ...rulebook import note, option, rule, ruling, section, version

RULINGS = [
    ruling("MK-A1", "The fourth colour",
           "The text names red, blue and green only. The colours are red, blue, green and yellow"
           " (yellow is a placeholder the screen may rename). Suit and colour mean the same"
           " thing."),
    ruling("MK-A2", "Who deals in round 1",
           "The dealer is drawn at random from the game's seed. The dealer is the first player:"
           " they lead the first trick and initiate their team's exchange (MK-A4)."),
    ruling("MK-A3", "Colour distribution",
           "The multiset of colours, values ignored: the 3 returned cards have exactly as many"
           " cards of each colour as the 3 received (8 red, 5 red, 2 blue: return 2 red and 1"
           " blue)."),
    ruling("MK-A4", "Who initiates the exchange",
           "The starting player (round 1: the dealer) initiates for their team. In the other team"
           " the initiator is the starting player's left-hand neighbour, the next seat clockwise"
           " (option exchange_initiator: team_choice lets that team's members decide)."),
    ruling("MK-A5", "Which cards the partner may return",
           "Any cards of the partner's current hand, the 3 received included, that keep the"
           " colour distribution. The rulebook's Note follows from this: a colour the partner did"
           " not hold can only be returned with the cards received. Returning the received cards"
           " is always legal."),
    ruling("MK-A6", "Timing of the exchange",
           "Both teams exchange at the same time, independently, every round of a 4-player game:"
           " the initiator gives exactly 3 cards, then the partner returns exactly 3. Guides are"
           " never exchanged."),
    ruling("MK-A7", "No exchange with 2 players",
           "The exchange is made \"with their respective partner\", and a 2-player game has none,"
           " so there is no exchange."),
    ruling("MK-A8", "When a guide may be played",
           "On any turn of a trick, the lead included, a player may play one of their own face-up"
           " guides instead of a card. A guide gained at the end of a trick is played on a later"
           " trick."),
    ruling("MK-A9", "The lead colour after a guide is led",
           "The lead colour is the colour of the first non-guide card of the trick. Until one is"
           " played any card is legal; after it, later cards follow it if they can, and a guide"
           " is always allowed."),
    ruling("MK-A10", "Several guides in one trick",
           "The highest guide wins (T8 > T6 > T4 > T2). Option trump_vs_trump: first_played makes"
           " the first guide played win."),
    ruling("MK-A11", "The weakest card",
           "Guides are never the weakest. An off-colour card is weaker than any lead-colour card."
           " Within the lead colour the lower value is weaker; among off-colour cards the lower"
           " value is weaker whatever its colour. On equal values the card played first is"
           " weaker. A trick of guides only has no loser."),
    ruling("MK-A12", "The loser's claim is optional",
           "Only if the weakest card is a 2, 4, 6 or 8 may its player take that guide, from the"
           " office or from any player, their partner included (the rulebook's example takes it"
           " from the partner), or decline. A player who already holds it gets nothing more."),
    ruling("MK-A13", "Resolution order",
           "(a) find the winner and the loser; (b) guides played in the trick go back to the"
           " office; (c) the loser may claim; (d) the winner collects; (e) the rest is discarded."
           " So a guide played in this trick can be claimed (option"
           " claim_trump_played_this_trick)."),
    ruling("MK-A14", "What the winner collects",
           "Exactly one non-guide card that the winner did not play (a partner's card is fine),"
           " to the winner's team campsite; collecting is mandatory when such a card exists. The"
           " others are discarded and guides go to the office."),
    ruling("MK-A15", "All four guides in one trick",
           "The guides go back to the office; there is no loser, claim or collection. The player"
           " of the T8 leads next (option all_trumps_next_leader: same_leader)."),
    ruling("MK-A16", "Matchmaking",
           "A card of the same colour and value as a card already in the current trick (its ★/☾"
           " twin) makes a Matchmaking, if it is a legal play. The trick ends at once: the twins"
           " are discarded, every other card goes to its player's team campsite, guides go to the"
           " office; no winner, loser or claim. The player of the second twin leads next; players"
           " who had not played keep their cards. With 2 players a player may match their own"
           " first card (option allow_self_matchmaking)."),
    ruling("MK-A17", "The round ends after the trick",
           "The trick in which a hand becomes empty is completed and resolved (or ended by a"
           " Matchmaking), then the round ends. Guides in front of a player with an empty hand"
           " are not played; they score their penalty."),
    ruling("MK-A18", "The best arrangement",
           "The engine arranges each campsite into the best-scoring sets: couples (the ★ and ☾ of"
           " one colour and value) and buddies (3 or 4 cards of one value in different colours),"
           " each card in at most one set. A card in a set scores +value, a card in none -value."
           " Each guide held by a team member at the end scores -2 × value."),
    ruling("MK-A19", "The starter of rounds 2 and 3",
           "From the previous starter, go clockwise to the first player of the leading team (the"
           " previous starter is not eligible). On equal totals the next player clockwise after"
           " the previous starter starts (option next_starter: team_choice lets the leading team"
           " decide)."),
    ruling("MK-A20", "End of the game",
           "After every round: a difference of 30 or more ends the game. After round 3 the higher"
           " total wins; equal totals share the victory."),
    ruling("MK-A21", "Campsites belong to teams",
           "Cards a Matchmaking sends to their players go to those players' team campsites. With"
           " 2 players each player has their own campsite."),
    ruling("MK-A22", "Between rounds",
           "After scoring all guides go back to the office; campsites and the discard pile are"
           " cleared and all 52 animals are shuffled and dealt again."),
    ruling("MK-A23", "\"Some animal cards\" each trick",
           "The Overview's sentence is flavour: a trick of four guides, or a Matchmaking of two"
           " cards, puts nothing in a campsite."),
    ruling("MK-A24", "Order and following in a 2-player trick",
           "Leader, opponent, leader, opponent. The first non-guide card sets the lead colour and"
           " all later non-guide cards, the leader's own second card included, follow it if they"
           " can."),
    ruling("MK-A25", "The hand with 2 players",
           "Hand cards plus the face-up straw cards. A face-down card whose cover was played is"
           " revealed at the end of the trick and then belongs to the hand."),
    ruling("MK-A26", "Running out in a 2-player trick",
           "A player who must play with no hand card and no face-up straw card first reveals"
           " their uncovered face-down cards, which become playable (a held guide may be played"
           " instead; option straw_emergency_reveal). A player with no cards at all skips their"
           " remaining plays of the trick. The round ends at the end of a trick in which a player"
           " has no cards left at all, face-down cards counted."),
    ruling("MK-A27", "\"Except for their own card\" with 2 players",
           "The winner may collect none of the cards they played, so takes one of the opponent's"
           " non-guide cards, or nothing if there is none (option twop_collect_exclusion:"
           " winning_card_only excludes only the winning card)."),
    ruling("MK-A28", "Winner and loser may be one player (2 players)",
           "That player may claim a guide and must collect."),
    ruling("MK-A29", "The starter of rounds 2 and 3 with 2 players",
           "The player with the higher total starts; on equal totals, the player who did not"
           " start the previous round."),
    ruling("MK-A30", "Cards left in hand are not scored",
           "Only campsite cards score (and held guides, as a penalty); cards still in a hand or"
           " straw pile at the end of a round are ignored."),
    ruling("MK-S1", "What is public",
           "The rulebook does not say who may look at the campsites and the discard pile. Both"
           " are public (face up): this is a digital table, and nothing in them is hidden while"
           " they are made. Option campsite_visibility = private hides the other team's campsite"
           " until the round is scored."),
]

SECTIONS = [
    section("overview", "Overview", [
        rule("overview.goal",
             "MATCHMAKERS a team-based, must-follow trick-taking game. Each team aims to collect"
             " specific cards in order to form scoring sets."),
        rule("overview.round",
             "At the beginning of each round, players exchange cards with their respective"
             " partner and then play a series of tricks.", "MK-A6", "MK-A7"),
        rule("overview.campsite",
             "At the end of each trick, some animal cards will be placed in the campsite.",
             "MK-A23"),
        rule("overview.end",
             "A round ends when one player runs out of cards in hand. Collected cards are then"
             " pooled by team and scoring takes place.", "MK-A17", "MK-A30"),
        rule("overview.players",
             "2 or 4 players / Ages 14 / 15–20 min"),
    ]),
    section("components", "Components", [
        rule("components.animals",
             "52 playing cards in 4 suits, ranked 1 to 9 with all even-numbered cards doubled (1,"
             " 2★, 2☾, 3, 4★, 4☾, 5, 6★, 6☾, 7, 8★, 8☾, 9) – referred as adventurous animal",
             "MK-A1"),
        rule("components.guides",
             "4 special trump cards (2, 4, 6, 8) in tarot size – referred as the mountain guides"),
    ]),
    section("setup", "Setup", [
        rule("setup.teams",
             "The game is played as a team battle of 2 VS 2 players. Each team member should sit"
             " across from each other, so that both of your opponents sit next to you."),
        rule("setup.areas",
             "There are 3 different areas to play:"),
        rule("setup.office",
             "The mountain guide office: Place the 4 trump cards aside in a separate area. They"
             " will not be dealt with the other cards.", "MK-A22"),
        rule("setup.campsites",
             "The campsites (one per team): Arrange 2 empty scoring areas where each team will"
             " collect their animal cards during the tricks.", "MK-A21", "MK-S1"),
        rule("setup.place",
             "The matchmaking place: Where the tricks are played"),
        rule("setup.deal",
             "Shuffle the 52 cards and deal 13 cards face down to each player. The Dealer will be"
             " the first player (only in the first round)", "MK-A2"),
    ]),
    section("exchange", "Exchanging Cards", [
        rule("exchange.differs",
             "The card exchange differs from traditional team based Trick taking games."),
        rule("exchange.give",
             "In each team, one player initiates the exchange by giving 3 cards face down to"
             " their partner.", "MK-A4", "MK-A6"),
        rule("exchange.return",
             "The partner looks at them and must return 3 cards of the same colour distribution"
             " as those initially received.", "MK-A3", "MK-A5"),
        rule("exchange.example",
             "Example: Player A gives an 8 Red, 5 red and 2 blue. Their partner must return 2 red"
             " cards and 1 blue card.", "MK-A3"),
        rule("exchange.note",
             "Note: If a player receives a colour they did not originally have in hand, they must"
             " return the exact same card in order to keep respecting the rule.", "MK-A5"),
        rule("exchange.purpose",
             "This exchange allows players to share cards and information without being able to"
             " short suit their hand."),
    ]),
    section("tricks", "Trick Taking Phase", [
        rule("tricks.order",
             "Starting with the lead player and proceeding clockwise, each player plays one card"
             " face up from their hand. Once all players have played a card, the trick is"
             " resolved. The winner of the trick leads the next one. This process continues until"
             " one player has played their last card. Teams then proceed to scoring.", "MK-A17"),
        rule("tricks.follow",
             "MATCHMAKERS is a must follow may trump trick taking game. Players must follow the"
             " lead suit/colour if possible. If they cannot, they may play any suit/colour. Trump"
             " cards are special and may be played even if the player could follow the lead suit"
             " (see details in section Trump rules).", "MK-A8", "MK-A9"),
    ]),
    section("loser", "Trick Resolution 1: the loser, \"Recruiting a Mountain Guide\"", [
        rule("loser.weakest",
             "The loser is the player who played the weakest card in the trick.", "MK-A11"),
        rule("loser.followed",
             "If all players followed suit, the lowest ranked card is the weakest", "MK-A11"),
        rule("loser.offsuit",
             "If they didn't: an off-suit card is always considered weaker than any card of the"
             " leading suit", "MK-A11"),
        rule("loser.tie",
             "In case of a tied weaker cards, the card played first is considered weaker",
             "MK-A11"),
        rule("loser.claim",
             "Only if the weakest card has a value corresponding to a trump value (so 2, 4, 6, or"
             " 8), the loser may take the corresponding trump card and place it face up in front"
             " of them (not in hand) to be played on a future turn.", "MK-A8", "MK-A12"),
        rule("loser.steal",
             "They may either: take the trump card from the mountain guide office or steal the"
             " trump card from another player if already collected previously.",
             "MK-A12", "MK-A13"),
        rule("loser.example",
             "Example: Lead player A initiates the trick with an 8 red. Player B follows suit"
             " with a 2 red. Player C and D don't have any red and play respectively a 4 green"
             " and a 4 blue. The loser of the trick is then player C who has the possibility to"
             " collect the 4 trump which is currently owned by player A.", "MK-A11", "MK-A12"),
    ]),
    section("winner", "Trick Resolution 2: the winner, \"Gathering Your Adventurers\"", [
        rule("winner.strongest",
             "The winner is the player who plays the strongest card in the trick"),
        rule("winner.no_trump",
             "If no trump card was played: it's the highest ranked card of the lead suit",
             "MK-A9"),
        rule("winner.trump",
             "If a trump card is played, it is considered stronger than any card of the lead suit"
             " regardless of its value", "MK-A10"),
        rule("winner.collect",
             "The winner of the trick must choose a played card of the trick except for their own"
             " card and add it to the team's scoring pile. The other cards of the trick are"
             " discarded. The winner of the trick then leads to the next trick.",
             "MK-A13", "MK-A14", "MK-A27", "MK-A28"),
        rule("winner.example",
             "Example: Following the previous example, Player A wins the trick with a 8 red as it"
             " is the highest of the lead suit. He cannot collect his own card so he decides to"
             " collect the 4 green (played by his partner player C)", "MK-A14"),
    ]),
    section("matchmaking", "Trick Resolution 3: Matchmaking ★☾", [
        rule("matchmaking.twins",
             "Each suit has its even-numbered values doubled as ★☾."),
        rule("matchmaking.trigger",
             "During a trick, if a player plays a card with the exact same suit and value as one"
             " already in play, they create a Matchmaking ★☾. The trick ends immediately even if"
             " not all players have played a card in that trick.", "MK-A16"),
        rule("matchmaking.cards",
             "The two matching cards ★☾ are discarded immediately from the trick. And any other"
             " cards already in play are added to the scoring piles of their respective players.",
             "MK-A16", "MK-A21"),
        rule("matchmaking.next",
             "There is no evaluation of a winner or loser so no trump can be collected. The later"
             " player who caused the Matchmaking leads the next trick.", "MK-A16"),
        rule("matchmaking.trump",
             "Note: If a trump is present during a Matchmaking, it is returned to the mountain"
             " guide office (because trumps can never be added to the scoring).", "MK-A16"),
    ]),
    section("scoring", "End of Round and Scoring", [
        rule("scoring.end",
             "When a player runs out of cards in hand, the round ends and scoring begins.",
             "MK-A17", "MK-A26"),
        rule("scoring.trumps_note",
             "Note: A player could be running out of cards in hands but still have trumps in"
             " front of them as trumps don't count as being part of a player hand.", "MK-A17"),
        rule("scoring.pool",
             "Each team combines the cards collected during the trick-taking phase and arranges"
             " them to form scoring sets. A card may only be used in one set. Scoring sets can"
             " either be:", "MK-A18", "MK-A30"),
        rule("scoring.couple",
             "making a couple ★☾: 2 cards of the same colour and value", "MK-A18"),
        rule("scoring.buddies",
             "making buddies: 3 or 4 cards of the same value in strictly different colours.",
             "MK-A18"),
        rule("scoring.plus",
             "Each card used in a valid set scores points equal to its value."),
        rule("scoring.minus",
             "Any card that cannot be included in a valid set scores negative points equal to its"
             " value.", "MK-A18"),
        rule("scoring.trumps",
             "Any trump cards still held by a team at the end of the round score negative points"
             " equal to twice their value.", "MK-A18", "MK-A22"),
    ]),
    section("trumps", "Trump Rules", [
        rule("trumps.not_dealt",
             "Trump cards are not dealt at the start of the game.", "MK-A22"),
        rule("trumps.loser",
             "They can only be collected by the loser of a trick.", "MK-A12"),
        rule("trumps.face_up",
             "Trumps are placed face up in front of a player, not kept in hand."),
        rule("trumps.any_time",
             "A player may play a trump even if they are able to follow suit.", "MK-A8"),
        rule("trumps.beat",
             "Trumps always beat any non-Trump card.", "MK-A10", "MK-A11"),
        rule("trumps.lead",
             "If a trick is led with a trump, the next player may play any card; that card"
             " determines the lead suit.", "MK-A9"),
        rule("trumps.return",
             "After being played, a trump returns to the Mountain Guide office.", "MK-A13"),
        rule("trumps.multiple",
             "If multiple trumps are played in the same trick, the winner cannot collect the"
             " other trump cards. In the very rare case where all four trumps are played in the"
             " same trick, the trick is just discarded", "MK-A10", "MK-A14", "MK-A15", "MK-A23"),
        rule("trumps.example",
             "Example: The first player leads with a 9 Red. The next player follows with a 4 Red."
             " The third player has red cards in hand but chooses to play his 8 trump card"
             " instead. The last player with no Red cards left plays a 3 green. Trick loser: the"
             " 3 Green because it is off-suit. Unfortunately, 3 is not a trump value so no trump"
             " can be collected. Trick winner: the 8 Trump. His owner chooses the 4 Red and adds"
             " it to their scoring pile. The 8 Trump returns to the mountain guide office while"
             " the 3 and 9 are discarded.", "MK-A11", "MK-A14"),
    ]),
    section("end", "End of the Game", [
        rule("end.margin",
             "After scoring, add each team's points to their total from the previous round. If"
             " there is a difference of at least 30 points between the teams, the game ends, and"
             " the team with the highest total score wins.", "MK-A20"),
        rule("end.next",
             "Otherwise, another round is played. The starting player will be from the team who"
             " has the current highest score, specifically the player who initiates the next card"
             " exchange in that team.", "MK-A4", "MK-A19", "MK-A22"),
        rule("end.three",
             "After 3 rounds, if no team has reached a 30-point difference, the team with the"
             " highest total score wins. If both teams are tied, the victory is shared.",
             "MK-A20"),
    ]),
    section("twop", "Variant 2-player Game", [
        rule("twop.intro",
             "This is a variant rule to play MATCHMAKERS with 2 players. We recommend reading and"
             " understanding the base game rules first."),
        rule("twop.setup",
             "Follow the same steps as in a 4 player game but deal only 8 cards to each player."
             " Then deal 9 cards face down in a 3×3 square in front of each player, and place 9"
             " cards face up on top of them. This is called the straw pile.", "MK-A7"),
        rule("twop.count",
             "Each player should have 8 cards in hand and 18 cards in their straw pile. You may"
             " not look at the face-down cards in your straw pile."),
        rule("twop.hand",
             "The game is played in the same way as the base game except that the face-up cards"
             " in your straw pile are considered to be part of your hand. So players may lead and"
             " follow using both their regular hand and the face-up cards of their straw pile.",
             "MK-A25"),
        rule("twop.order",
             "Each player plays 2 cards per trick. The lead player starts by playing a card from"
             " their hand (or straw pile). The opponent must then follow suit according the base"
             " game rules. Next, the lead player plays a second card in the trick, and then the"
             " opponent does the same. In total, four cards are played in each trick—two from"
             " each players' hands and/or straw pile.", "MK-A16", "MK-A24"),
        rule("twop.reveal",
             "At the end of a trick, if a face-down card in your straw pile has no card on top of"
             " it, reveal it. The newly revealed card is now considered part of your hand.",
             "MK-A25", "MK-A26"),
        rule("twop.same",
             "Trick resolution, end of round, scoring and trump rules are identical to those in"
             " the 4-player game.", "MK-A21", "MK-A27", "MK-A28", "MK-A29"),
    ]),
]

NOTES = [
    note("overview.campsite",
         "The rulebook contradicts itself here: a trick of four guides \"is just discarded\" and"
         " a Matchmaking of the first two cards sends nothing to a campsite. The specific rules"
         " win (MK-A23)."),
    note("loser.tie",
         "MK-A11 says a tie inside the lead colour cannot happen because twins make a"
         " Matchmaking. With 2 players and allow_self_matchmaking off, a player's own twins stay"
         " in the trick as ordinary cards and can tie; the text's rule (the card played first is"
         " weaker; and the first played of equal winning cards wins) then decides, and both cards"
         " belong to the same player."),
    note("exchange.give",
         "On screen the 3 cards are picked one by one and can be taken back until the third is"
         " picked, which passes them face down. With exchange_initiator = team_choice, the first"
         " member of the team to pick a card is the initiator."),
    note("setup.campsites",
         "The rulebook does not say who may look at the campsites and the discard pile: both are"
         " public (MK-S1). Option campsite_visibility = private shows a team only its own"
         " campsite, the other as a count, until the round is scored."),
    note("scoring.pool",
         "The engine arranges each campsite for the team (MK-A18); among equally good"
         " arrangements it shows the one with the fewest sets."),
    note("end.next",
         "The starting player always initiates their team's exchange. With next_starter ="
         " team_choice the leading team names its starter before the exchange; on equal totals"
         " the seat rule of MK-A19 applies."),
]

RULE_VERSIONS = [
    version("matchmakers-v1", "Matchmakers (rulebook, first edition)",
            "Two teams of two (or two players with straw piles) exchange cards with their"
            " partner, then play must-follow tricks: the loser may recruit a mountain guide (a"
            " trump), the winner picks an animal for the team campsite, and twin cards make a"
            " Matchmaking. Couples and buddies score their values, leftovers and held guides"
            " cost points; 30 points ahead or the better total after 3 rounds wins.",
            SECTIONS, rulings=RULINGS, notes=NOTES),
]

# Section 5 of RULINGS.md, default first; every option is fixed once the cards are dealt.
OPTIONS = [
    option("exchange_initiator", "Who initiates the exchange", "seat_rule",
           ["seat_rule", "team_choice"],
           "The starting player always initiates for their team. For the other team: their"
           " left-hand neighbour, or whichever member of that team picks a card first.",
           ruling="MK-A4",
           labels=["The starter's left-hand neighbour", "That team decides"]),
    option("trump_vs_trump", "Guide against guide", "highest", ["highest", "first_played"],
           "When several guides are played in one trick: the highest value wins, or the first"
           " guide played wins.", ruling="MK-A10",
           labels=["The highest guide wins", "The first guide played wins"]),
    option("claim_trump_played_this_trick", "Claim a guide played in the same trick", True,
           [True, False],
           "On: guides go back to the office before the loser claims, so the loser may take a"
           " guide that was just played. Off: a guide played in this trick cannot be claimed at"
           " its end.", ruling="MK-A13", labels=["Allowed", "Not allowed"]),
    option("all_trumps_next_leader", "Leader after four guides", "highest_trump",
           ["highest_trump", "same_leader"],
           "After a trick of guides only: the player of the highest guide leads next, or the"
           " same player leads again.", ruling="MK-A15",
           labels=["The player of the highest guide", "The same leader again"]),
    option("allow_self_matchmaking", "Match your own twin (2 players)", True, [True, False],
           "On: a player's second card that is the twin of their own first card makes a"
           " Matchmaking. Off: only a twin of the opponent's card does; your own twins stay in"
           " the trick as ordinary cards.", ruling="MK-A16", labels=["Allowed", "Not allowed"]),
    option("next_starter", "Starter of rounds 2 and 3", "seat_rule", ["seat_rule", "team_choice"],
           "The next player clockwise of the leading team (on equal totals, the next player"
           " clockwise), or the leading team decides which of its players starts (4 players;"
           " equal totals use the seat rule).", ruling="MK-A19",
           labels=["The next player of the leading team", "The leading team decides"]),
    option("straw_emergency_reveal", "Reveal when out of cards mid-trick (2 players)", True,
           [True, False],
           "On: a player with no hand or face-up straw card who must play first reveals their"
           " uncovered face-down cards. Off: they skip their play and the cards are revealed at"
           " the end of the trick.", ruling="MK-A26",
           labels=["Reveal the uncovered cards", "Skip the play"]),
    option("twop_collect_exclusion", "What the winner may not collect (2 players)",
           "all_own_cards", ["all_own_cards", "winning_card_only"],
           "Neither of the winner's two cards, only the opponent's; or any card but the winning"
           " one.", ruling="MK-A27",
           labels=["Either of the winner's own cards", "Only the winning card"]),
    option("campsite_visibility", "Campsites", "public", ["public", "private"],
           "Everybody sees every campsite, or a team sees only its own campsite (the other one"
           " as a count) until the round is scored.", ruling="MK-S1",
           labels=["Open to everyone", "Each team sees only its own"]),
]
