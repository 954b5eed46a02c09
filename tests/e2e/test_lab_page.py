"""The Lab: a designer's study runs in the engine worker a few games at a time, the charts of
sides A and B appear, the page stays usable (Stop answers), and its link reruns it."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from matchbook import wait_precached

LAB_READY = "html[data-engine=ready]"
STUDY = {"game": "matchmaster", "players": 3, "bots": ["basic", "random", "easy"],
         "games": 4, "seed": 3,
         "a": {"rules": None, "options": {}},
         "b": {"rules": None, "options": {"dealer_hook": True}}}


def link(study: dict) -> str:
    return "lab.html#study=" + quote(json.dumps(study))


def test_a_linked_study_runs_in_chunks_and_charts_both_sides(page, axe):
    page.goto(link(STUDY))
    page.wait_for_selector("html[data-lab=done]", timeout=180_000)
    assert "8 of 8 games played: done" in page.locator("#lab-progress").inner_text()
    charts = page.locator("svg.chart")
    assert charts.count() == 4
    titles = [charts.nth(i).locator("title").text_content() for i in range(4)]
    assert titles == ["Win rate by seat", "Game length", "Score spread",
                      "How often each event happened"]
    legend = page.locator(".lab-legend").inner_text()
    assert "A: matchmaster-v1; default options (4 games)" in legend
    assert "B: matchmaster-v1; Dealer hook" in legend
    wins = page.locator("#chart-wins").text_content()
    assert "Seat 2 (random)" in wins and "%" in wins
    assert "exact bid" in page.locator("#chart-events").text_content()
    # The form shows the linked study, and the page's own link reruns it.
    assert page.input_value("#games") == "4"
    assert page.locator("#b-opt-dealer_hook option:checked").inner_text().startswith(
        "The dealer bids last")
    href = page.locator("#lab-link a").get_attribute("href")
    assert href.startswith("#study=") and json.loads(
        page.evaluate("(h) => decodeURIComponent(h.slice(7))", href))["games"] == 4
    violations = axe(page)
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]][:3])
                              for v in violations]
    # On a phone the form and charts fit the screen: no sideways scrolling.
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.quick
def test_stop_ends_a_study_between_chunks_and_keeps_its_charts(page):
    page.goto("lab.html")
    page.wait_for_selector(LAB_READY, timeout=180_000)
    page.select_option("#game", "matatu")
    page.fill("#games", "400")
    page.dispatch_event("#games", "change")
    page.click("#lab-run")
    page.wait_for_function("() => document.querySelectorAll('svg.chart').length == 4",
                           timeout=120_000)
    page.click("#lab-stop")
    page.wait_for_selector("html[data-lab=stopped]", timeout=60_000)
    progress = page.locator("#lab-progress").inner_text()
    assert "(stopped)" in progress and "800 of 800" not in progress
    assert page.locator("svg.chart").count() == 4
    assert page.locator("#lab-run").is_enabled()
    # The study's link has a Copy button, as every link does.
    assert "#study=" in page.locator("#lab-link-text").input_value()
    page.click("#lab-link [data-cmd=copy-link]")
    assert page.locator("#lab-copied").inner_text().strip().startswith(("Copied", "Selected"))


def test_stop_answers_in_the_middle_of_a_game_of_strong_bots(page):
    """A game of strong bots takes many seconds in a browser; Stop is heard at once and ends
    the study after the move under way (the worker returns every 0.3 s, mid-game)."""
    study = {"game": "match_maker", "players": 2, "bots": ["strong", "strong"], "games": 3,
             "seed": 5, "a": {"rules": None, "options": {}}, "b": {"rules": None, "options": {}}}
    page.goto(link(study))
    progress = page.locator("#lab-progress")
    page.wait_for_function(
        "() => /the next is at move [1-9]/.test(document.querySelector('#lab-progress')"
        ".textContent)", timeout=180_000)
    assert "0 of 6 games played" in progress.inner_text()  # mid-game, no game finished yet
    page.click("#lab-stop")
    assert "stopping" in progress.inner_text()  # heard at once
    page.wait_for_selector("html[data-lab=stopped]", timeout=5_000)
    assert "(stopped)" in progress.inner_text()
    assert page.locator("#lab-run").is_enabled()


def test_the_lab_is_linked_from_the_app_and_runs_a_study_offline(
    tmp_path, dist_dir, serve, new_persistent_context
):
    site = serve(dist_dir)
    context = new_persistent_context(tmp_path / "profile", base_url=site.url)
    page = context.new_page()
    page.goto("index.html")
    page.wait_for_selector("html[data-engine=ready]", timeout=180_000)
    wait_precached(page, dist_dir, timeout=120_000)
    site.stop()  # only the service worker's precache can answer now
    context.set_offline(True)
    page.click("nav.top a[href='lab.html']")
    page.wait_for_selector(LAB_READY, timeout=180_000)
    page.select_option("#game", "matatu")
    page.fill("#games", "2")
    page.dispatch_event("#games", "change")
    page.click("#lab-run")
    page.wait_for_selector("html[data-lab=done]", timeout=180_000)
    assert "4 of 4 games played: done" in page.locator("#lab-progress").inner_text()
    assert page.locator("svg.chart").count() == 4
