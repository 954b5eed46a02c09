# A rules page rendered from the engine's rules data: what a player reads is what it runs.

from ui.markup import button, esc, tag, text


def live_examples(info, rule_id):
    """The lessons that illustrate this rule, as lazily loaded embeds (engine lesson data)."""
    found = [lesson for lesson in info.get("lessons") or [] if lesson.get("rule") == rule_id]
    items = []
    for lesson in found:
        items.append(tag("details", {"class": "live-example"},
                         text("summary", {}, "Try it: " + lesson["title"]),
                         tag("iframe", {"src": "embed.html?lesson=" + lesson["id"],
                                        "loading": "lazy", "title": lesson["title"],
                                        "class": "example-frame"})))
    return "".join(items)


def render_rules(info, version_id=None):
    versions = info["rule_versions"]
    version = versions[-1]
    for candidate in versions:
        if candidate["id"] == version_id:
            version = candidate
    parts = [text("h2", {"id": "rules-h"}, "Rules of " + info["title"]),
             tag("p", {}, text("strong", {}, "Version " + version["id"]),
                 esc(" — " + version.get("title", ""))),
             text("p", {"class": "description"}, version.get("description", ""))]
    if len(versions) > 1:
        links = [tag("li", {}, text("a", {"href": "#/rules/" + info["id"] + "/" + v["id"]},
                                    v["id"])) for v in versions]
        parts.append(tag("nav", {"aria-label": "Rule versions"}, tag("ul", {}, *links)))
    for section in version.get("sections") or []:
        rules = []
        for rule in section.get("rules") or []:
            refs = ""
            if rule.get("rulings"):
                refs = " " + "".join(
                    tag("a", {"href": "#/rules/" + info["id"] + "/" + version["id"] + "/" + ruling,
                              "class": "ruling-ref", "data-ruling": ruling,
                              "aria-label": "see ruling " + ruling}, esc(ruling)) + " "
                    for ruling in rule["rulings"])
            rules.append(tag("li", {"id": "rule-" + str(rule.get("id", ""))},
                             esc(rule.get("text", "")), refs,
                             live_examples(info, rule.get("id"))))
        parts.append(tag("section", {"id": "sec-" + str(section.get("id", ""))},
                         text("h3", {}, section.get("title", "")), tag("ul", {}, *rules)))
    options = []
    for spec in info.get("options") or []:
        values = ", ".join(str(value) for value in spec["values"])
        options.append(tag("tr", {"id": "option-" + spec["id"]},
                           text("th", {"scope": "row"}, spec.get("title") or spec["id"]),
                           text("td", {}, spec["id"]),
                           text("td", {}, str(spec["default"])),
                           text("td", {}, values),
                           text("td", {}, spec.get("meaning", "")),
                           text("td", {}, spec.get("ruling") or "")))
    if options:
        parts.append(tag("section", {"id": "options"}, text("h3", {}, "Options"),
                         tag("div", {"class": "scroll"}, tag(
                             "table", {"class": "options-table"},
                             tag("thead", {}, tag("tr", {}, *[text("th", {"scope": "col"}, h)
                                                             for h in ("Option", "Key",
                                                                       "Default", "Values",
                                                                       "Meaning", "Ruling")])),
                             tag("tbody", {}, *options)))))
    notes = []
    for note in version.get("notes") or []:
        anchor = note.get("rule") or ""
        notes.append(tag("li", {}, tag("a", {"href": "#/rules/" + info["id"] + "/" + version["id"]
                                             + "/" + anchor}, esc(anchor)),
                         esc(": " + note.get("text", ""))))
    if notes:
        parts.append(tag("section", {"id": "notes"}, text("h3", {}, "Notes on the text"),
                         text("p", {}, "Where the rulebook's sentences pull against each other "
                              "or a ruling, and what the engine does."),
                         tag("ul", {"class": "notes"}, *notes)))
    rulings = []
    for ruling in version.get("rulings") or []:
        rulings.append(tag("li", {"id": "ruling-" + ruling["id"]},
                           text("strong", {}, ruling["id"] + " " + ruling.get("title", "")),
                           text("p", {}, ruling.get("text", "")),
                           live_examples(info, ruling["id"])))
    if rulings:
        parts.append(tag("section", {"id": "rulings"}, text("h3", {}, "Rulings"),
                         text("p", {}, "What the rulebook leaves open, settled. The engine "
                              "implements these."),
                         tag("ul", {"class": "rulings"}, *rulings)))
    return tag("article", {"class": "rules", "aria-labelledby": "rules-h"}, *parts)


def compare_side(info, side, config):
    """One side of the comparison: a rules version and a value for every option."""
    name = "cmp-" + side
    versions = [text("option", {"value": v["id"], "selected": v["id"] == config["rules"]},
                     v["id"]) for v in info["rule_versions"]]
    fields = [tag("div", {"class": "field"}, text("label", {"for": name + "-rules"}, "Version"),
                  tag("select", {"id": name + "-rules", "data-compare": side,
                                 "data-compare-field": "rules"}, *versions))]
    for spec in info.get("options") or []:
        field_id = name + "-" + spec["id"]
        choices = [text("option", {"value": str(index),
                                   "selected": value == config["options"].get(spec["id"])},
                        "none" if value is None else str(value))
                   for index, value in enumerate(spec["values"])]
        fields.append(tag("div", {"class": "field"},
                          text("label", {"for": field_id}, spec.get("title") or spec["id"]),
                          tag("select", {"id": field_id, "data-compare": side,
                                         "data-compare-option": spec["id"]}, *choices)))
    return tag("fieldset", {"class": "compare-side"}, text("legend", {}, side.upper()), *fields)


def render_compare(info, compare):
    """Compare two rule versions or option sets (e.g. matatu-v1 without and with Jokers)."""
    parts = [text("h3", {"id": "compare-h"}, "Compare versions and options"),
             tag("div", {"class": "compare-form"}, compare_side(info, "a", compare["a"]),
                 compare_side(info, "b", compare["b"])),
             button("Show the differences", {"data-cmd": "compare", "class": "primary"})]
    result = compare.get("result")
    if result is not None:
        rows = []
        for option in result["options"]:
            rows.append(tag("tr", {}, text("th", {"scope": "row"}, "Option " + option["title"]),
                            text("td", {}, str(option["a"])), text("td", {}, str(option["b"]))))
        for rule in result["rules"]:
            rows.append(tag("tr", {}, text("th", {"scope": "row"}, rule["id"]),
                            text("td", {}, rule["a"] or "— not in force"),
                            text("td", {}, rule["b"] or "— not in force")))
        if rows:
            parts.append(tag("div", {"class": "scroll"}, tag(
                "table", {"class": "options-table compare-table"},
                tag("thead", {}, tag("tr", {}, text("th", {"scope": "col"}, ""),
                                     text("th", {"scope": "col"}, "A: " + result["a"]["rules"]),
                                     text("th", {"scope": "col"}, "B: " + result["b"]["rules"]))),
                tag("tbody", {}, *rows))))
        else:
            parts.append(text("p", {"class": "notice"}, "A and B are the same rules."))
    return tag("section", {"id": "compare", "aria-labelledby": "compare-h"}, *parts)
