"""Matchmakers for the search bot (``engine.search``): what a seat cannot see, and a world.

Hidden: the other hands, every face-down straw card (2 players: nobody may look at them, not
even their owner, twop.count) and, with private campsites, the other team's campsite. Known
although hidden: the cards this seat passed to its partner in the exchange (the log told
them to both partners), until played. Constraints come from the round's tricks through the
rules' own predicate: a player who did not follow the colour led held none of it
(tricks.follow). The exchange itself is played as the basic bot plays it; the search
decides the cards, the guides to recruit and the cards to collect, with playouts to the end
of the round scored as the seat's team's points for the round less the other team's.
"""

from ...search import Adapter, SearchBot, Slot, ruled_out
from .bots import BasicBot
from .rules import ANIMALS, GUIDE_SET, play_refusal

SEARCHED = ("play", "claim_guide", "decline_guide", "collect")
RESOLVED = ("trick", "matchmaking", "guides_only")


class MatchmakersSearch(Adapter):
    def candidates(self, view: dict, legal_actions: list) -> list:
        if legal_actions[0]["type"] not in SEARCHED:
            return [BasicBot().choose(view, legal_actions)]  # the exchange, or "I start"
        return legal_actions

    def hidden(self, view: dict) -> tuple:
        seat, players = view["seat"], view["players"]
        plays, passed = _round_log(view, seat)
        seen = set(view["hand"]) | set(view["discard"])
        seen.update(play["card"] for play in view["trick"])
        hidden_camps = []
        for camp in view["campsites"]:
            if camp["cards"] is None:
                hidden_camps.append(camp)
            else:
                seen.update(camp["cards"])
        if view["straw"] is not None:
            for stacks in view["straw"]:
                seen.update(stack["up"] for stack in stacks if stack["up"] is not None)
        # Played cards not in sight went to the other team's private campsite; passed
        # cards neither played nor in sight are still in the partner's hand.
        played = {card for _, card, _ in plays if card not in GUIDE_SET}
        camp_known = [card for card in ANIMALS if card in played and card not in seen]
        known = [card for card in passed if card not in seen and card not in played]
        unseen = [card for card in ANIMALS if card not in seen and card not in played
                  and card not in known]
        straw = view["straw"] is not None
        bans = {other: set() for other in range(players)}
        for other, card, before in plays:
            if other != seat and before is not None and card not in GUIDE_SET:
                bans[other] |= ruled_out(unseen, card, _legal_from(card, before, straw))
        slots = []
        for other in range(players):
            if other != seat:
                slots.append(Slot(("hand", other), view["hand_counts"][other],
                                  known=known if players == 4 and other == (seat + 2) % 4
                                  else (), banned=bans[other]))
        if straw:
            for owner, stacks in enumerate(view["straw"]):
                slots += [Slot(("down", owner, index), 1)
                          for index, stack in enumerate(stacks) if stack["down"]]
        for camp in hidden_camps:
            slots.append(Slot(("campsite", camp["team"]), camp["count"], known=camp_known))
        return unseen, slots

    def world(self, view: dict, dealt: dict, rng) -> dict:
        seat, players = view["seat"], view["players"]
        position = {
            "round": view["round"], "dealer": view["dealer"], "starter": view["starter"],
            "stage": view["stage"], "leader": view["leader"],
            "hands": [list(view["hand"]) if other == seat else dealt[("hand", other)]
                      for other in range(players)],
            "guides": [list(held) for held in view["guides"]],
            "campsites": [camp["cards"] if camp["cards"] is not None
                          else dealt[("campsite", camp["team"])] for camp in view["campsites"]],
            "trick": list(view["trick"]), "discard": list(view["discard"]),
        }
        if view["round"] > 1:
            position["scores"] = list(view["score_sheet"]["totals"])
        if view["straw"] is not None:
            position["straw"] = [[[dealt[("down", owner, index)][0] if stack["down"] else None,
                                   stack["up"]] for index, stack in enumerate(stacks)]
                                 for owner, stacks in enumerate(view["straw"])]
        if view["stage"] == "collect" and view["last_trick"]["claimed"] is not None:
            position["claimed"] = view["last_trick"]["claimed"]
        return {"game": "matchmakers", "players": players, "rules": view["rules"],
                "options": view["options"], "rng": str(rng.next_u64()), "position": position}

    def policy(self, world, seat: int, moves, rng):
        move = moves[rng.randbelow(len(moves))]
        while not isinstance(move, str) and move["type"].startswith("undo_"):
            # a playout never takes a pick back
            move = moves[rng.randbelow(len(moves))]
        return move

    def done(self, world, view: dict) -> bool:
        return bool(world.score_rows)  # a world starts with no rows: this round was scored

    def value(self, world, view: dict) -> float:
        points = world.score_rows[0]["points"]
        team = view["team"]
        return points[team] - points[1 - team]

    def fallback(self, view: dict, legal_actions: list, rng) -> dict:
        return BasicBot(rng).choose(view, legal_actions)


def _legal_from(card, before, straw: bool):
    """Whether the animal ``card`` may be played to the trick ``before`` from a hand (the
    rules' own predicate, rules.play_refusal)."""
    def legal(hand) -> bool:
        return play_refusal(card, hand, (), before, straw) is None
    return legal


def _round_log(view: dict, seat: int) -> tuple:
    """This round's plays from the log, ``[(seat, card, the trick before it)]`` (None where
    the log does not show the trick: a round set up from a position, until its first trick
    ends), and the cards ``seat`` passed to its partner in this round's exchange."""
    log = view["log"]
    start = 0
    for index in range(len(log) - 1, -1, -1):
        if log[index]["kind"] in ("round", "scenario"):
            start = index
            break
    known = start < len(log) and log[start]["kind"] == "round"
    plays, passed, trick = [], [], []
    for entry in log[start:]:
        kind = entry["kind"]
        if kind == "played":
            plays.append((entry["seat"], entry["card"], tuple(trick) if known else None))
            trick.append((entry["seat"], entry["card"]))
        elif kind in RESOLVED:
            trick, known = [], True
        elif kind == "passed_cards" and entry["seat"] == seat:
            passed += entry["cards"]
    return plays, passed


def StrongBot(rng=None, budget: int = 240) -> SearchBot:
    """The "strong" level: the search bot on this adapter."""
    return SearchBot(MatchmakersSearch(), rng, budget)
