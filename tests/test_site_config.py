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
               if p.name not in site_config.ENTRY_SCRIPTS}
    assert modules <= {path.lstrip("./") for path in files.values()}
    assert files["./engine/words.py"] == "./ui/speaker.py"
    for words in (ROOT / "engine" / "games").glob("*/words.py"):
        assert files["./" + str(words.relative_to(ROOT))] == f"./ui/words/{words.parent.name}.py"


def test_the_source_ui_config_lists_no_files_the_build_writes_them():
    assert "\n[files]" not in (ROOT / "ui.toml").read_text()
