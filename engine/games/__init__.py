"""The registry of games: every package under engine/games/ that declares ``GAME`` (its Game
subclass), ``LESSONS`` and ``LOBBY_ORDER`` in its ``__init__.py`` is a game. The engine, the
lessons (engine/lessons.py) and the UI (ui/layouts/__init__.py imports ui/layouts/<id>.py,
whose ``LAYOUT`` is the game's layout; the build mounts each package's words.py) find the
games here; adding a game touches its package, its layout and nothing else
(tests/test_registry.py)."""

import pkgutil
from importlib import import_module


def _packages() -> list:
    found = []
    for info in pkgutil.iter_modules(__path__):  # a folder, or the engine's zip in the browser
        if info.ispkg:
            package = import_module(__name__ + "." + info.name)
            if getattr(package, "GAME", None) is not None:
                found.append(package)
    return sorted(found, key=lambda package: (package.LOBBY_ORDER, package.GAME.id))


PACKAGES = {package.GAME.id: package for package in _packages()}
GAMES = {game_id: package.GAME for game_id, package in PACKAGES.items()}
