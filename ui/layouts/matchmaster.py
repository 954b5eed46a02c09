# Matchmaster's table: bids (hidden until all are in), tricks won against each bid, the trick,
# the trump, and the 13-round score sheet with a chart of the totals drawn as SVG.

from ui import faces_matchmaster as faces
from ui.faces_matchmaster import card_label, colour_label
from ui.markup import esc, tag, text
from ui.render_table import card_face, seat_name


def action_label(action, view):
    kind = action.get("type")
    if kind == "bid":
        return "Bid " + str(action["bid"])
    if kind == "play":
        return "Play " + card_label(action["card"])
    return kind


def unavailable_actions(view, legal):
    return []


def prompt(view):
    if view.get("stage") == "bid":
        return ("Your bid: how many tricks will you take with these "
                + str(view.get("cards_this_round")) + " cards? Bids stay hidden until all are in.")
    if not view.get("trick"):
        return "Your turn: lead any card."
    return "Your turn: play a card."


def seat_extra(view, seat, ctx):
    """Bid against tricks won: the marker players watch all round."""
    bids = view.get("bids") or []
    bid = bids[seat] if seat < len(bids) else None
    if bid is None:
        state = "bid in" if (view.get("has_bid") or [False] * 8)[seat] else "thinking"
        bid_text = "bid: " + (state if view.get("stage") == "bid" else "—")
    else:
        bid_text = "bid " + str(bid)
    won = (view.get("tricks_won") or [0] * 8)[seat]
    return text("span", {"class": "bid-marker"}, bid_text + " · won " + str(won))


def trick_markup(plays, ctx, caption):
    items = []
    for play in plays:
        items.append(tag("li", {}, text("span", {"class": "who"}, seat_name(ctx, play["seat"])),
                         card_face(faces, play["card"])))
    return tag("div", {"class": "trick"}, text("span", {"class": "caption"}, caption),
               tag("ol", {"class": "trick-cards"}, *items))


def centre(view, ctx):
    facts = [text("li", {}, "Round " + str(view.get("round")) + " of " + str(view.get("rounds"))
                  + " · " + str(view.get("cards_this_round")) + " cards each"),
             text("li", {}, "Trump: " + colour_label(view.get("trump", "DO")))]
    if view.get("lead_colour"):
        facts.append(text("li", {"class": "requested"},
                          "Lead colour: " + colour_label(view["lead_colour"])))
    parts = [tag("ul", {"class": "facts"}, *facts)]
    if view.get("trick"):
        parts.append(trick_markup(view["trick"], ctx, "This trick"))
    last = view.get("last_trick")
    if last:
        parts.append(trick_markup(last["cards"], ctx, "Last trick, taken by "
                                  + seat_name(ctx, last["winner"])))
    parts.append(score_sheet(view, ctx, open_=False))
    return "".join(parts)


def score_sheet(view, ctx, open_):
    sheet = view.get("score_sheet") or {}
    rows = sheet.get("rounds") or []
    players = view["players"]
    head = [text("th", {"scope": "col"}, "Round")]
    for seat in range(players):
        head.append(text("th", {"scope": "col", "colspan": "3"}, seat_name(ctx, seat)))
    sub = [text("th", {"scope": "col"}, "")]
    for _ in range(players):
        sub += [text("th", {"scope": "col"}, "bid"), text("th", {"scope": "col"}, "won"),
                text("th", {"scope": "col"}, "points")]
    body = []
    for row in rows:
        cells = [text("th", {"scope": "row"}, str(row["round"]) + " (" + str(row["cards"]) + ")")]
        for seat in range(players):
            cells += [text("td", {}, row["bids"][seat]), text("td", {}, row["tricks"][seat]),
                      text("td", {}, row["points"][seat])]
        body.append(tag("tr", {}, *cells))
    totals = [text("th", {"scope": "row"}, "Total")]
    for seat in range(players):
        totals.append(text("td", {"colspan": "3", "class": "total"},
                           (sheet.get("totals") or [0] * players)[seat]))
    table = tag("table", {"class": "score-sheet"},
                tag("thead", {}, tag("tr", {}, *head), tag("tr", {}, *sub)),
                tag("tbody", {}, *body), tag("tfoot", {}, tag("tr", {}, *totals)))
    return tag("details", {"class": "sheet", "open": open_},
               text("summary", {}, "Score sheet (" + str(len(rows)) + " of "
                    + str(view.get("rounds")) + " rounds)"),
               tag("div", {"class": "scroll"}, table))


SERIES_STYLES = ("solid", "8 4", "2 3", "12 3 3 3", "6 2 2 2", "1 1", "10 2")


def totals_chart(view, ctx):
    """Each player's running total after each round, as an SVG line chart."""
    rows = (view.get("score_sheet") or {}).get("rounds") or []
    players = view["players"]
    running = [[0] for _ in range(players)]
    for row in rows:
        for seat in range(players):
            running[seat].append(running[seat][-1] + row["points"][seat])
    values = [v for series in running for v in series]
    low, high = min(values + [0]), max(values + [1])
    width, height, pad = 320, 160, 24
    span = max(high - low, 1)
    steps = max(len(rows), 1)

    def point(index, value):
        x = pad + (width - 2 * pad) * index / steps
        y = height - pad - (height - 2 * pad) * (value - low) / span
        return str(round(x, 1)) + "," + str(round(y, 1))

    lines = []
    legend = []
    for seat in range(players):
        dash = SERIES_STYLES[seat % len(SERIES_STYLES)]
        points = " ".join(point(i, v) for i, v in enumerate(running[seat]))
        lines.append(tag("polyline", {"points": points, "class": "series s" + str(seat),
                                      "fill": "none", "stroke-width": "2",
                                      "stroke-dasharray": None if dash == "solid" else dash}))
        legend.append(text("li", {"class": "s" + str(seat)}, seat_name(ctx, seat) + ": "
                           + str(running[seat][-1])))
    zero = tag("line", {"x1": str(pad), "x2": str(width - pad), "y1": point(0, 0).split(",")[1],
                        "y2": point(0, 0).split(",")[1], "class": "axis"})
    description = "; ".join(seat_name(ctx, s) + " ends on " + str(running[s][-1])
                            for s in range(players))
    svg = tag("svg", {"viewBox": "0 0 " + str(width) + " " + str(height), "class": "chart",
                      "role": "img", "aria-label": "Totals after each round: " + description},
              zero, *lines)
    return tag("figure", {"class": "totals-chart"}, svg,
               tag("figcaption", {}, tag("ul", {"class": "legend"}, *legend)))


def result(view, ctx):
    outcome = view.get("result")
    if not outcome:
        return ""
    winners = outcome.get("winners") or []
    names = [seat_name(ctx, seat) for seat in winners]
    if len(names) > 1:
        verdict = "Shared victory: " + ", ".join(names) + "."
    else:
        verdict = names[0] + (" win" if names[0] == "You" else " wins") + " the game."
    return tag("section", {"class": "reveal", "aria-label": "End of the game"},
               text("h2", {}, verdict),
               totals_chart(view, ctx),
               score_sheet(view, ctx, open_=True),
               tag("p", {"class": "after-game"},
                   tag("button", {"type": "button", "data-cmd": "rematch", "class": "primary"},
                       "Play again"),
                   tag("button", {"type": "button", "data-cmd": "go", "data-route": "#/"},
                       esc("Back to the lobby"))))
