"""The build's static data (tools/static_data.py) is what the engine itself answers, so the page
can show the lobby, the rules and every lesson's first position before Python boots."""

import json
import sys
from pathlib import Path

from engine import lessons, service

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import static_data  # noqa: E402


def test_the_static_catalog_and_lessons_are_the_engines_own_replies(tmp_path):
    published = static_data.write(ROOT, tmp_path)
    catalog = json.loads(published["data/catalog.json"].read_text())
    assert catalog == json.loads(service.handle(json.dumps({"op": "catalog"})))
    assert {g["id"] for g in catalog["games"]} == {"matatu", "matchmaster", "matchmakers",
                                                   "match_maker"}
    assert set(published) == {"data/catalog.json"} | {
        f"data/lessons/{lesson['id']}.json" for lesson in lessons.LESSONS}
    for lesson in lessons.LESSONS[:3]:
        first = json.loads(published[f"data/lessons/{lesson['id']}.json"].read_text())
        assert first["lesson"]["id"] == lesson["id"] and first["lesson"]["step"] == 0
        assert "save" not in first and first["view"]["log_from"] == 0
    # A second build with the same engine writes nothing new.
    stamp = tmp_path / "data" / ".sources"
    before = stamp.stat().st_mtime_ns
    assert static_data.write(ROOT, tmp_path) == published
    assert stamp.stat().st_mtime_ns == before


def test_the_page_carries_the_first_lobby_drawn_by_the_ui_code(tmp_path):
    """index.html as built holds the lobby a first visit shows, drawn by ui/render_lobby.py
    from the catalog file the page reads: the real lobby at the first paint, the game buttons
    in the catalog's order and words, so nothing jumps (issue #9 item 10, issue #13 item 5);
    <main> is inert until MicroPython has drawn."""
    import re

    from engine.service import handle
    from ui.render_lobby import first_lobby, players_words
    from ui.storage import DEFAULT_SETTINGS

    published = static_data.write(ROOT, tmp_path)
    page = static_data.with_first_lobby(ROOT, (ROOT / "index.html").read_text(encoding="utf-8"),
                                        published["data/catalog.json"])
    catalog = json.loads(handle(json.dumps({"op": "catalog"}), "skeleton-test"))["games"]
    assert page.count('<main id="app" tabindex="-1" inert>') == 1
    games = json.loads(published["data/catalog.json"].read_text())["games"]
    assert first_lobby(games, dict(DEFAULT_SETTINGS)) in page
    shown = re.findall(r'class="game-pick[^"]*"[^>]*><svg[^>]*>.*?</svg><strong>([^<]+)</strong>'
                       r'<small>([^<]+)</small><span class="tile-summary">([^<]+)</span>', page)
    assert shown == [(info["title"], players_words(info), info["summary"]) for info in catalog]
    # Start waits for the engine, and says why, before any script has run.
    start = re.search(r'<button[^>]*id="start"[^>]*>', page).group(0)
    assert 'aria-disabled="true"' in start
    assert "still loading" in page


def test_the_page_carries_the_catalog_without_the_rules_text(tmp_path):
    """index.html holds the catalog reply less the rules' sections, rulings and notes: what
    the lobby draws from, a fraction of the file to parse before the first screen; the same
    digest, so the engine still answers "same" (issue #13 item 5)."""
    import re

    published = static_data.write(ROOT, tmp_path)
    full = json.loads(published["data/catalog.json"].read_text())
    page = static_data.with_first_lobby(ROOT, (ROOT / "index.html").read_text(encoding="utf-8"),
                                        published["data/catalog.json"])
    found = re.search(r'<script type="application/json" id="lobby-catalog">(.*?)</script>', page)
    light = json.loads(found.group(1))
    assert light["partial"] is True and light["digest"] == full["digest"] and light["ok"]
    assert len(found.group(1)) < len(published["data/catalog.json"].read_text()) / 3
    for lean, info in zip(light["games"], full["games"], strict=True):
        assert {k: v for k, v in lean.items() if k != "rule_versions"} == {
            k: v for k, v in info.items() if k != "rule_versions"}
        assert lean["rule_versions"] == [
            {k: v for k, v in version.items() if k not in ("sections", "rulings", "notes")}
            for version in info["rule_versions"]]
        assert all(version["sections"] for version in info["rule_versions"])
