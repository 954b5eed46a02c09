"""Motion a player can follow (issue #31): a played card travels from the seat that played it,
your own card from your hand, a trick gathers to its winner, bots are paced by the speed
setting, and prefers-reduced-motion turns motion off. What is measured is where a card is
drawn when its journey starts and where it rests (what a player sees), not wall-clock time."""

from __future__ import annotations

import json
import math

import pytest
from matchbook import ENGINE_READY, open_app, play_one_turn, shot, wait_idle

pytestmark = pytest.mark.e2e

TRAVEL = {"slow": 600, "normal": 360, "fast": 180}  # ui/motion.py SPEEDS


def settings(context, **values) -> None:
    record = json.dumps({"kind": "settings", "schema": 1, "values": values})
    context.add_init_script(
        "try { if (!localStorage.getItem('matchbook:settings')) "
        f"localStorage.setItem('matchbook:settings', {json.dumps(record)}); }} catch (e) {{}}")


# Wraps the animator: for each redraw, where each travelling card is drawn as it sets off,
# where it comes to rest, the seat it came from or goes to, and the animations' durations.
RECORD = """() => {
  const m = window.matchbookMotion, after = m.after;
  window.flights = []; window.redraws = [];
  const centre = r => [r.x + r.width / 2, r.y + r.height / 2];
  m.after = function (root, hints) {
    after.call(m, root, hints);
    const plan = m.stats.lastPlan;
    window.redraws.push({plan, animations: document.getAnimations().length,
                         durations: document.getAnimations().map(
                           a => a.effect.getTiming().duration)});
    if (!plan) return;
    for (const card of plan.cards) {
      const seat = card.seat === undefined ? null :
        root.querySelector('.seats [data-seat="' + card.seat + '"]');
      const flight = {code: card.code, how: card.how, seat: card.seat,
                      seatAt: seat ? centre(seat.getBoundingClientRect()) : null};
      if (card.how === "gathered") {
        const ghost = [...document.querySelectorAll(".motion-ghost")].pop();
        const frames = ghost.getAnimations()[0].effect.getKeyframes();
        const move = /translate\\((-?[\\d.]+)px, ?(-?[\\d.]+)px\\)/.exec(
          frames[frames.length - 1].transform);
        const start = centre(ghost.getBoundingClientRect());
        flight.start = start;
        flight.end = [start[0] + +move[1], start[1] + +move[2]];
      } else {
        // The card that made the journey: the plan's key is "<code>#<n>", the n-th card of
        // that code on the table (two may share one: Matatu's marker, MT-A1, is also a card
        // of the deck, and a re-laid-out deck moves it too).
        const same = [...(root.querySelector('.table') || root).querySelectorAll(
          '[data-face], [data-card]')].filter(
          e => (e.getAttribute('data-face') || e.getAttribute('data-card')) === card.code);
        const el = same[+card.key.split('#')[1] - 1];
        if (!el || !el.getAnimations().length) continue;
        flight.start = centre(el.getBoundingClientRect());
        Promise.all(el.getAnimations().map(a => a.finished)).then(() => {
          flight.end = centre(el.getBoundingClientRect());
        });
      }
      window.flights.push(flight);
    }
  };
}"""


def distance(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def flights(page, how: str, count: int = 1, timeout: float = 60_000) -> list:
    page.wait_for_function(
        f"() => (window.flights || []).filter(f => f.how === {json.dumps(how)} && f.end)"
        f".length >= {count}", timeout=timeout)
    return [f for f in page.evaluate("window.flights") if f["how"] == how and f.get("end")]


def start(page, game: str, players: int | None = None) -> None:
    open_app(page, "#/")
    page.click(f"button[data-game={game}]")
    page.wait_for_selector(f"button[data-game={game}][aria-pressed=true]")
    if players is not None:
        page.click(".panel-links [data-cmd=toggle-setup]")
        page.select_option("#players", str(players))
    page.evaluate(RECORD)
    page.click("#start")


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_bots_card_travels_from_its_seat_and_yours_from_your_hand(context, page, size):
    settings(context, speed="fast")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start(page, "matatu", players=3)
    for _ in range(12):  # play on until a bot and you have each played a card
        seen = {f["how"] for f in page.evaluate("window.flights") if f.get("end")}
        if {"from seat", "from hand"} <= seen:
            break
        if wait_idle(page) != "human":
            break
        play_one_turn(page)
        page.wait_for_timeout(300)  # the card at rest
    # A bot's card: drawn first at its seat's place, it comes to rest on the pile.
    flight = flights(page, "from seat")[0]
    assert flight["seat"] != 0
    assert distance(flight["start"], flight["seatAt"]) < distance(flight["end"],
                                                                  flight["seatAt"]) - 20
    assert distance(flight["start"], flight["end"]) > 40
    # Your own card leaves your hand (the dock, below the pile) and rests on the pile.
    mine = flights(page, "from hand")[0]
    assert mine["start"][1] > mine["end"][1] + 20, mine  # from the hand, up to the pile
    page.wait_for_timeout(50)
    shot(page, f"i31/motion-matatu-{size[0]}x{size[1]}.png")


def test_a_trick_gathers_to_its_winner(context, page):
    settings(context, speed="fast")
    page.set_viewport_size({"width": 1280, "height": 800})
    start(page, "matchmaster", players=3)
    for _ in range(40):  # bid, then play, until a trick has been gathered
        if page.evaluate("(window.flights || []).some(f => f.how === 'gathered')"):
            break
        if wait_idle(page) == "over":
            break
        button = page.locator(".dock .hand button.legal, .dock .choices button[data-action]")
        button.first.click()
        page.wait_for_timeout(200)
    gathered = flights(page, "gathered")
    for flight in gathered:  # every card of the old trick goes to its winner's seat
        assert distance(flight["end"], flight["seatAt"]) < 3, flight
        assert distance(flight["start"], flight["seatAt"]) > 40


@pytest.mark.parametrize("speed", ["slow", "fast"])
def test_the_speed_setting_paces_the_cards_and_is_kept(context, page, speed):
    settings(context)  # nothing chosen: a first game is slow
    page.set_viewport_size({"width": 360, "height": 740})
    start(page, "matatu", players=3)
    wait_idle(page)
    select = page.locator("#table-speed")
    assert select.input_value() == "slow"
    assert select.evaluate("el => el.labels[0].textContent") == "Speed"
    select.select_option(speed)
    page.wait_for_function("() => window.matchbookMotion.stats.redraws > 0")
    page.evaluate("window.redraws = []")
    play_one_turn(page)
    page.wait_for_function("() => window.redraws.some(r => r.durations.length)")
    durations = {d for r in page.evaluate("window.redraws") for d in r["durations"]}
    assert durations == {TRAVEL[speed]}, durations
    page.reload()
    page.wait_for_selector(ENGINE_READY)
    page.wait_for_selector("#table-speed")
    assert page.locator("#table-speed").input_value() == speed  # nothing lost on reload


def test_reduced_motion_moves_nothing(new_context):
    context = new_context(reduced_motion="reduce", viewport={"width": 360, "height": 740})
    settings(context, speed="fast")
    page = context.new_page()
    start(page, "matatu", players=3)
    for _ in range(3):
        if wait_idle(page) != "human":
            break
        play_one_turn(page)
    wait_idle(page)
    redraws = page.evaluate("window.redraws")
    assert len(redraws) >= 4
    assert all(r["plan"] is None and r["animations"] == 0 for r in redraws), redraws
