"""Issue #30 item 5: a shared game's link is short enough to paste in a chat.

A whole game's link numbers its moves (each its place among the moves the engine offered)
instead of writing them out; opening it replays them and checks the final state's digest,
so a damaged link is refused with a reason, never obeyed, and links of the first format
still open."""

import json

import pytest

import engine
from engine import service, share
from engine.bots import make_bot
from engine.rng import SeededRng


def call(**request):
    return json.loads(service.handle(json.dumps(request)))


def finished(game_id, players, seed=3, options=None):
    game = engine.new_game(game_id, players=players, seed=seed, options=options)
    bots = [make_bot(type(game), "basic", SeededRng(f"share:{seat}")) for seat in range(players)]
    while not game.over:
        seat = game.pending[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


@pytest.mark.quick
@pytest.mark.parametrize("game_id, players, most", [
    ("matatu", 4, 120), ("matchmaster", 4, 200), ("matchmaster", 7, 260),
    ("match_maker", 4, 200), ("matchmakers", 4, 220)])
def test_a_whole_game_opens_from_a_link_short_enough_for_a_chat(game_id, players, most):
    game = finished(game_id, players)
    reply = call(op="share_game", save=game.to_json())
    text = reply["text"]
    # A chat message, not a page: the first format needed 416-1,878 characters for these.
    assert len(text) <= most, len(text)
    assert len(text) * 5 < len(share.encode_record(game.record()))
    opened = call(op="open_game", text=text)
    assert opened["ok"] and opened["over"] and opened["moves"] == len(game.actions)
    assert opened["record"]["actions"] == game.actions
    assert opened["result"]["winners"] == game.result()["winners"]


@pytest.mark.quick
def test_options_and_a_lesson_position_travel_in_the_link():
    options = {"dealer_hook": True, "must_undertrump": False}
    game = finished("matchmaster", 3, seed=11, options=options)
    opened = call(op="open_game", text=call(op="share_game", save=game.to_json())["text"])
    assert opened["record"]["options"] == game.options
    assert opened["record"]["options"]["dealer_hook"] is True

    # A game from a position (a lesson's, the editor's) carries its scenario.
    middle = engine.new_game("matatu", players=3, seed=5)
    for _ in range(4):
        middle.apply(middle.legal_actions(middle.pending[0])[0])
    positioned = engine.from_scenario(middle.to_scenario())
    positioned.apply(positioned.legal_actions(positioned.pending[0])[-1])
    reopened = call(op="open_game", text=call(op="share_game",
                                              save=positioned.to_json())["text"])
    assert reopened["ok"] and reopened["record"]["scenario"] == positioned.scenario
    assert reopened["record"]["actions"] == positioned.actions


@pytest.mark.quick
def test_a_link_of_the_first_format_still_opens():
    game = finished("matatu", 2)
    old = share.encode_record(game.record())
    assert old.startswith("e")
    opened = call(op="open_game", text=old)
    assert opened["ok"] and opened["record"]["actions"] == game.actions


@pytest.mark.quick
def test_a_damaged_or_cut_link_is_refused_with_a_reason():
    game = finished("matchmakers", 4)
    text = call(op="share_game", save=game.to_json())["text"]
    assert text.startswith("A")
    damaged = [text[:-6], text[:10], text + "AAAA", "B" + text[1:],
               text[:-3] + ("A" if text[-3] != "A" else "B") + text[-2:],
               text[:20] + ("x" if text[20] != "x" else "y") + text[21:], "A", "A" * 12]
    for bad in damaged:
        reply = call(op="open_game", text=bad)
        assert reply["ok"] is False and not reply.get("bug"), (bad, reply)
        assert "link" in reply["error"] or "game" in reply["error"], reply["error"]
