"""Matchmakers positions: ``setup_position`` builds one from a scenario, ``position`` writes the
current one in the same format, so ``engine.from_scenario(game.to_scenario())`` is the game.

Format (omitted keys take the default after "default"):

    {
      "round": 1,                    # 1..3
      "dealer": 0,                   # round 1's dealer; default the starter
      "starter": 0,                  # this round's starting player; default the dealer
                                     #   (round 1) or 0; left out at stage "start"
      "scores": [0, 0],              # the team totals now, default [0, 0] (or the score sheet's)
      "score_sheet": [               # the rounds already scored, default none
        {"starter": 0, "campsites": [[...], [...]], "guides": [["T4"], []]}, ...],
      "stage": "play",               # "start" (the leading team names its starter),
                                     #   "exchange", "play", "claim", "collect" or "over"
      "hands": [[...], [...], ...],  # every seat's hand (required)
      "straw": [[["R1", "B3"], [null, "G5"], [null, null], ...], [...]],
                                     # 2 players: per seat 9 stacks [down, up]; null = no card;
                                     #   [card, null] (uncovered, not yet revealed) only after a
                                     #   straw card of that seat was played in this trick
      "guides": [[], ["T4"], [], []],  # guides held per seat; the rest are in the office
      "campsites": [[...], [...]],   # per team (4 players: team 0 = seats 0 and 2)
      "exchange": [{"initiator": 0, "picked": ["R3"], "given": null, "returned": null},
                   {...}],           # 4 players: each team's exchange this round; default: as
                                     #   it opens at stage "exchange", none later
      "leader": 0,                   # who leads the current trick, default the starter
      "trick": [{"seat": 0, "card": "R8s"}, ...],   # the trick, in play order (complete at
                                     #   "claim" and "collect"; a guide in it is not also in
                                     #   "guides", unless the loser has just recruited it)
      "last_trick": {"cards": [...], "matchmaking": false, "winner": 0, "loser": 1,
                     "collected": "G4s", "claimed": null, "twins": null},
                                     # the trick before, as the table shows it ("play", "over")
      "claimed": "T4",               # at "collect": the guide the loser recruited, if any
      "discard": [...]               # default: every animal named nowhere else
    }

Every one of the 56 cards (52 animals and 4 guides) is in exactly one place: a card named
twice is refused; an animal named nowhere is in the discard pile, unless "discard" is given,
which must then name all of them; a guide named nowhere is in the office.

Example, the rulebook's loser example (loser.example) with the third card to come: seat 0 (A)
leads the red 8★, seat 1 (B) follows with the red 2★; seat 2 (C) holds no red and seat 0
holds the guide 4:

    {"starter": 0, "guides": [["T4"], [], [], []],
     "hands": [["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]],
     "trick": [{"seat": 0, "card": "R8s"}, {"seat": 1, "card": "R2s"}]}

Example, 2 players: seat 1 leads; seat 0 has two face-up straw cards (the red 7 over the blue
7 and the yellow 1 over nothing) and holds the guide 2:

    {"starter": 1, "guides": [["T2"], []],
     "hands": [["R9", "B1"], ["R3", "G1"]],
     "straw": [[["B7", "R7"], [null, "Y1"], [null, null], [null, null], [null, null],
                [null, null], [null, null], [null, null], [null, null]],
               [[null, "B3"], [null, null], [null, null], [null, null], [null, null],
                [null, null], [null, null], [null, null], [null, null]]]}

Positions the rules could not reach are refused with a reason: a trick card that broke
follow-suit or would have made a Matchmaking, a player out of turn, a round that is already
over, an exchange whose colours do not match, a claim the trick's loser could not make.
"""

from ...errors import IllegalAction
from ...game import copy_json
from ...position import PositionReader, card_list, check_every_card_once
from ...shape import BOOL, SEAT, Card, Cards, Int, List, Nullable, PerSeat, Position, Record, Text
from .rules import (
    ALL_CARDS,
    ANIMALS,
    COLOUR_OF,
    EXCHANGE_SIZE,
    GUIDE_OF_VALUE,
    GUIDE_SET,
    GUIDES,
    HAND_SIZE,
    ROUNDS,
    STRAW_STACKS,
    TURNS_PER_TRICK,
    TWIN_OF,
    VALUE_OF,
    WINNING_MARGIN,
    colour_counts,
    lead_colour,
    leading_team,
    members,
    owed_colours,
    partner,
    score_row,
    sort_cards,
    team_of,
    trick_outcome,
    twin_in_trick,
)
from .words import card_list as card_words
from .words import card_name, colour_name

KEYS = ("round", "dealer", "starter", "scores", "score_sheet", "stage", "hands", "straw",
        "guides", "campsites", "exchange", "leader", "trick", "last_trick", "claimed",
        "discard")
STAGES = ("start", "exchange", "play", "claim", "collect", "over")
MAX_SCORE = 10_000


def refuse(reason: str):
    raise IllegalAction(reason)


def _animal(value) -> str:
    if isinstance(value, str) and value in COLOUR_OF:
        return value
    raise ValueError(value)


def _guide(value) -> str:
    if isinstance(value, str) and value in GUIDE_SET:
        return value
    raise ValueError(value)


def _any_card(value) -> str:
    if isinstance(value, str) and (value in COLOUR_OF or value in GUIDE_SET):
        return value
    raise ValueError(value)


def _animals(value, where: str, guide_reason: str) -> list:
    """A list of animal cards; a guide in it is refused with ``guide_reason``."""
    if isinstance(value, list) and any(isinstance(c, str) and c in GUIDE_SET for c in value):
        refuse(guide_reason)
    return card_list(value, _animal, where)


def _shape():
    card, cards = Card(_any_card), Cards(_any_card)
    play = Record({"seat": SEAT, "card": card}, required=("seat", "card"))
    return Position({
        "round": Int(1, ROUNDS), "dealer": SEAT, "starter": SEAT,
        "scores": List(Int(-MAX_SCORE, MAX_SCORE), length=2, each="team"),
        "score_sheet": List(Record({"starter": SEAT, "campsites": List(cards, length=2),
                                    "guides": List(cards, length=2)},
                                   required=("starter", "campsites", "guides")), most=ROUNDS),
        "stage": Text(STAGES), "hands": PerSeat(cards),
        "straw": List(List(List(Nullable(card), length=2), most=STRAW_STACKS), length=2,
                      each="seat"),
        "guides": PerSeat(cards), "campsites": List(cards, length=2, each="team"),
        "exchange": List(Record({"initiator": Nullable(SEAT), "picked": cards,
                                 "given": Nullable(cards), "returned": Nullable(cards)}),
                         length=2, each="team"),
        "leader": SEAT, "trick": List(play, most=TURNS_PER_TRICK),
        "last_trick": Record({"cards": List(play, most=TURNS_PER_TRICK), "matchmaking": BOOL,
                              "winner": Nullable(SEAT), "loser": Nullable(SEAT),
                              "collected": Nullable(card), "claimed": Nullable(card),
                              "twins": Nullable(List(card, length=2))}),
        "claimed": card, "discard": cards,
    })


SHAPE = _shape()  # the type of every field (engine.shape), checked before setup_position


# ---- reading ----------------------------------------------------------------------------------

def setup_position(game, position: dict) -> None:
    reader = PositionReader(game, position, KEYS)
    basics = _read_basics(game, reader)
    cards = _read_cards(game, reader, basics["stage"])
    exchange = _read_exchange(game, reader, basics, cards)
    _build(game, reader, basics, cards, exchange)


def _read_basics(game, reader) -> dict:
    round_number = reader.integer("round", 1, ROUNDS, default=1)
    stage = reader.choice("stage", STAGES, default="play")
    given_dealer = reader.seat("dealer", default=None)
    if stage == "start":
        if game.players != 4 or game.options["next_starter"] != "team_choice" \
                or round_number == 1:
            refuse("The stage \"start\" comes only when the leading team names the starter of"
                   " round 2 or 3 (4 players, option next_starter = team_choice; MK-A19).")
        if reader.has("starter"):
            refuse("At the stage \"start\" nobody starts yet: leave out \"starter\".")
        starter = None
    else:
        default = given_dealer if given_dealer is not None and round_number == 1 else 0
        starter = reader.seat("starter", default=default)
    dealer = given_dealer if given_dealer is not None else (starter or 0)
    if round_number == 1 and dealer != starter:
        refuse("In round 1 the dealer is the starting player (setup.deal).")
    rows, totals = _read_score_sheet(game, reader, round_number, stage)
    if stage == "start" and leading_team(totals) is None:
        refuse("On equal totals the next player clockwise starts: there is no stage"
               " \"start\".")
    return {"round": round_number, "stage": stage, "starter": starter, "dealer": dealer,
            "rows": rows, "totals": totals}


def _read_scores(reader) -> list | None:
    scores = reader.raw("scores")
    if scores is None:
        return None
    if not isinstance(scores, list) or len(scores) != 2 or any(
            isinstance(s, bool) or not isinstance(s, int) or abs(s) > MAX_SCORE for s in scores):
        refuse("\"scores\" is two whole numbers, one per team.")
    return list(scores)


def _read_score_sheet(game, reader, round_number: int, stage: str) -> tuple:
    """The rounds already scored, rebuilt from their campsites and held guides (MK-A18)."""
    scores = _read_scores(reader)
    raw = reader.raw("score_sheet", [])
    if not isinstance(raw, list) or len(raw) > ROUNDS:
        refuse("\"score_sheet\" is a list of the rounds already scored.")
    rows, totals = [], [0, 0]
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict) or set(entry) != {"starter", "campsites", "guides"}:
            refuse("Each round of \"score_sheet\" is {\"starter\", \"campsites\", \"guides\"}.")
        starter = entry["starter"]
        if isinstance(starter, bool) or starter not in range(game.players):
            refuse(f"The starter of scored round {number} is not a seat.")
        camps, held = entry["campsites"], entry["guides"]
        if not isinstance(camps, list) or len(camps) != 2 or not isinstance(held, list) \
                or len(held) != 2:
            refuse(f"Scored round {number} needs two campsites and two lists of guides.")
        camps = [card_list(c, _animal, f"a campsite of scored round {number}") for c in camps]
        held = [card_list(g, _guide, f"the guides of scored round {number}") for g in held]
        rows.append(score_row(number, starter, camps, held, totals))
        totals = rows[-1]["totals"]
    if not rows:
        totals = scores if scores is not None else [0, 0]
        if round_number == 1 and totals != [0, 0]:
            refuse("Nobody has scored before round 1.")
        if stage == "over":
            refuse("A game is over after a scored round: give its \"score_sheet\".")
        return rows, totals
    if scores is not None and scores != totals:
        refuse(f"\"scores\" must be the score sheet's totals, {totals[0]} and {totals[1]}.")
    wanted = round_number if stage == "over" else round_number - 1
    if len(rows) != wanted:
        refuse(f"Round {round_number} comes after {round_number - 1} scored rounds; the score"
               f" sheet has {len(rows)}.")
    for row in rows[:wanted - 1] if stage == "over" else rows:
        if abs(row["totals"][0] - row["totals"][1]) >= WINNING_MARGIN:
            refuse(f"The game ended after round {row['round']}: a lead of 30 points.")
    if stage == "over" and abs(totals[0] - totals[1]) < WINNING_MARGIN and round_number < ROUNDS:
        refuse("The game is not over: no team leads by 30 and rounds are left.")
    return rows, totals


def _read_cards(game, reader, stage: str) -> dict:
    players = game.players
    in_hand = "Guides are never in a hand: put them in \"guides\" (trumps.face_up)."
    hands_raw = reader.raw("hands")
    if isinstance(hands_raw, list) and any(
            isinstance(h, list) and any(c in GUIDE_SET for c in h if isinstance(c, str))
            for h in hands_raw):
        refuse(in_hand)
    hands = reader.per_seat("hands", _animal)
    straw = _read_straw(reader) if players == 2 else None
    if players == 4 and reader.has("straw"):
        refuse("Straw piles are for the 2-player variant only.")
    guides_raw = reader.raw("guides")
    if isinstance(guides_raw, list) and any(
            isinstance(held, list) and any(c in COLOUR_OF for c in held if isinstance(c, str))
            for held in guides_raw):
        refuse("\"guides\" holds mountain guides only (2, 4, 6 and 8): an animal card is"
               " never in front of a player.")
    guides = reader.per_seat("guides", _guide, default=[[] for _ in range(players)])
    camps = reader.raw("campsites", [[], []])
    if not isinstance(camps, list) or len(camps) != 2:
        refuse("\"campsites\" needs two lists, one per team.")
    campsites = [_animals(c, f"the campsite of team {t + 1}",
                          "Guides never go to a campsite.") for t, c in enumerate(camps)]
    trick = _read_plays(game, reader.raw("trick", []), "\"trick\"")
    placed = [c for hand in hands for c in hand] + [c for held in guides for c in held]
    placed += [c for camp in campsites for c in camp]
    placed += [c for stacks in straw or [] for stack in stacks for c in stack if c is not None]
    resolving = stage in ("claim", "collect")
    # While the trick is resolved its guides are back in the office (MK-A13 b), or with the
    # loser who recruited one: the trick shows them, the office or "guides" holds them.
    placed += [c for _, c in trick if not (resolving and c in GUIDE_SET)]
    if reader.has("discard"):
        discard = _animals(reader.raw("discard"), "\"discard\"", "Guides are never discarded:"
                           " they go back to the office.")
    else:
        discard = [c for c in ANIMALS if c not in set(placed)]
    office = [g for g in GUIDES if g not in set(placed)]
    check_every_card_once(placed + discard + office, list(ALL_CARDS), name=card_name)
    return {"hands": hands, "straw": straw, "guides": guides, "campsites": campsites,
            "trick": trick, "discard": discard, "office": office}


def _read_straw(reader) -> list:
    raw = reader.raw("straw")
    if raw is None:
        refuse("2 players need \"straw\": per seat 9 stacks [down, up] (twop.setup).")
    if not isinstance(raw, list) or len(raw) != 2:
        refuse("\"straw\" has one list of 9 stacks per seat.")
    straw = []
    for seat, stacks in enumerate(raw):
        if not isinstance(stacks, list) or len(stacks) != STRAW_STACKS:
            refuse("Each straw pile is 9 stacks [down, up] (twop.setup).")
        piles = []
        for stack in stacks:
            if not isinstance(stack, list) or len(stack) != 2:
                refuse("A straw stack is [down, up], null for no card.")
            cards = [c for c in stack if c is not None]
            _animals(cards, f"the straw pile of seat {seat + 1}",
                     "Guides are never in a straw pile.")
            piles.append(list(stack))
        straw.append(piles)
    return straw


def _read_plays(game, raw, where: str) -> list:
    if not isinstance(raw, list) or len(raw) > TURNS_PER_TRICK:
        refuse(f"{where} is a list of at most 4 plays {{\"seat\", \"card\"}}.")
    plays = []
    for play in raw:
        if not isinstance(play, dict) or set(play) != {"seat", "card"}:
            refuse(f"Each play in {where} is {{\"seat\": s, \"card\": c}}.")
        seat = play["seat"]
        if isinstance(seat, bool) or seat not in range(game.players):
            refuse(f"A play's \"seat\" in {where} is a seat, 0 to {game.players - 1}.")
        plays.append([seat, card_list([play["card"]], _any_card, where)[0]])
    return plays


def _read_exchange(game, reader, basics: dict, cards: dict):
    """Each team's exchange this round (4 players), checked against the hands (MK-A3 …)."""
    raw = reader.raw("exchange")
    if raw is None:
        return None
    if game.players == 2:
        refuse("There is no exchange with 2 players.")
    if basics["stage"] == "start":
        refuse("The exchange begins once the round's starter is named.")
    if not isinstance(raw, list) or len(raw) != 2:
        refuse("\"exchange\" has one entry per team.")
    return [_read_team_exchange(game, team, entry, basics, cards)
            for team, entry in enumerate(raw)]


def _read_team_exchange(game, team: int, entry, basics: dict, cards: dict) -> dict:
    where = f"the exchange of team {team + 1}"
    if not isinstance(entry, dict) or set(entry) != {"initiator", "picked", "given",
                                                     "returned"}:
        refuse(f"{where[0].upper() + where[1:]} is {{\"initiator\", \"picked\", \"given\","
               " \"returned\"}.")
    initiator = entry["initiator"]
    if initiator is not None and (isinstance(initiator, bool) or initiator not in
                                  members(team, 4)):
        refuse(f"The initiator of {where} is one of its seats.")
    picked = card_list(entry["picked"], _animal, f"the cards picked in {where}")
    given, returned = (None if entry[key] is None else
                       card_list(entry[key], _animal, f"the cards passed in {where}")
                       for key in ("given", "returned"))
    for cards_passed in (given, returned):
        if cards_passed is not None and len(set(cards_passed)) != EXCHANGE_SIZE:
            refuse(f"In {where} 3 different cards pass each way (exchange.give).")
    if returned is not None and (given is None or colour_counts(given)
                                 != colour_counts(returned)):
        refuse(f"In {where} the cards returned must have the colours of the cards given"
               ".")
    if len(set(picked)) != len(picked) or len(picked) >= EXCHANGE_SIZE \
            or (picked and (initiator is None or returned is not None)):
        refuse(f"In {where} up to 2 cards of the seat passing them are picked (exchange.give).")
    if initiator is None and given is not None:
        refuse(f"Cards were given in {where}, so it has an initiator.")
    record = {"initiator": initiator, "picked": picked, "given": given, "returned": returned}
    _check_initiator(game, team, record, basics["starter"], where)
    if basics["stage"] == "exchange":
        _check_open_exchange(record, cards["hands"], where)
    elif given is None or returned is None:
        refuse(f"The exchange ends before the first trick: {where} is not finished.")
    return record


def _check_initiator(game, team: int, record: dict, starter: int, where: str) -> None:
    initiator = record["initiator"]
    if team == team_of(starter, 4):
        wanted = starter  # MK-A4: the starter initiates for their team
    elif game.options["exchange_initiator"] == "seat_rule":
        wanted = (starter + 1) % 4
    else:
        wanted = initiator
    if initiator != wanted:
        refuse(f"The initiator of {where} is Seat {wanted + 1}.")


def _check_open_exchange(record: dict, hands: list, where: str) -> None:
    initiator = record["initiator"]
    given, returned, picked = record["given"], record["returned"], record["picked"]
    passer = initiator if given is None else partner(initiator)
    if picked and not set(picked) <= set(hands[passer]):
        refuse(f"The cards picked in {where} are in the hand of Seat {passer + 1}.")
    if given is not None and returned is None:
        if not set(given) <= set(hands[partner(initiator)]):
            refuse(f"The cards given in {where} are in the partner's hand until returned.")
        if min(owed_colours(given, picked).values()) < 0:
            refuse(f"The cards picked to return in {where} break the colours received.")
    if returned is not None and not set(returned) <= set(hands[initiator]):
        refuse(f"The cards returned in {where} are in the initiator's hand.")


# ---- building ---------------------------------------------------------------------------------

def _build(game, reader, basics: dict, cards: dict, exchange) -> None:
    stage = basics["stage"]
    game.dealer, game.round = basics["dealer"], basics["round"]
    game.totals, game.score_rows = list(basics["totals"]), basics["rows"]
    game.starter = basics["starter"]
    game.end_reason = None
    game.last_trick = None
    game.clear_table()
    game.office, game.guides = cards["office"], [sort_cards(g) for g in cards["guides"]]
    game.campsites, game.discard = cards["campsites"], cards["discard"]
    game.straw, game.hands = cards["straw"], [sort_cards(h) for h in cards["hands"]]
    game.leader = reader.seat("leader", default=game.starter)
    game.say("scenario", round=game.round, starter=game.starter)
    if stage in ("start", "exchange"):
        _build_deal(game, reader, stage, cards, exchange)
        return
    game.exchange = exchange
    if reader.has("claimed") and stage != "collect":
        refuse("\"claimed\" is for the stage \"collect\": the guide the loser just recruited.")
    if stage in ("play", "over"):
        game.last_trick = _read_last_trick(game, reader, cards)
    elif reader.has("last_trick"):
        refuse("While a trick is resolved, the last trick is that one: leave out"
               " \"last_trick\" (and give \"claimed\" at \"collect\").")
    game.stage = "play"
    if stage == "play" and not cards["trick"] and game.round_over():
        refuse("That round is already over: a player has no cards left.")
    turn = _walk_trick(game, cards["trick"])
    game.trick, game.turn = cards["trick"], turn
    if stage == "over":
        _build_over(game, cards)
    elif stage == "play":
        game.prepare_turn()
        if game.stage != "play" or game.trick != cards["trick"]:
            refuse("That trick would already be over (tricks.order, MK-A26).")
    else:
        _build_resolution(game, reader, stage, cards)


def _build_deal(game, reader, stage, cards, exchange) -> None:
    """The round's start: the leading team names its starter, or the exchange is open."""
    if game.players == 2:
        refuse("There is no exchange with 2 players.")
    if cards["trick"] or any(cards["campsites"]) or any(cards["guides"]) \
            or reader.has("last_trick"):
        refuse("Before the first trick nothing has been played yet.")
    if game.leader != game.starter:
        refuse("The starting player leads the first trick.")
    if stage == "start":
        game.stage = "start"
        if any(len(hand) != HAND_SIZE[4] for hand in game.hands):
            refuse("Before the exchange every hand holds the 13 cards dealt.")
        return
    game.open_exchange()
    if exchange is not None:
        game.exchange = exchange
    for team, record in enumerate(game.exchange):
        initiator = record["initiator"]
        if initiator is None:
            sizes = {seat: 13 for seat in members(team, 4)}
        else:
            away = record["given"] is not None and record["returned"] is None
            sizes = {initiator: 10 if away else 13, partner(initiator): 16 if away else 13}
        if any(len(game.hands[seat]) != size for seat, size in sizes.items()):
            refuse("At the exchange every hand holds the 13 cards dealt, less the 3 given"
                   " or plus the 3 received while they are away.")


def _could_skip(game, seat: int, rest) -> bool:
    """Whether ``seat`` may have skipped a turn of this trick (2 players, MK-A26): it has no
    card to play now and plays none later in the trick."""
    return game.players == 2 and game.skips(seat) and all(s != seat for s, _ in rest)


def _walk_trick(game, trick: list) -> int:
    """Check the trick card by card as the rules would have allowed it; the turns taken."""
    if game.straw is not None:
        for seat in range(2):
            uncovered = sum(1 for down, up in game.straw[seat] if up is None and down is not None)
            played = sum(1 for s, c in trick if s == seat and c not in GUIDE_SET)
            if uncovered > played:
                refuse(f"Seat {seat + 1} has more uncovered face-down cards than cards played this"
                       " trick; the others were revealed at the end of the last trick"
                       " (twop.reveal).")
    if trick and trick[0][0] != game.leader:
        refuse("The trick's first card must be the leader's.")
    turn = 0
    for index, (seat, _) in enumerate(trick):
        while turn < TURNS_PER_TRICK and game.turn_seat(turn) != seat \
                and _could_skip(game, game.turn_seat(turn), trick[index:]):
            turn += 1
        if turn >= TURNS_PER_TRICK or game.turn_seat(turn) != seat:
            refuse(f"Seat {seat + 1} did not have the turn for the trick's card {index + 1}"
                   " (tricks.order, MK-A24).")
        turn += 1
    after = turn  # the next turn to come, past seats that skip it (MK-A26)
    while after < TURNS_PER_TRICK and _could_skip(game, game.turn_seat(after), []):
        after += 1
    next_seat = game.turn_seat(after) if after < TURNS_PER_TRICK else None
    for index in range(len(trick)):
        _check_play(game, trick, index, next_seat)
    if game.players == 4 and trick:
        for step in range(len(trick), TURNS_PER_TRICK):
            seat = (game.leader + step) % 4
            if not game.hands[seat]:
                refuse(f"Seat {seat + 1} has yet to play to this trick but holds no card.")
    return turn


def _check_play(game, trick: list, index: int, next_seat) -> None:
    seat, card = trick[index]
    if card in GUIDE_SET:
        return
    earlier = trick[:index]
    later = [c for s, c in trick[index:] if s == seat and c not in GUIDE_SET]
    held = game.animals_of(seat) + later
    if _may_have_revealed_since(game, trick, index, next_seat):
        # With nothing left at its next turn the seat turned up the card under this one
        # (MK-A26): then this card was its last, and the cards it holds came after it.
        held = later
    lead = lead_colour(earlier)
    followers = sort_cards(c for c in held if COLOUR_OF[c] == lead)
    if lead is not None and COLOUR_OF[card] != lead and followers:
        refuse(f"Seat {seat + 1} could not have played the {card_name(card)}: they had to"
               f" follow {colour_name(lead)} with the {card_words(followers)}.")
    matched = twin_in_trick(earlier, seat, card, game.options["allow_self_matchmaking"])
    if matched is not None:
        refuse(f"The {card_name(card)} would have made a Matchmaking with the"
               f" {card_name(earlier[matched][1])} and ended the trick.")


def _may_have_revealed_since(game, trick: list, index: int, next_seat) -> bool:
    """Whether the seat of ``trick[index]`` may have revealed straw cards at a later turn of
    this trick, having run out (2 players, option straw_emergency_reveal): its hand is empty
    and its turn came again."""
    seat = trick[index][0]
    if game.players != 2 or not game.options["straw_emergency_reveal"] or game.hands[seat]:
        return False
    return next_seat == seat or any(s == seat for s, _ in trick[index + 1:])


def _build_over(game, cards) -> None:
    if cards["trick"]:
        refuse("When the game is over no trick is under way.")
    if not game.round_over():
        refuse("The round ends when a player runs out of cards: someone must have"
               " none left.")
    game.stage = "over"
    diff = abs(game.totals[0] - game.totals[1])
    game.end_reason = "margin" if diff >= WINNING_MARGIN else "rounds"


def _build_resolution(game, reader, stage: str, cards) -> None:
    """A finished trick whose loser decides on a guide ("claim") or whose winner collects
    ("collect"), rebuilt by the rules of MK-A13."""
    while game.turn < TURNS_PER_TRICK and _could_skip(game, game.turn_seat(), []):
        game.turn += 1
    if game.turn < TURNS_PER_TRICK:
        refuse(f"That trick is not finished: Seat {game.turn_seat() + 1} is still to play.")
    trick = game.trick
    winner_index, loser_index = trick_outcome(trick, game.options["trump_vs_trump"])
    if loser_index is None:
        refuse("A trick of guides only is set aside at once: nothing to claim or collect"
               ".")
    loser, weakest = trick[loser_index]
    claimed = reader.raw("claimed")
    if claimed is not None and (stage != "collect" or claimed != GUIDE_OF_VALUE.get(
            VALUE_OF[weakest]) or claimed not in game.guides[loser]):
        refuse("\"claimed\" is the guide of the weakest card's value, now with the loser.")
    for seat, held in enumerate(game.guides):
        for guide in held:
            if any(c == guide for _, c in trick) and not (seat == loser and guide == claimed):
                refuse(f"The {card_name(guide)} was played in this trick: it is back in the"
                       " office.")
    game.resolution = {"winner": trick[winner_index][0], "winner_index": winner_index,
                       "loser": loser, "loser_index": loser_index, "weakest": weakest,
                       "claim": None, "collectable": []}
    game.last_trick = {"cards": game.trick_plays(), "matchmaking": False,
                       "winner": trick[winner_index][0], "loser": loser, "collected": None,
                       "claimed": claimed, "twins": None}
    outcome, claim = game.claim_outcome()
    if stage == "claim":
        if outcome != "claim":
            refuse("The trick's loser has no guide to claim.")
        game.resolution["claim"] = claim
    else:
        game.resolution["collectable"] = game.collectable()
        if len(game.resolution["collectable"]) < 2:
            refuse("With one card or none to collect the winner does not choose: it is"
                   " collected at once.")
    game.stage = stage


def _read_last_trick(game, reader, cards):
    raw = reader.raw("last_trick")
    if raw is None:
        return None
    keys = {"cards", "matchmaking", "winner", "loser", "collected", "claimed", "twins"}
    if not isinstance(raw, dict) or set(raw) != keys:
        refuse("\"last_trick\" is {" + ", ".join(f'"{k}"' for k in sorted(keys)) + "}.")
    plays = _read_plays(game, raw["cards"], "\"last_trick\"")
    if not plays or not isinstance(raw["matchmaking"], bool):
        refuse("\"last_trick\" has its cards and says whether it was a Matchmaking.")
    gone = set(cards["discard"]) | {c for camp in cards["campsites"] for c in camp}
    if any(c not in gone for _, c in plays if c not in GUIDE_SET):
        refuse("The animals of the last trick are in the discard pile or a campsite now.")
    for key in ("winner", "loser"):
        value = raw[key]
        if value is not None and (isinstance(value, bool) or value not in range(game.players)):
            refuse(f"The last trick's {key} is a seat or null.")
    twins = raw["twins"]
    if raw["matchmaking"] != (twins is not None) or twins is not None and (
            not isinstance(twins, list) or len(twins) != 2 or twins[0] not in TWIN_OF
            or TWIN_OF[twins[0]] != twins[1] or not set(twins) <= {c for _, c in plays}):
        refuse("A Matchmaking's last trick names its two twins; another trick has none.")
    for key, kinds in (("collected", COLOUR_OF), ("claimed", GUIDE_SET)):
        if raw[key] is not None and raw[key] not in kinds:
            refuse(f"The last trick's \"{key}\" is a card of the right kind, or null.")
    return {"cards": [{"seat": s, "card": c} for s, c in plays],
            "matchmaking": raw["matchmaking"], "winner": raw["winner"], "loser": raw["loser"],
            "collected": raw["collected"], "claimed": raw["claimed"],
            "twins": None if twins is None else list(twins)}


# ---- writing ----------------------------------------------------------------------------------

def position(game) -> dict:
    """The current position in the format ``setup_position`` reads (its inverse)."""
    found = {"round": game.round, "dealer": game.dealer, "scores": list(game.totals),
             "score_sheet": [{"starter": row["starter"],
                              "campsites": [sort_cards([c for s in arr["sets"] for c in s["cards"]]
                                                       + arr["unmatched"])
                                            for arr in row["campsites"]],
                              "guides": copy_json(row["guides"])} for row in game.score_rows],
             "stage": game.stage, "hands": copy_json(game.hands),
             "guides": copy_json(game.guides), "campsites": copy_json(game.campsites),
             "trick": game.trick_plays(), "discard": list(game.discard)}
    if game.starter is not None:
        found["starter"] = game.starter
    if game.leader is not None:
        found["leader"] = game.leader
    if game.straw is not None:
        found["straw"] = copy_json(game.straw)
    if game.exchange is not None:
        found["exchange"] = copy_json(game.exchange)
    if game.stage in ("play", "over"):
        found["last_trick"] = copy_json(game.last_trick)
    if game.stage == "collect" and game.last_trick["claimed"] is not None:
        found["claimed"] = game.last_trick["claimed"]
    return found
