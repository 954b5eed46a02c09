"""The embeds' controller (ui/embed_controller.py), in CPython as the build and the engine
worker run it: parameters checked at one boundary, lessons that never refuse before the
learner acts and end with "Again", a teacher's expected move enforced, a host page that
cannot break it, and events that carry only what the reader's seat may see."""

from __future__ import annotations

import json
import re

import pytest

import engine
from engine import service
from engine.games.matatu.rules import standard_deck
from ui import embed_controller
from ui.layouts import LAYOUTS

CLIENT = "test-embed"


@pytest.fixture(autouse=True)
def fresh_client():
    embed_controller.forget(CLIENT)
    service.forget(CLIENT)
    yield
    embed_controller.forget(CLIENT)
    service.forget(CLIENT)


def ask(**request) -> dict:
    return json.loads(embed_controller.handle(json.dumps(request), CLIENT))


def open_embed(**params) -> dict:
    return ask(op="open", params=[[name, str(value)] for name, value in params.items()])


def click(reply: dict, kind: str, value: str) -> dict:
    return ask(op="click", kind=kind, value=value, version=reply["version"])


def first(html: str, attribute: str, has: str = "") -> str:
    """The value of the first ``attribute`` on an element whose markup contains ``has``."""
    for element in re.findall(r"<[a-z]+ [^>]*>[^<]*", html):
        match = re.search(attribute + r'="([^"]*)"', element)
        if match and has in element:
            return match.group(1)
    raise AssertionError(f"no {attribute} with {has!r}")


@pytest.mark.parametrize("params, message", [
    ({"game": "matatu", "seed": "1" * 60}, "The seed is a whole number from 0 to"),
    ({"game": "matatu", "seed": "--5"}, "\"--5\" is neither"),
    ({"game": "matatu", "options": "jokers:--1"}, "cannot be \"--1\""),
    ({"game": "\ufffd%A"}, "There is no game called \"\ufffd%A\""),
    ({"game": "matatu", "options": "jokers:%ZZ"}, "cannot be \"%ZZ\""),
    ({"game": "matatu", "colour": "blue"}, "Unknown embed parameter \"colour\""),
    ({"game": "matatu", "players": "9"}, "Matatu is for 2 to 7 players, not 9"),
    ({"game": "matatu", "delay": "1e9"}, "delay must be a whole number"),
    ({"lesson": "../../etc"}, "There is no lesson called"),
    ({"scenario": "x" * 200_001}, "too long"),
])
def test_parameters_that_once_hung_the_frame_get_a_clear_message(params, message):
    reply = open_embed(**params)
    assert reply["status"] == "error"
    assert reply["events"][-1]["type"] == "error"
    assert message in reply["events"][-1]["message"]


def test_a_lesson_shows_no_refusal_before_the_learner_acts():
    reply = open_embed(lesson="matatu-chopper-7c-suit")
    assert reply["lesson"] == "refuse"
    assert "refusal" not in reply["html"] and "Not allowed" not in reply["html"]
    assert "Show why not" in reply["html"]
    # Asking why: the engine's reason shows, and the lesson moves on.
    shown = click(reply, "cmd", "lesson-next")
    assert 'class="refusal"' in shown["html"] and "Not allowed: You cannot cut" in shown["html"]
    assert "step 2 of" in shown["html"]
    # Trying the refused move itself does the same.
    tried = click(shown, "try", first(shown["html"], "data-try", 'data-card="7C"'))
    assert "Not allowed: The 7♣ does not match 6♥" in tried["html"]
    assert "Hint:" not in tried["html"]  # they did what the step asked
    assert "step 3 of" in tried["html"]


def test_a_finished_lesson_shows_its_end_and_offers_again_not_dead_buttons():
    reply = open_embed(lesson="matchmaster-score-3-of-3")
    assert "data-action" in reply["html"]  # the Bid buttons
    for _ in range(20):
        if reply["lesson"] == "done":
            break
        reply = click(reply, "cmd", "lesson-watch")
    assert reply["lesson"] == "done" and reply["turn"] == "over"
    html = reply["html"]
    assert not re.search(r' data-(action|try|choose)="', html)
    assert "Again" in html and 'data-cmd="lesson-restart"' in html
    assert "Back to the lobby" not in html
    assert any(event["type"] == "lesson-done" for event in reply["events"])
    again = click(reply, "cmd", "lesson-restart")
    assert again["lesson"] == "expect" and "step 1 of" in again["html"]


def test_the_builds_first_view_is_what_the_worker_opens_with():
    opened = open_embed(lesson="matatu-cut-7d-7h-8s")
    built = embed_controller.first_view({"lesson": "matatu-cut-7d-7h-8s"})
    assert built["html"] == opened["html"] and built["version"] == opened["version"]


def test_a_stale_click_changes_nothing():
    reply = open_embed(game="matatu", players="3", seed="7", delay="0")
    while reply["turn"] == "bot":
        reply = ask(op="bot", version=reply["version"])
    later = click(reply, "cmd", "cancel-choice")
    stale = ask(op="click", kind="action", value="0", version=reply["version"])
    assert stale["moves"] == later["moves"]


def test_a_game_ends_with_play_again_and_no_way_to_a_lobby_the_frame_does_not_have():
    reply = open_embed(game="matatu", players="2", seed="3", delay="0")
    for _ in range(600):
        if reply["turn"] == "over":
            break
        if reply["turn"] == "bot":
            reply = ask(op="bot", version=reply["version"])
            continue
        index = re.search(r'data-action="(\d+)"', reply["html"])
        reply = click(reply, "action", index.group(1))
    assert reply["turn"] == "over"
    assert "Play again" in reply["html"] and "Back to the lobby" not in reply["html"]
    assert reply["events"][-1]["type"] == "game-over"
    again = click(reply, "cmd", "rematch")
    assert again["moves"] == 0 and again["turn"] != "over"


def cut_scenario() -> dict:
    scenario = {"game": "matatu", "players": 2, "seed": 3, "position": {
        "hands": [["7D", "7H", "8S"], ["2C", "3C", "4C"]], "pile": ["6D"],
        "stock": [c for c in standard_deck() if c not in
                  {"7D", "7H", "8S", "2C", "3C", "4C", "6D"}],
        "base_card": "6D", "to_move": 0, "dealer": 1}}
    return scenario


def test_a_teachers_expected_move_is_enforced_as_a_lesson_enforces_its_own():
    scenario = cut_scenario()
    packed = json.loads(service.handle(json.dumps({
        "op": "pack_script", "script": {
            "scenario": scenario, "seat": 0, "captions": ["Cut with the chopper 7♦."],
            "expect": {"type": "cut", "card": "7D"}, "explanation": "15 points remain."}}),
        CLIENT))
    assert packed["ok"], packed
    reply = open_embed(script=packed["text"])
    assert "Cut with the chopper 7♦." in reply["html"]
    # A legal move that is not the one the example is about: refused, nothing changes.
    draw = re.search(r'<button[^>]*data-action="(\d+)"[^>]*>Draw a card', reply["html"])
    refused = click(reply, "action", draw.group(1))
    assert "That is legal, but this example shows another move" in refused["html"]
    assert refused["moves"] == 0
    # The expected move is taken.
    card = first(refused["html"], "data-choose", 'data-card="7D"')
    chosen = click(refused, "choose", card)
    cut = re.search(r'<button[^>]*data-action="(\d+)"[^>]*>Cut with 7♦', chosen["html"])
    done = click(chosen, "action", cut.group(1))
    assert done["moves"] == 1 and done["turn"] == "over"
    assert "15 points remain." in done["html"]
    # A script whose expected move is not legal there is refused when it is packed.
    bad = json.loads(service.handle(json.dumps({
        "op": "pack_script", "script": {"scenario": scenario, "seat": 0, "captions": ["x"],
                                        "expect": {"type": "play", "card": "2C"}}}), CLIENT))
    assert bad["ok"] is False and "not a legal move" in bad["error"]


def test_hostile_host_messages_leave_the_table_working():
    reply = open_embed(lesson="matatu-cut-exactly-20")
    deep = "[" * 3000 + "]" * 3000
    for message in ({"type": "load-scenario", "scenario": deep},
                    {"type": "load-scenario", "scenario": {"game": "matatu"}},
                    {"type": "load-scenario", "scenario": 5}, {"type": ["reset"]},
                    {"type": "step", "do": "eval"}, "reset", None, [1, 2]):
        reply = ask(op="host", message=message)
        assert reply["ok"] and reply["status"] == "ready", (message, reply)
        assert "Exactly 20 may cut" in reply["html"]
    # A request too deep for the engine's parser is a refusal, not a crash.
    nested = json.loads(embed_controller.handle('{"op": "host", "message": '
                                                + "[" * 3000 + "]" * 3000 + "}", CLIENT))
    assert nested["ok"] is False and "nests" in nested["error"]
    assert ask(op="host", message={"type": "step", "do": "watch"})["lesson"] == "done"


def hidden_identities(game, seat: int) -> list:
    """Patterns of the card codes and names the seat may not see now."""
    everything = set()
    for cards in (game.card_locations() or {}).values():
        everything.update(cards)
    visible = set(game.visible_cards(seat))
    layout = LAYOUTS[game.id]
    return [re.compile(re.escape(json.dumps(code)) + "|" + re.escape(layout.card_name(code))
                       + "(?![0-9])") for code in everything - visible]


def play_and_listen(game_id: str, players: int, seed: int, moves: int) -> list[tuple]:
    """Play an embed (the reader presses the button of their first legal move that takes
    nothing back, bots move at once) and return each event with the number of moves made
    when it was posted."""
    reply = open_embed(game=game_id, players=str(players), seed=str(seed), delay="0")
    heard = [(0, event) for event in reply["events"]]
    for _ in range(400):
        if reply["turn"] == "over" or reply["moves"] >= moves:
            break
        if reply["turn"] == "bot":
            reply = ask(op="bot", version=reply["version"])
        else:
            legal = json.loads(service.handle(json.dumps({"op": "view", "viewer": 0,
                                                          "bounded": True}), CLIENT))["legal"]
            index = next(i for i, action in enumerate(legal)
                         if not action["type"].startswith("undo"))
            if f'data-action="{index}"' not in reply["html"]:
                card = legal[index]["card"]  # several ways to play it: choose it first
                reply = click(reply, "choose", card)
            reply = click(reply, "action", str(index))
        heard += [(reply["moves"], event) for event in reply["events"]]
    return heard


DOCUMENTED = {"ready": {"game"}, "move": {"moves", "seat", "action"},
              "step": {"step", "steps", "kind"}, "lesson-done": {"lesson"},
              "game-over": {"result"}, "error": {"message"}}


@pytest.mark.parametrize("game_id, players, seed, moves", [
    ("matchmaster", 4, 5, 40),   # the bots' secret bids, then a round of tricks
    ("matchmakers", 4, 2, 30),   # the exchange between bot partners, then tricks
])
def test_the_frames_events_carry_only_what_the_readers_seat_may_see(game_id, players, seed,
                                                                      moves):
    heard = play_and_listen(game_id, players, seed, moves)
    assert len(heard) > moves / 2
    save = json.loads(service.handle(json.dumps({"op": "save"}), CLIENT))["save"]
    record = json.loads(save)
    for made, event in heard:
        assert set(event) - {"type"} <= DOCUMENTED[event["type"]], event
        if event["type"] == "move":
            assert "action" not in event or event["seat"] == 0, event
        # The reader's own move names what they held just before it.
        own = event["type"] == "move" and "action" in event
        game = engine.replay(record, upto=made - 1 if own else made)
        text = json.dumps(event, ensure_ascii=False)
        leaked = [found.pattern for found in hidden_identities(game, 0) if found.search(text)]
        assert not leaked, (made, event, leaked)
    # The bots' secret bids, and cards passed between the two bots, really were made.
    actions = record["actions"]
    if game_id == "matchmaster":
        assert len([a for a in actions if a["type"] == "bid" and a["seat"] != 0]) >= 3
    else:
        assert {a["seat"] for a in actions if a["type"] in ("give", "return")} >= {1, 3}


def test_docs_embeds_names_every_parameter_and_every_event_field():
    """docs/embeds.md is what a teacher reads: every parameter the frame accepts and every
    field of every event it posts (DOCUMENTED above, checked against the real events) is in
    its tables, so a field added to the code without a word in the docs fails here."""
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[1] / "docs" / "embeds.md").read_text()
    rows = {line.split("|")[1].strip(): line for line in docs.splitlines()
            if line.startswith("| `")}
    for name in embed_controller.PARAMS:
        assert f"`{name}=" in docs, name
    for kind, fields in DOCUMENTED.items():
        row = rows.get(f"`{kind}`")
        assert row is not None, kind
        for field in fields:
            assert f"`{field}`" in row, (kind, field)
