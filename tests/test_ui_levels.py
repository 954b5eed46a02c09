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
    return render_lobby(catalog, base, setup_open=True)


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


def test_the_session_sends_each_bot_its_own_level_and_keeps_the_levels_with_the_game():
    import json as jsonlib

    from engine import service
    from ui.session import Session
    from ui.storage import Bad, check_history

    session = Session("matchmaster", ["human", "bot", "bot"], viewer=0, bot="basic",
                      entry="levels-1")
    session.levels = [None, "strong", "easy"]
    assert [session.level_of(seat) for seat in (1, 2)] == ["strong", "easy"]
    session.levels = None  # a game saved before levels per seat: one level for every bot
    assert session.level_of(2) == "basic"
    session.levels = [None, "strong", "easy"]
    reply = jsonlib.loads(service.handle(jsonlib.dumps(
        {"op": "new", "game": "matchmaster", "players": 3, "seed": 4, "viewer": 0,
         "actions_from": 0}), "levels-test"))
    session.take(reply)
    entry = session.history_entry("2026-01-01 10:00")
    assert entry["levels"] == [None, "strong", "easy"]
    assert session.stored_head()["levels"] == [None, "strong", "easy"]
    record = dict(entry, kind="history", schema=2, moves=0)
    try:
        check_history(dict(record, levels=["strong"]), "matchbook:history:levels-1")
    except Bad as error:
        assert "bot levels" in str(error)
    else:
        raise AssertionError("a levels list of the wrong length was believed")
