# One thin layout module per game: where its zones go and what is unique to it.
from ui.layouts import matatu, matchmaster

LAYOUTS = {"matatu": matatu, "matchmaster": matchmaster}
