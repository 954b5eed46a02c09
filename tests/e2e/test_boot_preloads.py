"""Before MicroPython can draw a page, PyScript fetches its core chunk, the plugins it starts
with and the interpreter, each asked for only once the one before has run. The build lists them
(tools/site_config.py, boot_preloads) and the page asks for them all at once once its stylesheet
is in (static/js/ui-files.mjs). These tests hold the list to what the browser really fetches,
so a PyScript upgrade cannot leave it stale, and check that nothing is downloaded twice."""

from __future__ import annotations

from pathlib import Path

import pytest

VENDOR = ("/static/vendor/pyscript/", "/static/vendor/micropython/")
PRELOADS_JS = ("() => [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')]"
               ".map((link) => new URL(link.href).pathname)")
FETCHED_JS = ("() => performance.getEntriesByType('resource')"
              ".map((entry) => new URL(entry.name).pathname)")


@pytest.mark.quick
@pytest.mark.parametrize("page_name", ["index.html", "editor.html", "lab.html"])
def test_what_pyscript_fetches_before_the_ui_is_drawn_is_preloaded_once(page, page_name):
    page.goto(page_name)
    page.wait_for_selector("html[data-ui=ready]", timeout=60_000)
    preloaded = page.evaluate(PRELOADS_JS)
    fetched = page.evaluate(FETCHED_JS)
    started_by_pyscript = {path for path in fetched if path.startswith(VENDOR)
                           and path.endswith((".js", ".mjs", ".wasm"))
                           and not path.endswith("/core.js")}  # core.js is the page's script
    assert started_by_pyscript, fetched
    # Everything PyScript went on to fetch was asked for by the page from the start ...
    assert sorted(started_by_pyscript - set(preloaded)) == []
    # ... every preload is used (a stale hashed name would be a wasted download) ...
    assert sorted(set(preloaded) - set(fetched)) == []
    # ... and nothing twice: the wasm preload matches the interpreter's own fetch.
    twice = sorted({path for path in fetched if path.startswith(VENDOR)
                    and fetched.count(path) > 1})
    assert twice == []


# Python run in the page's MicroPython; its `result` (a str) is returned.
PYTHON_JS = """async (code) => {
  const core = await import('/static/vendor/pyscript/core.js');
  const mpy = await core.whenDefined('mpy');
  mpy.interpreter.runPython(
    code + "\\nimport js\\njs.document.documentElement.dataset.result = result");
  return document.documentElement.dataset.result;
}"""
PYSCRIPT_FILE = "import pyscript\nresult = pyscript.__file__"


@pytest.mark.quick
@pytest.mark.parametrize("page_name", ["index.html", "editor.html", "lab.html"])
def test_pyscript_starts_from_the_bytecode_the_build_made_of_its_own_package(page, page_name):
    # PyScript writes its Python package's sources and imports them, which made MicroPython
    # compile ~30 KB of Python on the main thread before the page's first line. The bundle
    # holds that package as bytecode, on sys.path (tools/site_config.py, PSLIB), for whatever
    # imports it.
    page.goto(page_name)
    page.wait_for_selector("html[data-ui=ready]", timeout=60_000)
    # The UI reaches the page through MicroPython's js and jsffi (ui/dom.py): up to its first
    # screen nothing imported PyScript's package (its set-up took ~45 ms of the main thread).
    assert page.evaluate(PYTHON_JS, "import sys\nresult = str('pyscript' in sys.modules)") == \
        "False"
    assert page.evaluate(PYTHON_JS, PYSCRIPT_FILE) == "pslib/pyscript/__init__.mpy"
    # The page's prelude did not write the package's sources either (tools/site_config.py,
    # with_page_prelude), and the frozen modules come first on the path.
    assert page.evaluate(PYTHON_JS, "import os\ntry:\n    os.stat('/pyscript')\n"
                         "    result = 'written'\nexcept OSError:\n    result = 'none'") == "none"
    assert page.evaluate(PYTHON_JS, "import sys\nresult = ' '.join(sys.path[:3])") == \
        ".frozen  pslib"


def test_the_reference_page_runs_pyscripts_own_prelude(page, dist_dir, serve, tmp_path):
    # bench/reference gives no prelude: PyScript writes and imports its sources, as shipped,
    # from the same published chunk (served beside the site as bench/browser_bench.py does).
    (tmp_path / "static").symlink_to(dist_dir / "static")
    (tmp_path / "reference").symlink_to(Path(__file__).parents[2] / "bench" / "reference")
    page.goto(serve(tmp_path).url + "reference/index.html")
    page.wait_for_selector("html[data-ui=ready]", timeout=60_000)
    # written into the working folder
    assert page.evaluate(PYTHON_JS, PYSCRIPT_FILE) == "pyscript/__init__.py"
