"""The Match-Maker's positions: ``setup_position`` reads one (a scenario's ``position``),
``position`` writes the current one, so ``engine.from_scenario(game.to_scenario())`` is the
same game, even in the middle of a turn.

A position (card codes as in words.py; ``grid`` rows as the grid_stacks option lays them out,
each location a stack listed bottom..top, ``[]`` for a used-up location)::

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
     "to_move": 0,                # optional: whose turn it is, default left of the dealer
     "round": 1, "turn": 0}       # optional: the round, and the turns played before this one

Every card of the configured deck must be placed exactly once: the person cards of
``person_mix`` (62 with the default grid) and ``decks`` × the chance cards of ``chance_mix``.
A stack may be no deeper than its row's depth (MX-A1); the Couples piles hold person cards in
pairs plus mate markers, the Exes piles person cards only; mate cards are never on the Change
Chance pile nor change cards on the Mate pile. A position at the start of a turn in which no
match is possible ends the game at once (MX-A13).

Optional keys for what players remember and for a turn in progress (``position()`` writes
them all):

- ``seen``: grid-shaped, per location the turn its top card was last shown (MX-A3), or null;
- ``mate_pile_seen``, ``change_pile_seen``: how many cards at the bottom of that pile everyone
  saw before they went back under (a set-aside mate card, a failed cancellation);
- ``stall``: turns in a row without a collection; ``events``: ``[{"event", "seat", "turn"}]``;
- ``stage`` (default "start"): "second" (one card open), "match", "mate" (a Couple taken,
  mate cards may be drawn), "mismatch", "cancel" (the seats in ``offers`` are offered a
  cancellation of ``change_card``, the first deciding now), "replace" (``change_card`` is an
  Orientation or Sex Change already on the Discard pile), or "over" (with ``end_reason``);
- ``opened``: the ``[row, col]`` of the first and second card, face up;
- ``mate_drawn``: the mate cards face up this turn, ``predrawn`` of them before opening and
  ``postdrawn`` after the Couple.
"""

from ...errors import IllegalAction
from ...game import is_seat_number
from ...position import PositionReader, card_list, check_every_card_once
from ...shape import SEAT, Card, Cards, Int, List, Nullable, PerSeat, Position, Record, Text
from .rules import (
    CHANGE_CARDS,
    CHANGE_TO_PERSON,
    END_REASONS,
    MATE_CARDS,
    OC,
    SC,
    Layout,
    end_reason,
    is_match,
    postdraw_refusal,
)
from .words import CHANCES, EVENT_TITLES, PERSONS, a_card, short_name

KEYS = ("grid", "seen", "change_to_person", "mate_pile", "mate_pile_seen", "change_pile",
        "change_pile_seen", "discard", "couples", "exes", "dealer", "to_move", "round", "turn",
        "stall", "events", "stage", "opened", "mate_drawn", "predrawn", "postdrawn",
        "change_card", "offers", "end_reason")
STAGES = ("start", "second", "match", "mate", "mismatch", "cancel", "replace", "over")
OPENED = {"start": 0, "second": 1, "over": 0}  # cards open at each stage; 2 at the others
MOST = 1_000_000  # a bound for counters: no real game comes near it


def _shape():
    card, cards, count = Card(any_card), Cards(any_card), Int(0, MOST)
    return Position({
        "grid": List(List(cards, most=20), most=20),
        "seen": List(List(Nullable(Int(1, MOST)), most=20), most=20),
        "change_to_person": cards, "mate_pile": cards, "mate_pile_seen": count,
        "change_pile": cards, "change_pile_seen": count, "discard": cards,
        "couples": PerSeat(cards), "exes": PerSeat(cards), "dealer": SEAT, "to_move": SEAT,
        "round": Int(1, MOST), "turn": count, "stall": count,
        "events": List(Record({"event": Text(sorted(EVENT_TITLES)), "seat": SEAT,
                               "turn": Int(1, MOST)}, required=("event", "seat", "turn")),
                       most=100),
        "stage": Text(STAGES), "opened": List(List(Int(0, 20), length=2), most=2),
        "mate_drawn": cards, "predrawn": count, "postdrawn": count, "change_card": card,
        "offers": List(SEAT, most=8), "end_reason": Text(END_REASONS),
    })


def any_card(value) -> str:
    if not isinstance(value, str) or value not in PERSONS + CHANCES:
        raise ValueError(value)
    return value


SHAPE = _shape()  # the type of every field (engine.shape), checked before setup_position


def _only(cards: list, allowed: tuple, where: str, what: str) -> list:
    for code in cards:
        if code not in allowed:
            raise IllegalAction(f"{where} holds {what} only, not {a_card(code)}.")
    return cards


def by_rows(layout: Layout, values: list) -> list:
    """The grid's cells, in the layout's rows (a position's and a search world's shape)."""
    rows, start = [], 0
    for _, cols in layout.row_shapes:
        rows.append(values[start:start + cols])
        start += cols
    return rows


def _grid_cells(reader: PositionReader, layout: Layout, key: str, default) -> list:
    """The grid-shaped value ``key`` as one item per location, row-major."""
    value = reader.raw(key, default)
    shapes = layout.row_shapes
    if not isinstance(value, list) or len(value) != len(shapes):
        raise IllegalAction(f"{key!r} needs {len(shapes)} rows of stacks.")
    cells = []
    for r, (row, (_, cols)) in enumerate(zip(value, shapes, strict=True)):
        if not isinstance(row, list) or len(row) != cols:
            raise IllegalAction(f"{key!r} row {r + 1} needs {cols} stacks.")
        cells += row
    return cells


def _read_grid(reader: PositionReader, layout: Layout) -> list:
    stacks = []
    for loc, value in enumerate(_grid_cells(reader, layout, "grid", None)):
        row, col = layout.locations[loc]
        where = f"the stack at row {row}, column {col}"
        stack = _only(card_list(value, any_card, where), PERSONS, "The" + where[3:],
                      "person cards")
        if len(stack) > layout.depths[loc]:
            raise IllegalAction(f"The{where[3:]} holds {len(stack)} cards; row {row} starts with"
                                f" {layout.depths[loc]}.")
        stacks.append(stack)
    return stacks


def _read_collections(game, reader: PositionReader) -> tuple:
    couples = reader.per_seat("couples", any_card, default=[[] for _ in range(game.players)])
    exes = reader.per_seat("exes", any_card, default=[[] for _ in range(game.players)])
    for seat in range(game.players):
        _only(couples[seat], PERSONS + MATE_CARDS, f"The Couples pile of seat {seat + 1}",
              "person cards and Soulmate/Deathmate markers")
        _only(exes[seat], PERSONS, f"The Exes pile of seat {seat + 1}", "person cards")
        if sum(1 for code in couples[seat] if code in PERSONS) % 2:
            raise IllegalAction(f"The Couples pile of seat {seat + 1} holds an odd number of"
                                " person cards; couples come in pairs.")
    return couples, exes


def _read_seats(game, reader: PositionReader) -> tuple:
    to_move, dealer = reader.seat("to_move", default=None), reader.seat("dealer", default=None)
    if to_move is None:
        dealer = 0 if dealer is None else dealer
        to_move = (dealer + 1) % game.players
    elif dealer is None:
        dealer = (to_move - 1) % game.players
    return to_move, dealer


def _read_events(game, reader: PositionReader, turn: int) -> list:
    events = reader.raw("events", [])
    if not isinstance(events, list) or len(events) > 100:
        raise IllegalAction("'events' is a list of {\"event\", \"seat\", \"turn\"}.")
    for item in events:
        if not isinstance(item, dict) or set(item) != {"event", "seat", "turn"} \
                or item["event"] not in EVENT_TITLES \
                or not is_seat_number(item["seat"], game.players) \
                or type(item["turn"]) is not int or not 1 <= item["turn"] <= turn:
            raise IllegalAction("Each of 'events' is {\"event\": one of "
                                + ", ".join(EVENT_TITLES) + ", \"seat\", \"turn\": 1 to "
                                + str(turn) + "}.")
    return [dict(item) for item in events]


def _read_opened(reader: PositionReader, layout: Layout, stacks: list, stage: str) -> list:
    value = reader.raw("opened", [])
    need = OPENED.get(stage, 2)
    if not isinstance(value, list) or len(value) != need:
        raise IllegalAction(f"At the stage {stage!r} 'opened' lists {need} grid locations"
                            " ([row, column] of the first and second card).")
    opened = []
    for cell in value:
        loc = layout.index.get(tuple(cell)) if isinstance(cell, list) and len(cell) == 2 \
            and all(type(x) is int for x in cell) else None
        if loc is None or not stacks[loc] or loc in opened:
            raise IllegalAction(f"'opened' names {cell!r}: the first and second card lie on"
                                " two different stacks of the grid that hold cards.")
        opened.append(loc)
    return opened


def _read_turn(game, reader: PositionReader, stacks: list, discard: list) -> dict:
    """The turn in progress; refuses what the rules could not have led to."""
    decks = game.options["decks"]
    stage = reader.choice("stage", STAGES, default="start")
    turn = {"stage": stage, "opened": _read_opened(reader, game.layout, stacks, stage)}
    mate_drawn = reader.cards("mate_drawn", any_card, default=[])
    turn["mate_drawn"] = _only(mate_drawn, MATE_CARDS, "'mate_drawn'", "mate cards")
    turn["predrawn"] = reader.integer("predrawn", 0, decks, default=len(mate_drawn))
    turn["postdrawn"] = reader.integer("postdrawn", 0, decks, default=0)
    if len(mate_drawn) != turn["predrawn"] + turn["postdrawn"] or \
            (turn["postdrawn"] and stage != "mate") or (mate_drawn and stage == "over"):
        raise IllegalAction("'mate_drawn' holds the mate cards drawn this turn: 'predrawn'"
                            " before opening and 'postdrawn' after a Couple.")
    change = reader.raw("change_card")
    if change is not None:
        where = {"cancel": CHANGE_CARDS, "replace": (OC, SC), "match": (OC, SC),
                 "mate": (OC, SC)}.get(stage, ())
        if change not in where or (stage == "cancel" and change != OC and decks == 1):
            raise IllegalAction(f"At the stage {stage!r} there is no change card like that in"
                                " play.")
        if stage != "cancel" and change not in discard:
            raise IllegalAction("A change card that was used lies on the Discard pile"
                                ".")
    elif stage in ("cancel", "replace"):
        raise IllegalAction(f"At the stage {stage!r} 'change_card' names the card drawn.")
    turn["change_card"] = change
    offers = reader.raw("offers", [])
    clockwise = [[(game.turn_player + step) % game.players for step in range(first, game.players)]
                 for first in range(1, game.players)]
    if (stage == "cancel") != bool(offers) or (offers and offers not in clockwise):
        raise IllegalAction("'offers' lists the seats still to be offered a cancellation, in"
                            " clockwise order after the turn player, only at the stage"
                            " 'cancel'.")
    turn["offers"] = list(offers)
    return turn


def _check_stage(game) -> None:
    """The stage agrees with the cards: a match, a mismatch, what may be drawn."""
    stage = game.stage
    faces = game.faces()
    if len(faces) == 2 and is_match(*faces) != (stage in ("match", "mate")):
        word = "match" if stage in ("match", "mate") else "do not match"
        raise IllegalAction(f"At the stage {stage!r} the first and second card {word}: "
                            f"{short_name(faces[0])} and {short_name(faces[1])}.")
    if stage == "match" and game.predrawn and game.options["predraw_commits"]:
        raise IllegalAction("A pre-drawn mate card commits the player to the Couple: there is"
                            " no choice to make.")
    if stage == "mate" and postdraw_refusal(game) is not None:
        raise IllegalAction("No mate card can be drawn for this Couple: " +
                            postdraw_refusal(game).reason)
    if stage in ("mismatch", "cancel") and not game.change_pile:
        raise IllegalAction(f"At the stage {stage!r} the Change Chance pile holds cards"
                            ".")
    if stage == "replace" and not game.actions_for(game.turn_player):
        raise IllegalAction("Neither card has a valid replacement in the Change-To-Person"
                            " pile, so the change card would be spent.")


def setup_position(game, position: dict) -> None:
    """Build ``position`` (see the module docstring); refuse, with the reason, one the rules
    could not reach."""
    game.layout = layout = Layout(game.options)
    reader = PositionReader(game, position, KEYS)
    stacks = _read_grid(reader, layout)
    change_to_person = _only(reader.cards("change_to_person", any_card, default=[]), PERSONS,
                             "The Change-To-Person pile", "person cards")
    if len(change_to_person) > CHANGE_TO_PERSON:
        raise IllegalAction("The Change-To-Person pile starts with 7 cards and only shrinks"
                            ".")
    mate_pile = _only(reader.cards("mate_pile", any_card, default=[]), MATE_CARDS,
                      "The Mate Chance pile ('mate_pile')", "Soulmate and Deathmate cards")
    change_pile = _only(reader.cards("change_pile", any_card, default=[]), CHANGE_CARDS,
                        "The Change Chance pile ('change_pile')",
                        "Orientation Change, Sex Change and Time cards")
    discard = reader.cards("discard", any_card, default=[])
    couples, exes = _read_collections(game, reader)
    game.turn_player, game.dealer = _read_seats(game, reader)
    game.round_number = reader.integer("round", 1, MOST, default=1)
    game.turn_number = reader.integer("turn", 0, MOST, default=0) + 1
    game.stall = reader.integer("stall", 0, MOST, default=0)
    game.stacks, game.change_to_person, game.discard = stacks, change_to_person, discard
    game.mate_pile, game.change_pile, game.couples, game.exes = mate_pile, change_pile, \
        couples, exes
    game.mate_known = reader.integer("mate_pile_seen", 0, len(mate_pile), default=0)
    game.change_known = reader.integer("change_pile_seen", 0, len(change_pile), default=0)
    game.events = _read_events(game, reader, game.turn_number)
    game.finished, game.end_reason, game.collected = False, None, False
    for key, value in _read_turn(game, reader, stacks, discard).items():
        setattr(game, key, value)
    placed = [c for stack in stacks for c in stack] + change_to_person + mate_pile
    placed += change_pile + discard + [c for pile in couples + exes for c in pile]
    placed += game.mate_drawn + ([game.change_card] if game.stage == "cancel" else [])
    check_every_card_once(placed, layout.deck(), name=short_name)
    game.seen = _read_seen(game, reader)
    _check_stage(game)
    game.say("scenario")
    end = reader.raw("end_reason")
    if (game.stage == "over") != (end is not None) or end not in END_REASONS + (None,):
        raise IllegalAction("A game that is over says why: 'end_reason' is one of "
                            + ", ".join(END_REASONS) + ", with the stage 'over'.")
    if end is None and game.stage == "start":
        end = end_reason(game.stacks, game.change_pile, game.change_to_person,
                         game.options["sex_change_rule"])
    if end is not None:
        game.finish(end)


def _read_seen(game, reader: PositionReader) -> list:
    seen = [None] * len(game.stacks)
    if reader.has("seen"):
        seen = _grid_cells(reader, game.layout, "seen", None)
    for loc, turn in enumerate(seen):
        if turn is not None and (type(turn) is not int or not 1 <= turn <= game.turn_number
                                 or not game.stacks[loc]):
            raise IllegalAction(f"'seen' gives, for each stack that holds cards, the turn"
                                f" (1 to {game.turn_number}) its top card was last shown,"
                                " or null.")
    for loc in game.opened:
        seen[loc] = game.turn_number  # the cards open now are being shown
    return list(seen)


def position(game) -> dict:
    """The current position, as ``setup_position`` reads it."""
    layout = game.layout
    return {
        "grid": by_rows(layout, [list(stack) for stack in game.stacks]),
        "seen": by_rows(layout, list(game.seen)),
        "change_to_person": list(game.change_to_person),
        "mate_pile": list(game.mate_pile), "mate_pile_seen": game.mate_known,
        "change_pile": list(game.change_pile), "change_pile_seen": game.change_known,
        "discard": list(game.discard),
        "couples": [list(pile) for pile in game.couples],
        "exes": [list(pile) for pile in game.exes],
        "dealer": game.dealer, "to_move": game.turn_player,
        "round": game.round_number, "turn": game.turn_number - 1, "stall": game.stall,
        "events": [dict(event) for event in game.events],
        "stage": game.stage,
        "opened": [list(layout.locations[loc]) for loc in game.opened],
        "mate_drawn": list(game.mate_drawn), "predrawn": game.predrawn,
        "postdrawn": game.postdrawn, "change_card": game.change_card,
        "offers": list(game.offers), "end_reason": game.end_reason,
    }
