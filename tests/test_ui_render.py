"""The renderers are plain functions of a view: checked here in CPython."""

import re

import pytest

import engine
from engine.bots import RandomBot
from engine.rng import SeededRng
from ui.layouts import LAYOUTS
from ui.render_table import render_table, table_context


def ctx(view, viewer):
    players = view["players"]
    return table_context(LAYOUTS["matatu"], ["human"] + ["bot"] * (players - 1),
                         ["You"] + [f"Seat {i + 1} (bot)" for i in range(1, players)], viewer,
                         "Matatu")


def state_of(game, viewer):
    return {"view": game.view(viewer), "legal": game.legal_actions(viewer),
            "moves": len(game.actions)}


@pytest.mark.slow
def test_no_face_down_card_reaches_the_markup():
    """Over many positions, the table's markup names only the cards seat 0 may see."""
    bot = RandomBot(SeededRng(1))
    code = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
    for seed in range(8):
        game = engine.new_game("matatu", players=4, seed=seed)
        while not game.over:
            state = state_of(game, 0)
            view = state["view"]
            html, _ = render_table(state, ctx(view, 0))
            visible = set(view["hand"]) | {view["pile_top"], view["base_card"], view["chopper"]}
            leaked = set(code.findall(html)) - visible
            assert not leaked, (seed, leaked)
            game.apply(bot.choose(None, game.legal_actions()))


def test_legal_actions_are_the_clickable_ones():
    game = engine.new_game("matatu", players=3, seed=4)
    seat = game.to_move
    state = state_of(game, seat)
    html, tries = render_table(state, ctx(state["view"], seat))
    indexes = sorted(int(i) for i in re.findall(r'data-action="(\d+)"', html))
    card_actions = [i for i, a in enumerate(state["legal"]) if "card" in a]
    other = [i for i, a in enumerate(state["legal"]) if "card" not in a]
    assert set(other) <= set(indexes)
    assert all(i in indexes or 'data-choose="' + state["legal"][i]["card"] in html
               for i in card_actions)
    # Unplayable cards are offered as tries: the engine explains the refusal.
    assert all(t["type"] in ("play", "cut") for t in tries)
