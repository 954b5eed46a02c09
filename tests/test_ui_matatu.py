"""Matatu's table markup (ui/layouts/matatu.py), checked in CPython: the words a player reads
come from the engine's words module, never a code, and a choice says what it does."""

import re

import engine
from engine import from_scenario
from engine.games.matatu import words
from engine.games.matatu.rules import standard_deck
from engine.rng import SeededRng
from ui.layouts import LAYOUTS
from ui.render_table import log_lines, render_table, table_context

LAYOUT = LAYOUTS["matatu"]
CODE = re.compile(r"(?<![\w-])(?:10|[2-9JQKA])[CDHS](?![\w-])|\b[RB]J\b")


def context(players, viewer=0):
    names = ["You"] + [f"Seat {i + 1} (bot)" for i in range(1, players)]
    return table_context(LAYOUT, ["human"] + ["bot"] * (players - 1), names, viewer, "Matatu")


def scenario(hands, pile, stock=(), **position):
    used = [c for hand in hands for c in hand] + list(pile) + list(stock)
    rest = [c for c in standard_deck() if c not in used]
    return from_scenario({"game": "matatu", "players": len(hands),
                          "position": {"hands": hands, "pile": list(pile),
                                       "stock": list(stock) + rest, "base_card": "6D",
                                       "to_move": 0, **position}})


def choices(game, seat=0):
    state = {"view": game.view(seat), "legal": game.legal_actions(seat)}
    html, _ = render_table(state, context(game.players, seat))
    return re.findall(r'<button [^>]*class="choice[^"]*"[^>]*>([^<]*)</button>', html)


def test_draw_and_pass_read_as_different_things():
    """Issue #9 item 8: drawing keeps the turn (basics.11), passing ends it (basics.16)."""
    game = scenario([["9H", "3C"], ["KD", "9S"]], ["5H"], stock=["QS"])
    start = choices(game)
    assert "Draw a card (then play or keep it)" in start
    assert "Pass: take a card and end your turn" in start
    game.apply({"type": "draw", "seat": 0})
    assert "Pass: keep the card you drew and end your turn" in choices(game)


def test_mt_a9_pass_says_when_there_is_no_card_to_take():
    game = from_scenario({"game": "matatu", "players": 2, "position": {
        "hands": [["3H", "4C"], [c for c in standard_deck() if c not in ("3H", "4C", "6D")]],
        "pile": ["6D"], "stock": [], "base_card": "6D", "to_move": 0}})
    assert choices(game) == ["Pass: end your turn (there is no card to take)"]


def test_penalty_prompt_and_choice_use_words():
    game = scenario([["2H", "3C"], ["AS", "2S", "9S"]], ["5H"])
    game.apply({"type": "play", "card": "2H", "seat": 0})
    view = game.view(1)
    ctx = context(2, 1)
    assert LAYOUT.prompt(view, ctx) == "Your turn: you owe two cards. Answer it or pick them up."
    assert LAYOUT.action_label({"type": "accept", "seat": 1}, view, ctx) == "Pick up two cards"
    html, _ = render_table({"view": view, "legal": game.legal_actions(1)}, ctx)
    assert "You owe two cards (pick-two)" in html


def test_log_lines_are_words_in_the_readers_grammar():
    game = engine.new_game("matatu", players=3, seed=5)
    rng = SeededRng(5)
    while len(game.log) < 40 and not game.over:
        game.apply(rng.choice(game.legal_actions()))
    lines = log_lines(game.view(0)["log"], context(3, 0))
    assert all(line and not CODE.search(line) for line in lines), lines
    assert not any("You owes" in line or "You plays" in line for line in lines)


def test_card_faces_come_from_the_engine_words():
    assert LAYOUT.words is words
    assert LAYOUT.card_label("10H") == "10♥" and LAYOUT.card_name("RJ") == "red Joker"
    assert LAYOUT.card_class("AD") == "red" and LAYOUT.card_class("BJ") == "black"


def test_the_result_table_has_a_header_for_every_column():
    game = scenario([["9H"], ["KH", "9S"]], ["5H"])
    game.apply({"type": "play", "card": "9H", "seat": 0})
    html = LAYOUT.result(game.view(0), context(2, 0))
    assert "<th scope=\"col\"></th>" not in html
    assert "You win the round." in html and "You emptied your hand." in html


def test_lobby_and_history_show_option_values_in_words():
    """Issue #9 item 9: "Base card: taken out of play", not base_card_mode=physical_removed."""
    from ui.render_history import describe_options
    from ui.render_lobby import option_control

    specs = engine.GAMES["matatu"].describe()["options"]
    defaults = {spec["id"]: spec["default"] for spec in specs}
    assert describe_options(defaults, specs) == "defaults"
    chosen = dict(defaults, jokers=True, base_card_mode="physical_removed", session_rounds=3,
                  on_stock_empty="end_round")
    assert describe_options(chosen, specs) == (
        "Jokers: with, Base card: taken out of play, When the stock runs out: the round ends,"
        " Rounds: 3 rounds")
    base_card = next(spec for spec in specs if spec["id"] == "base_card_mode")
    html = option_control(base_card, "virtual")
    assert re.findall(r"<option[^>]*>([^<]*)</option>", html) == [
        "a marker only", "taken out of play"]
