# Matchmakers' table: the mountain guide office, each player's guides, the exchange as its own
# step, the trick with its lead colour, the loser's guide and the winner's collect choices, the
# two campsites arranged as they will score, and (2 players) the straw piles.
# Actions with a "card" that is not in the hand (a picked card to take back, a trick card to
# collect, a guide or a straw card to play) are drawn here, in their zones, with data-action.
# Every word about a card comes from the engine's words module for Matchmakers.

from ui.layouts.base import Layout
from ui.markup import esc, tag, text
from ui.render_table import acting, card_back, face_words, hinted, seat_name

try:
    from ui.words import matchmakers as words  # engine/games/matchmakers/words.py, mounted
except ImportError:  # CPython tests: the same file, where the engine keeps it
    from engine.games.matchmakers import words

ZONE_ACTIONS = ("undo_give", "undo_return", "collect")
GUIDE_CODES = ("T2", "T4", "T6", "T8")


def _team_of(view, seat):
    for team, members in enumerate(view.get("teams") or []):
        if seat in members:
            return team
    return None


def _team_name(view, team, ctx):
    members = (view.get("teams") or [[], []])[team]
    return " and ".join(seat_name(ctx, seat) for seat in members)


def _my_decision(view):
    for decision in view.get("decisions") or []:
        if decision.get("seat") == view.get("seat"):
            return decision.get("type")
    return None


def _action_index(ctx, kind, card):
    if not acting(ctx):
        return None  # a replay, a finished game, a table resuming: the card is only shown
    for index, action in enumerate(ctx.get("legal") or []):
        if action.get("type") == kind and action.get("card") == card:
            return index
    return None


def _zone(title, label, *children):
    return tag("section", {"class": "mk-zone", "aria-label": label},
               text("h2", {"class": "zone-title"}, title), *children)


def _is(name):
    return name + (" are" if name == "You" else " is")


class MatchmakersLayout(Layout):
    game_id = "matchmakers"
    words = words

    def team_score_reason(self, set_points, unmatched, penalty, points):
        return words.score_reason(set_points, unmatched, penalty, points)

    # ---- cards ---------------------------------------------------------------------------------
    def card_class(self, code):
        return words.card_class(code)

    def face_inside(self, code):
        """A face's picture (its deck's sprite), and its text kept hidden under it: the value
        and colour letter; a guide's value and the word "guide", each a span of its own."""
        art = face_words(self, code)[3]
        if words.is_guide(code):
            return (art + tag("span", {"class": "rank", "aria-hidden": "true"}, esc(code[1:2]))
                    + tag("span", {"class": "mk-word", "aria-hidden": "true"}, "guide"))
        return art + tag("span", {"class": "rank", "aria-hidden": "true"},
                         esc(words.card_label(code)))

    def face(self, code, extra_class=""):
        return tag("span", {"class": ("card face " + words.card_class(code) + " "
                                      + extra_class).strip(),
                            "role": "img", "aria-label": words.card_name(code),
                            "data-face": code},
                   self.face_inside(code))

    def card_button(self, ctx, view, index, code, extra_class=""):
        action = ctx["legal"][index]
        return tag("button", {"type": "button", "data-action": str(index), "data-card": code,
                              "class": ("card face legal " + words.card_class(code) + " "
                                        + extra_class).strip() + hinted(ctx, index),
                              "aria-label": words.card_label(code) + ", "
                              + self.action_label(action, view, ctx)},
                   self.face_inside(code))

    # ---- the decision in front of the viewer -----------------------------------------------------
    def action_label(self, action, view, ctx):
        kind = action.get("type")
        card = action.get("card")
        if kind == "give":
            return "Give " + words.card_name(card)
        if kind == "return":
            return "Return " + words.card_name(card)
        if kind in ("undo_give", "undo_return"):
            return "Take back " + words.card_name(card)
        if kind == "play":
            return "Play " + words.card_name(card)
        if kind == "collect":
            return "Collect " + words.card_name(card)
        if kind == "claim_guide":
            source = action.get("from")
            where = "the office" if source == "office" else seat_name(ctx, source)
            return "Take the " + words.card_name(action["guide"]) + " from " + where
        if kind == "decline_guide":
            return "Leave the guide"
        if kind == "start":
            return "I start this round"
        return str(kind)

    def places_action(self, action):
        kind = action.get("type")
        if kind in ZONE_ACTIONS:
            return True
        return kind == "play" and words.is_guide(action.get("card", ""))

    def prompt(self, view, ctx):
        decision = _my_decision(view)
        mine = (view.get("exchange") or {}).get("mine") or {}
        picked = len(mine.get("picked") or [])
        if decision == "give":
            return ("Exchange: pick 3 cards to give your partner face down (" + str(picked)
                    + " of 3 picked).")
        if decision == "return":
            return ("Exchange: return 3 cards to your partner with the same colours: "
                    + words.colour_counts(mine.get("colours") or {}) + " (" + str(picked)
                    + " of 3 picked).")
        if decision == "claim_guide":
            res = view.get("resolution") or {}
            return ("You lost the trick with the " + words.card_name(res.get("weakest") or "R1")
                    + ": take the guide or leave it.")
        if decision == "collect":
            return "You won the trick: collect one card for your team's campsite."
        if decision == "start":
            return "Your team decides who starts this round."
        if view.get("lead_colour"):
            return ("Your turn: follow " + words.colour_label(view["lead_colour"])
                    + " if you can; a guide may always be played.")
        return "Your turn: lead any card."

    # ---- the table -----------------------------------------------------------------------------
    def seat_extra(self, view, seat, ctx):
        """The seat's team and the guides in front of it (face up, not in hand)."""
        parts = [text("span", {"class": "mk-team"}, "team " + str(_team_of(view, seat) + 1))]
        all_guides = view.get("guides") or []
        guides = all_guides[seat] if seat < len(all_guides) else []
        if guides:
            cards = "".join(self.face(code, "small") for code in guides)
            parts.append(tag("span", {"class": "mk-guides"}, text("span", {}, "guides:"), cards))
        if view.get("stage") == "exchange":
            for team in (view.get("exchange") or {}).get("teams") or []:
                if team.get("initiator") == seat and team.get("step") == "give":
                    parts.append(text("span", {"class": "mk-progress"},
                                      "giving: " + str(team.get("picked_count", 0)) + " of 3"))
                if team.get("partner") == seat and team.get("step") == "return":
                    parts.append(text("span", {"class": "mk-progress"}, "returning: "
                                      + str(team.get("picked_count", 0)) + " of 3"))
        return "".join(parts)

    def centre(self, view, ctx):
        return "".join([self.facts(view, ctx), self.exchange(view, ctx),
                        self.office(view, ctx), self.my_guides(view, ctx),
                        self.trick(view, ctx), self.straw(view, ctx),
                        self.campsites(view, ctx), self.score_sheet(view, ctx, False)])

    def facts(self, view, ctx):
        facts = [text("li", {}, "Round " + str(view.get("round")) + " of "
                      + str(view.get("rounds")))]
        team = view.get("team")
        if team is not None and view.get("players") == 4:
            facts.append(text("li", {}, "Your team: " + _team_name(view, team, ctx)))
        leader = view.get("leader")
        if leader is not None and view.get("stage") != "exchange":
            facts.append(text("li", {}, "Leads this trick: " + seat_name(ctx, leader)))
        if view.get("lead_colour"):
            facts.append(text("li", {"class": "requested mk-lead"},
                              "Lead colour: " + words.colour_label(view["lead_colour"])))
        facts.append(text("li", {}, "Cards in the discard: "
                          + str(len(view.get("discard") or []))))
        return tag("ul", {"class": "facts"}, *facts)

    def office(self, view, ctx):
        held = {}
        for seat, guides in enumerate(view.get("guides") or []):
            for code in guides:
                held[code] = seat
        office = view.get("office") or []
        items = []
        for code in GUIDE_CODES:
            if code in office:
                items.append(tag("li", {}, self.face(code, "small"),
                                 text("span", {"class": "mk-where"}, "in the office")))
            elif code in held:
                items.append(tag("li", {"class": "mk-away"}, self.face(code, "small mk-out"),
                                 text("span", {"class": "mk-where"},
                                      "with " + seat_name(ctx, held[code]))))
            else:
                items.append(tag("li", {"class": "mk-away"},
                                 text("span", {"class": "mk-where"},
                                      words.card_name(code) + ": in the trick")))
        return _zone("Mountain guide office", "Mountain guide office",
                     tag("ul", {"class": "mk-office", "data-zone": "office"}, *items))

    def my_guides(self, view, ctx):
        seat = view.get("seat")
        if seat is None:
            return ""
        guides = (view.get("guides") or [])[seat]
        if not guides:
            return ""
        items = []
        for code in guides:
            index = _action_index(ctx, "play", code)
            items.append(tag("li", {}, self.face(code) if index is None
                             else self.card_button(ctx, view, index, code)))
        return _zone("Your guides", "Your guides", text(
            "p", {"class": "mk-note"},
            "In front of you, not in your hand: play one instead of a card at any time."),
            tag("ul", {"class": "mk-row-cards", "data-zone": "cards"}, *items))

    def exchange(self, view, ctx):
        if view.get("stage") != "exchange":
            return ""
        mine = (view.get("exchange") or {}).get("mine") or {}
        decision = _my_decision(view)
        parts = []
        if decision in ("give", "return"):
            items = []
            for code in mine.get("picked") or []:
                index = _action_index(ctx, "undo_" + decision, code)
                items.append(tag("li", {}, self.face(code) if index is None
                                 else self.card_button(ctx, view, index, code, "mk-picked")))
            parts.append(text("p", {}, "Picked to " + decision + " (" + str(len(items))
                              + " of 3; they stay marked in your hand; click one to take it"
                              " back):"))
            parts.append(tag("ul", {"class": "mk-row-cards mk-picked-list",
                                    "data-zone": "picked"}, *items)
                         if items else text("p", {"class": "mk-note"}, "None yet."))
        if mine.get("colours"):
            parts.append(text("p", {"class": "mk-colours"},
                              "Colours passed: " + words.colour_counts(mine["colours"])))
        received = mine.get("received") or []
        if received:
            parts.append(tag("p", {"class": "mk-received"}, text("span", {}, "Received: "),
                             "".join(self.face(code, "small") for code in received)))
        for team in (view.get("exchange") or {}).get("teams") or []:
            if team.get("initiator") is None:
                continue
            step = team.get("step")
            if step == "give":
                what = (_is(seat_name(ctx, team["initiator"])) + " picking 3 cards for "
                        + seat_name(ctx, team["partner"]))
            elif step == "return":
                what = _is(seat_name(ctx, team["partner"])) + " picking 3 cards to return"
            else:
                what = "exchange done"
            parts.append(text("p", {"class": "mk-note"}, "Team " + str(_team_of(
                view, team["initiator"]) + 1) + ": " + what + "."))
        return _zone("The exchange", "The exchange", *parts)

    def straw(self, view, ctx):
        straw = view.get("straw")
        if not straw:
            return ""
        blocks = []
        for seat, stacks in enumerate(straw):
            items = []
            for stack in stacks:
                up, down = stack.get("up"), stack.get("down")
                under = card_back("mk-down") if down else ""
                if up:
                    index = _action_index(ctx, "play", up) if seat == view.get("seat") else None
                    top = (self.card_button(ctx, view, index, up) if index is not None
                           else self.face(up))
                elif down:
                    top = text("span", {"class": "mk-note"}, "face down")
                else:
                    top = text("span", {"class": "mk-note"}, "empty")
                items.append(tag("li", {"class": "mk-stack"}, top, under))
            face_down = sum(1 for stack in stacks if stack.get("down"))
            blocks.append(tag("div", {"class": "mk-straw"},
                              text("h3", {}, seat_name(ctx, seat) + ": straw piles ("
                                   + str(face_down) + " face down)"),
                              tag("ul", {"class": "mk-stacks", "data-zone": "straws"}, *items)))
        return _zone("Straw piles", "Straw piles", *blocks)

    def plays(self, ctx, view, plays, collect, twins=None):
        items = []
        for play in plays:
            code = play["card"]
            index = _action_index(ctx, "collect", code) if collect else None
            twin = twins is not None and code in twins
            extra = "mk-twin" if twin else ""
            face = (self.card_button(ctx, view, index, code, extra) if index is not None
                    else self.face(code, extra))
            mark = text("span", {"class": "mk-twin-mark"}, "twin") if twin else ""
            items.append(tag("li", {"class": "mk-twin-play" if twin else None},
                             text("span", {"class": "who"}, seat_name(ctx, play["seat"])),
                             face, mark))
        return tag("ol", {"class": "trick-cards"}, *items)

    def trick(self, view, ctx):
        parts = []
        trick = view.get("trick") or []
        res = view.get("resolution")
        if trick:
            caption = "This trick"
            if view.get("lead_colour"):
                caption += " · lead colour " + words.colour_label(view["lead_colour"])
            parts.append(tag("div", {"class": "trick mk-trick"},
                             text("span", {"class": "caption"}, caption),
                             self.plays(ctx, view, trick, True)))
        if res:
            parts.append(self.resolution(res, ctx))
        last = view.get("last_trick")
        if last and not trick:
            parts.append(self.last_trick(view, last, ctx))
        if not parts:
            parts.append(text("p", {"class": "mk-note"}, "No card played yet."))
        return _zone("The matchmaking place", "The trick", *parts)

    def resolution(self, res, ctx):
        lines = [text("li", {}, "Won by " + seat_name(ctx, res["winner"]) + "; lost by "
                      + seat_name(ctx, res["loser"]) + " with the "
                      + words.card_name(res["weakest"]) + ".")]
        claim = res.get("claim")
        if claim:
            source = claim.get("from")
            where = "the office" if source == "office" else seat_name(ctx, source)
            lines.append(text("li", {}, seat_name(ctx, res["loser"]) + " may take the "
                              + words.card_name(claim["guide"]) + " from " + where + "."))
        if res.get("collectable"):
            lines.append(text("li", {}, seat_name(ctx, res["winner"]) + " collects one of: "
                              + words.card_list(res["collectable"]) + "."))
        return tag("ul", {"class": "facts mk-resolution"}, *lines)

    def last_trick(self, view, last, ctx):
        twins = last.get("twins")
        if last.get("matchmaking"):
            caption = "Last trick: Matchmaking ★☾!"
            if twins:
                caption += " The twins " + words.card_list(twins) + " are discarded."
        else:
            caption = ("Last trick: won by " + seat_name(ctx, last.get("winner"))
                       + ", lost by " + seat_name(ctx, last.get("loser")))
            if last.get("collected"):
                caption += "; collected the " + words.card_name(last["collected"])
            if last.get("claimed"):
                caption += "; guide taken: " + words.card_name(last["claimed"])
        return tag("div", {"class": "trick mk-last"},
                   text("span", {"class": "caption"}, caption),
                   self.plays(ctx, view, last.get("cards") or [], False, twins))

    def arrangement(self, arrangement):
        parts = []
        for group in arrangement.get("sets") or []:
            cards = "".join(self.face(code, "small") for code in group["cards"])
            parts.append(tag("li", {"class": "mk-set"},
                             text("span", {"class": "mk-kind"}, words.SET_NAMES.get(
                                 group["kind"], group["kind"]) + " +" + str(group["points"])),
                             cards))
        unmatched = arrangement.get("unmatched") or []
        if unmatched:
            cards = "".join(self.face(code, "small") for code in unmatched)
            points = -sum(words.value_of(code) for code in unmatched)
            parts.append(tag("li", {"class": "mk-set mk-unmatched"},
                             text("span", {"class": "mk-kind"}, "unmatched " + str(points)),
                             cards))
        return tag("ul", {"class": "mk-sets"}, *parts) if parts else text(
            "p", {"class": "mk-note"}, "No cards yet.")

    def campsites(self, view, ctx):
        blocks = []
        for camp in view.get("campsites") or []:
            team = camp["team"]
            title = "Team " + str(team + 1) + " (" + _team_name(view, team, ctx) + ")"
            if camp.get("arrangement") is None:
                body = text("p", {"class": "mk-note"}, str(camp.get("count", 0))
                            + " cards, face down to you")
                points = ""
            else:
                body = self.arrangement(camp["arrangement"])
                points = (" · " + str(camp["arrangement"].get("points", 0))
                          + " points as they pair up")
            blocks.append(tag("div", {"class": "mk-camp"}, text("h3", {}, title + points), body))
        return _zone("Campsites", "Campsites", *blocks)

    def score_row_cells(self, row):
        cells = [text("th", {"scope": "row"}, str(row["round"]))]
        for team in (0, 1):
            sets = ", ".join(s["kind"] + " of " + str(s["value"]) + " (+" + str(s["points"])
                             + ")" for s in (row.get("sets") or [[], []])[team])
            unmatched = (row.get("unmatched") or [[], []])[team]
            lines = [str(row["points"][team]) + " points", "sets: " + (sets or "none")]
            if unmatched:
                lines.append("unmatched: -" + str(sum(unmatched)))
            penalty = (row.get("penalties") or [0, 0])[team]
            if penalty:
                guides = (row.get("guides") or [[], []])[team]
                lines.append("guides " + words.card_list(guides) + ": " + str(penalty))
            lines.append("total " + str(row["totals"][team]))
            cells.append(tag("td", {}, "<br>".join(esc(line) for line in lines)))
        return tag("tr", {}, *cells)

    def score_sheet(self, view, ctx, open_):
        sheet = view.get("score_sheet") or {}
        rows = sheet.get("rounds") or []
        head = [text("th", {"scope": "col"}, "Round")]
        for team in (0, 1):
            head.append(text("th", {"scope": "col"}, "Team " + str(team + 1) + " ("
                             + _team_name(view, team, ctx) + ")"))
        totals = [text("th", {"scope": "row"}, "Total")]
        team_totals = sheet.get("totals") or [0, 0]
        for team in (0, 1):
            totals.append(text("td", {"class": "total"}, team_totals[team]))
        table = tag("table", {"class": "score-sheet mk-sheet"},
                    tag("thead", {}, tag("tr", {}, *head)),
                    tag("tbody", {}, *[self.score_row_cells(row) for row in rows]),
                    tag("tfoot", {}, tag("tr", {}, *totals)))
        lead = sheet.get("lead", 0)  # the engine's figures for the 30-point rule (MK-A20)
        lead_text = ("teams level" if lead == 0 else "team " + str(
            1 if team_totals[0] > team_totals[1] else 2) + " leads by " + str(lead))
        return tag("details", {"class": "sheet", "open": open_},
                   text("summary", {}, "Score sheet (" + str(len(rows)) + " of "
                        + str(view.get("rounds")) + " rounds; " + lead_text
                        + ", the game ends at a lead of "
                        + str(sheet.get("winning_margin", "")) + ")"),
                   tag("div", {"class": "scroll"}, table))

    def result(self, view, ctx):
        outcome = view.get("result")
        if not outcome:
            return ""
        teams = outcome.get("winning_teams") or []
        if len(teams) > 1:
            verdict = ("Shared victory: both teams end on " + str(outcome["team_scores"][0])
                       + ".")
        elif teams:
            names = _team_name(view, teams[0], ctx)
            verb = " win" if (names == "You" or " and " in names) else " wins"
            verdict = (names + verb + " the game, " + str(outcome["team_scores"][teams[0]])
                       + " to " + str(outcome["team_scores"][1 - teams[0]]) + ".")
        else:
            verdict = "The game is over."
        played = outcome.get("rounds_played")
        if outcome.get("reason") == "margin":
            margin = (view.get("score_sheet") or {}).get("winning_margin")  # the engine's
            reason = "a lead of " + str(margin) + " points or more after " + str(played)
        else:
            reason = "all " + str(played)
        reason += " rounds" if played != 1 else " round"
        return tag("section", {"class": "reveal", "aria-label": "End of the game"},
                   text("h2", {}, verdict),
                   text("p", {}, "The game ended: " + reason + " played."),
                   self.score_sheet(view, ctx, True))


LAYOUT = MatchmakersLayout  # what ui/layouts/__init__.py makes for this game
