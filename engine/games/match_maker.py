"""The Match-Maker: a memory grid of person cards, chance cards and cancellation attempts.

Read top to bottom: the card codes and the pure rule tables (what matches, what an
Orientation Change or a Sex Change may turn a card into), the rules as data (the rulebook's
sentences, rulings MX-A1 … MX-A23, notes where we depart from a ruling, the options table),
the ``MatchMaker`` state class, and last the bots. The rulebook is ``rules/004`` and the
rulings are ``MX-A1`` … ``MX-A23`` in RULINGS.md; comments cite them.

Seats are numbered clockwise, so "the person to the left of the dealer" is ``dealer + 1``.
Grid locations are ``[row, col]``, counted from 1 as the rulebook counts rows ("the 4th
row"): rows 1–4, columns 1–5.

Actions (every action names its seat; a cancellation offer is a decision of a non-turn
player, so ``pending`` is then that player):

    {"type": "draw_mate", "seat": 0}      # before opening (MX-A6), or after a Couple (MX-A5)
    {"type": "skip_mate", "seat": 0}      # after a Couple: collect it without (more) mate cards
    {"type": "open", "stack": [2, 3], "seat": 0}   # open the top card of a location: PC1, PC2
    {"type": "couple", "seat": 0}         # on a match: both cards to the Couples pile (MX-A4)
    {"type": "ex", "seat": 0}             # on a match: PC2 to the Exes pile, PC1 stays (MX-A4)
    {"type": "draw_change", "seat": 0}    # on a mismatch: draw from the Change Chance pile
    {"type": "decline_change", "seat": 0} # on a mismatch: put both back and end the turn
    {"type": "replace", "target": "pc1", "with": "gay-f", "seat": 0}  # after an OC or SC
    {"type": "attempt_cancel", "seat": 1} # a non-turn player tries to cancel OC/SC/T (MX-A12)
    {"type": "decline_cancel", "seat": 1}
    {"type": "time_up", "seat": 0}        # only with the time_limit option: see ``apply``

``time_up`` is never among the legal actions (a player does not choose it, the clock does):
whoever keeps the time (the UI) sends it when the agreed time has run out, and it is
recorded like any action, so a replay ends the game at the same point.
"""

from ..bots import Bot, RandomBot
from ..errors import IllegalAction
from ..game import Game
from ..rng import SeededRng

# ---- the cards ------------------------------------------------------------------------------

PERSONS = ("straight-m", "straight-f", "gay-m", "gay-f", "celibate-m", "celibate-f")
SOULMATE, DEATHMATE = "soulmate", "deathmate"
OC, SC, TIME = "orientation-change", "sex-change", "time"
MATE_CARDS = (SOULMATE, DEATHMATE)
CHANGE_CARDS = (OC, SC, TIME)
CHANCES = MATE_CARDS + CHANGE_CARDS

ORIENTATION = {code: code.split("-")[0] for code in PERSONS}
SEX = {code: code.split("-")[1] for code in PERSONS}

# Names for the log and the refusals, in the players' words; labels for the screen.
NAMES = {"straight-m": "straight man", "straight-f": "straight woman", "gay-m": "gay man",
         "gay-f": "gay woman", "celibate-m": "celibate man", "celibate-f": "celibate woman",
         SOULMATE: "Soulmate", DEATHMATE: "Deathmate", OC: "Orientation Change",
         SC: "Sex Change", TIME: "Time"}
LABELS = {"straight-m": "Straight Male", "straight-f": "Straight Female", "gay-m": "Gay Male",
          "gay-f": "Gay Female", "celibate-m": "Celibate Male", "celibate-f": "Celibate Female",
          SOULMATE: "Soulmate", DEATHMATE: "Deathmate", OC: "Orientation Change",
          SC: "Sex Change", TIME: "Time"}
PRONOUN = {"m": "his", "f": "her"}


def a_card(code: str) -> str:
    """``"a straight man"``, ``"an Orientation Change"``, ``"a Time card"``."""
    name = NAMES[code] + (" card" if code == TIME else "")
    return ("an " if name[0] in "aeiouAEIOU" else "a ") + name


# ---- the rule tables (pure functions, used by the engine, the bots and the rules page) -------

# MX-A2: a match needs mutual compatibility; nobody matches a celibate.
PARTNER = {"straight-m": "straight-f", "straight-f": "straight-m", "gay-m": "gay-m",
           "gay-f": "gay-f", "celibate-m": None, "celibate-f": None}


def is_match(a: str, b: str) -> bool:
    """MX-A2: {straight man, straight woman}, {gay man, gay man}, {gay woman, gay woman}."""
    return PARTNER[a] == b


def oc_targets(code: str) -> tuple:
    """MX-A8: an Orientation Change keeps the sex and changes the orientation."""
    return tuple(p for p in PERSONS if SEX[p] == SEX[code] and ORIENTATION[p] != ORIENTATION[code])


# MX-A9 (b): the sex changes and the attraction stays: straight <-> gay across the sexes
# (a gay man and a straight woman are both attracted to men), celibate stays celibate.
_SC_PRESERVE = {"straight-m": ("gay-f",), "gay-f": ("straight-m",), "straight-f": ("gay-m",),
                "gay-m": ("straight-f",), "celibate-m": ("celibate-f",),
                "celibate-f": ("celibate-m",)}


def sc_targets(code: str, rule: str = "preserve_attraction") -> tuple:
    """MX-A9: what a Sex Change may turn ``code`` into (option ``sex_change_rule``)."""
    if rule == "any_opposite_sex":
        return tuple(p for p in PERSONS if SEX[p] != SEX[code])
    return _SC_PRESERVE[code]


def change_targets(change: str, code: str, sc_rule: str = "preserve_attraction") -> tuple:
    return oc_targets(code) if change == OC else sc_targets(code, sc_rule)


# ---- the published rules ---------------------------------------------------------------------


def _rule(rule_id: str, text: str, *rulings: str) -> dict:
    return {"id": rule_id, "text": text, "rulings": list(rulings)}


SECTIONS_V1 = [
    {"id": "intro", "title": "The object of the game", "rules": [
        _rule("intro.1", "This is a realistic matchmaking game using timeless rules. Each player"
              " is a competing matchmaker. The object of the game is to make as many matches as"
              " possible."),
        _rule("intro.2", "Just like in real life, couples are matched by pairing up compatible"
              " orientations. Straight male-to-female. Gay male-to-male or female-to-female."
              " Nobody able to match with a Celibate.", "MX-A2"),
        _rule("intro.3", "Anybody achieving a match with a Soulmate earns extra 3 points unless"
              " trumped by a Deathmate.", "MX-A5", "MX-A17"),
        _rule("intro.4", "The person with the most paired Couples wins the title of The"
              " Match-Maker and the person with the most Exes (matched unpaired cards) becomes"
              " The Player.", "MX-A16"),
    ]},
    {"id": "cards", "title": "The cards", "rules": [
        _rule("cards.1", "Person Cards represent people and their orientations (Straight male,"
              " gay female, etc.). Your goal is to find a match for all the cards in your"
              " hand.", "MX-A23"),
        _rule("cards.2", "Chance Cards represent possibilities, like the chance for a Soulmate"
              " or Deathmate match. Orientation or Sex Change, or for simply more time, another"
              " matching chance.", "MX-A23"),
        _rule("cards.3", "Orientation and Sex Change chance cards are also known as Change Cards"
              " because these are used to replace person cards."),
        _rule("cards.4", "Orientation Change chance card can also be used to influence an"
              " orientation change.", "MX-A18"),
        _rule("cards.5", "Like real life, people use or throw out chances."),
        _rule("cards.6", "Acronyms: PC = Person Card; PC1 = first opened PC to be matched; PC2 ="
              " second opened PC to be matched; CC = Chance Card; OC = Orientation Change; SC ="
              " Sex Change; OI = Orientation Change Influence; SM = Soulmate; DM = Deathmate;"
              " T = Time.", "MX-A18"),
    ]},
    {"id": "setup", "title": "To play", "rules": [
        _rule("setup.1", "Shuffle Soulmate and Deathmate Chance cards and place them face down"
              " on the Mate Chance Pile.", "MX-A23"),
        _rule("setup.2", "Shuffle the remaining Chance cards and place them face down on the"
              " Change Chance Pile.", "MX-A23"),
        _rule("setup.3", "Shuffle all Person cards, place 7 cards face down on the"
              " Change-To-Person Pile, and lay out 3 cards each face down, in a 4-row by"
              " 5-column grid (except the 4th row which will only have 2 cards each).",
              "MX-A1", "MX-A23"),
        _rule("setup.4", "The game begins with the person to the left of the Dealer, and moves"
              " clockwise around the table."),
        _rule("setup.5", "Cards in the Discard Pile must be placed face up."),
    ]},
    {"id": "turn", "title": "Turn player", "rules": [
        _rule("turn.1", "The initial turn player is the person sitting to the left of the"
              " dealer."),
        _rule("turn.2", "Turn player must open up two cards (PC1 and PC2) from different"
              " locations on the grid.", "MX-A3", "MX-A21"),
    ]},
    {"id": "match", "title": "If PC1 and PC2 match", "rules": [
        _rule("match.1", "Player can either collect a Couple (both PCs go onto the Couples"
              " Pile) or an Ex (PC2 goes onto the Exes Pile and PC1 is retained face down on"
              " the grid).", "MX-A4"),
        _rule("match.2", "Each Person card collected is equivalent to 1 point.", "MX-A4",
              "MX-A14"),
        _rule("match.3", "Each player has his or her own Couples and Exes piles. In real life,"
              " some relationships work and some do not."),
        _rule("match.4", "OPTIONAL: If player is collecting couples and wants to risk earning"
              " extra or losing points then he or she may draw from the Soulmate and Deathmate"
              " Chance Pile.", "MX-A5", "MX-A22"),
        _rule("match.5", "If SM was drawn then player automatically earns extra 3 points. This"
              " represents PC1 found soulmate PC2. Collect the Soulmate card on the Couples Pile"
              " to remember the extra 3 points.", "MX-A5"),
        _rule("match.6", "If DM was drawn then player automatically loses 3 points, discard PC1"
              " onto Discard Pile, and leave PC2 face down on the grid. This represents PC1"
              " found deathmate PC2. Collect the Deathmate card on the Couples Pile to remember"
              " the 3 point deduction.", "MX-A5"),
        _rule("match.7", "A deathmate PC2 of PC1 does not make PC2 a deathmate of another PC.",
              "MX-A5"),
        _rule("match.8", "A confident player may also draw from the Soulmate and Deathmate"
              " Chance Pile prior to opening up PC1 and PC2.", "MX-A6"),
        _rule("match.9", "When combining two decks, turn player may draw two cards from the"
              " Soulmate and Deathmate Chance Pile. SM and SM: 6 points. DM and DM: -6 points."
              " DM trumps SM and vice versa: no points.", "MX-A17"),
    ]},
    {"id": "mismatch", "title": "If PC1 and PC2 mismatch", "rules": [
        _rule("mismatch.1", "OPTIONAL: Player may draw a card from the Change Chance Pile to"
              " replace either PC1 or PC2 or get another turn.", "MX-A7", "MX-A22"),
        _rule("mismatch.2", "Orientation Change: Discard OC. If replacing PC1 then discard PC1"
              " and replace with a card from the Change-To-Person Pile following the OC rules."
              " If replacing PC2 then discard PC2 and replace with a card from the"
              " Change-To-Person Pile following the OC rules.", "MX-A10"),
        _rule("mismatch.3", "If neither PC1 or PC2 can OC into one of the cards in"
              " Change-To-Person Pile then both cards must be placed face down on the grid.",
              "MX-A10", "MX-A22"),
        _rule("mismatch.4", "Only valid replacement cards can be taken from the Change-To-Person"
              " Pile.", "MX-A8", "MX-A9"),
        _rule("mismatch.5", "A valid OC example, a Straight-Female (PC1) replaced with a"
              " Gay-Female from the Change-To-Person Pile. An invalid OC example, a"
              " Straight-Male (PC1) replaced with a Celibate-Female from the Change-To-Person"
              " Pile.", "MX-A8"),
        _rule("mismatch.6", "Sex Change: Discard SC. If replacing PC1 then discard PC1 and"
              " replace with a card from the Change-To-Person Pile following the SC rules. If"
              " replacing PC2 then discard PC2 and replace with a card from the"
              " Change-To-Person Pile following the SC rules.", "MX-A10"),
        _rule("mismatch.7", "If neither PC1 or PC2 can SC into one of the cards in"
              " Change-To-Person Pile then both cards must be placed face down on the grid.",
              "MX-A10", "MX-A22"),
        _rule("mismatch.8", "A valid SC example, a Gay-Male (PC1) replaced with a"
              " Straight-Female from the Change-To-Person Pile. An invalid SC example, a"
              " Gay-Female (PC1) replaced with a Straight-Female from the Change-To-Person"
              " Pile.", "MX-A9"),
        _rule("mismatch.9", "Time: Opening up this card automatically gives the turn player"
              " another turn. This card must be discarded before taking another turn.",
              "MX-A11"),
        _rule("mismatch.10", "If player did not attempt to replace a card then player must place"
              " PC1 and PC2 face down on the grid.", "MX-A7", "MX-A11"),
    ]},
    {"id": "cancel", "title": "Non-turn player", "rules": [
        _rule("cancel.1", "A non-turn player may cancel a turn player's usage of the OC, SC and"
              " T Chance cards. This is done by interrupting a turn and stating a cancellation"
              " attempt.", "MX-A12"),
        _rule("cancel.2", "The non-turn player will open up a card from the Change Chance Pile."
              " The opened card must be identical to the card that needs to be cancelled.",
              "MX-A12", "MX-A22"),
        _rule("cancel.3", "If the card is an OC then Orientation Change process is cancelled and"
              " both OC cards are discarded. If the card is not an OC then cancellation attempt"
              " failed, the opened card must be placed face down at the bottom of the Change"
              " Chance Pile, and turn player continues.", "MX-A12"),
        _rule("cancel.4", "When using a single deck, only OC cancellation can be done.",
              "MX-A12"),
        _rule("cancel.5", "All players actions must be validated by at least one or all the"
              " other players.", "MX-A19"),
    ]},
    {"id": "end", "title": "The end of the game", "rules": [
        _rule("end.1", "Play continues until all the possible matches have been made. Like real"
              " life, not everyone will find a match.", "MX-A13"),
        _rule("end.2", "For beginners, put all cards face up and after a few games, cards can be"
              " placed face down.", "MX-A20"),
        _rule("end.3", "Players can restrict the time, the number of rounds, or both to control"
              " the length of the game.", "MX-A13"),
    ]},
    {"id": "winners", "title": "Winners, titles and events", "rules": [
        _rule("winners.1", "The player with the most collected person cards automatically"
              " wins.", "MX-A14"),
        _rule("winners.2", "Ties can be broken using either the Tie Breaker or the Grudge"
              " Match.", "MX-A15"),
        _rule("winners.3", "The Match-Maker: the player with the most Couples.", "MX-A16"),
        _rule("winners.4", "The Player: the player with the most Exes.", "MX-A16"),
        _rule("winners.5", "The Grand Master, the ultimate title: the player having both the"
              " most Couples and the most Exes.", "MX-A16"),
    ]},
    {"id": "events", "title": "Special events", "rules": [
        _rule("events.1", "Deathmate Trumps Soulmate: when both the Soulmate and the Deathmate"
              " cards are opened on the same, successful match, they cancel each other out. (A"
              " dead soulmate does not lead to happily ever after.)", "MX-A17"),
        _rule("events.2", "Fairy Tale: when two Soulmate cards are opened on the same,"
              " successful match.", "MX-A17"),
        _rule("events.3", "Tragedy: when two Deathmate cards are opened on the same, successful"
              " match.", "MX-A17"),
        _rule("events.4", "Romeo and Juliet: when two pairs of Soulmate and Deathmate cards are"
              " opened on the same, successful match. Romeo and Juliet are both soulmates and"
              " deathmates. Fairy Tale and Tragedy combined.", "MX-A17"),
        _rule("events.5", "Suicide: when a player knowingly opens a Deathmate card on a"
              " successful match.", "MX-A6", "MX-A17"),
        _rule("events.6", "Attempted Suicide: an unsuccessful match attempt at knowingly opening"
              " the Deathmate card.", "MX-A6", "MX-A17"),
        _rule("events.7", "Deathmate Trumps Soulmate, Fairy Tale, Tragedy and Romeo and Juliet"
              " are only possible when using multiple decks.", "MX-A17"),
    ]},
]

RULINGS_V1 = [
    {"id": "MX-A1", "title": "Grid geometry",
     "text": "20 grid locations (4 rows × 5 columns). Each location in rows 1–3 holds a"
             " face-down stack of 3 and each location in row 4 a stack of 2: 55 cards. Only the"
             " top card of a stack can be opened; a used-up location stays empty. With the"
             " 7-card Change-To-Person pile that makes 62 person cards. Option grid_stacks."},
    {"id": "MX-A2", "title": "What a match is",
     "text": "A match needs mutual compatibility: straight man + straight woman, gay man + gay"
             " man, gay woman + gay woman. Everything else is no match, and nothing matches a"
             " celibate."},
    {"id": "MX-A3", "title": "Opening two cards",
     "text": "The turn player opens PC1 (the top of any non-empty location) and sees it, then"
             " opens PC2 from a different location. Opened cards are shown to every player."
             " Both must be opened. With fewer than 2 locations holding cards the game ends."},
    {"id": "MX-A4", "title": "Couple or Ex",
     "text": "On a match the player chooses: a Couple (both cards to their Couples pile, 2"
             " points) or an Ex (PC2 to their Exes pile, 1 point; PC1 goes back face down on"
             " its stack). Each person card collected is 1 point."},
    {"id": "MX-A5", "title": "The Soulmate/Deathmate draw",
     "text": "Offered only with a Couple and a non-empty Mate pile. Soulmate: +3, the couple is"
             " collected and the card goes on the Couples pile as a marker. Deathmate: -3, PC1"
             " goes to the Discard pile, PC2 goes back face down, no person card is collected,"
             " and the card goes on the Couples pile as a marker. A deathmate PC2 is an"
             " ordinary card afterwards. Used mate cards never return to the Mate pile."},
    {"id": "MX-A6", "title": "The confident pre-draw",
     "text": "A mate card drawn before opening is shown to everyone and commits the player: on"
             " a match they must take the Couple and the card applies; if the turn ends without"
             " a match the card is discarded with no effect. A pre-drawn Deathmate on a match is"
             " the event Suicide, on a turn without a match Attempted Suicide. Options"
             " predraw_commits and predraw_unused."},
    {"id": "MX-A7", "title": "Mismatch",
     "text": "Without a draw both cards go back face down and the turn passes. Optionally the"
             " player draws one card from the Change Chance pile; its effect depends on the card"
             " drawn, not on a choice made before drawing."},
    {"id": "MX-A8", "title": "Orientation Change validity",
     "text": "The replacement has the same sex and a different orientation (straight, gay or"
             " celibate): a straight woman may become a gay or celibate woman, a straight man a"
             " gay or celibate man."},
    {"id": "MX-A9", "title": "Sex Change validity",
     "text": "The sex changes and the attraction stays: straight man <-> gay woman, straight"
             " woman <-> gay man, celibate man <-> celibate woman. Consistent with both"
             " examples (gay man -> straight woman valid, gay woman -> straight woman invalid)."
             " Option sex_change_rule=any_opposite_sex allows any card of the other sex."},
    {"id": "MX-A10", "title": "The OC/SC procedure",
     "text": "1. The change card is discarded. 2. The player searches the Change-To-Person pile"
             " (only they see it) and picks a valid replacement for PC1 or PC2. 3. The replaced"
             " card goes face up to the Discard pile, the replacement takes its place face up."
             " 4. The pair is evaluated again: a match goes on as a match (Couple or Ex),"
             " otherwise both go back face down and the turn passes. If neither card has a"
             " valid replacement, both go back face down and the change card is spent anyway."
             " The replacement need not create a match."},
    {"id": "MX-A11", "title": "Time",
     "text": "Both cards go back face down, Time is discarded and the same player takes"
             " another full turn."},
    {"id": "MX-A12", "title": "Cancellation by non-turn players",
     "text": "After the turn player reveals OC, SC or T, each non-turn player in clockwise"
             " order is offered one cancellation attempt; the first who accepts makes the only"
             " attempt. They open the top of the Change Chance pile: if it is identical, both"
             " cards are discarded, the process is cancelled, both cards go back face down and"
             " the turn ends (a cancelled Time gives no extra turn). Otherwise the opened card"
             " goes face down to the bottom of the pile and the turn player continues. With a"
             " single deck only OC can be cancelled. An attempt needs a non-empty Change Chance"
             " pile."},
    {"id": "MX-A13", "title": "When the game ends",
     "text": "After each turn the game ends when no two top cards in different locations match"
             " and no card left in the Change Chance pile could create a match (an OC or SC for"
             " which some top card has a valid replacement in the Change-To-Person pile that"
             " would match another top card), or when fewer than 2 locations hold cards."
             " Optional caps: max_rounds (a round is one turn for every player), time_limit,"
             " and a safety net stall_turns (see the notes: off by default here)."},
    {"id": "MX-A14", "title": "Winner: points",
     "text": "The winner has the highest score: person cards in the Couples and Exes piles, +3"
             " per Soulmate, -3 per Deathmate. Option winner_by=person_cards counts person"
             " cards only."},
    {"id": "MX-A15", "title": "Ties",
     "text": "The Tie Breaker and the Grudge Match are never defined, so tied players share"
             " the win. Option tie_rule=rematch reports the tie as undecided: the tied players"
             " play again."},
    {"id": "MX-A16", "title": "Titles",
     "text": "The Match-Maker: most couples (pairs, not the Soulmate/Deathmate markers). The"
             " Player: most exes. The Grand Master: the same player holds both titles alone. A"
             " tied title is shared, and a shared title cannot make a Grand Master."},
    {"id": "MX-A17", "title": "Special events",
     "text": "Fairy Tale, Tragedy, Romeo and Juliet, Suicide and Attempted Suicide are logged"
             " achievements. Scoring: SM+SM +6, DM+DM -6 (with the Deathmate consequence), SM+DM"
             " 0 with the couple collected, Romeo and Juliet (2 SM + 2 DM) net 0. With two decks"
             " up to 2 mate cards may be drawn before opening and up to 2 after, 4 at most."},
    {"id": "MX-A18", "title": "Orientation Change Influence",
     "text": "Defined only as an acronym, with no procedure: not implemented."},
    {"id": "MX-A19", "title": "Validation by the other players",
     "text": "The engine enforces legality, so nothing further is needed."},
    {"id": "MX-A20", "title": "Beginner mode",
     "text": "\"For beginners, put all cards face up\": option open_grid shows every person card"
             " (the grid stacks and the Change-To-Person pile)."},
    {"id": "MX-A21", "title": "No extra turn after a match",
     "text": "One attempt per turn; only Time grants another turn. Option"
             " match_grants_extra_turn."},
    {"id": "MX-A22", "title": "Empty piles",
     "text": "An empty Mate pile: no Soulmate/Deathmate draw. An empty Change Chance pile: no"
             " change draw and no cancellation. An empty Change-To-Person pile: OC and SC"
             " always fail (the card is spent)."},
    {"id": "MX-A23", "title": "Card counts are ours, not official",
     "text": "The rulebook gives no card counts. Our defaults: person cards straight man 16,"
             " straight woman 16, gay man 10, gay woman 10, celibate man 5, celibate woman 5"
             " (62, what the layout holds); chance cards per deck Soulmate 1, Deathmate 1,"
             " Orientation Change 2, Sex Change 1, Time 1. Players 2 to 6. All of these are"
             " options, and none of them is official."},
]

# Where we read the rulebook differently from a ruling, or a ruling settles the text against
# one of its own sentences, the rules page says so.
NOTES_V1 = [
    {"rule": "end.1", "ruling": "MX-A13",
     "text": "RULINGS.md proposes a safety net that ends the game after 2 × players turns in a"
             " row without a collection. That contradicts this sentence: early in a memory game"
             " several players in a row often miss, and the game would end with nearly every"
             " match still on the grid. We follow the text: the safety net (stall_turns) is off"
             " by default and is an option; max_rounds and time_limit are the text's own limits."},
    {"rule": "winners.1", "ruling": "MX-A14",
     "text": "The text also says a Soulmate \"earns extra 3 points\" and a Deathmate \"loses 3"
             " points\", which could never matter if only person cards counted. MX-A14 reads"
             " the winner by points (person cards + 3 per Soulmate - 3 per Deathmate). The"
             " literal sentence is the option winner_by=person_cards."},
    {"rule": "match.9", "ruling": "MX-A17",
     "text": "The layout holds one deck's person cards (7 + 55), so with two decks the second"
             " deck adds its chance cards only. The two mate cards are drawn one at a time, so"
             " the player may stop after the first. With a single deck a player draws at most"
             " one mate card a turn (before or after opening), because Deathmate Trumps"
             " Soulmate is \"only possible when using multiple decks\"."},
    {"rule": "match.8", "ruling": "MX-A6",
     "text": "A pre-drawn card stays committed for the whole turn: if an Orientation or Sex"
             " Change then makes a match, the card applies. It is set aside when the turn ends"
             " without a match (a Time card ends the turn too)."},
    {"rule": "events.1", "ruling": "MX-A17",
     "text": "Deathmate Trumps Soulmate is listed among the special events, so it is logged"
             " like the others. Mate cards cancel in pairs: more Deathmates than Soulmates"
             " brings the Deathmate consequence, otherwise the couple is collected."},
    {"rule": "end.2", "ruling": "MX-A20",
     "text": "Beginner mode shows every person card face up; the chance piles stay face down,"
             " because a chance you can see is no chance."},
]

RULE_VERSIONS = [
    {"id": "match-maker-v1", "title": "The Match-Maker, version 1",
     "description": "The published rulebook text, with rulings MX-A1 to MX-A23 for what it"
                    " leaves open. The rulebook gives no card counts: every count here is our"
                    " default, not an official number.",
     "sections": SECTIONS_V1, "rulings": RULINGS_V1, "notes": NOTES_V1},
]

# Person mixes are given for the 62 cards of the standard layout, in the order of PERSONS;
# a smaller layout scales them by pairs (largest remainder), so men and women stay even.
PERSON_MIXES = {
    "standard": (16, 16, 10, 10, 5, 5),
    "more_gay": (13, 13, 13, 13, 5, 5),
    "no_celibates": (19, 19, 12, 12, 0, 0),
}
# Chance cards of one deck, in the order of CHANCES.
CHANCE_MIXES = {
    "SM1 DM1 OC2 SC1 T1": (1, 1, 2, 1, 1),
    "SM1 DM1 OC3 SC1 T1": (1, 1, 3, 1, 1),
    "SM1 DM1 OC2 SC2 T2": (1, 1, 2, 2, 2),
}
# Per row: (depth of each stack, number of locations). Rows are numbered from 1.
GRIDS = {
    "3,3,3,2": ((3, 5), (3, 5), (3, 5), (2, 5)),
    "row4_2x3": ((3, 5), (3, 5), (3, 5), (3, 2)),
    "2,2,2,1": ((2, 5), (2, 5), (2, 5), (1, 5)),
}
CHANGE_TO_PERSON = 7  # setup.3
MATE_POINTS = 3  # intro.3, match.5-6

_UNOFFICIAL = " Our default, not official: the rulebook gives no counts (MX-A23)."

OPTIONS = [
    {"id": "person_mix", "title": "Person cards", "default": "standard",
     "values": list(PERSON_MIXES),
     "meaning": "standard: straight man 16, straight woman 16, gay man 10, gay woman 10,"
                " celibate man 5, celibate woman 5 (62 cards: the 7-card Change-To-Person pile"
                " and the 55 grid cards). more_gay: 13, 13, 13, 13, 5, 5. no_celibates: 19, 19,"
                " 12, 12, 0, 0. A smaller grid scales the mix by pairs." + _UNOFFICIAL,
     "ruling": "MX-A23", "locked": True},
    {"id": "chance_mix", "title": "Chance cards per deck", "default": "SM1 DM1 OC2 SC1 T1",
     "values": list(CHANCE_MIXES),
     "meaning": "Soulmate, Deathmate, Orientation Change, Sex Change and Time cards in one deck."
                " The default is the fewest that fit the text: two Orientation Changes so that"
                " one can cancel the other, one of each other card." + _UNOFFICIAL,
     "ruling": "MX-A23", "locked": True},
    {"id": "decks", "title": "Decks", "default": 1, "values": [1, 2],
     "meaning": "2: the chance cards of two decks; up to two mate cards may be drawn before"
                " opening and up to two after a Couple, and Sex Change and Time can be"
                " cancelled too. The layout still holds 62 person cards (our reading).",
     "ruling": "MX-A17", "locked": True},
    {"id": "grid_stacks", "title": "Grid", "default": "3,3,3,2", "values": list(GRIDS),
     "meaning": "3,3,3,2: 4 rows × 5 locations, stacks 3 deep in rows 1–3 and 2 deep in row 4"
                " (MX-A1). row4_2x3: the rejected reading, row 4 has only 2 locations of 3"
                " cards (58 person cards). 2,2,2,1: a short game of our own (42 person cards).",
     "ruling": "MX-A1", "locked": True},
    {"id": "sex_change_rule", "title": "Sex Change", "default": "preserve_attraction",
     "values": ["preserve_attraction", "any_opposite_sex"],
     "meaning": "preserve_attraction: the sex changes and the attraction stays (straight man <->"
                " gay woman, straight woman <-> gay man, celibate <-> celibate);"
                " any_opposite_sex: any card of the other sex.",
     "ruling": "MX-A9", "locked": True},
    {"id": "predraw_commits", "title": "A pre-drawn mate card commits", "default": True,
     "values": [True, False],
     "meaning": "true: a mate card drawn before opening binds the player to take the Couple on"
                " a match; false: they may still take an Ex, and the card is set aside unused.",
     "ruling": "MX-A6", "locked": True},
    {"id": "predraw_unused", "title": "An unused pre-drawn mate card", "default": "discard",
     "values": ["discard", "bottom_of_pile"],
     "meaning": "Where a pre-drawn mate card goes when it is not used: the Discard pile, or"
                " back face down under the Mate pile.",
     "ruling": "MX-A6", "locked": True},
    {"id": "winner_by", "title": "The winner", "default": "points",
     "values": ["points", "person_cards"],
     "meaning": "points: person cards collected + 3 per Soulmate - 3 per Deathmate (MX-A14);"
                " person_cards: only person cards, as winners.1 says word for word.",
     "ruling": "MX-A14", "locked": True},
    {"id": "tie_rule", "title": "Ties", "default": "shared", "values": ["shared", "rematch"],
     "meaning": "shared: tied players share the win; rematch: the tie is undecided and the tied"
                " players play again (the rulebook names a Tie Breaker and a Grudge Match but"
                " never defines them).",
     "ruling": "MX-A15", "locked": True},
    {"id": "match_grants_extra_turn", "title": "Another turn after a match", "default": False,
     "values": [False, True],
     "meaning": "true: a player who makes a match (Couple or Ex) takes another turn; false: only"
                " Time gives another turn, as the text describes.",
     "ruling": "MX-A21", "locked": True},
    {"id": "open_grid", "title": "Beginner mode (cards face up)", "default": False,
     "values": [False, True],
     "meaning": "true: every person card lies face up (the grid stacks and the"
                " Change-To-Person pile), as the rulebook suggests for beginners.",
     "ruling": "MX-A20", "locked": True},
    {"id": "max_rounds", "title": "Most rounds", "default": None, "values": [None, 5, 10, 20],
     "meaning": "null: no limit. Otherwise the game ends after that many rounds (a round is one"
                " turn for every player; extra turns do not count).",
     "ruling": "MX-A13", "locked": True},
    {"id": "time_limit", "title": "Time limit (minutes)", "default": None,
     "values": [None, 10, 20, 30],
     "meaning": "null: no limit. Otherwise whoever keeps the time ends the game when it runs"
                " out (the time_up action); the engine never reads a clock.",
     "ruling": "MX-A13", "locked": True},
    {"id": "stall_turns", "title": "End after turns without a collection", "default": None,
     "values": [None, "2x_players", "10x_players"],
     "meaning": "null: no such limit (the text plays on until no match is possible). Otherwise"
                " the game ends after that many turns in a row in which nobody collected a"
                " card. RULINGS.md proposed 2x_players as the default; see the notes.",
     "ruling": "MX-A13", "locked": True},
]

STAGES = ("start", "second", "match", "mate", "mismatch", "cancel", "replace", "over")
END_REASONS = {
    "no_matches": "No match is left on the grid and no chance card could make one (MX-A13).",
    "few_stacks": "Fewer than two locations hold cards (MX-A13).",
    "max_rounds": "The agreed number of rounds has been played (end.3).",
    "time_up": "The agreed time ran out (end.3).",
    "stalled": "Too many turns in a row without a collection (stall_turns).",
}
EVENT_TITLES = {
    "deathmate_trumps_soulmate": "Deathmate Trumps Soulmate", "fairy_tale": "Fairy Tale",
    "tragedy": "Tragedy", "romeo_and_juliet": "Romeo and Juliet", "suicide": "Suicide",
    "attempted_suicide": "Attempted Suicide",
}


def person_counts(mix: str, total: int) -> dict:
    """The number of each person card for a layout of ``total`` cards (MX-A23).

    Every mix has as many men as women of each orientation, so it is scaled in man-woman
    pairs (largest remainder first, ties to the order straight, gay, celibate).
    """
    base = PERSON_MIXES[mix]
    pairs = (base[0], base[2], base[4])  # men of each orientation = women of it
    whole = sum(pairs)
    want = total // 2
    exact = [p * want / whole for p in pairs]
    counts = [int(x) for x in exact]
    order = sorted(range(3), key=lambda i: (-(exact[i] - counts[i]), i))
    for i in order[:want - sum(counts)]:
        counts[i] += 1
    result = {}
    for count, orientation in zip(counts, ("straight", "gay", "celibate"), strict=True):
        result[orientation + "-m"] = count
        result[orientation + "-f"] = count
    result["straight-m"] += total % 2  # no layout here is odd; this keeps the total exact
    return result


def _seat(seat: int) -> str:
    return f"Seat {seat + 1}"


def _where(row: int, col: int) -> str:
    return f"row {row}, column {col}"


# ---- the game --------------------------------------------------------------------------------


class MatchMaker(Game):
    """One game of The Match-Maker between 2 and 6 players.

    State, all in ``snapshot()``: ``stacks`` (one list per grid location, bottom..top, in
    row-major order of ``locations``), ``change_to_person`` (the Change-To-Person pile),
    ``mate_pile`` and ``change_pile`` (top first), ``discard`` (bottom..top, face up),
    ``couples`` and ``exes`` (per seat, in the order collected; the Couples pile also holds
    the Soulmate/Deathmate markers), the turn (``turn_player``, ``stage``, ``opened``: the
    locations of PC1 and PC2, whose top cards lie face up, ``mate_drawn`` and ``predrawn``,
    ``change_card``, ``offers``: the seats still to be offered a cancellation), counters
    (``turn_number``, ``round_number``, ``stall``), the public ``log`` and ``seen`` lists and
    the ``events`` (MX-A17).
    """

    ACTIONS = {"open": {"stack": "cell"}, "couple": {}, "ex": {}, "draw_mate": {},
               "skip_mate": {}, "draw_change": {}, "decline_change": {},
               "replace": {"target": "text", "with": "text"}, "attempt_cancel": {},
               "decline_cancel": {}, "time_up": {}}
    id = "match_maker"
    title = "The Match-Maker"
    min_players = 2
    max_players = 6
    default_players = 2
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS
    BOTS: dict = {}  # filled in at the end of this file, below the bots

    # ---- the table the options describe ------------------------------------------------------
    def _layout(self) -> None:
        if type(self.options["decks"]) is not int:  # JSON true == 1 would slip through
            raise IllegalAction("Option 'decks' is 1 or 2.")
        rows = GRIDS[self.options["grid_stacks"]]
        self.locations = [(r + 1, c + 1) for r, (_, cols) in enumerate(rows) for c in range(cols)]
        self.depths = [depth for depth, cols in rows for _ in range(cols)]
        self.location_index = {loc: i for i, loc in enumerate(self.locations)}
        total = sum(self.depths) + CHANGE_TO_PERSON
        self.deck_persons = person_counts(self.options["person_mix"], total)
        per_deck = CHANCE_MIXES[self.options["chance_mix"]]
        self.deck_chances = {code: n * self.options["decks"] for code, n in zip(CHANCES, per_deck,
                                                                               strict=True)}

    def _full_deck(self) -> list:
        cards = [code for code in PERSONS for _ in range(self.deck_persons[code])]
        return cards + [code for code in CHANCES for _ in range(self.deck_chances[code])]

    # ---- dealing ---------------------------------------------------------------------------
    def setup(self) -> None:
        self._layout()
        # The rulebook never says who deals first, so the seed decides (as in Matatu).
        self.dealer = self.rng.randbelow(self.players)
        mate = [c for c in MATE_CARDS for _ in range(self.deck_chances[c])]
        self.rng.shuffle(mate)  # setup.1
        change = [c for c in CHANGE_CARDS for _ in range(self.deck_chances[c])]
        self.rng.shuffle(change)  # setup.2
        persons = [c for c in PERSONS for _ in range(self.deck_persons[c])]
        self.rng.shuffle(persons)  # setup.3
        self.mate_pile = mate
        self.change_pile = change
        self.change_to_person = persons[:CHANGE_TO_PERSON]
        rest = persons[CHANGE_TO_PERSON:]
        self.stacks = []
        for depth in self.depths:
            self.stacks.append(rest[:depth])
            rest = rest[depth:]
        self._fresh_state()
        self._say(None, f"{_seat(self.dealer)} deals. {self._table_text()}")
        self._begin_turn((self.dealer + 1) % self.players)  # setup.4, turn.1

    def _fresh_state(self) -> None:
        self.discard = []
        self.couples = [[] for _ in range(self.players)]
        self.exes = [[] for _ in range(self.players)]
        self.log = []
        self.seen = []
        self.events = []
        self.turn_number = 0
        self.round_number = 1
        self.stall = 0
        self.finished = False
        self.end_reason = None
        self._clear_turn()

    def _clear_turn(self) -> None:
        self.stage = "start"
        self.opened = []
        self.mate_drawn = []
        self.predrawn = 0
        self.postdrawn = 0
        self.change_card = None
        self.offers = []
        self.collected = False

    def _table_text(self) -> str:
        counts = ", ".join(f"{NAMES[c]} {self.deck_persons[c]}" for c in PERSONS)
        chances = ", ".join(f"{NAMES[c]} {self.deck_chances[c]}" for c in CHANCES)
        return (f"{sum(self.depths)} person cards lie face down in {len(self.locations)} stacks"
                f" and {len(self.change_to_person)} on the Change-To-Person pile. Person cards:"
                f" {counts}. Chance cards: {chances}. These counts are our defaults, not"
                " official (MX-A23).")

    def setup_position(self, position: dict) -> None:
        """Build a position at the start of a turn from a scenario.

        ``position`` (card codes as in DESIGN.md; ``grid`` rows as the grid_stacks option lays
        them out, each location a stack listed bottom..top, ``[]`` for a used-up location)::

            {"grid": [[["straight-m", "gay-f", "straight-f"], ["celibate-m"], [], [], []],
                      [[], [], [], [], []],
                      [[], [], [], [], []],
                      [["gay-m", "straight-m"], [], [], [], []]],
             "change_to_person": ["gay-f", "celibate-f"],   # face down, at most 7
             "mate_pile": ["deathmate", "soulmate"],         # top first
             "change_pile": ["time", "orientation-change", "sex-change",
                             "orientation-change"],          # top first
             "discard": ["straight-f", ...],                 # face up, bottom..top
             "couples": [["straight-m", "straight-f", "soulmate"], []],  # per seat
             "exes": [[], ["gay-m"]],                        # per seat
             "dealer": 1,                 # optional, default: right of to_move
             "to_move": 0,                # optional, default: left of the dealer
             "round": 1, "turn": 0}       # optional counters

        Every card of the configured deck must be placed exactly once: the person cards of
        ``person_mix`` (62 with the default grid) and ``decks`` × the chance cards of
        ``chance_mix``. A stack may be no deeper than its row's depth (MX-A1); the Couples
        piles hold person cards in pairs plus mate markers, the Exes piles person cards only;
        mate cards are never on the Change Chance pile nor change cards on the Mate pile. The
        game ends at once if no match is possible (MX-A13).
        """
        self._layout()
        n = self.players
        known = {"grid", "change_to_person", "mate_pile", "change_pile", "discard", "couples",
                 "exes", "dealer", "to_move", "round", "turn"}
        unknown = set(position) - known
        if unknown:
            raise IllegalAction(f"Scenario: unknown key {sorted(unknown)[0]!r}.")

        def cards(value, what, allowed=PERSONS + CHANCES) -> list:
            if not isinstance(value, list):
                raise IllegalAction(f"Scenario: \"{what}\" must be a list of card codes.")
            for code in value:
                if code not in allowed:
                    kinds = "person" if allowed == PERSONS else "card"
                    raise IllegalAction(f"Scenario: {code!r} in {what} is not a {kinds} code"
                                        " here (like straight-m, gay-f, soulmate, time).")
            return list(value)

        grid = position.get("grid")
        rows = GRIDS[self.options["grid_stacks"]]
        if not isinstance(grid, list) or len(grid) != len(rows):
            raise IllegalAction(f"Scenario: \"grid\" needs {len(rows)} rows of stacks.")
        self.stacks = []
        for r, (row, (depth, cols)) in enumerate(zip(grid, rows, strict=True)):
            if not isinstance(row, list) or len(row) != cols:
                raise IllegalAction(f"Scenario: grid row {r + 1} needs {cols} stacks.")
            for c, stack in enumerate(row):
                stack = cards(stack, f"grid row {r + 1}, column {c + 1}", PERSONS)
                if len(stack) > depth:
                    raise IllegalAction(f"Scenario: the stack at {_where(r + 1, c + 1)} holds"
                                        f" {len(stack)} cards; row {r + 1} starts with"
                                        f" {depth} (MX-A1).")
                self.stacks.append(stack)
        self.change_to_person = cards(position.get("change_to_person", []), "change_to_person",
                                      PERSONS)
        if len(self.change_to_person) > CHANGE_TO_PERSON:
            raise IllegalAction("Scenario: the Change-To-Person pile starts with 7 cards and"
                                " only shrinks (setup.3).")
        self.mate_pile = cards(position.get("mate_pile", []), "mate_pile", MATE_CARDS)
        self.change_pile = cards(position.get("change_pile", []), "change_pile", CHANGE_CARDS)
        discard = cards(position.get("discard", []), "discard")

        def per_seat(key, allowed) -> list:
            value = position.get(key, [[] for _ in range(n)])
            if not isinstance(value, list) or len(value) != n:
                raise IllegalAction(f"Scenario: \"{key}\" needs one list per seat ({n}).")
            return [cards(pile, f"{key} of seat {s + 1}", allowed) for s, pile in enumerate(value)]

        couples = per_seat("couples", PERSONS + MATE_CARDS)
        exes = per_seat("exes", PERSONS)
        for seat, pile in enumerate(couples):
            if sum(1 for c in pile if c in PERSONS) % 2:
                raise IllegalAction(f"Scenario: the Couples pile of {_seat(seat)} holds an odd"
                                    " number of person cards; couples come in pairs (MX-A4).")

        placed = [c for stack in self.stacks for c in stack] + self.change_to_person
        placed += self.mate_pile + self.change_pile + discard
        placed += [c for pile in couples + exes for c in pile]
        want = self._full_deck()
        for code in PERSONS + CHANCES:
            have, need = placed.count(code), want.count(code)
            if have != need:
                raise IllegalAction(f"Scenario: the deck has {need} × {code} and the position"
                                    f" places {have}; every card is placed exactly once"
                                    " (options person_mix, chance_mix, decks).")

        to_move, dealer = position.get("to_move"), position.get("dealer")
        if to_move is None:
            dealer = 0 if dealer is None else dealer
            to_move = (dealer + 1) % n if self._is_seat(dealer) else None
        elif dealer is None and self._is_seat(to_move):
            dealer = (to_move - 1) % n
        if not self._is_seat(to_move) or not self._is_seat(dealer):
            raise IllegalAction(f"Scenario: \"to_move\" and \"dealer\" are seats 0 to {n - 1}.")
        round_number, turn = position.get("round", 1), position.get("turn", 0)
        for name, value, low in (("round", round_number, 1), ("turn", turn, 0)):
            if type(value) is not int or value < low:
                raise IllegalAction(f"Scenario: \"{name}\" is a whole number, {low} or more.")
        self.dealer = dealer
        self._fresh_state()
        self.discard = discard
        self.couples, self.exes = couples, exes
        self.round_number = round_number
        self.turn_number = turn
        self.turn_player = to_move
        self._say(None, "A scenario position.")
        reason = self._end_check()
        if reason is not None:
            self._finish(reason)
            return
        self._begin_turn(to_move)

    def _is_seat(self, seat) -> bool:
        return type(seat) is int and 0 <= seat < self.players

    # ---- whose decision ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.finished

    @property
    def to_move(self):
        if self.finished:
            return None
        if self.stage == "cancel":
            return self.offers[0]  # MX-A12: the non-turn player being offered the attempt
        return self.turn_player

    # ---- what may be done --------------------------------------------------------------------
    def _can_predraw(self) -> bool:
        return bool(self.mate_pile) and self.predrawn < self.options["decks"]

    def _can_postdraw(self) -> bool:
        # A single deck allows one mate card a turn in all: "DM trumps SM" needs two decks.
        if not self.mate_pile or self.postdrawn >= self.options["decks"]:
            return False
        return self.options["decks"] > 1 or self.predrawn == 0

    def _ex_allowed(self) -> bool:
        return not (self.predrawn and self.options["predraw_commits"])  # MX-A6

    def _faces(self) -> list:
        return [self.stacks[loc][-1] for loc in self.opened]

    def _valid_replacements(self) -> list:
        """(target, code) pairs the change card allows now, in a stable order (MX-A8/A9)."""
        rule = self.options["sex_change_rule"]
        pile = set(self.change_to_person)
        out = []
        for target, face in zip(("pc1", "pc2"), self._faces(), strict=True):
            for code in change_targets(self.change_card, face, rule):
                if code in pile:
                    out.append((target, code))
        return out

    def _stack_action(self, loc: int, seat: int) -> dict:
        row, col = self.locations[loc]
        return {"type": "open", "stack": [row, col], "seat": seat}

    def actions_for(self, seat: int) -> list:
        if self.finished or seat != self.to_move:
            return []
        stage = self.stage
        if stage == "start":
            actions = []
            if self._can_predraw():
                actions.append({"type": "draw_mate", "seat": seat})
            return actions + [self._stack_action(loc, seat)
                              for loc, stack in enumerate(self.stacks) if stack]
        if stage == "second":
            first = self.opened[0]
            return [self._stack_action(loc, seat) for loc, stack in enumerate(self.stacks)
                    if stack and loc != first]
        if stage == "match":
            actions = [{"type": "couple", "seat": seat}]
            if self._ex_allowed():
                actions.append({"type": "ex", "seat": seat})
            return actions
        if stage == "mate":
            return [{"type": "draw_mate", "seat": seat}, {"type": "skip_mate", "seat": seat}]
        if stage == "mismatch":
            return [{"type": "draw_change", "seat": seat}, {"type": "decline_change", "seat": seat}]
        if stage == "cancel":
            return [{"type": "attempt_cancel", "seat": seat},
                    {"type": "decline_cancel", "seat": seat}]
        if stage == "replace":
            return [{"type": "replace", "target": target, "with": code, "seat": seat}
                    for target, code in self._valid_replacements()]
        return []

    def normalize(self, action) -> dict:
        action = super().normalize(action)
        stack = action.get("stack")
        if isinstance(stack, tuple):
            action["stack"] = stack = list(stack)  # (2, 3) from Python means [2, 3]
        # 1.0 == 1 and True == 1 in Python: without this, [1.0, true] would pass as [1, 1].
        if isinstance(stack, list) and not all(type(x) is int for x in stack):
            raise IllegalAction(f"{stack!r} is not a grid location: write [row, column] in whole"
                                " numbers, like [2, 3] (MX-A1).", "MX-A1")
        return action

    def apply(self, action) -> None:
        """Validate and apply one action. ``time_up`` is the clock's, not a player's choice, so
        it is accepted without being a legal action, but only with the time_limit option."""
        if isinstance(action, dict) and action.get("type") == "time_up":
            action = self.normalize(action)
            if self.over:
                raise IllegalAction("The game is over.")
            if self.options["time_limit"] is None:
                raise IllegalAction("This game has no time limit (option time_limit), so time"
                                    " cannot run out (end.3).", "end.3")
            if set(action) != {"type", "seat"}:
                raise IllegalAction("A time_up move has exactly these fields: seat, type.")
            self.perform(action)
            self.actions.append(action)
            return
        super().apply(action)

    # ---- why a move is refused ----------------------------------------------------------------
    _SHAPES = {"open": {"stack"}, "couple": set(), "ex": set(), "draw_mate": set(),
               "skip_mate": set(), "draw_change": set(), "decline_change": set(),
               "replace": {"target", "with"}, "attempt_cancel": set(), "decline_cancel": set()}

    def why_illegal(self, action: dict) -> IllegalAction:
        kind = action["type"]
        if kind not in self._SHAPES:
            moves = ", ".join(self._SHAPES)
            return IllegalAction(f"The Match-Maker has no move called {kind!r}; the moves are"
                                 f" {moves} (and time_up, with a time limit).")
        fields = self._SHAPES[kind]
        if set(action) != fields | {"type", "seat"}:
            needs = ", ".join(sorted(fields | {"type", "seat"}))
            return IllegalAction(f"A {kind} move has exactly these fields: {needs}.")
        stage = self.stage
        if stage == "cancel":
            card = NAMES[self.change_card]
            return IllegalAction(f"{_seat(self.turn_player)} drew {a_card(self.change_card)}:"
                                 f" first you decide whether to try to cancel the {card}"
                                 " (attempt_cancel or decline_cancel, MX-A12).", "MX-A12")
        if kind in ("attempt_cancel", "decline_cancel"):
            return IllegalAction("A cancellation is tried only by a non-turn player, right after"
                                 " the turn player reveals an Orientation Change, Sex Change or"
                                 " Time card (MX-A12).", "MX-A12")
        if kind == "open":
            return self._refuse_open(action["stack"])
        if kind == "draw_mate":
            return self._refuse_mate_draw()
        if kind == "skip_mate":
            return IllegalAction("There is no Soulmate/Deathmate draw to skip now: it comes only"
                                 " after you take a Couple (MX-A5).", "MX-A5")
        if kind in ("couple", "ex"):
            return self._refuse_collect(kind)
        if kind in ("draw_change", "decline_change"):
            if stage == "mismatch":  # only draw_change can be refused here
                return IllegalAction("The Change Chance pile is empty, so there is nothing to"
                                     " draw (MX-A22).", "MX-A22")
            return IllegalAction("A change card is drawn only right after PC1 and PC2 mismatch"
                                 " (mismatch.1, MX-A7).", "MX-A7")
        return self._refuse_replace(action["target"], action["with"])

    def _waiting_text(self) -> str:
        return {
            "start": "open PC1 first (or draw a mate card before opening)",
            "second": "open PC2 from a different location",
            "match": "PC1 and PC2 match: take the Couple or the Ex",
            "mate": "draw a Soulmate/Deathmate card or collect the Couple without one",
            "mismatch": "draw a change card or put both cards back",
            "replace": f"choose the replacement your {NAMES.get(self.change_card, '')} allows",
        }.get(self.stage, "wait")

    def _refuse_open(self, stack) -> IllegalAction:
        if self.stage not in ("start", "second"):
            return IllegalAction(f"You have already opened two cards this turn: now"
                                 f" {self._waiting_text()} (turn.2).", "turn.2")
        if (not isinstance(stack, list) or len(stack) != 2
                or tuple(stack) not in self.location_index):
            return IllegalAction(f"{stack!r} is not a grid location: write [row, column], rows"
                                 " 1 to 4 and columns 1 to 5 (MX-A1).", "MX-A1")
        loc = self.location_index[tuple(stack)]
        if not self.stacks[loc]:
            return IllegalAction(f"The location at {_where(*stack)} is empty: its stack is used"
                                 " up (MX-A1).", "MX-A1")
        return IllegalAction(f"PC2 must come from a different location than PC1, which is at"
                             f" {_where(*stack)} (turn.2, MX-A3).", "MX-A3")

    def _refuse_mate_draw(self) -> IllegalAction:
        decks = self.options["decks"]
        if self.stage in ("start", "mate") and not self.mate_pile:
            return IllegalAction("The Mate Chance pile is empty, so no Soulmate or Deathmate can"
                                 " be drawn (MX-A22).", "MX-A22")
        if self.stage == "start":
            most = "one mate card" if decks == 1 else "two mate cards"
            return IllegalAction(f"With {decks} deck{'s' if decks > 1 else ''} you may draw at"
                                 f" most {most} before opening (match.9, MX-A17).", "MX-A17")
        if self.stage == "mate" or self.stage == "match":
            if self.stage == "match":
                return IllegalAction("First take the Couple; the Soulmate/Deathmate draw is only"
                                     " for a Couple (match.4, MX-A5).", "MX-A5")
            return IllegalAction("You have drawn as many mate cards as this turn allows"
                                 " (match.9, MX-A17).", "MX-A17")
        if self.stage == "second":
            return IllegalAction("A confident player draws a mate card before opening PC1, not"
                                 " between PC1 and PC2 (match.8, MX-A6).", "MX-A6")
        return IllegalAction("A Soulmate/Deathmate card is drawn only before opening or when you"
                             " take a Couple (match.4, match.8, MX-A5).", "MX-A5")

    def _refuse_collect(self, kind: str) -> IllegalAction:
        if self.stage == "match" and kind == "ex":
            return IllegalAction("You drew a mate card before opening, which commits you to the"
                                 " Couple now that PC1 and PC2 match (match.8, MX-A6).", "MX-A6")
        if self.stage in ("mismatch", "replace"):
            a, b = self._faces()
            return IllegalAction(f"PC1 and PC2 do not match: {self._match_text(a, b)} (intro.2,"
                                 " MX-A2).", "MX-A2")
        if self.stage == "mate":
            return IllegalAction("You already took the Couple: draw a mate card or collect it"
                                 " (MX-A5).", "MX-A5")
        return IllegalAction(f"A Couple or an Ex is taken after opening two matching cards: now"
                             f" {self._waiting_text()} (match.1).", "match.1")

    @staticmethod
    def _match_text(a: str, b: str) -> str:
        if PARTNER[a] is None:
            return f"nobody matches {a_card(a)}"
        if PARTNER[b] is None:
            return f"nobody matches {a_card(b)}"
        return f"{a_card(a)} matches only {a_card(PARTNER[a])}"

    def _refuse_replace(self, target, code) -> IllegalAction:
        if self.stage != "replace":
            return IllegalAction("A card is replaced only after drawing an Orientation Change or"
                                 " a Sex Change on a mismatch (mismatch.2, mismatch.6).",
                                 "MX-A10")
        if target not in ("pc1", "pc2"):
            return IllegalAction("Say which card to replace: \"pc1\" or \"pc2\" (MX-A10).",
                                 "MX-A10")
        if code not in PERSONS:
            return IllegalAction(f"{code!r} is not a person card (like straight-f or gay-m).")
        face = self._faces()[0 if target == "pc1" else 1]
        change = self.change_card
        allowed = change_targets(change, face, self.options["sex_change_rule"])
        if code not in allowed:
            return _change_refusal(change, face, code, self.options["sex_change_rule"])
        return IllegalAction(f"There is no {NAMES[code]} in the Change-To-Person pile; only valid"
                             " replacements that are in the pile can be taken (mismatch.4).",
                             "mismatch.4")

    # ---- doing a move -------------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        kind, seat = action["type"], action["seat"]
        if kind == "open":
            self._open(seat, self.location_index[tuple(action["stack"])])
        elif kind == "draw_mate":
            self._draw_mate(seat)
        elif kind == "skip_mate":
            self._resolve_couple(seat)
        elif kind == "couple":
            self._couple(seat)
        elif kind == "ex":
            self._ex(seat)
        elif kind == "draw_change":
            self._draw_change(seat)
        elif kind == "decline_change":
            self._say(seat, f"{_seat(seat)} draws no change card.")
            self._end_turn(seat)
        elif kind == "attempt_cancel":
            self._attempt_cancel(seat)
        elif kind == "decline_cancel":
            self._decline_cancel(seat)
        elif kind == "replace":
            self._replace(seat, action["target"], action["with"])
        elif kind == "time_up":
            self._time_up(seat)
        else:
            raise IllegalAction(f"The Match-Maker has no move called {kind!r}.")

    def _begin_turn(self, seat: int) -> None:
        self.turn_player = seat
        self.turn_number += 1
        self._clear_turn()

    def _open(self, seat: int, loc: int) -> None:
        self.opened.append(loc)
        card = self.stacks[loc][-1]
        row, col = self.locations[loc]
        which = "PC1" if len(self.opened) == 1 else "PC2"
        # MX-A3: every opened card is shown to everyone, so it goes into the public memory.
        self.seen.append({"turn": self.turn_number, "seat": seat, "row": row, "col": col,
                          "depth": len(self.stacks[loc]), "card": card})
        self._say(seat, f"{_seat(seat)} opens {a_card(card)} at {_where(row, col)} ({which}).")
        if len(self.opened) == 1:
            self.stage = "second"
        else:
            self._judge_pair(seat)

    def _judge_pair(self, seat: int) -> None:
        a, b = self._faces()
        if is_match(a, b):  # MX-A2
            self._say(seat, f"A match: {NAMES[a]} and {NAMES[b]}.")
            if not self._ex_allowed():
                self._say(seat, f"{_seat(seat)} is committed to the Couple by the pre-drawn"
                                " mate card (MX-A6).")
                self._couple(seat)
            else:
                self.stage = "match"
            return
        if self.change_card is not None:  # the replacement did not make a match (MX-A10)
            self._say(seat, "Still no match.")
            self._end_turn(seat)
            return
        self._say(seat, f"No match: {self._match_text(a, b)}.")
        if self.change_pile:
            self.stage = "mismatch"  # MX-A7
        else:
            self._end_turn(seat)  # MX-A22: nothing to draw, so nothing to decide

    def _draw_mate(self, seat: int) -> None:
        card = self.mate_pile.pop(0)
        self.mate_drawn.append(card)
        if self.stage == "start":
            self.predrawn += 1
            self._say(seat, f"{_seat(seat)} draws {a_card(card)} before opening (MX-A6).")
            return
        self.postdrawn += 1
        self._say(seat, f"{_seat(seat)} draws {a_card(card)}.")
        if not self._can_postdraw():
            self._resolve_couple(seat)

    def _couple(self, seat: int) -> None:
        if self._can_postdraw():
            self.stage = "mate"  # MX-A5: the optional draw is offered with a Couple
        else:
            self._resolve_couple(seat)

    def _resolve_couple(self, seat: int) -> None:
        pc1, pc2 = self.opened
        drawn = self.mate_drawn
        soulmates, deathmates = drawn.count(SOULMATE), drawn.count(DEATHMATE)
        knowingly = DEATHMATE in drawn[:self.predrawn]
        self.couples[seat].extend(drawn)  # match.5-6: markers to remember the points
        self.mate_drawn = []
        if deathmates > soulmates:
            # match.6 / MX-A5: PC1 to the Discard pile, PC2 back face down, nothing collected.
            card = self.stacks[pc1].pop()
            self.discard.append(card)
            self._say(seat, f"{NAMES[card].capitalize()} (PC1) found a deathmate: discarded,"
                            f" and {_seat(seat)} loses {MATE_POINTS * (deathmates - soulmates)}"
                            " points.")
        else:
            a, b = self.stacks[pc1].pop(), self.stacks[pc2].pop()
            self.couples[seat].extend([a, b])
            self.collected = True
            bonus = MATE_POINTS * (soulmates - deathmates)
            extra = f", and {bonus} extra points" if bonus else ""
            self._say(seat, f"{_seat(seat)} collects a Couple: {NAMES[a]} and"
                            f" {NAMES[b]}{extra}.")
        self._mate_events(seat, soulmates, deathmates, knowingly)
        self.opened = []
        self._end_turn(seat, matched=True)

    def _mate_events(self, seat: int, soulmates: int, deathmates: int, knowingly: bool) -> None:
        found = []
        if soulmates >= 2 and deathmates >= 2:
            found.append("romeo_and_juliet")
        else:
            if soulmates and deathmates:
                found.append("deathmate_trumps_soulmate")
            if soulmates >= 2:
                found.append("fairy_tale")
            if deathmates >= 2:
                found.append("tragedy")
        if knowingly:
            found.append("suicide")  # events.5 / MX-A6: a pre-drawn Deathmate on a match
        for event in found:
            self._event(seat, event)

    def _event(self, seat: int, event: str) -> None:
        self.events.append({"event": event, "title": EVENT_TITLES[event], "seat": seat,
                            "turn": self.turn_number})
        self._say(seat, f"Special event for {_seat(seat)}: {EVENT_TITLES[event]}!")

    def _ex(self, seat: int) -> None:
        pc1, pc2 = self.opened
        card = self.stacks[pc2].pop()  # match.1: PC2 to the Exes pile, PC1 stays face down
        self.exes[seat].append(card)
        self.collected = True
        self._say(seat, f"{_seat(seat)} takes {a_card(card)} as an Ex; the"
                        f" {NAMES[self.stacks[pc1][-1]]} (PC1) goes back face down.")
        self.opened = []
        self._end_turn(seat, matched=True)

    def _draw_change(self, seat: int) -> None:
        card = self.change_pile.pop(0)
        self.change_card = card
        self._say(seat, f"{_seat(seat)} draws {a_card(card)}.")
        # MX-A12: OC always, SC and T only with two decks; an attempt needs a card to open.
        cancellable = card == OC or self.options["decks"] > 1
        if cancellable and self.change_pile and self.players > 1:
            self.offers = [(seat + step) % self.players for step in range(1, self.players)]
            self.stage = "cancel"
            return
        self._use_change(seat)

    def _decline_cancel(self, seat: int) -> None:
        self.offers.pop(0)
        self._say(seat, f"{_seat(seat)} does not try to cancel.")
        if not self.offers:
            self._use_change(self.turn_player)

    def _attempt_cancel(self, seat: int) -> None:
        self.offers = []
        turn_player = self.turn_player
        card = self.change_card
        opened = self.change_pile.pop(0)
        self._say(seat, f"{_seat(seat)} tries to cancel the {NAMES[card]} and opens"
                        f" {a_card(opened)}.")
        if opened == card:
            self.discard.extend([card, opened])  # cancel.3: both cards are discarded
            self.change_card = None
            self._say(seat, f"Cancelled: both {NAMES[card]} cards are discarded, and"
                            f" {_seat(turn_player)}'s turn ends (MX-A12).")
            self._end_turn(turn_player)
            return
        self.change_pile.append(opened)  # cancel.3: face down to the bottom
        self._say(seat, f"The attempt fails: the {NAMES[opened]} goes face down under the"
                        f" Change Chance pile, and {_seat(turn_player)} continues.")
        self._use_change(turn_player)

    def _use_change(self, seat: int) -> None:
        card = self.change_card
        self.stage = "resolving"
        self.discard.append(card)  # mismatch.2, mismatch.6, mismatch.9: discard it first
        if card == TIME:
            self._say(seat, f"{_seat(seat)} will take another turn (MX-A11).")
            self._end_turn(seat, extra=True)
            return
        if not self._valid_replacements():
            self._say(seat, f"Neither card can take {a_card(card)} from the Change-To-Person"
                            " pile: both go back face down (MX-A10).")
            self._end_turn(seat)
            return
        self.stage = "replace"

    def _replace(self, seat: int, target: str, code: str) -> None:
        loc = self.opened[0 if target == "pc1" else 1]
        old = self.stacks[loc].pop()
        self.discard.append(old)  # MX-A10: face up to the Discard pile
        self.change_to_person.remove(code)
        self.stacks[loc].append(code)
        row, col = self.locations[loc]
        self.seen.append({"turn": self.turn_number, "seat": seat, "row": row, "col": col,
                          "depth": len(self.stacks[loc]), "card": code})
        self._say(seat, f"{_seat(seat)} replaces the {NAMES[old]} ({target.upper()}) with"
                        f" {a_card(code)} from the Change-To-Person pile.")
        self._judge_pair(seat)  # MX-A10 step 4: the pair is evaluated again

    def _time_up(self, seat: int) -> None:
        self._say(seat, "Time is up (end.3).")
        self._wrap_up_turn(self.turn_player, attempted=False)  # the turn is cut short
        self._finish("time_up")

    # ---- the end of a turn ------------------------------------------------------------------
    def _wrap_up_turn(self, seat: int, attempted: bool) -> None:
        """Put the turn's cards away: open cards face down, a change card still in play to the
        Discard pile, unused pre-drawn mate cards where predraw_unused says (MX-A6)."""
        if self.stage == "cancel" and self.change_card is not None:
            self.discard.append(self.change_card)
        self.change_card = None
        self.opened = []
        if self.mate_drawn:
            unused = self.mate_drawn
            self.mate_drawn = []
            if self.options["predraw_unused"] == "bottom_of_pile":
                self.mate_pile.extend(unused)
                where = "under the Mate pile"
            else:
                self.discard.extend(unused)
                where = "onto the Discard pile"
            names = " and ".join(NAMES[c] for c in unused)
            self._say(seat, f"The unused {names} goes {where} (MX-A6).")
            if DEATHMATE in unused and attempted:
                self._event(seat, "attempted_suicide")  # events.6 / MX-A6

    def _end_turn(self, seat: int, extra: bool = False, matched: bool = False) -> None:
        # A turn that ends on a match used (or set aside) its mate cards; one without a match
        # that began with a pre-drawn Deathmate was an attempted suicide (events.6).
        self._wrap_up_turn(seat, attempted=not matched)
        self.stall = 0 if self.collected else self.stall + 1
        reason = self._end_check()
        if reason is None and self.options["stall_turns"] is not None:
            factor = 2 if self.options["stall_turns"] == "2x_players" else 10
            if self.stall >= factor * self.players:
                reason = "stalled"
        if matched and self.options["match_grants_extra_turn"]:
            extra = True  # MX-A21 option
        following = seat if extra else (seat + 1) % self.players
        first = (self.dealer + 1) % self.players
        if reason is None and not extra and following == first:
            # A round is one turn for every player; it ends when the turn comes back round.
            if self.options["max_rounds"] is not None and \
                    self.round_number >= self.options["max_rounds"]:
                reason = "max_rounds"
            else:
                self.round_number += 1
        if reason is not None:
            self._finish(reason)
            return
        self._begin_turn(following)

    def _end_check(self):
        """MX-A13: the reason the game is over now, or None."""
        tops = [stack[-1] for stack in self.stacks if stack]
        if len(tops) < 2:
            return "few_stacks"
        counts = {code: 0 for code in PERSONS}
        for code in tops:
            counts[code] += 1
        if self._match_among(counts):
            return None
        rule = self.options["sex_change_rule"]
        pile = set(self.change_to_person)
        for change in {OC, SC} & set(self.change_pile):
            for top in set(tops):
                for code in change_targets(change, top, rule):
                    if code in pile:
                        partner = PARTNER[code]
                        if partner is not None and counts[partner] - (top == partner) >= 1:
                            return None
        return "no_matches"

    @staticmethod
    def _match_among(counts: dict) -> bool:
        return ((counts["straight-m"] and counts["straight-f"]) or counts["gay-m"] >= 2
                or counts["gay-f"] >= 2)

    def _finish(self, reason: str) -> None:
        self.finished = True
        self.end_reason = reason
        self.stage = "over"
        self.offers = []
        self._say(None, "Game over. " + END_REASONS[reason])
        result = self.result()
        parts = ", ".join(f"{_seat(s)} {score}" for s, score in enumerate(result["scores"]))
        self._say(None, f"Scores: {parts}.")
        titles = result["titles"]
        for key, title in (("match_maker", "The Match-Maker"), ("the_player", "The Player")):
            if titles[key]:
                self._say(None, f"{title}: " + " and ".join(_seat(s) for s in titles[key]) + ".")
        if titles["grand_master"] is not None:
            self._say(None, f"The Grand Master: {_seat(titles['grand_master'])}!")

    # ---- scores and titles ------------------------------------------------------------------
    def person_cards(self, seat: int) -> int:
        couples = sum(1 for c in self.couples[seat] if c in SEX)
        return couples + len(self.exes[seat])

    def points(self, seat: int) -> int:
        """MX-A14: person cards + 3 per Soulmate - 3 per Deathmate."""
        pile = self.couples[seat]
        return (self.person_cards(seat)
                + MATE_POINTS * (pile.count(SOULMATE) - pile.count(DEATHMATE)))

    def scores(self) -> list:
        if self.options["winner_by"] == "person_cards":
            return [self.person_cards(s) for s in range(self.players)]
        return [self.points(s) for s in range(self.players)]

    def couple_counts(self) -> list:
        return [sum(1 for c in pile if c in SEX) // 2 for pile in self.couples]

    def titles(self) -> dict:
        """MX-A16: most couples, most exes (shared when tied; none at 0); Grand Master: both,
        alone."""
        def leaders(values):
            best = max(values)
            return [] if best == 0 else [s for s, v in enumerate(values) if v == best]

        match_maker = leaders(self.couple_counts())
        the_player = leaders([len(pile) for pile in self.exes])
        grand = None
        if len(match_maker) == 1 and match_maker == the_player:
            grand = match_maker[0]
        return {"match_maker": match_maker, "the_player": the_player, "grand_master": grand}

    def result(self):
        if not self.finished:
            return None
        scores = self.scores()
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        tie = len(winners) > 1
        rematch = tie and self.options["tie_rule"] == "rematch"
        return {
            "scores": scores,
            "winners": winners,
            "reason": self.end_reason,
            "reason_text": END_REASONS[self.end_reason],
            "points": [self.points(s) for s in range(self.players)],
            "person_cards": [self.person_cards(s) for s in range(self.players)],
            "couples": self.couple_counts(),
            "exes": [len(pile) for pile in self.exes],
            "soulmates": [pile.count(SOULMATE) for pile in self.couples],
            "deathmates": [pile.count(DEATHMATE) for pile in self.couples],
            "titles": self.titles(),
            "events": [dict(e) for e in self.events],
            "tie": tie,
            "rematch": winners if rematch else None,  # MX-A15 option: the tie is undecided
            "left_on_grid": sorted(c for stack in self.stacks for c in stack),
        }

    # ---- what each seat sees ---------------------------------------------------------------
    def table_view(self, seat) -> dict:
        """What ``seat`` (None: a spectator) may see, JSON-safe.

        Face-down cards carry no identity: a grid location shows its ``depth`` and, only while
        its top card is open this turn (or in beginner mode, MX-A20), its ``face``; the chance
        piles show counts; the Change-To-Person pile shows ``cards`` only to the turn player
        choosing a replacement (MX-A10). Everything opened so far is public history: ``seen``
        lists every card shown on the grid as {turn, seat, row, col, depth, card}, so a
        player's memory can be rebuilt from any one view (the card at a location is the
        newest entry whose depth equals the location's depth now). ``decision`` names the
        pending decision (a cancellation offer goes to a non-turn player, MX-A12); ``piles``
        holds each seat's Couples and Exes piles (face up) and points.
        """
        if seat is not None and not self._is_seat(seat):
            raise IllegalAction(f"There is no seat {seat!r} in this game.")
        open_grid = self.options["open_grid"]
        faces = {loc: ("pc1" if i == 0 else "pc2") for i, loc in enumerate(self.opened)}
        grid = []
        for loc, stack in enumerate(self.stacks):
            row, col = self.locations[loc]
            shown = loc in faces or (open_grid and stack)
            grid.append({"row": row, "col": col, "depth": len(stack),
                         "face": stack[-1] if shown else None, "open": faces.get(loc),
                         # MX-A20: beginners see every card of the stack, bottom..top.
                         "cards": list(stack) if open_grid else None})
        # MX-A10: only the turn player searches the Change-To-Person pile, to replace a card.
        searching = self.stage == "replace" and seat == self.turn_player
        ctp_visible = open_grid or searching
        pcs = [{"row": self.locations[loc][0], "col": self.locations[loc][1],
                "card": self.stacks[loc][-1]} for loc in self.opened]
        couples = self.couple_counts()
        decision = None
        if not self.finished:
            decision = {"stage": self.stage, "seat": self.to_move,
                        "turn_player": self.turn_player, "card": self.change_card,
                        "offered_after": list(self.offers[1:])}
        return {
            "game": self.id,
            "rules": self.rules,
            "options": dict(self.options),
            "players": self.players,
            "seat": seat,
            "to_move": self.to_move,
            "pending": self.pending,
            "over": self.finished,
            "dealer": self.dealer,
            "turn_player": None if self.finished else self.turn_player,
            "turn": self.turn_number,
            "round": self.round_number,
            "stage": self.stage,
            "decision": decision,
            "grid": grid,
            "grid_rows": len(GRIDS[self.options["grid_stacks"]]),
            "grid_cols": max(cols for _, cols in GRIDS[self.options["grid_stacks"]]),
            "pc1": pcs[0] if pcs else None,
            "pc2": pcs[1] if len(pcs) > 1 else None,
            "match": is_match(*self._faces()) if len(self.opened) == 2 else None,
            "change_to_person": {"count": len(self.change_to_person),
                                 "cards": sorted(self.change_to_person, key=PERSONS.index)
                                 if ctp_visible else None},
            "mate_pile": {"count": len(self.mate_pile)},
            "change_pile": {"count": len(self.change_pile)},
            "discard": list(self.discard),
            "mate_drawn": list(self.mate_drawn),
            "predrawn": self.predrawn,
            "change_card": self.change_card,
            "piles": [{"seat": s, "couples": list(self.couples[s]), "exes": list(self.exes[s]),
                       "couples_count": couples[s], "exes_count": len(self.exes[s]),
                       "person_cards": self.person_cards(s), "points": self.points(s)}
                      for s in range(self.players)],
            "scores": self.scores(),
            "deck": {"persons": dict(self.deck_persons), "chances": dict(self.deck_chances)},
            # Entries are never changed once written, so the lists are copied, not each entry:
            # a long game's history would otherwise dominate the cost of every view.
            "seen": list(self.seen),
            "events": list(self.events),
            "log": list(self.log),
            "result": self.result(),
        }

    def _say(self, seat, text: str) -> None:
        self.log.append({"seat": seat, "text": text})

    # ---- saving, and where every card is --------------------------------------------------
    _STATE = ("dealer", "stacks", "change_to_person", "mate_pile", "change_pile", "discard",
              "couples", "exes", "log", "seen", "events", "turn_number", "round_number",
              "stall", "finished", "end_reason", "stage", "opened", "mate_drawn", "predrawn",
              "postdrawn", "change_card", "offers", "collected", "turn_player")

    def snapshot(self) -> dict:
        return _copy_state({key: getattr(self, key) for key in self._STATE})

    def restore(self, state: dict) -> None:
        self._layout()
        for key, value in _copy_state(state).items():
            setattr(self, key, value)

    def card_locations(self) -> dict:
        """Every physical card's place: ``grid:<row>,<col>``, ``change_to_person``,
        ``mate_pile``, ``change_pile``, ``discard``, ``couples:<seat>``, ``exes:<seat>`` and
        ``in_play`` (mate cards drawn this turn, the change card being used)."""
        places = {}
        for loc, stack in enumerate(self.stacks):
            row, col = self.locations[loc]
            places[f"grid:{row},{col}"] = list(stack)
        places["change_to_person"] = list(self.change_to_person)
        places["mate_pile"] = list(self.mate_pile)
        places["change_pile"] = list(self.change_pile)
        places["discard"] = list(self.discard)
        for seat in range(self.players):
            places[f"couples:{seat}"] = list(self.couples[seat])
            places[f"exes:{seat}"] = list(self.exes[seat])
        in_play = list(self.mate_drawn)
        if self.change_card is not None and self.stage in ("cancel",):
            in_play.append(self.change_card)
        places["in_play"] = in_play
        return places

    def full_deck(self) -> list:
        """Every card of this game's deck (the options' counts), for conservation checks."""
        return self._full_deck()


def _change_refusal(change: str, face: str, code: str, sc_rule: str) -> IllegalAction:
    """Why ``face`` cannot become ``code`` by ``change``, in the player's words."""
    sex, pronoun = SEX[face], PRONOUN[SEX[face]]
    head = f"{a_card(face).capitalize()} cannot become {a_card(code)} by"
    if change == OC:
        if SEX[code] != sex:
            return IllegalAction(f"{head} an Orientation Change: only {pronoun} orientation"
                                 " changes, never the sex (mismatch.5, MX-A8).", "MX-A8")
        return IllegalAction(f"{head} an Orientation Change: the orientation must change"
                             " (MX-A8).", "MX-A8")
    if SEX[code] == sex:
        return IllegalAction(f"{head} a Sex Change: the sex must change (mismatch.8, MX-A9).",
                             "MX-A9")
    allowed = a_card(_SC_PRESERVE[face][0])
    return IllegalAction(f"{head} a Sex Change: the sex changes and the attraction stays, so"
                         f" {a_card(face)} becomes {allowed} (MX-A9).", "MX-A9")


def _copy_state(state: dict) -> dict:
    """A copy sharing nothing mutable (written out because it runs on every autosave)."""
    copied = dict(state)
    for key in ("stacks", "couples", "exes"):
        copied[key] = [list(pile) for pile in state[key]]
    for key in ("change_to_person", "mate_pile", "change_pile", "discard", "opened",
                "mate_drawn", "offers"):
        copied[key] = list(state[key])
    for key in ("log", "seen", "events"):
        copied[key] = [dict(entry) for entry in state[key]]
    return copied


# ---- bots ------------------------------------------------------------------------------------


class MemoryBot(Bot):
    """Remembers every card it has seen opened and where, and plays for sure matches.

    Its memory is kept in the object and fed from each view's public ``seen`` list (every
    opened card was shown to everyone, MX-A3), so a bot built fresh for every move (as the
    browser service does) rebuilds the same memory from the view alone. ``memory_turns``
    makes a weaker player who forgets cards seen more than that many turns ago.

    Strategy: open a remembered matching pair when there is one; otherwise open an unknown
    card first, then its remembered partner if any, else another unknown card (news for the
    memory). Always take the Couple; draw a mate card only when the Mate pile is likely
    enough to give a Soulmate; always draw a change card on a mismatch and replace to make a
    match when possible; always try to cancel another player's change card.
    """

    name = "basic"

    def __init__(self, rng: SeededRng | None = None, memory_turns: int | None = None):
        self.rng = rng or SeededRng(0)
        self.memory_turns = memory_turns
        self._forget_all()

    def _forget_all(self) -> None:
        self.known = {}  # (row, col) -> (depth, card, turn): the last card seen there
        self._read = 0  # how much of the view's "seen" list is in the memory
        self._last = None

    def remember(self, view: dict) -> None:
        seen = view["seen"]
        if (len(seen) < self._read or (self._read and seen[self._read - 1] != self._last)):
            self._forget_all()  # another game, or a position loaded from elsewhere
        for entry in seen[self._read:]:
            self.known[(entry["row"], entry["col"])] = (entry["depth"], entry["card"],
                                                        entry["turn"])
        self._read = len(seen)
        self._last = seen[-1] if seen else None

    def tops(self, view: dict) -> tuple:
        """(known, unknown): {(row, col): card} of top cards it remembers, and the other
        non-empty locations."""
        known, unknown = {}, []
        oldest = None if self.memory_turns is None else view["turn"] - self.memory_turns
        for cell in view["grid"]:
            if not cell["depth"]:
                continue
            where = (cell["row"], cell["col"])
            if cell["face"] is not None:
                known[where] = cell["face"]
                continue
            memory = self.known.get(where)
            if (memory is not None and memory[0] == cell["depth"]
                    and (oldest is None or memory[2] >= oldest)):
                known[where] = memory[1]
            else:
                unknown.append(where)
        return known, unknown

    @staticmethod
    def soulmate_chance(view: dict) -> float:
        """The chance the next mate card is a Soulmate, from the public piles."""
        count = view["mate_pile"]["count"]
        if not count:
            return 0.0
        shown = list(view["discard"]) + list(view["mate_drawn"])
        for pile in view["piles"]:
            shown += pile["couples"]
        left = view["deck"]["chances"][SOULMATE] - shown.count(SOULMATE)
        return max(0, left) / count

    def choose(self, view: dict, legal_actions: list) -> dict:
        self.remember(view)
        by_type = {}
        for action in legal_actions:
            by_type.setdefault(action["type"], []).append(action)
        # A Soulmate is worth +3, a Deathmate costs 3 and the couple's 2 cards: draw only when
        # 3p - 5(1 - p) > 0.
        worth_a_mate = self.soulmate_chance(view) > 5 / 8
        for kind in ("attempt_cancel", "couple", "draw_change"):
            if kind in by_type:
                return by_type[kind][0]
        if "skip_mate" in by_type:
            return by_type["draw_mate" if worth_a_mate else "skip_mate"][0]
        if "replace" in by_type:
            return self._replace(view, by_type["replace"])
        if "open" in by_type:
            if "draw_mate" in by_type and worth_a_mate:
                return by_type["draw_mate"][0]
            return self._open(view, by_type["open"])
        return legal_actions[0]

    def _open(self, view: dict, opens: list) -> dict:
        known, unknown = self.tops(view)
        action_at = {tuple(a["stack"]): a for a in opens}
        if view["pc1"] is None:
            by_card = {}
            for where, card in known.items():
                by_card.setdefault(card, []).append(where)
            for card, places in by_card.items():
                partner = PARTNER[card]
                others = [w for w in by_card.get(partner, []) if w not in places[:1]]
                if partner is not None and others:
                    return action_at[places[0]]
            if unknown:
                return action_at[self.rng.choice(unknown)]
            return self.rng.choice(opens)
        first = (view["pc1"]["row"], view["pc1"]["col"])
        partner = PARTNER[view["pc1"]["card"]]
        for where, card in known.items():
            if card == partner and where != first and where in action_at:
                return action_at[where]
        fresh = [w for w in unknown if w in action_at]
        return action_at[self.rng.choice(fresh)] if fresh else self.rng.choice(opens)

    @staticmethod
    def _replace(view: dict, replaces: list) -> dict:
        faces = {"pc1": view["pc1"]["card"], "pc2": view["pc2"]["card"]}
        for action in replaces:
            other = faces["pc2" if action["target"] == "pc1" else "pc1"]
            if is_match(action["with"], other):
                return action
        return replaces[0]


def _forgetful(rng: SeededRng) -> MemoryBot:
    return MemoryBot(rng, memory_turns=3)


MatchMaker.BOTS = {"basic": MemoryBot, "easy": _forgetful, "random": RandomBot}
