"""Matchmakers' table markup, checked in CPython over seeded random games.

Two promises of the layout: a card hidden from the viewer (others' hands, face-down straw
cards, a private campsite) leaves no trace of its identity in the markup outside the game log
(the log is the engine's public English), and every legal action is clickable: a hand card,
a button in one of the layout's zones, or a choice button.
"""

import re

import pytest

from engine.bots import RandomBot
from engine.games.matchmakers import ALL_CARDS, Matchmakers
from engine.rng import SeededRng
from ui import faces_matchmakers as faces
from ui.layouts import LAYOUTS
from ui.render_table import render_table, table_context

LAYOUT = LAYOUTS["matchmakers"]


def context(players, viewer):
    names = ["You"] + [f"Seat {i + 1} (bot)" for i in range(1, players)]
    return table_context(LAYOUT, ["human"] + ["bot"] * (players - 1), names, viewer,
                         "Matchmakers")


def visible_cards(view):
    seen = set(view["hand"] or []) | set(view["office"]) | set(view["discard"])
    for held in view["guides"]:
        seen |= set(held)
    for stacks in view["straw"] or []:
        seen |= {stack["up"] for stack in stacks if stack["up"]}
    seen |= {play["card"] for play in view["trick"]}
    if view["last_trick"]:
        seen |= {play["card"] for play in view["last_trick"]["cards"]}
    for camp in view["campsites"]:
        seen |= set(camp["cards"] or [])
    mine = (view["exchange"] or {}).get("mine") or {}
    seen |= set(mine.get("picked") or []) | set(mine.get("received") or [])
    if view["resolution"]:
        seen |= set(view["resolution"]["collectable"]) | {view["resolution"]["weakest"]}
    return seen


def without_log(markup):
    return re.sub(r'<details class="log">.*?</details>', "", markup, flags=re.S)


def traces(card):
    return [re.compile(r"\b" + card + r"\b"), re.compile(re.escape(faces.card_name(card))
                                                         + r"(?![0-9])")]


TRACES = {card: traces(card) for card in ALL_CARDS}


def walk(players, seed, options=None):
    game = Matchmakers(players=players, seed=seed, options=options)
    bot = RandomBot(SeededRng(seed))
    while not game.over:
        yield game
        seat = game.to_move
        game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    yield game


@pytest.mark.parametrize("players,seed", [(4, 1), (4, 2), (2, 3), (2, 4)])
def test_no_hidden_card_reaches_the_markup(players, seed):
    for step, game in enumerate(walk(players, seed)):
        if step % 3:
            continue  # every third position keeps the test quick
        view = game.view(0)
        state = {"view": view, "legal": game.legal_actions(0), "moves": len(game.actions)}
        html, _ = render_table(state, context(players, 0))
        markup = without_log(html)
        hidden = set(ALL_CARDS) - visible_cards(view)
        leaked = [c for c in hidden if any(p.search(markup) for p in TRACES[c])]
        assert not leaked, (seed, step, view["stage"], leaked)


def test_private_campsites_stay_hidden():
    for step, game in enumerate(walk(4, 5, {"campsite_visibility": "private"})):
        view = game.view(0)
        state = {"view": view, "legal": game.legal_actions(0), "moves": len(game.actions)}
        html, _ = render_table(state, context(4, 0))
        hidden = set(ALL_CARDS) - visible_cards(view)
        markup = without_log(html)
        assert not [c for c in hidden if any(p.search(markup) for p in TRACES[c])]
        if step > 150:
            break


@pytest.mark.parametrize("players,seed", [(4, 6), (2, 7)])
def test_every_legal_action_is_clickable(players, seed):
    kinds = set()
    for game in walk(players, seed):
        if game.over:
            html, _ = render_table({"view": game.view(0), "legal": [], "moves": 0},
                                   context(players, 0))
            assert "Play again" in html and "Score sheet (" in html
            break
        legal = game.legal_actions(0)
        if not legal:
            continue
        state = {"view": game.view(0), "legal": legal, "moves": len(game.actions)}
        html, _ = render_table(state, context(players, 0))
        clickable = {int(i) for i in re.findall(r'data-action="(\d+)"', html)}
        for index, action in enumerate(legal):
            kinds.add(action["type"])
            assert index in clickable, (action, game.view(0)["stage"])
        assert "data-choose" not in html  # one action per card: a click does it
    assert {"play", "collect", "claim_guide"} <= kinds or players == 2


def test_faces_say_colour_value_and_twin_mark_in_text():
    assert faces.card_label("R8s") == "8★ R" and faces.card_name("R8s") == "red 8★"
    assert faces.card_name("B8m") == "blue 8☾" and faces.card_label("G5") == "5 G"
    assert faces.card_name("T4") == "mountain guide 4" and faces.card_label("T4") == "4 guide"
    assert faces.card_colour_class("Y3") == "mk-y" and faces.card_colour_class("T2") == "mk-t"
