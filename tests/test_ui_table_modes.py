"""The table's modes (ui/render_table.py, issue 27): whoever draws the table says what it is
for, and the table alone decides what may be pressed. Checked on real positions of every game:
mid-game, for the seat to move, and at the end."""

import re

import pytest

import engine
from engine.rng import SeededRng
from ui.layouts import LAYOUTS
from ui.render_table import ACTING, MODES, render_table, table_context

CLICKABLE = re.compile(r' (data-action|data-try|data-choose)="')
APP_CONTROLS = ("Play again", "Back to the lobby", 'data-cmd="rematch"')


def game_at(game_id, moves):
    game = engine.new_game(game_id, seed=4)
    rng = SeededRng(9)
    for _ in range(moves):
        if game.over:
            break
        seat = game.to_move
        actions = game.legal_actions(seat)
        game.apply(rng.choice(actions))
    return game


def draw(game, seat, mode, **extra):
    names = ["You"] + [f"Seat {i + 1}" for i in range(1, game.players)]
    ctx = table_context(LAYOUTS[game.id], ["human"] * game.players, names, seat, "", mode=mode,
                        **extra)
    legal = game.legal_actions(seat) if not game.over else []
    html, tries = render_table({"view": game.view(seat), "legal": legal}, ctx)
    return html, tries


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_only_the_acting_modes_emit_moves_for_the_seat_to_move(game_id):
    game = game_at(game_id, 3)
    seat = game.to_move
    assert game.legal_actions(seat)
    for mode in MODES:
        html, tries = draw(game, seat, mode)
        if mode in ACTING:
            assert CLICKABLE.search(html), mode  # play, lesson, remote: the seat may act
        else:
            # resuming, replay, ended: the same table, nothing that would make a move
            assert not CLICKABLE.search(html), mode
            assert tries == [], mode


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_a_seat_that_is_not_to_move_gets_no_move_in_remote_mode(game_id):
    # A game across devices: each device draws its own seat; the others' turns emit nothing.
    game = game_at(game_id, 3)
    others = [seat for seat in range(game.players) if not game.legal_actions(seat)]
    assert others
    html, _ = draw(game, others[0], "remote")
    assert 'data-action="' not in html


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_layouts_draw_only_the_game_and_the_outer_layer_adds_its_controls(game_id):
    game = game_at(game_id, 100_000)
    assert game.over
    html, _ = draw(game, 0, "ended")
    for control in APP_CONTROLS:
        assert control not in html, control  # a layout never writes the app's buttons
    assert not CLICKABLE.search(html)
    marker = '<p class="after-game">the app\'s own</p>'
    html, _ = draw(game, 0, "ended", after_game=marker)
    assert html.count(marker) == 1  # the outer layer's controls, under the result


def test_an_unknown_mode_is_a_bug_not_a_silent_play_table():
    game = game_at("matatu", 1)
    with pytest.raises(ValueError):
        draw(game, game.to_move, "spectate")


def test_no_layout_writes_a_rule_fact_of_its_own():
    """Points and stakes (+3, 2 points, a 30-point lead) come from the engine's words or view,
    never as literals in a layout (issue 27): a rules version that changes one changes the
    table too."""
    import io
    import tokenize
    from pathlib import Path

    fact = re.compile(r"[+−]\d|\b\d+ points?\b")
    found = []
    for path in sorted((Path(__file__).resolve().parents[1] / "ui" / "layouts").glob("*.py")):
        source = io.StringIO(path.read_text(encoding="utf-8")).readline
        found += [(path.name, token.start[0], token.string) for token in
                  tokenize.generate_tokens(source)
                  if token.type == tokenize.STRING and fact.search(token.string)]
    assert found == []
