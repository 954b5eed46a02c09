# History: every finished game, and a step-by-step replay of one from its record.

from ui.markup import button, esc, tag, text


def describe_options(options, specs=None):
    """The options, in words when the game's option table (``specs``, from the catalog) is
    known: only those that differ from the default, "Most rounds: 5 rounds"."""
    if not options:
        return "defaults"
    if specs is None:
        return ", ".join(key + "=" + str(options[key]) for key in sorted(options))
    parts = []
    for spec in specs:
        if spec["id"] not in options:
            continue
        value = options[spec["id"]]
        if type(value) is type(spec["default"]) and value == spec["default"]:
            continue
        labels = spec.get("labels") or []
        shown = str(value)
        for index, allowed in enumerate(spec["values"]):
            if type(allowed) is type(value) and allowed == value and index < len(labels):
                shown = labels[index]
        parts.append((spec.get("title") or spec["id"]) + ": " + shown)
    return ", ".join(parts) or "defaults"


def render_history(entries, titles, options=None):
    """``options``: game id -> its option table (from the catalog), for the words."""
    options = options or {}
    if not entries:
        return tag("section", {"aria-labelledby": "history-h"},
                   tag("h2", {"id": "history-h", "tabindex": "-1"}, "History"),
                   text("p", {}, "No finished games yet. Finished games are saved here with "
                        "their rules version, deal and every move, so you can replay them."))
    rows = []
    for entry in entries:
        summary = entry.get("summary") or {}
        finished = summary.get("finished", "")
        # data-label names each figure where a phone shows the row as a card (no header row).
        rows.append(tag(
            "tr", {"data-entry": entry["id"]},
            text("td", {"data-label": "Finished"}, finished),
            text("td", {"data-label": "Game"}, titles.get(entry["game"], entry["game"])),
            text("td", {"data-label": "Players"}, summary.get("players_text", "")),
            text("td", {"data-label": "Rules version"}, entry.get("rules", "")),
            text("td", {"data-label": "Options"},
                 describe_options(summary.get("options"), options.get(entry["game"]))),
            tag("td", {"data-label": "Result", "class": "result"},
                esc(summary.get("outcome", "")),
                tag("span", {"class": "badge muted"}, "unfinished")
                if summary.get("unfinished") else ""),
            tag("td", {"class": "entry-tools"},
                tag("a", {"href": "#/replay/" + entry["id"], "class": "button-link",
                          "aria-label": "Replay the game of " + finished}, "Replay"),
                " ", button("Share", {"data-cmd": "share-game", "data-entry": entry["id"],
                                      "aria-label": "Share the game of " + finished}))))
    head = tag("tr", {}, *[text("th", {"scope": "col"}, h) for h in (
        "Finished", "Game", "Players", "Rules version", "Options", "Result")],
        # A header for screen readers: the column holds buttons, its name is for them.
        tag("th", {"scope": "col"}, text("span", {"class": "visually-hidden"},
                                         "Replay or share")))
    return tag("section", {"aria-labelledby": "history-h"},
               tag("h2", {"id": "history-h", "tabindex": "-1"}, "History"),
               tag("div", {"class": "scroll"},
                   tag("table", {"class": "history-table"}, tag("thead", {}, head),
                       tag("tbody", {}, *rows))))


def turn_starts(actions):
    """Move numbers where a new player's turn begins (a change of seat in the record)."""
    starts = []
    for index, action in enumerate(actions):
        if index == 0 or action.get("seat") != actions[index - 1].get("seat"):
            starts.append(index)
    return starts


# Replay icons drawn inline (16 x 16, the text's colour): the media symbols ⏮⏪⏩⏭ render as
# empty boxes where the font lacks them. Each button says its action in words too.
ICONS = {
    "start": "M3 3h2v10H3zM13 3v10L6 8z",
    "previous-turn": "M8 3v10L2 8zM15 3v10L9 8z",
    "back": "M11 3v10L4 8z",
    "forward": "M5 3v10l7-5z",
    "next-turn": "M1 3v10l6-5zM8 3v10l6-5z",
    "end": "M3 3v10l7-5zM11 3h2v10h-2z",
    "play": "M4 2v12l10-6z",
    "pause": "M3 2h4v12H3zM9 2h4v12H9z",
}


def icon(name):
    return tag("svg", {"class": "icon", "viewBox": "0 0 16 16", "width": "16", "height": "16",
                       "aria-hidden": "true", "focusable": "false"},
               tag("path", {"d": ICONS[name]}))


def icon_button(name, label, attributes, after=False):
    """A button with an icon and its words; the icon sits after the words when it points on."""
    parts = (text("span", {}, label), icon(name)) if after else (icon(name),
                                                                 text("span", {}, label))
    values = {"type": "button", "class": "icon-button"}
    values.update(attributes)
    return tag("button", values, *parts)


def replay_controls(step, total, playing, starts=()):
    earlier = [s for s in starts if s < step]
    later = [s for s in starts if s > step]
    return tag("div", {"class": "replay-controls", "role": "group",
                       "aria-label": "Replay controls"},
               icon_button("start", "Start", {"data-cmd": "replay-to", "data-step": "0",
                                              "disabled": step == 0}),
               icon_button("previous-turn", "Turn", {
                   "data-cmd": "replay-to", "aria-label": "Previous turn",
                   "data-step": str(earlier[-1] if earlier else 0), "disabled": step == 0}),
               icon_button("back", "Back", {"data-cmd": "replay-to",
                                            "data-step": str(max(step - 1, 0)),
                                            "disabled": step == 0}),
               text("span", {"class": "step", "aria-live": "polite"},
                    "Move " + str(step) + " of " + str(total)),
               icon_button("forward", "Forward", {"data-cmd": "replay-to",
                                                  "data-step": str(min(step + 1, total)),
                                                  "disabled": step >= total}, after=True),
               icon_button("next-turn", "Turn", {
                   "data-cmd": "replay-to", "aria-label": "Next turn",
                   "data-step": str(later[0] if later else total),
                   "disabled": step >= total}, after=True),
               icon_button("end", "End", {"data-cmd": "replay-to", "data-step": str(total),
                                          "disabled": step >= total}, after=True),
               icon_button("pause" if playing else "play", "Pause" if playing else "Autoplay",
                           {"data-cmd": "replay-auto"}))


def render_replay_header(entry, title, specs=None, kept=None):
    """``kept``: the title of the player's unfinished game, which a replay never replaces."""
    summary = entry.get("summary") or {}
    back = ""
    if entry.get("id") == "current":
        back = tag("p", {}, tag("a", {"href": "#/play"}, "Back to the game"))
    elif kept:
        back = tag("p", {"class": "notice"}, esc("Your unfinished game of " + kept
                                                 + " is kept. "),
                   tag("a", {"href": "#/play"}, "Back to it"))
    return tag("header", {"class": "replay-head"},
               tag("h2", {"id": "screen-h", "tabindex": "-1"}, esc("Replay: " + title)), back,
               text("p", {}, "Rules " + entry.get("rules", "") + " · options "
                    + describe_options(summary.get("options"), specs) + " · "
                    + summary.get("outcome", "")))
