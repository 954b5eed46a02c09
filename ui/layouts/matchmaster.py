# Matchmaster's table: bids (hidden until all are in), tricks won against each bid, the trick,
# the trump, and the 13-round score sheet with a chart of the totals drawn as SVG.
# Runs in MicroPython and CPython: keep to the subset both share.

try:
    from ui.words import matchmaster as words  # engine/games/matchmaster/words.py, mounted
except ImportError:  # CPython tests: the same file, where the engine keeps it
    from engine.games.matchmaster import words

from ui.layouts.base import Layout
from ui.markup import esc, tag, text
from ui.render_table import card_face, seat_name

# One dash pattern per seat, so the chart's lines differ without colour too.
SERIES_STYLES = ("solid", "8 4", "2 3", "12 3 3 3", "6 2 2 2", "1 1", "10 2")


class MatchmasterLayout(Layout):
    game_id = "matchmaster"
    words = words

    # ---- cards ---------------------------------------------------------------------------------
    def card_name(self, code):
        name = words.card_name(code)
        return name + ", trump" if words.colour_of(code) == words.TRUMP else name

    def card_class(self, code):
        return "mm-" + words.colour_of(code).lower()

    # ---- the decision in front of the viewer -----------------------------------------------------
    def prompt(self, view, ctx):
        if view.get("stage") == "bid":
            cards = view.get("cards_this_round")
            held = "this card" if cards == 1 else "these " + str(cards) + " cards"
            return ("Your bid: how many tricks will you take with " + held
                    + "? Bids stay hidden until all are in.")
        if not view.get("trick"):
            return "Your turn: lead any card."
        return "Your turn: play a card."

    def score_reason(self, bid, tricks, points):
        return words.score_reason(bid, tricks, points)

    def action_label(self, action, view, ctx):
        kind = action.get("type")
        if kind == "bid":
            return "Bid " + str(action["bid"])
        if kind == "play":
            return "Play " + words.card_name(action["card"])
        return str(kind)

    # ---- the table -----------------------------------------------------------------------------
    def seat_extra(self, view, seat, ctx):
        """Bid against tricks won: the marker players watch all round."""
        bids = view.get("bids") or []
        bid = bids[seat] if seat < len(bids) else None
        if bid is None:
            has_bid = (view.get("has_bid") or [])[seat:seat + 1] == [True]
            # Short, for a row of seven on a phone; never the number before all are in.
            if view.get("stage") == "bid":
                bid_text = "bid in" if has_bid else "bidding"
            else:
                bid_text = "no bid"
        else:
            bid_text = "bid " + str(bid)
        won = (view.get("tricks_won") or [0] * view["players"])[seat]
        return text("span", {"class": "bid-marker"}, bid_text + " · won " + str(won))

    def trick_markup(self, plays, ctx, caption):
        items = []
        for play in plays:
            items.append(tag("li", {}, text("span", {"class": "who"},
                                            seat_name(ctx, play["seat"])),
                             card_face(self, play["card"])))
        return tag("div", {"class": "trick"}, text("span", {"class": "caption"}, caption),
                   tag("ol", {"class": "trick-cards"}, *items))

    def centre(self, view, ctx):
        facts = [text("li", {}, "Round " + str(view.get("round")) + " of "
                      + str(view.get("rounds")) + " · " + str(view.get("cards_this_round"))
                      + " cards each"),
                 # the colour and the shape its faces print (MS-A10)
                 text("li", {}, "Trump: " + words.colour_label(view.get("trump", words.TRUMP)))]
        if view.get("lead_colour"):
            facts.append(text("li", {"class": "requested"},
                              "Colour led: " + words.colour_label(view["lead_colour"])))
        parts = [tag("ul", {"class": "facts"}, *facts)]
        if view.get("trick"):
            parts.append(self.trick_markup(view["trick"], ctx, "This trick"))
        last = view.get("last_trick")
        if last:
            parts.append(self.trick_markup(last["cards"], ctx, "Last trick, taken by "
                                           + seat_name(ctx, last["winner"])))
        parts.append(score_sheet(view, ctx, False))
        return "".join(parts)

    def result(self, view, ctx):
        outcome = view.get("result")
        if not outcome:
            return ""
        winners = outcome.get("winners") or []
        names = [seat_name(ctx, seat) for seat in winners]
        if len(names) > 1:
            verdict = "Shared victory: " + ", ".join(names[:-1]) + " and " + names[-1] + "."
        else:
            verdict = names[0] + (" win" if names[0] == "You" else " wins") + " the game."
        return tag("section", {"class": "reveal", "aria-label": "End of the game"},
                   text("h2", {}, verdict),
                   totals_chart(view, ctx),
                   score_sheet(view, ctx, True))


def score_sheet(view, ctx, open_):
    sheet = view.get("score_sheet") or {}
    rows = sheet.get("rounds") or []
    players = view["players"]
    head = [text("th", {"scope": "col"}, "Round")]
    for seat in range(players):
        head.append(text("th", {"scope": "col", "colspan": "3"}, seat_name(ctx, seat)))
    sub = [text("th", {"scope": "col"}, "(cards)")]
    for _ in range(players):
        sub += [text("th", {"scope": "col"}, "bid"), text("th", {"scope": "col"}, "won"),
                text("th", {"scope": "col"}, "points")]
    body = []
    for row in rows:
        cells = [text("th", {"scope": "row"}, str(row["round"]) + " (" + str(row["cards"])
                      + ")")]
        for seat in range(players):
            cells += [text("td", {}, row["bids"][seat]), text("td", {}, row["tricks"][seat]),
                      text("td", {}, words.points_text(row["points"][seat]))]
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
               # Scrolls sideways on a narrow screen: the keyboard can reach and scroll it.
               tag("div", {"class": "scroll", "tabindex": "0", "role": "group",
                           "aria-label": "Score sheet, all rounds"}, table))


def series_line(seat, attributes):
    """One seat's line style: the chart's polyline and its legend swatch draw it alike."""
    dash = SERIES_STYLES[seat % len(SERIES_STYLES)]
    values = {"class": "series s" + str(seat), "fill": "none", "stroke-width": "2",
              "stroke-dasharray": None if dash == "solid" else dash}
    values.update(attributes)
    return values


def totals_chart(view, ctx):
    """Each player's running total after each round, as an SVG line chart with a legend that
    shows each seat's line."""
    rows = (view.get("score_sheet") or {}).get("rounds") or []
    players = view["players"]
    carried = (view.get("score_sheet") or {}).get("carried") or [0] * players
    running = [[carried[seat]] for seat in range(players)]
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
        points = " ".join(point(i, v) for i, v in enumerate(running[seat]))
        lines.append(tag("polyline", series_line(seat, {"points": points})))
        swatch = tag("svg", {"class": "swatch", "viewBox": "0 0 28 8", "width": "28",
                             "height": "8", "aria-hidden": "true", "focusable": "false"},
                     tag("line", series_line(seat, {"x1": "0", "y1": "4", "x2": "28",
                                                    "y2": "4"})))
        legend.append(tag("li", {"class": "s" + str(seat)}, swatch,
                          esc(seat_name(ctx, seat) + ": " + str(running[seat][-1]))))
    zero_y = point(0, 0).split(",")[1]
    zero = tag("line", {"x1": str(pad), "x2": str(width - pad), "y1": zero_y, "y2": zero_y,
                        "class": "axis"})
    description = "; ".join(seat_name(ctx, s) + " ends on " + str(running[s][-1])
                            for s in range(players))
    svg = tag("svg", {"viewBox": "0 0 " + str(width) + " " + str(height), "class": "chart",
                      "role": "img", "aria-label": "Totals after each round: " + description},
              zero, *lines)
    return tag("figure", {"class": "totals-chart"}, svg,
               tag("figcaption", {}, tag("ul", {"class": "legend",
                                                "aria-label": "Whose line is whose"},
                                         *legend)))



LAYOUT = MatchmasterLayout  # what ui/layouts/__init__.py makes for this game
