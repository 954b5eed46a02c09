"""Matchmakers' bots: they see what their seat sees (its view and its legal actions), never
the state, and read the rules only through ``rules.py``'s pure functions.

The basic bot decides in ``decide``: its move and a ``Why``, the sentence a learner is shown
for it (``engine.bots.hint``), worded only when asked for."""

from ...bots import Bot, Why
from .rules import (
    ANIMALS,
    COLOUR_OF,
    GUIDES,
    ORDER,
    TWIN_OF,
    VALUE_OF,
    Follow,
    arrangement_points,
    lead_colour,
    owed_colours,
    trick_outcome,
)
from .words import card_name, colour_counts, colour_name


class Table:
    """What a bot reads off its view for one decision: teams, campsites, unseen cards."""

    def __init__(self, view: dict):
        self.view = view
        self.seat = view["seat"]
        self.players = view["players"]
        self.team = view["team"]
        self.options = view["options"]
        self.camps = [c["cards"] or [] for c in view["campsites"]]
        self._gains: dict = {}
        seen = set(view["hand"]) | set(view["discard"])
        seen.update(play["card"] for play in view["trick"])
        for cards in self.camps:
            seen.update(cards)
        self.ups = [[], []]
        if view["straw"] is not None:
            for s, stacks in enumerate(view["straw"]):
                self.ups[s] = [stack["up"] for stack in stacks if stack["up"] is not None]
                seen.update(self.ups[s])
        self.unseen = [card for card in ANIMALS if card not in seen]

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def gain(self, team: int, card: str) -> int:
        """How many points ``card`` adds to ``team``'s campsite (MK-A18)."""
        key = (team, card)
        if key not in self._gains:
            cards = self.camps[team]
            self._gains[key] = arrangement_points(cards + [card]) - arrangement_points(cards)
        return self._gains[key]

    def mean_unseen_gain(self, team: int) -> float:
        if not self.unseen:
            return 0.0
        sample = self.unseen[::3] or self.unseen
        return sum(self.gain(team, card) for card in sample) / len(sample)

    def hidden_count(self, seat: int) -> int:
        """Cards ``seat`` may play that this seat cannot see."""
        return self.view["hand_counts"][seat]

    def tricks_left(self) -> int:
        """About how many tricks the round still has (it ends when a hand runs out)."""
        counts = self.view["hand_counts"]
        if self.players == 4:
            return min(counts)
        lefts = []
        for s in (0, 1):
            stacks = self.view["straw"][s]
            lefts.append(counts[s] + sum((st["up"] is not None) + st["down"] for st in stacks))
        return min(lefts) // 2


class BasicBot(Bot):
    """Plays from its own view only; a rule of thumb, not a search.

    Collecting is usually a loss (a card that fits no set costs its value), so the bot wants
    a trick only when a card in it would complete a set for its team, and otherwise plays to
    lose it with a card the opponents would hate to collect. It follows colour (the engine
    only offers legal cards), makes a Matchmaking when the cards it sends home help its team,
    claims a guide only when there are tricks left to spend it on (a guide still held at the
    end costs twice its value), spends guides on tricks worth winning and before the round
    ends, and collects the card that adds most to its campsite's best arrangement.
    """

    name = "basic"

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, view: dict, legal_actions: list) -> dict:
        return self.decide(view, legal_actions)[0]

    def decide(self, view: dict, legal_actions: list) -> tuple:
        kind = legal_actions[0]["type"]
        if kind in ("give", "undo_give", "return", "undo_return"):
            return self._exchange(view, legal_actions)
        if kind == "play":
            return self._play(Table(view), legal_actions)
        if kind in ("claim_guide", "decline_guide"):
            return self._claim(Table(view), legal_actions)
        if kind == "collect":
            table = Table(view)
            best = max(legal_actions, key=lambda a: (table.gain(table.team, a["card"]),
                                                     -VALUE_OF[a["card"]]))
            return best, Why(_collect_words, table, best["card"])
        return legal_actions[0], Why(_start_words, view)

    @staticmethod
    def _exchange(view: dict, legal_actions: list) -> tuple:
        picks = [a for a in legal_actions if a["type"] in ("give", "return")]
        # pass on the low cards: they win no tricks, so they are the least use to keep
        best = min(picks, key=lambda a: (VALUE_OF[a["card"]], ORDER[a["card"]]))
        return best, Why(_exchange_words, view, best, picks)

    @staticmethod
    def _claim(table: Table, legal_actions: list) -> tuple:
        claim = next(a for a in legal_actions if a["type"] == "claim_guide")
        decline = next(a for a in legal_actions if a["type"] == "decline_guide")
        source = claim["from"]
        if source != "office" and table.team_of(source) == table.team:
            # taking it from the partner gains the team nothing
            return decline, Why(_partner_guide_words, claim)
        held = len(table.view["guides"][table.seat])
        spare = table.tricks_left() - held - (1 if VALUE_OF[claim["guide"]] >= 6 else 0)
        return (claim if spare >= 3 else decline), Why(_claim_words, table, claim, spare >= 3)

    # -- playing a card
    def _play(self, table: Table, legal_actions: list) -> tuple:
        view = table.view
        trick = [(play["seat"], play["card"]) for play in view["trick"]]
        urgent = table.tricks_left() <= len(view["guides"][table.seat]) + 1
        best, best_score = None, None
        for action in legal_actions:
            card = action["card"]
            score = self._estimate(table, trick, card)
            if card in GUIDES:
                # a guide kept may win a better trick later, but costs 2 x value if the
                # round ends first (scoring.trumps)
                score += 2 * VALUE_OF[card] if urgent else -3
            key = (score, -VALUE_OF[card] if card in GUIDES else 0, -ORDER[card])
            if best_score is None or key > best_score:
                best, best_score = action, key
        return best, Why(_play_words, self, table, trick, best["card"], urgent,
                         len(legal_actions))

    def _estimate(self, table: Table, trick: list, card: str) -> float:
        """Expected change of (our campsite - their campsite) from this trick."""
        return self._forecast(table, trick, card)[0]

    def _forecast(self, table: Table, trick: list, card: str) -> tuple:
        """``(_estimate, what it rests on)``: ``("matchmaking", twin)``, or ``("trick", ours,
        win_value, the card worth collecting or None for one still to come, lose_value)``,
        ``ours`` being the chance that the team wins the trick."""
        seat, team = table.seat, table.team
        twin = TWIN_OF.get(card)
        full = trick + [(seat, card)]
        for other, played in trick:
            if played == twin and (other != seat or table.options["allow_self_matchmaking"]):
                return self._matchmaking_value(table, full, twin, card), ("matchmaking", twin)
        remaining = self._seats_to_play(table, full)
        winner_index, _ = trick_outcome(full, table.options["trump_vs_trump"])
        win_seat, win_card = full[winner_index]
        ours = 1.0 if table.team_of(win_seat) == team else 0.0
        lead = lead_colour(full)
        for other in remaining:
            beat = self._beat_chance(table, other, win_card, lead)
            if table.team_of(other) == team:
                ours += (1 - ours) * beat
            else:
                ours *= 1 - beat
        future_them = sum(1 for s in remaining if table.team_of(s) != team)
        future_us = len(remaining) - future_them
        win_value, worth = self._win_value(table, full, win_seat if table.team_of(win_seat)
                                           == team else seat, future_them)
        lose_value = self._lose_value(table, full, future_us)
        return (ours * win_value + (1 - ours) * lose_value,
                ("trick", ours, win_value, worth, lose_value))

    @staticmethod
    def _seats_to_play(table: Table, full: list) -> list:
        leader = full[0][0]
        if table.players == 4:
            return [(leader + i) % 4 for i in range(len(full), 4)]
        return [leader if i % 2 == 0 else 1 - leader for i in range(len(full), 4)]

    @staticmethod
    def _matchmaking_value(table: Table, full: list, twin: str, card: str) -> float:
        value = 0.0
        for other, played in full:
            if played in GUIDES or played in (twin, card):
                continue
            owner = table.team_of(other)
            gain = table.gain(owner, played)
            value += gain if owner == table.team else -gain
        return value + 0.5  # the matchmaker also leads the next trick

    @staticmethod
    def _beat_chance(table: Table, seat: int, win_card: str, lead) -> float:
        """Rough chance that ``seat`` beats ``win_card`` with its play."""
        guides = table.view["guides"][seat]
        if win_card in GUIDES:
            if table.options["trump_vs_trump"] != "highest":
                return 0.0
            beating = [g for g in guides if VALUE_OF[g] > VALUE_OF[win_card]]
        else:
            beating = list(guides)
        hidden = table.hidden_count(seat)
        known = table.ups[seat] if table.players == 2 else []
        options = max(1, hidden + len(known))
        guide_chance = min(1.0, len(beating) / (options + len(guides)))
        if win_card in GUIDES:
            return guide_chance
        value = VALUE_OF[win_card]
        unseen = table.unseen
        n = max(1, len(unseen))
        u = sum(1 for c in unseen if COLOUR_OF[c] == lead)
        h = sum(1 for c in unseen if COLOUR_OF[c] == lead and VALUE_OF[c] > value)
        k = sum(1 for c in known if COLOUR_OF[c] == lead)
        kh = sum(1 for c in known if COLOUR_OF[c] == lead and VALUE_OF[c] > value)
        expected_lead = k + hidden * u / n
        if expected_lead <= 0:
            return guide_chance
        holds = 1.0 if k else 1 - (1 - u / n) ** hidden
        higher = (kh + hidden * h / n) / expected_lead
        return guide_chance + (1 - guide_chance) * holds * higher

    @staticmethod
    def _win_value(table: Table, full: list, winner: int, future_them: int) -> tuple:
        """What our team gets when ``winner`` (ours) collects: the best card allowed, as
        ``(points, that card)``; the card is None when the best is one still to be played."""
        team = table.team
        if table.players == 2 and table.options["twop_collect_exclusion"] == "winning_card_only":
            allowed = [c for s, c in full if c not in GUIDES]
        else:
            allowed = [c for s, c in full if s != winner and c not in GUIDES]
        gains = [table.gain(team, c) for c in allowed]
        if future_them:
            gains.append(table.mean_unseen_gain(team))
        if not gains:
            return 0.0, None
        best = max(gains)
        index = gains.index(best)
        return best, allowed[index] if index < len(allowed) else None

    @staticmethod
    def _lose_value(table: Table, full: list, future_us: int) -> float:
        """What losing the trick costs: the opponents collect one card (on average)."""
        them = 1 - table.team
        allowed = [c for s, c in full if c not in GUIDES and (
            table.players == 4 or table.team_of(s) == table.team)]
        gains = [table.gain(them, c) for c in allowed]
        if future_us:
            gains.append(table.mean_unseen_gain(them))
        return -sum(gains) / len(gains) if gains else 0.0



# ---- the basic bot's reasons, in the player's words --------------------------------------


def _count(number, one: str, many: str) -> str:
    return str(number) + " " + (one if number == 1 else many)


def _campsite(table: Table) -> str:
    return "your team's campsite" if table.players == 4 else "your campsite"


def _points(number) -> str:
    return _count(round(number), "point", "points")


def _exchange_words(view: dict, pick: dict, picks: list) -> tuple:
    card = card_name(pick["card"])
    mine = view["exchange"]["mine"]
    if pick["type"] == "give":
        still = " still unpicked" if mine["picked"] else ""
        return ("Give the " + card + " to your partner: it is your lowest card" + still + ", and"
                " low cards win no tricks, so they are the least use to keep."), "exchange.give"
    owed = owed_colours(mine["received"], mine["picked"])
    return ("Return the " + card + " to your partner: you still owe " + colour_counts(owed)
            + " of the colours you received, and it is your lowest card of those colours."
            ), "MK-A3"


def _start_words(view: dict) -> tuple:
    return ("Start round " + str(view["round"]) + ": your team leads on points and decides who"
            " starts, and the starter initiates the exchange."), "MK-A19"


def _partner_guide_words(claim: dict) -> tuple:
    return ("Let the " + card_name(claim["guide"]) + " be: it lies in front of your partner, so"
            " taking it gains your team nothing."), "MK-A12"


def _claim_words(table: Table, claim: dict, take: bool) -> tuple:
    guide = card_name(claim["guide"])
    left = _count(table.tricks_left(), "trick", "tricks")
    if take:
        source = "the office" if claim["from"] == "office" else "Seat " + str(claim["from"] + 1)
        return ("Recruit the " + guide + " from " + source + ": about " + left + " are left,"
                " time enough to play it before the round ends."), "loser.claim"
    costs = "a guide still held when the round ends costs twice its value"
    if not table.tricks_left():
        return ("Let the " + guide + " be: no trick is left to play it in, and " + costs + "."
                ), "scoring.trumps"
    held = len(table.view["guides"][table.seat])
    holding = (" and " + _count(held, "guide", "guides") + " already in front of you"
               if held else "")
    return ("Let the " + guide + " be: with about " + left + " left" + holding + ", you might"
            " not get to play it, and " + costs + "."), "scoring.trumps"


def _collect_words(table: Table, card: str) -> tuple:
    gain = table.gain(table.team, card)
    head = "Collect the " + card_name(card) + ": it "
    if gain > 0:
        what = "adds " + _points(gain) + " to " + _campsite(table) + ", the most"
    elif gain == 0:
        what = "costs " + _campsite(table) + " nothing, the best"
    else:
        what = "costs " + _campsite(table) + " " + _points(-gain) + ", the least"
    return head + what + " of the cards you may take.", "MK-A18"


def _follow_words(table: Table, trick: list, card: str) -> str:
    """What the trick asks of the hand (tricks.follow, MK-A8, through rules.Follow)."""
    if card in GUIDES:
        return "a guide may always be played"
    animals = list(table.view["hand"]) + (table.ups[table.seat] if table.players == 2 else [])
    follow = Follow(animals, trick)
    if follow.lead is None:
        return ""
    colour = colour_name(follow.lead)
    return ("you must follow " if follow.holds else "you have no ") + colour


def _play_words(bot: BasicBot, table: Table, trick: list, card: str, urgent: bool,
                choices: int) -> tuple:
    head = "Play the " + card_name(card) + ": "
    duty = _follow_words(table, trick, card)
    score, basis = bot._forecast(table, trick, card)
    if choices == 1:
        return (head + "it is the only card you may play" + (", as " + duty if duty else "")
                + "."), "tricks.follow"
    lead = duty + "; " if duty else ""
    if basis[0] == "matchmaking":
        return (head + lead + "it is the twin of the " + card_name(basis[1]) + " in the trick,"
                " so it makes a Matchmaking, which sends the other animals home to their teams'"
                " campsites."), "MK-A16"
    if card in GUIDES and urgent:
        return (head + "the round is nearly over, and a guide still in front of you then costs"
                " twice its value."), "scoring.trumps"
    _, ours, win_value, worth, lose_value = basis
    team = table.players == 4
    if ours >= 0.5:
        said = ("your team" if team else "you") + " should win this trick"
        if worth is None:
            said += ", and a card still to be played may suit " + _campsite(table)
        elif win_value > 0:
            said += (", and the " + card_name(worth) + " in it would add " + _points(win_value)
                     + " to " + _campsite(table))
        elif win_value == 0:
            said += (", and the best card in it for " + _campsite(table) + ", the "
                     + card_name(worth) + ", would cost nothing")
        else:
            said += (", though even the best card in it for " + _campsite(table) + ", the "
                     + card_name(worth) + ", would cost " + _points(-win_value))
    else:
        said = "it should lose this trick"
        them = "the other team" if team else "your opponent"
        if lose_value > 0:
            said += ", and the cards it leaves " + them + " to collect would cost them points"
        elif lose_value == 0:
            said += ", and its cards would not help " + them
        else:
            said += ", and every other card you may play looks worse for " + (
                "your team" if team else "you")
    return head + lead + said + ".", "winner.collect"
