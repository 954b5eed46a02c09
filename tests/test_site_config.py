"""The PyScript configs ship every module the two interpreters import."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mapped(config):
    return {path.lstrip("./") for path in tomllib.loads((ROOT / config).read_text())["files"]}


def test_engine_worker_gets_every_engine_module():
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
               if p.name != "__main__.py"}
    # A game module lands in the worker with its registration in engine/games/__init__.py.
    registered = (ROOT / "engine/games/__init__.py").read_text()
    modules = {m for m in modules if not m.startswith("engine/games/")
               or m.endswith("__init__.py") or f".{Path(m).stem} import" in registered}
    assert modules <= mapped("pyscript.toml")


def test_ui_gets_every_ui_module():
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py")
               if p.name not in ("main.py", "embed_main.py", "editor_main.py",
                                 "engine_worker.py")}
    assert modules <= mapped("ui.toml")
