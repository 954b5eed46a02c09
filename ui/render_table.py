# The generic table: seats, the centre (drawn by the game's layout), the viewer's hand, the
# choices, the refusal message and the log. The engine decides; this only shows:
# clickable = the legal actions, shown = the view, refused = the engine's reason.
#
# data-action="N" is an index into the state's legal actions; data-try="N" an index into
# ``tries``, moves the player may attempt that the engine will refuse with its reason.

from ui.markup import button, esc, tag, text

try:
    from ui.speaker import Speaker  # engine/words.py, mounted here by the build
except ImportError:  # CPython tests: the same file, where the engine keeps it
    from engine.words import Speaker


def seat_name(ctx, seat):
    if seat is None:
        return "Nobody"
    if seat == ctx.get("viewer") and ctx["seats"][seat] == "human":
        return "You"
    return ctx["names"][seat]


def card_face(layout, code, attributes=None, extra_class=""):
    """A face-up card, in the words of the game's ``layout`` (label, name, colour class)."""
    values = {"class": ("card face " + layout.card_class(code) + " " + extra_class).strip(),
              "aria-label": layout.card_name(code), "role": "img"}
    values.update(attributes or {})
    return tag("span", values, tag("span", {"class": "rank", "aria-hidden": "true"},
                                   esc(layout.card_label(code))))


_BACKS = {}  # extra class -> markup: a face-down card is the same every time


def card_back(extra_class=""):
    # A face-down card carries no identity: no code, no name, hidden from assistive tech.
    markup = _BACKS.get(extra_class)
    if markup is None:
        markup = tag("span", {"class": ("card back " + extra_class).strip(),
                              "aria-hidden": "true"})
        _BACKS[extra_class] = markup
    return markup


def hand_buttons(view, legal, tries, ctx):
    hand = view.get("hand") or []
    layout = ctx["layout"]
    by_card = {}  # card -> indexes of its legal actions, in one pass over the legal list
    for index, action in enumerate(legal):
        card = action.get("card")
        if card is not None:
            by_card.setdefault(card, []).append(index)
    items = []
    for code in hand:
        indexes = by_card.get(code) or ()
        # Accessible names start with the visible text (WCAG 2.5.3), then say it in words.
        short = layout.card_label(code)
        name = short + ", " + layout.card_name(code)
        classes = "card face " + layout.card_class(code)
        attributes = {"type": "button", "data-card": code}
        if ctx.get("choosing") == code:
            classes += " choosing"
        if len(indexes) == 1:
            classes += " legal"
            attributes["data-action"] = str(indexes[0])
            label = layout.action_label(legal[indexes[0]], view, ctx)
            attributes["aria-label"] = name + ", " + label
        elif len(indexes) > 1:
            classes += " legal"
            attributes["data-choose"] = code
            attributes["aria-label"] = name + ", choose how to play it"
        else:
            tries.append({"type": "play", "card": code})
            attributes["data-try"] = str(len(tries) - 1)
            attributes["aria-label"] = name + ", not playable now"
        if view.get("drawn") == code:
            classes += " drawn"
        if ctx.get("resuming"):
            attributes["aria-disabled"] = "true"  # pressed, it says the game is resuming
        attributes["class"] = classes
        items.append(tag("li", None, tag("button", attributes,
                                         tag("span", {"class": "rank", "aria-hidden": "true"},
                                             esc(short)))))
    return tag("ul", {"class": "hand", "aria-label": "Your hand, " + str(len(hand)) + " cards"},
               *items)


def choice_buttons(view, legal, tries, ctx):
    layout = ctx["layout"]
    buttons = []
    choosing = ctx.get("choosing")
    for index, action in enumerate(legal):
        if "card" in action and action.get("card") != choosing:
            continue
        if "card" in action and choosing is None:
            continue
        if layout.places_action(action):
            continue  # the layout draws this one in its own zone (e.g. a grid stack)
        attributes = {"data-action": str(index), "class": "choice"}
        if ctx.get("resuming"):
            attributes["aria-disabled"] = "true"
        buttons.append(button(layout.action_label(action, view, ctx), attributes))
    for action, reason_hint in layout.unavailable_actions(view, legal, ctx):
        tries.append(action)
        # Not aria-disabled: pressing it is how the player hears why it is not allowed.
        buttons.append(button(layout.action_label(action, view, ctx),
                              {"data-try": str(len(tries) - 1), "class": "choice unavailable",
                               "title": reason_hint}))
    if choosing is not None:
        buttons.append(button("Cancel", {"data-cmd": "cancel-choice", "class": "choice"}))
    if not buttons:
        return ""
    return tag("div", {"class": "choices", "role": "group", "aria-label": "Your choices"},
               *buttons)


def seats_panel(view, ctx):
    rows = []
    for seat in range(view["players"]):
        classes = "seat"
        marks = []
        if view.get("to_move") == seat:
            classes += " to-move"
            marks.append(tag("span", {"class": "badge"}, "to move"))
        if view.get("dealer") == seat:
            marks.append(tag("span", {"class": "badge muted"}, "dealer"))
        held = ""
        if view.get("hand_counts") is not None:  # games without hands (a grid) have no count
            count = view["hand_counts"][seat]
            backs = card_back("mini") * min(count, 12)
            held = (tag("span", {"class": "count"}, esc(count) + (" card" if count == 1
                                                                  else " cards"))
                    + tag("span", {"class": "backs", "aria-hidden": "true"}, backs))
        score = ""
        if view.get("rounds", 1) > 1:
            score = tag("span", {"class": "score"}, "score " + esc(view["scores"][seat]))
        extra = ctx["layout"].seat_extra(view, seat, ctx)
        rows.append(tag(
            "li", {"class": classes, "data-seat": str(seat)},
            text("span", {"class": "seat-name"}, seat_name(ctx, seat)), extra, held,
            score, *marks))
    return tag("ol", {"class": "seats", "aria-label": "Players"}, *rows)


def action_bar(view, ctx, choices, message):
    """The decision in front of the player, after the hand and sticky at the screen's bottom:
    on a phone its prompt and choices stay in view while the player scrolls the grid or the
    hand, and a refusal appears under the hand instead of pushing it down."""
    prompt = ""
    if view.get("to_move") == ctx.get("viewer") and not ctx.get("busy_bot") and (
            choices or ctx.get("legal")):
        # The status line above says it to screen readers already (role=status).
        prompt = text("p", {"class": "bar-prompt", "aria-hidden": "true"},
                      status_line(view, ctx))
    if not (prompt or choices or message):
        return ""
    return tag("div", {"class": "action-bar"}, prompt, choices, message)


def status_line(view, ctx):
    if view.get("over"):
        return "The game is over."
    mover = view.get("to_move")
    if ctx.get("busy_bot"):
        return seat_name(ctx, mover) + " is thinking…"
    if mover == ctx.get("viewer"):
        return ctx["layout"].prompt(view, ctx)
    return "Waiting for " + seat_name(ctx, mover) + "."


LOG_SHOWN = 40  # the newest entries on the table; the whole log is one click away


def log_line(entry, ctx):
    """One log entry in words, by the game's words module (engine data, never English parsed
    here); entries of older saves that carry their own text keep it."""
    if "kind" in entry:
        return ctx["layout"].describe(entry, ctx)
    return entry.get("text", "")


def log_lines(entries, ctx):
    return [log_line(entry, ctx) for entry in entries]


def log_panel(view, ctx):
    entries = ctx.get("log")
    if entries is None:
        entries = view.get("log") or []
    # ``log_cache``: entry index -> its markup, kept by the session while the log only grows
    # (an entry never changes once written), so a click words only the new entries.
    cache = ctx.get("log_cache")
    items = []
    for index in range(len(entries) - 1, max(len(entries) - LOG_SHOWN, 0) - 1, -1):
        item = cache.get(index) if cache is not None else None
        if item is None:
            line = log_line(entries[index], ctx)
            item = text("li", {}, line) if line else ""
            if cache is not None:
                cache[index] = item
        items.append(item)
    return tag("details", {"class": "log"}, text("summary", {}, "Game log (" + str(len(entries))
                                                              + ")"),
               tag("ol", {"reversed": True}, *items))


def recent_panel(ctx):
    """What happened since the reader's last decision (a few lines of the log), on the table:
    a player skipped or made to draw before their first turn is said here, not only in the
    collapsed log."""
    lines = [line for line in log_lines(ctx.get("recent") or [], ctx) if line]
    if not lines:
        return ""
    return tag("ul", {"class": "recent", "aria-label": "What just happened"},
               *[text("li", {}, line) for line in lines])


def table_context(layout, seats, names, viewer, title="", **extra):
    """The table context every renderer receives (see ui/layouts/base.py), built only here."""
    ctx = {"layout": layout, "seats": list(seats), "names": list(names), "viewer": viewer,
           "title": title, "speaker": Speaker(names, viewer), "message": None, "rule": None,
           "choosing": None, "busy_bot": False, "legal": []}
    ctx.update(extra)
    return ctx


def render_table(state, ctx):
    """Markup of the whole table, and the tries its data-try attributes index."""
    view, legal, layout = state["view"], state["legal"], ctx["layout"]
    ctx["legal"] = legal  # layouts that draw actions in their zones index into this list
    tries = ctx["tries"] = []  # and a layout's own try buttons append here (data-try="N")
    message = ""
    if ctx.get("message"):
        link = ""
        if ctx.get("rule"):
            link = " " + tag("a", {"href": "#/rules/" + view["game"] + "/" + view["rules"] + "/"
                                   + ctx["rule"], "class": "rule-link"},
                             esc("Read rule " + ctx["rule"]))
        message = tag("p", {"class": "refusal", "role": "alert"}, esc(ctx["message"]), link)
    parts = [
        tag("p", {"class": "status", "role": "status", "aria-live": "polite",
                  "id": "table-status"}, esc(status_line(view, ctx))),
        recent_panel(ctx),
        seats_panel(view, ctx),
        tag("div", {"class": "centre"}, layout.centre(view, ctx)),
    ]
    if view.get("over") or view.get("result"):
        parts.append(layout.result(view, ctx))
    if not view.get("over"):
        if view.get("hand") is not None:  # a grid game has choices but no hand
            parts.append(hand_buttons(view, legal, tries, ctx))
        parts.append(action_bar(view, ctx, choice_buttons(view, legal, tries, ctx), message))
    else:
        parts.append(message)
    parts.append(log_panel(view, ctx))
    return tag("section", {"class": "table game-" + view["game"],
                           "aria-label": ctx["title"] + " table"}, *parts), tries


def handoff_screen(ctx, seat, resuming=""):
    """Hot seat: hides the previous hand until the next player says they are at the screen.
    ``resuming``: the mark shown while the engine boots; the button then only says so."""
    done = {"data-cmd": "handoff-done", "class": "primary"}
    if resuming:
        done = {"data-cmd": "resuming", "class": "primary", "aria-disabled": "true"}
    return tag("section", {"class": "handoff", "aria-label": "Pass the device"},
               tag("h2", {"id": "screen-h", "tabindex": "-1"},
                   esc("Pass the device to " + ctx["names"][seat])),
               text("p", {}, "The previous hand is hidden. When " + ctx["names"][seat]
                    + " is ready, show the hand."),
               button("I am " + ctx["names"][seat] + ": show my hand", done), resuming)
