"""The QR code of a friends' table invite link (static/js/qr.mjs, window.matchbookQr), drawn in
the browser by the vendored uqr bundle (static/vendor/uqr/uqr.mjs, tools/build.py).

The code is proved right by reading it back: the SVG is drawn into a canvas in the page, and
the pixels are read here as a QR code reader does (the finder patterns give the module size,
the format information the error correction level and mask, the zigzag of the data modules
the bytes), a reader written for the small versions an invite link needs (1 to 6, level M).
Where Chromium has the BarcodeDetector API (not on Linux desktop), it reads the code too.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

INVITE = "http://127.0.0.1:8000/join.html#abcdefghijkl.abcdefghijklmnopqrst"
BUNDLE = "/static/vendor/uqr/uqr.mjs"
LABEL = "QR code of the invite link"
CANVAS_PX = 480

# The SVG drawn into a canvas, read back as one grey level a pixel (128 where a pixel is not
# a pure grey: a colour), base64; and what BarcodeDetector reads from it, where there is one.
RASTER_JS = """async ([svg, px]) => {
  const url = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
  const image = new Image();
  await new Promise((ok, fail) => { image.onload = ok; image.onerror = fail; image.src = url; });
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = px;
  const context = canvas.getContext("2d");
  context.fillStyle = "#808080";  // what the SVG leaves undrawn shows as grey, not white
  context.fillRect(0, 0, px, px);
  context.drawImage(image, 0, 0, px, px);
  URL.revokeObjectURL(url);
  const rgba = context.getImageData(0, 0, px, px).data;
  let grey = "";
  for (let i = 0; i < rgba.length; i += 4) {
    const [r, g, b, a] = [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]];
    grey += String.fromCharCode(r === g && g === b && a === 255 ? r : 128);
  }
  let detected = null;
  if ("BarcodeDetector" in window) {
    const formats = await BarcodeDetector.getSupportedFormats();
    if (formats.includes("qr_code")) {
      const found = await new BarcodeDetector({formats: ["qr_code"]}).detect(canvas);
      detected = found.map((code) => code.rawValue);
    }
  }
  return {grey: btoa(grey), detected};
}"""

# Level M, versions 1-6: (error correction codewords a block, blocks, all codewords). Every
# block of these holds the same number of data codewords.
BLOCKS_M = {1: (10, 1, 26), 2: (16, 1, 44), 3: (26, 1, 70), 4: (18, 2, 100), 5: (24, 2, 134),
            6: (16, 4, 172)}
LEVELS = {0: "M", 1: "L", 2: "H", 3: "Q"}  # the format information's two bits
MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def byte_mode_version(text: str, level: str = "M") -> int:
    """The smallest version whose level-M capacity holds `text` in byte mode."""
    assert level == "M"
    for version, (ecc, blocks, total) in BLOCKS_M.items():
        data_bits = (total - ecc * blocks) * 8
        if 4 + 8 + 8 * len(text.encode()) <= data_bits:
            return version
    raise AssertionError("too long for the versions this reader knows")


# --------------------------------------------------------------------------- the reader


class Raster:
    """A square of grey levels (0 black .. 255 white) as the canvas drew it."""

    def __init__(self, grey: bytes, px: int) -> None:
        assert len(grey) == px * px
        self.grey, self.px = grey, px

    def at(self, x: float, y: float) -> int:
        return self.grey[int(y) * self.px + int(x)]

    def dark(self, x: float, y: float) -> bool:
        return self.at(x, y) < 128


def modules_of(raster: Raster) -> tuple[list[list[bool]], int, float]:
    """The code's modules (True: dark), its quiet zone in modules, and a module's size in px."""
    px = raster.px
    dark = [(x, y) for y in range(px) for x in range(px) if raster.dark(x, y)]
    assert dark, "nothing dark was drawn"
    left, top = min(x for x, _ in dark), min(y for _, y in dark)
    right, bottom = max(x for x, _ in dark), max(y for _, y in dark)
    # The top-left finder pattern's top edge: a dark run of 7 modules.
    run = 0
    while raster.dark(left + run, top):
        run += 1
    module = run / 7
    count = round((right + 1 - left) / module)
    assert round((bottom + 1 - top) / module) == count, "not square"
    quiet = round(left / module)
    assert round(px / module) == count + 2 * quiet, "the quiet zone is not even all round"
    grid = [[raster.dark(left + (col + 0.5) * module, top + (row + 0.5) * module)
             for col in range(count)] for row in range(count)]
    return grid, quiet, module


def finder_at(grid: list[list[bool]], row: int, col: int) -> bool:
    """A 7x7 finder pattern (dark ring, light ring, dark 3x3) with its top-left at (row, col)."""
    for r in range(7):
        for c in range(7):
            ring = max(abs(r - 3), abs(c - 3))
            if grid[row + r][col + c] != (ring != 2):
                return False
    return True


def function_modules(size: int, version: int) -> list[list[bool]]:
    """Where the finder patterns, separators, format information, timing patterns and the
    alignment pattern are (versions 2-6 have one; none has version information)."""
    used = [[False] * size for _ in range(size)]
    for row in range(size):
        for col in range(size):
            if (row < 9 and col < 9) or (row < 9 and col >= size - 8) or \
                    (row >= size - 8 and col < 9) or row == 6 or col == 6:
                used[row][col] = True
    if version >= 2:
        centre = size - 7
        for row in range(centre - 2, centre + 3):
            for col in range(centre - 2, centre + 3):
                used[row][col] = True
    return used


def format_information(grid: list[list[bool]]) -> tuple[str, int]:
    """The error correction level and mask, from the copy beside the top-left finder."""
    at = [(row, 8) for row in range(6)] + [(7, 8), (8, 8), (8, 7)] + \
        [(8, col) for col in range(5, -1, -1)]  # bit 0 .. bit 14, (row, col)
    bits = sum(grid[row][col] << index for index, (row, col) in enumerate(at)) ^ 0x5412
    data = bits >> 10
    check = data
    for _ in range(10):
        check = (check << 1) ^ ((check >> 9) * 0x537)
    assert (data << 10 | check) == bits, "the format information's BCH code is wrong"
    return LEVELS[data >> 3], data & 7


def read_qr(grid: list[list[bool]]) -> dict:
    """What a QR code of versions 1-6 at level M says (byte or any mode's header, then bytes)."""
    size = len(grid)
    version = (size - 17) // 4
    assert size == 17 + 4 * version, size
    level, mask = format_information(grid)
    assert level == "M" and version in BLOCKS_M, (level, version)
    used = function_modules(size, version)
    bits: list[int] = []
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(size):
            row = size - 1 - vert if upward else vert
            for col in (right, right - 1):
                if not used[row][col]:
                    bits.append(int(grid[row][col] ^ MASKS[mask](col, row)))
        right -= 2
    ecc, blocks, total = BLOCKS_M[version]
    codewords = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, total * 8, 8)]
    per_block = total // blocks - ecc
    data = [codewords[i * blocks + block] for block in range(blocks) for i in range(per_block)]
    stream = "".join(f"{byte:08b}" for byte in data)
    mode, length = int(stream[:4], 2), int(stream[4:12], 2)
    assert mode == 0b0100, f"mode {mode:04b}, not byte mode"
    text = bytes(int(stream[12 + 8 * i:20 + 8 * i], 2) for i in range(length)).decode()
    return {"version": version, "level": level, "mask": mask, "text": text}


# --------------------------------------------------------------------------- tests


def open_index(page, site, hold) -> None:
    hold("/sw.js")  # no service worker: it would precache the bundle before it is asked for
    site.reset()
    page.goto(site.url + "index.html")
    page.wait_for_function("() => typeof window.matchbookQr === 'function'")


def test_the_invite_qr_code_reads_back_as_the_link(page, site, hold) -> None:
    open_index(page, site, hold)
    # Loading the page fetched qr.mjs, not uqr: that waits for the first QR code.
    assert site.count("/static/js/qr.mjs") == 1
    assert site.count(BUNDLE) == 0, site.requests
    svg = page.evaluate("(text) => window.matchbookQr(text)", INVITE)
    assert site.count(BUNDLE) == 1

    root = re.match(r"<svg\b[^>]*>", svg)
    assert root and svg.rstrip().endswith("</svg>"), svg[:200]
    tag = root.group(0)
    assert re.search(r'\sviewBox="0 0 (\d+) \1"', tag), tag
    assert 'role="img"' in tag and f'aria-label="{LABEL}"' in tag, tag
    assert not re.search(r"\s(width|height)=\"(?!100%)", tag), tag  # CSS sizes it

    # Drawn in the page: black on white, read back.
    drawn = page.evaluate(RASTER_JS, [svg, CANVAS_PX])
    raster = Raster(base64.b64decode(drawn["grey"]), CANVAS_PX)
    grid, quiet, module = modules_of(raster)
    assert quiet >= 4, f"a quiet zone of {quiet} modules"
    centres = {raster.at((col + 0.5) * module, (row + 0.5) * module)
               for row in range(len(grid) + 2 * quiet) for col in range(len(grid) + 2 * quiet)}
    assert centres == {0, 255}, f"not black on white: {sorted(centres)}"
    size = len(grid)
    assert size == 17 + 4 * byte_mode_version(INVITE)  # version 5 at level M: 37 modules
    for row, col in ((0, 0), (0, size - 7), (size - 7, 0)):
        assert finder_at(grid, row, col), f"no finder pattern at ({row}, {col})"
    assert all(grid[6][col] == (col % 2 == 0) for col in range(8, size - 8)), "timing"
    assert all(grid[row][6] == (row % 2 == 0) for row in range(8, size - 8)), "timing"
    assert grid[size - 8][8], "the dark module"
    read = read_qr(grid)
    assert read["text"] == INVITE and read["level"] == "M", read
    if drawn["detected"] is not None:  # BarcodeDetector: only where the platform has one
        assert drawn["detected"] == [INVITE]

    # A second code needs no second download.
    other = page.evaluate("(text) => window.matchbookQr(text)", INVITE + "x")
    assert other.startswith("<svg") and other != svg and site.count(BUNDLE) == 1


def test_what_cannot_be_drawn_is_the_empty_string(page, site, hold) -> None:
    # MicroPython cannot catch a JavaScript exception: every failure resolves "".
    open_index(page, site, hold)
    too_long = "x" * 3000  # byte mode holds 2331 bytes at level M, version 40
    assert page.evaluate("(text) => window.matchbookQr(text)", too_long) == ""
    assert page.evaluate("(text) => window.matchbookQr(text)", INVITE).startswith("<svg")


@pytest.mark.expect_page_errors("Failed to load resource", reason="the bundle is cut off")
def test_without_the_bundle_there_is_no_code_and_no_error(page, site, hold) -> None:
    page.route("**" + BUNDLE, lambda route: route.fulfill(status=404, body="gone"))
    open_index(page, site, hold)
    assert page.evaluate("(text) => window.matchbookQr(text)", INVITE) == ""
    page.unroute("**" + BUNDLE)
    # Asked again on the next call (a failed import is not remembered).
    assert page.evaluate("(text) => window.matchbookQr(text)", INVITE).startswith("<svg")


# --------------------------------------------------------------------------- the build


def test_the_uqr_bundle_is_published_and_precached(dist_dir: Path) -> None:
    rel = BUNDLE.lstrip("/")
    bundle = dist_dir / rel
    assert bundle.is_file() and (dist_dir / (rel + ".gz")).is_file()  # hosts send it gzipped
    manifest = json.loads((dist_dir / "precache-manifest.json").read_text())
    assert rel in manifest["files"], f"{rel} is not precached: no QR code offline"
    # One ES module exporting renderSVG, nothing fetched from elsewhere.
    text = bundle.read_text(encoding="utf-8")
    assert re.search(r"export\s*\{[^}]*\bas renderSVG\b|export\s*\{[^}]*\brenderSVG\b", text)
    assert "import(" not in text and not re.search(r"\bfrom\s*[\"']", text)
