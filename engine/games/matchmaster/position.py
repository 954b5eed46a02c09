"""Matchmaster positions: ``setup_position`` builds one from a scenario, ``position`` writes
the current one back, so ``engine.from_scenario(game.to_scenario())`` is the same game.

A position is the middle of a round (``null`` or omitted keys take the default after "="):

    {
      "round": 5,                     # = 1; 1..13, sets the hand size (7,6,5,4,3,2,1,2,...)
      "dealer": 0,                    # = 0; this round's dealer; later rounds pass clockwise
      "hands": [["DO9", "LB4", "LB11"], ["DO12", "DB7"], ...],   # every seat's hand now
      "bids": [1, 0, 2, 1],           # = all null; null = has not bid yet
      "tricks_won": [1, 0, 0, 0],     # = all 0; tricks finished this round
      "played": ["LO3", "LO9", ...],  # the finished tricks' cards in play order; = drawn from
                                      #   the unseen cards with the scenario's seed
      "leader": 1,                    # who leads the current trick; = the first seat of
                                      #   "trick", else left of the dealer
      "trick": [{"seat": 1, "card": "LB2"}],   # = []; the unfinished trick, in play order
      "last_trick": {"winner": 1, "cards": [{"seat": 0, "card": "LO3"}, ...]},
                                      # = null; this round's last finished trick: the end of
                                      #   "played", won by the leader
      "scores": [13, -2, 10, 0],      # = all 0; the totals before the sheet's first row
      "sheet": [{"round": 4, "cards": 4, "dealer": 3, "bids": [...], "tricks": [...],
                 "points": [...]}]    # = []; rounds scored in this game, up to the one before
    }

Example, 4 players, round 5 (3 cards), seat 1 has led the light blue 2 and seat 2 must
follow light blue:

    {"round": 5, "dealer": 0, "bids": [1, 0, 2, 1], "leader": 1,
     "hands": [["DO9", "LB4", "LO11"], ["DO12", "DB7"], ["LB9", "LB13", "DB1"],
               ["DO3", "LO1", "DB2"]],
     "trick": [{"seat": 1, "card": "LB2"}]}

Every card is in at most one place; the cards nobody holds and nobody played are the undealt
stock. Hand sizes must fit the round, the finished tricks and the current trick, and every
card in the current trick must have been a legal play.
"""

from ...errors import IllegalAction
from ...game import is_seat_number
from ...position import PositionReader, check_every_card_once
from ...shape import SEAT, Card, Cards, Int, List, Nullable, PerSeat, Position, Record
from .rules import (
    DECK,
    HAND_SIZES,
    MATCHES_PER_PLAYER,
    ROUNDS,
    Duty,
    card_refusal,
    parse_card,
    score_hand,
    sort_hand,
    trick_winner,
)
from .words import card_name

KEYS = ("round", "dealer", "hands", "bids", "tricks_won", "played", "leader", "trick",
        "last_trick", "scores", "sheet")
SHEET_KEYS = {"round", "cards", "dealer", "bids", "tricks", "points"}
MOST_POINTS = 10 ** 6


def _shape():
    cards = Cards(parse_card)
    play = Record({"seat": SEAT, "card": Card(parse_card)}, required=("seat", "card"))
    count = Int(0, MOST_POINTS)
    return Position({
        "round": Int(1, ROUNDS), "dealer": SEAT, "hands": PerSeat(cards),
        "bids": PerSeat(Nullable(count)), "tricks_won": PerSeat(count), "played": cards,
        "leader": SEAT, "trick": List(play, most=8),
        "last_trick": Record({"winner": SEAT, "cards": List(play, most=8)},
                             required=("winner", "cards")),
        "scores": PerSeat(Int(-MOST_POINTS, MOST_POINTS)),
        "sheet": List(Record({"round": Int(1, ROUNDS), "cards": Int(1, 7), "dealer": SEAT,
                              "bids": PerSeat(count), "tricks": PerSeat(count),
                              "points": PerSeat(Int(-MOST_POINTS, MOST_POINTS))},
                             required=("round", "cards", "dealer", "bids", "tricks",
                                       "points")), most=ROUNDS),
    })


SHAPE = _shape()  # the type of every field (engine.shape), checked before setup_position


def _refuse(reason: str):
    raise IllegalAction(reason)


def setup_position(game, position: dict) -> None:
    """Build ``position`` (the format is in this module's docstring) into ``game``."""
    reader = PositionReader(game, position, KEYS)
    players = game.players
    round_number = reader.integer("round", 1, ROUNDS, default=1)
    dealer = reader.seat("dealer", default=0)
    game.round = round_number
    game.first_dealer = (dealer - (round_number - 1)) % players
    n = game.cards_this_round

    hands = reader.per_seat("hands", parse_card)
    bids = _bids(reader, game)
    tricks_won = reader.per_seat_numbers("tricks_won", 0, n, default=[0] * players)
    scores = reader.per_seat_numbers("scores", -MOST_POINTS, MOST_POINTS, default=[0] * players)
    trick = _plays(reader.raw("trick", []), players, "\"trick\"")
    played = reader.cards("played", parse_card) if reader.has("played") else None
    placed = [card for hand in hands for card in hand] + [card for _, card in trick]
    placed += played or []
    seen = set(placed)
    check_every_card_once(placed + [card for card in DECK if card not in seen], DECK,
                          name=card_name)

    finished = sum(tricks_won)
    _check_bids(game, bids, dealer, finished, trick)
    leader = _leader(reader, trick, dealer, finished, players)
    _check_hands(game, hands, trick, leader, finished)

    if played is None:
        unseen = [card for card in DECK if card not in seen]
        game.rng.shuffle(unseen)
        played = unseen[:finished * players]
    elif len(played) != finished * players:
        _refuse(f"\"played\" holds the {finished * players} cards of the finished tricks.")

    game.hands = [sort_hand(hand) for hand in hands]
    game.played = list(played)
    game.stock = sort_hand(card for card in DECK if card not in seen and card not in played)
    game.trick = [[seat, card] for seat, card in trick]
    game.bids = bids
    game.tricks_won = tricks_won
    game.leader = leader
    game.stage = "bid" if None in bids else "play"
    game.carried = scores
    game.last_trick = _last_trick(reader, game, finished)
    game.score_rows = _sheet(reader, game)
    game.say("position", dealer, round=round_number, cards=n)


def position(game) -> dict:
    """The current position, as ``setup_position`` reads it."""
    if game.over:
        raise IllegalAction("The game is over: there is no position left to set up.")
    last = game.last_trick
    return {
        "round": game.round, "dealer": game.dealer,
        "hands": [list(hand) for hand in game.hands],
        "bids": list(game.bids), "tricks_won": list(game.tricks_won),
        "played": list(game.played), "leader": game.leader,
        "trick": [{"seat": seat, "card": card} for seat, card in game.trick],
        "last_trick": None if last is None else {
            "winner": game.leader, "cards": [{"seat": s, "card": c} for s, c in last]},
        "scores": list(game.carried),
        "sheet": [{key: list(value) if isinstance(value, list) else value
                   for key, value in row.items()} for row in game.score_rows],
    }


# ---- the parts of a position ------------------------------------------------------------------

def _bids(reader, game) -> list:
    players = game.players
    value = reader.raw("bids", [None] * players)
    if not isinstance(value, list) or len(value) != players:
        _refuse(f"\"bids\" needs one entry per seat ({players}).")
    most = game.most_bid()
    for bid in value:
        if bid is not None and (isinstance(bid, bool) or not isinstance(bid, int)
                                or not 0 <= bid <= most):
            shown = bid if isinstance(bid, (int, str)) and len(str(bid)) <= 10 else "that"
            _refuse(f"A bid is null or 0 to {most}, not {shown!r}.")
    return list(value)


def _plays(value, players: int, where: str) -> list:
    """A list of {"seat", "card"} as (seat, card) pairs."""
    if not isinstance(value, list) or len(value) > players:
        _refuse(f"{where} is a list of {{\"seat\", \"card\"}}, one per seat at most.")
    plays = []
    for play in value:
        if not isinstance(play, dict) or set(play) != {"seat", "card"} \
                or not is_seat_number(play["seat"], players):
            _refuse(f"Each play in {where} is {{\"seat\": s, \"card\": c}} with a seat from 0"
                    f" to {players - 1}.")
        try:
            plays.append((play["seat"], parse_card(play["card"])))
        except ValueError:
            card = play["card"]
            shown = repr(card) if isinstance(card, str) and len(card) <= 20 else "That"
            _refuse(f"{shown} in {where} is not a Matchmaster card.")
    return plays


def _check_bids(game, bids, dealer, finished, trick) -> None:
    n = game.cards_this_round
    if None in bids:
        if finished or trick:
            _refuse("Cards are only played once every bid is in.")
        if game.options["dealer_hook"] and bids[dealer] is not None:
            _refuse("With the dealer hook, the dealer bids last.")
    elif game.options["dealer_hook"] and sum(bids) == n:
        _refuse(f"With the dealer hook the bids may not add up to {n}.")
    if finished >= n:
        _refuse("That round is already over; start the scenario at the next round.")


def _leader(reader, trick, dealer, finished, players) -> int:
    leader = reader.seat("leader", default=None)
    if trick:
        first = trick[0][0]
        if leader is not None and leader != first:
            _refuse("The trick's first card must be the leader's.")
        leader = first
        if len(trick) >= players:
            _refuse("A trick has fewer cards than there are players; a full trick is already"
                    " won.")
        for i, (seat, _) in enumerate(trick):
            if seat != (leader + i) % players:
                _refuse("The cards of a trick are played clockwise from the leader.")
    elif leader is None:
        if finished:
            _refuse("Say who leads the next trick (\"leader\").")
        leader = (dealer + 1) % players
    if not finished and leader != (dealer + 1) % players:
        _refuse("The player left of the dealer leads the first trick (play.lead).")
    return leader


def _check_hands(game, hands, trick, leader, finished) -> None:
    """Hand sizes fit the round, and every card of the trick was a legal play."""
    n = game.cards_this_round
    in_trick = {seat for seat, _ in trick}
    for seat, hand in enumerate(hands):
        expected = n - finished - (1 if seat in in_trick else 0)
        if len(hand) != expected:
            _refuse(f"Seat {seat + 1} should hold {expected} card{'s' if expected != 1 else ''}"
                    f" in round {game.round}, not {len(hand)}.")
    for i, (seat, card) in enumerate(trick):
        duty = Duty(hands[seat] + [card], trick[:i], game.options["overtrump_reference"],
                    game.options["must_undertrump"])
        refusal = card_refusal(duty, card)
        if refusal is not None:
            _refuse(f"Seat {seat + 1} could not have played the {card_name(card)}:"
                    f" {refusal.reason}")


def _last_trick(reader, game, finished):
    value = reader.raw("last_trick")
    if value is None:
        return None
    players = game.players
    if not isinstance(value, dict) or set(value) != {"winner", "cards"}:
        _refuse("\"last_trick\" is {\"winner\": s, \"cards\": [{\"seat\", \"card\"}]}.")
    plays = _plays(value["cards"], players, "\"last_trick\"")
    if not finished or not reader.has("played"):
        _refuse("\"last_trick\" needs the finished tricks' cards in \"played\".")
    first = plays[0][0] if plays else 0
    if len(plays) != players or [card for _, card in plays] != game.played[-players:] \
            or any(seat != (first + i) % players for i, (seat, _) in enumerate(plays)):
        _refuse("\"last_trick\" is the last finished trick: one card per seat clockwise, the"
                " last cards of \"played\".")
    if value["winner"] != game.leader or trick_winner(plays) != game.leader:
        _refuse("The last trick's winner leads the next one (play.lead, MS-A4).")
    return [[seat, card] for seat, card in plays]


def _sheet(reader, game) -> list:
    """The score sheet's rows: rounds one after another, up to the one before this round."""
    value = reader.raw("sheet", [])
    players = game.players
    if not isinstance(value, list) or len(value) >= game.round:
        _refuse("\"sheet\" is a list of the rounds scored before this one.")
    rows = []
    for index, row in enumerate(value):
        number = game.round - len(value) + index
        if not isinstance(row, dict) or set(row) != SHEET_KEYS or row["round"] != number:
            _refuse(f"Each row of \"sheet\" has {', '.join(sorted(SHEET_KEYS))}, and they"
                    f" run up to round {game.round - 1}.")
        cards = HAND_SIZES[number - 1]
        lists = [row[key] for key in ("bids", "tricks", "points")]
        if row["cards"] != cards or row["dealer"] != (game.first_dealer + number - 1) % players \
                or not all(isinstance(part, list) and len(part) == players
                           and all(type(x) is int for x in part) for part in lists):
            _refuse(f"Round {number} of \"sheet\" does not fit: {cards} cards, its dealer, and"
                    " one bid, trick count and score per seat.")
        bids, tricks, points = lists
        if sum(tricks) != cards or min(tricks + bids) < 0 or max(bids) > MATCHES_PER_PLAYER \
                or points != [score_hand(b, t) for b, t in zip(bids, tricks, strict=True)]:
            _refuse(f"Round {number} of \"sheet\" does not add up: its tricks make {cards} and"
                    " each score follows from bid and tricks.")
        rows.append({"round": number, "cards": cards, "dealer": row["dealer"],
                     "bids": list(bids), "tricks": list(tricks), "points": list(points)})
    return rows
