"""Matchmakers for the search bot (``engine.search``): what a seat cannot see, and a world.

Hidden: the other hands, every face-down straw card (2 players: nobody may look at them, not
even their owner, twop.count) and, with private campsites, the other team's campsite. Known
although hidden: the cards this seat passed to its partner in the exchange (the log told
them to both partners), until played. Constraints come from the round's tricks through the
rules' own predicate: a player who did not follow the colour led held none of it
(tricks.follow). The exchange itself is played as the basic bot plays it; the search
decides the cards, the guides to recruit and the cards to collect, with playouts to the end
of the round (a greedy rule of thumb for every seat, ``_card``: the basic bot's estimates cost
too much to run thousands of times) scored as the seat's team's points for the round less
the other team's.
"""

from ...search import Adapter, SearchBot, Slot, ruled_out
from .bots import BasicBot
from .rules import (
    ANIMALS,
    GUIDE_SET,
    VALUE_OF,
    gain_points,
    play_refusal,
    trick_outcome,
    twin_in_trick,
    winning_animals,
)

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
        stage = world.stage
        if stage == "play":
            return _card(world, seat, moves)
        team = world.team_of(seat)
        if stage == "collect":  # the card that adds most to the team's campsite
            camp = world.campsites[team]
            return max(moves, key=lambda a: (gain_points(camp, a["card"]),
                                             -VALUE_OF[a["card"]]))
        if stage == "claim":  # a guide is worth it with tricks to spend it on
            claim = world.resolution["claim"]
            source = claim["from"]
            spare = _tricks_left(world) - len(world.guides[seat])
            keep = source == "office" or world.team_of(source) != team
            wanted = "claim_guide" if keep and spare >= 3 else "decline_guide"
            return next(a for a in moves if a["type"] == wanted)
        return next(a for a in moves if not a["type"].startswith("undo_"))

    def done(self, world, view: dict) -> bool:
        return bool(world.score_rows)  # a world starts with no rows: this round was scored

    def value(self, world, view: dict) -> float:
        points = world.score_rows[0]["points"]
        team = view["team"]
        return points[team] - points[1 - team]

    def fallback(self, view: dict, legal_actions: list, rng) -> dict:
        return BasicBot(rng).choose(view, legal_actions)


def _tricks_left(world) -> int:
    """About how many tricks the round has left (it ends when a hand runs out, MK-A17)."""
    if world.players == 4:
        return min(len(hand) for hand in world.hands)
    return min(world.cards_left(seat) for seat in (0, 1)) // 2


def _card(world, seat: int, cards) -> str:
    """The playouts' card: a greedy rule of thumb on the campsites, far cheaper than the basic
    bot's estimates. A Matchmaking that sends home more than it costs; a trick worth winning
    (a card in it adds to the team's sets) won as cheaply as possible, with a guide if need
    be; guides spent before the round ends (held ones cost twice their value); otherwise a
    card that gives the winner least."""
    trick, players = world.trick, world.players
    team = world.team_of(seat)
    ours, theirs = world.campsites[team], world.campsites[1 - team]
    best, best_value = None, 0
    for card in cards:
        if card in GUIDE_SET:
            continue
        twin = twin_in_trick(trick, seat, card, world.options["allow_self_matchmaking"])
        if twin is not None:  # MK-A16: the other animals go home to their owners' teams
            value = 0
            for index, (owner, played) in enumerate(trick):
                if index != twin and played not in GUIDE_SET:
                    owner_team = world.team_of(owner)
                    gain = gain_points(world.campsites[owner_team], played)
                    value += gain if owner_team == team else -gain
            if value >= best_value:
                best, best_value = card, value
    if best is not None:
        return best
    animals = [card for card in cards if card not in GUIDE_SET]
    guides = [card for card in cards if card in GUIDE_SET]
    if guides and (not animals or _tricks_left(world) <= len(world.guides[seat]) + 1):
        return min(guides, key=VALUE_OF.__getitem__)
    if not trick:
        return min(animals, key=lambda card: (gain_points(theirs, card), VALUE_OF[card]))
    offer = max((gain_points(ours, played) for owner, played in trick
                 if owner != seat and played not in GUIDE_SET), default=-1)
    rule = world.options["trump_vs_trump"]
    winning = winning_animals(trick, animals, rule)
    if offer > 0:
        if winning:
            return min(winning, key=VALUE_OF.__getitem__)
        if guides:
            return min(guides, key=VALUE_OF.__getitem__)
    losing = [card for card in animals if card not in winning] or animals
    lead_owner = trick[trick_outcome(trick, rule)[0]][0]
    if players == 4 and world.team_of(lead_owner) == team:
        # the partner is winning: give the partner the best card to take home
        return max(losing, key=lambda card: (gain_points(ours, card), -VALUE_OF[card]))
    return min(losing, key=lambda card: (gain_points(theirs, card), -VALUE_OF[card]))


def _legal_from(card, before, straw: bool):
    """Whether the animal ``card`` may be played to the trick ``before`` from a hand (the
    rules' own predicate, play_refusal in rules.py)."""
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


# Playouts per decision. The greedy rollout policy (_card) is what beats the basic bot: 24
# playouts won 93% of 2-player and 100% of 4-player games against it, 100 and 240 won 100%,
# while each playout plays a whole round (about 1.3 ms here, 2-3 ms in Pyodide); 48 keeps
# the browser's decisions well under 500 ms.
BUDGET = 48


# What the lobby says of this level (engine.bots.LEVELS words the others): the figures are
# bench/bots_bench.py strength, seeds 1-1000.
STRONG_WORDS = {"about": "Thinks ahead: tries each card on many deals of the cards it cannot"
                         " see, so it takes a moment. Two Strong partners beat two Basic bots"
                         " in 99 games of 100; one against one Basic bot, in 97."}


def StrongBot(rng=None, budget: int = BUDGET) -> SearchBot:
    """The "strong" level: the search bot on this adapter."""
    return SearchBot(MatchmakersSearch(), rng, budget)
