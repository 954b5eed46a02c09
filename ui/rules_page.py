# The rules pages of the app: the index of games, one game's rules in a version (from the
# catalog, so they read before the engine is up), the comparison of two option sets, and the
# rule or ruling a route names. The App mixes this in. Runs in MicroPython on the main thread.

from ui.dom import document
from ui.markup import esc, tag, text
from ui.render_rules import render_compare, render_rules
from ui.routes import decode_route


def named_rule(route):
    """The element of the rule (or ruling) a ``#/rules/<game>/<version>/<id>`` route names."""
    parts = route.split("/")
    if not route.startswith("#/rules/") or len(parts) < 5 or not parts[4]:
        return None
    target = document.getElementById("ruling-" + parts[4])
    if target is None:
        target = document.getElementById("rule-" + parts[4])
    return target


class RulesPage:
    def render_rules_page(self, route):
        self.screen = "rules"
        parts = route.split("/")
        if len(parts) < 3 or not parts[2]:
            if self.catalog:
                links = [tag("li", {}, text("a", {"href": "#/rules/" + info["id"]},
                                            info["title"])) for info in self.catalog]
                self.mount(tag("section", {"aria-labelledby": "rules-index-h"},
                               tag("h2", {"id": "rules-index-h", "tabindex": "-1"}, "Rules"),
                               tag("ul", {"class": "rules-index"}, *links)))
            return
        game_id = decode_route(parts[2])
        info = self.game_info(game_id)
        if info is None:
            if not self.catalog:
                return
            self.mount(tag("h2", {"id": "screen-h", "tabindex": "-1"}, "Rules")
                       + tag("p", {"class": "notice warn", "role": "alert"},
                             esc("There is no game called " + game_id + ".")))
            return
        if self.catalog_partial:  # the first screen was the lobby: the text comes in a moment
            self.mount(tag("h2", {"id": "screen-h", "tabindex": "-1"},
                           esc("Rules of " + info["title"]))
                       + text("p", {"class": "notice", "role": "status"}, "Loading the rules…"))
            return
        self.mount(render_rules(info, parts[3] if len(parts) > 3 else None)
                   + render_compare(info, self.compare_state(info)))
        target = named_rule(route)
        if target is not None:
            target.classList.add("highlight")

    def compare_state(self, info):
        """The rules page's comparison: defaults against the first yes/no option turned on."""
        if self.compare is None or self.compare["game"] != info["id"]:
            newest = info["rule_versions"][-1]["id"]
            first = {spec["id"]: spec["default"] for spec in info["options"]}
            second = dict(first)
            for spec in info["options"]:
                if spec["values"] in ([False, True], [True, False]):
                    second[spec["id"]] = not spec["default"]
                    break
            self.compare = {"game": info["id"], "a": {"rules": newest, "options": first},
                            "b": {"rules": newest, "options": second}, "result": None}
        return self.compare
