"""The PyScript configs ship every module the two interpreters import."""

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import site_config  # noqa: E402


def mapped(config):
    return {path.lstrip("./") for path in tomllib.loads((ROOT / config).read_text())["files"]}


def test_engine_worker_gets_every_engine_module():
    # The command line and its process/cluster runner never run in the browser.
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
               if p.name not in ("__main__.py", "arena_runner.py")}
    # A game module lands in the worker with its registration in engine/games/__init__.py.
    registered = (ROOT / "engine/games/__init__.py").read_text()
    modules = {m for m in modules if not m.startswith("engine/games/")
               or m.endswith("__init__.py") or f".{Path(m).stem} import" in registered
               or f".{Path(m).parent.name} import" in registered}  # a game's package
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
