"""What does not need a live game, made at build time by the same engine in CPython.

The browser shows these before Pyodide has booted: the lobby and the rules pages from the
catalog, and every lesson's first position (an embed shows its example at once, and plays it
when the engine arrives). They are the very replies the engine worker would give
(engine.service), so what a player sees first is what the engine then continues.

    data/catalog.json            {"ok": true, "games": [...]}: the catalog op's reply
    data/lessons/<lesson>.json   the lesson_start reply (bounded: the log in entries, no save),
                                 and under "embed" the embed controller's first reply for
                                 embed.html?lesson=<lesson> (its markup: the frame shows it
                                 before the engine has booted; ui/embed_controller.py)

``write(root, out)`` writes them under ``out`` (the build's staging folder) and returns
{dist-relative path: file} for the build to publish. Written only when their content
changes, so a build with nothing new is cheap.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _engine(root: Path):
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from engine import lessons, service

    return service, lessons


def _embed_controller(root: Path):
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from ui import embed_controller

    return embed_controller


def replies(root: Path = ROOT) -> dict[str, dict]:
    """dist-relative path -> the engine's reply to publish there."""
    service, lessons = _engine(root)

    def ask(client, **request):
        reply = json.loads(service.handle(json.dumps(request), client))
        if not reply.get("ok"):
            raise RuntimeError(f"build: the engine refused {request}: {reply.get('error')}")
        return reply

    embed = _embed_controller(root)
    out = {"data/catalog.json": ask("build", op="catalog")}
    for lesson in lessons.LESSONS:
        reply = ask("build", op="lesson_start", lesson=lesson["id"], bounded=True)
        reply["embed"] = embed.first_view({"lesson": lesson["id"]})
        if reply["embed"].get("status") != "ready":
            raise RuntimeError(f"build: the embed of lesson {lesson['id']} fails: {reply['embed']}")
        out[f"data/lessons/{lesson['id']}.json"] = reply
    service.forget("build")
    return out


def _sources_key(root: Path) -> str:
    """A digest of the engine's and the UI's sources: the data is made again only when they
    change (the embeds' first views are rendered by ui/)."""
    digest = hashlib.sha256()
    for path in sorted([*(root / "engine").rglob("*.py"), *(root / "ui").rglob("*.py")]):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def write(root: Path, out: Path) -> dict[str, Path]:
    stamp = out / "data" / ".sources"
    key = _sources_key(root)
    if stamp.is_file() and stamp.read_text() == key:
        return {str(path.relative_to(out)): path
                for path in sorted((out / "data").rglob("*.json"))}
    published = {}
    for rel, reply in replies(root).items():
        path = out / rel
        text = json.dumps(reply, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
        data = text.encode("utf-8")
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        published[rel] = path
    # Lessons renamed or removed since the last build must not linger.
    lessons_dir = out / "data" / "lessons"
    for stale in lessons_dir.glob("*.json") if lessons_dir.is_dir() else []:
        if f"data/lessons/{stale.name}" not in published:
            stale.unlink()
    stamp.write_text(key)
    return published


MAIN_OPEN = '<main id="app" tabindex="-1">'


def with_first_lobby(root: Path, text: str, catalog: Path) -> str:
    """index.html's text with the lobby a first visit shows drawn inside <main>
    (ui/render_lobby.py's ``first_lobby``, from the very catalog file the page reads), so the
    real lobby is there at the first paint, before any Python runs. <main> is inert until the
    UI has drawn: nothing in it answers before MicroPython does. The app's first render finds
    the same markup and keeps those nodes (ui/morph.py), so nothing is drawn twice."""
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from ui.render_lobby import first_lobby
    from ui.storage import DEFAULT_SETTINGS

    start = text.find(MAIN_OPEN)
    end = text.find("</main>", start)
    if start < 0 or end < 0 or text.count(MAIN_OPEN) != 1:
        raise RuntimeError(f"build: index.html needs one {MAIN_OPEN} ... </main>")
    reply = json.loads(catalog.read_text(encoding="utf-8"))
    lobby = first_lobby(reply["games"], dict(DEFAULT_SETTINGS))
    light = json.dumps(lobby_catalog(reply), separators=(",", ":"), ensure_ascii=False,
                       sort_keys=True).replace("</", "<\\/")
    after = end + len("</main>")
    return (text[:start] + MAIN_OPEN.replace(">", " inert>") + lobby + text[end:after]
            + f'\n  <script type="application/json" id="{LOBBY_CATALOG_ID}">{light}</script>'
            + text[after:])


LOBBY_CATALOG_ID = "lobby-catalog"
RULE_TEXT = ("sections", "rulings", "notes")  # what only a rules page reads


def lobby_catalog(reply: dict) -> dict:
    """The catalog reply without the rules' text (four fifths of its 83 KB), marked
    ``"partial"``: what the lobby, History and a kept table need, written into index.html so
    the UI's first screen parses a sixth of the JSON (ui/app.py reads the whole file in the
    next task, and a rules page waits for it)."""
    games = [dict(info, rule_versions=[{key: value for key, value in version.items()
                                        if key not in RULE_TEXT}
                                       for version in info["rule_versions"]])
             for info in reply["games"]]
    return dict(reply, games=games, partial=True)
