"""Helpers for driving the Matchbook app like a player: open it, start a game, click."""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from pathlib import Path

import engine
from engine.games.matatu.rules import standard_deck

ENGINE_READY = "html[data-engine=ready]"
# Whether an element is wholly on screen and not covered (what a tap there would hit).
IN_VIEW = """el => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
    && (hit === el || el.contains(hit)); }"""
FAST_BOTS = """
try {  // about:blank has no localStorage; the init script runs there too
  if (!localStorage.getItem("matchbook:settings")) {
    localStorage.setItem("matchbook:settings",
      JSON.stringify({kind: "settings", schema: 1, values: {bot_delay_ms: 30}}));
  }
} catch (error) { /* not our page */ }
"""


def fast_bots(context) -> None:
    """Bots are paced for people (700 ms); tests run them at 30 ms through the settings."""
    context.add_init_script(FAST_BOTS)


def open_app(page, route: str = "") -> None:
    page.goto("index.html" + route)
    page.wait_for_selector(ENGINE_READY, timeout=90_000)


def wait_precached(page, dist_dir, timeout: float = 60_000) -> dict:
    """Until the service worker has stored the whole build (the app registers it once the
    engine is ready); returns the build's precache manifest."""
    manifest = json.loads((dist_dir / "precache-manifest.json").read_text())
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    wait_until(page, "async ([name, count]) => "
                     "(await (await caches.open(name)).keys()).length === count",
               [manifest["cache"], manifest["entries"]], timeout=timeout)
    return manifest


def wait_until(page, function: str, arg=None, timeout: float = 30_000) -> None:
    """Until an async page function returns true. (Playwright's wait_for_function takes the
    promise such a function returns for a true answer, so it would not wait.)"""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(function, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout:.0f} ms: {function}")
        page.wait_for_timeout(100)


def pick_game(page, game_id: str) -> None:
    """Choose a game in the lobby and wait until its form is drawn: the click's command runs in
    a task of the UI's own, so its options are not on the page when the click returns."""
    page.click(f"button[data-game={game_id}]")
    page.wait_for_selector(f"button[data-game={game_id}][aria-pressed=true]")
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    open_setup(page)


def open_setup(page) -> None:
    """Open the lobby's whole setup ("Change the setup"), unless it is open."""
    toggle = page.locator(".panel-links [data-cmd=toggle-setup]")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
        page.wait_for_selector("#players")


def start_matatu(page, players: int = 3, seed: str = "", seats: list[str] | None = None,
                 jokers: bool = False) -> None:
    pick_game(page, "matatu")
    page.select_option("#players", str(players))
    for seat, kind in enumerate(seats or []):
        page.select_option(f"#seat-{seat}", kind)
    if jokers:
        page.check("#opt-jokers")
    if seed:
        page.fill("#seed", seed)
    page.click("#start")
    wait_idle(page)


def wait_idle(page, timeout: float = 60_000, dismiss_summary: bool = True) -> str:
    """Wait until it is a human's turn, a handoff, a round summary or the game is over, and no
    card is moving; return which. A round summary is dismissed on the way (as a player reading
    it would) unless ``dismiss_summary`` is False."""
    while True:
        page.wait_for_function(
            "() => ['human', 'over', 'handoff', 'summary']"
            ".includes(document.documentElement.dataset.turn)"
            " && document.documentElement.dataset.busy !== '1'"
            # and nothing moving: the table at rest, as the player reads it (motion.js)
            " && document.getAnimations().length === 0",
            timeout=timeout)
        turn = page.evaluate("document.documentElement.dataset.turn")
        if turn != "summary" or not dismiss_summary:
            return turn
        page.click("[data-cmd=summary-done]")
        page.wait_for_function("() => document.documentElement.dataset.turn !== 'summary'",
                               timeout=timeout)


def moves(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.moves || '0'"))


def wait_moves_above(page, count: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"() => +document.documentElement.dataset.moves > {count}",
                           timeout=timeout)


def play_one_turn(page) -> None:
    """Make one legal move as a simple player: a legal card, else the first choice button."""
    before = moves(page)
    legal = page.locator(".hand button.legal")
    if legal.count():
        card = legal.first
        choose = card.get_attribute("data-choose")
        card.click()
        if choose:  # several ways to play this card (play or cut): the choices appear
            page.locator(".choices button[data-action]").first.click()
    else:
        page.locator(".choices button[data-action]").first.click()
    wait_moves_above(page, before)


def play_to_end(page, limit: int = 400) -> None:
    for _ in range(limit):
        if wait_idle(page) == "over":
            return
        play_one_turn(page)
    raise AssertionError("the round did not end within the move limit")


def inject_current(context_or_page, game, seats: list[str], viewer: int = 0) -> None:
    """Put a game (e.g. built from a scenario) in storage as the unfinished game."""
    names = ["You" if kind == "human" else f"Seat {i + 1} (bot)" for i, kind in enumerate(seats)]
    record = {"kind": "current", "schema": 1, "game": game.id, "rules": game.rules,
              "save": game.to_json(), "seats": seats, "rev": 1, "tab": "test",
              "meta": {"names": names, "viewer": viewer, "bot": "basic", "entry": "injected"}}
    script = ("localStorage.setItem('matchbook:current', " + json.dumps(json.dumps(record))
              + ");")
    context_or_page.evaluate(script)


def matatu_scenario(hand: list[str], pile_top: str, base_card: str, players: int = 3,
                    **extra) -> engine.Game:
    """A Matatu position: seat 0 holds ``hand`` and is to move; the rest is dealt in order."""
    deck = standard_deck()
    rest = [c for c in deck if c not in hand and c != pile_top]
    hands = [hand] + [rest[7 * i: 7 * i + 7] for i in range(players - 1)]
    stock = rest[7 * (players - 1):]
    position = {"hands": hands, "pile": [pile_top], "stock": stock, "base_card": base_card,
                "to_move": 0, "dealer": players - 1}
    position.update(extra)
    return engine.from_scenario({"game": "matatu", "players": players, "seed": 3,
                                 "position": position})


# A page of the site that runs no script: storage written there is first read by the app's next
# boot. Written from the app itself, a boot still under way could read it (or set it aside)
# before the reload that was meant to meet it.
STORAGE_PAGE = "data/catalog.json"


def write_storage(page, records: dict[str, str], clear: bool = False) -> None:
    """Put ``records`` in localStorage (after clearing it, if asked) with no app running."""
    page.goto(STORAGE_PAGE)
    page.evaluate("([records, clear]) => { if (clear) localStorage.clear();"
                  " for (const [k, v] of Object.entries(records)) localStorage.setItem(k, v); }",
                  [records, clear])


def put_current(page, game: engine.Game, seats: list[str], viewer=0, names=None,
                bot="basic", entry="injected") -> None:
    """A game in storage as the unfinished one (the record today's main writes; every
    version resumes it), then a reload: the app boots with it."""
    record = {"kind": "current", "schema": 1, "game": game.id, "rules": game.rules,
              "save": game.to_json(), "seats": seats, "rev": 1, "tab": "test",
              "meta": {"names": names, "viewer": viewer, "bot": bot, "entry": entry}}
    write_storage(page, {"matchbook:current": json.dumps(record)})
    page.goto("index.html#/play")
    page.wait_for_selector(ENGINE_READY, timeout=90_000)


def advance(game: engine.Game, stop, seed: int = 1, limit: int = 5000,
            avoid=("undo_give", "undo_return", "time_up")) -> engine.Game:
    """Random legal moves until ``stop(game)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(game):
            return game
        seat = game.pending[0]
        choices = [a for a in game.legal_actions(seat) if a["type"] not in avoid] or \
            game.legal_actions(seat)
        game.apply_trusted(rng.choice(choices))
    raise AssertionError("never reached the moment")


def before_last_move_of(game_id: str, players: int, seed: int, done) -> tuple:
    """The game one move before ``done(game)`` first holds, and that move (with its seat)."""
    rng = random.Random(seed)
    game = engine.new_game(game_id, players=players, seed=seed)
    actions = []
    while not done(game):
        seat = game.pending[0]
        choices = [a for a in game.legal_actions(seat)
                   if a["type"] not in ("undo_give", "undo_return")]
        action = rng.choice(choices)
        game.apply_trusted(action)
        actions.append(action)
    record = game.record()
    before = engine.replay(record, upto=len(actions) - 1)
    return before, actions[-1], game


def shot(page, name: str, **options) -> None:
    """A screenshot for a person to look at (issue closing notes): written under
    $MATCHBOOK_SHOTS (else the system's temporary folder), never asserted on."""
    folder = Path(os.environ.get("MATCHBOOK_SHOTS") or Path(tempfile.gettempdir())
                  / "matchbook-shots")
    page.screenshot(path=str(folder / name), **options)
