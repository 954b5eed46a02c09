# The Lab (lab.html): the form of a study and the charts of its two sides, A and B, drawn as
# SVG from the engine's summaries (engine/arena.py summarize). Functions of data only, so
# the CPython tests check them and MicroPython runs them in the page. Every chart has a
# title and a description for screen readers, text labels on its marks and a legend.
# Runs in MicroPython and CPython: keep to the subset both share (no f-string "=", sorted
# dict keys, no typing).

from ui.markup import attrs, button, esc, tag, text

SIDES = ("a", "b")
SIDE_NAMES = {"a": "A", "b": "B"}
# Dark enough on white for marks (WCAG 3:1) and told apart by a pattern too: B is hatched.
SIDE_COLOURS = {"a": "#1b5e9b", "b": "#a6461a"}
WIDTH = 640
LABEL_W = 150  # room for the row labels left of a bar chart
INK = "#222"
GRID = "#bbb"


def fmt(value, digits=1):
    return ("{:." + str(digits) + "f}").format(value)


def percent(value):
    return fmt(100 * value) + "%"


def pretty(name):
    """A log kind or event name for people: "exact_bid" -> "exact bid"."""
    return str(name).replace("_", " ")


# ---- the form -----------------------------------------------------------------------------

def _select(field_id, label, choices, chosen, extra=None):
    """``choices``: [(value, words)]; the <select> carries ``data-field``."""
    options = [text("option", {"value": str(value), "selected": str(value) == str(chosen)},
                    words) for value, words in choices]
    values = {"id": field_id, "data-field": field_id}
    values.update(extra or {})
    return tag("div", {"class": "field"}, text("label", {"for": field_id}, label),
               tag("select", values, *options))


def _option_field(side, spec, value):
    """One rule option of one side, as a <select> of its labelled values (by index, so a
    value of any JSON type comes back exactly as the engine declared it)."""
    field_id = side + "-opt-" + spec["id"]
    labels = spec.get("labels") or []
    choices = []
    chosen = 0
    for index, allowed in enumerate(spec["values"]):
        words = labels[index] if index < len(labels) else (
            "none" if allowed is None else str(allowed))
        choices.append((index, words))
        if allowed == value and type(allowed) is type(value):
            chosen = index
    hint_id = field_id + "-hint"
    return tag("div", {"class": "field"},
               text("label", {"for": field_id}, spec.get("title") or spec["id"]),
               tag("select", {"id": field_id, "data-option": spec["id"], "data-side": side,
                              "aria-describedby": hint_id},
                   *[text("option", {"value": str(i), "selected": i == chosen}, words)
                     for i, words in choices]),
               text("small", {"id": hint_id, "class": "hint"}, spec.get("meaning", "")))


def render_form(info, form, running):
    """The study's settings: game, players, a bot level per seat, games and seed, and for
    each side its rules version and options. ``info``: the game's catalog entry."""
    games = [(game["id"], game["title"]) for game in form["catalog"]]
    counts = info.get("player_counts") or list(range(info["min_players"],
                                                     info["max_players"] + 1))
    levels = [(level["id"], level["name"]) for level in info["bot_levels"]]
    seats = []
    for seat in range(form["players"]):
        seats.append(_select("bot-" + str(seat), "Seat " + str(seat + 1),
                             levels, form["bots"][seat], {"data-seat": str(seat)}))
    versions = [(version["id"], version["id"] + " — " + version.get("title", ""))
                for version in info["rule_versions"]]
    sides = []
    for side in SIDES:
        chosen = form["sides"][side]
        fields = [_select(side + "-rules", "Rules version", versions, chosen["rules"],
                          {"data-side": side})]
        fields += [_option_field(side, spec, chosen["options"].get(spec["id"],
                                                                   spec["default"]))
                   for spec in info["options"]]
        sides.append(tag("fieldset", {"class": "lab-side lab-side-" + side},
                         tag("legend", {}, _swatch(side), esc(" Side " + SIDE_NAMES[side])),
                         *fields))
    run = {"data-cmd": "run", "class": "primary", "id": "lab-run"}
    stop = {"data-cmd": "stop", "id": "lab-stop"}
    if running:
        run["disabled"] = True
    else:
        stop["disabled"] = True
    return tag(
        "form", {"class": "lab-form", "onsubmit": "return false",
                 "aria-labelledby": "lab-form-h"},
        text("h2", {"id": "lab-form-h"}, "The study"),
        tag("div", {"class": "row"},
            _select("game", "Game", games, form["game"]),
            _select("players", "Players", [(n, str(n)) for n in counts], form["players"]),
            tag("div", {"class": "field"}, text("label", {"for": "games"}, "Games per side"),
                tag("input", {"id": "games", "data-field": "games", "inputmode": "numeric",
                              "value": str(form["games"]), "size": "6"})),
            tag("div", {"class": "field"}, text("label", {"for": "seed"}, "First seed"),
                tag("input", {"id": "seed", "data-field": "seed", "inputmode": "numeric",
                              "value": str(form["seed"]), "size": "8"}))),
        tag("fieldset", {"class": "lab-bots"}, text("legend", {}, "Bots (both sides)"),
            tag("div", {"class": "row"}, *seats)),
        tag("div", {"class": "lab-sides"}, *sides),
        tag("p", {"class": "row"}, button("Run the study", run), button("Stop", stop)))


def _swatch(side):
    return tag("svg", {"class": "swatch", "width": "14", "height": "14", "viewBox": "0 0 14 14",
                       "aria-hidden": "true", "focusable": "false"},
               _rect(side, 0, 0, 14, 14))


def side_title_words(info, side):
    """What a side plays, in words: its rules version and the options not at their default."""
    words = [side["rules"] or info["rule_versions"][-1]["id"]]
    for spec in info["options"]:
        value = side["options"].get(spec["id"], spec["default"])
        if value == spec["default"] and type(value) is type(spec["default"]):
            continue
        labels = spec.get("labels") or []
        shown = str(value)
        for index, allowed in enumerate(spec["values"]):
            if allowed == value and type(allowed) is type(value) and index < len(labels):
                shown = labels[index]
        words.append((spec.get("title") or spec["id"]) + ": " + shown)
    if len(words) == 1:
        words.append("default options")
    return "; ".join(words)


# ---- progress and results -------------------------------------------------------------------

def render_progress(results, games, stopped, running=False):
    """The progress bar of both sides and what it means in words: a game under way says its
    move (a game of strong bots takes seconds), and Stop says at once that it was heard."""
    done = sum(results[side]["done"] for side in SIDES if results.get(side))
    total = games * len(SIDES)
    words = str(done) + " of " + str(total) + " games played"
    moves = max([results[side].get("moves") or 0 for side in SIDES if results.get(side)] or [0])
    if stopped and running:
        words += " (stopping: the move under way ends first)"
    elif stopped:
        words += " (stopped)"
    elif running and moves and done < total:
        words += "; the next is at move " + str(moves)
    elif done >= total:
        words += ": done"
    return tag("div", {"class": "lab-progress"},
               tag("progress", {"max": str(total), "value": str(done),
                                "aria-label": "Games played"}),
               text("span", {"role": "status"}, words))


def render_results(results, titles):
    """The charts of a study: ``results`` {"a"|"b": {"done", "games", "summary"}}, ``titles``
    {"a"|"b": what that side is, in words}. Only sides with games played are drawn."""
    summaries = {}
    for side in SIDES:
        result = results.get(side)
        if result and result.get("summary") and result["summary"]["finished"]:
            summaries[side] = result["summary"]
    if not summaries:
        return text("p", {"class": "lab-empty"}, "The charts appear once games are played.")
    legend = tag("ul", {"class": "lab-legend", "aria-label": "Sides"},
                 *[tag("li", {}, _swatch(side), esc(" " + SIDE_NAMES[side] + ": "
                                                    + titles[side]
                                                    + " (" + str(summaries[side]["finished"])
                                                    + " games)"))
                   for side in SIDES if side in summaries])
    charts = [win_chart(summaries), length_chart(summaries), score_chart(summaries),
              events_chart(summaries)]
    return tag("section", {"class": "lab-results", "aria-labelledby": "lab-results-h"},
               text("h2", {"id": "lab-results-h"}, "Results"), legend,
               tag("div", {"class": "lab-charts"}, *charts))


def _figure(chart_id, title, description, height, body):
    svg = tag("svg", {"viewBox": "0 0 " + str(WIDTH) + " " + str(height), "role": "img",
                      "aria-labelledby": chart_id + "-t " + chart_id + "-d",
                      "class": "chart", "id": chart_id},
              text("title", {"id": chart_id + "-t"}, title),
              text("desc", {"id": chart_id + "-d"}, description),
              _patterns(), body)
    return tag("figure", {"class": "lab-chart"}, svg, text("figcaption", {}, title))


def _patterns():
    return tag("defs", {}, tag(
        "pattern", {"id": "hatch-b", "width": "6", "height": "6",
                    "patternUnits": "userSpaceOnUse", "patternTransform": "rotate(45)"},
        _raw_rect(0, 0, 6, 6, SIDE_COLOURS["b"]),
        tag("line", {"x1": "0", "y1": "0", "x2": "0", "y2": "6", "stroke": "#fff",
                     "stroke-width": "2"})))


def _raw_rect(x, y, w, h, fill):
    return "<rect" + attrs({"x": fmt(x), "y": fmt(y), "width": fmt(max(0, w)),
                            "height": fmt(max(0, h)), "fill": fill}) + "></rect>"


def _rect(side, x, y, w, h):
    fill = SIDE_COLOURS[side] if side == "a" else "url(#hatch-b)"
    return "<rect" + attrs({"x": fmt(x), "y": fmt(y), "width": fmt(max(0, w)),
                            "height": fmt(max(0, h)), "fill": fill,
                            "stroke": SIDE_COLOURS[side]}) + "></rect>"


def _text(x, y, words, anchor="start", size=12, weight=None):
    values = {"x": fmt(x), "y": fmt(y), "font-size": str(size), "fill": INK,
              "text-anchor": anchor}
    if weight:
        values["font-weight"] = weight
    return "<text" + attrs(values) + ">" + esc(words) + "</text>"


def _line(x1, y1, x2, y2, colour=INK, width=1):
    return "<line" + attrs({"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2),
                            "stroke": colour, "stroke-width": str(width)}) + "></line>"


def _axis(x0, x1, y, top, ticks, label):
    """Gridlines at ``ticks`` [(value 0..1, words)] from ``top`` down to the axis at ``y``."""
    parts = []
    for where, words in ticks:
        x = x0 + where * (x1 - x0)
        parts.append(_line(x, top, x, y, GRID))
        parts.append(_text(x, y + 14, words, "middle", 11))
    parts.append(_line(x0, y, x1, y))
    parts.append(_text((x0 + x1) / 2, y + 30, label, "middle", 11))
    return "".join(parts)


# ---- win rate by seat, with intervals --------------------------------------------------------

def _win_rows(summary):
    """(label, row) per seat, or per team in team games (a seat wins when its team does)."""
    if summary.get("teams"):
        return [("Seats " + "+".join(str(s + 1) for s in row["seats"]) + " ("
                 + ", ".join(row["bots"]) + ")", row) for row in summary["teams"]]
    return [("Seat " + str(row["seat"] + 1) + " (" + row["bot"] + ")", row)
            for row in summary["seats"]]


def win_chart(summaries):
    sides = [side for side in SIDES if side in summaries]
    first = summaries[sides[0]]
    rows = _win_rows(first)
    bar, gap = 16, 14
    top = 10
    height = top + len(rows) * (len(sides) * bar + gap) + 44
    x0, x1 = LABEL_W, WIDTH - 150
    parts = []
    described = []
    y = top
    for index, (label, _) in enumerate(rows):
        parts.append(_text(x0 - 8, y + bar * len(sides) / 2 + 4, label, "end"))
        for side in sides:
            row = _win_rows(summaries[side])[index][1]
            rate, (low, high) = row["win_rate"], row["interval"]
            parts.append(_rect(side, x0, y + 1, rate * (x1 - x0), bar - 2))
            mid = y + bar / 2
            # the 95% interval as a whisker
            parts.append(_line(x0 + low * (x1 - x0), mid, x0 + high * (x1 - x0), mid, INK, 1.5))
            for end in (low, high):
                parts.append(_line(x0 + end * (x1 - x0), mid - 4, x0 + end * (x1 - x0),
                                   mid + 4, INK, 1.5))
            words = (SIDE_NAMES[side] + " " + percent(rate) + " [" + percent(low) + "–"
                     + percent(high) + "]")
            parts.append(_text(x1 + 6, mid + 4, words, "start", 11))
            described.append(label + ", side " + words)
            y += bar
        y += gap
    parts.append(_axis(x0, x1, y, top, [(t / 4, str(25 * t) + "%") for t in range(5)],
                       "win rate, with its 95% interval (ties share the win)"))
    return _figure("chart-wins", "Win rate by seat", "; ".join(described), height,
                   "".join(parts))


# ---- game length ----------------------------------------------------------------------------

def _bins(summaries, key_of, count=12):
    """Common bins over every side's histogram: ``(low, width, [per side: shares])``."""
    values = []
    for summary in summaries.values():
        values += [value for value, _ in key_of(summary)]
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // count))  # ceiling division
    bins = -(-(high - low + 1) // width)
    shares = {}
    for side, summary in summaries.items():
        counts = [0] * bins
        pairs = key_of(summary)
        total = sum(games for _, games in pairs) or 1
        for value, games in pairs:
            counts[(value - low) // width] += games
        shares[side] = [c / total for c in counts]
    return low, width, bins, shares


def length_chart(summaries):
    sides = [side for side in SIDES if side in summaries]
    low, width, bins, shares = _bins(summaries, lambda s: s["length"]["histogram"])
    top, base = 10, 200
    x0, x1 = 50, WIDTH - 10
    peak = max(max(values) for values in shares.values()) or 1
    slot = (x1 - x0) / bins
    bar = (slot - 4) / len(sides)
    parts = []
    for step in range(5):  # share gridlines
        value = peak * step / 4
        y = base - (base - top) * step / 4
        parts.append(_line(x0, y, x1, y, GRID))
        parts.append(_text(x0 - 6, y + 4, percent(value), "end", 10))
    for index in range(bins):
        for n, side in enumerate(sides):
            share = shares[side][index]
            h = (base - top) * share / peak
            parts.append(_rect(side, x0 + index * slot + 2 + n * bar, base - h, bar, h))
        if bins <= 12 or index % 2 == 0:
            start = low + index * width
            label = str(start) if width == 1 else str(start) + "–" + str(start + width - 1)
            parts.append(_text(x0 + (index + 0.5) * slot, base + 14, label, "middle", 10))
    parts.append(_line(x0, base, x1, base))
    parts.append(_text((x0 + x1) / 2, base + 32, "moves per game (share of games)", "middle",
                       11))
    described = ["side " + SIDE_NAMES[side] + ": mean " + fmt(summaries[side]["length"]["mean"])
                 + " moves, median " + str(summaries[side]["length"]["median"]) + ", from "
                 + str(summaries[side]["length"]["min"]) + " to "
                 + str(summaries[side]["length"]["max"]) for side in sides]
    return _figure("chart-length", "Game length", "; ".join(described), base + 44,
                   "".join(parts))


# ---- score spread ---------------------------------------------------------------------------

def score_chart(summaries):
    sides = [side for side in SIDES if side in summaries]
    seats = summaries[sides[0]]["seats"]
    lows, highs = [], []
    for side in sides:
        for row in summaries[side]["seats"]:
            if row["score"]:
                lows.append(row["score"]["min"])
                highs.append(row["score"]["max"])
    low, high = min(lows + [0]), max(highs + [1])
    span = (high - low) or 1
    x0, x1 = LABEL_W, WIDTH - 170
    row_h = 18
    top = 10
    height = top + len(seats) * (len(sides) * row_h + 10) + 44
    parts = []
    described = []
    y = top
    for index, seat_row in enumerate(seats):
        label = "Seat " + str(seat_row["seat"] + 1) + " (" + seat_row["bot"] + ")"
        parts.append(_text(x0 - 8, y + row_h * len(sides) / 2 + 4, label, "end"))
        for side in sides:
            score = summaries[side]["seats"][index]["score"]
            mid = y + row_h / 2
            if score:
                left = x0 + (score["min"] - low) / span * (x1 - x0)
                right = x0 + (score["max"] - low) / span * (x1 - x0)
                median = x0 + (score["median"] - low) / span * (x1 - x0)
                mean = x0 + (score["mean"] - low) / span * (x1 - x0)
                parts.append(_line(left, mid, right, mid, SIDE_COLOURS[side], 2))
                parts.append(_rect(side, median - 2, mid - 6, 4, 12))
                parts.append("<circle" + attrs({"cx": fmt(mean), "cy": fmt(mid), "r": "4",
                                                "fill": "#fff", "stroke": INK}) + "></circle>")
                words = (SIDE_NAMES[side] + " mean " + fmt(score["mean"]) + " (" +
                         _number(score["min"]) + " to " + _number(score["max"]) + ")")
                parts.append(_text(x1 + 6, mid + 4, words, "start", 11))
                described.append(label + ", side " + words)
            y += row_h
        y += 10
    ticks = [((value - low) / span, _number(value)) for value in _ticks(low, high)]
    parts.append(_axis(x0, x1, y, top, ticks,
                       "score per game: range, median (bar) and mean (circle)"))
    return _figure("chart-scores", "Score spread", "; ".join(described), height,
                   "".join(parts))


def _number(value):
    if isinstance(value, float) and value != int(value):
        return fmt(value)
    return str(int(value))


def _ticks(low, high, count=5):
    step = (high - low) / (count - 1) if high > low else 1
    return [low + step * i for i in range(count)]


# ---- events ---------------------------------------------------------------------------------

def events_chart(summaries):
    """How often each kind of event happened per game (the structured log's kinds, and the
    outcomes a game counts itself, such as exact bids), the most frequent first."""
    sides = [side for side in SIDES if side in summaries]
    names = {}
    for side in sides:
        for name, row in summaries[side]["events"].items():
            names[name] = max(names.get(name, 0), row["per_game"])
    shown = sorted(names, key=lambda name: (-names[name], name))
    peak = max([names[name] for name in shown] + [1e-9])
    bar, gap, top = 14, 10, 10
    x0, x1 = LABEL_W, WIDTH - 130
    height = top + len(shown) * (len(sides) * bar + gap) + 44
    parts = []
    described = []
    y = top
    for name in shown:
        parts.append(_text(x0 - 8, y + bar * len(sides) / 2 + 4, pretty(name), "end"))
        for side in sides:
            row = summaries[side]["events"].get(name)
            per_game = row["per_game"] if row else 0.0
            parts.append(_rect(side, x0, y + 1, per_game / peak * (x1 - x0), bar - 2))
            words = SIDE_NAMES[side] + " " + fmt(per_game, 2) + " per game"
            parts.append(_text(x1 + 6, y + bar - 3, words, "start", 11))
            described.append(pretty(name) + ", side " + words)
            y += bar
        y += gap
    ticks = [(t / 4, fmt(peak * t / 4, 1)) for t in range(5)]
    parts.append(_axis(x0, x1, y, top, ticks, "times per game"))
    return _figure("chart-events", "How often each event happened", "; ".join(described),
                   height, "".join(parts))
