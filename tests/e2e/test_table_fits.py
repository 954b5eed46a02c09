"""A phone-first table (issue #30 item 2): at a player's decision, every legal choice (your
hand, or The Match-Maker's grid, and the decision's buttons) is on screen and uncovered
without scrolling, on a phone held either way and on a laptop; what just happened is a box
of fixed height, so the table does not jump between turns."""

from __future__ import annotations

import pytest
from matchbook import fast_bots, open_app, open_setup, shot, wait_idle

GAMES = ["matatu", "matchmaster", "match_maker", "matchmakers"]
SIZES = [(360, 740), (1280, 800), (740, 360)]
# What a player decides from, which the dock must not cover: the pile you match, the trick
# you follow, the grid you open.
SEEN = {"matatu": "[aria-label^='Top of the pile']", "matchmaster": ".centre",
        "match_maker": ".mx-grid", "matchmakers": ".centre"}
UNCOVERED = """(selector) => {
  const el = document.querySelector('#app ' + selector);
  const r = el.getBoundingClientRect();
  const x = r.left + Math.min(r.width / 2, 20), y = r.top + Math.min(r.height / 2, 20);
  if (!(y >= 0 && y < innerHeight)) return false;
  const t = document.elementFromPoint(x, y);
  return !!t && (t === el || el.contains(t));
}"""
CHOICES = """() => {
  const els = [...document.querySelectorAll(
      '#app [data-action], #app [data-choose], #app [data-try]')];
  const seen = el => {
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
          && r.right <= innerWidth)) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === el || el.contains(hit);
  };
  // A choice drawn in two places (a picked card: in the hand and in the exchange) is in
  // view when one of them is.
  const key = el => ['data-action', 'data-choose', 'data-try'].map(
      name => el.getAttribute(name)).join('|');
  const shown = new Set(els.filter(seen).map(key));
  const off = els.filter(el => !shown.has(key(el)));
  return {all: els.length, off: off.map(el => el.getAttribute('aria-label')
                                         || el.textContent.trim().slice(0, 30))};
}"""


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


@pytest.mark.parametrize(("game", "size"), [
    (game, size) for size in SIZES for game in GAMES],
    ids=lambda value: value if isinstance(value, str) else f"{value[0]}x{value[1]}")
def test_every_choice_at_your_first_decisions_is_in_view(app, game, size):
    width, height = size
    app.set_viewport_size({"width": width, "height": height})
    open_app(app)
    app.click(f"button[data-game={game}]")
    app.wait_for_selector(f"button[data-game={game}][aria-pressed=true]")
    open_setup(app)
    app.fill("#seed", "7")  # the same deal every run: a failure here can be looked at again
    app.click("#start")
    heights = []
    for decision in range(2):
        assert wait_idle(app) == "human"
        app.evaluate("scrollTo(0, 0)")  # as the table is drawn: nobody has scrolled yet
        seen = app.evaluate(CHOICES)
        assert seen["all"] > 0
        assert seen["off"] == [], f"off screen or covered at {width}x{height}: {seen['off']}"
        assert app.evaluate(UNCOVERED, SEEN[game]), f"the dock covers {SEEN[game]}"
        heights.append(app.locator(".recent").evaluate("el => el.offsetHeight"))
        if decision == 0:
            shot(app, f"i30/fit-{game}-{width}x{height}.png")
        before = app.evaluate("document.documentElement.dataset.moves")
        app.locator("#app [data-action]").first.click()
        app.wait_for_function(f"() => document.documentElement.dataset.moves !== '{before}'")
    assert heights[0] == heights[1], "what just happened changed height between turns"
