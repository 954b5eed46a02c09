# One thin layout module per game: where its zones go and what is unique to it.
from ui.layouts import matatu, match_maker, matchmakers, matchmaster

LAYOUTS = {"matatu": matatu, "matchmaster": matchmaster, "match_maker": match_maker,
           "matchmakers": matchmakers}
