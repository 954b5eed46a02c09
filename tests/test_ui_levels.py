"""Bot levels in the lobby (ui/render_lobby.py): each seat a person or a bot of a level the
engine offers, named in words, the default level first; the old form (one level for every
bot) still renders for an app that does not keep a level per seat."""

import re

import engine
from ui.render_lobby import render_lobby


def lobby(game_id, **form):
    catalog = engine.catalog()
    base = {"game": game_id, "players": 3, "seats": ["human", "bot", "bot"], "rules": None,
            "options": {}, "bot": "basic", "seed": ""}
    base.update(form)
    return render_lobby(catalog, base)


def options_of(html, seat):
    select = re.search(r'<select[^>]*id="seat-' + str(seat) + r'"[^>]*>(.*?)</select>', html)
    return re.findall(r'<option([^>]*)>([^<]*)</option>', select.group(1))


def test_each_seat_picks_a_person_or_a_bot_level_in_words():
    html = lobby("matchmaster", levels=[None, "strong", "easy"])
    words = [label for _, label in options_of(html, 1)]
    assert words == ["Human", "Easy bot", "Basic bot", "Strong bot", "Random bot"]
    chosen = [label for attributes, label in options_of(html, 1) if "selected" in attributes]
    assert chosen == ["Strong bot"]
    assert [label for a, label in options_of(html, 2) if "selected" in a] == ["Easy bot"]
    assert [label for a, label in options_of(html, 0) if "selected" in a] == ["Human"]
    assert 'id="bot-level"' not in html  # no level for every bot: each seat has its own
    assert "Thinks ahead" in html  # what the levels mean, once


def test_an_app_without_levels_per_seat_keeps_one_level_for_every_bot():
    html = lobby("match_maker")
    assert [label for _, label in options_of(html, 1)] == ["Human", "Bot"]
    assert re.search(r'id="bot-level".*?>Basic</option>', html)
