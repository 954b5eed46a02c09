"""The site ships every module the two interpreters import."""

import tomllib
import zipfile
from pathlib import Path

from tools import build

ROOT = Path(__file__).resolve().parents[1]


def test_the_engine_bundle_is_every_file_under_engine_found_by_walking(tmp_path):
    # The engine worker imports from one archive the build makes of engine/: a module added
    # in a new folder (engine/games/<id>/...) is in it without anyone listing it.
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
               if "__pycache__" not in p.parts}
    sources = build.engine_sources(ROOT)
    assert modules <= set(sources)
    # The archive shipped when Pyodide cannot compile them holds exactly those sources.
    build.source_archive(sources, tmp_path / "engine.zip")
    assert set(zipfile.ZipFile(tmp_path / "engine.zip").namelist()) == set(sources)


def test_the_ui_config_maps_every_ui_module_and_the_engine_words_it_shares():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import site_config

    files = tomllib.loads(site_config.ui_config(ROOT))["files"]
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py")
               if p.name not in site_config.ENTRY_SCRIPTS + site_config.WORKER_ONLY}
    assert modules <= {path.lstrip("./") for path in files.values()}
    # The embeds' controller runs in the engine worker only: MicroPython never fetches it.
    assert not [path for path in files.values() if path.endswith("embed_controller.py")]
    assert files["./engine/words.py"] == "./ui/speaker.py"
    for words in (ROOT / "engine" / "games").glob("*/words.py"):
        assert files["./" + str(words.relative_to(ROOT))] == f"./ui/words/{words.parent.name}.py"


def test_the_source_ui_config_lists_no_files_the_build_writes_them():
    assert "\n[files]" not in (ROOT / "ui.toml").read_text()


def test_the_engine_bundle_holds_the_ui_modules_the_embed_controller_imports():
    # The worker renders the embeds' tables: the controller and everything it imports from
    # ui/ (found by reading the imports) are compiled beside the engine; the app's own
    # MicroPython modules are not.
    sources = build.engine_sources(ROOT)
    for module in ("ui/embed_controller.py", "ui/render_table.py", "ui/markup.py",
                   "ui/layouts/__init__.py", "ui/layouts/matatu.py", "ui/layouts/matchmaster.py",
                   "ui/layouts/matchmakers.py", "ui/layouts/match_maker.py"):
        assert module in sources
    assert not {"ui/app.py", "ui/editor.py", "ui/storage.py", "ui/client.py"} & set(sources)
    # The engine itself imports nothing from ui/: the controller imports the engine, never
    # the reverse.
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import ui" not in text and "from ui" not in text, path
