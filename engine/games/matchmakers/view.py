"""What each seat of a Matchmakers game sees (``Matchmakers.table_view``): its own hand,
the public table, the exchange as far as the seat may know it, and the score sheet. Hidden
cards (other hands, face-down straw cards, a private campsite, the cards passed in another
team's exchange) never enter it.

The view holds: ``stage`` (``start``, ``exchange``, ``play``, ``claim``, ``collect``,
``over``), ``pending`` and ``decisions`` (who must decide what), ``hand`` (own only),
``hand_counts``, ``straw`` (2p: per seat the 9 stacks as ``{"up": card or null, "down":
true/false}``; face-down cards are hidden from everybody), ``guides`` (per seat, face up),
``office``, ``exchange`` (per team, public progress; ``mine`` adds the seat's own picks, the
colours both partners know, and the received cards still in hand), ``trick`` with
``lead_colour``, ``resolution`` (winner, loser, weakest card, the guide that may be claimed,
the collectable cards), ``last_trick`` (with the ``twins`` of a Matchmaking), ``campsites``
(per team: cards and their best arrangement), ``discard``, ``score_sheet``, ``scores`` (per
seat: the team total) and ``result``. Between rounds the score sheet keeps each round's points
and the shape of its sets; the cards themselves are named in the log, because the next deal
puts them back into hands.
"""

from ...game import copy_json
from .rules import (
    GUIDE_SET,
    ROUNDS,
    VALUE_OF,
    WINNING_MARGIN,
    best_arrangement,
    colour_counts,
    lead_colour,
    sort_cards,
)


def table_view(game, seat: int | None) -> dict:
    """The view of ``seat`` (None: a spectator), without the fields every game's view adds."""
    my_team = None if seat is None else game.team_of(seat)
    straw = None
    if game.straw is not None:
        straw = [[{"up": up, "down": down is not None} for down, up in stacks]
                 for stacks in game.straw]
    resolution = None
    if game.resolution is not None:
        res = game.resolution
        resolution = {"winner": res["winner"], "loser": res["loser"],
                      "weakest": res["weakest"],
                      "claim": None if res["claim"] is None else dict(res["claim"]),
                      "collectable": list(res["collectable"])}
    pending = game.pending
    return {
        "team": my_team,
        "teams": [game.members(0), game.members(1)],
        "pending": pending,
        "decisions": [{"seat": s, "type": _decision(game, s)} for s in pending],
        "stage": game.stage,
        "round": game.round,
        "rounds": ROUNDS,
        "dealer": game.dealer,
        "starter": game.starter,
        "leader": None if game.over else game.leader,
        "hand": None if seat is None else list(game.hands[seat]),
        "hand_counts": [len(hand) for hand in game.hands],
        "straw": straw,
        "guides": [list(held) for held in game.guides],
        "office": list(game.office),
        "exchange": _exchange(game, seat),
        "trick": game.trick_plays(),
        "lead_colour": lead_colour(game.trick),
        "resolution": resolution,
        "last_trick": copy_json(game.last_trick),
        "campsites": _campsites(game, my_team),
        "discard": list(game.discard),
        "score_sheet": {"rounds": [_public_row(row) for row in game.score_rows],
                        "totals": list(game.totals),
                        # the 30-point rule's state, for the table to show (MK-A20)
                        "lead": abs(game.totals[0] - game.totals[1]),
                        "winning_margin": WINNING_MARGIN},
        "scores": [game.totals[game.team_of(s)] for s in range(game.players)],
        "result": game.result(),
    }


def _campsites(game, my_team) -> list:
    campsites = []
    for team in (0, 1):
        shown = not game.campsites_private() or team == my_team
        cards = sort_cards(game.campsites[team]) if shown else None
        campsites.append({"team": team, "count": len(game.campsites[team]), "cards": cards,
                          "arrangement": best_arrangement(cards) if shown else None})
    return campsites


def _decision(game, seat: int) -> str:
    if game.stage == "exchange":
        return game.exchange_step(seat)
    return {"play": "play", "claim": "claim_guide", "collect": "collect",
            "start": "start"}[game.stage]


def _exchange(game, seat):
    """Each team's public progress; ``mine``: what the seat knows of its own team's pass."""
    if game.exchange is None:
        return None
    teams = []
    for record in game.exchange:
        step = ("give" if record["given"] is None else
                "return" if record["returned"] is None else "done")
        teams.append({"initiator": record["initiator"],
                      "partner": None if record["initiator"] is None
                      else game.partner(record["initiator"]),
                      "step": step, "picked_count": len(record["picked"])})
    mine = None
    if seat is not None:
        record = game.exchange[game.team_of(seat)]
        step = game.exchange_step(seat)
        received = []
        if record["initiator"] is not None:
            got = record["given"] if seat != record["initiator"] else record["returned"]
            received = [c for c in (got or []) if c in game.hands[seat]]
        mine = {"role": step,
                "picked": list(record["picked"]) if step is not None else [],
                # both partners know the colours of the 3 cards passed (RULINGS 1.1)
                "colours": None if record["given"] is None
                else colour_counts(record["given"]),
                "received": sort_cards(received)}
    return {"teams": teams, "mine": mine}


def _public_row(row: dict) -> dict:
    """A score-sheet row for views: points and the shape of each team's sets.

    The cards themselves are named in the log when the round is scored; the view leaves them
    out because the next deal puts them back into hands, where they are secret again."""
    out = {key: copy_json(value) for key, value in row.items() if key != "campsites"}
    out["campsite_points"] = [arrangement["points"] for arrangement in row["campsites"]]
    out["sets"] = [[{"kind": s["kind"], "value": VALUE_OF[s["cards"][0]], "size": len(s["cards"]),
                     "points": s["points"]} for s in arrangement["sets"]]
                   for arrangement in row["campsites"]]
    out["unmatched"] = [[VALUE_OF[card] for card in arrangement["unmatched"]]
                        for arrangement in row["campsites"]]
    return out


# ---- where the cards are ------------------------------------------------------------------

def card_locations(game) -> dict:
    """Every card's place: ``hand:<seat>``, ``straw_up:<seat>``, ``straw_down:<seat>``,
    ``guides:<seat>``, ``office``, ``campsite:<team>``, ``trick``, ``discard``. Cards picked
    for the exchange stay in their holder's hand until the third pick passes them."""
    places = {f"hand:{s}": list(hand) for s, hand in enumerate(game.hands)}
    if game.straw is not None:
        for s, stacks in enumerate(game.straw):
            places[f"straw_up:{s}"] = [up for _, up in stacks if up is not None]
            places[f"straw_down:{s}"] = [down for down, _ in stacks if down is not None]
    for s, held in enumerate(game.guides):
        places[f"guides:{s}"] = list(held)
    places["office"] = list(game.office)
    for team in (0, 1):
        places[f"campsite:{team}"] = list(game.campsites[team])
    # While the loser and winner decide, the trick still shows its guides, but they are
    # already back in the office (MK-A13 b).
    resolving = game.resolution is not None
    places["trick"] = [card for _, card in game.trick
                       if not (resolving and card in GUIDE_SET)]
    places["discard"] = list(game.discard)
    return places

def hidden_places(game, seat: int | None) -> list:
    """Other hands; every face-down straw card, from its owner too (twop.count); and with
    private campsites the other team's, until the round is scored (MK-S1)."""
    places = [f"hand:{s}" for s in range(game.players) if s != seat]
    if game.straw is not None:
        places += ["straw_down:0", "straw_down:1"]
    if game.campsites_private():
        places += [f"campsite:{t}" for t in (0, 1) if seat is None or t != game.team_of(seat)]
    return places
