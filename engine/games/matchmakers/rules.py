"""Matchmakers' cards and rules as pure functions, importing nothing from the game class.

Each rule a player can break is one predicate that returns None (allowed) or a ``Refusal``
naming the rule: the game's ``actions_for`` keeps the candidates a predicate allows, and its
``why_illegal`` shows the refusal the same predicate gives, so what is legal and why a move is
not can never disagree. The predicates:

- ``exchange_turn_refusal``: whether a seat gives or returns for its team now (MK-A4, MK-A6);
- ``pick_refusal``: which card may be picked to give or to return, with the colour
  distribution of MK-A3; ``undo_refusal``: taking a picked card back;
- ``play_refusal``: holding the card, following the lead colour, guides (tricks.follow, MK-A8);
- ``claim_refusal``: the one guide the trick's loser may take, from where (loser.claim);
- ``collect_refusal``: the card the winner may collect (winner.collect, MK-A14, MK-A27);
- ``stage_refusal``: a move of another part of the round.

Seats are numbered clockwise from 0. With 4 players the partners sit opposite: team 0 is
seats 0 and 2, team 1 seats 1 and 3. With 2 players each player is a team of one.
"""

from functools import cache
from itertools import combinations

from ...errors import Refusal
from . import words

# ---- the cards --------------------------------------------------------------------------------

COLOURS = words.COLOURS  # MK-A1
TWIN_MARKS = ("s", "m")  # ★ star, ☾ moon
TRUMP_VALUES = (2, 4, 6, 8)  # the even values: doubled in every colour, and the guides' values


def _colour_cards(colour: str) -> list:
    cards = []
    for value in range(1, 10):
        if value in TRUMP_VALUES:
            cards += [f"{colour}{value}{mark}" for mark in TWIN_MARKS]
        else:
            cards.append(f"{colour}{value}")
    return cards


ANIMALS = tuple(card for colour in COLOURS for card in _colour_cards(colour))  # 52
GUIDES = tuple(f"T{value}" for value in TRUMP_VALUES)  # T2 T4 T6 T8
ALL_CARDS = ANIMALS + GUIDES  # 56: every card is always in exactly one place
GUIDE_SET = frozenset(GUIDES)

COLOUR_OF = {card: card[0] for card in ANIMALS}
VALUE_OF = {card: int(card[1]) for card in ALL_CARDS}
GUIDE_OF_VALUE = {value: f"T{value}" for value in TRUMP_VALUES}
TWIN_OF = {card: card[:2] + ("m" if card[2] == "s" else "s") for card in ANIMALS
           if len(card) == 3}  # R8s <-> R8m: the pair that makes a Matchmaking
ORDER = {card: index for index, card in enumerate(ALL_CARDS)}

PLAYER_COUNTS = (2, 4)  # overview.players: "2 or 4 players", never 3
ROUNDS = 3  # "After 3 rounds ..."
WINNING_MARGIN = 30  # "a difference of at least 30 points" (MK-A20)
HAND_SIZE = {4: 13, 2: 8}
STRAW_STACKS = 9  # 2p: a 3×3 square of face-down cards, each covered by a face-up card
TURNS_PER_TRICK = 4  # 4p: one card each; 2p: two each (leader, opponent, leader, opponent)
EXCHANGE_SIZE = 3


def sort_cards(cards) -> list:
    return sorted(cards, key=ORDER.__getitem__)


def colour_counts(cards) -> dict:
    counts = {colour: 0 for colour in COLOURS}
    for card in cards:
        counts[COLOUR_OF[card]] += 1
    return counts


# ---- teams ------------------------------------------------------------------------------------

def team_of(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat  # setup.teams: partners sit opposite


def members(team: int, players: int) -> list:
    return [team, team + 2] if players == 4 else [team]


def partner(seat: int) -> int:
    return (seat + 2) % 4


def leading_team(totals) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def next_starter(previous: int, totals, players: int, team_choice: bool):
    """The starter of the next round (MK-A19, MK-A29); None when the leading team decides."""
    leading = leading_team(totals)
    if players == 2:  # MK-A29
        return 1 - previous if leading is None else leading
    if leading is None:  # MK-A19: equal totals, the next player clockwise
        return (previous + 1) % 4
    if team_choice:
        return None  # option next_starter = team_choice: the leading team decides
    for step in range(1, 5):  # MK-A19: clockwise, the previous starter not eligible
        seat = (previous + step) % 4
        if team_of(seat, 4) == leading:
            return seat
    raise AssertionError("unreachable")


# ---- scoring ----------------------------------------------------------------------------------

def _buddy_choices(counts: tuple) -> list:
    """Ways to split ``counts`` (copies per colour, 0-2) into at most two buddies.

    Returns ``[(first, second)]`` colour-index tuples (``second`` may be empty)."""
    present = [c for c in range(4) if counts[c]]
    choices = [((), ())]
    for size in (3, 4):
        for first in combinations(present, size):
            choices.append((first, ()))
            left = [c for c in range(4) if counts[c] - (c in first) > 0]
            for size2 in (3, 4):
                for second in combinations(left, size2):
                    choices.append((first, second))
    return choices


@cache
def _arrange_counts(counts: tuple) -> tuple:
    """Best use of one value's cards given copies per colour (MK-A18).

    Returns ``(used, couples, buddies)``: couples a tuple of colour indexes, buddies a tuple
    of colour-index tuples. Most cards used first; then the fewest sets; then couples first.
    """
    best = None
    doubles = [c for c in range(4) if counts[c] == 2]
    for n in range(len(doubles) + 1):
        for couples in combinations(doubles, n):
            rest = tuple(counts[c] - 2 * (c in couples) for c in range(4))
            for first, second in _buddy_choices(rest):
                used = 2 * len(couples) + len(first) + len(second)
                sets = len(couples) + (1 if first else 0) + (1 if second else 0)
                buddies = tuple(b for b in (first, second) if b)
                key = (used, -sets, len(couples))
                if best is None or key > best[0]:
                    best = (key, couples, buddies)
    return best[0][0], best[1], best[2]


def best_arrangement(cards) -> dict:
    """The best-scoring way to arrange a campsite into couples and buddies (MK-A18).

    ``cards`` are animal codes (no guides). Values never mix, so each value is arranged on its
    own, maximising the cards used. Returns ``{"sets": [{"kind": "couple"|"buddies",
    "cards": [...], "points": n}], "unmatched": [...], "points": n}``: every card in a set
    scores +value, every unmatched card -value.
    """
    by_value: dict = {}
    for card in cards:
        if card not in COLOUR_OF:
            raise ValueError(f"{card!r} is not an animal card")
        by_value.setdefault(VALUE_OF[card], []).append(card)
    sets, unmatched = [], []
    for value in sorted(by_value):
        pool = {colour: [] for colour in COLOURS}
        for card in sort_cards(by_value[value]):
            pool[card[0]].append(card)
        counts = tuple(len(pool[colour]) for colour in COLOURS)
        _, couples, buddies = _arrange_counts(counts)
        for c in couples:
            group = pool[COLOURS[c]]
            sets.append({"kind": "couple", "cards": group[:2], "points": 2 * value})
            pool[COLOURS[c]] = group[2:]
        for buddy in buddies:
            group = [pool[COLOURS[c]].pop(0) for c in buddy]
            sets.append({"kind": "buddies", "cards": group, "points": len(group) * value})
        for colour in COLOURS:
            unmatched += pool[colour]
    points = sum(s["points"] for s in sets) - sum(VALUE_OF[c] for c in unmatched)
    return {"sets": sets, "unmatched": sort_cards(unmatched), "points": points}


@cache
def _value_points(value: int, counts: tuple) -> int:
    used = _arrange_counts(counts)[0]
    return value * (2 * used - sum(counts))


def arrangement_points(cards) -> int:
    """Just the points of ``best_arrangement(cards)``: the fast path for bots."""
    counts: dict = {}
    for card in cards:
        row = counts.setdefault(VALUE_OF[card], [0, 0, 0, 0])
        row[COLOURS.index(card[0])] += 1
    return sum(_value_points(value, tuple(row)) for value, row in counts.items())


def gain_points(cards, card) -> int:
    """How many points ``card`` adds to a campsite of ``cards`` (MK-A18): only the sets of its
    value can change, so only those are arranged again (bots ask this for every choice)."""
    value, colour = VALUE_OF[card], COLOURS.index(card[0])
    row = [0, 0, 0, 0]
    for other in cards:
        if VALUE_OF[other] == value:
            row[COLOURS.index(other[0])] += 1
    before = _value_points(value, tuple(row))
    row[colour] += 1
    return _value_points(value, tuple(row)) - before


def guide_penalty(guides) -> int:
    """Held guides at the end of a round: -2 × value each (scoring.trumps)."""
    return -2 * sum(VALUE_OF[guide] for guide in guides)


def score_row(round_number: int, starter, campsites, guides, totals) -> dict:
    """The score sheet's row for a round (MK-A18): each team's best arrangement, the guides
    its members still hold and their penalty, the points and the new totals."""
    arrangements = [best_arrangement(cards) for cards in campsites]
    penalties = [guide_penalty(held) for held in guides]
    points = [arrangements[t]["points"] + penalties[t] for t in (0, 1)]
    return {"round": round_number, "starter": starter, "campsites": arrangements,
            "guides": [sort_cards(held) for held in guides], "penalties": penalties,
            "points": points, "totals": [totals[t] + points[t] for t in (0, 1)]}


# ---- the trick --------------------------------------------------------------------------------

def lead_colour(trick) -> str | None:
    """The colour of the first non-guide card of ``trick`` (``(seat, card)`` pairs), MK-A9."""
    for _, card in trick:
        if card not in GUIDE_SET:
            return COLOUR_OF[card]
    return None


def twin_in_trick(trick, seat: int, card: str, allow_self: bool) -> int | None:
    """The index of the card ``card`` matches to make a Matchmaking (MK-A16), or None. With
    2 players a player's own first card counts only under allow_self_matchmaking."""
    twin = TWIN_OF.get(card)
    if twin is None:
        return None
    for index, (other, played) in enumerate(trick):
        if played == twin and (other != seat or allow_self):
            return index
    return None


def trick_outcome(trick, trump_vs_trump: str = "highest") -> tuple:
    """``(winner_index, loser_index)`` of a finished ``trick`` (``(seat, card)`` in play order,
    no Matchmaking). ``loser_index`` is None for a trick of guides only (MK-A11)."""
    lead = lead_colour(trick)
    guides = [i for i, (_, card) in enumerate(trick) if card in GUIDE_SET]
    animals = [i for i, (_, card) in enumerate(trick) if card not in GUIDE_SET]
    if guides:  # winner.trump; MK-A10 among several
        if trump_vs_trump == "highest":
            winner = max(guides, key=lambda i: VALUE_OF[trick[i][1]])
        else:
            winner = guides[0]
    else:  # winner.no_trump: the highest of the lead colour; of equals, the first played
        winner = max((i for i in animals if COLOUR_OF[trick[i][1]] == lead),
                     key=lambda i: (VALUE_OF[trick[i][1]], -i))
    if not animals:
        return winner, None
    # MK-A11: off-colour below lead colour, then the lower value, then the earlier card
    loser = min(animals, key=lambda i: (COLOUR_OF[trick[i][1]] == lead, VALUE_OF[trick[i][1]],
                                        i))
    return winner, loser


def winning_animals(trick, animals, trump_vs_trump: str = "highest") -> list:
    """The ``animals`` that would win ``trick`` (``(seat, card)`` pairs so far) if played now,
    no Matchmaking: ``trick_outcome``'s winner, worked out once for the trick. A guide in the
    trick wins it (winner.trump); otherwise the highest of the lead colour, of equals the
    first played (winner.no_trump)."""
    if not trick:
        return list(animals)
    if any(card in GUIDE_SET for _, card in trick):
        return []
    lead = COLOUR_OF[trick[0][1]]
    best = max(VALUE_OF[card] for _, card in trick if COLOUR_OF[card] == lead)
    return [card for card in animals if COLOUR_OF[card] == lead and VALUE_OF[card] > best]


def guide_claim(weakest: str, loser: int, holder, played_here: bool, claim_played: bool):
    """What the trick's loser may recruit (loser.claim, MK-A12, MK-A13): ``("claim", {"guide",
    "from"})``, or why there is nothing (``("holds_guide", guide)``, ``("guide_stays",
    guide)``), or ``(None, None)`` when the weakest card names no guide."""
    guide = GUIDE_OF_VALUE.get(VALUE_OF[weakest])
    if guide is None:
        return None, None
    if holder == loser:
        return "holds_guide", guide
    if played_here and not claim_played:
        return "guide_stays", guide
    return "claim", {"guide": guide, "from": holder}


# ---- refusals: one predicate per rule --------------------------------------------------------

class Said:
    """A value put into words only when the refusal is shown (``str`` of it)."""

    __slots__ = ("say", "value")

    def __init__(self, say, value):
        self.say = say
        self.value = value

    def __str__(self) -> str:
        return self.say(self.value)


def _card(code) -> Said:
    return Said(words.card_name, code)


STAGE_OF = {"start": "start", "give": "exchange", "undo_give": "exchange",
            "return": "exchange", "undo_return": "exchange", "play": "play",
            "claim_guide": "claim", "decline_guide": "claim", "collect": "collect"}
STAGE_REFUSALS = {
    "start": ("MK-A19", "First the leading team decides who starts this round."),
    "exchange": ("exchange.give", "The partners are exchanging cards: each team passes 3 cards"
                                  " and 3 come back before the first trick."),
    "play": ("tricks.order", "It is time to play a card to the trick."),
    "claim": ("loser.claim", "The trick's loser is deciding whether to recruit a guide."),
    "collect": ("winner.collect", "The trick's winner is choosing a card for the campsite."),
}


def stage_refusal(kind: str, stage: str) -> Refusal | None:
    """A move that belongs to another part of the round."""
    if STAGE_OF[kind] == stage:
        return None
    rule, text = STAGE_REFUSALS.get(stage, (None, "That move is not allowed now."))
    return Refusal(rule, text)


def exchange_turn_refusal(step: str, seat: int, record: dict) -> Refusal | None:
    """Whether ``seat`` picks cards to ``step`` ("give"/"return") for its team now: the
    initiator gives 3 (MK-A4; anyone of the team under team_choice), then the partner
    returns 3 (exchange.return); then the team is done (MK-A6)."""
    initiator = record["initiator"]
    if step == "give":
        if record["given"] is not None:
            return Refusal("exchange.give", "Your team has already passed its 3 cards.")
        if initiator not in (None, seat):
            return Refusal("MK-A4", "Your partner initiates your team's exchange: you return"
                                    " the cards.")
        return None
    if record["given"] is None:
        return Refusal("exchange.return", "Wait for your partner's 3 cards before returning"
                                          " any.")
    if record["returned"] is not None:
        return Refusal("MK-A6", "Your team's exchange is done.")
    if partner(initiator) != seat:
        return Refusal("exchange.return", "Your partner returns the cards; you gave them.")
    return None


def owed_colours(given, picked) -> dict:
    """Colours the returning partner still owes: received minus picked (MK-A3)."""
    owed = colour_counts(given)
    for card in picked:
        owed[COLOUR_OF[card]] -= 1
    return owed


def _colours_text(counts) -> str:
    return words.colour_counts(counts)


def pick_refusal(step: str, card, hand, picked, given) -> Refusal | None:
    """Whether ``card`` may be picked to give (any hand card) or to return: the 3 returned
    cards have the colours of the 3 received, values ignored (MK-A3, MK-A5)."""
    rule = "exchange." + step
    if card in picked:
        return Refusal(rule, "You have already picked the {card}.", card=_card(card))
    if card in GUIDE_SET:
        return Refusal("MK-A6", "Guides are never exchanged: they lie face up in front of their"
                                " player, not in the hand.")
    if card not in hand:
        return _not_a_card(card) or Refusal(rule, "You do not hold the {card}.",
                                            card=_card(card))
    if step == "return":
        owed = owed_colours(given, picked)
        colour = COLOUR_OF[card]
        if owed[colour] <= 0:
            received = colour_counts(given)
            return Refusal(
                "MK-A3", "You received {received} and must return exactly those colours:"
                " still {owed} to return, so no {more}{colour} card.",
                received=Said(_colours_text, received), owed=Said(_colours_text, owed),
                more="more " if received[colour] else "", colour=words.colour_name(colour))
    return None


def undo_refusal(step: str, card, picked) -> Refusal | None:
    """Taking back a picked card, before the third pick passes the three (exchange.give)."""
    if card in picked:
        return None
    return _not_a_card(card) or Refusal("exchange." + step, "You have not picked the {card}.",
                                        card=_card(card))


def _not_a_card(card) -> Refusal | None:
    if card in ORDER:
        return None
    shown = card if len(card) <= 12 else card[:12] + "…"
    return Refusal("components.animals", "There is no card {shown} in Matchmakers: the animals"
                   " are red, blue, green and yellow 1 to 9, and the guides 2, 4, 6 and 8.",
                   shown=repr(shown))


def play_refusal(card, animals, guides, trick, straw: bool = False,
                 follow: "Follow | None" = None) -> Refusal | None:
    """Whether ``card`` may be played to ``trick`` by a player holding ``animals`` (hand, and
    face-up straw cards with 2 players: twop.hand) and ``guides`` (face up in front of them).
    A held guide may always be played (MK-A8); an animal follows the lead colour, the colour
    of the trick's first animal, while the player holds one (tricks.follow, MK-A9).
    ``follow``: ``Follow(animals, trick)``, when the caller asks for every card of a hand."""
    if card in GUIDE_SET:
        if card in guides:
            return None
        return Refusal("MK-A8", "You can only play a guide that lies in front of you, and the"
                                " {card} does not.", card=_card(card))
    if card not in animals:
        if straw:
            # Never say whether it is face down in the player's own straw pile: nobody may
            # look at those cards (twop.count), so the answer must not tell.
            return _not_a_card(card) or Refusal(
                "twop.hand", "You do not hold the {card} in your hand or face up in your straw"
                " pile.", card=_card(card))
        return _not_a_card(card) or Refusal("tricks.order", "You do not hold the {card}.",
                                            card=_card(card))
    follow = follow or Follow(animals, trick)
    if not follow.holds or COLOUR_OF[card] == follow.lead:
        return None
    # Worded only if shown: playouts ask this for every card of every hand.
    return Refusal("tricks.follow", "You must follow {colour} while you can: you hold the"
                   " {cards}. A guide may always be played instead.",
                   colour=Said(words.colour_name, follow.lead),
                   cards=Said(_followers_text, (follow.lead, tuple(animals))))


class Follow:
    """What the trick so far asks of one player's animals (tricks.follow, MK-A9): the lead
    colour, and whether they hold it. Worked out once for a hand, then asked card by card
    (``play_refusal``'s ``follow``): search bots ask millions of times."""

    __slots__ = ("lead", "holds")

    def __init__(self, animals, trick):
        self.lead = lead = lead_colour(trick)
        self.holds = lead is not None and any(COLOUR_OF[other] == lead for other in animals)


def _followers_text(lead_and_animals) -> str:
    lead, animals = lead_and_animals
    return words.card_list(sort_cards(other for other in animals if COLOUR_OF[other] == lead))


def claim_refusal(guide, source, claim) -> Refusal | None:
    """The loser may take exactly the guide of the weakest card's value, from where it is
    (loser.claim, loser.steal)."""
    if guide != claim["guide"]:
        return Refusal("loser.claim", "The weakest card was a {value}: only the {guide} may be"
                       " recruited.", value=VALUE_OF[claim["guide"]], guide=_card(claim["guide"]))
    if source != claim["from"]:
        where = claim["from"]
        return Refusal("loser.steal", "The {guide} is {where}: take it from there.",
                       guide=_card(guide),
                       where="in the office" if where == "office" else f"with Seat {where + 1}")
    return None


def collect_refusal(card, trick, winner: int, winner_index: int,
                    winning_card_only: bool, rule: str) -> Refusal | None:
    """The winner collects one animal of the trick that is not their own (winner.collect;
    with 2 players MK-A27, or only not the winning card under its option); never a guide
    (MK-A14). ``rule``: the id of the own-card rule in force."""
    if card in GUIDE_SET:
        return Refusal("MK-A14", "Guides never go to a campsite: they return to the office.")
    for index, (seat, played) in enumerate(trick):
        if played != card:
            continue
        if winning_card_only:
            if index == winner_index:
                return Refusal(rule, "You cannot collect the card that won the trick.")
        elif seat == winner:
            return Refusal(rule, "You cannot collect your own card (\"except for their own"
                                 " card\"): take one another player played.")
        return None
    return _not_a_card(card) or Refusal("winner.collect", "The {card} is not in this trick.",
                                        card=_card(card))
