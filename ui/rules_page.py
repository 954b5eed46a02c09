# The rules pages of the app: the index of games, one game's rules in a version (from the
# catalog, so they read before the engine is up), the comparison of two option sets, and the
# rule or ruling a route names. It owns the comparison's choices. Runs in MicroPython on the
# main thread.

from ui.client import EngineError
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


class RulesScreen:
    def __init__(self, shell):
        self.shell = shell
        self.compare = None  # the comparison: two rules versions and option sets, a result

    def commands(self):
        return {"compare": self.cmd_compare}

    def render(self, route):
        shell = self.shell
        catalog = shell.catalog
        parts = route.split("/")
        if len(parts) < 3 or not parts[2]:
            if catalog.games:
                links = [tag("li", {}, text("a", {"href": "#/rules/" + info["id"]},
                                            info["title"])) for info in catalog.games]
                shell.mount(tag("section", {"aria-labelledby": "rules-index-h"},
                                tag("h2", {"id": "rules-index-h", "tabindex": "-1"}, "Rules"),
                                tag("ul", {"class": "rules-index"}, *links)))
                return "index"
            return "loading"
        game_id = decode_route(parts[2])
        info = catalog.game_info(game_id)
        if info is None:
            if not catalog.games:
                return "loading"
            shell.mount(tag("h2", {"id": "screen-h", "tabindex": "-1"}, "Rules")
                        + tag("p", {"class": "notice warn", "role": "alert"},
                              esc("There is no game called " + game_id + ".")))
            return "unknown"
        if catalog.partial:  # the first screen was the lobby: the text comes in a moment
            shell.mount(tag("h2", {"id": "screen-h", "tabindex": "-1"},
                            esc("Rules of " + info["title"]))
                        + text("p", {"class": "notice", "role": "status"}, "Loading the rules…"))
            return "loading"
        shell.mount(render_rules(info, parts[3] if len(parts) > 3 else None)
                    + render_compare(info, self.compare_state(info)))
        target = named_rule(route)
        if target is not None:
            target.classList.add("highlight")
        return "rules"

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

    async def cmd_compare(self, target):
        compare = self.compare
        try:
            compare["result"] = await self.shell.client.call(
                "compare_rules", game=compare["game"], a=compare["a"], b=compare["b"])
        except EngineError as error:
            self.shell.say(error.reason)
            return
        self.shell.render()

    def on_change(self, target):
        """A choice in the comparison (True), else not this screen's (False)."""
        if target.getAttribute("data-compare") is None or self.compare is None:
            return False
        side = self.compare[target.getAttribute("data-compare")]
        option = target.getAttribute("data-compare-option")
        if option is not None:
            info = self.shell.catalog.game_info(self.compare["game"]) or {}
            for spec in info.get("options") or []:
                if spec["id"] == option:
                    side["options"][option] = spec["values"][int(target.value)]
        else:
            side["rules"] = str(target.value)
        self.compare["result"] = None  # differences of the old choice no longer hold
        self.shell.render()
        return True
