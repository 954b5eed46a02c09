"""Player flows of the app controller (issue #9 items 1, 2, 3, 5, 7, 8, 9; issue #14 item 2),
each done as a person does it, asserting what the person sees."""

from __future__ import annotations

import json
import re

import pytest
from matchbook import (
    ENGINE_READY,
    IN_VIEW,
    advance,
    before_last_move_of,
    fast_bots,
    moves,
    open_app,
    open_setup,
    pick_game,
    play_one_turn,
    put_current,
    shot,
    start_matatu,
    wait_idle,
    wait_moves_above,
)

import engine
from engine.service import handle

TURN = "document.documentElement.dataset.turn"


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


def hand_is_hidden(page) -> None:
    assert page.evaluate(TURN) == "handoff"
    assert page.locator(".hand").count() == 0
    assert page.locator("[data-card]").count() == 0  # no card identity in the DOM at all
    assert page.locator(".handoff h2").inner_text().startswith("Pass the device to")


# ---- issue #9 item 1: hot seat survives a reload ----------------------------------------------

def test_hot_seat_reload_resumes_at_the_handoff_with_no_hand_showing(app):
    open_app(app)
    start_matatu(app, players=2, seed="31", seats=["human", "human"])
    for _ in range(12):  # to the first hand-off, then reload while it shows
        if wait_idle(app) == "handoff":
            break
        play_one_turn(app)
    else:
        raise AssertionError("no hand-off between two human players")
    waiting = app.locator(".handoff h2").inner_text()
    count = moves(app)
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert wait_idle(app) == "handoff"
    hand_is_hidden(app)
    assert app.locator(".handoff h2").inner_text() == waiting
    app.click("[data-cmd=handoff-done]")
    app.wait_for_selector(".hand")
    play_one_turn(app)
    assert moves(app) > count
    # A reload while a hand shows comes back to the hand-off too: who holds the device now?
    wait_idle(app)
    app.reload()
    app.wait_for_selector(ENGINE_READY, timeout=90_000)
    assert wait_idle(app) == "handoff"
    hand_is_hidden(app)


def matchmaster_mid_bid():
    game = engine.new_game("matchmaster", players=2, seed=8)
    first = game.to_move
    game.apply(game.legal_actions(first)[1])  # one bid in, the other seat still to bid
    return game, ["human", "human"], first, "Bid"


def matchmakers_mid_exchange():
    game = engine.new_game("matchmakers", players=4, seed=3)
    seat = game.to_move
    for _ in range(2):  # two of the three cards picked, the third still to pick
        give = next(a for a in game.legal_actions(seat) if a["type"] == "give")
        game.apply(give)
    assert game.to_move == seat
    seats = ["bot"] * 4
    seats[seat] = "human"
    seats[(seat + 1) % 4] = "human"
    return game, seats, (seat + 1) % 4, "Exchange"


def match_maker_chance_card():
    game = advance(engine.new_game("match_maker", players=2, seed=4),
                   lambda g: any(a["type"] == "attempt_cancel"
                                 for s in g.pending for a in g.legal_actions(s)), seed=4)
    return game, ["human", "human"], 1 - game.to_move, "cancel"


@pytest.mark.parametrize("moment", [matchmaster_mid_bid, matchmakers_mid_exchange,
                                    match_maker_chance_card],
                         ids=["matchmaster-mid-bid", "matchmakers-mid-exchange",
                              "match-maker-chance-card"])
def test_hot_seat_reload_at_any_moment_resumes_at_the_handoff(app, moment):
    game, seats, viewer, words = moment()
    put_current(app, game, seats, viewer=viewer)
    assert wait_idle(app) == "handoff"
    hand_is_hidden(app)
    mover = game.to_move
    assert app.locator(".handoff h2").inner_text() == f"Pass the device to Seat {mover + 1}"
    app.click("[data-cmd=handoff-done]")
    app.wait_for_function(f"() => {TURN} === 'human'")
    assert words.lower() in app.locator("#app").inner_text().lower()
    before = moves(app)
    index = game.legal_actions(mover).index(next(
        a for a in game.legal_actions(mover) if a["type"] not in ("undo_give",)))
    app.locator(f"[data-action='{index}']").first.click()
    wait_moves_above(app, before)  # and play goes on


# ---- issue #9 item 2 and issue #14 item 2: an unfinished game is never lost ----------------------

def test_the_lobby_offers_resume_and_starting_another_asks_first(app):
    open_app(app)
    start_matatu(app, players=3, seed="61")
    play_one_turn(app)
    wait_idle(app)
    count, hand = moves(app), app.locator(".hand").inner_text()
    app.click("nav.top a[data-nav=lobby]")
    resume = app.locator("#resume-notice")
    assert "unfinished game of Matatu" in resume.inner_text()
    app.click("#start")  # another game: asked first, beside the button
    confirm = app.locator("#confirm")
    assert "not finished" in confirm.inner_text()
    start_box, confirm_box = app.locator("#start").bounding_box(), confirm.bounding_box()
    assert 0 <= confirm_box["y"] - (start_box["y"] + start_box["height"]) < 150
    confirm.locator("[data-cmd=resume]").click()
    app.wait_for_selector(".hand")
    assert moves(app) == count and app.locator(".hand").inner_text() == hand

    app.click("nav.top a[data-nav=lobby]")
    pick_game(app, "matatu")
    app.fill("#seed", "62")
    app.click("#start")
    app.click("[data-cmd=abandon-start]")
    app.wait_for_selector(".hand")
    wait_idle(app)
    assert moves(app) < count or app.locator(".hand").inner_text() != hand  # a new deal
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first
    assert "unfinished" in row.inner_text().lower()
    assert f"abandoned after {count} moves" in row.inner_text()
    row.locator("a", has_text="Replay").click()  # and it replays like any other
    app.wait_for_selector(".replay-controls")
    assert app.locator(".replay-controls .step").inner_text() == f"Move {count} of {count}"


def test_a_link_never_replaces_an_unfinished_game_without_asking(app):
    open_app(app)
    start_matatu(app, players=3, seed="71")
    play_one_turn(app)
    wait_idle(app)
    count = moves(app)
    app.click("[data-cmd=share-deal]")
    deal_link = app.locator("#share-link").input_value()
    text = deal_link.split("#/deal/")[1]
    app.evaluate(f"location.hash = '#/deal/{text}'")
    confirm = app.locator("#confirm")
    confirm.wait_for()
    assert "not finished" in confirm.inner_text()
    confirm.locator("[data-cmd=resume]").click()
    app.wait_for_selector(".hand")
    assert moves(app) == count  # the same game, untouched

    # A shared game opens as a replay beside it; the unfinished game is kept and said so.
    handle(json.dumps({"op": "new", "game": "matatu", "players": 2, "seed": 3}), "links")
    save = json.loads(handle(json.dumps({"op": "save"}), "links"))["save"]
    shared = json.loads(handle(json.dumps({"op": "share_game", "save": save}),
                               "links"))["text"]
    app.evaluate(f"location.hash = '#/shared/{shared}'")
    app.wait_for_selector(".replay-controls")
    assert "unfinished game of Matatu is kept" in app.locator(".replay-head").inner_text()
    app.click(".replay-head a[href='#/play']")
    app.wait_for_selector(".hand")
    assert moves(app) == count

    app.evaluate(f"location.hash = '#/deal/{text}'")
    app.click("[data-cmd=abandon-deal]")
    app.wait_for_selector(".hand")
    wait_idle(app)
    app.click("nav.top a[data-nav=history]")
    assert "unfinished" in app.locator(".history-table tbody tr").first.inner_text().lower()


# ---- issue #9 item 3: every screen starts at the top, the focus on its heading ------------------

def scroll_and_focus(page) -> tuple:
    return page.evaluate("() => [window.scrollY, document.activeElement.tagName,"
                         " document.activeElement.textContent]")


def test_every_navigation_starts_at_the_top_with_the_focus_on_its_heading(app):
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app)
    pick_game(app, "matchmakers")
    app.locator("#start").scroll_into_view_if_needed()
    app.click("#start")
    app.wait_for_selector("section.table")
    y, tag_name, heading = scroll_and_focus(app)
    assert y == 0 and tag_name == "H2" and heading == "Matchmakers"
    app.click("nav.top a[data-nav=lobby]")
    pick_game(app, "matchmaster")
    link = app.locator("a", has_text="How to play Matchmaster")
    link.scroll_into_view_if_needed()
    link.click()
    app.wait_for_selector("article.rules")
    y, tag_name, heading = scroll_and_focus(app)
    assert y == 0 and tag_name == "H2" and heading == "Rules of Matchmaster"
    app.click("nav.top a[data-nav=history]")
    app.wait_for_selector("#history-h")
    assert scroll_and_focus(app)[1:] == ["H2", "History"]
    # A link that names a rule lands on that rule, focused and in view.
    app.evaluate("location.hash = '#/rules/matatu/matatu-v1/MT-A3'")
    app.wait_for_function("() => document.activeElement.id === 'ruling-MT-A3'")
    box = app.locator("#ruling-MT-A3").bounding_box()
    assert -1 < box["y"] < 740


# ---- issue #9 item 5: refusals beside what caused them --------------------------------------

def test_a_lobby_refusal_shows_beside_the_field_that_caused_it(app):
    open_app(app)
    pick_game(app, "matatu")
    app.select_option("#players", "7")
    error = app.locator("#players-error")
    error.wait_for()
    assert "7" in error.inner_text()
    assert app.locator("#players").get_attribute("aria-invalid") == "true"
    field, message = app.locator("#players").bounding_box(), error.bounding_box()
    assert 0 <= message["y"] - field["y"] < 120  # beside it, not at the top of the page
    app.click("#start")  # pressed anyway: the same reason, in the same place
    assert error.is_visible() and app.locator(".table").count() == 0
    app.select_option("#opt-max_players", index=1)  # the option the reason names
    error.wait_for(state="detached")
    app.click("#start")
    app.wait_for_selector("section.table")
    assert app.locator(".seats li").count() == 7


# ---- issue #9 item 7: undo until the player's next decision ---------------------------------

def quiet_reply_seed():
    """A 2-player deal where the player's first card may be played and the bot's answer
    shows them nothing (it draws): the seed and the card, found with the engine itself."""
    for seed in range(200):
        def call(_client=f"undo-{seed}", **request):
            return json.loads(handle(json.dumps(request), _client))
        state = call(op="new", game="matatu", players=2, seed=seed, viewer=0, rules="matatu-v1",
                     options={})
        while not state["over"] and state["to_move"] != 0:
            state = call(op="bot", level="basic", seat=state["to_move"], viewer=0)
        cards = [a["card"] for a in state["legal"] if a["type"] == "play"]
        plain = [c for c in cards if sum(a.get("card") == c for a in state["legal"]) == 1]
        if state["over"] or not plain:
            continue
        state = call(op="act", action={"type": "play", "card": plain[0], "seat": 0}, viewer=0)
        replies = 0
        while not state["over"] and state["to_move"] != 0:
            state = call(op="bot", level="basic", seat=state["to_move"], viewer=0)
            replies += 1
        if not state["over"] and state["undo"] and replies:
            return seed, plain[0]
    raise AssertionError("no deal with a quiet answer")


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["360x740", "1280x800"])
def test_undo_stays_until_the_next_decision_and_takes_back_quiet_bot_replies(app, size):
    app.set_viewport_size({"width": size[0], "height": size[1]})
    seed, card = quiet_reply_seed()
    open_app(app)
    open_setup(app)
    app.check("#setting-undo")
    start_matatu(app, players=2, seed=str(seed))
    hand, before = app.locator(".hand").inner_text(), moves(app)
    app.locator(f".hand button[data-card='{card}']").click()
    wait_moves_above(app, before + 1)  # the player's card and the bot's answer
    assert wait_idle(app) == "human"
    undo = app.locator("[data-cmd=undo]")
    assert undo.is_visible()  # still there after the bot has answered
    app.evaluate("scrollTo(0, 0)")
    assert undo.evaluate(IN_VIEW), "Undo is off screen"  # beside the table's heading
    undo.click()
    app.wait_for_function(f"() => document.documentElement.dataset.moves === '{before}'")
    assert app.locator(".hand").inner_text() == hand
    assert app.locator("[data-cmd=undo]").count() == 0


# ---- issue #9 item 8: pacing and clarity ----------------------------------------------------

@pytest.mark.parametrize("game_id,players", [("matchmaster", 2), ("matchmakers", 4)])
def test_a_round_summary_waits_for_the_player_between_rounds(app, game_id, players):
    before, last, after = before_last_move_of(game_id, players, 6,
                                              lambda g: len(g.score_rows) >= 1)
    seat = last["seat"]
    seats = ["bot"] * players
    seats[seat] = "human"
    put_current(app, before, seats, viewer=seat)
    wait_idle(app)
    index = before.legal_actions(seat).index(last)
    app.locator(f"[data-action='{index}']").first.click()
    app.wait_for_function(f"() => {TURN} === 'summary'")
    summary = app.locator(".round-summary")
    assert summary.locator("h2").inner_text() == "Round 1 scored"
    row = after.view(seat)["score_sheet"]["rounds"][0]
    body = summary.locator("tbody tr").all_inner_texts()
    assert len(body) == len(row["points"])
    for number, line in enumerate(body):
        assert f"{row['points'][number]:+d}".replace("+0", "0") in line
    assert "You" in "".join(body)
    if game_id == "matchmaster":  # the score explained as it happens, from the round's figures
        for number, line in enumerate(body):
            assert f"bid {row['bids'][number]}, took {row['tricks'][number]}: " in line
    else:  # each team's sets, unmatched cards and guides, summed: "8 + 6 in sets ... = 7"
        for number, line in enumerate(body):
            assert re.search(r"(in sets|no sets)[^=]*(= |: )" + str(row["points"][number]),
                             line), line
    for width, height in ((1280, 800), (360, 740)):
        app.set_viewport_size({"width": width, "height": height})
        shot(app, f"i30/summary-{game_id}-{width}x{height}.png")
    count = moves(app)
    app.wait_for_timeout(1500)  # the bots wait while it shows
    assert moves(app) == count and app.evaluate(TURN) == "summary"
    app.click("[data-cmd=summary-done]")
    app.wait_for_function(f"() => {TURN} !== 'summary'")
    assert app.locator("section.table").count() == 1


def test_a_player_skipped_before_their_first_turn_is_told_on_the_table(app):
    """Bots moved before the player's first turn and one jumped them or made them draw: the
    table says so (the log is collapsed)."""
    for seed in range(1, 200):
        def call(_client=f"skip-{seed}", **request):
            return json.loads(handle(json.dumps(request), _client))
        state = call(op="new", game="matatu", players=3, seed=seed, viewer=0,
                     rules="matatu-v1", options={})
        while not state["over"] and state["to_move"] != 0:
            state = call(op="bot", level="basic", seat=state["to_move"], viewer=0)
        words = json.dumps(state["view"]["log"])
        if "jump" in words and state["to_move"] == 0:
            break
    else:
        raise AssertionError("no deal jumps the player first")
    open_app(app)
    start_matatu(app, players=3, seed=str(seed))
    recent = app.locator(".recent")
    assert recent.is_visible()
    assert "jump" in recent.inner_text().lower()
    assert not app.locator("details.log").evaluate("d => d.open")


# ---- issue #9 item 9: names, team wins, option words ---------------------------------------

@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["360x740", "1280x800"])
def test_hot_seat_names_are_used_everywhere(app, size):
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app)
    pick_game(app, "matatu")
    app.select_option("#players", "2")
    app.select_option("#seat-1", "human")
    app.fill("#name-0", "Ann")
    app.fill("#name-1", "Bob")
    app.fill("#seed", "31")
    app.click("#start")
    # The game opens on the hand-off screen, by name: no hand shows before its player is there.
    assert wait_idle(app) == "handoff"
    first = "Ann" if "Pass the device to Ann" in app.locator(".handoff").inner_text() else "Bob"
    other = "Bob" if first == "Ann" else "Ann"
    assert "Pass the device to " + first in app.locator(".handoff").inner_text()
    assert app.locator(".hand").count() == 0
    assert app.locator("[data-cmd=handoff-done]").evaluate(IN_VIEW)  # no scrolling to find it
    app.click("[data-cmd=handoff-done]")
    app.wait_for_selector(".hand")
    assert first + " (you)" in app.locator(".seats").inner_text()  # named, not just "You"
    for _ in range(12):
        if wait_idle(app) == "handoff":
            break
        assert other in app.locator(".seats").inner_text()  # the other player, by name
        play_one_turn(app)
    assert "Pass the device to " + other in app.locator(".handoff").inner_text()
    app.click("[data-cmd=handoff-done]")
    app.wait_for_selector(".hand")
    assert other + " (you)" in app.locator(".seats").inner_text()


def test_history_shows_a_team_win_and_options_in_words(app):
    before, last, after = before_last_move_of("matchmakers", 4, 2, lambda g: g.over)
    seat = last["seat"]
    seats = ["bot"] * 4
    seats[seat] = "human"
    put_current(app, before, seats, viewer=seat)
    wait_idle(app)
    app.locator(f"[data-action='{before.legal_actions(seat).index(last)}']").first.click()
    assert wait_idle(app) == "over"
    app.click("nav.top a[data-nav=history]")
    row = app.locator(".history-table tbody tr").first
    result = after.result()
    if len(result["winning_teams"]) == 1:
        assert "Team " in row.inner_text() and " won" in row.inner_text()
        assert "Tie" not in row.inner_text()
    else:
        assert "Shared victory" in row.inner_text()
    # Matatu with Jokers: the option in words, never "jokers=True".
    app.click("nav.top a[data-nav=lobby]")
    pick_game(app, "matatu")
    app.check("#opt-jokers")
    app.select_option("#players", "2")
    app.click("#start")
    wait_idle(app)
    play_one_turn(app)
    app.click("nav.top a[data-nav=lobby]")
    app.click("#start")
    app.click("[data-cmd=abandon-start]")
    wait_idle(app)
    app.click("nav.top a[data-nav=history]")
    text = app.locator(".history-table").inner_text()
    assert "Jokers" in text and "jokers=" not in text


# ---- issue #11, the click path: one render per state change ---------------------------------

def test_a_click_renders_the_table_once(app, context):
    context.add_init_script("""try { localStorage.setItem("matchbook:settings", JSON.stringify(
        {kind: "settings", schema: 1, values: {bot_delay_ms: 3000}})); } catch (e) {}""")
    open_app(app)
    start_matatu(app, players=3, seed="12")
    app.evaluate("""() => {
      window.__renders = 0;
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.target.id === 'app' && r.addedNodes.length) window.__renders++;
        }
      }).observe(document.getElementById('app'), {childList: true});
    }""")
    card = app.locator(".hand button.legal:not([data-choose])")
    if not card.count():
        raise AssertionError("deal 12 has no plain card to play: pick another seed")
    before = moves(app)
    card.first.click()
    wait_moves_above(app, before)
    app.wait_for_timeout(500)  # the save and anything else queued by the click
    assert app.evaluate("window.__renders") == 1  # the bots think for 3 s: no render yet
