# One Layout per game (ui/layouts/base.py says what a layout provides): where its zones go and
# what is unique to it. Each game's layout (and its words module) is imported the first time a
# table of that game is drawn: the lobby, the first screen, needs none of them.


def _make(game):
    if game == "matatu":
        from ui.layouts.matatu import MatatuLayout

        return MatatuLayout()
    if game == "matchmaster":
        from ui.layouts.matchmaster import MatchmasterLayout

        return MatchmasterLayout()
    if game == "match_maker":
        from ui.layouts.match_maker import MatchMakerLayout

        return MatchMakerLayout()
    if game == "matchmakers":
        from ui.layouts.matchmakers import MatchmakersLayout

        return MatchmakersLayout()
    return None


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
