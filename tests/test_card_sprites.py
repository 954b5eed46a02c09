"""The card faces (tools/card_faces.py): a sprite per deck with exactly one symbol per card
code, the codes taken from the engine's own decks; every suit or colour drawn in a shape of its
own; well-formed, deterministic and small. And the table draws every face from them."""

import gzip
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import engine
from ui.layouts import LAYOUTS
from ui.render_table import card_face

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import card_faces  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
BUDGET = 150_000  # bytes, all sprites gzipped together (issue #31)
SPRITES = card_faces.sprites(ROOT)
DECKS = card_faces.decks(ROOT)


def tree(game):
    return ET.fromstring(SPRITES[f"static/cards/{game}.svg"])


def symbol_ids(game):
    return [symbol.get("id") for symbol in tree(game).iter(SVG + "symbol")]


def dealt_codes(game_id, **options):
    """Every string in a dealt game's position (its scenario: hands, piles, stock, grid...),
    the engine's own state: a second source for the deck besides the rules' tables."""
    game = engine.new_game(game_id, players=4, seed=11, options=options or None)
    found = set()

    def walk(value):
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(game.position())
    return found


def test_there_is_a_deck_for_every_game_and_a_sprite_for_every_deck():
    assert set(DECKS) == set(engine.GAMES)
    assert set(SPRITES) == {f"static/cards/{game}.svg" for game in engine.GAMES}


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_every_card_code_has_exactly_one_symbol(game):
    ids = symbol_ids(game)
    faces = [found for found in ids if found.startswith("c-")]
    assert len(faces) == len(set(faces)), "a face drawn twice"
    assert faces == ["c-" + code for code in DECKS[game]]
    assert len(DECKS[game]) == len(set(DECKS[game]))
    # ids are unique in the whole file, shapes included (a <use> finds exactly one)
    assert len(ids) == len(set(ids))


def test_the_decks_are_the_engines_own():
    assert len(DECKS["matatu"]) == 54 and {"RJ", "BJ", "10H", "AS"} <= set(DECKS["matatu"])
    assert len(DECKS["matchmaster"]) == 52 and {"DO13", "LB1"} <= set(DECKS["matchmaster"])
    assert len(DECKS["matchmakers"]) == 56
    assert {"R8s", "R8m", "G5", "T2", "T4", "T6", "T8"} <= set(DECKS["matchmakers"])
    words = LAYOUTS["match_maker"].words
    assert DECKS["match_maker"] == tuple(words.PERSONS) + tuple(words.CHANCES)


def test_every_card_the_engine_deals_is_drawn():
    """Each card code a new game's position holds, by the game's words module, has its face;
    Matatu's (with its Jokers on) and The Match-Maker's hold their whole deck, so use every
    face. (Matchmaster deals part of its deck, and a Matchmakers position leaves the guides in
    the office unsaid.)"""
    words = {game: LAYOUTS[game].words for game in DECKS}
    checks = {"matatu": words["matatu"].is_card,
              "matchmaster": lambda code: code[:2] in words["matchmaster"].COLOUR_NAMES,
              "matchmakers": lambda code: code[:1] in words["matchmakers"].COLOURS + ("T",)
              and code[1:2].isdigit(),
              "match_maker": lambda code: code in words["match_maker"].PERSONS
              + words["match_maker"].CHANCES}
    for game_id, is_card in checks.items():
        options = {"jokers": True} if game_id == "matatu" else {}
        cards = {code for code in dealt_codes(game_id, **options) if is_card(code)}
        assert cards and cards <= set(DECKS[game_id]), (game_id, cards - set(DECKS[game_id]))
        if game_id in ("matatu", "match_maker"):
            assert cards == set(DECKS[game_id]), (game_id, set(DECKS[game_id]) - cards)


def _shape_of(symbol):
    """The shape symbols a face's marks use."""
    return [use.get("href")[1:] for use in symbol.iter(SVG + "use")
            if use.get("href", "").startswith("#s-")]


def _main_shape(symbol):
    """The largest shape a face draws: its suit's or its colour's, in the middle."""
    uses = [use for use in symbol.iter(SVG + "use") if use.get("href", "").startswith("#s-")]
    return max(uses, key=lambda use: float(use.get("width"))).get("href")[1:]


def test_each_suit_and_colour_has_a_shape_of_its_own():
    faces = {symbol.get("id")[2:]: symbol for symbol in tree("matatu").iter(SVG + "symbol")
             if symbol.get("id").startswith("c-")}
    suits = {suit: {_main_shape(faces[rank + suit]) for rank in ("2", "7", "10", "A")}
             for suit in "CDHS"}
    assert all(len(shapes) == 1 for shapes in suits.values()), suits
    assert len({shapes.pop() for shapes in suits.values()}) == 4

    from engine.games.matchmakers import words as mk
    from engine.games.matchmaster import words as mm

    for game, words, codes in (("matchmaster", mm, {c: [c + "1", c + "13"] for c in
                                                    mm.COLOUR_NAMES}),
                               ("matchmakers", mk, {c: [c + "1", c + "8s", c + "8m"] for c in
                                                    mk.COLOURS})):
        faces = {symbol.get("id")[2:]: symbol for symbol in tree(game).iter(SVG + "symbol")
                 if symbol.get("id").startswith("c-")}
        drawn = {colour: {_main_shape(faces[code]) for code in cards}
                 for colour, cards in codes.items()}
        assert all(len(shapes) == 1 for shapes in drawn.values()), drawn
        assert {colour: "s-" + words.COLOUR_SHAPES[colour] for colour in codes} == {
            colour: shapes.pop() for colour, shapes in drawn.items()}
        assert len(set(words.COLOUR_SHAPES.values())) == len(codes)
    # Matchmakers' twins carry their mark, ★ or ☾; the guides a mountain, no colour's shape.
    mk_faces = {s.get("id")[2:]: s for s in tree("matchmakers").iter(SVG + "symbol")}
    assert "s-star" in _shape_of(mk_faces["R8s"]) and "s-moon" not in _shape_of(mk_faces["R8s"])
    assert "s-moon" in _shape_of(mk_faces["R8m"]) and "s-star" not in _shape_of(mk_faces["R8m"])
    assert not {"s-star", "s-moon"} & set(_shape_of(mk_faces["R5"]))
    for guide in ("T2", "T4", "T6", "T8"):
        assert set(_shape_of(mk_faces[guide])) == {"s-mountain"}
    # The Match-Maker: each orientation a mark, each sex a symbol, each chance card an icon.
    mx = {s.get("id")[2:]: set(_shape_of(s)) for s in tree("match_maker").iter(SVG + "symbol")}
    assert mx["gay-f"] == {"s-gay", "s-female"} and mx["straight-m"] == {"s-straight", "s-male"}
    assert mx["celibate-m"] == {"s-celibate", "s-male"}
    words = LAYOUTS["match_maker"].words
    icons = [frozenset(mx[code]) for code in words.CHANCES]
    assert len(set(icons)) == len(icons)
    # A chance card prints its name and what it does, in the engine's words.
    texts = {s.get("id")[2:]: [t.text for t in s.iter(SVG + "text")]
             for s in tree("match_maker").iter(SVG + "symbol")}
    for code in words.CHANCES:
        assert texts[code] == [words.SHORT_EFFECTS[code], words.FACE_WORDS[code]], code
    assert texts["gay-m"] == ["gay"]


def test_courts_aces_and_jokers_are_drawn_apart_from_the_numbers():
    faces = {s.get("id")[2:]: ET.tostring(s, encoding="unicode")
             for s in tree("matatu").iter(SVG + "symbol")}
    for court in ("JH", "QS", "KD"):
        assert "rect" in faces[court]  # a court's frame
        assert f">{court[0]}</" in faces[court]
    assert "rect" not in faces["7H"] and "rect" not in faces["AH"]
    for joker in ("RJ", "BJ"):
        assert "s-jester" in faces[joker] and "JOKER" in faces[joker]
    assert "--joker-red" in faces["RJ"] and "--joker-black" in faces["BJ"]
    # Matatu's ink is a custom property per suit, with the usual colour when none is set.
    assert "var(--suit-d,#b3261e)" in faces["7D"] and "var(--suit-c,#1b1b1b)" in faces["7C"]


def test_the_sprites_are_well_formed_deterministic_and_small(tmp_path):
    total_raw = total_gz = 0
    for rel, text in sorted(SPRITES.items()):
        ET.fromstring(text)  # parses as XML
        data = text.encode("utf-8")
        size = len(gzip.compress(data, 9, mtime=0))
        total_raw, total_gz = total_raw + len(data), total_gz + size
        print(f"{rel}: {len(data)} bytes, {size} gzipped")
    print(f"all sprites: {total_raw} bytes, {total_gz} gzipped (budget {BUDGET})")
    assert total_gz <= BUDGET
    assert card_faces.sprites(ROOT) == SPRITES  # the same codes, the same bytes
    published = card_faces.write(ROOT, tmp_path)
    assert {rel: path.read_text(encoding="utf-8") for rel, path in published.items()} == SPRITES
    stamps = {rel: path.stat().st_mtime_ns for rel, path in published.items()}
    card_faces.write(ROOT, tmp_path)  # nothing changed: nothing written
    assert {rel: path.stat().st_mtime_ns for rel, path in published.items()} == stamps
    (tmp_path / "static" / "cards" / "gone.svg").write_text("<svg/>")
    card_faces.write(ROOT, tmp_path)
    assert not (tmp_path / "static" / "cards" / "gone.svg").exists()


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_the_table_draws_every_face_from_its_decks_sprite(game):
    layout = LAYOUTS[game]
    for code in DECKS[game]:
        html = card_face(layout, code)
        art = re.findall(r'<svg class="art" aria-hidden="true" focusable="false">'
                         r'<use href="([^"]+)"/></svg>', html)
        assert art == [f"static/cards/{game}.svg#c-{code}"], html
        assert f'aria-label="{layout.card_name(code)}"' in html


def test_a_game_without_a_drawing_of_its_own_gets_its_words_on_plain_faces():
    face = card_faces.plain_face("X<1", "10\ndark & light")
    symbol = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{face}</svg>')[0]
    assert symbol.get("id") == "c-X<1"
    assert [text.text for text in symbol.iter(SVG + "text")] == ["10", "dark & light"]
