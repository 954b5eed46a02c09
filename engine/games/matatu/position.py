"""A Matatu position: read from a scenario (``setup_position``) and written out (``position``).

A position (card codes as in DESIGN.md)::

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
     "dry_turns": 0,                # turns in a row with nothing played or taken (MT-A9)
     "round": 1, "scores": [0, 0],  # optional, for a session (MT-A16)
     "results": []}                 # optional: the earlier rounds of the session

Every card of the deck (52, or 54 with the jokers option) must appear exactly once across
hands, pile and stock; with the base card taken out of play (option base_card_mode) the base
card is the one card missing. A position the rules could not reach is refused with a reason.
``position(game)`` writes these fields back, so ``from_scenario(game.to_scenario())`` is the
same game.
"""

from ...errors import IllegalAction
from ...game import copy_json, is_seat_number
from ...position import PositionReader, card_list, check_every_card_once
from ...shape import BOOL, SEAT, Card, Cards, Int, List, Nullable, PerSeat, Position, Record, Text
from .rules import (
    CHOPPER,
    JOKERS,
    MASTER_ACE,
    RANK,
    SUITS,
    can_take_card,
    card_code,
    card_text,
    points,
    standard_deck,
)

KEYS = ("hands", "pile", "stock", "base_card", "dealer", "to_move", "stage", "drawn",
        "requested_suit", "penalty", "open_pile", "dry_turns", "round", "scores", "results")
RESULT_KEYS = ("round", "reason", "dealer", "hands", "totals", "winners", "cutter",
               "base_card", "chopper")
REASONS = ("empty_hand", "cut", "stock_exhausted")

CARD = Card(card_code)
HAND = Cards(card_code)
# The type of every field (engine.shape), checked before setup_position reads it.
SHAPE = Position({
    "hands": PerSeat(HAND), "pile": HAND, "stock": HAND, "base_card": CARD,
    "dealer": SEAT, "to_move": SEAT, "stage": Text(["start", "after_draw", "name_suit"]),
    "drawn": CARD, "requested_suit": Text(SUITS),
    "penalty": Record({"kind": Text(["two", "joker"]), "count": Int(1, 10),
                       "owed_by": SEAT}, required=("kind",)),
    "open_pile": BOOL, "dry_turns": Int(0, None), "round": Int(1, None),
    "scores": PerSeat(Int(0, 1_000_000)),
    "results": List(Record({
        "round": Int(1, None), "reason": Text(REASONS), "dealer": SEAT,
        "hands": PerSeat(HAND), "totals": PerSeat(Int(0, None)),
        "winners": List(SEAT, least=1, most=8), "cutter": Nullable(SEAT),
        "base_card": CARD, "chopper": CARD}, required=(
            "round", "reason", "dealer", "hands", "totals", "winners", "base_card",
            "chopper"))),
})


def position(game) -> dict:
    penalty = game.penalty
    written = {
        "hands": copy_json(game.hands), "pile": list(game.pile), "stock": list(game.stock),
        "base_card": game.base_card, "dealer": game.dealer, "to_move": game.turn,
        "stage": game.stage if game.stage in ("after_draw", "name_suit") else "start",
        "drawn": game.drawn, "requested_suit": game.requested_suit,
        "penalty": None if penalty is None else {"kind": penalty["kind"],
                                                 "count": penalty["count"]},
        "open_pile": game.open_pile, "dry_turns": game.dry_turns,
        "round": game.round_number, "scores": list(game.scores),
    }
    if game.round_results:
        written["results"] = copy_json(game.round_results)
    return written


def setup_position(game, position: dict) -> None:
    reader = PositionReader(game, position, KEYS)
    n = game.players
    game.base_card = _one_card(reader, "base_card")
    if game.base_card in JOKERS:
        raise IllegalAction("A Joker can never be the base card.", "jokers.10")
    game.out_of_play = ([game.base_card]
                        if game.options["base_card_mode"] == "physical_removed" else [])
    game.hands = reader.per_seat("hands", card_code)
    for seat, hand in enumerate(game.hands):
        if not hand:
            raise IllegalAction(f"Seat {seat + 1} has no cards; an empty hand would already have"
                                " ended the round.", "basics.18")
    game.pile = reader.cards("pile", card_code, at_least=1)
    game.stock = reader.cards("stock", card_code, default=[])
    placed = [code for hand in game.hands for code in hand] + game.pile + game.stock
    check_every_card_once(placed + game.out_of_play,
                          standard_deck(jokers=game.options["jokers"]), name=card_text)

    to_move = reader.seat("to_move", default=None)
    dealer = reader.seat("dealer", default=None)
    if to_move is None:
        dealer = 0 if dealer is None else dealer
        to_move = (dealer + 1) % n
    elif dealer is None:
        dealer = (to_move - 1) % n
    game.dealer = dealer
    _read_pile_state(game, reader, to_move)

    sessions = game.options["session_rounds"]
    game.round_number = reader.integer("round", 1, sessions, default=1)
    game.scores = reader.per_seat_numbers("scores", 0, 1_000_000, default=[0] * n)
    game.round_results = _read_results(game, reader)
    game.dry_turns = reader.integer("dry_turns", 0, n - 1, default=0)
    if game.dry_turns and (game.stage != "start" or can_take_card(game)):
        raise IllegalAction("\"dry_turns\" counts passes with nothing to take: it needs an empty"
                            " stock the pile cannot refill, at the start of a turn.",
                            "MT-A9")
    game.finished = False
    game.say("position", round=game.round_number, base_card=game.base_card,
             chopper=game.chopper)


def _one_card(reader, key) -> str:
    if not reader.has(key):
        raise IllegalAction(f"The position needs {key!r}.")
    return card_list([reader.raw(key)], card_code, repr(key))[0]


def _read_pile_state(game, reader, to_move: int) -> None:
    """The turn: stage, drawn card, requested suit, open pile and penalty, as the top card of
    the pile allows them."""
    top = game.pile[-1]
    requested = reader.choice("requested_suit", [None, *SUITS], default=None)
    if requested is not None and RANK[top] not in ("A", "JOKER"):
        raise IllegalAction("Only an Ace or a Joker on top of the pile can request a suit"
                            ".", "MT-A6")
    open_pile = reader.boolean("open_pile", default=False)
    if open_pile and (top != MASTER_ACE or requested is not None):
        raise IllegalAction("The pile is open only straight after the Ace of Spades cancelled a"
                            " penalty, so its top card is A♠ and no suit is requested.",
                            "MT-A10")
    stage = reader.choice("stage", ["start", "after_draw", "name_suit"], default="start")
    penalty = _read_penalty(game, reader.raw("penalty"), top, to_move, stage)
    if stage == "name_suit":
        if RANK[top] not in ("A", "JOKER") or requested is not None or open_pile:
            raise IllegalAction("Stage \"name_suit\" needs the Ace or Joker just played on top"
                                " of the pile, with no suit named yet.", "MT-A6")
        if (top in JOKERS) != (penalty is not None):
            raise IllegalAction("A Joker waiting for its suit needs its pick-five penalty, and"
                                " an Ace none.", "MT-A14")
    elif top in JOKERS and requested is None and not open_pile:
        raise IllegalAction("A Joker on top of the pile needs the suit it requested"
                            " (\"requested_suit\", MT-A14).", "MT-A14")
    if penalty is not None and (open_pile or stage == "after_draw"):
        raise IllegalAction("A penalty is answered at the start of a turn, on a pile that is not"
                            " open.", "MT-A5")
    drawn = reader.raw("drawn")
    if (stage == "after_draw") != (drawn is not None) or (
            drawn is not None and drawn not in game.hands[to_move]):
        raise IllegalAction("Stage \"after_draw\" needs \"drawn\": the card to_move drew, which"
                            " is in their hand (and no other stage has one).", "MT-A5")
    game.requested_suit, game.open_pile, game.penalty = requested, open_pile, penalty
    game.turn, game.drawn = to_move, drawn
    owes = penalty is not None and penalty["owed_by"] == to_move
    game.stage = "penalty" if owes else stage


def _read_penalty(game, penalty, top: str, to_move: int, stage: str):
    if penalty is None:
        return None
    if not isinstance(penalty, dict) or penalty.get("kind") not in ("two", "joker"):
        raise IllegalAction("\"penalty\" is null or {\"kind\": \"two\"|\"joker\","
                            " \"count\": 2|5|10}.")
    kind = penalty["kind"]
    count = penalty.get("count", 2 if kind == "two" else 5)
    if kind == "two" and (count != 2 or RANK[top] != "2"):
        raise IllegalAction("A pick-two needs a 2 on top of the pile and is always two cards"
                            ".", "basics.6")
    if kind == "joker" and (count not in (5, 10) or top not in JOKERS):
        raise IllegalAction("A pick-five needs a Joker on top of the pile and is five or ten"
                            " cards.", "MT-A14")
    owed_by = (to_move + 1) % game.players if stage == "name_suit" else to_move
    if penalty.get("owed_by", owed_by) != owed_by:
        raise IllegalAction("The penalty is owed by the player to move (or, while the Joker's"
                            " suit is being named, by the next player).")
    return {"kind": kind, "count": count, "owed_by": owed_by}


def _read_results(game, reader) -> list:
    """The earlier rounds of a session (MT-A16): each as ``result()["rounds"]`` lists it, and
    the scores their totals. Without them, ``scores`` may be any running totals."""
    results = reader.raw("results", [])
    if not isinstance(results, list) or len(results) not in (0, game.round_number - 1):
        raise IllegalAction("\"results\" lists every earlier round of the session, or none.")
    checked = [_read_result(game, number, item) for number, item in enumerate(results, 1)]
    sums = [sum(item["totals"][seat] for item in checked) for seat in range(game.players)]
    if checked and sums != game.scores:
        raise IllegalAction("\"scores\" must be the totals of the rounds in \"results\".")
    return checked


def _read_result(game, number: int, item) -> dict:
    where = f"round {number} of \"results\""
    if not isinstance(item, dict) or set(item) != set(RESULT_KEYS):
        raise IllegalAction(f"{where} needs exactly {', '.join(RESULT_KEYS)}.")
    hands = item["hands"]
    if not isinstance(hands, list) or len(hands) != game.players:
        raise IllegalAction(f"{where}: \"hands\" needs one list of cards per seat.")
    hands = [card_list(hand, card_code, where) for hand in hands]
    base = card_list([item["base_card"]], card_code, where)[0]
    totals = [points(hand) for hand in hands]
    winners = [seat for seat, total in enumerate(totals) if total == min(totals)]
    cutter = item["cutter"]
    cut = item["reason"] == "cut"
    if (item["round"] != number or isinstance(item["round"], bool)
            or item["reason"] not in REASONS or not is_seat_number(item["dealer"], game.players)
            or item["totals"] != totals or item["winners"] != winners or base in JOKERS
            or item["chopper"] != CHOPPER[base]
            or (not is_seat_number(cutter, game.players) if cut else cutter is not None)):
        raise IllegalAction(f"{where} does not add up: its number, reason, dealer, totals,"
                            " winners, cutter or chopper is not what that round would give.")
    return {"round": number, "reason": item["reason"], "dealer": item["dealer"],
            "hands": hands, "totals": totals, "winners": winners, "cutter": cutter,
            "base_card": base, "chopper": CHOPPER[base]}
