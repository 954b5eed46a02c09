"""One registry (issue 27): a game is a package under engine/games/ that declares GAME,
LESSONS and LOBBY_ORDER; the engine, the lessons, the UI's layouts and words, and the worker's
embed bundle all find it from there. Adding a game touches its package and its layout only."""

import ast
import sys
from pathlib import Path

import engine
from engine import lessons
from engine.games import PACKAGES
from ui.layouts import LAYOUTS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402
import site_config  # noqa: E402


def test_every_game_package_is_registered_once_in_lobby_order():
    packages = sorted(p.name for p in (ROOT / "engine" / "games").iterdir()
                      if (p / "__init__.py").is_file() and (p / "game.py").is_file())
    assert sorted(engine.GAMES) == packages
    assert list(engine.GAMES) == ["matatu", "matchmaster", "match_maker", "matchmakers"]
    assert [cls.describe()["id"] for cls in engine.GAMES.values()] == \
        [game["id"] for game in engine.catalog()]


def test_lessons_layouts_words_and_bots_come_from_each_package():
    for game_id, package in PACKAGES.items():
        assert package.GAME is engine.GAMES[game_id]
        assert lessons.lessons_for(game_id) == list(package.LESSONS)
        assert type(LAYOUTS[game_id]).__name__.endswith("Layout")
        assert f"ui/words/{game_id}.py" in site_config.ui_modules()
        assert package.GAME.BOTS
        assert f"ui/layouts/{game_id}.py" in build.embed_ui_sources()


def test_no_file_outside_a_game_names_the_games_one_by_one():
    """The three places that once listed the games by hand list none now."""
    for path in ("engine/games/__init__.py", "engine/lessons.py", "ui/layouts/__init__.py"):
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        named = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                 and any(game in (node.module or "") for game in engine.GAMES)]
        strings = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                   and node.value in engine.GAMES]
        assert named == [] and strings == [], path
    assert LAYOUTS.get("chess") is None and LAYOUTS.get("base") is None
