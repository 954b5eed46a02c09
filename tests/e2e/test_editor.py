"""The position editor: a teacher builds a scenario, the engine checks it, the snippet plays it."""

from __future__ import annotations

import json
import os
import re

import pytest

import engine

EDITOR_READY = "html[data-engine=ready]"


def cards(page, zone: str) -> list[str]:
    return page.locator(f'[data-cmd=pick][data-zone="{zone}"]').evaluate_all(
        "chips => chips.map(c => c.dataset.card)")


def move(page, source: str, index: int, destination: str) -> None:
    page.locator(f'[data-cmd=pick][data-zone="{source}"][data-index="{index}"]').click()
    page.locator(f'[data-cmd=move][data-zone="{destination}"]').click()


def check(page) -> str:
    page.evaluate("document.documentElement.dataset.check = ''")
    page.click("#ed-check")
    page.wait_for_function("() => ['ok', 'refused'].includes("
                           "document.documentElement.dataset.check)", timeout=30_000)
    return page.locator("#ed-result").inner_text()


@pytest.fixture
def editor(page):
    page.goto("editor.html")
    page.wait_for_selector(EDITOR_READY, timeout=90_000)
    page.select_option("#ed-game", "matatu")
    page.select_option("#ed-players", "2")
    page.fill("#ed-seed", "7")
    page.click("#ed-deal")
    page.wait_for_selector('[data-cmd=pick][data-zone="hands.0"]', timeout=30_000)
    return page


def test_the_snippet_plays_the_position_it_was_built_from(editor, axe):
    page = editor
    assert "Position OK" in check(page)
    before = cards(page, "hands.0"), cards(page, "hands.1")

    # Picking a card into another hand: the engine still accepts the position.
    move(page, "hands.1", 0, "hands.0")
    assert cards(page, "hands.0") == before[0] + [before[1][0]]
    assert len(cards(page, "hands.1")) == len(before[1]) - 1
    assert "Position OK" in check(page)

    # A card placed twice is refused with the engine's reason, naming the card.
    scenario = json.loads(page.input_value("#ed-json"))
    twice = scenario["position"]["stock"][0]
    scenario["position"]["hands"][1].append(twice)
    page.locator("details summary").click()
    page.fill("#ed-json", json.dumps(scenario))
    page.evaluate("document.documentElement.dataset.check = ''")
    page.click("#ed-apply")
    page.wait_for_function("() => document.documentElement.dataset.check === 'refused'",
                           timeout=30_000)
    assert "appears 2 times" in page.locator("#ed-result").inner_text()

    # Made valid again by picking the doubled card back out of the hand onto the pile.
    hand = cards(page, "hands.1")
    move(page, "hands.1", len(hand) - 1, "pile")
    assert "Position OK" not in page.locator("#ed-result").inner_text()
    scenario = json.loads(page.input_value("#ed-json"))
    scenario["position"]["pile"].pop()
    page.fill("#ed-json", json.dumps(scenario))
    page.evaluate("document.documentElement.dataset.check = ''")
    page.click("#ed-apply")
    page.wait_for_function("() => document.documentElement.dataset.check === 'ok'",
                           timeout=30_000)
    learner = cards(page, "hands.0")
    assert learner == before[0] + [before[1][0]]

    # Who moves first and the base card are set in the form, not the JSON.
    page.select_option("#ed-field-to_move", label="Seat 2")
    assert json.loads(page.input_value("#ed-json"))["position"]["to_move"] == 1
    assert "Seat 2 to move" in check(page)
    page.select_option("#ed-field-to_move", label="Seat 1")
    base = page.locator("#ed-field-base_card option").nth(3)
    page.select_option("#ed-field-base_card", value=base.get_attribute("value"))
    assert (json.loads(page.input_value("#ed-json"))["position"]["base_card"]
            == base.get_attribute("value"))
    assert "Seat 1 to move" in check(page)

    # Captions: the first one expects a legal move of the built position, named in words.
    page.fill("#step-caption-0", "Which card can you play on the pile?")
    moves = page.locator("#step-expect-0 option").all_inner_texts()
    assert len(moves) > 1
    assert all('"' not in move for move in moves), moves  # not `play card "2S"`
    assert any(move.startswith(("Play ", "Draw ")) for move in moves[1:]), moves
    page.select_option("#step-expect-0", index=1)
    page.click("[data-cmd=add-step]")
    page.fill("#step-caption-1", "Now the other seat plays.")
    page.fill("#ed-explanation", "A card follows the suit or the rank of the pile's top card.")
    page.fill("#ed-title", "Follow suit or rank")
    page.click("#ed-snippet-btn")
    page.wait_for_selector("html[data-snippet=ready]", timeout=30_000)
    snippet = page.input_value("#ed-snippet")
    assert snippet.startswith('<iframe title="Follow suit or rank" loading="lazy" src="')
    assert snippet.endswith('static/js/embed-host.js"></script>')  # sizes the frame
    src = re.search(r'src="([^"]+)"', snippet).group(1)
    assert "/embed.html?script=" in src  # the captions travel with the position
    script = json.loads(page.input_value("#ed-script"))
    assert [step["caption"] for step in script["steps"]] == [
        "Which card can you play on the pile?", "Now the other seat plays."]
    assert "expect" in script["steps"][0] and script["explanation"]

    if os.environ.get("EDITOR_SCREENSHOT"):
        page.set_viewport_size({"width": 360, "height": 800})
        page.screenshot(path=os.environ["EDITOR_SCREENSHOT"], full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})

    # Axe on the whole editor, zones, captions and snippet shown (the embed has its own test).
    violations = axe(page, {"iframes": False})
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]

    # The preview frame and the snippet's own URL both show the learner's hand as built.
    # The preview joins the editor's engine once the teacher scrolls it into view.
    page.locator("#ed-preview").scroll_into_view_if_needed()
    preview = page.frame_locator("#ed-preview")
    preview.locator("html[data-embed=ready]").wait_for(state="attached", timeout=90_000)
    shown = preview.locator(".hand button[data-card]").evaluate_all(
        "bs => bs.map(b => b.dataset.card)")
    assert sorted(shown) == sorted(learner)
    page.goto(src)
    page.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    shown = page.locator(".hand button[data-card]").evaluate_all(
        "bs => bs.map(b => b.dataset.card)")
    assert sorted(shown) == sorted(learner)
    # The teacher's first caption shows above the table until the reader moves.
    assert page.locator(".lesson .caption").inner_text() == "Which card can you play on the pile?"
    # A legal move other than the teacher's expected one is refused, as built-in lessons do.
    assert script["steps"][0]["expect"]["type"] == "play"
    page.locator(".choices button", has_text="Draw a card").click()
    page.wait_for_function("() => document.getElementById('app').innerText"
                           ".includes('this example shows another move')", timeout=30_000)
    assert page.evaluate("document.documentElement.dataset.moves") == "0"
    assert page.locator(".lesson .caption").inner_text() == "Which card can you play on the pile?"


def test_broken_json_and_an_emptied_hand_show_why(editor, axe):
    page = editor
    page.locator("details summary").click()
    page.fill("#ed-json", '{"game": "matatu", "position": {')
    page.click("#ed-apply")
    page.wait_for_function("() => document.documentElement.dataset.check === 'refused'",
                           timeout=30_000)
    assert "not JSON" in page.locator("#ed-result").inner_text()

    # Every card of Seat 2's hand moved to Seat 1: the engine refuses an empty hand.
    page.click("#ed-deal")
    page.wait_for_function("() => document.documentElement.dataset.check === 'fresh'",
                           timeout=30_000)
    for _ in range(len(cards(page, "hands.1"))):
        move(page, "hands.1", 0, "hands.0")
    message = check(page)
    assert "Seat 2 has no cards" in message
    assert page.locator("#ed-result [role=alert]").count() == 1
    violations = axe(page)
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


def test_the_app_links_to_the_editor(page):
    page.goto("index.html")
    page.click("nav.top a[href='editor.html']")
    page.wait_for_selector(EDITOR_READY, timeout=90_000)
    assert page.locator("#ed-game option").count() == len(engine.GAMES)  # every game
    page.click("header.top a[href='index.html']")  # and the editor links back
    page.wait_for_url("**/index.html")
