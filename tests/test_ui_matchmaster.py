"""Matchmaster's table markup, checked in CPython over seeded games.

What the layout promises: no card another seat holds and no bid another seat has made before
the reveal (play.secret) reaches the markup, log included; every card and choice reads in
words ("Play dark orange 11", never a code like DO11 or "11 DO"); each log entry is worded by
the engine's words module; and the score chart's legend shows which line is whose.
"""

import re

import pytest

from engine.bots import RandomBot
from engine.games.matchmaster import Matchmaster, words
from engine.games.matchmaster.rules import DECK
from engine.rng import SeededRng
from ui.layouts import LAYOUTS
from ui.layouts.matchmaster import SERIES_STYLES
from ui.render_table import log_lines, render_table, table_context

LAYOUT = LAYOUTS["matchmaster"]
CODE = re.compile(r"\b(?:DO|LO|DB|LB)\d+\b|\b\d+ (?:DO|LO|DB|LB)\b")
TRACES = {card: (re.compile(r"\b" + card + r"\b"),
                 re.compile(re.escape(words.card_name(card)) + r"(?![0-9])")) for card in DECK}


def context(players, viewer):
    names = ["You"] + [f"Seat {i + 1} (bot)" for i in range(1, players)]
    return table_context(LAYOUT, ["human"] + ["bot"] * (players - 1), names, viewer,
                         "Matchmaster")


def render(game, viewer):
    state = {"view": game.view(viewer), "legal": game.legal_actions(viewer),
             "moves": len(game.actions)}
    return render_table(state, context(game.players, viewer))[0]


def words_only(markup):
    """What a person reads: the text and the ARIA labels, not the data attributes."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', markup))
    return re.sub(r"<[^>]+>", " ", markup) + " " + labels


def test_the_layout_is_a_layout_with_the_engines_words():
    assert LAYOUT.game_id == "matchmaster" and LAYOUT.words is words
    assert LAYOUT.card_label("DO10") == "10\ndark orange"
    assert LAYOUT.card_name("DO10") == "dark orange 10, trump"
    assert LAYOUT.card_name("LB3") == "light blue 3"
    assert LAYOUT.card_class("LO1") == "mm-lo"
    view = Matchmaster(players=3, seed=1).view(0)
    assert LAYOUT.action_label({"type": "play", "card": "DB12"}, view, {}) == (
        "Play dark blue 12")
    assert LAYOUT.action_label({"type": "bid", "bid": 2}, view, {}) == "Bid 2"


@pytest.mark.parametrize("players, seed", [(3, 2), (4, 11), (5, 7)])
def test_no_hidden_card_or_bid_reaches_the_markup_and_everything_reads_in_words(players, seed):
    game = Matchmaster(players=players, seed=seed, options={"dealer_hook": seed == 7})
    bot = RandomBot(SeededRng(seed))
    for _ in range(70):
        if game.over:
            break
        view = game.view(0)
        markup = render(game, 0)
        shown = set(view["hand"]) | {play["card"] for play in view["trick"]}
        if view["last_trick"]:
            shown |= {play["card"] for play in view["last_trick"]["cards"]}
        shown |= {entry["card"] for entry in view["log"] if entry["kind"] == "play"}
        for card, (code, name) in TRACES.items():
            if card not in shown:
                assert not code.search(markup) and not name.search(markup), card
        assert not CODE.search(words_only(markup)), CODE.search(words_only(markup))
        if game.stage == "bid":
            # the other seats' markers say "bid in" or "bidding", never a number
            assert len(re.findall(r"bid \d+ ·", markup)) == (view["bids"][0] is not None)
        seat = game.pending[0]
        game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))


def test_every_log_entry_reads_in_the_viewers_words():
    game = Matchmaster(players=3, seed=5)
    bot = RandomBot(SeededRng(5))
    while game.round < 2:
        seat = game.pending[0]
        game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    view = game.view(0)
    lines = log_lines(view["log"], context(3, 0))
    assert len(lines) == len(view["log"]) and all(lines)
    assert any(line.startswith("You play ") for line in lines)
    assert any(line.startswith("Seat 2 (bot) plays ") for line in lines)
    assert any(line.startswith("Round 1 scored: You bid ") for line in lines)
    assert not any(CODE.search(line) for line in lines)


def test_score_chart_legend_shows_each_seats_line():
    game = Matchmaster(players=4, seed=3)
    bot = RandomBot(SeededRng(3))
    while not game.over:
        seat = game.pending[0]
        game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    markup = render(game, 0)
    chart = re.search(r'<figure class="totals-chart">.*?</figure>', markup, re.S).group(0)
    legend = re.findall(r'<li class="s(\d)">(.*?)</li>', chart, re.S)
    assert [int(seat) for seat, _ in legend] == [0, 1, 2, 3]
    totals = game.result()["scores"]
    for (seat, item), name in zip(legend, ["You", "Seat 2 (bot)", "Seat 3 (bot)",
                                           "Seat 4 (bot)"], strict=True):
        # a swatch drawn like the seat's line, then its name and final total
        assert f'class="series s{seat}"' in item and 'class="swatch"' in item
        dash = SERIES_STYLES[int(seat)]
        assert (f'stroke-dasharray="{dash}"' in item) == (dash != "solid")
        assert item.endswith(f"{name}: {totals[int(seat)]}")
    assert len(re.findall(r"<polyline", chart)) == 4
    # the score sheet has no empty header (axe: empty-table-header)
    assert not re.search(r"<th[^>]*></th>", markup)
