"""Matchmakers' table markup, checked in CPython over seeded random games.

Promises of the layout: a card hidden from the viewer (others' hands, face-down straw cards,
a private campsite) leaves no trace of its identity in the markup outside the game log (the
log's entries are the engine's, filtered for the viewer); every legal action is clickable: a
hand card, a button in one of the layout's zones, or a choice button; cards read as words
from the engine's words module; and the table shows what a player needs to see (guides that
fit their card, the cards picked for the exchange, the twins of a Matchmaking).
"""

import re

import pytest

from engine import from_scenario
from engine.bots import RandomBot
from engine.games.matchmakers import Matchmakers, words
from engine.games.matchmakers.rules import ALL_CARDS, ANIMALS
from engine.rng import SeededRng
from ui.layouts import LAYOUTS
from ui.layouts.matchmakers import MatchmakersLayout
from ui.render_table import log_panel, render_table, table_context

LAYOUT = LAYOUTS["matchmakers"]


def context(players, viewer):
    names = ["You"] + [f"Seat {i + 1} (bot)" for i in range(1, players)]
    return table_context(LAYOUT, ["human"] + ["bot"] * (players - 1), names, viewer,
                         "Matchmakers")


def visible_cards(view):
    seen = set(view["hand"] or []) | set(view["office"]) | set(view["discard"])
    for held in view["guides"]:
        seen |= set(held)
    for stacks in view["straw"] or []:
        seen |= {stack["up"] for stack in stacks if stack["up"]}
    seen |= {play["card"] for play in view["trick"]}
    if view["last_trick"]:
        seen |= {play["card"] for play in view["last_trick"]["cards"]}
    for camp in view["campsites"]:
        seen |= set(camp["cards"] or [])
    mine = (view["exchange"] or {}).get("mine") or {}
    seen |= set(mine.get("picked") or []) | set(mine.get("received") or [])
    if view["resolution"]:
        seen |= set(view["resolution"]["collectable"]) | {view["resolution"]["weakest"]}
    return seen


def without_log(markup):
    return re.sub(r'<details class="log">.*?</details>', "", markup, flags=re.S)


def traces(card):
    return [re.compile(r"\b" + card + r"\b"), re.compile(re.escape(words.card_name(card))
                                                         + r"(?![0-9])")]


TRACES = {card: traces(card) for card in ALL_CARDS}


def walk(players, seed, options=None):
    game = Matchmakers(players=players, seed=seed, options=options)
    bot = RandomBot(SeededRng(seed))
    while not game.over:
        yield game
        seat = game.to_move
        game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    yield game


@pytest.mark.parametrize("players,seed", [(4, 1), (4, 2), (2, 3), (2, 4)])
def test_no_hidden_card_reaches_the_markup(players, seed):
    for step, game in enumerate(walk(players, seed)):
        if step % 3:
            continue  # every third position keeps the test quick
        view = game.view(0)
        state = {"view": view, "legal": game.legal_actions(0), "moves": len(game.actions)}
        html, _ = render_table(state, context(players, 0))
        markup = without_log(html)
        hidden = set(ALL_CARDS) - visible_cards(view)
        leaked = [c for c in hidden if any(p.search(markup) for p in TRACES[c])]
        assert not leaked, (seed, step, view["stage"], leaked)


def test_private_campsites_stay_hidden():
    for step, game in enumerate(walk(4, 5, {"campsite_visibility": "private"})):
        view = game.view(0)
        state = {"view": view, "legal": game.legal_actions(0), "moves": len(game.actions)}
        html, _ = render_table(state, context(4, 0))
        hidden = set(ALL_CARDS) - visible_cards(view)
        markup = without_log(html)
        assert not [c for c in hidden if any(p.search(markup) for p in TRACES[c])]
        if step > 150:
            break


@pytest.mark.parametrize("players,seed", [(4, 6), (2, 7)])
def test_every_legal_action_is_clickable(players, seed):
    kinds = set()
    for game in walk(players, seed):
        if game.over:
            html, _ = render_table({"view": game.view(0), "legal": [], "moves": 0},
                                   context(players, 0))
            # the layout draws only the game: "Play again" is the app's, around it
            assert "Score sheet (" in html and "Play again" not in html
            break
        legal = game.legal_actions(0)
        if not legal:
            continue
        state = {"view": game.view(0), "legal": legal, "moves": len(game.actions)}
        html, _ = render_table(state, context(players, 0))
        clickable = {int(i) for i in re.findall(r'data-action="(\d+)"', html)}
        for index, action in enumerate(legal):
            kinds.add(action["type"])
            assert index in clickable, (action, game.view(0)["stage"])
        assert "data-choose" not in html  # one action per card: a click does it
    assert {"play", "collect", "claim_guide"} <= kinds or players == 2


def test_faces_say_colour_value_and_twin_mark_in_text():
    assert isinstance(LAYOUT, MatchmakersLayout) and LAYOUT.words is words
    assert LAYOUT.card_label("R8s") == "8★ R" and LAYOUT.card_name("R8s") == "red 8★"
    assert LAYOUT.card_name("B8m") == "blue 8☾" and LAYOUT.card_label("G5") == "5 G"
    assert LAYOUT.card_name("T4") == "guide 4"
    assert LAYOUT.card_class("Y3") == "mk-y" and LAYOUT.card_class("T2") == "mk-t"


def render(game, viewer=0, players=4):
    state = {"view": game.view(viewer), "legal": game.legal_actions(viewer),
             "moves": len(game.actions)}
    return render_table(state, context(players, viewer))[0]


def test_guides_show_their_value_over_the_word_inside_the_card():
    # issue #9 item 10: "guide" spilled out of the card and two in a row read "guideguide"
    game = from_scenario({"game": "matchmakers", "players": 4, "position": {
        "hands": [["R9"], ["B1"], ["R3"], ["R5"]], "guides": [["T2", "T4"], [], [], []]}})
    html = render(game)
    guide_faces = [t for t in re.findall(r"<(?:span|button) [^>]*>", html) if " mk-t" in t]
    assert len(guide_faces) >= 6  # the office (2), the seat's row (2), "Your guides" (2)
    # Attributes in any order: the markup writes them in its dicts' order, not sorted.
    hidden_span = r'<span (?=[^>]*aria-hidden="true")(?=[^>]*class="{}")[^>]*>'
    words_inside = re.findall(hidden_span.format("rank") + r"(\d)</span>"
                              + hidden_span.format("mk-word") + "guide</span>", html)
    assert len(words_inside) == len(guide_faces)
    # and each draws its picture, the guide's own face (tools/card_faces.py)
    assert len(re.findall(r'<use href="static/cards/matchmakers.svg#c-T[2468]"/>', html)) == len(
        guide_faces)
    assert "guideguide" not in re.sub(r"<[^>]+>", "", html)
    assert ' guide</span>' not in html  # never "4 guide" on one line


def test_cards_picked_for_the_exchange_stay_marked_in_the_hand():
    game = Matchmakers(players=4, seed=3)
    seat = game.pending[0]
    first, second = game.hands[seat][:2]
    game.apply({"type": "give", "card": first, "seat": seat})
    game.apply({"type": "give", "card": second, "seat": seat})
    html = render(game, seat)
    hand = re.search(r'<ul [^>]*class="hand".*?</ul>', html, re.S).group(0)
    picked = re.findall(r'<button [^>]*aria-label="([^"]*, Take back [^"]*)"[^>]*class="card'
                        r' face [^"]*legal', hand)
    assert len(picked) == 2 and all(
        words.card_name(card) in " ".join(picked) for card in (first, second))
    assert "Exchange: pick 3 cards to give your partner face down (2 of 3 picked)." in html


def test_a_matchmaking_highlights_its_twins_in_the_last_trick():
    game = from_scenario({"game": "matchmakers", "players": 4, "position": {
        "hands": [["R9", "B1"], ["R8m", "G1"], ["B4m", "Y2s"], ["R5", "Y3"]],
        "guides": [[], ["T6"], [], []], "trick": [{"seat": 0, "card": "B4s"}]}})
    game.apply({"type": "play", "card": "T6", "seat": 1})
    game.apply({"type": "play", "card": "B4m", "seat": 2})
    html = render(game)
    last = re.search(r'<div class="trick mk-last">.*?</div>', html, re.S).group(0)
    assert "The twins blue 4★ and blue 4☾ are discarded." in last
    twins = [re.search(r'aria-label="([^"]*)"', t).group(1)
             for t in re.findall(r"<span [^>]*>", last) if "mk-twin\"" in t]
    assert sorted(twins) == ["blue 4★", "blue 4☾"] and "guide 6" in last


def test_the_log_reads_in_words_for_the_viewer():
    game = Matchmakers(players=4, seed=8)
    bot = RandomBot(SeededRng(8))
    while len(game.actions) < 60:
        seat = game.pending[0]
        game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    view = game.view(0)
    panel = log_panel(view, context(4, 0))
    lines = re.findall(r"<li>(.*?)</li>", panel)
    assert lines and not [line for line in lines if re.search(r"\b[RBGY]\d[sm]?\b", line)]
    assert any(line.startswith("You ") or " you" in line for line in lines)
    assert not [c for c in ANIMALS if c in panel]


def test_claim_button_names_the_seat_the_guide_comes_from():
    game = from_scenario({"game": "matchmakers", "players": 4, "position": {
        "starter": 0, "guides": [["T4"], [], [], []],
        "hands": [["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]],
        "trick": [{"seat": 0, "card": "R8s"}, {"seat": 1, "card": "R2s"}]}})
    game.apply({"type": "play", "card": "G4s", "seat": 2})
    game.apply({"type": "play", "card": "B4s", "seat": 3})
    ctx = table_context(LAYOUT, ["bot", "bot", "human", "bot"], ["Ann", "Bo", "You", "Di"], 2)
    html = render_table({"view": game.view(2), "legal": game.legal_actions(2), "moves": 9},
                        ctx)[0]
    assert "Take the guide 4 from Ann" in html and "Leave the guide" in html
    assert "You lost the trick with the green 4★: take the guide or leave it." in html


def test_a_team_s_round_score_is_summed_in_words():
    from engine.games.matchmakers.words import score_reason

    assert score_reason([8, 6], [3], -4, 7) == \
        "8 + 6 in sets, 3 unmatched, 4 for guides: 14 - 3 - 4 = 7"
    assert score_reason([10], [], 0, 10) == "10 in sets: 10"
    assert score_reason([], [2, 5], 0, -7) == "no sets, 7 unmatched: 0 - 7 = -7"
