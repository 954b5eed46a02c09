# One Layout per game (ui/layouts/base.py says what a layout provides): where its zones go and
# what is unique to it.
from ui.layouts.matatu import MatatuLayout
from ui.layouts.match_maker import MatchMakerLayout
from ui.layouts.matchmakers import MatchmakersLayout
from ui.layouts.matchmaster import MatchmasterLayout

LAYOUTS = {"matatu": MatatuLayout(), "matchmaster": MatchmasterLayout(),
           "match_maker": MatchMakerLayout(), "matchmakers": MatchmakersLayout()}
