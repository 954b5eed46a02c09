"""Bot levels per seat (issue #12 item 4): the lobby names them in words, each seat's bot
plays at its level, and History keeps who played at which level."""

from __future__ import annotations

import pytest
from matchbook import fast_bots, open_app, pick_game, start_matatu, wait_idle


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def test_each_seat_plays_at_its_level_and_history_names_the_levels(app):
    open_app(app)
    pick_game(app, "matatu")
    app.select_option("#players", "2")
    words = app.locator("#seat-1 option").all_inner_texts()
    assert words[:4] == ["Human", "Easy bot", "Basic bot", "Strong bot"]
    words_text = app.locator("#level-words").inner_text()
    assert "Thinks ahead" in words_text
    # each game says what its Strong bot wins against Basic ones (the bench's figures)
    assert "as a Basic bot in its seat does" in words_text
    start_matatu(app, players=2, seed="12", seats=["strong", "easy"])
    assert wait_idle(app, timeout=180_000) == "over"
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first.inner_text()
    assert "Seat 1 (Strong bot)" in row and "Seat 2 (Easy bot)" in row
