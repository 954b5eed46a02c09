"""Card faces, drawn at build time: one SVG sprite per deck, a ``<symbol id="c-<code>">`` per
card code of that deck, taken from the engine's own data (never a hand-kept list).

    static/cards/matatu.svg        52 cards and the two Jokers (RJ, BJ)
    static/cards/matchmaster.svg   DO LO DB LB x 1-13
    static/cards/matchmakers.svg   R B G Y values, the ★/☾ twins, the guides T2 T4 T6 T8
    static/cards/match_maker.svg   the six persons and the five chance cards

A game the drawing below does not know yet gets its cards' words (its words module's
``card_label``) on plain faces, so a new game needs nothing here to be playable.

The UI draws a face as ``<svg class="art"><use href="static/cards/<game>.svg#c-<code>"/></svg>``
inside the card's own box (ui/render_table.py), which keeps the card's size, background,
border and highlights; the sprite draws only the ink. Shapes a deck repeats (suits, colours'
shapes, marks) are ``<symbol id="s-...">`` drawn once and reused with ``<use>``.

Every suit or colour is told apart by its shape as well as its colour. The colours are CSS:
a Matatu face inks with ``var(--suit-<suit>, default)`` (static/css/app.css's four-colour
setting sets them), the other decks with ``currentColor``, the colour of the card's class.
Text is drawn in the page's font (inherited through ``<use>``), squeezed with ``textLength``
where it could be wider than its place, so nothing spills at any font.

``write(root, out)`` writes the sprites under ``out`` (the build's staging folder) only when
their bytes change and returns {dist-relative path: file} for the build to publish; the same
codes always give the same bytes.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
FOLDER = "static/cards"
W, H = 50, 70  # a face's viewBox: the 5:7 of the table's cards

# ---- shapes, each in a 100 x 100 box -----------------------------------------------------------

_RING = ' fill="none" stroke="currentColor" stroke-width="{}"'
SHAPES = {
    # Matatu's suits
    "club": '<circle cx="50" cy="27" r="20"/><circle cx="27" cy="56" r="20"/>'
            '<circle cx="73" cy="56" r="20"/><circle cx="50" cy="50" r="12"/>'
            '<path d="M45 52h10c0 20 4 32 14 43H31c10-11 14-23 14-43z"/>',
    "diamond": '<path d="M50 3 88 50 50 97 12 50z"/>',
    "heart": '<path d="M50 92C22 70 5 52 5 32 5 16 16 6 29 6c9 0 17 5 21 14 4-9 12-14 21-14 '
             '13 0 24 10 24 26 0 20-17 38-45 60z"/>',
    "spade": '<path d="M50 4C38 24 7 38 7 61c0 14 10 22 21 22 8 0 14-4 18-10-1 11-5 18-13 '
             '23h34c-8-5-12-12-13-23 4 6 10 10 18 10 11 0 21-8 21-22C93 38 62 24 50 4z"/>',
    # colours' shapes (Matchmaster, Matchmakers)
    "crown": '<path d="M9 74 4 24l24 22L50 8l22 38 24-22-5 50zM9 80h82v12H9z"/>',
    "circle": '<circle cx="50" cy="50" r="44"/>',
    "square": '<rect x="8" y="8" width="84" height="84" rx="6"/>',
    "triangle": '<path d="M50 5 97 91H3z"/>',
    # marks
    "star": '<path d="M50 3l13.8 29.2 32 4.1-23.5 22.2 6 31.7L50 74.6 21.7 90.2l6-31.7L4.2 '
            '36.3l32-4.1z"/>',
    "moon": '<path d="M64 5A46 46 0 1 0 95 70 37 37 0 0 1 64 5z"/>',
    "mountain": '<path d="M1 90 34 28l13 21 18-35 34 76z"/>',
    # a jester's cap: two floppy points and a tall one, a bell on each, over a band
    "jester": '<path d="M24 78C24 52 14 34 2 50c12-6 24-4 34 6 0-24 6-40 14-48 8 8 14 24 14 48 '
              '10-10 22-12 34-6-12-16-22 2-22 28z"/><circle cx="4" cy="53" r="7"/>'
              '<circle cx="50" cy="8" r="7"/><circle cx="96" cy="53" r="7"/>'
              '<rect x="18" y="80" width="64" height="14" rx="4"/>',
    # The Match-Maker: the sexes, the orientations' marks, the chance cards' icons
    "male": '<g' + _RING.format(10) + '><circle cx="40" cy="60" r="27"/>'
            '<path d="M59 41 90 10M64 10h26v26"/></g>',
    "female": '<g' + _RING.format(10) + '><circle cx="50" cy="36" r="27"/>'
              '<path d="M50 63v34M32 81h36"/></g>',
    "straight": '<g' + _RING.format(9) + '><circle cx="35" cy="50" r="24"/>'
                '<circle cx="65" cy="50" r="24"/></g>',
    "gay": '<g' + _RING.format(9) + '><path d="M7 84a43 43 0 0 1 86 0M23 84a27 27 0 0 1 54 0'
           'M39 84a11 11 0 0 1 22 0"/></g>',
    "celibate": '<g' + _RING.format(9) + '><circle cx="50" cy="50" r="40"/>'
                '<path d="M22 78 78 22"/></g>',
    "skull": '<path fill-rule="evenodd" d="M50 5C27 5 10 22 10 45c0 15 7 25 17 30v18h46V75c10-5 '
             '17-15 17-30C90 22 73 5 50 5zM28 44a9 9 0 1 0 18 0 9 9 0 1 0-18 0zm26 0a9 9 0 1 0 '
             '18 0 9 9 0 1 0-18 0zM50 58l-6 10h12zM37 80h6v11h-6zm10 0h6v11h-6zm10 0h6v11h-6z"/>',
    "swap": '<path d="M6 26h58V12l28 22-28 22V42H6zM94 58H36V44L8 66l28 22V74h58z"/>',
    "both": '<g' + _RING.format(9) + '><circle cx="44" cy="48" r="22"/>'
            '<path d="M60 32 88 6M68 6h20v20M44 70v26M30 84h28"/></g>',
    "clock": '<g' + _RING.format(9) + '><circle cx="50" cy="50" r="41"/>'
             '<path d="M50 22v28l18 12"/></g>',
}

# Matatu: a suit's shape, and the colour its ink takes when no setting says otherwise.
MATATU_SUITS = {"C": ("club", "#1b1b1b"), "D": ("diamond", "#b3261e"),
                "H": ("heart", "#b3261e"), "S": ("spade", "#1b1b1b")}
JOKER_INK = {"RJ": "var(--joker-red,#b3261e)", "BJ": "var(--joker-black,#1b1b1b)"}
COURTS = ("J", "Q", "K")
# The Match-Maker's chance cards' icons (their words are the engine's FACE_WORDS).
CHANCE_ICONS = {"soulmate": "heart", "deathmate": "skull", "orientation-change": "swap",
                "sex-change": "both", "time": "clock"}


def _module(root: Path, name: str):
    """An engine module, imported from ``root``'s engine/."""
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    return importlib.import_module(name)


def decks(root: Path = ROOT) -> dict[str, tuple[str, ...]]:
    """Game id -> every card code of its deck: its rules' ``ALL_CARDS``, for every game the
    engine registers."""
    found = {}
    for game in sorted(_module(root, "engine").GAMES):
        cards = getattr(_module(root, f"engine.games.{game}.rules"), "ALL_CARDS", None)
        if not cards:
            raise RuntimeError(f"build: engine/games/{game}/rules.py declares no ALL_CARDS, "
                               "the card codes to draw a face for")
        found[game] = tuple(cards)
    return found


# ---- drawing -----------------------------------------------------------------------------------


def _n(value: float) -> str:
    return f"{round(value, 2):g}"


def _shape(name: str, x: float, y: float, size: float, extra: str = "") -> str:
    return (f'<use href="#s-{name}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" '
            f'height="{_n(size)}"{extra}/>')


def _width(text: str, size: float) -> float:
    """About how wide ``text`` is in a bold sans face: enough to know when to squeeze it."""
    wide = sum(0.72 if ch.isupper() else 0.62 if ch.isdigit() else 0.58 for ch in text)
    return wide * size


def _text(text: str, x: float, y: float, size: float, room: float, extra: str = "") -> str:
    """``text`` centred on ``x`` (its baseline at ``y``), never wider than ``room``."""
    squeeze = ""
    if len(text) > 1 and _width(text, size) > room:
        squeeze = f' textLength="{_n(room)}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" '
            f'text-anchor="middle"{squeeze}{extra}>{text}</text>')


def _index(code: str, rank: str, marks: list[tuple[str, float]], beside: str = "") -> str:
    """The corner index, top left (``rank`` over its marks, each (shape, size), and the mark
    ``beside`` it on its right), and the same turned about the centre into the bottom-right
    corner."""
    wide = len(rank) > 1  # "10", "13": a little more room, squeezed if need be
    parts = [_text(rank, 9 if wide else 8.5, 15.5, 15, 15 if wide else 13.5)] if rank else []
    if beside:
        parts.append(_shape(beside, 15, 6.5, 8))
    y = 18.5 if rank else 3.5
    for name, size in marks:
        parts.append(_shape(name, 8.5 - size / 2, y, size))
        y += size + 1.5
    return (f'<g id="i-{code}">{"".join(parts)}</g>'
            f'<use href="#i-{code}" transform="rotate(180 {W / 2:g} {H / 2:g})"/>')


def _symbol(code: str, body: str, style: str = "") -> str:
    # Its own fill: a <use> of the symbol inherits from the page, not from this file's <svg>.
    extra = f' style="color:{style}"' if style else ""
    name = escape(code, {'"': "&quot;"})
    return (f'<symbol id="c-{name}" viewBox="0 0 {W} {H}" fill="currentColor"{extra}>{body}'
            '</symbol>')


def matatu_face(code: str) -> str:
    if code in JOKER_INK:
        body = (_index(code, "", [("star", 11)]) + _shape("jester", 11, 12, 28)
                + _text("JOKER", 25, 51, 9, 27))
        return _symbol(code, body, JOKER_INK[code])
    rank, suit = code[:-1], code[-1]
    shape, ink = MATATU_SUITS[suit]
    body = _index(code, rank, [(shape, 10)])
    if rank in COURTS:
        # A court: its letter and suit in a tinted frame, as a court's picture sits in one.
        body += ('<rect x="16" y="12" width="18" height="45" rx="2" fill-opacity=".1" '
                 'stroke="currentColor" stroke-width="1.2"/>'
                 + _text(rank, 25, 35.5, 18, 15) + _shape(shape, 19.5, 39.5, 11))
    elif rank == "A":
        body += _shape(shape, 9, 19, 32)
        if code == "AS":  # the Master Ace (it cancels a penalty): ringed, as decks print it
            body += ('<circle cx="25" cy="35" r="19" fill="none" stroke="currentColor" '
                     'stroke-width="1"/>')
    else:
        body += _shape(shape, 13, 23, 24)
    return _symbol(code, body, f"var(--suit-{suit.lower()},{ink})")


def matchmaster_face(code: str, shapes: dict[str, str]) -> str:
    shape = shapes[code[:2]]
    body = _index(code, code[2:], [(shape, 10)]) + _shape(shape, 13, 23, 24)
    return _symbol(code, body)


def matchmakers_face(code: str, shapes: dict[str, str]) -> str:
    value = code[1]
    if code[0] == "T":  # a mountain guide
        body = (_index(code, value, [("mountain", 10)]) + _shape("mountain", 15, 9, 20)
                + _text("GUIDE", 25, 39.5, 8, 19))
        return _symbol(code, body)
    shape = shapes[code[0]]
    twin = {"s": "star", "m": "moon"}.get(code[2:])
    body = _index(code, value, [(shape, 10)], twin or "") + _shape(shape, 12, 22, 26)
    if twin:  # the twin's mark in the middle of its colour's shape, in the card's paper
        size = 12 if shape == "triangle" else 14  # the triangle's middle is low and narrow
        middle = 38.5 if shape == "triangle" else 35
        body += _shape(twin, 25 - size / 2, middle - size / 2, size,
                       ' style="fill:var(--card-paper,#fff)"')
    return _symbol(code, body)


def match_maker_face(code: str, words) -> str:
    if code in words.CHANCES:
        # What it does over its icon ("+3 points", "new orientation"), its name under it.
        body = (_text(words.SHORT_EFFECTS[code], 25, 12, 9, 44)
                + _shape(CHANCE_ICONS[code], 11, 19, 28)
                + _text(words.FACE_WORDS[code], 25, 64, 11, 46))
        return _symbol(code, body)
    orientation, sex = code.split("-")
    body = (_shape(orientation, 17, 1.5, 16) + _shape("male" if sex == "m" else "female",
                                                       10, 19, 30)
            + _text(orientation, 25, 65, 12, 46))
    return _symbol(code, body)


def plain_face(code: str, label: str) -> str:
    """A card's short label, a line at a time, in the middle of its face."""
    lines = [escape(line) for line in label.split("\n") if line] or [escape(code)]
    top = H / 2 - 7 * (len(lines) - 1)
    return _symbol(code, "".join(_text(line, W / 2, top + 14 * row + 5, 13, 44)
                                 for row, line in enumerate(lines)))


def sprite(game: str, codes, root: Path = ROOT) -> str:
    """The sprite of ``game``'s deck: its shapes once, then a symbol per code, in deck order."""
    words = _module(root, f"engine.games.{game}.words")
    if game == "matatu":
        faces = [matatu_face(code) for code in codes]
    elif game == "matchmaster":
        faces = [matchmaster_face(code, words.COLOUR_SHAPES) for code in codes]
    elif game == "matchmakers":
        faces = [matchmakers_face(code, words.COLOUR_SHAPES) for code in codes]
    elif game == "match_maker":
        faces = [match_maker_face(code, words) for code in codes]
    else:  # a game with no drawing of its own yet: its cards' words, as they read today
        faces = [plain_face(code, words.card_label(code)) for code in codes]
    used = sorted({name for face in faces for name in _used(face)})
    shapes = [f'<symbol id="s-{name}" viewBox="0 0 100 100">{SHAPES[name]}</symbol>'
              for name in used]
    return ('<svg xmlns="http://www.w3.org/2000/svg">\n'
            + "\n".join(shapes + faces) + "\n</svg>\n")


def _used(face: str) -> list[str]:
    return [part.split('"', 1)[0] for part in face.split('href="#s-')[1:]]


def sprites(root: Path = ROOT) -> dict[str, str]:
    """dist-relative path -> the sprite's text, one per deck."""
    return {f"{FOLDER}/{game}.svg": sprite(game, codes, root)
            for game, codes in sorted(decks(root).items())}


def write(root: Path, out: Path) -> dict[str, Path]:
    published = {}
    for rel, text in sprites(root).items():
        path = out / rel
        data = text.encode("utf-8")
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        published[rel] = path
    folder = out / FOLDER  # a deck renamed or removed must not linger
    for stale in folder.glob("*.svg") if folder.is_dir() else []:
        if f"{FOLDER}/{stale.name}" not in published:
            stale.unlink()
    return published


if __name__ == "__main__":  # print each sprite's size, raw and gzipped
    import gzip

    for rel, text in sprites().items():
        data = text.encode()
        print(f"{rel}: {len(data)} bytes, {len(gzip.compress(data, 9, mtime=0))} gzipped")
