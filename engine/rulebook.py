"""Rules as data: the sentences, rulings, notes and options a game publishes.

Each game's ``rulebook.py`` builds its tables with these helpers, and imports nothing else:
the rules page, the lobby, the version comparison and the engine all read the same data, so
what a player reads is what the engine runs. Every rule id the engine cites (in a refusal, an
option, a lesson, a log entry) must exist in these tables; ``rule_ids`` lists them and a test
checks every citation.

    SECTIONS = [section("basics", "The basics", [
        rule("basics.3", "On your turn, play a card matching the pile's suit or rank ...",
             "MT-A5"),
    ])]
    OPTIONS = [option("jokers", "Jokers", False, [False, True],
                      "Add a red and a black Joker ...", ruling="MT-A14",
                      labels=["No Jokers", "With Jokers"])]
"""


def rule(rule_id: str, text: str, *rulings: str, applies_when: dict | None = None) -> dict:
    """One sentence of the rulebook, with the rulings that settle what it leaves open.
    ``applies_when``: the option values under which it is in force (default: always)."""
    entry = {"id": rule_id, "text": text, "rulings": list(rulings)}
    if applies_when is not None:
        entry["applies_when"] = dict(applies_when)
    return entry


def section(section_id: str, title: str, rules: list, *, applies_when: dict | None = None) -> dict:
    entry = {"id": section_id, "title": title, "rules": list(rules)}
    if applies_when is not None:
        entry["applies_when"] = dict(applies_when)
    return entry


def ruling(ruling_id: str, title: str, text: str) -> dict:
    return {"id": ruling_id, "title": title, "text": text}


def note(rule_id: str, text: str) -> dict:
    """How the engine reads a sentence that strains against another (shown beside it)."""
    return {"rule": rule_id, "text": text}


def option(option_id: str, title: str, default, values: list, meaning: str, *,
           ruling: str | None = None, labels: list | None = None, locked: bool = True) -> dict:
    """A rule option: its id, the title the lobby shows, the default, the allowed values, a
    sentence of meaning, the ruling it comes from, and ``labels``: the words a person reads
    for each value, in the order of ``values`` (never the raw code)."""
    if default not in values:
        raise ValueError(f"option {option_id}: default {default!r} is not among its values")
    if labels is None:
        labels = [_default_label(value) for value in values]
    if len(labels) != len(values):
        raise ValueError(f"option {option_id}: one label per value")
    return {"id": option_id, "title": title, "default": default, "values": list(values),
            "labels": list(labels), "meaning": meaning, "ruling": ruling, "locked": locked}


def _default_label(value) -> str:
    if value is True:
        return "Yes"
    if value is False:
        return "No"
    if value is None:
        return "None"
    return str(value)


def version(version_id: str, title: str, description: str, sections: list, *,
            rulings: list = (), notes: list = ()) -> dict:
    return {"id": version_id, "title": title, "description": description,
            "sections": list(sections), "rulings": list(rulings), "notes": list(notes)}


def rule_ids(versions: list, version_id: str | None = None) -> set:
    """Every section, rule and ruling id of one rules version (default: every version)."""
    ids = set()
    for data in versions:
        if version_id is not None and data["id"] != version_id:
            continue
        for part in data.get("sections") or []:
            ids.add(part["id"])
            ids.update(entry["id"] for entry in part.get("rules") or [])
        ids.update(entry["id"] for entry in data.get("rulings") or [])
    return ids


def rules_in_force(version_data: dict, options: dict) -> dict:
    """``{rule id: text}`` of the sentences in force under these option values."""
    def applies(condition) -> bool:
        return all(options.get(key) == value for key, value in (condition or {}).items())

    found = {}
    for part in version_data.get("sections") or []:
        for entry in part.get("rules") or []:
            condition = entry.get("applies_when", part.get("applies_when"))
            if applies(condition):
                found[entry["id"]] = entry["text"]
    return found


def option_label(spec: dict, value) -> str:
    """The words for ``value`` of option ``spec`` (the value itself if it is not allowed)."""
    for allowed, label in zip(spec["values"], spec.get("labels") or spec["values"], strict=False):
        if type(allowed) is type(value) and allowed == value:
            return str(label)
    return str(value)
