"""What needs no live game is there before the engine has booted (issue #9 items 10 and 11,
issue #13 item 1): the lobby, the rules pages and History come from the catalog the build
wrote with the same engine (dist/data/catalog.json); only Start waits, and says why."""

from __future__ import annotations

from matchbook import ENGINE_READY, open_setup, pick_game, shot
from playwright.sync_api import expect

UI_READY = "html[data-ui=ready]"
GAMES = ["Matatu", "Matchmaster", "The Match-Maker", "Matchmakers"]  # the catalog's order


def game_buttons(page) -> list[str]:
    return page.locator("button.game-pick strong").all_inner_texts()


def test_lobby_and_rules_are_complete_while_the_engine_boots(page, hold):
    release = hold("engine.snapshot.gz")  # the engine stays mid-boot until released
    page.goto("index.html")
    page.wait_for_selector(UI_READY, timeout=60_000)  # set once the lobby is drawn
    assert page.locator("button.game-pick[disabled]").count() == 0  # not the page skeleton
    assert page.evaluate("document.documentElement.dataset.engine") != "ready"
    before = game_buttons(page)
    assert before == GAMES
    start = page.locator("#start")
    assert start.get_attribute("aria-disabled") == "true"
    assert "still loading" in page.locator("#start-why").inner_text()

    # Another game's form, its options in words, from the same data.
    page.locator("button.game-pick", has_text="Matchmaster").click()
    expect(page.locator("button.game-pick.selected")).to_contain_text("Matchmaster")
    open_setup(page)  # its whole setup, one tap away, before the engine too
    expect(page.locator("label", has_text="Rules version")).to_have_count(1)

    # The rules page is readable at once.
    page.locator("a", has_text="How to play Matchmaster").click()
    page.wait_for_selector("#rules-h")
    assert page.locator("#rules-h").inner_text() == "Rules of Matchmaster"
    assert page.locator("#app").inner_text().count("\n") > 20  # sections, not a placeholder
    assert page.evaluate("document.documentElement.dataset.engine") != "ready"

    # The engine arrives: nothing reorders, the choice made meanwhile is kept, Start works.
    release()
    page.goto("index.html#/")
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert game_buttons(page) == before
    expect(page.locator("button.game-pick.selected")).to_contain_text("Matchmaster")
    expect(page.locator("#start")).not_to_have_attribute("aria-disabled", "true")


def test_the_lobby_does_not_wait_for_the_rules_text(page, hold):
    """The first screen parses index.html's copy of the catalog without the rules' text (a
    sixth of data/catalog.json, tools/static_data.py); the text follows in a task of its own.
    Held back, the lobby is ready all the same, a rules page says it is loading, and it fills
    in place once the file arrives (issue #13 item 5: less work before the first screen)."""
    release = hold("data/catalog.json")
    page.goto("index.html")
    page.wait_for_selector(UI_READY, timeout=60_000)
    assert game_buttons(page) == GAMES
    page.locator("a", has_text="How to play Matatu").click()
    expect(page.locator("#app [role=status]")).to_have_text("Loading the rules…")
    assert page.locator("#rules-h").count() == 0
    release()
    expect(page.locator("#rules-h")).to_have_text("Rules of Matatu", timeout=30_000)
    assert page.locator("#app").inner_text().count("\n") > 20  # sections, not a placeholder
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    expect(page.locator("#rules-h")).to_have_text("Rules of Matatu")


MARK_NODES = """() => { window.__drawn = 0;
  document.querySelectorAll('#app *').forEach((node) => { node.__drawn = true; window.__drawn++; });
}"""
KEPT_NODES = """() => { const nodes = [...document.querySelectorAll('#app *')];
  return {before: window.__drawn, now: nodes.length,
          replaced: nodes.filter((node) => !node.__drawn)
            .map((node) => node.outerHTML.slice(0, 80))};
}"""


def test_the_lobby_is_in_the_page_before_any_python_and_its_first_render_keeps_it(page, hold):
    # The UI's modules held back: no Python has run, yet the lobby a first visit shows is
    # there, drawn by the build with the same code (issue #13 item 5: nothing waits for it).
    release = hold("ui/bundle.bin")
    page.goto("index.html")
    page.wait_for_selector("#start")
    assert page.evaluate("document.documentElement.dataset.ui") == "loading"
    assert game_buttons(page) == GAMES
    # Each tile says what its game is like; Play says who will play, in words.
    assert page.locator(".tile-summary").count() == len(GAMES)
    summary = page.locator("#setup-summary").inner_text()
    assert summary == "You against 3 Basic bots, the usual rules."
    assert "still loading" in page.locator("#start-why").inner_text()
    assert page.evaluate("document.getElementById('app').inert")  # nothing answers yet
    page.evaluate(MARK_NODES)
    release()
    page.wait_for_selector(UI_READY, timeout=60_000)
    # MicroPython's first render found the same markup: not one node was drawn again (the
    # browser paints nothing twice), and the lobby answers now.
    kept = page.evaluate(KEPT_NODES)
    assert kept["replaced"] == [] and kept["now"] == kept["before"] > 50, kept
    assert not page.evaluate("document.getElementById('app').inert")
    # (Looked at only now: Playwright's screenshot touches the form's inputs.)
    shot(page, "app/lobby-drawn-before-engine-1280x800.png")
    page.locator("button.game-pick", has_text="Matchmakers").click()
    expect(page.locator("button.game-pick.selected")).to_contain_text("Matchmakers")
    # The engine arrives: Start becomes clickable in place; the rest of the lobby stays.
    page.locator("button.game-pick", has_text="Matatu").click()
    expect(page.locator("button.game-pick.selected")).to_contain_text("Matatu")
    expect(page.locator("h2", has_text="New game of Matatu")).to_have_count(1)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    page.evaluate(MARK_NODES)
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    expect(page.locator("#start")).not_to_have_attribute("aria-disabled", "true")
    kept = page.evaluate(KEPT_NODES)
    assert len(kept["replaced"]) <= 2, kept  # Start's reason, at most, redrawn


def test_the_engine_arriving_on_the_first_lobby_changes_start_alone(page, hold):
    # Nothing touched while the engine boots: when it arrives, only Start and the words beside
    # it change (ui/lobby.py, start_row), in place, without making the whole lobby's markup
    # again (that was the main thread's longest task after the first screen, issue #13 item 5).
    release = hold("engine.snapshot.gz")
    page.goto("index.html")
    page.wait_for_selector(UI_READY, timeout=60_000)
    assert page.locator("#start").get_attribute("aria-disabled") == "true"
    page.evaluate(MARK_NODES)
    release()
    page.wait_for_selector(ENGINE_READY, timeout=90_000)
    expect(page.locator("#start")).not_to_have_attribute("aria-disabled", "true")
    assert page.locator("#start").get_attribute("aria-describedby") == "setup-summary"
    assert page.locator("#start-why").inner_text() == ""
    kept = page.evaluate(KEPT_NODES)
    assert kept["now"] == kept["before"], kept
    assert all(node.startswith('<span id="start-why"') for node in kept["replaced"]), kept
    # It is the lobby a whole render makes: choosing the same game again changes nothing.
    drawn = page.inner_html("#app")
    page.click("button[data-game=matatu]")
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    assert page.inner_html("#app") == drawn
    pick_game(page, "matchmaster")
    expect(page.locator("h2", has_text="New game of Matchmaster")).to_have_count(1)
    page.locator("#start").click()
    page.wait_for_selector(".table", timeout=30_000)
