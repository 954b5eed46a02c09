# One Layout per game (ui/layouts/base.py says what a layout provides): where its zones go and
# what is unique to it.
from ui import faces_match_maker, faces_matchmakers, faces_matchmaster
from ui.layouts import match_maker, matchmakers, matchmaster
from ui.layouts.base import Layout
from ui.layouts.matatu import MatatuLayout


class ModuleLayout(Layout):
    """A layout still written as a module of functions, seen through the Layout interface.
    Transitional: each game's layout becomes a Layout subclass and leaves this adapter."""

    def __init__(self, game_id, module, card_faces):
        self.game_id = game_id
        self.module = module
        self.faces = card_faces

    def card_label(self, code):
        return self.faces.card_label(code)

    def card_name(self, code):
        return self.faces.card_name(code)

    def card_class(self, code):
        return self.faces.card_colour_class(code)

    # The faces modules pass themselves to card_face(); they speak the same three calls.
    def card_colour_class(self, code):
        return self.faces.card_colour_class(code)

    def prompt(self, view, ctx):
        return self.module.prompt(view)

    def action_label(self, action, view, ctx):
        return self.module.action_label(action, view)

    def places_action(self, action):
        probe = getattr(self.module, "places_action", None)
        return bool(probe is not None and probe(action))

    def unavailable_actions(self, view, legal, ctx):
        return self.module.unavailable_actions(view, legal)

    def centre(self, view, ctx):
        return self.module.centre(view, ctx)

    def seat_extra(self, view, seat, ctx):
        extra = getattr(self.module, "seat_extra", None)
        return extra(view, seat, ctx) if extra is not None else ""

    def result(self, view, ctx):
        return self.module.result(view, ctx)

    def log_entries(self, view):
        hold_back = getattr(self.module, "log_entries", None)
        return hold_back(view) if hold_back is not None else (view.get("log") or [])

    def __getattr__(self, name):  # the module's extras (score_sheet ...)
        return getattr(self.module, name)


LAYOUTS = {"matatu": MatatuLayout(),
           "matchmaster": ModuleLayout("matchmaster", matchmaster, faces_matchmaster),
           "match_maker": ModuleLayout("match_maker", match_maker, faces_match_maker),
           "matchmakers": ModuleLayout("matchmakers", matchmakers, faces_matchmakers)}
