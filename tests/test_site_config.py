"""The PyScript configs ship every module the two interpreters import."""

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import site_config  # noqa: E402


def mapped(config):
    return {path.lstrip("./") for path in tomllib.loads((ROOT / config).read_text())["files"]}


def _game_of(module: str) -> str:
    """engine/games/matatu/rules.py and engine/games/matatu.py are both the game matatu."""
    return Path(module).parts[2].removesuffix(".py")


def test_engine_worker_gets_every_engine_module():
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
               if p.name != "__main__.py"}
    # A game (a module, or a package: engine/games/<id>/) lands in the worker with its
    # registration in engine/games/__init__.py.
    registered = (ROOT / "engine/games/__init__.py").read_text()
    modules = {m for m in modules if not m.startswith("engine/games/")
               or m == "engine/games/__init__.py" or f".{_game_of(m)} import" in registered}
    assert modules <= mapped("pyscript.toml")


def test_ui_gets_every_ui_module_and_the_engine_words_it_shares():
    import tomllib as toml

    files = toml.loads(site_config.ui_config(ROOT))["files"]
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py")
               if p.name not in site_config.ENTRY_SCRIPTS}
    assert modules <= {path.lstrip("./") for path in files.values()}
    assert files["./engine/words.py"] == "./ui/speaker.py"
    for words in (ROOT / "engine" / "games").glob("*/words.py"):
        assert files["./" + str(words.relative_to(ROOT))] == f"./ui/words/{words.parent.name}.py"


def test_the_source_ui_config_lists_no_files_the_build_writes_them():
    assert "\n[files]" not in (ROOT / "ui.toml").read_text()
