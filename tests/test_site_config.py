"""The site ships every module the two interpreters import."""

import tomllib
import zipfile
from pathlib import Path

from tools import build

ROOT = Path(__file__).resolve().parents[1]


def mapped(config):
    return {path.lstrip("./") for path in tomllib.loads((ROOT / config).read_text())["files"]}


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


def test_ui_gets_every_ui_module():
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py")
               if p.name not in ("main.py", "embed_main.py", "editor_main.py")}
    assert modules <= mapped("ui.toml")
