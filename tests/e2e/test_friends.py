"""Play with friends on their own devices (issue #32): each browser context is a device. The
host opens a table from the lobby, friends open the invite link (join.html), sit down and
play; the host's engine deals and checks every move, and each friend's device is sent only
what its seat may see. Driven against the site with its local relay (the relay bin/serve
runs), as players do it."""

from __future__ import annotations

import json

import pytest
from matchbook import fast_bots, open_app, pick_game, shot

import engine
from engine.friends import REACTIONS
from engine.games.matatu.rules import ALL_CARDS as MATATU_CARDS
from engine.games.matchmakers.rules import ALL_CARDS as MATCHMAKERS_CARDS

pytestmark = pytest.mark.e2e

# Every message a device's page receives, recorded as it arrives (before the UI reads it).
RECORD_MESSAGES = """
(() => {
  window.__received = [];
  const watch = () => {
    const friends = window.matchbookFriends;
    if (!friends || friends.__watched) return !!friends;
    const open = friends.open.bind(friends);
    friends.open = (role, room, secret, options, onEvent) => open(role, room, secret, options,
      (text) => { window.__received.push(String(text)); return onEvent(text); });
    friends.__watched = true;
    return true;
  };
  if (!watch()) {
    const timer = setInterval(() => { if (watch()) clearInterval(timer); }, 5);
  }
})();
"""
GUEST_TURN = "document.documentElement.dataset.turn"
PHONE = {"width": 360, "height": 740}


def open_table(host, game: str, players: int) -> str:
    """The host's lobby: a game, a number of players, Play with friends. The invite link."""
    open_app(host)
    pick_game(host, game)
    host.select_option("#players", str(players))
    host.click("#play-friends")
    invite = host.wait_for_selector("[data-invite]")
    host.wait_for_selector("#friends-status:has-text('The table is open')", timeout=30_000)
    return invite.get_attribute("data-invite")


def sit_down(guest, link: str, name: str) -> None:
    guest.goto(link)
    guest.wait_for_selector("#guest-name", timeout=60_000)
    guest.fill("#guest-name", name)
    guest.click("#join")
    guest.wait_for_selector("html[data-guest=seated]", timeout=30_000)


def start(host, guests) -> None:
    """The host starts the game; each friend's device shows the table."""
    host.click("#friends-start")
    for guest in guests:
        guest.wait_for_selector("html[data-guest=playing]", timeout=30_000)


def two_at_a_table(a_device, name: str = "Ann"):
    """A host (a laptop) and one friend (a phone) at a 2-player Matatu game just dealt:
    ``(host, guest, invite link)``."""
    host, guest = a_device(), a_device(PHONE)
    link = open_table(host, "matatu", 2)
    sit_down(guest, link, name)
    start(host, [guest])
    return host, guest, link


@pytest.fixture
def a_device(browser, browser_context_args, friends_site, browser_log):
    """a_device(viewport=None) -> a page in a browser context of its own (a phone, a laptop),
    on the site with the local relay; every message its page receives is recorded."""
    made = []

    def make(viewport=None):
        args = {**browser_context_args, "base_url": friends_site.url}
        if viewport:
            args["viewport"] = viewport
        context = browser.new_context(**args)
        browser_log.watch_context(context)
        fast_bots(context)  # the host's stand-in bots and motion at a test's pace
        context.add_init_script(RECORD_MESSAGES)
        made.append(context)
        return context.new_page()

    yield make
    for context in made:
        browser_log.scan(context)
        context.close()


def wait_guest_idle(guest, timeout: float = 30_000) -> str:
    guest.wait_for_function(
        "() => ['human', 'friend', 'over'].includes(document.documentElement.dataset.turn)"
        " && document.documentElement.dataset.busy !== '1'", timeout=timeout)
    return guest.evaluate(GUEST_TURN)


def play_a_move(page) -> None:
    """One legal move as a simple player (the first legal card, else the first choice); a card
    picked for Matchmakers' exchange stays legal in the hand (a click takes it back), so a
    simple player leaves those be, or it would pick and take back the same card for ever."""
    legal = page.locator(".dock .hand button.legal:not([aria-label*='Take back'])")
    if legal.count():
        card = legal.first
        choose = card.get_attribute("data-choose")
        card.click()
        if choose:
            page.locator(".choices button[data-action]").first.click()
    else:
        page.locator("button[data-action]").first.click()


def wait_host(host, timeout: float = 60_000) -> str:
    """Until the host's table is at rest: its own turn, a friend's, a summary or the end (a
    summary is read and a hot seat's handoff taken on the way)."""
    while True:
        host.wait_for_function(
            "() => ['human', 'friend', 'over', 'summary', 'handoff']"
            ".includes(document.documentElement.dataset.turn)"
            " && document.documentElement.dataset.busy !== '1'"
            " && document.getAnimations().length === 0", timeout=timeout)
        turn = host.evaluate(GUEST_TURN)
        if turn not in ("summary", "handoff"):
            return turn
        host.click(f"[data-cmd={turn}-done]")
        host.wait_for_function("(turn) => document.documentElement.dataset.turn !== turn",
                               arg=turn)


def can_move(page) -> bool:
    return page.evaluate("() => document.documentElement.dataset.busy !== '1' &&"
                         " !!document.querySelector('button[data-action], .hand button.legal')")


def stuck(pages) -> str:
    """What each device shows when nobody seems able to move (for the failure message)."""
    return "; ".join(page.evaluate(
        "() => { const d = document.documentElement.dataset; return `turn=${d.turn}"
        " moves=${d.moves} busy=${d.busy} guest=${d.guest} actions=`"
        " + document.querySelectorAll('button[data-action]').length"
        " + ' status=' + (document.querySelector('#table-status') || {}).textContent; }")
        for page in pages)


def drive_to_the_end(host, guests, limit: int, check=None) -> None:
    """Whoever has a move makes one (the host or a friend's device), until the game ends."""
    idle = 0
    for _ in range(limit):
        if wait_host(host) == "over":
            return
        count = moves_of(host)
        for page in [host, *guests]:
            if can_move(page):
                if check is not None and page is not host:
                    check(page)
                play_a_move(page)
                break
        else:
            idle += 1
            assert idle < 200, f"nobody can move: {stuck([host, *guests])}"
            host.wait_for_timeout(50)
            continue
        idle = 0
        host.wait_for_function(f"() => +document.documentElement.dataset.moves > {count}",
                               timeout=30_000)
    raise AssertionError("the game did not end")


def drive_moves(host, guests, count: int) -> None:
    """``count`` moves, made by whoever has one (bots at the host's table move by
    themselves)."""
    goal = moves_of(host) + count
    for _ in range(count * 20):
        if moves_of(host) >= goal or wait_host(host) == "over":
            return
        now = moves_of(host)
        for page in [host, *guests]:
            if can_move(page):
                play_a_move(page)
                break
        host.wait_for_function(f"() => +document.documentElement.dataset.moves > {now}",
                               timeout=30_000)
    raise AssertionError(f"{count} moves were not made")


def moves_of(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.moves || '0'"))


def states_received(guest) -> list[dict]:
    replies = []
    for event_text in guest.evaluate("window.__received"):
        event = json.loads(event_text)
        if event.get("type") != "message":
            continue
        message = json.loads(event["text"])
        if message.get("type") == "state":
            replies.append(message["reply"])
    return replies


def codes_in(value, codes) -> set:
    found = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item in codes:
            found.add(item)
    return found


def assert_saw_only_its_seat(record: dict, seat: int, replies: list[dict], codes) -> None:
    """Every state a guest's device received names only cards its seat could see at that
    move: on the table as it was, or in a log entry for that seat up to then (a card it gave
    in Matchmakers' exchange) (the game replayed here, in CPython, from the record revealed
    at the end)."""
    assert replies
    for reply in replies:
        if reply.get("over"):
            continue  # the end reveals the record: every card is fair game then
        assert "record" not in reply and "actions" not in reply and "last" not in reply
        game = engine.replay(record, upto=reply["moves"])
        visible = set(game.visible_cards(seat)) | codes_in(game.view(seat), codes)
        leaked = codes_in(reply, codes) - visible
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} at move {reply['moves']}"


def test_two_friends_play_matatu_to_the_end_and_the_guest_sees_only_its_seat(
        a_device, friends_site, browser_log):
    host = a_device()
    guest = a_device(PHONE)
    link = open_table(host, "matatu", 2)
    assert link.startswith(friends_site.url) and "join.html#" in link
    shot(host, "friends-host-room.png")
    sit_down(guest, link, "Ann")
    host.wait_for_selector(".friend-seat[data-seat='1'][data-state=connected]")
    assert "Ann" in host.locator(".friend-seat[data-seat='1']").inner_text()
    shot(guest, "friends-guest-seated.png")
    host.click("#friends-start")
    host.wait_for_selector(".table", timeout=30_000)
    guest.wait_for_selector("html[data-guest=playing]", timeout=30_000)
    fingerprint = guest.locator(".fingerprint").get_attribute("data-commitment")
    assert len(fingerprint) == 64
    seen = []  # (move, the cards the guest's page drew then): checked once the deal is known

    def only_its_cards(page):
        faces = set(page.eval_on_selector_all("[data-face], [data-card]", "els => els.map("
                                              "e => e.dataset.face || e.dataset.card)"))
        assert faces, "the guest's table shows its cards"
        seen.append((moves_of(page), faces))

    drive_to_the_end(host, [guest], 400, only_its_cards)
    guest.wait_for_selector("html[data-guest=playing][data-turn=over]", timeout=30_000)
    # At the end the deal is revealed and checked on the guest's device, then filed.
    guest.wait_for_selector("html[data-fair=yes]", timeout=120_000)
    assert "checks out" in guest.locator("#fair-check").inner_text()
    shot(guest, "friends-guest-over.png")
    stored = json.loads(guest.evaluate(
        "JSON.stringify(Object.entries(localStorage))"))
    history = [json.loads(value) for key, value in stored if key.startswith("matchbook:history:")]
    assert len(history) == 1
    record = history[0]["record"]
    replies = states_received(guest)
    assert_saw_only_its_seat(record, 1, replies, set(MATATU_CARDS))
    # Its page (the DOM) drew only what its seat could see at each of its turns.
    assert seen
    for move, faces in seen:
        visible = set(engine.replay(record, upto=move).visible_cards(1))
        assert faces <= visible, f"the guest's page drew {sorted(faces - visible)} at {move}"
    # And its storage kept nothing but its seat (and, after the end, the game in History).
    assert {key.split(":")[1] for key, _ in stored} <= {"guest", "history", "settings"}
    assert not browser_log.foreign_requests
    # The game is in both players' History, and replays there, every move.
    total = len(record["actions"])
    guest.goto("index.html")
    guest.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    for page in (host, guest):
        page.click("nav.top a[data-nav=history]")
        row = page.locator(".history-table tbody tr").first
        assert "Matatu" in row.inner_text()
        row.locator("a", has_text="Replay").click()
        page.wait_for_selector(".replay-controls")
        assert page.locator(".replay-controls .step").inner_text() == \
            f"Move {total} of {total}"


def test_reactions_reach_every_device_as_the_emoji_sent(a_device):
    host, guest, _ = two_at_a_table(a_device)
    host.wait_for_selector(".react-buttons button")
    offered = "els => els.map(e => e.textContent.trim())"
    for page in (host, guest):  # the engine's emoji, whole (not broken into halves)
        assert page.eval_on_selector_all(".react-buttons button", offered) == \
            list(REACTIONS)
    guest.click(".react-buttons button[data-emoji='\U0001F44F']")
    for page in (host, guest):
        page.wait_for_selector(".reacted:has-text('Ann: \U0001F44F')", timeout=10_000)
    host.click(".react-buttons button[data-emoji='\U0001F64F']")
    guest.wait_for_selector(".reacted:has-text('\U0001F64F')", timeout=10_000)
    # Within the page width on a phone: no sideways scrolling.
    assert guest.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_seat_can_be_a_friend_a_bot_or_someone_at_the_host_device(a_device):
    host, guest = a_device(), a_device(PHONE)
    link = open_table(host, "matatu", 3)
    seat = host.locator(".friend-seat[data-seat='2']")
    assert seat.get_attribute("data-state") == "waiting"
    seat.locator("[data-kind=bot]").click()
    host.wait_for_selector(".friend-seat[data-seat='2'][data-state=bot]")
    host.click(".friend-seat[data-seat='2'] [data-kind=human]")  # hot seat on this device
    here = host.wait_for_selector(".friend-seat[data-seat='2'][data-state=here]")
    assert "host's device" in here.inner_text()
    sit_down(guest, link, "Ann")  # the next free seat is the friend's (seat 2 is taken here)
    host.wait_for_selector(".friend-seat[data-seat='1'][data-state=connected]")
    assert "host's device" in guest.locator(".friend-seat[data-seat='2']").inner_text()
    start(host, [guest])
    # Seats 0 and 2 take turns on the host's device (the hands hidden between them), seat 1
    # on Ann's: a whole round of turns, by whoever holds each.
    handoffs = host.evaluate("() => { window.__handoffs = 0; new MutationObserver(() => {"
                             " if (document.documentElement.dataset.turn === 'handoff')"
                             " window.__handoffs += 1; }).observe(document.documentElement,"
                             " {attributes: true, attributeFilter: ['data-turn']}); }")
    del handoffs
    drive_moves(host, [guest], 9)
    assert host.evaluate("window.__handoffs") >= 1
    assert guest.locator(".friend-seat[data-seat='2']").count() == 1


def test_a_late_guest_is_refused_with_a_reason(a_device):
    host, first, late = a_device(), a_device(PHONE), a_device(PHONE)
    link = open_table(host, "matatu", 2)
    sit_down(first, link, "Ann")
    late.goto(link)
    late.fill("#guest-name", "Bob")
    late.click("#join")
    late.wait_for_selector("html[data-guest=refused]", timeout=30_000)
    assert "full" in late.locator("main").inner_text()
    shot(late, "friends-late-guest.png")


def test_a_friend_whose_host_is_not_there_is_told_what_it_waits_for(a_device):
    host = a_device()
    link = open_table(host, "matatu", 2)
    host.close()  # the host's tab is gone: nobody answers
    guest = a_device(PHONE)
    guest.goto(link)
    guest.wait_for_selector("#guest-name", timeout=60_000)
    guest.fill("#guest-name", "Ann")
    guest.click("#join")
    guest.wait_for_selector("#join[aria-disabled=true]")
    assert "Connecting to the table" in guest.locator(".join").inner_text()
    guest.wait_for_selector(".join :text('Still connecting')", timeout=15_000)
    assert "host's page must be open" in guest.locator(".join").inner_text()
    assert guest.evaluate("document.documentElement.dataset.guest") == "joining"


def test_a_damaged_invite_link_says_what_is_wrong(a_device):
    guest = a_device(PHONE)
    guest.goto("join.html#abc")
    guest.wait_for_selector("html[data-guest=bad-link]", timeout=60_000)
    assert "not complete" in guest.locator("main").inner_text()


def test_a_guest_that_reloads_gets_its_seat_back(a_device):
    host, guest, _ = two_at_a_table(a_device)
    hand = guest.locator(".dock .hand").inner_text()
    guest.reload()
    guest.wait_for_selector("html[data-guest=playing]", timeout=60_000)
    assert guest.locator(".dock .hand").inner_text() == hand
    assert host.locator(".friend-seat[data-seat='1']").get_attribute("data-state") == \
        "connected"


HOSTILE = [
    # another seat's move, made up
    {"type": "act", "action": {"type": "play", "seat": 0, "card": "AS"}},
    {"type": "act", "action": {"seat": 1}},
    {"type": "view", "log_from": -5},
    {"type": "hint", "seat": 0},
    {"type": "hello", "name": "x" * 500, "token": "!"},
    {"type": "nonsense"},
    [1, 2, 3],
]


def test_a_hostile_guest_is_refused_and_the_game_goes_on(a_device):
    host, guest, _ = two_at_a_table(a_device, "Mallory")
    wait_host(host)
    before = moves_of(host)
    texts = [json.dumps(message) for message in HOSTILE]
    texts += ["{not json", "x" * 60_000, json.dumps({"type": "act", "action": "x" * 5000})]
    guest.evaluate("""(texts) => {
        const friends = window.matchbookFriends;
        const host = JSON.parse(friends.info()).peers[0];
        for (const text of texts) friends.send(host, text);
        for (let i = 0; i < 1000; i++) friends.send(host, JSON.stringify({type: "view"}));
    }""", texts)
    guest.wait_for_timeout(2500)
    refusals = [json.loads(json.loads(event)["text"]) for event in guest.evaluate(
        "window.__received") if json.loads(event).get("type") == "message"]
    kinds = [message["type"] for message in refusals]
    assert kinds.count("move-refused") + kinds.count("refused") >= 8
    assert all(message.get("error") for message in refusals
               if message["type"] in ("move-refused", "refused"))
    assert not any("Internal error" in (message.get("error") or "") for message in refusals)
    assert moves_of(host) == before  # nothing was played for anyone
    # The game goes on: the seat to move moves, on whichever device holds it.
    wait_host(host)
    page = host if can_move(host) else guest
    guest.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    count = moves_of(host)
    play_a_move(page)
    host.wait_for_function(f"() => +document.documentElement.dataset.moves > {count}")


# A whole 4-player Matchmakers game: 75-230 moves, about a minute with five devices here.
@pytest.mark.slow
def test_four_friends_play_matchmakers_to_the_end(a_device):
    host = a_device()
    link = open_table(host, "matchmakers", 4)
    guests = []
    for name in ("Ann", "Bob", "Cy"):
        guest = a_device(PHONE)
        sit_down(guest, link, name)
        guests.append(guest)
    start(host, guests)
    drive_to_the_end(host, guests, 30_000)
    for seat, guest in enumerate(guests, start=1):
        guest.wait_for_selector("html[data-fair=yes]", timeout=180_000)
        stored = json.loads(guest.evaluate("JSON.stringify(Object.entries(localStorage))"))
        record = next(json.loads(value)["record"] for key, value in stored
                      if key.startswith("matchbook:history:"))
        assert_saw_only_its_seat(record, seat, states_received(guest), set(MATCHMAKERS_CARDS))


def test_the_host_reloads_and_the_friends_sit_down_again(a_device):
    host, guest, _ = two_at_a_table(a_device)
    drive_moves(host, [guest], 3)
    count = moves_of(host)
    host.reload()
    host.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    # The same game, the same room: the friend's device sits down again by itself.
    host.wait_for_selector(".friend-seat[data-seat='1'][data-state=connected]",
                           timeout=45_000)
    assert moves_of(host) == count
    guest.wait_for_function(f"() => +document.documentElement.dataset.moves === {count}")
    drive_moves(host, [guest], 3)
    total = moves_of(host)
    assert total >= count + 3
    # The guest's device is sent the last move a moment after the host drew it.
    guest.wait_for_function("(n) => +document.documentElement.dataset.moves === n", arg=total)


def test_a_bot_stands_in_for_a_friend_who_is_gone_until_they_are_back(a_device):
    host, guest, link = two_at_a_table(a_device)
    context = guest.context
    guest.close()  # the tab closed: the host sees the seat empty
    away = host.wait_for_selector(".friend-seat[data-seat='1'][data-state=away]",
                                  timeout=20_000)
    assert "not connected" in away.inner_text()
    host.click("[data-cmd=friends-stand-in][data-seat='1']")
    host.wait_for_selector(".friend-seat[data-seat='1'][data-state=stand-in]")
    drive_moves(host, [], 4)  # the bot plays Ann's turns meanwhile
    # Ann opens the link again (the same browser: her seat token): her seat, the game as it is.
    back = context.new_page()
    back.goto(link)
    back.wait_for_selector("html[data-guest=playing]", timeout=60_000)
    host.wait_for_selector(".friend-seat[data-seat='1'][data-state=connected]",
                           timeout=20_000)
    back.wait_for_function("(n) => +document.documentElement.dataset.moves === n",
                           arg=moves_of(host))
    assert back.locator("#guest-name").count() == 0  # no name asked again


@pytest.mark.expect_page_errors(r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/' failed",
                                reason="the relay is stopped on purpose")
def test_a_guest_comes_back_after_the_relay_restarts(a_device, relay):
    host, guest, link = two_at_a_table(a_device)
    context = guest.context
    guest.close()
    relay.stop()
    host.wait_for_timeout(2000)
    relay.start()
    back = context.new_page()
    back.goto(link)
    back.wait_for_selector("html[data-guest=playing]", timeout=60_000)
    host.wait_for_selector(".friend-seat[data-seat='1'][data-state=connected]",
                           timeout=30_000)
    drive_moves(host, [back], 2)
