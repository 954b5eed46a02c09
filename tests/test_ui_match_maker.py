"""The Match-Maker's table markup, checked in CPython over seeded games.

Three promises of the layout: a card face down to the viewer leaves no trace of its identity
in the markup (text, attributes or ARIA); every legal action is clickable exactly once,
either as a stack in the grid or as a choice button; and every other stack, while the viewer
decides, asks the engine, which refuses it with its reason.
"""

from html.parser import HTMLParser

import pytest

import engine
from engine import IllegalAction
from engine.bots import RandomBot, make_bot
from engine.games.match_maker import MatchMaker
from engine.games.match_maker import words as faces
from engine.games.match_maker.words import CHANCES, PERSONS
from engine.rng import SeededRng
from ui.layouts import LAYOUTS
from ui.layouts.match_maker import MatchMakerLayout
from ui.render_table import render_table, table_context

LAYOUT = LAYOUTS["match_maker"]
assert isinstance(LAYOUT, MatchMakerLayout)
# Anything that would tell which person card lies in a face-down place.
PERSON_TRACES = sorted({faces.person_name(c) for c in PERSONS} | set(PERSONS)
                       | {"straight", "gay", "celibate", "♂", "♀"})
CHANCE_TRACES = sorted({faces.CHANCE_NAMES[c] for c in CHANCES} | set(CHANCES)
                       | set(faces.CHANCE_SYMBOLS.values()))
VOID = {"br", "img", "input", "meta", "link", "hr", "wbr"}


class Node:
    def __init__(self, name, attrs, parent):
        self.name, self.attrs, self.parent = name, dict(attrs), parent
        self.children = []  # Nodes and strings

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def walk(self):
        """This node and every element under it, in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed([c for c in node.children if isinstance(c, Node)]))

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find_text(self):
        """What a screen reader says for this element: its text outside aria-hidden parts."""
        if self.attrs.get("aria-hidden") == "true":
            return ""
        if self.attrs.get("aria-label"):
            return self.attrs["aria-label"]
        return "".join(c if isinstance(c, str) else c.find_text() for c in self.children)

    def traces(self):
        """Everything a browser or a screen reader could get out of this subtree."""
        parts = []
        for node in self.walk():
            parts += [str(v) for v in node.attrs.values() if v is not None]
        return " ".join(parts) + " " + self.text()


class Tree(HTMLParser):
    def __init__(self, markup):
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {}, None)
        self.at = self.root
        self.feed(markup)
        self.close()
        assert self.at is self.root, "unbalanced markup"

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_endtag(self, tag):
        assert self.at.name == tag, (self.at.name, tag)
        self.at = self.at.parent

    def handle_data(self, data):
        self.at.children.append(data)

    def find(self, css_class):
        return [n for n in self.root.walk() if css_class in n.classes()]


def context(players, viewer):
    names = ["You"] + [f"Seat {i + 1} (bot)" for i in range(1, players)]
    return table_context(LAYOUT, ["human"] + ["bot"] * (players - 1), names, viewer,
                         "The Match-Maker")


def render(game, viewer):
    state = {"view": game.view(viewer), "legal": game.legal_actions(viewer) if viewer is not None
             else [], "moves": len(game.actions)}
    html, tries = render_table(state, context(game.players, viewer))
    return state, Tree(html), tries


def face_up_persons(view):
    """Person cards this view shows face up, wherever they are."""
    shown = [cell["face"] for cell in view["grid"] if cell["face"]]
    for cell in view["grid"]:
        shown += cell["cards"] or []
    shown += view["change_to_person"]["cards"] or []
    shown += list(view["discard"])
    for piles in view["piles"]:
        shown += piles["couples"] + piles["exes"]
    if view["result"]:
        shown += view["result"]["left_on_grid"]
    return {code for code in shown if code in PERSONS}


def check_hidden(game, view, tree):
    cells = {n.attrs["data-cell"]: n for n in tree.root.walk() if "data-cell" in n.attrs}
    assert len(cells) == len(view["grid"])
    for cell, stack in zip(view["grid"], game.stacks, strict=True):
        node = cells[f"{cell['row']},{cell['col']}"]
        assert f"{len(stack)} card" in node.traces() or not stack  # the depth is shown
        if cell["face"] is None:
            traces = node.traces()
            leaked = [t for t in PERSON_TRACES if t in traces]
            assert not leaked, (cell, leaked, traces)
        else:
            shown = [n for n in node.walk() if "face" in n.classes()]
            assert len(shown) == 1 and "mx-" + cell["face"].split("-")[0] in shown[0].classes()
            assert faces.short_name(cell["face"]) in node.find_text(), (cell, node.find_text())
    # The chance piles and a face-down Change-To-Person pile show counts and backs only.
    piles = tree.find("mx-pile")
    assert len(piles) == 4
    for node in piles[:2] + ([] if view["change_to_person"]["cards"] else piles[2:3]):
        traces = node.traces().replace("Soulmate +3 or Deathmate −3", "").replace(
            "Orientation Change, Sex Change, Time", "")
        leaked = [t for t in PERSON_TRACES + CHANCE_TRACES if t in traces]
        assert not leaked, (leaked, traces)
    # Outside the log (history), a person card is named only if it lies face up somewhere.
    log = tree.find("log")[0]
    log.parent.children.remove(log)
    everything = tree.root.traces()
    named = {code for code in PERSONS if faces.person_name(code) in everything}
    assert named <= face_up_persons(view), named - face_up_persons(view)
    # The log tells what happened, not where a card that went back face down lies.
    if not view["options"]["open_grid"]:
        for entry in log.walk():
            if entry.name == "li":
                line = entry.text()
                assert not (" at row " in line and any(n in line for n in PERSON_TRACES)), line


def check_clickable(game, state, tree, tries, viewer):
    clickable = [int(n.attrs["data-action"]) for n in tree.root.walk()
                 if "data-action" in n.attrs]
    assert sorted(clickable) == list(range(len(state["legal"]))), (clickable, state["legal"])
    for node in tree.root.walk():
        if "data-action" in node.attrs:
            action = state["legal"][int(node.attrs["data-action"])]
            assert node.name == "button"
            in_grid = "mx-stack" in node.classes()
            assert in_grid == (action["type"] == "open"), action
            label = node.attrs.get("aria-label") or node.find_text()
            assert label.strip(), action
    # Every other stack is a button that asks the engine, which refuses it with its reason.
    asking = [n for n in tree.root.walk() if "data-try" in n.attrs]
    assert sorted(int(n.attrs["data-try"]) for n in asking) == list(range(len(tries)))
    assert len(asking) + sum(a["type"] == "open" for a in state["legal"]) == len(
        state["view"]["grid"])
    for node in asking:
        assert node.name == "button" and "mx-stack" in node.classes()
        assert node.find_text().endswith("cannot be opened now")
    if tries:
        action = tries[len(state["legal"]) % len(tries)]
        assert action["seat"] == viewer
        before = game.to_json()
        try:
            game.apply(action)
        except IllegalAction as refusal:
            assert refusal.reason and refusal.rule in (
                "turn.2", "MX-A1", "MX-A3", "MX-A12"), refusal.to_dict()
        else:
            raise AssertionError(f"the engine took the stack a player may not open: {action}")
        assert game.to_json() == before


CONFIGS = [(2, {}), (3, {}), (4, {"decks": 2}), (6, {}), (2, {"open_grid": True}),
           (3, {"sex_change_rule": "any_opposite_sex", "predraw_commits": False}),
           (5, {"grid_stacks": "row4_2x3", "match_grants_extra_turn": True})]


@pytest.mark.slow
@pytest.mark.parametrize("players, options", CONFIGS,
                         ids=[f"{p}p-{','.join(o) or 'defaults'}" for p, o in CONFIGS])
def test_seeded_games_hide_face_down_cards_and_click_every_legal_action(players, options):
    """One whole game per configuration (three each once: parsing the markup of every move is
    what costs), seen by seat 0 and by the seat to move."""
    stages = set()
    seed = players
    game = engine.new_game("match_maker", players=players, seed=seed, options=options)
    rng = SeededRng(seed + 100)
    bot, random_bot = make_bot(MatchMaker, None, rng.fork()), RandomBot(rng.fork())
    moves = 0
    while True:
        state, tree, tries = render(game, 0)
        check_hidden(game, state["view"], tree)
        if game.over:
            assert tree.find("mx-end"), "the end screen is drawn"
            break
        mover = game.to_move
        stages.add(game.stage)
        if mover != 0:
            state, tree, tries = render(game, mover)
        check_clickable(game, state, tree, tries, mover)
        chooser = bot if rng.randbelow(100) < 80 else random_bot
        game.apply(chooser.choose(game.view(mover), game.legal_actions(mover)))
        moves += 1
        assert moves < 3000
    assert {"start", "second", "mismatch"} <= stages


def test_every_stage_and_the_end_screen_render():
    """Over a few games every decision shows up, with an explicit button for each choice."""
    stages, labels = set(), set()
    for seed in range(6):
        game = engine.new_game("match_maker", players=3, seed=seed, options={"decks": 2})
        rng = SeededRng(seed)
        bot, random_bot = make_bot(MatchMaker, None, rng.fork()), RandomBot(rng.fork())
        while not game.over:
            mover = game.to_move
            if game.stage not in ("start", "second"):  # the stages decided by choice buttons
                stages.add(game.stage)
                _, tree, _ = render(game, mover)
                labels.update(node.text().split(" (")[0] for node in tree.find("choice"))
            chooser = bot if rng.randbelow(100) < 70 else random_bot
            game.apply(chooser.choose(game.view(mover), game.legal_actions(mover)))
        _, tree, _ = render(game, 0)
        end = tree.find("mx-end")[0].text()
        assert "The Match-Maker" in end and "The Player" in end and "Points" in end
    assert stages >= {"match", "mate", "mismatch", "cancel", "replace"}
    for expected in ("Take the Couple", "Take an Ex", "Draw a change card",
                     "No change card: put both back face down", "Collect the Couple",
                     "Let the Orientation Change stand", "Draw a mate card"):
        assert expected in labels, (expected, sorted(labels))
    assert any(label.startswith("Replace the first card") for label in labels)
    assert any(label.startswith("Try to cancel the") for label in labels)


def test_a_spectator_sees_no_face_down_card_and_has_nothing_to_click():
    game = engine.new_game("match_maker", players=4, seed=9)
    bot = RandomBot(SeededRng(9))
    for _ in range(60):
        state, tree, _ = render(game, None)
        check_hidden(game, state["view"], tree)
        assert not [n for n in tree.root.walk() if "data-action" in n.attrs
                    or "data-try" in n.attrs]
        game.apply(bot.choose(None, game.legal_actions()))
