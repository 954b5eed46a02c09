# The generic table: seats, the centre (drawn by the game's layout), the viewer's hand, the
# choices, the refusal message and the log. The engine decides; this only shows:
# clickable = the legal actions, shown = the view, refused = the engine's reason.
#
# data-action="N" is an index into the state's legal actions; data-try="N" an index into
# ``tries``, moves the player may attempt that the engine will refuse with its reason.
#
# The table has a mode (ctx["mode"]), given by whoever draws it; the table itself decides
# from it what may be pressed, so no outer layer ever rewrites this markup:
#   play      the viewer's own game: the legal actions and the tries are buttons
#   lesson    a lesson's learner (the embed): the same
#   remote    a seat of a game played from several devices: the same, for the seat to move
#   resuming  the game kept with the save, drawn while the engine boots: the cards and
#             choices show as they will, but only say the game is resuming when pressed
#             (data-cmd="resuming"); no move, no try
#   replay    a replayed move: the game as it stood, nothing to press
#   ended     a finished game or lesson: nothing to press
# The controls around the game (Play again, the replay's steps, a lesson's Again) belong to
# the app, the replay and the embed; ``ctx["after_game"]`` is the markup the outer layer puts
# under the game's result.

from ui.markup import button, esc, tag, text

try:
    from ui.speaker import Speaker  # engine/words.py, mounted here by the build
except ImportError:  # CPython tests: the same file, where the engine keeps it
    from engine.words import Speaker


MODES = ("play", "lesson", "remote", "resuming", "replay", "ended")
ACTING = ("play", "lesson", "remote")  # the modes whose table emits moves (data-action/try)
_RESUMING = ' data-cmd="resuming" aria-disabled="true"'


def acting(ctx):
    """Whether this table emits moves: layouts ask this before drawing a move's button in
    their own zones (a grid stack, a trick's card)."""
    return ctx.get("mode", "play") in ACTING


def seat_name(ctx, seat):
    if seat is None:
        return "Nobody"
    if seat == ctx.get("viewer") and ctx["seats"][seat] == "human":
        # Hot seat: the name typed for this player, so whoever holds the device sees whose
        # turn it is ("Ann (you)"); otherwise simply "You".
        name = ctx["names"][seat]
        if ctx["seats"].count("human") > 1 and name not in ("You", "Seat " + str(seat + 1)):
            return name + " (you)"
        return "You"
    return ctx["names"][seat]


# The decks' faces: an SVG sprite per game, a symbol per card code (tools/card_faces.py, made
# by the build), relative to the page: index.html, embed.html, lab.html and editor.html all
# sit at the site's root, and an embed's frame is one of our pages, on our origin.
CARDS = "static/cards/"


def card_art(game_id, code):
    """A card's face drawn from its deck's sprite, filling the card's box; decorative (the
    card says its name), so hidden from assistive technology and never a tab stop."""
    return ('<svg class="art" aria-hidden="true" focusable="false"><use href="' + CARDS
            + game_id + ".svg#c-" + esc(code) + '"/></svg>')


def card_face(layout, code, attributes=None, extra_class=""):
    """A face-up card, in the words of the game's ``layout`` (label, name, colour class): its
    picture, and its short label kept as hidden text (the picture shows it). ``data-face``:
    its identity for the animator (static/js/motion.js)."""
    short, name, colour, art = face_words(layout, code)
    values = {"class": ("card face " + colour + " " + extra_class).strip(),
              "aria-label": name, "role": "img", "data-face": code}
    values.update(attributes or {})
    return tag("span", values, art, tag("span", {"class": "rank", "aria-hidden": "true"},
                                        esc(short)))


_BACKS = {}  # extra class -> markup: a face-down card is the same every time


def card_back(extra_class=""):
    # A face-down card carries no identity: no code, no name, hidden from assistive tech.
    markup = _BACKS.get(extra_class)
    if markup is None:
        markup = tag("span", {"class": ("card back " + extra_class).strip(),
                              "aria-hidden": "true"})
        _BACKS[extra_class] = markup
    return markup


_FACES = {}  # "game:code" -> (label, name, colour class, art): a card's face never changes


def face_words(layout, code):
    """A card's short label, its name in words, its colour class and its picture's markup, by
    the game's layout (worked out once per card: the table draws the same cards on every
    move)."""
    key = layout.game_id + ":" + code
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = (layout.card_label(code), layout.card_name(code),
                               layout.card_class(code), card_art(layout.game_id, code))
    return found


def hinted(ctx, index):
    """" hinted" for the button of the move the hint shows (ctx["hint"]: the engine's hint,
    its "action" an index into the legal actions), else ""."""
    hint = ctx.get("hint")
    return " hinted" if hint is not None and hint.get("action") == index else ""


def hint_button(view, ctx):
    """The learner's Hint button, at the player's own decision when hints are offered."""
    if not ctx.get("hints") or ctx.get("hint") is not None or ctx.get("choosing") is not None:
        return ""
    if view.get("to_move") != ctx.get("viewer") or ctx.get("busy_bot") or not ctx.get("legal"):
        return ""
    return button("Hint", {"data-cmd": "hint", "class": "hint-button",
                           "aria-describedby": "hint-about"}) + text(
        "span", {"id": "hint-about", "class": "visually-hidden"},
        "Shows the move the Basic bot would make, and why.")


def rule_link(view, ctx, rule):
    """" Read the rule", linking to ``rule`` on the rules page (its id is in the link only),
    or "" without one. An embed opens the rules page outside its frame (rules_href,
    rules_target)."""
    if not rule:
        return ""
    attributes = {"href": ctx.get("rules_href", "#/rules/") + view["game"] + "/"
                  + view["rules"] + "/" + rule, "class": "rule-link"}
    if ctx.get("rules_target"):
        attributes["target"] = ctx["rules_target"]
    return " " + tag("a", attributes, "Read the rule")


def hint_said(view, ctx):
    """The hint, in the dock where the player is looking: the move (highlighted on the table)
    and why, in one sentence; a link to the rule it rests on."""
    hint = ctx.get("hint")
    if hint is None:
        return ""
    return tag("p", {"class": "hint-said", "role": "status"},
               text("strong", {}, "Hint: "), esc(hint.get("why") or ""),
               rule_link(view, ctx, hint.get("rule")))


def hand_buttons(view, legal, tries, ctx):
    hand = view.get("hand") or []
    layout = ctx["layout"]
    mode = ctx.get("mode", "play")
    if mode not in ACTING and mode != "resuming":
        return shown_hand(hand, layout)
    by_card = {}  # card -> indexes of its legal actions, in one pass over the legal list
    for index, action in enumerate(legal):
        card = action.get("card")
        if card is not None:
            by_card.setdefault(card, []).append(index)
    choosing, drawn = ctx.get("choosing"), view.get("drawn")
    resuming = mode == "resuming"
    hint_index = (ctx.get("hint") or {}).get("action")
    items = []
    # The hottest markup of a move: written as one join per card rather than three tag()
    # calls with their attribute dicts (MicroPython pays for every call and dict).
    for code in hand:
        indexes = by_card.get(code) or ()
        short, name, colour, art = face_words(layout, code)
        # Accessible names start with the visible text (WCAG 2.5.3), then say it in words.
        name = short + ", " + name
        classes = "card face " + colour
        if choosing == code:
            classes += " choosing"
        if indexes:
            # the hint's move: this card (played one way, or one of its ways)
            classes += " legal hinted" if hint_index in indexes else " legal"
        if len(indexes) == 1:
            how = ' data-action="' + str(indexes[0]) + '"'
            label = name + ", " + layout.action_label(legal[indexes[0]], view, ctx)
        elif len(indexes) > 1:
            how = ' data-choose="' + esc(code) + '"'
            label = name + ", choose how to play it"
        elif resuming:
            how = ""
            label = name + ", not playable now"
        else:
            tries.append({"type": "play", "card": code})
            how = ' data-try="' + str(len(tries) - 1) + '"'
            label = name + ", not playable now"
        if resuming:  # pressed, it says the game is resuming
            how = _RESUMING
        if drawn == code:
            classes += " drawn"
        items.append("".join(('<li><button type="button" data-card="', esc(code), '"', how,
                              ' aria-label="', esc(label), '" class="', esc(classes),
                              '">', art, '<span class="rank" aria-hidden="true">', esc(short),
                              "</span></button></li>")))
    return tag("ul", {"class": "hand", "data-zone": "hand",
                      "aria-label": "Your hand, " + str(len(hand)) + " cards"}, *items)


def shown_hand(hand, layout):
    """The viewer's hand with nothing to press (a replay, a finished lesson): faces only."""
    items = [tag("li", {}, card_face(layout, code)) for code in hand]
    return tag("ul", {"class": "hand shown", "aria-label": "Hand, " + str(len(hand)) + " cards"},
               *items)


def choice_buttons(view, legal, tries, ctx, hint=""):
    """The decision's buttons that are not cards in the hand (draw, pass, a bid, a suit, a
    layout's unavailable moves, Cancel), then ``hint`` (the Hint button): the last of the
    zone, so it is no extra tab stop and a player who knows the game passes it by."""
    layout = ctx["layout"]
    mode = ctx.get("mode", "play")
    if mode not in ACTING and mode != "resuming":
        return ""  # a replay or a finished game has no choices to make
    resuming = mode == "resuming"
    buttons = []
    choosing = ctx.get("choosing")
    for index, action in enumerate(legal):
        if "card" in action and action.get("card") != choosing:
            continue
        if "card" in action and choosing is None:
            continue
        if layout.places_action(action):
            continue  # the layout draws this one in its own zone (e.g. a grid stack)
        attributes = {"data-action": str(index), "class": "choice" + hinted(ctx, index)}
        if resuming:  # pressed, it says the game is resuming
            attributes = {"data-cmd": "resuming", "aria-disabled": "true", "class": "choice"}
        buttons.append(button(layout.action_label(action, view, ctx), attributes))
    for action, reason_hint in ([] if resuming else layout.unavailable_actions(view, legal, ctx)):
        tries.append(action)
        # Not aria-disabled: pressing it is how the player hears why it is not allowed.
        buttons.append(button(layout.action_label(action, view, ctx),
                              {"data-try": str(len(tries) - 1), "class": "choice unavailable",
                               "title": reason_hint}))
    if choosing is not None and not resuming:
        buttons.append(button("Cancel", {"data-cmd": "cancel-choice", "class": "choice"}))
    if hint:
        buttons.append(hint)
    if not buttons:
        return ""
    return tag("div", {"class": "choices", "data-zone": "choices", "role": "group",
                       "aria-label": "Your choices"},
               *buttons)


_HELD = {}  # card count -> its markup: the same few counts come back on every move
_TO_MOVE = '<span class="badge">to move</span>'
_DEALER = '<span class="badge muted">dealer</span>'


def held_cards(count):
    """A seat's card count, in words and as up to 12 face-down minis (no identities)."""
    markup = _HELD.get(count)
    if markup is None:
        markup = _HELD[count] = (
            tag("span", {"class": "count"}, esc(count) + (" card" if count == 1 else " cards"))
            + tag("span", {"class": "backs", "aria-hidden": "true"},
                  card_back("mini") * min(count, 12)))
    return markup


def seats_panel(view, ctx):
    rows = []
    to_move, dealer, counts = view.get("to_move"), view.get("dealer"), view.get("hand_counts")
    scores = view["scores"] if view.get("rounds", 1) > 1 else None
    layout = ctx["layout"]
    for seat in range(view["players"]):
        mover = to_move == seat
        rows.append("".join((
            '<li class="seat to-move" data-seat="' if mover else '<li class="seat" data-seat="',
            str(seat), '"><span class="seat-name">', esc(seat_name(ctx, seat)), "</span>",
            layout.seat_extra(view, seat, ctx),
            # games without hands (a grid) have no count
            held_cards(counts[seat]) if counts is not None else "",
            ('<span class="score">score ' + esc(scores[seat]) + "</span>") if scores else "",
            _TO_MOVE if mover else "", _DEALER if dealer == seat else "", "</li>")))
    return tag("ol", {"class": "seats", "aria-label": "Players"}, *rows)


def action_bar(view, ctx, choices, waiting=False):
    """The decision in front of the player, after the hand in the dock: its prompt and
    choices. ``waiting``: a dock with a hand also says whom it waits for (shown where the
    status line is not: a phone held sideways)."""
    prompt = ""
    # The status line above says it to screen readers already (role=status).
    if view.get("to_move") == ctx.get("viewer") and not ctx.get("busy_bot") and (
            choices or ctx.get("legal")):
        prompt = text("p", {"class": "bar-prompt", "aria-hidden": "true"},
                      status_line(view, ctx))
    elif waiting:
        prompt = text("p", {"class": "bar-prompt waiting", "aria-hidden": "true"},
                      status_line(view, ctx))
    if not (prompt or choices):
        return ""
    return tag("div", {"class": "action-bar"}, prompt, choices)


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


def log_item(entries, index, ctx):
    """Entry ``index`` of the log as an <li> ("" when it has no words). ``log_cache``: entry
    index -> its markup, kept by the session while the log only grows (an entry never changes
    once written), so a click words only the new entries."""
    cache = ctx.get("log_cache")
    item = cache.get(index) if cache is not None else None
    if item is None:
        line = log_line(entries[index], ctx)
        item = text("li", {}, line) if line else ""
        if cache is not None:
            cache[index] = item
    return item


def log_panel(view, ctx):
    entries = ctx.get("log")
    if entries is None:
        entries = view.get("log") or []
    items = [log_item(entries, index, ctx)
             for index in range(len(entries) - 1, max(len(entries) - LOG_SHOWN, 0) - 1, -1)]
    return tag("details", {"class": "log"}, text("summary", {}, "Game log (" + str(len(entries))
                                                              + ")"),
               tag("ol", {"reversed": True}, *items))


def recent_panel(view, ctx):
    """What happened since the reader's last decision (a few lines of the log), on the table:
    a player skipped or made to draw before their first turn is said here, not only in the
    collapsed log. ``recent_from``: where those lines start in the log (their markup is the
    log's own, cached); without it, no such lines. Newest first, in a box of fixed height
    (the whole log is one tap away), so the table under it never jumps between turns."""
    start = ctx.get("recent_from")
    if start is None:
        return ""
    entries = ctx.get("log")
    if entries is None:
        entries = view.get("log") or []
    items = [item for item in (log_item(entries, index, ctx)
                               for index in range(len(entries) - 1, start - 1, -1)) if item]
    # tabindex: a box that scrolls is reached from the keyboard too.
    return tag("ul", {"class": "recent", "aria-label": "What just happened, newest first",
                      "tabindex": "0"}, *items)


def table_context(layout, seats, names, viewer, title="", **extra):
    """The table context every renderer receives (see ui/layouts/base.py), built only here."""
    ctx = {"layout": layout, "seats": list(seats), "names": list(names), "viewer": viewer,
           "title": title, "mode": "play", "after_game": "", "speaker": Speaker(names, viewer),
           "message": None, "rule": None, "choosing": None, "busy_bot": False, "legal": []}
    ctx.update(extra)
    return ctx


def render_table(state, ctx):
    """Markup of the whole table, and the tries its data-try attributes index."""
    view, legal, layout = state["view"], state["legal"], ctx["layout"]
    mode = ctx.get("mode", "play")
    if mode not in MODES:
        raise ValueError("unknown table mode " + repr(mode))
    if mode not in ACTING and mode != "resuming":
        legal = []  # a replay or a finished game: nothing the viewer could do now
    ctx["legal"] = legal  # layouts that draw actions in their zones index into this list
    # and a layout's own try buttons append here (data-try="N"); a table that emits no moves
    # has none (layouts ask acting(ctx) before drawing a move's button)
    tries = ctx["tries"] = [] if mode in ACTING else None
    message = ""
    if ctx.get("message"):
        message = tag("p", {"class": "refusal", "role": "alert"}, esc(ctx["message"]),
                      rule_link(view, ctx, ctx.get("rule")))
    board = [
        tag("p", {"class": "status", "role": "status", "aria-live": "polite",
                  "id": "table-status"}, esc(status_line(view, ctx))),
        recent_panel(view, ctx),
        seats_panel(view, ctx),
        tag("div", {"class": "centre"}, layout.centre(view, ctx)),
    ]
    if view.get("over") or view.get("result"):
        board.append(layout.result(view, ctx))
    if view.get("over"):
        board.append(ctx.get("after_game") or "")  # the outer layer's own controls
        board.append(message)
    # The board (what is on the table), the dock (your hand and the decision in front of
    # you) and the log: on a phone held upright the dock is stuck to the bottom of the screen,
    # held sideways it is a column of its own beside the board (static/css/app.css).
    parts = [tag("div", {"class": "board"}, *board)]
    held = tries if tries is not None else []
    if not view.get("over"):
        # The dock: your hand and the decision in front of you, kept at the bottom of the
        # screen while the table above is taller than it, so both are always in view.
        hand = ""
        if view.get("hand") is not None:  # a grid game has choices but no hand
            hand = hand_buttons(view, legal, held, ctx)
        bar = action_bar(view, ctx, choice_buttons(view, legal, held, ctx,
                                                   hint_button(view, ctx)), bool(hand))
        # A refusal (or the hint asked for) opens the dock, above the hand: where the player
        # is looking, never scrolled out of the dock's own view.
        said = message or hint_said(view, ctx)
        if hand or bar or said:
            parts.append(tag("div", {"class": "dock"}, said, hand, bar))
    parts.append(log_panel(view, ctx))
    if tries is None:
        tries = []
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
