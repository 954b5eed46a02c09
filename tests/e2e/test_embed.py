"""Embeds: a bare table for teaching pages, sized and narrated by postMessage."""

from __future__ import annotations

from pathlib import Path

import pytest
from matchbook import fast_bots, shot, wait_precached

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
    ("game=matatu&colour=blue", 'Unknown embed parameter "colour"'),
    ("game=matatu&players=many", "must be a whole number"),
    ("game=matatu&players=3&seat=5", "Seat 5 does not exist"),
    ("game=matatu&rules=matatu-v9", "does not know the rules version"),
    ("game=matatu&options=jokers:maybe", "cannot be"),
    ("", "needs a game"),
    pytest.param("lesson=matatu-nope", "no lesson called", marks=pytest.mark.expect_page_errors(
        "matatu-nope.json", reason="the embed looks the lesson up and finds no file")),
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


def test_the_published_teaching_page_embeds_five_examples_and_hears_their_heights(page):
    # examples/ ships in dist/: the page docs/embeds.md links to, embedding its own site.
    page.set_viewport_size({"width": 900, "height": 6000})  # all lazy frames in view
    page.goto("examples/embed-host.html")
    frames = page.locator("iframe[data-embed]")
    assert frames.count() == 5
    assert frames.evaluate_all("fs => fs.every(f => f.loading === 'lazy')")
    for index in range(5):
        page.wait_for_function(
            "i => (document.querySelectorAll('iframe[data-embed]')[i].dataset.events || '')"
            ".includes('ready')", arg=index, timeout=90_000)
    for index in range(5):
        page.wait_for_function(FITS_ITS_CONTENT_JS, arg=frames.nth(index).element_handle(),
                               timeout=10_000)
    heights = frames.evaluate_all("fs => fs.map(f => f.getBoundingClientRect().height)")
    assert all(height > 150 for height in heights), heights


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
    # Nothing is refused before the learner acts: the reason shows once they ask.
    assert embed.locator(".refusal").count() == 0
    embed.click("[data-cmd=lesson-next]")
    embed.wait_for_function("() => document.querySelector('.lesson-step')"
                            ".textContent.includes('step 2 of')")
    assert "Not allowed" in embed.locator(".refusal").inner_text()
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
    # The end: the explanation and "Again"; nothing on the table left to press.
    assert embed.locator(".lesson button").all_inner_texts() == ["Again"]
    assert embed.locator("main [data-action], main [data-try]").count() == 0
    embed.click("text=Again")
    embed.wait_for_function("() => document.documentElement.dataset.lesson === 'refuse'")


def test_a_finished_matchmaster_lesson_leaves_no_bid_buttons(embed):
    embed.goto("embed.html?lesson=matchmaster-score-3-of-3")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    assert embed.locator(".choices button", has_text="Bid").count() > 0
    for _ in range(12):
        if embed.evaluate("document.documentElement.dataset.lesson") == "done":
            break
        before = embed.locator(".lesson").inner_text()
        embed.click("[data-cmd=lesson-watch]")
        embed.wait_for_function("text => document.querySelector('.lesson').innerText !== text",
                                arg=before)
    assert embed.evaluate("document.documentElement.dataset.lesson") == "done"
    assert embed.locator(".choices button").count() == 0
    assert embed.locator("main button:not([disabled])").all_inner_texts() == ["Again"]


def test_wrong_shaped_messages_are_ignored_and_reset_restarts(embed):
    embed.goto("embed.html?game=matatu&players=3&seed=7&delay=20")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    embed.evaluate("() => { window.postMessage('alert(1)', '*');"
                   " window.postMessage({type: 'eval', code: 'x'}, '*'); }")
    embed.wait_for_timeout(300)
    assert embed.locator(".table").count() == 1  # still the same table, nothing happened
    embed.evaluate("() => window.postMessage({type: 'reset'}, '*')")
    embed.wait_for_function("() => document.documentElement.dataset.moves !== undefined")


# A same-origin frame's sizes, read from its host page.
FRAME_SIZES_JS = """f => ({innerHeight: f.contentWindow.innerHeight,
  innerWidth: f.contentWindow.innerWidth,
  scrollHeight: f.contentDocument.documentElement.scrollHeight,
  scrollWidth: f.contentDocument.documentElement.scrollWidth,
  content: Math.ceil(f.contentDocument.getElementById("app").getBoundingClientRect().bottom)})"""
# Nothing scrolls inside, and the frame is no taller than its content.
FITS_ITS_CONTENT_JS = """f => {
  const d = f.contentDocument.documentElement;
  const bottom = f.contentDocument.getElementById("app").getBoundingClientRect().bottom;
  return d.scrollHeight <= f.contentWindow.innerHeight
    && f.contentWindow.innerHeight - bottom <= 2;
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_rules_page_shows_a_live_lesson_beside_its_rule_sized_to_its_content(embed, width,
                                                                             height):
    embed.set_viewport_size({"width": width, "height": height})
    embed.goto("index.html#/rules/matatu")
    embed.wait_for_selector("article.rules", timeout=90_000)
    rule = embed.locator("#rule-chopper\\.8")
    example = rule.locator("details.live-example").first
    assert "Try it" in example.inner_text()
    example.locator("summary").click()
    frame = rule.frame_locator("iframe.example-frame").first
    frame.locator("html[data-embed=ready]").wait_for(state="attached", timeout=90_000)
    assert frame.locator(".lesson .caption").inner_text()
    assert frame.locator(".refusal").count() == 0  # nothing refused before the learner acts
    # The frame takes its content's height: no scrollbar inside it, either way.
    element = rule.locator("iframe.example-frame").first
    embed.wait_for_function(FITS_ITS_CONTENT_JS, arg=element.element_handle(), timeout=10_000)
    sizes = element.evaluate(FRAME_SIZES_JS)
    assert sizes["scrollHeight"] <= sizes["innerHeight"], sizes
    assert sizes["scrollWidth"] <= sizes["innerWidth"], sizes


def test_embed_has_no_accessibility_violations(embed, axe):
    embed.goto("embed.html?lesson=matatu-chopper-7c-suit")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    violations = axe(embed)
    assert violations == [], [(v["id"], v["help"]) for v in violations]


def test_embeds_work_offline_after_the_first_visit(tmp_path, dist_dir, serve,
                                                   new_persistent_context):
    site = serve(dist_dir)
    context = new_persistent_context(tmp_path / "profile", base_url=site.url)
    page = context.new_page()
    page.goto("embed.html?lesson=matatu-cut-exactly-20")
    page.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    wait_precached(page, dist_dir, timeout=60_000)
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


@pytest.mark.parametrize("size", [(360, 420), (1280, 800)], ids=["frame-360x420", "1280x800"])
def test_show_why_not_puts_the_reason_where_the_learner_is_looking(embed, size):
    """Issue #30 item 5: the reason a lesson's move is refused appears in view, beside the
    decision (the table's dock), not far below the button the learner pressed."""
    embed.set_viewport_size({"width": size[0], "height": size[1]})
    embed.goto("embed.html?lesson=matatu-chopper-7c-suit")
    embed.wait_for_selector("html[data-embed=ready]", timeout=90_000)
    embed.click("[data-cmd=lesson-next]")
    refusal = embed.locator(".refusal")
    refusal.wait_for()
    box = refusal.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= size[1], box
    shot(embed, f"i30/lesson-why-not-{size[0]}x{size[1]}.png")
