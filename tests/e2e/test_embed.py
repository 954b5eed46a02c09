"""Embeds: a bare table for teaching pages, sized and narrated by postMessage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from matchbook import fast_bots

from engine.games.matatu.rules import standard_deck

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def embed(context, page):
    fast_bots(context)
    return page


@pytest.mark.quick
def test_embed_shows_only_the_table_and_plays(embed):
    embed.goto("embed.html?game=matatu&players=3&seed=7&delay=20")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    assert embed.locator(".table").count() == 1
    assert embed.locator("nav.top, header.top").count() == 0  # no app chrome
    embed.wait_for_function("() => document.documentElement.dataset.turn === 'human'",
                            timeout=30_000)
    assert embed.locator(".hand button").count() >= 7


@pytest.mark.parametrize("query, message", [
    ("game=chess", "There is no game called"),
    ("game=matatu&colour=blue", "Unknown embed parameter colour"),
    ("game=matatu&players=many", "must be a whole number"),
    ("game=matatu&players=3&seat=5", "Seat 5 does not exist"),
    ("game=matatu&rules=matatu-v9", "does not know the rules version"),
    ("game=matatu&options=jokers:maybe", "cannot be"),
    ("", "needs a game"),
    ("lesson=matatu-nope", "no lesson called"),
    ("scenario=notbase64!!", "scenario"),
])
def test_bad_parameters_give_a_clear_message_in_the_frame(embed, query, message):
    embed.goto("embed.html?" + query)
    embed.wait_for_selector("html[data-embed=error]", timeout=90_000)
    assert message in embed.locator(".embed-error").inner_text()


def test_controls_hide_parts_of_the_table(embed):
    embed.goto("embed.html?game=matatu&players=3&seed=7&controls=centre,seats")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    assert embed.locator(".table .centre").is_visible()
    assert not embed.locator(".table .log").is_visible()
    assert not embed.locator(".table .status").is_visible()


def test_host_page_embeds_three_lessons_and_hears_height_and_lesson_done(
        tmp_path, serve, site, page):
    host_dir = tmp_path / "host"
    host_dir.mkdir()
    shutil.copy(ROOT / "examples" / "embed-host.html", host_dir / "index.html")
    host = serve(host_dir)  # another origin, as a real teaching page would be
    page.set_viewport_size({"width": 900, "height": 4000})  # all lazy frames in view
    page.goto(host.url + "index.html?site=" + site.url)
    frames = page.locator("iframe[data-embed]")
    assert frames.count() == 3
    assert frames.evaluate_all("fs => fs.every(f => f.loading === 'lazy')")
    for index in range(3):
        page.wait_for_function(
            "i => (document.querySelectorAll('iframe[data-embed]')[i].dataset.events || '')"
            ".includes('ready')", arg=index, timeout=90_000)
    heights = frames.evaluate_all("fs => fs.map(f => f.getBoundingClientRect().height)")
    assert all(height > 150 for height in heights), heights

    # The Matatu lesson, completed by clicking inside its frame: 7♦ is the chopper, cut.
    lesson = page.frame_locator("iframe[data-embed]").first
    lesson.locator("[data-cmd=lesson-next]").click()  # read why 7♥ may not cut, go on
    lesson.locator(".hand button[data-card='7D']").click()
    lesson.locator(".choices button", has_text="Cut with 7♦").click()
    page.wait_for_function(
        "() => (document.querySelector('iframe[data-embed]').dataset.events || '')"
        ".includes('lesson-done')", timeout=30_000)
    assert "15" in lesson.locator(".reveal").inner_text()


def test_a_wrong_move_in_a_lesson_is_refused_with_reason_and_rule_link(embed):
    embed.goto("embed.html?lesson=matatu-cut-exactly-20")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    embed.locator(".choices button", has_text="Draw a card").click()
    refusal = embed.locator(".refusal")
    refusal.wait_for()
    assert "this lesson shows another move" in refusal.inner_text()
    link = refusal.locator("a.rule-link")
    assert link.get_attribute("href").startswith("index.html#/rules/matatu/")
    assert link.get_attribute("target") == "_blank"
    assert embed.evaluate("document.documentElement.dataset.moves") == "0"  # nothing changed


def test_a_lesson_can_go_on_step_back_and_watch_the_answer(embed):
    embed.goto("embed.html?lesson=matatu-chopper-7c-suit")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    step = embed.locator(".lesson-step")
    assert "step 1 of" in step.inner_text()
    assert "Not allowed" in embed.locator(".lesson .refusal").inner_text()
    embed.click("[data-cmd=lesson-next]")
    embed.wait_for_function("() => document.querySelector('.lesson-step')"
                            ".textContent.includes('step 2 of')")
    embed.click("[data-cmd=lesson-back]")
    embed.wait_for_function("() => document.querySelector('.lesson-step')"
                            ".textContent.includes('step 1 of')")
    for _ in range(10):
        if embed.evaluate("document.documentElement.dataset.lesson") == "done":
            break
        before = embed.locator(".lesson").inner_text()
        if embed.locator("[data-cmd=lesson-next]").count():
            embed.click("[data-cmd=lesson-next]")
        else:
            embed.click("[data-cmd=lesson-watch]")
        embed.wait_for_function("text => document.querySelector('.lesson').innerText !== text",
                                arg=before)
    assert embed.evaluate("document.documentElement.dataset.lesson") == "done"


def test_wrong_shaped_messages_are_ignored_and_reset_restarts(embed):
    embed.goto("embed.html?game=matatu&players=3&seed=7&delay=20")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    embed.evaluate("() => { window.postMessage('alert(1)', '*');"
                   " window.postMessage({type: 'eval', code: 'x'}, '*'); }")
    embed.wait_for_timeout(300)
    assert embed.locator(".table").count() == 1  # still the same table, nothing happened
    embed.evaluate("() => window.postMessage({type: 'reset'}, '*')")
    embed.wait_for_function("() => document.documentElement.dataset.moves !== undefined")


def test_rules_page_shows_a_live_lesson_beside_its_rule(embed):
    embed.goto("index.html#/rules/matatu")
    embed.wait_for_selector("article.rules", timeout=90_000)
    rule = embed.locator("#rule-chopper\\.8")
    example = rule.locator("details.live-example").first
    assert "Try it" in example.inner_text()
    example.locator("summary").click()
    frame = rule.frame_locator("iframe.example-frame").first
    frame.locator("html[data-embed=ready]").wait_for(state="attached", timeout=90_000)
    assert frame.locator(".lesson .caption").inner_text()


def test_embed_has_no_accessibility_violations(embed, axe):
    embed.goto("embed.html?lesson=matatu-chopper-7c-suit")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    violations = axe(embed)
    assert violations == [], [(v["id"], v["help"]) for v in violations]


def test_embeds_work_offline_after_the_first_visit(tmp_path, dist_dir, serve,
                                                   new_persistent_context):
    import json

    manifest = json.loads((dist_dir / "precache-manifest.json").read_text())
    site = serve(dist_dir)
    context = new_persistent_context(tmp_path / "profile", base_url=site.url)
    page = context.new_page()
    page.goto("embed.html?lesson=matatu-cut-exactly-20")
    page.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function(
        "async ([name, count]) => (await (await caches.open(name)).keys()).length === count",
        arg=[manifest["cache"], len(manifest["files"])], timeout=60_000)
    site.stop()
    context.set_offline(True)
    page.goto(site.url + "embed.html?lesson=matatu-cut-7d-7h-8s")
    page.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    assert "7♦" in page.locator(".lesson .caption").inner_text()


def test_the_host_can_drive_a_lesson_and_load_a_scenario(embed):
    """Parent -> frame messages: step (watch/back) and load-scenario; plain data only."""
    embed.goto("embed.html?lesson=matatu-cut-exactly-20")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    embed.evaluate("() => window.postMessage({type: 'step', do: 'watch'}, '*')")
    embed.wait_for_function("() => document.documentElement.dataset.lesson === 'done'")
    embed.evaluate("() => window.postMessage({type: 'step', do: 'back'}, '*')")
    embed.wait_for_function("() => document.documentElement.dataset.lesson === 'expect'")
    scenario = {"game": "matatu", "players": 2, "seed": 3, "position": {
        "hands": [["7D", "7H", "8S"], ["2C", "3C", "4C"]], "pile": ["6D"],
        "stock": [c for c in standard_deck() if c not in
                  {"7D", "7H", "8S", "2C", "3C", "4C", "6D"}],
        "base_card": "6D", "to_move": 0, "dealer": 1}}
    embed.evaluate("s => window.postMessage({type: 'load-scenario', scenario: s}, '*')",
                   scenario)
    embed.wait_for_function("() => document.querySelectorAll('.hand button').length === 3")
    cards = embed.locator(".hand button").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert sorted(cards) == ["7D", "7H", "8S"]
