"""Card faces (issue #31 item 1): every card code of every deck is drawn from its deck's SVG
sprite (tools/card_faces.py), in the page as the table draws it; the table's hand shows a
picture per card on a phone; the four-colour setting turns the diamonds blue.

The sheets (every face of a deck, in the table's own card markup and CSS) are written with
``shot`` for a person to look at ($MATCHBOOK_SHOTS)."""

from __future__ import annotations

import base64
import json
import sys

import pytest
from matchbook import fast_bots, open_app, open_setup, shot, start_matatu, wait_idle

from ui.layouts import LAYOUTS
from ui.render_table import card_face

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "tools"))
import card_faces  # noqa: E402  (tools/card_faces.py)

DECKS = card_faces.decks()
# Each drawn face's <use>: its code, whether its sprite has that symbol, and its box.
DRAWN = """async () => {
  const sprites = {};
  for (const section of document.querySelectorAll('section[data-deck]')) {
    const url = 'static/cards/' + section.dataset.deck + '.svg';
    const text = await (await fetch(url)).text();
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    sprites[url] = new Set([...doc.querySelectorAll('symbol[id^="c-"]')].map(s => s.id));
  }
  return [...document.querySelectorAll('.card > svg.art > use')].map(use => {
    const [url, id] = use.getAttribute('href').split('#');
    const box = use.getBoundingClientRect(), card = use.closest('.card').getBoundingClientRect();
    return {url, id, found: sprites[url].has(id), label: use.closest('.card').ariaLabel,
            width: box.width, height: box.height,
            inside: box.left >= card.left - 1 && box.right <= card.right + 1
                    && box.top >= card.top - 1 && box.bottom <= card.bottom + 1};
  });
}"""
# Pixels of an element's screenshot by kind: reds, blues, greens, darks, the rest.
INKS = """async (png) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const counts = {red: 0, blue: 0, green: 0, dark: 0, other: 0};
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 140 && g < 90 && b < 90) counts.red++;
    else if (b > 120 && r < 80 && g < 110) counts.blue++;
    else if (g > 90 && r < 60 && g - b > 45) counts.green++;  // not the felt (29, 92, 59)
    else if (r < 60 && g < 60 && b < 60) counts.dark++;
    else counts.other++;
  }
  return counts;
}"""


def sheet(size: str = "") -> str:
    """Every face of every deck in the table's own markup (ui/render_table.py's card_face and
    each game's layout classes), one section per deck."""
    sections = []
    for game, codes in DECKS.items():
        layout = LAYOUTS[game]
        cards = "".join(f"<li>{card_face(layout, code, {}, size)}</li>" for code in codes)
        sections.append(f'<section class="table game-{game}" data-deck="{game}">'
                        f'<h2>{game}</h2><ul class="sheet-cards">{cards}</ul>'
                        "</section>")
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>Card faces</title><link rel="stylesheet" href="static/css/app.css">'
            "<style>.table { margin: 0 0 0.5rem; } .table h2 { margin: 0 0 0.3rem; "
            "font-size: 1rem; } .sheet-cards { display: flex; flex-wrap: wrap; gap: 0.3rem; "
            "list-style: none; margin: 0; padding: 0; }</style></head>"
            f"<body><main>{''.join(sections)}</main></body></html>")


@pytest.fixture
def sheet_site(tmp_path, dist_dir, serve):
    """A page of every face, served beside the built site's static/ (the sprites, the CSS)."""
    (tmp_path / "static").symlink_to(dist_dir / "static", target_is_directory=True)
    (tmp_path / "sheet.html").write_text(sheet(), encoding="utf-8")
    (tmp_path / "small.html").write_text(sheet("small"), encoding="utf-8")
    return serve(tmp_path)


def drawn(page) -> list[dict]:
    """Every face on the page once its sprite has loaded (a <use> has no box before)."""
    page.wait_for_function("() => [...document.querySelectorAll('.card > svg.art > use')]"
                           ".every(use => use.getBoundingClientRect().width > 0)")
    return page.evaluate(DRAWN)


def test_the_sprites_are_published_and_precached(dist_dir):
    manifest = json.loads((dist_dir / "precache-manifest.json").read_text())
    for game in DECKS:
        rel = f"static/cards/{game}.svg"
        assert (dist_dir / rel).read_text(encoding="utf-8") == card_faces.sprite(game,
                                                                                  DECKS[game])
        assert rel in manifest["files"], f"{rel} is not precached: no faces offline"
        assert (dist_dir / (rel + ".gz")).is_file()  # hosts send it gzipped


@pytest.mark.parametrize("width", [360, 1280])
def test_every_card_of_every_deck_is_drawn_from_its_sprite(page, sheet_site, width):
    page.set_viewport_size({"width": width, "height": 800})
    for name in ("sheet", "small"):
        page.goto(sheet_site.url + name + ".html")
        faces = drawn(page)
        expected = [(f"static/cards/{game}.svg", "c-" + code)
                    for game, codes in DECKS.items() for code in codes]
        assert [(face["url"], face["id"]) for face in faces] == expected
        for face in faces:
            assert face["found"], f"{face['url']} has no symbol {face['id']}"
            assert face["width"] > 4 and face["height"] > 4, face
            assert face["inside"], f"{face['id']} spills out of its card: {face}"
        shot(page, f"faces/sheet-{name}-{width}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_face_is_drawn_in_its_suits_ink_and_four_colour_turns_diamonds_blue(page,
                                                                               sheet_site):
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(sheet_site.url + "sheet.html")
    drawn(page)
    diamond = page.locator(".game-matatu .card[aria-label='7 of diamonds']")
    club = page.locator(".game-matatu .card[aria-label='7 of clubs']")

    def inks(card) -> dict:
        return page.evaluate(INKS, base64.b64encode(card.screenshot()).decode())

    red, black = inks(diamond), inks(club)
    assert red["red"] > 40 and red["blue"] == 0, red  # the picture is there, in red
    assert black["dark"] > 40 and black["green"] == 0, black
    page.evaluate("document.documentElement.classList.add('four-colour')")
    blue, green = inks(diamond), inks(club)
    assert blue["blue"] > 40 and blue["red"] == 0, blue
    assert green["green"] > 40, green
    hearts = inks(page.locator(".game-matatu .card[aria-label='7 of hearts']"))
    assert hearts["red"] > 40, hearts  # hearts stay red
    shot(page, "faces/four-colour-360.png", full_page=True)


@pytest.fixture
def app(context, page):
    fast_bots(context)
    return page


HAND = """() => [...document.querySelectorAll('.hand .card')].map(card => {
  const art = card.querySelector(':scope > svg.art'), use = art && art.querySelector('use');
  const box = art ? art.getBoundingClientRect() : {width: 0, height: 0};
  const drawn = use ? use.getBoundingClientRect() : {width: 0, height: 0};
  return {code: card.dataset.card, href: use && use.getAttribute('href'), width: box.width,
          height: box.height, drawn: drawn.width * drawn.height,
          card: card.getBoundingClientRect().width};
})"""


def test_the_hand_on_a_phone_shows_a_picture_per_card(app):
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app)
    start_matatu(app, players=3, seed="5")
    assert wait_idle(app) == "human"
    app.wait_for_function("() => [...document.querySelectorAll('.hand .card use')]"
                          ".every(use => use.getBoundingClientRect().width > 0)")
    hand = app.evaluate(HAND)
    assert len(hand) >= 7
    for card in hand:
        assert card["href"] == f"static/cards/matatu.svg#c-{card['code']}", card
        assert card["width"] > 20 and card["height"] > 20 and card["drawn"] > 100, card
        assert card["card"] <= 3 * 16, card  # a card is no wider than before (2.5rem)
    shot(app, "faces/matatu-hand-360x740.png")


def test_the_four_colour_setting_is_kept_and_colours_the_table(app):
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app)
    open_setup(app)
    assert not app.evaluate("document.documentElement.classList.contains('four-colour')")
    app.check("#setting-four-colour")
    app.wait_for_function("document.documentElement.classList.contains('four-colour')")
    kept = json.loads(app.evaluate("localStorage.getItem('matchbook:settings')"))
    assert kept["values"]["four_colour"] is True
    app.reload()
    app.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    assert app.evaluate("document.documentElement.classList.contains('four-colour')")
    assert app.evaluate("getComputedStyle(document.documentElement)"
                        ".getPropertyValue('--suit-d').trim()") != ""
    open_setup(app)
    app.uncheck("#setting-four-colour")
    app.wait_for_function("!document.documentElement.classList.contains('four-colour')")
