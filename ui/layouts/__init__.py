# One Layout per game (ui/layouts/base.py says what a layout provides): where its zones go and
# what is unique to it. Each game's layout (and its words module) is imported the first time a
# table of that game is drawn: the lobby, the first screen, needs none of them.


def _make(game):
    """The layout of ``game``: ui/layouts/<game>.py's LAYOUT (the registry is the engine's
    engine/games/<game>/ package; nothing here lists the games)."""
    if not isinstance(game, str) or not game.replace("_", "").isalpha() or game == "base":
        return None
    try:
        module = __import__("ui.layouts." + game, None, None, ["LAYOUT"])
    except ImportError:
        return None
    layout = getattr(module, "LAYOUT", None)
    return layout() if layout is not None else None


class Layouts:
    """Game id -> its Layout, made on first use (``LAYOUTS[game]``, ``LAYOUTS.get(game)``)."""

    def __init__(self):
        self.made = {}

    def get(self, game, default=None):
        layout = self.made.get(game)
        if layout is None:
            layout = _make(game)
            if layout is None:
                return default
            self.made[game] = layout
        return layout

    def __getitem__(self, game):
        layout = self.get(game)
        if layout is None:
            raise KeyError(game)
        return layout


LAYOUTS = Layouts()
