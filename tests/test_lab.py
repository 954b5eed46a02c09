"""The Lab's engine side (the service's study ops on engine/arena.py) and its renderers
(ui/render_lab.py), checked in CPython; tests/e2e/test_lab_page.py runs a study in the browser."""

import json
import re

import pytest

import engine
from engine import arena
from engine.service import handle
from ui.render_lab import render_form, render_progress, render_results, side_title_words

STUDY = {"game": "matchmaster", "players": 3, "bots": ["basic", "random", "easy"], "games": 5,
         "seed": 4}


def call(client, op, **fields):
    fields["op"] = op
    return json.loads(handle(json.dumps(fields), client))


def test_a_study_played_in_chunks_sums_to_the_same_study_played_at_once():
    assert call("lab", "study_start", label="a", study=STUDY)["games"] == 5
    done = [call("lab", "study_run", label="a", count=count)["done"] for count in (2, 2, 9)]
    assert done == [2, 4, 5]
    again = call("lab", "study_run", label="a", count=3)  # nothing left: the same summary
    study = arena.check_study(STUDY)
    whole = arena.summarize(study, arena.run_study(study))
    assert again["done"] == 5 and again["summary"] == json.loads(json.dumps(whole))
    # Matchmaster counts its exact bids for studies, beside the log's kinds
    assert whole["events"]["exact_bid"]["per_game"] > 0


def test_a_study_cut_mid_game_by_a_time_budget_sums_to_the_same_study(monkeypatch):
    """The Lab's Stop answers within about a second even with strong bots: a run with a time
    budget returns mid-game and the next plays on, with the same results."""
    ticks = iter(range(10 ** 6))  # a clock where every reading is a millisecond later
    monkeypatch.setattr(engine.service.time, "perf_counter", lambda: next(ticks) / 1000)
    call("cut", "study_start", label="a", study=STUDY)
    replies = []
    while not replies or replies[-1]["done"] < 5:
        replies.append(call("cut", "study_run", label="a", count=5, budget_ms=40))
    mid_game = [reply for reply in replies if reply["moves"]]
    assert mid_game and len(replies) > 5  # returned in the middle of games, many times
    assert max(reply["moves"] for reply in replies) > 40  # one game spans several calls
    study = arena.check_study(STUDY)
    whole = arena.summarize(study, arena.run_study(study))
    assert replies[-1]["summary"] == json.loads(json.dumps(whole))


def test_study_requests_are_checked_at_the_boundary():
    refused = call("lab2", "study_run", label="zz", count=1)
    assert not refused["ok"] and "start it first" in refused["error"]
    refused = call("lab2", "study_start", label="a", study=dict(STUDY, games=10 ** 7))
    assert not refused["ok"] and "at most" in refused["error"]
    refused = call("lab2", "study_start", label="a", study=dict(STUDY, bots=["cheater"] * 3))
    assert not refused["ok"] and "no bot level" in refused["error"] and not refused.get("bug")
    call("lab2", "study_start", label="a", study=STUDY)
    refused = call("lab2", "study_run", label="a", count=0)
    assert not refused["ok"] and "count" in refused["error"]


def _summaries(game_id, games=6, **options_b):
    results = {}
    for side, options in (("a", {}), ("b", options_b)):
        study = arena.check_study({"game": game_id, "games": games, "seed": 2,
                                   "options": options})
        results[side] = {"done": games, "games": games,
                         "summary": arena.summarize(study, arena.run_study(study))}
    return results


@pytest.mark.parametrize("game_id, options_b", [("matatu", {"jokers": True}),
                                                ("matchmakers", {}),
                                                ("match_maker", {"decks": 2})])
def test_charts_have_titles_descriptions_labels_and_a_legend(game_id, options_b):
    results = _summaries(game_id, **options_b)
    html = render_results(results, {"a": "default", "b": "variant"})
    assert html.count("<svg") >= 4 and html.count('role="img"') == 4
    for chart in ("chart-wins", "chart-length", "chart-scores", "chart-events"):
        assert f'id="{chart}-t"' in html and f'id="{chart}-d"' in html
    assert "A: default (6 games)" in html and "B: variant (6 games)" in html
    assert re.search(r"A \d+\.\d% \[\d+\.\d%–\d+\.\d%\]", html)  # a rate with its interval
    assert "per game" in html and "moves per game" in html
    if game_id == "matchmakers":
        assert "Seats 1+3" in html  # a team game charts its teams' wins


def test_results_wait_for_games_and_progress_says_where_it_is():
    assert "appear once games are played" in render_results({}, {"a": "", "b": ""})
    results = {"a": {"done": 3, "games": 10, "summary": None},
               "b": {"done": 2, "games": 10, "summary": None}}
    assert "5 of 20 games played" in render_progress(results, 10, stopped=False)
    assert "(stopped)" in render_progress(results, 10, stopped=True)


def test_the_form_offers_each_seat_the_games_levels_and_each_side_its_options():
    catalog = engine.catalog()
    info = next(game for game in catalog if game["id"] == "matchmaster")
    form = {"catalog": catalog, "game": "matchmaster", "players": 3, "bots": ["easy", "strong",
                                                                             "basic"],
            "games": 10, "seed": 1,
            "sides": {"a": {"rules": "matchmaster-v1", "options": {}},
                      "b": {"rules": "matchmaster-v1", "options": {"dealer_hook": True}}}}
    html = render_form(info, form, running=False)
    assert html.count('data-seat="') == 3 and ">Strong</option>" in html
    assert 'id="a-opt-dealer_hook"' in html and 'id="b-opt-dealer_hook"' in html
    assert re.search(r'id="lab-stop"[^>]*disabled|disabled[^>]*id="lab-stop"', html)
    assert side_title_words(info, form["sides"]["b"]).startswith("matchmaster-v1; Dealer hook")


def test_the_lab_is_part_of_the_site_so_it_is_precached_and_works_offline():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import build

    published = build.site_sources()
    assert {"lab.html", "ui/lab.py", "ui/lab_main.py", "ui/render_lab.py",
            "static/css/lab.css"} <= set(published)
