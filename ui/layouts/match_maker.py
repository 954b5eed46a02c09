# The Match-Maker's table: the memory grid of face-down stacks (depth shown, never identity),
# the cards opened this turn, the chance piles and the Change-To-Person pile, each player's
# Couples and Exes, and the end screen with scores, titles and events. A stack whose top card
# may be opened is a button in the grid itself (places_action), not a choice button.
# Runs in MicroPython and CPython: keep to the subset both share.

from ui import faces_match_maker as faces
from ui.faces_match_maker import a_card, chip, face, short_name
from ui.markup import esc, tag, text
from ui.render_table import seat_name

MATE_HINT = "Soulmate +3 or Deathmate −3"


def places_action(action):
    return action.get("type") == "open"  # drawn as the stack's own button in the grid


def unavailable_actions(view, legal):
    return []


def _where(row, col):
    return "row " + str(row) + ", column " + str(col)


def _key(row, col):
    return str(row) + "," + str(col)


def _pc_card(view, which):
    pc = view.get(which)
    return pc["card"] if pc else None


def _change_name(view):
    card = view.get("change_card")
    return short_name(card) if card else "change card"


def action_label(action, view):
    kind = action.get("type")
    if kind == "open":
        which = "PC2" if view.get("pc1") else "PC1"
        return "Open " + _where(action["stack"][0], action["stack"][1]) + " as " + which
    if kind == "draw_mate":
        if view.get("stage") == "start":
            return "Draw a mate card before opening (" + MATE_HINT + ")"
        if view.get("mate_drawn"):
            return "Draw another mate card"
        return "Draw a mate card (" + MATE_HINT + ")"
    if kind == "skip_mate":
        return "Collect the Couple" + ("" if view.get("mate_drawn") else " without a mate card")
    if kind == "couple":
        return "Take the Couple (both cards, 2 points)"
    if kind == "ex":
        return "Take an Ex (PC2 only, 1 point; PC1 goes back)"
    if kind == "draw_change":
        return "Draw a change card (Orientation Change, Sex Change or Time)"
    if kind == "decline_change":
        return "No change card: put both back face down"
    if kind == "replace":
        target = action.get("target", "")
        current = _pc_card(view, target)
        name = short_name(current) if current else "?"
        return ("Replace " + target.upper() + " (" + name + ") with " + a_card(action["with"]))
    if kind == "attempt_cancel":
        return "Try to cancel the " + _change_name(view)
    if kind == "decline_cancel":
        return "Let the " + _change_name(view) + " stand"
    return kind


def prompt(view):
    stage = view.get("stage")
    if stage == "start":
        return "Your turn: open a first card (PC1) by choosing a stack on the grid."
    if stage == "second":
        return "Open a second card (PC2) from a different stack."
    if stage == "match":
        return "PC1 and PC2 match! Take the Couple or an Ex."
    if stage == "mate":
        return "A Couple: draw a mate card (" + MATE_HINT + ") or collect it as it is."
    if stage == "mismatch":
        return "No match. Draw a change card, or put both cards back face down."
    if stage == "replace":
        return ("Your " + _change_name(view) + ": choose which card to replace, and with which"
                " card from the Change-To-Person pile.")
    if stage == "cancel":
        decision = view.get("decision") or {}
        mover = decision.get("turn_player")
        who = "Seat " + str(mover + 1) if mover is not None else "The turn player"
        return (who + " drew " + a_card(view.get("change_card") or "") + ". Try to cancel it?"
                " You open the top of the Change Chance pile: only an identical card cancels.")
    return "Your turn."


def _plural(count, word, many=None):
    return str(count) + " " + (word if count == 1 else (many or word + "s"))


def seat_extra(view, seat, ctx):
    """Couples, exes and points: the piles every player can see on the table."""
    piles = (view.get("piles") or [])[seat]
    return text("span", {"class": "mx-tally"},
                _plural(piles["couples_count"], "couple") + " · "
                + _plural(piles["exes_count"], "ex", "exes") + " · "
                + _plural(piles["points"], "point"))


def log_entries(view):
    """The log, less where each opened card lies: it says what happened, but a written
    record of which card is in which stack would do the players' remembering for them
    (beginner mode shows every card anyway)."""
    entries = view.get("log") or []
    if (view.get("options") or {}).get("open_grid"):
        return entries
    out = []
    for entry in entries:
        line = entry.get("text", "")
        start = line.find(" at row ")
        if start >= 0:
            end = line.find(" (", start)
            line = line[:start] + (line[end:] if end >= 0 else ".")
        out.append({"seat": entry.get("seat"), "text": line})
    return out


# ---- the grid -------------------------------------------------------------------------------


def stack_cell(cell, index, view, beginner):
    """One grid location: its depth always, its top card's face only when the view gives it."""
    row, col, depth = cell["row"], cell["col"], cell["depth"]
    where = "Row " + str(row) + ", column " + str(col)
    style = "grid-row:" + str(row) + ";grid-column:" + str(col)
    if depth == 0:
        return tag("li", {"class": "mx-cell", "data-cell": _key(row, col), "style": style},
                   text("span", {"class": "mx-sr"}, where + ": empty"),
                   tag("span", {"class": "mx-stack empty", "aria-hidden": "true"},
                       tag("span", {"class": "mx-slot"}), text("span", {"class": "mx-depth"},
                                                                 "empty")))
    count = _plural(depth, "card")
    opened = cell.get("open")
    parts = []
    if cell.get("face") is not None:
        top = face(cell["face"], "mx-top")
        said = where + ", " + count + ", top card " + short_name(cell["face"])
        if opened:
            said = where + ", " + opened.upper() + ": " + short_name(cell["face"]) + ", " + count
    else:
        top = tag("span", {"class": "card back mx-top", "aria-hidden": "true"})
        said = where + ", " + count + " face down"
    parts.append(top)
    if opened:
        parts.append(text("span", {"class": "mx-pc", "aria-hidden": "true"}, opened.upper()))
    parts.append(text("span", {"class": "mx-depth", "aria-hidden": "true"}, count))
    if beginner and cell.get("cards") and len(cell["cards"]) > 1:
        under = [short_name(code) for code in reversed(cell["cards"][:-1])]
        parts.append(text("span", {"class": "mx-under", "aria-hidden": "true"},
                          "under: " + ", ".join(under)))
        said += "; under it: " + ", ".join(under)
    classes = "mx-stack depth-" + str(min(depth, 3)) + (" opened" if opened else "")
    if index is not None:
        which = "PC2" if view.get("pc1") else "PC1"
        element = tag("button", {"type": "button", "class": classes + " legal",
                                 "data-action": str(index),
                                 "aria-label": said + ": open the top card as " + which},
                      *parts)
        return tag("li", {"class": "mx-cell", "data-cell": _key(row, col), "style": style},
                   element)
    return tag("li", {"class": "mx-cell", "data-cell": _key(row, col), "style": style},
               text("span", {"class": "mx-sr"}, said),
               tag("span", {"class": classes, "aria-hidden": "true"}, *parts))


def grid_zone(view, ctx):
    index_of = {}
    for index, action in enumerate(ctx.get("legal") or []):
        if action.get("type") == "open":
            index_of[_key(action["stack"][0], action["stack"][1])] = index
    beginner = bool((view.get("options") or {}).get("open_grid"))
    cells = [stack_cell(cell, index_of.get(_key(cell["row"], cell["col"])), view, beginner)
             for cell in view["grid"]]
    cards = sum(cell["depth"] for cell in view["grid"])
    caption = _plural(cards, "card") + " on the grid"
    if beginner:
        caption += " (beginner mode: all face up)"
    return tag("section", {"class": "mx-grid-zone", "aria-labelledby": "mx-grid-h"},
               text("h2", {"id": "mx-grid-h", "class": "zone-title"}, "The grid"),
               tag("ol", {"class": "mx-grid", "aria-label": "Stacks, row by row"}, *cells),
               text("p", {"class": "caption"}, caption))


# ---- this turn, the piles, the players' collections ------------------------------------------


def turn_zone(view, ctx):
    """What lies face up this turn: PC1, PC2, the change card and any mate cards drawn."""
    items = []
    for which in ("pc1", "pc2"):
        pc = view.get(which)
        if pc:
            items.append(tag("li", {"class": "mx-inplay"},
                             face(pc["card"], "", which.upper() + ": " + short_name(pc["card"])),
                             tag("span", {"class": "caption"}, text("strong", {}, which.upper()),
                                 esc(" " + _where(pc["row"], pc["col"])))))
    for code in view.get("mate_drawn") or []:
        items.append(tag("li", {"class": "mx-inplay"}, face(code),
                         text("span", {"class": "caption"}, "mate card drawn")))
    change = view.get("change_card")
    if change and view.get("stage") in ("cancel", "replace"):
        items.append(tag("li", {"class": "mx-inplay"}, face(change),
                         text("span", {"class": "caption"}, "change card drawn")))
    verdict = ""
    if view.get("match") is True:
        verdict = text("p", {"class": "mx-verdict match"}, "✓ A match")
    elif view.get("match") is False:
        verdict = text("p", {"class": "mx-verdict"}, "✗ No match")
    mover = view.get("turn_player")
    if mover is None:
        return ""  # the game is over: the end screen says it
    if seat_name(ctx, mover) == "You":
        who = "your turn"
    else:
        who = seat_name(ctx, mover) + "'s turn"
    head = text("p", {"class": "mx-turn"}, "Round " + str(view.get("round")) + " · " + who)
    if not items:
        return tag("section", {"class": "mx-turn-zone", "aria-label": "This turn"}, head)
    return tag("section", {"class": "mx-turn-zone", "aria-label": "This turn"}, head,
               tag("ul", {"class": "mx-inplay-list"}, *items), verdict)


def grouped(codes):
    """[(code, count)] in order of first appearance (dicts are unordered in MicroPython)."""
    order, counts = [], {}
    for code in codes:
        if code not in counts:
            order.append(code)
            counts[code] = 0
        counts[code] += 1
    return [(code, counts[code]) for code in order]


def pile_box(title, count, body, note=""):
    backs = tag("span", {"class": "card back mx-pile-back depth-" + str(min(count, 3))
                         + (" empty" if not count else ""), "aria-hidden": "true"})
    return tag("li", {"class": "mx-pile"}, backs if body == "" else body,
               tag("span", {"class": "mx-pile-text"}, text("strong", {}, title),
                   text("span", {}, _plural(count, "card") + note)))


def piles_zone(view, ctx):
    mate = (view.get("mate_pile") or {}).get("count", 0)
    change = (view.get("change_pile") or {}).get("count", 0)
    ctp = view.get("change_to_person") or {}
    items = [pile_box("Mate Chance pile", mate, "", " face down · " + MATE_HINT),
             pile_box("Change Chance pile", change, "",
                      " face down · Orientation Change, Sex Change, Time")]
    shown = ctp.get("cards")
    if shown is not None:
        chips = "".join(chip(code, n) for code, n in grouped(shown))
        why = (" face up (beginner mode)" if (view.get("options") or {}).get("open_grid")
               else ", face up for you while you choose a replacement")
        items.append(tag("li", {"class": "mx-pile wide"},
                         tag("span", {"class": "mx-pile-text"},
                             text("strong", {}, "Change-To-Person pile"),
                             text("span", {}, _plural(ctp.get("count", 0), "card") + why)),
                         tag("span", {"class": "mx-chips"}, chips)))
    else:
        items.append(pile_box("Change-To-Person pile", ctp.get("count", 0), "", " face down"))
    discard = view.get("discard") or []
    top = face(discard[-1], "mx-small", "Top of the discard pile: "
               + faces.card_name(discard[-1])) if discard else ""
    items.append(pile_box("Discard pile", len(discard), top or "", " face up"))
    parts = [tag("ul", {"class": "mx-piles"}, *items)]
    if discard:
        chips = "".join(chip(code, n) for code, n in grouped(discard))
        parts.append(tag("details", {"class": "mx-discards"},
                         text("summary", {}, "Everything discarded (" + str(len(discard)) + ")"),
                         tag("p", {"class": "mx-chips"}, chips)))
    return tag("section", {"class": "mx-piles-zone", "aria-labelledby": "mx-piles-h"},
               text("h2", {"id": "mx-piles-h", "class": "zone-title"}, "Piles"), *parts)


def couples_chips(pile):
    """The Couples pile as pairs, with its Soulmate/Deathmate markers after them."""
    persons = [code for code in pile if faces.is_person(code)]
    markers = [code for code in pile if not faces.is_person(code)]
    pairs = []
    for i in range(0, len(persons) - 1, 2):
        pair = sorted([persons[i], persons[i + 1]])  # a couple is the same either way round
        pairs.append(pair[1] + "|" + pair[0])  # "straight-m|straight-f": the man first
    out = []
    for key, count in grouped(pairs):
        a, b = key.split("|")
        times = text("span", {"class": "mx-times"}, "×" + str(count)) if count > 1 else ""
        out.append(tag("span", {"class": "mx-pair"}, chip(a), chip(b), times))
    for code, count in grouped(markers):
        out.append(chip(code, count))
    return "".join(out)


def collections(view, ctx):
    blocks = []
    for piles in view.get("piles") or []:
        seat = piles["seat"]
        name = seat_name(ctx, seat)
        couples = couples_chips(piles["couples"]) or text("span", {"class": "mx-none"}, "none yet")
        exes = "".join(chip(code, n) for code, n in grouped(piles["exes"])) or text(
            "span", {"class": "mx-none"}, "none yet")
        blocks.append(tag(
            "li", {"class": "mx-collection" + (" to-move" if view.get("turn_player") == seat
                                                else "")},
            tag("p", {"class": "mx-who"}, text("strong", {}, name),
                text("span", {}, " · " + _plural(piles["points"], "point"))),
            tag("p", {"class": "mx-row"}, text("span", {"class": "mx-label"},
                                               "Couples (" + str(piles["couples_count"]) + ")"),
                couples),
            tag("p", {"class": "mx-row"}, text("span", {"class": "mx-label"},
                                               "Exes (" + str(piles["exes_count"]) + ")"),
                exes)))
    return tag("section", {"class": "mx-collections-zone", "aria-labelledby": "mx-coll-h"},
               text("h2", {"id": "mx-coll-h", "class": "zone-title"}, "Couples and Exes"),
               tag("ul", {"class": "mx-collections"}, *blocks))


def centre(view, ctx):
    board = tag("div", {"class": "mx-board"}, grid_zone(view, ctx), piles_zone(view, ctx))
    if view.get("over"):
        # The end screen comes first; the table as it was left stays one click away.
        board = tag("details", {"class": "mx-final-board"},
                    text("summary", {}, "The grid and the piles at the end"), board)
    return turn_zone(view, ctx) + board + collections(view, ctx)


# ---- the end of the game --------------------------------------------------------------------

TITLES = (("match_maker", "The Match-Maker", "most Couples"),
          ("the_player", "The Player", "most Exes"))


def _names(ctx, seats):
    return ", ".join(seat_name(ctx, seat) for seat in seats)


def _mate_cards(outcome, seat):
    """"1 Soulmate", "—": the markers on a Couples pile (+3 or −3 each)."""
    parts = []
    for key, word in (("soulmates", "Soulmate"), ("deathmates", "Deathmate")):
        count = (outcome.get(key) or [0] * 8)[seat]
        if count:
            parts.append(str(count) + " " + word + ("" if count == 1 else "s"))
    return ", ".join(parts) or "—"


def result(view, ctx):
    outcome = view.get("result")
    if not outcome:
        return ""
    winners = outcome.get("winners") or []
    names = [seat_name(ctx, seat) for seat in winners]
    if outcome.get("rematch"):
        verdict = ("A tie between " + ", ".join(names) + ": they play again (the rulebook's"
                   " Tie Breaker and Grudge Match are never defined).")
    elif len(names) > 1:
        verdict = "Shared victory: " + ", ".join(names) + "."
    else:
        verdict = names[0] + (" win" if names[0] == "You" else " wins") + " the game."
    by_cards = (view.get("options") or {}).get("winner_by") == "person_cards"
    score_head = "Person cards" if by_cards else "Points"
    head = [text("th", {"scope": "col"}, label) for label in
            ("Player", "Couples", "Exes", "Mate cards (±3)", score_head)]
    rows = []
    for seat in range(view["players"]):
        won = seat in winners
        cells = [text("th", {"scope": "row"}, seat_name(ctx, seat) + (" ★" if won else ""))]
        for key in ("couples", "exes"):
            cells.append(text("td", {}, (outcome.get(key) or [0] * 8)[seat]))
        cells.append(text("td", {}, _mate_cards(outcome, seat)))
        cells.append(text("td", {"class": "total"}, (outcome.get("scores") or [0] * 8)[seat]))
        rows.append(tag("tr", {"class": "winner-row" if won else ""}, *cells))
    table = tag("table", {"class": "reveal-table mx-scores"},
                tag("thead", {}, tag("tr", {}, *head)), tag("tbody", {}, *rows))
    titles = outcome.get("titles") or {}
    title_items = []
    for key, title, why in TITLES:
        holders = titles.get(key) or []
        title_items.append(tag("li", {}, text("strong", {}, title),
                               esc(" (" + why + "): "
                                   + (_names(ctx, holders) if holders else "nobody"))))
    grand = titles.get("grand_master")
    title_items.append(tag("li", {}, text("strong", {}, "The Grand Master"),
                           esc(" (both titles alone): "
                               + (seat_name(ctx, grand) if grand is not None else "nobody"))))
    events = outcome.get("events") or []
    if events:
        event_items = [text("li", {}, event.get("title", "") + " — " + seat_name(
            ctx, event.get("seat")) + " (turn " + str(event.get("turn")) + ")")
            for event in events]
        event_list = tag("ul", {"class": "mx-events"}, *event_items)
    else:
        event_list = text("p", {}, "No special events this game.")
    left = outcome.get("left_on_grid") or []
    left_part = ""
    if left:
        left_part = tag("p", {"class": "mx-chips"},
                        text("span", {"class": "mx-label"},
                             "Left on the grid (" + str(len(left)) + "): "),
                        *[chip(code, n) for code, n in grouped(left)])
    return tag("section", {"class": "reveal mx-end", "aria-label": "End of the game"},
               text("h2", {}, verdict),
               text("p", {}, outcome.get("reason_text", "")),
               tag("div", {"class": "scroll"}, table),
               text("h3", {}, "Titles"), tag("ul", {"class": "mx-titles"}, *title_items),
               text("h3", {}, "Special events"), event_list,
               left_part,
               tag("p", {"class": "after-game"},
                   tag("button", {"type": "button", "data-cmd": "rematch", "class": "primary"},
                       "Play again"),
                   tag("button", {"type": "button", "data-cmd": "go", "data-route": "#/"},
                       esc("Back to the lobby"))))
