# The Match-Maker's table: the memory grid of face-down stacks (depth shown, never identity),
# the cards opened this turn, the chance piles and the Change-To-Person pile, each player's
# Couples and Exes, and the end screen with scores, titles, events and the grid revealed.
# Every stack is a button in the grid itself while the viewer decides: one they may open
# plays it (data-action), any other asks the engine, which says why not (data-try).
# Runs in MicroPython and CPython: keep to the subset both share.

from ui.layouts.base import Layout
from ui.markup import esc, tag, text
from ui.render_table import acting, face_words, hinted, seat_name

try:
    from ui.words import match_maker as words  # engine/games/match_maker/words.py, mounted
except ImportError:  # CPython tests: the same file, where the engine keeps it
    from engine.games.match_maker import words

MATE_HINT = words.MATE_HINT  # the rule facts are the engine's words
PC_NAMES = {"pc1": "first card", "pc2": "second card"}
TITLES = tuple((key, words.TITLES[key], words.TITLE_REASONS[key])
               for key in ("match_maker", "the_player"))


def _where(row, col):
    return "row " + str(row) + ", column " + str(col)


def _key(row, col):
    return str(row) + "," + str(col)


def _plural(count, word, many=None):
    return str(count) + " " + (word if count == 1 else (many or word + "s"))


def _next_card(view):
    return "second card" if view.get("pc1") else "first card"


def _change_name(view):
    card = view.get("change_card")
    return words.short_name(card) if card else "change card"


def grouped(codes):
    """[(code, count)] in order of first appearance (dicts are unordered in MicroPython)."""
    order, counts = [], {}
    for code in codes:
        if code not in counts:
            order.append(code)
            counts[code] = 0
        counts[code] += 1
    return [(code, counts[code]) for code in order]


def _names(ctx, seats):
    return ", ".join(seat_name(ctx, seat) for seat in seats)


class MatchMakerLayout(Layout):
    game_id = "match_maker"
    words = words

    # ---- cards -----------------------------------------------------------------------------
    def card_class(self, code):
        # Orientation and sex as separate tokens: the class never spells a card code.
        if words.is_person(code):
            return "mx-person mx-" + words.orientation(code) + " mx-" + words.sex(code)
        return "mx-chance mx-" + code

    def face(self, code, extra_class="", label=None, hidden=False):
        """A face-up card drawn large enough to read: its picture from the deck's sprite (the
        symbol, the orientation's mark or the chance card's icon, and its word). ``hidden``:
        its name is said by the element around it (a stack's button)."""
        said = {"aria-hidden": "true"} if hidden else {"role": "img",
                                                       "aria-label": label or words.card_name(code)}
        said["class"] = ("card face mx-card " + self.card_class(code) + " " + extra_class).strip()
        said["data-face"] = code  # the animator's identity for it (static/js/motion.js)
        return tag("span", said, face_words(self, code)[3])

    def chip(self, code, count=1):
        """A small face-up card for the piles: the symbol and the short name, in a row."""
        times = " ×" + str(count) if count > 1 else ""
        name = words.short_name(code)
        return tag("span", {"class": "mx-chip face " + self.card_class(code), "role": "img",
                            "aria-label": name + (", " + str(count) + " cards" if count > 1
                                                  else "")},
                   tag("span", {"aria-hidden": "true"}, esc(words.card_label(code) + times)))

    def chips(self, codes):
        return "".join(self.chip(code, count) for code, count in grouped(codes))

    # ---- the decision in front of the viewer -----------------------------------------------
    def places_action(self, action):
        return action.get("type") == "open"  # drawn as the stack's own button in the grid

    def action_label(self, action, view, ctx):
        kind = action.get("type")
        if kind == "open":
            return ("Open " + _where(action["stack"][0], action["stack"][1]) + " as the "
                    + _next_card(view))
        if kind == "draw_mate":
            if view.get("stage") == "start":
                return "Draw a mate card before opening (" + MATE_HINT + ")"
            if view.get("mate_drawn"):
                return "Draw another mate card"
            return "Draw a mate card (" + MATE_HINT + ")"
        if kind == "skip_mate":
            return "Collect the Couple" + ("" if view.get("mate_drawn") else " without a mate"
                                           " card")
        if kind == "couple":
            return words.COLLECT_WORDS["couple"]
        if kind == "ex":
            return words.COLLECT_WORDS["ex"]
        if kind == "draw_change":
            return "Draw a change card (Orientation Change, Sex Change or Time)"
        if kind == "decline_change":
            return "No change card: put both back face down"
        if kind == "replace":
            target = action.get("target", "")
            current = (view.get(target) or {}).get("card")
            name = words.short_name(current) if current else PC_NAMES.get(target, "card")
            return ("Replace the " + PC_NAMES.get(target, "card") + " (" + name + ") with "
                    + words.a_card(action["with"]))
        if kind == "attempt_cancel":
            return "Try to cancel the " + _change_name(view)
        if kind == "decline_cancel":
            return "Let the " + _change_name(view) + " stand"
        return kind

    def prompt(self, view, ctx):
        stage = view.get("stage")
        if stage == "start":
            return "Your turn: open a first card by choosing a stack on the grid."
        if stage == "second":
            return "Open a second card from another stack."
        if stage == "match":
            return "Your two cards match! Take the Couple or an Ex."
        if stage == "mate":
            return "A Couple: draw a mate card (" + MATE_HINT + ") or collect it as it is."
        if stage == "mismatch":
            return "No match. Draw a change card, or put both cards back face down."
        if stage == "replace":
            return ("Your " + _change_name(view) + ": choose which card to replace, and with"
                    " which card from the Change-To-Person pile.")
        if stage == "cancel":
            mover = (view.get("decision") or {}).get("turn_player")
            who = seat_name(ctx, mover) if mover is not None else "The turn player"
            return (who + " drew " + words.a_card(view.get("change_card") or "time")
                    + ". Try to cancel it? You open the top of the Change Chance pile: only an"
                    " identical card cancels.")
        return "Your turn."

    def seat_extra(self, view, seat, ctx):
        """Couples, exes and points: the piles every player can see on the table."""
        piles = (view.get("piles") or [])[seat]
        return text("span", {"class": "mx-tally"},
                    _plural(piles["couples_count"], "couple") + " · "
                    + _plural(piles["exes_count"], "ex", "exes") + " · "
                    + _plural(piles["points"], "point"))

    # ---- the grid ------------------------------------------------------------------------------
    def stack_cell(self, cell, view, ctx, index, attempt):
        """One grid location: its depth always, its top card's face only when the view gives
        it. ``index``: the legal action opening it; ``attempt``: the try index of asking to
        open it anyway (the engine says why not)."""
        row, col, depth = cell["row"], cell["col"], cell["depth"]
        where = "Row " + str(row) + ", column " + str(col)
        style = "grid-row:" + str(row) + ";grid-column:" + str(col)
        opened = cell.get("open")
        parts = []
        if depth == 0:
            said = where + ": empty"
            classes = "mx-stack empty"
            parts = [tag("span", {"class": "mx-slot", "aria-hidden": "true"}),
                     text("span", {"class": "mx-depth", "aria-hidden": "true"}, "empty")]
        else:
            count = _plural(depth, "card")
            if cell.get("face") is not None:
                parts.append(self.face(cell["face"], "mx-top", hidden=True))
                said = where + ", " + count + ", top card " + words.short_name(cell["face"])
                if opened:
                    said = (where + ", " + PC_NAMES[opened] + ": "
                            + words.short_name(cell["face"]) + ", " + count)
            else:
                parts.append(tag("span", {"class": "card back mx-top", "aria-hidden": "true"}))
                said = where + ", " + count + " face down"
            if opened:
                parts.append(text("span", {"class": "mx-pc", "aria-hidden": "true"},
                                  "1st" if opened == "pc1" else "2nd"))
            parts.append(text("span", {"class": "mx-depth", "aria-hidden": "true"}, count))
            under = cell.get("cards") or []
            if len(under) > 1:
                names = [words.short_name(code) for code in reversed(under[:-1])]
                parts.append(text("span", {"class": "mx-under", "aria-hidden": "true"},
                                  "under: " + ", ".join(names)))
                said += "; under it: " + ", ".join(names)
            classes = ("mx-stack depth-" + str(min(depth, 3)) + (" opened" if opened else ""))
        cell_attributes = {"class": "mx-cell", "data-cell": _key(row, col), "style": style}
        # What a screen reader says is one hidden sentence; the drawing is aria-hidden.
        if index is not None:
            said += ": open the top card as the " + _next_card(view)
            return tag("li", cell_attributes, tag(
                "button", {"type": "button", "class": classes + " legal" + hinted(ctx, index),
                           "data-action": str(index)},
                text("span", {"class": "mx-sr"}, said), *parts))
        if attempt is not None:
            # Not aria-disabled: pressing it is how the player hears why not.
            said += ": cannot be opened now"
            return tag("li", cell_attributes, tag(
                "button", {"type": "button", "class": classes + " unavailable",
                           "data-try": str(attempt)},
                text("span", {"class": "mx-sr"}, said), *parts))
        return tag("li", cell_attributes, text("span", {"class": "mx-sr"}, said),
                   tag("span", {"class": classes, "aria-hidden": "true"}, *parts))

    def grid_zone(self, view, ctx):
        legal, tries = (ctx.get("legal") or [], ctx.get("tries")) if acting(ctx) else ([], None)
        index_of = {}
        for index, action in enumerate(legal):
            if action.get("type") == "open":
                index_of[_key(action["stack"][0], action["stack"][1])] = index
        viewer = ctx.get("viewer")
        # The viewer decides now: every other stack asks the engine why it may not be opened.
        deciding = (tries is not None and not view.get("over") and viewer is not None
                    and view.get("to_move") == viewer and not ctx.get("busy_bot"))
        cells = []
        for cell in view["grid"]:
            index = index_of.get(_key(cell["row"], cell["col"]))
            attempt = None
            if index is None and deciding:
                tries.append({"type": "open", "stack": [cell["row"], cell["col"]],
                              "seat": viewer})
                attempt = len(tries) - 1
            cells.append(self.stack_cell(cell, view, ctx, index, attempt))
        cards = sum(cell["depth"] for cell in view["grid"])
        caption = _plural(cards, "card") + " on the grid"
        if view.get("over"):
            caption += ", revealed at the end of the game"
        elif (view.get("options") or {}).get("open_grid"):
            caption += " (beginner mode: all face up)"
        return tag("section", {"class": "mx-grid-zone", "aria-labelledby": "mx-grid-h"},
                   text("h2", {"id": "mx-grid-h", "class": "zone-title"}, "The grid"),
                   # data-motion: a card that appears here is turned over where it lies
                   tag("ol", {"class": "mx-grid", "data-zone": "grid", "data-motion": "flip",
                              "aria-label": "Stacks, row by row"}, *cells),
                   text("p", {"class": "caption"}, caption))

    # ---- this turn, the piles, the players' collections --------------------------------------
    def turn_zone(self, view, ctx):
        """What lies face up this turn: the two cards, the change card and any mate cards."""
        mover = view.get("turn_player")
        if mover is None:
            return ""  # the game is over: the end screen says it
        items = []
        for which in ("pc1", "pc2"):
            pc = view.get(which)
            if pc:
                name = PC_NAMES[which]
                items.append(tag("li", {"class": "mx-inplay"},
                                 self.face(pc["card"], "",
                                           name + ": " + words.short_name(pc["card"])),
                                 tag("span", {"class": "caption"},
                                     text("strong", {}, name[:1].upper() + name[1:]),
                                     esc(" " + _where(pc["row"], pc["col"])))))
        for code in view.get("mate_drawn") or []:
            items.append(tag("li", {"class": "mx-inplay"}, self.face(code),
                             text("span", {"class": "caption"}, "mate card drawn")))
        change = view.get("change_card")
        if change and view.get("stage") in ("cancel", "replace"):
            items.append(tag("li", {"class": "mx-inplay"}, self.face(change),
                             text("span", {"class": "caption"}, "change card drawn")))
        verdict = ""
        if view.get("match") is True:
            verdict = text("p", {"class": "mx-verdict match"}, "✓ A match")
        elif view.get("match") is False:
            verdict = text("p", {"class": "mx-verdict"}, "✗ No match")
        who = "your turn" if seat_name(ctx, mover) == "You" else seat_name(ctx, mover) + "'s turn"
        head = text("p", {"class": "mx-turn"}, "Round " + str(view.get("round")) + " · " + who)
        if not items:
            return tag("section", {"class": "mx-turn-zone", "aria-label": "This turn"}, head)
        return tag("section", {"class": "mx-turn-zone", "aria-label": "This turn"}, head,
                   tag("ul", {"class": "mx-inplay-list"}, *items), verdict)

    def pile_box(self, title, count, body, note=""):
        backs = tag("span", {"class": "card back mx-pile-back depth-" + str(min(count, 3))
                             + (" empty" if not count else ""), "aria-hidden": "true"})
        return tag("li", {"class": "mx-pile"}, backs if body == "" else body,
                   tag("span", {"class": "mx-pile-text"}, text("strong", {}, title),
                       text("span", {}, _plural(count, "card") + note)))

    def piles_zone(self, view, ctx):
        mate = (view.get("mate_pile") or {}).get("count", 0)
        change = (view.get("change_pile") or {}).get("count", 0)
        ctp = view.get("change_to_person") or {}
        items = [self.pile_box("Mate Chance pile", mate, "", " face down · " + MATE_HINT),
                 self.pile_box("Change Chance pile", change, "",
                               " face down · Orientation Change, Sex Change, Time")]
        shown = ctp.get("cards")
        if shown is not None:
            if view.get("over"):
                why = " face up: the game is over"
            elif (view.get("options") or {}).get("open_grid"):
                why = " face up (beginner mode)"
            else:
                why = ", face up for you while you choose a replacement"
            items.append(tag("li", {"class": "mx-pile wide"},
                             tag("span", {"class": "mx-pile-text"},
                                 text("strong", {}, "Change-To-Person pile"),
                                 text("span", {}, _plural(ctp.get("count", 0), "card") + why)),
                             tag("span", {"class": "mx-chips"}, self.chips(shown))))
        else:
            items.append(self.pile_box("Change-To-Person pile", ctp.get("count", 0), "",
                                       " face down"))
        discard = view.get("discard") or []
        top = self.face(discard[-1], "mx-small", "Top of the discard pile: "
                        + words.card_name(discard[-1])) if discard else ""
        items.append(self.pile_box("Discard pile", len(discard), top or "", " face up"))
        parts = [tag("ul", {"class": "mx-piles"}, *items)]
        if discard:
            parts.append(tag("details", {"class": "mx-discards"},
                             text("summary", {}, "Everything discarded (" + str(len(discard))
                                  + ")"),
                             tag("p", {"class": "mx-chips"}, self.chips(discard))))
        return tag("section", {"class": "mx-piles-zone", "aria-labelledby": "mx-piles-h"},
                   text("h2", {"id": "mx-piles-h", "class": "zone-title"}, "Piles"), *parts)

    def couples_chips(self, pile):
        """The Couples pile as pairs, with its Soulmate/Deathmate markers after them."""
        persons = [code for code in pile if words.is_person(code)]
        markers = [code for code in pile if not words.is_person(code)]
        pairs = []
        for i in range(0, len(persons) - 1, 2):
            pair = sorted([persons[i], persons[i + 1]])  # a couple is the same either way
            pairs.append(pair[1] + "|" + pair[0])  # "straight-m|straight-f": the man first
        out = []
        for key, count in grouped(pairs):
            a, b = key.split("|")
            times = text("span", {"class": "mx-times"}, "×" + str(count)) if count > 1 else ""
            out.append(tag("span", {"class": "mx-pair"}, self.chip(a), self.chip(b), times))
        out.append(self.chips(markers))
        return "".join(out)

    def collections(self, view, ctx):
        blocks = []
        for piles in view.get("piles") or []:
            seat = piles["seat"]
            none = text("span", {"class": "mx-none"}, "none yet")
            couples = self.couples_chips(piles["couples"]) or none
            exes = self.chips(piles["exes"]) or none
            blocks.append(tag(
                "li", {"class": "mx-collection" + (" to-move" if view.get("turn_player") == seat
                                                    else "")},
                tag("p", {"class": "mx-who"}, text("strong", {}, seat_name(ctx, seat)),
                    text("span", {}, " · " + _plural(piles["points"], "point"))),
                tag("p", {"class": "mx-row"},
                    text("span", {"class": "mx-label"},
                         "Couples (" + str(piles["couples_count"]) + ")"), couples),
                tag("p", {"class": "mx-row"},
                    text("span", {"class": "mx-label"},
                         "Exes (" + str(piles["exes_count"]) + ")"), exes)))
        return tag("section", {"class": "mx-collections-zone", "aria-labelledby": "mx-coll-h"},
                   text("h2", {"id": "mx-coll-h", "class": "zone-title"}, "Couples and Exes"),
                   tag("ul", {"class": "mx-collections"}, *blocks))

    def centre(self, view, ctx):
        board = tag("div", {"class": "mx-board"}, self.grid_zone(view, ctx),
                    self.piles_zone(view, ctx))
        if view.get("over"):
            # After the end screen: the grid face up, so the players can check their memory.
            board = tag("section", {"class": "mx-final-board", "aria-label": "The table at the"
                                    " end, every card face up"}, board)
        return self.turn_zone(view, ctx) + board + self.collections(view, ctx)

    # ---- the end of the game ---------------------------------------------------------------
    def result(self, view, ctx):
        outcome = view.get("result")
        if not outcome:
            return ""
        winners = outcome.get("winners") or []
        names = [seat_name(ctx, seat) for seat in winners]
        if outcome.get("rematch"):
            verdict = ("A tie between " + ", ".join(names) + ": they play again (the"
                       " rulebook's Tie Breaker and Grudge Match are never defined).")
        elif len(names) > 1:
            verdict = "Shared victory: " + ", ".join(names) + "."
        else:
            verdict = names[0] + (" win" if names[0] == "You" else " wins") + " the game."
        return tag("section", {"class": "reveal mx-end", "aria-label": "End of the game"},
                   text("h2", {}, verdict),
                   text("p", {}, words.END_REASONS.get(outcome.get("reason"), "")),
                   tag("div", {"class": "scroll"}, self.score_table(view, outcome, ctx)),
                   text("h3", {}, "Titles"), self.titles(outcome, ctx),
                   text("h3", {}, "Special events"), self.events(outcome, ctx))

    def score_table(self, view, outcome, ctx):
        winners = outcome.get("winners") or []
        by_cards = (view.get("options") or {}).get("winner_by") == "person_cards"
        head = [text("th", {"scope": "col"}, label) for label in
                ("Player", "Couples", "Exes", "Mate cards (±3)",
                 "Person cards" if by_cards else "Points")]
        rows = []
        for seat in range(view["players"]):
            won = seat in winners
            cells = [text("th", {"scope": "row"}, seat_name(ctx, seat) + (" ★" if won else ""))]
            for key in ("couples", "exes"):
                cells.append(text("td", {}, (outcome.get(key) or [0] * 8)[seat]))
            marks = []
            for key, word in (("soulmates", "Soulmate"), ("deathmates", "Deathmate")):
                count = (outcome.get(key) or [0] * 8)[seat]
                if count:
                    marks.append(str(count) + " " + word + ("" if count == 1 else "s"))
            cells.append(text("td", {}, ", ".join(marks) or "—"))
            cells.append(text("td", {"class": "total"}, (outcome.get("scores") or [0] * 8)[seat]))
            rows.append(tag("tr", {"class": "winner-row" if won else ""}, *cells))
        return tag("table", {"class": "reveal-table mx-scores"},
                   tag("thead", {}, tag("tr", {}, *head)), tag("tbody", {}, *rows))

    def titles(self, outcome, ctx):
        titles = outcome.get("titles") or {}
        items = []
        for key, title, why in TITLES:
            holders = titles.get(key) or []
            items.append(tag("li", {}, text("strong", {}, title),
                             esc(" (" + why + "): " + (_names(ctx, holders) if holders
                                                       else "nobody"))))
        grand = titles.get("grand_master")
        items.append(tag("li", {}, text("strong", {}, "The Grand Master"),
                         esc(" (both titles alone): "
                             + (seat_name(ctx, grand) if grand is not None else "nobody"))))
        return tag("ul", {"class": "mx-titles"}, *items)

    def events(self, outcome, ctx):
        events = outcome.get("events") or []
        if not events:
            return text("p", {}, "No special events this game.")
        return tag("ul", {"class": "mx-events"}, *[
            text("li", {}, words.EVENT_TITLES.get(event.get("event"), "") + " — "
                 + seat_name(ctx, event.get("seat")) + " (turn " + str(event.get("turn")) + ")")
            for event in events])


LAYOUT = MatchMakerLayout  # what ui/layouts/__init__.py makes for this game
