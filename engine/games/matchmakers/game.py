"""Matchmakers: team tricks, a partner exchange, guides won by losing, twins that make a match.

The state machine. The rulebook's sentences and the options are in ``rulebook.py``, the cards
and the rules as pure functions (one predicate per rule) in ``rules.py``, positions in
``position.py``, what each seat sees in ``view.py``, the bots in ``bots.py`` and every word a
player reads in ``words.py``.

Actions (every action names its seat; several seats may be pending during the exchange):

    {"type": "start", "seat": 2}                  # option next_starter=team_choice: "I start"
    {"type": "give", "card": "R3", "seat": 0}     # pick 1 of the 3 cards for the partner;
                                                  #   the third pick passes them face down
    {"type": "undo_give", "card": "R3", "seat": 0}      # take back a picked card (before the 3rd)
    {"type": "return", "card": "B5", "seat": 2}   # pick 1 of the 3 cards returned, same colour
                                                  #   distribution as received (MK-A3); the
                                                  #   third pick hands them back
    {"type": "undo_return", "card": "B5", "seat": 2}
    {"type": "play", "card": "R8s", "seat": 1}    # a hand card, a face-up straw card (2p) or one
                                                  #   of your guides: {"card": "T4"}
    {"type": "claim_guide", "guide": "T4", "from": "office", "seat": 3}   # or "from": <seat>
    {"type": "decline_guide", "seat": 3}          # the trick's loser lets the guide be (MK-A12)
    {"type": "collect", "card": "G5", "seat": 0}  # the winner picks a card for the campsite

The view is described in ``view.py``; the log is data (``words.py`` lists its kinds), and the
cards passed in the exchange are named only in entries for the two partners.

Two conveniences, both logged: when the winner may collect only one card it is collected at
once (MK-A14), and a player who must play with no card at all skips (MK-A26). While the loser
and the winner decide, ``trick`` still shows the guides played, although they are already back
in the office (MK-A13 b).
"""

import json

from ...bots import RandomBot, careless
from ...errors import IllegalAction, Refusal
from ...game import Game, copy_json, is_seat_number
from . import position as positions
from . import view
from .bots import BasicBot
from .rulebook import OPTIONS, RULE_VERSIONS
from .rules import (
    ANIMALS,
    EXCHANGE_SIZE,
    GUIDE_SET,
    GUIDES,
    HAND_SIZE,
    PLAYER_COUNTS,
    ROUNDS,
    STRAW_STACKS,
    TURNS_PER_TRICK,
    VALUE_OF,
    WINNING_MARGIN,
    Follow,
    claim_refusal,
    collect_refusal,
    exchange_turn_refusal,
    guide_claim,
    leading_team,
    members,
    next_starter,
    partner,
    pick_refusal,
    play_refusal,
    score_row,
    sort_cards,
    stage_refusal,
    team_of,
    trick_outcome,
    twin_in_trick,
    undo_refusal,
)
from .search import STRONG_WORDS, StrongBot

STEPS = {"give": "give", "undo_give": "give", "return": "return", "undo_return": "return"}


class Matchmakers(Game):
    id = "matchmakers"
    title = "Matchmakers"
    # The lobby's one sentence on what the game is like.
    summary = ("A team game of tricks: follow suit, and collect the animal cards your team needs "
               "for its scoring sets.")
    min_players = 2
    max_players = 4
    default_players = 4
    RULE_VERSIONS = RULE_VERSIONS
    OPTIONS = OPTIONS
    BOTS = {"basic": BasicBot, "easy": careless(BasicBot), "strong": StrongBot,
            "random": RandomBot}
    BOT_WORDS = {"strong": STRONG_WORDS}
    ACTIONS = {"start": {}, "give": {"card": "text"}, "undo_give": {"card": "text"},
               "return": {"card": "text"}, "undo_return": {"card": "text"},
               "play": {"card": "text"}, "claim_guide": {"guide": "text", "from": "place"},
               "decline_guide": {}, "collect": {"card": "text"}}
    STATE = ("dealer", "round", "stage", "starter", "leader", "totals", "hands", "straw",
             "guides", "office", "campsites", "discard", "trick", "turn", "resolution",
             "exchange", "last_trick", "score_rows", "end_reason")

    @classmethod
    def check_players(cls, players) -> int:
        """2 or 4 players (overview.players): two teams of two, or the straw-pile variant."""
        if players is None:
            return cls.default_players
        if is_seat_number(players, cls.max_players + 1) and players in PLAYER_COUNTS:
            return players
        scalar = players is None or isinstance(players, (str, int, float, bool))
        shown = json.dumps(players) if scalar else "that"
        raise IllegalAction(f"Matchmakers is played by 2 or 4 players (two teams of two, or the"
                            f" 2-player straw-pile variant), not {shown}.", "overview.players")

    @classmethod
    def describe(cls) -> dict:
        data = super().describe()
        data["player_counts"] = list(PLAYER_COUNTS)
        return data

    # ---- teams ---------------------------------------------------------------------------------
    def team_of(self, seat: int) -> int:
        return team_of(seat, self.players)

    def members(self, team: int) -> list:
        return members(team, self.players)

    def partner(self, seat: int) -> int:
        return partner(seat)

    # ---- dealing -----------------------------------------------------------------------------
    def setup(self) -> None:
        self.dealer = self.rng.randbelow(self.players)  # MK-A2
        self.round = 1
        self.totals = [0, 0]  # per team
        self.score_rows: list = []
        self.last_trick = None
        self.end_reason = None
        self.starter = self.dealer  # setup.deal: the dealer is the first player
        self.say("round", round=1, dealer=self.dealer, starter=self.starter)
        self._deal()
        self._begin_round()

    def clear_table(self) -> None:
        self.office = list(GUIDES)  # MK-A22: every guide starts the round in the office
        self.guides = [[] for _ in range(self.players)]
        self.campsites = [[], []]
        self.discard: list = []
        self.trick: list = []  # [seat, card] in play order
        self.turn = 0  # turns taken in this trick, skipped ones included (MK-A26)
        self.resolution = None
        self.exchange = None

    def _deal(self) -> None:
        self.clear_table()
        self.last_trick = None  # the last round's cards go back into the deck
        deck = list(ANIMALS)
        self.rng.shuffle(deck)
        n = HAND_SIZE[self.players]
        self.hands = [sort_cards(deck[s * n:(s + 1) * n]) for s in range(self.players)]
        self.straw = None
        if self.players == 2:
            rest = deck[2 * n:]
            # twop.setup: 9 face down, 9 face up on top, per player: stacks of [down, up]
            self.straw = [[[rest[s * 18 + i], rest[s * 18 + 9 + i]] for i in range(STRAW_STACKS)]
                          for s in range(2)]

    def _begin_round(self) -> None:
        """After the deal: the starter choice (option), the exchange (4p) or the first lead."""
        self.leader = self.starter
        if self.players == 2:
            self.stage = "play"  # MK-A7: no exchange with 2 players
            self.prepare_turn()
        elif self.starter is None:
            self.stage = "start"  # option next_starter=team_choice
        else:
            self.open_exchange()

    def open_exchange(self) -> None:
        starting_team = self.team_of(self.starter)
        self.exchange = []
        for team in (0, 1):
            if team == starting_team:
                initiator = self.starter  # MK-A4 / end.next: the starter initiates
            elif self.options["exchange_initiator"] == "seat_rule":
                initiator = (self.starter + 1) % 4  # MK-A4: the starter's left-hand neighbour
            else:
                initiator = None  # team_choice: whoever picks first
            self.exchange.append({"initiator": initiator, "picked": [], "given": None,
                                  "returned": None})
        self.stage = "exchange"

    # ---- whose decision ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.stage == "over"

    @property
    def pending(self) -> list:
        stage = self.stage
        if stage == "play":
            return [self.turn_seat()]
        if stage == "claim":
            return [self.resolution["loser"]]
        if stage == "collect":
            return [self.resolution["winner"]]
        if stage == "exchange":
            seats = []
            for team, record in enumerate(self.exchange):
                if record["given"] is None:
                    seats += (self.members(team) if record["initiator"] is None
                              else [record["initiator"]])
                elif record["returned"] is None:
                    seats.append(self.partner(record["initiator"]))
            return sorted(seats)
        if stage == "start":
            return self.members(leading_team(self.totals))
        return []

    @property
    def to_move(self) -> int | None:
        pending = self.pending
        return pending[0] if pending else None

    def turn_seat(self, turn: int | None = None) -> int:
        turn = self.turn if turn is None else turn
        if self.players == 4:
            return (self.leader + turn) % 4
        return self.leader if turn % 2 == 0 else 1 - self.leader  # MK-A24

    # ---- what a seat holds ---------------------------------------------------------------------
    def animals_of(self, seat: int) -> list:
        """The seat's playable animals: hand, plus face-up straw cards with 2 players
        (twop.hand)."""
        if self.straw is None:
            return self.hands[seat]
        return self.hands[seat] + [up for _, up in self.straw[seat] if up is not None]

    def cards_left(self, seat: int) -> int:
        """All the seat's animals, face-down straw cards included (MK-A26)."""
        count = len(self.hands[seat])
        if self.straw is not None:
            count += sum((down is not None) + (up is not None) for down, up in self.straw[seat])
        return count

    def guide_holder(self, guide: str):
        if guide in self.office:
            return "office"
        for seat, held in enumerate(self.guides):
            if guide in held:
                return seat
        return None  # in the current trick

    def exchange_step(self, seat: int) -> str | None:
        """"give" or "return" when ``seat`` picks exchange cards now, else None."""
        if self.stage != "exchange":
            return None
        record = self.exchange[self.team_of(seat)]
        for step in ("give", "return"):
            if exchange_turn_refusal(step, seat, record) is None:
                return step
        return None

    # ---- legal actions and refusals: each from the rule's one predicate ------------------------
    def legal_cards(self, seat: int) -> list:
        animals, guides = self.animals_of(seat), self.guides[seat]
        straw, trick = self.straw is not None, self.trick
        follow = Follow(animals, trick)
        return [card for card in sort_cards(animals) + sort_cards(guides)
                if play_refusal(card, animals, guides, trick, straw, follow) is None]

    def collectable(self) -> list:
        res = self.resolution
        return [card for _, card in self.trick if self._collect_refusal(card) is None] \
            if res is not None else []

    def _collect_refusal(self, card):
        res = self.resolution
        two = self.players == 2
        only_winning = two and self.options["twop_collect_exclusion"] == "winning_card_only"
        return collect_refusal(card, self.trick, res["winner"], res["winner_index"],
                               only_winning, "MK-A27" if two else "winner.collect")

    def _pick_refusal(self, seat: int, step: str, card):
        record = self.exchange[self.team_of(seat)]
        return pick_refusal(step, card, self.hands[seat], record["picked"], record["given"])

    def actions_for(self, seat: int) -> list:
        stage = self.stage
        if seat not in self.pending:
            return []
        if stage == "play":
            return [{"type": "play", "card": card, "seat": seat}
                    for card in self.legal_cards(seat)]
        if stage == "exchange":
            step = self.exchange_step(seat)
            picked = self.exchange[self.team_of(seat)]["picked"]
            picks = [{"type": step, "card": card, "seat": seat} for card in self.hands[seat]
                     if self._pick_refusal(seat, step, card) is None]
            return picks + [{"type": "undo_" + step, "card": card, "seat": seat}
                            for card in picked if undo_refusal(step, card, picked) is None]
        if stage == "claim":
            claim = self.resolution["claim"]
            return [{"type": "claim_guide", "guide": claim["guide"], "from": claim["from"],
                     "seat": seat},  # the one claim claim_refusal allows
                    {"type": "decline_guide", "seat": seat}]
        if stage == "collect":
            return [{"type": "collect", "card": card, "seat": seat}
                    for card in self.resolution["collectable"]]
        if stage == "start":
            return [{"type": "start", "seat": seat}]
        return []

    def why_illegal(self, action: dict) -> IllegalAction:
        refusal = self.refusal(action) or Refusal(None, "That move is not allowed now.")
        return refusal.error()

    def refusal(self, action: dict):
        """Why ``action`` (well formed, by a pending seat) is not legal now: the Refusal of the
        rule that forbids it."""
        seat, kind, card = action["seat"], action["type"], action.get("card")
        step = self.exchange_step(seat)
        if kind == "play" and step is not None:
            # The table lets a player press any hand card; during the exchange the reason that
            # matters is why that card cannot be picked (MK-A3), not that it is no time to play.
            verb = "give to" if step == "give" else "return to"
            return self._pick_refusal(seat, step, card) or Refusal(
                "exchange." + step, f"The partners are exchanging cards first: pick 3 cards to"
                f" {verb} your partner.")
        refusal = stage_refusal(kind, self.stage)
        if refusal is not None:
            return refusal
        if kind in STEPS:
            step, record = STEPS[kind], self.exchange[self.team_of(seat)]
            refusal = exchange_turn_refusal(step, seat, record)
            if refusal is not None or kind.startswith("undo_"):
                return refusal or undo_refusal(step, card, record["picked"])
            return self._pick_refusal(seat, step, card)
        if kind == "play":
            return play_refusal(card, self.animals_of(seat), self.guides[seat], self.trick,
                                self.straw is not None)
        if kind == "claim_guide":
            return claim_refusal(action["guide"], action["from"], self.resolution["claim"])
        if kind == "collect":
            return self._collect_refusal(card)
        return None

    # ---- applying actions --------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        kind, seat = action["type"], action["seat"]
        if kind == "play":
            self._play(seat, action["card"])
        elif kind in ("give", "return"):
            self._pick(seat, kind, action["card"])
        elif kind in ("undo_give", "undo_return"):
            self.exchange[self.team_of(seat)]["picked"].remove(action["card"])
        elif kind == "claim_guide":
            self._claim(seat, action["guide"], action["from"])
        elif kind == "decline_guide":
            self.say("declined", seat, guide=self.resolution["claim"]["guide"])
            self.resolution["claim"] = None  # decided: the winner collects next
            self._collect_step()
        elif kind == "collect":
            self._collect(seat, action["card"])
        elif kind == "start":
            self.starter = self.leader = seat
            self.say("starts", seat, round=self.round)
            self.open_exchange()

    # -- the exchange
    def _pick(self, seat: int, step: str, card: str) -> None:
        record = self.exchange[self.team_of(seat)]
        if step == "give" and record["initiator"] is None:
            record["initiator"] = seat  # team_choice: the first to pick initiates
        record["picked"].append(card)
        if len(record["picked"]) < EXCHANGE_SIZE:
            return
        cards, record["picked"] = record["picked"], []
        receiver = self.partner(seat)
        self.hands[seat] = [c for c in self.hands[seat] if c not in cards]
        self.hands[receiver] = sort_cards(self.hands[receiver] + cards)
        record["given" if step == "give" else "returned"] = cards
        # Face down: the others learn that 3 cards passed; only the partners which ones.
        self.say("passed", seat, to=receiver, step=step, count=len(cards))
        self.say("passed_cards", seat, only=[seat, receiver], to=receiver, step=step,
                 cards=sort_cards(cards))
        if step == "return" and all(r["returned"] is not None for r in self.exchange):
            self.stage = "play"
            self.say("exchange_done", leader=self.leader)

    # -- playing
    def _play(self, seat: int, card: str) -> None:
        if card in GUIDE_SET:
            self.guides[seat].remove(card)
        elif card in self.hands[seat]:
            self.hands[seat].remove(card)
        else:
            for stack in self.straw[seat]:
                if stack[1] == card:
                    stack[1] = None
                    break
        matched = twin_in_trick(self.trick, seat, card, self.options["allow_self_matchmaking"])
        self.trick.append([seat, card])
        self.say("played", seat, card=card)
        if matched is not None:
            self._matchmaking(seat, matched)
            return
        self.turn += 1
        self.prepare_turn()

    def skips(self, seat: int) -> bool:
        """A 2-player seat with nothing to play now skips its turn (MK-A26)."""
        return (not self.animals_of(seat) and not self.guides[seat]
                and not (self.options["straw_emergency_reveal"] and self._uncovered(seat)))

    def prepare_turn(self) -> None:
        """Move on to the next turn of the trick, or resolve it when every turn is taken.

        With 2 players a player out of hand and face-up cards first reveals their uncovered
        face-down cards (option straw_emergency_reveal), and with no card at all skips (MK-A26).
        """
        while self.turn < TURNS_PER_TRICK:
            if self.players == 4:
                return
            seat = self.turn_seat()
            if self.animals_of(seat):
                return
            if self.options["straw_emergency_reveal"] and self._reveal(seat, "MK-A26"):
                return
            if self.guides[seat]:
                return  # only a guide left to play (MK-A26)
            self.say("skipped", seat)
            self.turn += 1
        self._resolve_trick()

    def _uncovered(self, seat: int) -> list:
        return [down for down, up in self.straw[seat] if up is None and down is not None]

    def _reveal(self, seat: int, why: str) -> list:
        revealed = []
        for stack in self.straw[seat]:
            if stack[1] is None and stack[0] is not None:
                stack[0], stack[1] = None, stack[0]
                revealed.append(stack[1])
        if revealed:
            self.say("revealed", seat, cards=revealed, rule=why)
        return revealed

    def _matchmaking(self, seat: int, matched: int) -> None:
        """MK-A16: the twins are discarded, the rest go home, the matchmaker leads next."""
        twins = {matched, len(self.trick) - 1}
        sent = [[], []]
        for index, (player, card) in enumerate(self.trick):
            if index in twins:
                self.discard.append(card)
            elif card in GUIDE_SET:
                self.office = sort_cards(self.office + [card])
            else:
                self.campsites[self.team_of(player)].append(card)
                sent[self.team_of(player)].append(card)
        twin_cards = [self.trick[i][1] for i in sorted(twins)]
        self.say("matchmaking", seat, twins=twin_cards,
                 campsites=[{"team": self.members(team), "cards": sent[team]}
                            for team in (0, 1) if sent[team]])
        self.last_trick = {"cards": self.trick_plays(), "matchmaking": True, "winner": None,
                           "loser": None, "collected": None, "claimed": None,
                           "twins": twin_cards}
        self._finish_trick(seat)

    def trick_plays(self) -> list:
        return [{"seat": s, "card": c} for s, c in self.trick]

    # -- resolving a trick
    def _resolve_trick(self) -> None:
        """MK-A13: (a) winner and loser, (b) guides to the office, (c) claim, (d) collect."""
        trick = self.trick
        winner_index, loser_index = trick_outcome(trick, self.options["trump_vs_trump"])
        played_guides = [card for _, card in trick if card in GUIDE_SET]
        self.office = sort_cards(self.office + played_guides)  # (b) trumps.return
        winner = trick[winner_index][0]
        self.last_trick = {"cards": self.trick_plays(), "matchmaking": False,
                           "winner": winner, "loser": None, "collected": None, "claimed": None,
                           "twins": None}
        if loser_index is None:  # MK-A15: guides only
            if self.options["all_trumps_next_leader"] == "highest_trump":
                leader = max(trick, key=lambda play: VALUE_OF[play[1]])[0]
            else:
                leader = self.leader
            self.say("guides_only", leader=leader)
            self._finish_trick(leader)
            return
        loser, weakest = trick[loser_index]
        self.last_trick["loser"] = loser
        self.say("trick", winner, loser=loser, card=weakest)
        self.resolution = {"winner": winner, "winner_index": winner_index, "loser": loser,
                           "loser_index": loser_index, "weakest": weakest, "claim": None,
                           "collectable": []}
        outcome, claim = self.claim_outcome()
        if outcome == "claim":
            self.resolution["claim"] = claim
            self.stage = "claim"
            return
        if outcome is not None:
            self.say(outcome, loser if outcome == "holds_guide" else None, guide=claim)
        self._collect_step()

    def claim_outcome(self) -> tuple:
        """What the trick's loser may recruit now (guide_claim in rules.py)."""
        res = self.resolution
        weakest = res["weakest"]
        guide = "T" + weakest[1]
        played_here = any(card == guide for _, card in self.trick)
        return guide_claim(weakest, res["loser"], self.guide_holder(guide), played_here,
                           self.options["claim_trump_played_this_trick"])

    def _claim(self, seat: int, guide: str, source) -> None:
        if source == "office":
            self.office.remove(guide)
        else:
            self.guides[source].remove(guide)
        self.guides[seat] = sort_cards(self.guides[seat] + [guide])
        self.last_trick["claimed"] = guide
        self.resolution["claim"] = None  # decided: the winner collects next
        self.say("claimed", seat, guide=guide, **{"from": source})
        self._collect_step()

    def _collect_step(self) -> None:
        """(d) MK-A14: the winner must take one non-guide card not their own, if any."""
        res = self.resolution
        winner = res["winner"]
        res["collectable"] = allowed = self.collectable()
        if len(allowed) > 1:
            self.stage = "collect"
            return
        if allowed:
            self._collect(winner, allowed[0], forced=True)
        else:
            self.say("nothing_to_collect", winner)
            self._discard_trick(winner)

    def _collect(self, seat: int, card: str, forced: bool = False) -> None:
        team = self.team_of(seat)
        self.campsites[team].append(card)
        self.last_trick["collected"] = card
        self.say("collected", seat, card=card, team=self.members(team), only_choice=forced)
        self._discard_trick(seat)

    def _discard_trick(self, winner: int) -> None:
        """(e) the rest of the trick is discarded; the winner leads next (winner.collect)."""
        collected = self.last_trick["collected"]
        for _, card in self.trick:
            if card not in GUIDE_SET and card != collected:
                self.discard.append(card)
        self._finish_trick(winner)

    def _finish_trick(self, leader: int) -> None:
        self.trick = []
        self.turn = 0
        self.resolution = None
        self.leader = leader
        self.stage = "play"
        if self.straw is not None:
            for seat in (leader, 1 - leader):
                self._reveal(seat, "twop.reveal")
        if self.round_over():
            self._end_round()
        else:
            self.prepare_turn()

    def round_over(self) -> bool:
        if self.players == 4:
            return any(not hand for hand in self.hands)  # MK-A17
        return any(self.cards_left(seat) == 0 for seat in range(2))  # MK-A26

    # ---- scoring and rounds ------------------------------------------------------------------
    def _end_round(self) -> None:
        held = [[g for s in self.members(team) for g in self.guides[s]] for team in (0, 1)]
        row = score_row(self.round, self.starter, self.campsites, held, self.totals)
        self.score_rows.append(row)
        self.totals = list(row["totals"])
        self.say("scored", round=self.round, teams=[self.members(0), self.members(1)],
                 campsite=[a["points"] for a in row["campsites"]],
                 penalties=list(row["penalties"]), points=list(row["points"]),
                 totals=list(self.totals))
        for team in (0, 1):  # MK-A18: the arrangement the engine chose, card by card
            arrangement = row["campsites"][team]
            self.say("campsite", team=self.members(team),
                     sets=copy_json(arrangement["sets"]),
                     unmatched=list(arrangement["unmatched"]), points=arrangement["points"])
        diff = abs(self.totals[0] - self.totals[1])
        if diff >= WINNING_MARGIN or self.round == ROUNDS:  # end.margin, end.three
            self.stage = "over"
            self.end_reason = "margin" if diff >= WINNING_MARGIN else "rounds"
            self.say("game_over", winners=[self.members(t)
                                           for t in self.result()["winning_teams"]])
            return
        self.round += 1
        self.starter = next_starter(self.starter, self.totals, self.players,
                                    self.options["next_starter"] == "team_choice")
        self._deal()
        if self.starter is None:
            self.say("round", round=self.round, starter=None,
                     team=self.members(leading_team(self.totals)))
        else:
            self.say("round", round=self.round, starter=self.starter)
        self._begin_round()

    def result(self) -> dict | None:
        if not self.over:
            return None
        best = max(self.totals)
        teams = [t for t in (0, 1) if self.totals[t] == best]  # end.three: ties shared
        return {
            "scores": [self.totals[self.team_of(s)] for s in range(self.players)],
            "winners": sorted(s for t in teams for s in self.members(t)),
            "team_scores": list(self.totals),
            "winning_teams": teams,
            "reason": self.end_reason,
            "rounds_played": len(self.score_rows),
        }

    # ---- what each seat sees -----------------------------------------------------------------
    def table_view(self, seat: int | None) -> dict:
        return view.table_view(self, seat)

    def campsites_private(self) -> bool:
        return self.options["campsite_visibility"] == "private" and not self.over

    # ---- where the cards are -----------------------------------------------------------------
    def card_locations(self) -> dict:
        return view.card_locations(self)

    def hidden_places(self, seat: int | None) -> list:
        return view.hidden_places(self, seat)

    def marker_cards(self) -> list:
        """The last trick, which the table still shows after its cards went to a campsite
        that may be private: every seat saw them played (played trick cards are public)."""
        return [play["card"] for play in (self.last_trick or {}).get("cards") or ()]

    # ---- the fast path (search bots' playouts) ------------------------------------------------
    def moves(self, seat: int) -> list:
        """In a trick the cards ``seat`` may play (codes, the rules of ``legal_cards``);
        at other decisions its actions."""
        if self.stage == "play":
            return self.legal_cards(seat)
        return self.actions_for(seat)

    def play_move(self, seat: int, move) -> None:
        """Trusted: one of ``moves(seat)``, as ``perform`` would apply it."""
        if self.stage == "play":
            self._play(seat, move)
        else:
            self.perform(move)

    def restore_copy(self, other: "Matchmakers") -> None:
        """Take ``other``'s state (``STATE``), copying what changes in place (hands, straw
        stacks, guides, piles, the trick, the exchange's picks, the trick being resolved) and
        sharing what is only ever replaced (totals, score rows, a finished trick's plays).
        Search bots copy before every playout."""
        for key in ("dealer", "round", "stage", "starter", "leader", "turn", "end_reason",
                    "totals"):
            setattr(self, key, getattr(other, key))
        self.hands = [list(hand) for hand in other.hands]
        self.straw = None if other.straw is None else [[list(stack) for stack in stacks]
                                                       for stacks in other.straw]
        self.guides = [list(held) for held in other.guides]
        self.office, self.discard = list(other.office), list(other.discard)
        self.campsites = [list(camp) for camp in other.campsites]
        self.trick = list(other.trick)  # its [seat, card] plays are never changed
        self.resolution = None if other.resolution is None else dict(other.resolution)
        self.exchange = None if other.exchange is None else [
            dict(record, picked=list(record["picked"])) for record in other.exchange]
        self.last_trick = None if other.last_trick is None else dict(other.last_trick)
        self.score_rows = list(other.score_rows)

    # ---- positions (position.py) ---------------------------------------------------------------
    POSITION_SHAPE = positions.SHAPE  # every field's type, checked before setup_position

    def setup_position(self, position: dict) -> None:
        positions.setup_position(self, position)

    def position(self) -> dict:
        return positions.position(self)

