# One thin layout module per game: where its zones go and what is unique to it.
from ui.layouts import matatu

LAYOUTS = {"matatu": matatu}
