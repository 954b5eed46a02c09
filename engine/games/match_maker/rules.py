"""The Match-Maker's cards and rules as pure functions.

The card codes (spelled once, in words.py, which the UI loads too), the deck and the grid the
options describe, what matches what and what a change card may turn a card into, when the
game ends, and one predicate per move: ``<move>_refusal(game, ...)`` returns None when the move
is allowed now and a ``Refusal`` (the rule id it enforces and the reason in the player's
words) when it is not. ``MatchMaker.actions_for`` lists the moves whose predicate says None
and ``why_illegal`` returns the predicate's Refusal, so what is allowed and why it is not come
from the same lines.

A predicate reads the game's state (``stage``, ``stacks``, ``opened``, the piles, the counters
of this turn, ``options``) and changes nothing. Nothing here imports the game class.
"""

from ...errors import Refusal
from .words import CHANCES, PERSONS, WAITING, a_card, short_name

SOULMATE, DEATHMATE = "soulmate", "deathmate"
OC, SC, TIME = "orientation-change", "sex-change", "time"
MATE_CARDS = (SOULMATE, DEATHMATE)
CHANGE_CARDS = (OC, SC, TIME)
ALL_CARDS = PERSONS + CHANCES  # every card code (tools/card_faces.py draws a face for each)

ORIENTATION = {code: code.split("-")[0] for code in PERSONS}
SEX = {code: code.split("-")[1] for code in PERSONS}
PRONOUN = {"m": "his", "f": "her"}
PC = ("pc1", "pc2")  # the replace move's targets: the first and the second card opened

# ---- the deck and the grid (MX-A1, MX-A23) ---------------------------------------------------

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

STAGES = ("start", "second", "match", "mate", "mismatch", "cancel", "replace", "over")
END_REASONS = ("no_matches", "few_stacks", "max_rounds", "time_up", "stalled")


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


class Layout:
    """The table the options describe: grid locations and depths, and the deck's counts."""

    def __init__(self, options: dict):
        rows = GRIDS[options["grid_stacks"]]
        self.rows = len(rows)
        self.cols = max(cols for _, cols in rows)
        self.row_shapes = rows
        self.locations = [(r + 1, c + 1) for r, (_, cols) in enumerate(rows) for c in range(cols)]
        self.depths = [depth for depth, cols in rows for _ in range(cols)]
        self.index = {loc: i for i, loc in enumerate(self.locations)}
        self.persons = person_counts(options["person_mix"], sum(self.depths) + CHANGE_TO_PERSON)
        per_deck = CHANCE_MIXES[options["chance_mix"]]
        self.chances = {code: n * options["decks"]
                        for code, n in zip(CHANCES, per_deck, strict=True)}

    def deck(self) -> list:
        """Every card of the game, person cards then chance cards."""
        cards = [code for code in PERSONS for _ in range(self.persons[code])]
        return cards + [code for code in CHANCES for _ in range(self.chances[code])]


# ---- what matches, and what a change card allows (MX-A2, MX-A8, MX-A9) ----------------------

# MX-A2: a match needs mutual compatibility; nobody matches a celibate.
PARTNER = {"straight-m": "straight-f", "straight-f": "straight-m", "gay-m": "gay-m",
           "gay-f": "gay-f", "celibate-m": None, "celibate-f": None}


def is_match(a: str, b: str) -> bool:
    """MX-A2: {straight man, straight woman}, {gay man, gay man}, {gay woman, gay woman}."""
    return PARTNER[a] == b


def match_text(a: str, b: str) -> str:
    """Why ``a`` and ``b`` do not match, in the player's words."""
    if PARTNER[a] is None:
        return "nobody matches " + a_card(a)
    if PARTNER[b] is None:
        return "nobody matches " + a_card(b)
    return a_card(a) + " matches only " + a_card(PARTNER[a])


def oc_targets(code: str) -> tuple:
    """MX-A8: an Orientation Change keeps the sex and changes the orientation."""
    return tuple(p for p in PERSONS if SEX[p] == SEX[code] and ORIENTATION[p] != ORIENTATION[code])


# MX-A9 (b): the sex changes and the attraction stays: straight <-> gay across the sexes
# (a gay man and a straight woman are both attracted to men), celibate stays celibate.
SC_PRESERVE = {"straight-m": ("gay-f",), "gay-f": ("straight-m",), "straight-f": ("gay-m",),
               "gay-m": ("straight-f",), "celibate-m": ("celibate-f",),
               "celibate-f": ("celibate-m",)}


def sc_targets(code: str, rule: str = "preserve_attraction") -> tuple:
    """MX-A9: what a Sex Change may turn ``code`` into (option ``sex_change_rule``)."""
    if rule == "any_opposite_sex":
        return tuple(p for p in PERSONS if SEX[p] != SEX[code])
    return SC_PRESERVE[code]


def change_targets(change: str, code: str, sc_rule: str = "preserve_attraction") -> tuple:
    return oc_targets(code) if change == OC else sc_targets(code, sc_rule)


def change_refusal(change: str, face: str, code: str, sc_rule: str):
    """MX-A8, MX-A9: None if ``change`` may turn ``face`` into ``code``, else why not."""
    if code in change_targets(change, face, sc_rule):
        return None
    head = a_card(face)
    head = head[:1].upper() + head[1:] + " cannot become " + a_card(code) + " by"
    if change == OC:
        if SEX[code] != SEX[face]:
            return Refusal("MX-A8", "{head} an Orientation Change: only {pronoun} orientation"
                           " changes, never the sex.", head=head,
                           pronoun=PRONOUN[SEX[face]])
        return Refusal("MX-A8", "{head} an Orientation Change: the orientation must change"
                       ".", head=head)
    if SEX[code] == SEX[face]:
        return Refusal("MX-A9", "{head} a Sex Change: the sex must change.",
                       head=head)
    return Refusal("MX-A9", "{head} a Sex Change: the sex changes and the attraction stays, so"
                   " {face} becomes {allowed}.", head=head, face=a_card(face),
                   allowed=a_card(SC_PRESERVE[face][0]))


# ---- the end (MX-A13) and the titles (MX-A16, MX-A17) ----------------------------------------


def end_reason(stacks: list, change_pile: list, change_to_person: list, sc_rule: str):
    """MX-A13: "few_stacks" or "no_matches" if the game is over after a turn, else None."""
    tops = [stack[-1] for stack in stacks if stack]
    if len(tops) < 2:
        return "few_stacks"
    counts = {code: 0 for code in PERSONS}
    for code in tops:
        counts[code] += 1
    if (counts["straight-m"] and counts["straight-f"]) or counts["gay-m"] >= 2 \
            or counts["gay-f"] >= 2:
        return None
    pile = set(change_to_person)
    for change in {OC, SC} & set(change_pile):
        for top in set(tops):
            for code in change_targets(change, top, sc_rule):
                partner = PARTNER[code]
                if code in pile and partner is not None and counts[partner] - (top == partner):
                    return None
    return "no_matches"


def mate_events(soulmates: int, deathmates: int, knowingly: bool) -> list:
    """MX-A17: the special events of a Couple with these mate cards."""
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
    return found


def titles(couples: list, exes: list) -> dict:
    """MX-A16: most couples, most exes (shared when tied; none at 0); Grand Master: both,
    alone."""
    def leaders(values):
        best = max(values)
        return [] if best == 0 else [s for s, v in enumerate(values) if v == best]

    match_maker, the_player = leaders(couples), leaders(exes)
    grand = match_maker[0] if len(match_maker) == 1 and match_maker == the_player else None
    return {"match_maker": match_maker, "the_player": the_player, "grand_master": grand}


# ---- the moves: one predicate each ------------------------------------------------------------


def cancel_pending(game):
    """MX-A12: while a cancellation is offered, that decision comes first."""
    if game.stage != "cancel":
        return None
    return Refusal("MX-A12", "Seat {turn_player} drew {card}: first decide whether to try to"
                   " cancel it (you open the top of the Change Chance pile) or let it stand"
                   ".", turn_player=game.turn_player + 1, card=a_card(game.change_card))


def open_refusal(game, stack):
    """turn.2, MX-A1, MX-A3: the first card from any stack, the second from another one."""
    waiting = cancel_pending(game)
    if waiting is not None:
        return waiting
    if game.stage not in ("start", "second"):
        return Refusal("turn.2", "You have already opened two cards this turn: now {waiting}"
                       ".", waiting=WAITING.get(game.stage, "wait"))
    loc = game.layout.index.get((stack[0], stack[1]))
    if loc is None:
        return Refusal("MX-A1", "There is no stack at row {row}, column {col}: the grid has"
                       " rows 1 to {rows} and columns 1 to {cols}.", row=stack[0],
                       col=stack[1], rows=game.layout.rows, cols=game.layout.cols)
    if not game.stacks[loc]:
        return Refusal("MX-A1", "The stack at row {row}, column {col} is used up: a used-up"
                       " location stays empty.", row=stack[0], col=stack[1])
    if game.stage == "second" and loc == game.opened[0]:
        return Refusal("MX-A3", "You opened your first card at row {row}, column {col}: the"
                       " second comes from another stack.", row=stack[0],
                       col=stack[1])
    return None


def postdraw_refusal(game):
    """MX-A5, MX-A17, MX-A22: may a mate card be drawn for a Couple? One a turn with one
    deck (before or after opening); with two decks two after opening."""
    if not game.mate_pile:
        return Refusal("MX-A22", "The Mate Chance pile is empty, so no Soulmate or Deathmate"
                       " can be drawn.")
    decks = game.options["decks"]
    if game.postdrawn >= decks or (decks == 1 and game.predrawn):
        return Refusal("MX-A17", "You have drawn as many mate cards as this turn allows"
                       ".")
    return None


def mate_draw_refusal(game):
    """match.4, match.8, MX-A5, MX-A6: before opening, or after taking a Couple."""
    waiting = cancel_pending(game)
    if waiting is not None:
        return waiting
    stage = game.stage
    if stage == "mate":
        return postdraw_refusal(game)
    if stage == "start":
        if not game.mate_pile:
            return Refusal("MX-A22", "The Mate Chance pile is empty, so no Soulmate or"
                           " Deathmate can be drawn.")
        decks = game.options["decks"]
        if game.predrawn >= decks:
            return Refusal("MX-A17", "With {decks} you may draw at most {most} before opening"
                           ".", decks="one deck" if decks == 1 else
                           "two decks", most="one mate card" if decks == 1 else
                           "two mate cards")
        return None
    if stage == "match":
        return Refusal("MX-A5", "First take the Couple: the Soulmate/Deathmate draw comes only"
                       " with a Couple.")
    if stage == "second":
        return Refusal("MX-A6", "A confident player draws a mate card before opening the first"
                       " card, not between the two.")
    return Refusal("MX-A5", "A Soulmate/Deathmate card is drawn only before opening or when you"
                   " take a Couple.")


def skip_mate_refusal(game):
    """MX-A5: collecting the Couple without (more) mate cards ends the optional draw."""
    waiting = cancel_pending(game)
    if waiting is not None:
        return waiting
    if game.stage == "mate":
        return None
    return Refusal("MX-A5", "There is no Soulmate/Deathmate draw to skip now: it comes only"
                   " after you take a Couple.")


def collect_refusal(game, kind: str):
    """match.1, MX-A4, MX-A6: a Couple or an Ex, on a match; a pre-drawn mate card commits
    the player to the Couple (option predraw_commits)."""
    waiting = cancel_pending(game)
    if waiting is not None:
        return waiting
    stage = game.stage
    if stage == "match":
        if kind == "ex" and game.predrawn and game.options["predraw_commits"]:
            return Refusal("MX-A6", "You drew a mate card before opening, which commits you to"
                           " the Couple now that your two cards match.")
        return None
    if stage in ("mismatch", "replace"):
        first, second = game.faces()
        return Refusal("MX-A2", "Your two cards do not match: {why}.",
                       why=match_text(first, second))
    if stage == "mate":
        return Refusal("MX-A5", "You already took the Couple: draw a mate card or collect it"
                       ".")
    return Refusal("match.1", "A Couple or an Ex is taken after opening two matching cards:"
                   " now {waiting}.", waiting=WAITING.get(stage, "wait"))


def change_draw_refusal(game, kind: str):
    """mismatch.1, MX-A7, MX-A22: on a mismatch, draw a change card or put both back."""
    waiting = cancel_pending(game)
    if waiting is not None:
        return waiting
    if game.stage != "mismatch":
        return Refusal("MX-A7", "A change card is drawn only right after your two cards"
                       " mismatch.")
    if kind == "draw_change" and not game.change_pile:
        return Refusal("MX-A22", "The Change Chance pile is empty, so there is nothing to draw"
                       ".")
    return None


def cancellation_refusal(game):
    """MX-A12: a non-turn player decides about a cancellation only when offered one."""
    if game.stage == "cancel":
        return None
    return Refusal("MX-A12", "A cancellation is tried only by a non-turn player, right after"
                   " the turn player reveals an Orientation Change, Sex Change or Time card"
                   ".")


def replace_refusal(game, target: str, code: str):
    """mismatch.4, MX-A8, MX-A9, MX-A10: after an Orientation or Sex Change, one of the two
    cards becomes a valid replacement from the Change-To-Person pile."""
    waiting = cancel_pending(game)
    if waiting is not None:
        return waiting
    if game.stage != "replace":
        return Refusal("MX-A10", "A card is replaced only after drawing an Orientation Change"
                       " or a Sex Change on a mismatch.")
    if target not in PC:
        return Refusal("MX-A10", "Say which card to replace: \"pc1\" (your first card) or"
                       " \"pc2\" (your second card).")
    if code not in ORIENTATION:
        return Refusal("MX-A10", "There is no person card called {code!r}.",
                       code=code)
    face = game.faces()[PC.index(target)]
    refusal = change_refusal(game.change_card, face, code, game.options["sex_change_rule"])
    if refusal is not None:
        return refusal
    if code not in game.change_to_person:
        return Refusal("mismatch.4", "There is no {name} in the Change-To-Person pile; only"
                       " valid replacements that are in the pile can be taken.",
                       name=short_name(code))
    return None


def move_refusal(game, action: dict):
    """The predicate for any well-formed move (the seat to move has been checked)."""
    kind = action["type"]
    if kind == "open":
        return open_refusal(game, action["stack"])
    if kind == "draw_mate":
        return mate_draw_refusal(game)
    if kind == "skip_mate":
        return skip_mate_refusal(game)
    if kind in ("couple", "ex"):
        return collect_refusal(game, kind)
    if kind in ("draw_change", "decline_change"):
        return change_draw_refusal(game, kind)
    if kind in ("attempt_cancel", "decline_cancel"):
        return cancellation_refusal(game)
    if kind == "replace":
        return replace_refusal(game, action["target"], action["with"])
    return Refusal("end.3", "Time runs out only with a time limit.")
