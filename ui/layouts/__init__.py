# One thin layout module per game: where its zones go and what is unique to it.
from ui.layouts import matatu, matchmakers, matchmaster

LAYOUTS = {"matatu": matatu, "matchmaster": matchmaster, "matchmakers": matchmakers}
