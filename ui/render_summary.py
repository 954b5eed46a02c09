# The round summary between rounds of a game with a score sheet (Matchmaster, Matchmakers):
# who made what, the change in score and the running totals, from the sheet's row in the
# engine's view (figures, never its English). The player dismisses it; the bots wait.

from ui.markup import button, esc, tag, text


def _signed(value):
    return ("+" if value > 0 else "") + str(value)


def _team_name(members, ctx):
    speaker = ctx["speaker"]
    return speaker.seats(members)


def _set_words(found):
    return (str(found.get("kind", "set")) + " of " + str(found.get("value", "")) + "s ("
            + str(found.get("size", "")) + " cards, " + _signed(found.get("points", 0)) + ")")


def _seat_rows(view, row, totals, ctx):
    """Matchmaster: one row per seat, bid against tricks won."""
    speaker = ctx["speaker"]
    bids = row.get("bids") or []
    tricks = row.get("tricks") or []
    points = row.get("points") or []
    layout = ctx["layout"]
    head = tag("tr", {}, *[text("th", {"scope": "col"}, h)
                           for h in ("Player", "Bid", "Won", "Points", "Why", "Total")])
    rows = []
    for seat in range(len(points)):
        why = ""
        if seat < len(bids) and seat < len(tricks):  # scoring explained as it happens
            why = layout.score_reason(bids[seat], tricks[seat], points[seat])
        rows.append(tag("tr", {},
                        text("th", {"scope": "row"}, speaker.who(seat)),
                        text("td", {"data-label": "Bid"}, bids[seat] if seat < len(bids)
                             else ""),
                        text("td", {"data-label": "Won"}, tricks[seat] if seat < len(tricks)
                             else ""),
                        text("td", {"data-label": "Points"}, _signed(points[seat])),
                        text("td", {"data-label": "Why", "class": "why-score"}, why),
                        text("td", {"data-label": "Total"}, totals[seat] if seat < len(totals)
                             else "")))
    return tag("thead", {}, head) + tag("tbody", {}, *rows)


def _team_rows(view, row, totals, ctx):
    """Matchmakers: one row per team, the sets in its campsite and its guides' penalty."""
    teams = view.get("teams") or []
    points = row.get("points") or []
    campsite = row.get("campsite_points") or []
    penalties = row.get("penalties") or []
    sets = row.get("sets") or []
    unmatched = row.get("unmatched") or []
    layout = ctx["layout"]
    head = tag("tr", {}, *[text("th", {"scope": "col"}, h)
                           for h in ("Team", "Made", "Campsite", "Guides", "Points", "Why",
                                     "Total")])
    rows = []
    for team in range(len(points)):
        members = teams[team] if team < len(teams) else []
        made = ", ".join(_set_words(found) for found in (sets[team] if team < len(sets)
                                                          else [])) or "no sets"
        rows.append(tag("tr", {},
                        text("th", {"scope": "row"}, _team_name(members, ctx)),
                        text("td", {"data-label": "Made"}, made),
                        text("td", {"data-label": "Campsite"},
                             _signed(campsite[team]) if team < len(campsite) else ""),
                        text("td", {"data-label": "Guides"},
                             _signed(penalties[team]) if team < len(penalties) else ""),
                        text("td", {"data-label": "Points"}, _signed(points[team])),
                        text("td", {"data-label": "Why", "class": "why-score"},
                             layout.team_score_reason(
                                 [found.get("points", 0) for found in
                                  (sets[team] if team < len(sets) else [])],
                                 unmatched[team] if team < len(unmatched) else [],
                                 penalties[team] if team < len(penalties) else 0,
                                 points[team])),
                        text("td", {"data-label": "Total"},
                             totals[team] if team < len(totals) else "")))
    return tag("thead", {}, head) + tag("tbody", {}, *rows)


def round_summary(view, index, ctx):
    """The summary of score-sheet row ``index``, with the button that carries on."""
    sheet = view.get("score_sheet") or {}
    rows = sheet.get("rounds") or []
    row = rows[index] if 0 <= index < len(rows) else {}
    totals = sheet.get("totals") or []
    number = row.get("round", index + 1)
    if "campsite_points" in row:
        body = _team_rows(view, row, totals, ctx)
    else:
        body = _seat_rows(view, row, totals, ctx)
    following = str(number + 1)
    return tag("section", {"class": "round-summary", "aria-labelledby": "screen-h"},
               tag("h2", {"id": "screen-h", "tabindex": "-1"},
                   esc("Round " + str(number) + " scored")),
               tag("div", {"class": "scroll"},
                   tag("table", {"class": "summary-table"},
                       text("caption", {}, "Round " + str(number) + ": what each made, the"
                            " change in score and the totals so far"), body)),
               tag("p", {}, button("Play round " + following,
                                   {"data-cmd": "summary-done", "class": "primary"})))
