"""The UI's PyScript config, written by the build so adding a file never breaks the site.

``ui.toml`` in the source tree holds the settings (name, interpreter); the build writes the
``[files]`` table from what is on disk: every module under ``ui/``, plus the engine's files
the UI shares with it, mounted at UI paths (they import nothing, so they run in MicroPython):

- ``engine/words.py`` (the Speaker: "You" and verb agreement) as ``ui/speaker.py``;
- each ``engine/games/<id>/words.py`` (card names and log sentences) as ``ui/words/<id>.py``.

The UI imports them as ``ui.speaker`` and ``ui.words.<id>``; in CPython tests those paths do
not exist and the same modules are imported from the engine (see ui/layouts).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY_SCRIPTS = ("main.py", "editor_main.py")  # loaded by src=, not imported
# Modules that run in the engine worker (Pyodide), never in MicroPython: not mounted there.
WORKER_ONLY = ("embed_controller.py",)


def _python_files(top: Path) -> list[Path]:
    return sorted(p for p in top.rglob("*.py") if "__pycache__" not in p.parts)


def ui_files(root: Path = ROOT) -> dict[str, str]:
    """URL (relative to the config) -> path in MicroPython's file system."""
    files = {}
    for path in _python_files(root / "ui"):
        rel = path.relative_to(root).as_posix()
        if path.name not in ENTRY_SCRIPTS + WORKER_ONLY:
            files[f"./{rel}"] = f"./{rel}"
    if (root / "engine" / "words.py").is_file():
        files["./engine/words.py"] = "./ui/speaker.py"
    for words in sorted((root / "engine" / "games").glob("*/words.py")):
        files[f"./{words.relative_to(root).as_posix()}"] = f"./ui/words/{words.parent.name}.py"
    return files


def ui_config(root: Path = ROOT) -> str:
    """The text of dist/ui.toml: the source ui.toml's settings and the generated [files]."""
    settings = (root / "ui.toml").read_text(encoding="utf-8").rstrip() + "\n"
    if any(line.strip() == "[files]" for line in settings.splitlines()):
        raise ValueError("ui.toml must not list [files]: tools/site_config.py writes them")
    lines = [settings, "", "# Written by tools/site_config.py from the files on disk.", "[files]"]
    lines += [f'"{url}" = "{path}"' for url, path in ui_files(root).items()]
    return "\n".join(lines) + "\n"
