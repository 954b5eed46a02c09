# Matchmakers' table: the mountain guide office, each player's guides, the exchange as its own
# step, the trick with its lead colour, the loser's guide and the winner's collect choices, the
# two campsites arranged as they will score, and (2 players) the straw piles.
# Actions with a "card" that is not in the hand (a picked card to take back, a trick card to
# collect, a guide or a straw card to play) are drawn here, in their zones, with data-action.

from ui import faces_matchmakers as faces
from ui.faces_matchmakers import card_name, colour_label
from ui.markup import button, esc, tag, text
from ui.render_table import card_back, card_face, seat_name

ZONE_ACTIONS = ("undo_give", "undo_return", "collect")
KIND_WORDS = {"couple": "couple", "buddies": "buddies"}
_names = {}  # seat -> name on screen, refreshed by centre() (action_label gets no ctx)


def _who(seat):
    return _names.get(seat, "Seat " + str(seat + 1))


def action_label(action, view):
    kind = action.get("type")
    card = action.get("card")
    if kind == "give":
        return "Give " + card_name(card)
    if kind == "return":
        return "Return " + card_name(card)
    if kind in ("undo_give", "undo_return"):
        return "Take back " + card_name(card)
    if kind == "play":
        return "Play " + card_name(card)
    if kind == "collect":
        return "Collect " + card_name(card)
    if kind == "claim_guide":
        source = action.get("from")
        where = "the office" if source == "office" else _who(source)
        return "Take " + card_name(action["guide"]) + " from " + where
    if kind == "decline_guide":
        return "Leave the guide"
    if kind == "start":
        return "I start this round"
    return str(kind)


def places_action(action):
    kind = action.get("type")
    if kind in ZONE_ACTIONS:
        return True
    return kind == "play" and faces.is_guide(action.get("card", ""))


def unavailable_actions(view, legal):
    return []


def _my_decision(view):
    for decision in view.get("decisions") or []:
        if decision.get("seat") == view.get("seat"):
            return decision.get("type")
    return None


def _colours_text(counts):
    parts = []
    for colour in ("R", "B", "G", "Y"):
        n = (counts or {}).get(colour, 0)
        if n:
            parts.append(str(n) + " " + colour_label(colour))
    return ", ".join(parts)


def prompt(view):
    decision = _my_decision(view)
    mine = (view.get("exchange") or {}).get("mine") or {}
    picked = len(mine.get("picked") or [])
    if decision == "give":
        return ("Exchange: pick 3 cards to give your partner face down (" + str(picked)
                + " of 3 picked).")
    if decision == "return":
        return ("Exchange: return 3 cards to your partner with the same colours: "
                + _colours_text(mine.get("colours")) + " (" + str(picked) + " of 3 picked).")
    if decision == "claim_guide":
        res = view.get("resolution") or {}
        return ("You lost the trick with " + card_name(res.get("weakest") or "?")
                + ": take the guide or leave it.")
    if decision == "collect":
        return "You won the trick: collect one card for your team's campsite."
    if decision == "start":
        return "Your team decides who starts this round."
    if view.get("lead_colour"):
        return ("Your turn: follow " + colour_label(view["lead_colour"])
                + " if you can; a guide may always be played.")
    return "Your turn: lead any card."


def _team_of(view, seat):
    for team, members in enumerate(view.get("teams") or []):
        if seat in members:
            return team
    return None


def _team_name(view, team, ctx):
    members = (view.get("teams") or [[], []])[team]
    return " and ".join(seat_name(ctx, seat) for seat in members)


def seat_extra(view, seat, ctx):
    """The seat's team and the guides in front of it (face up, not in hand)."""
    parts = [text("span", {"class": "mk-team"}, "team " + str(_team_of(view, seat) + 1))]
    guides = (view.get("guides") or [])[seat] if seat < len(view.get("guides") or []) else []
    if guides:
        cards = "".join(card_face(faces, code, {}, "small") for code in guides)
        parts.append(tag("span", {"class": "mk-guides"}, text("span", {}, "guides:"), cards))
    exchange = view.get("exchange") or {}
    if view.get("stage") == "exchange":
        for team in exchange.get("teams") or []:
            if team.get("initiator") == seat and team.get("step") == "give":
                parts.append(text("span", {"class": "mk-progress"},
                                  "giving: " + str(team.get("picked_count", 0)) + " of 3"))
            if team.get("partner") == seat and team.get("step") == "return":
                parts.append(text("span", {"class": "mk-progress"},
                                  "returning: " + str(team.get("picked_count", 0)) + " of 3"))
    return "".join(parts)


def _action_index(ctx, kind, card):
    for index, action in enumerate(ctx.get("legal") or []):
        if action.get("type") == kind and action.get("card") == card:
            return index
    return None


def _card_button(ctx, view, index, code, extra_class=""):
    action = ctx["legal"][index]
    return tag("button", {"type": "button", "data-action": str(index), "data-card": code,
                          "class": ("card face legal " + faces.card_colour_class(code) + " "
                                    + extra_class).strip(),
                          "aria-label": faces.card_label(code) + ", "
                          + action_label(action, view)},
               tag("span", {"class": "rank", "aria-hidden": "true"},
                   esc(faces.card_label(code))))


def _zone(title, label, *children):
    return tag("section", {"class": "mk-zone", "aria-label": label},
               text("h2", {"class": "zone-title"}, title), *children)


def _facts(view, ctx):
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
                          "Lead colour: " + colour_label(view["lead_colour"])))
    facts.append(text("li", {}, "Cards in the discard: " + str(len(view.get("discard") or []))))
    return tag("ul", {"class": "facts"}, *facts)


def _office(view, ctx):
    held = {}
    for seat, guides in enumerate(view.get("guides") or []):
        for code in guides:
            held[code] = seat
    office = view.get("office") or []
    items = []
    for code in ("T2", "T4", "T6", "T8"):
        if code in office:
            where = text("span", {"class": "mk-where"}, "in the office")
            items.append(tag("li", {}, card_face(faces, code, {}, "small"), where))
        elif code in held:
            items.append(tag("li", {"class": "mk-away"},
                             card_face(faces, code, {}, "small mk-out"),
                             text("span", {"class": "mk-where"},
                                  "with " + seat_name(ctx, held[code]))))
        else:
            items.append(tag("li", {"class": "mk-away"},
                             text("span", {"class": "mk-where"},
                                  card_name(code) + ": in the trick")))
    return _zone("Mountain guide office", "Mountain guide office",
                 tag("ul", {"class": "mk-office"}, *items))


def _my_guides(view, ctx):
    seat = view.get("seat")
    if seat is None:
        return ""
    guides = (view.get("guides") or [])[seat]
    if not guides:
        return ""
    items = []
    for code in guides:
        index = _action_index(ctx, "play", code)
        if index is None:
            items.append(tag("li", {}, card_face(faces, code, {}, "")))
        else:
            items.append(tag("li", {}, _card_button(ctx, view, index, code)))
    return _zone("Your guides", "Your guides", text("p", {"class": "mk-note"},
                 "In front of you, not in your hand: play one instead of a card at any time."),
                 tag("ul", {"class": "mk-row-cards"}, *items))


def _exchange(view, ctx):
    if view.get("stage") != "exchange":
        return ""
    mine = (view.get("exchange") or {}).get("mine") or {}
    decision = _my_decision(view)
    parts = []
    if decision in ("give", "return"):
        kind = "undo_" + decision
        items = []
        for code in mine.get("picked") or []:
            index = _action_index(ctx, kind, code)
            if index is None:
                items.append(tag("li", {}, card_face(faces, code)))
            else:
                items.append(tag("li", {}, _card_button(ctx, view, index, code, "mk-picked")))
        verb = "give" if decision == "give" else "return"
        parts.append(text("p", {}, "Picked to " + verb + " (" + str(len(items))
                          + " of 3; click one to take it back):"))
        parts.append(tag("ul", {"class": "mk-row-cards mk-picked-list"}, *items)
                     if items else text("p", {"class": "mk-note"}, "None yet."))
    if mine.get("colours"):
        parts.append(text("p", {"class": "mk-colours"},
                          "Colours passed: " + _colours_text(mine["colours"])))
    received = mine.get("received") or []
    if received:
        parts.append(tag("p", {"class": "mk-received"}, text("span", {}, "Received: "),
                         "".join(card_face(faces, code, {}, "small") for code in received)))
    for team in (view.get("exchange") or {}).get("teams") or []:
        if team.get("initiator") is None:
            continue
        step = team.get("step")
        if step == "give":
            what = _is(seat_name(ctx, team["initiator"])) + " picking 3 cards for " \
                + seat_name(ctx, team["partner"])
        elif step == "return":
            what = _is(seat_name(ctx, team["partner"])) + " picking 3 cards to return"
        else:
            what = "exchange done"
        parts.append(text("p", {"class": "mk-note"}, "Team " + str(_team_of(
            view, team["initiator"]) + 1) + ": " + what + "."))
    return _zone("The exchange", "The exchange", *parts)


def _is(name):
    return name + (" are" if name == "You" else " is")


def _straw(view, ctx):
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
                top = (_card_button(ctx, view, index, up) if index is not None
                       else card_face(faces, up))
            elif down:
                top = text("span", {"class": "mk-note"}, "face down")
            else:
                top = text("span", {"class": "mk-note"}, "empty")
            items.append(tag("li", {"class": "mk-stack"}, top, under))
        face_down = sum(1 for stack in stacks if stack.get("down"))
        blocks.append(tag("div", {"class": "mk-straw"},
                          text("h3", {}, seat_name(ctx, seat) + ": straw piles ("
                               + str(face_down) + " face down)"),
                          tag("ul", {"class": "mk-stacks"}, *items)))
    return _zone("Straw piles", "Straw piles", *blocks)


def _plays(ctx, view, plays, collect):
    items = []
    for play in plays:
        code = play["card"]
        index = _action_index(ctx, "collect", code) if collect else None
        face = _card_button(ctx, view, index, code) if index is not None else card_face(faces,
                                                                                          code)
        items.append(tag("li", {}, text("span", {"class": "who"}, seat_name(ctx, play["seat"])),
                         face))
    return tag("ol", {"class": "trick-cards"}, *items)


def _trick(view, ctx):
    parts = []
    trick = view.get("trick") or []
    res = view.get("resolution")
    if trick:
        caption = "This trick"
        if view.get("lead_colour"):
            caption += " · lead colour " + colour_label(view["lead_colour"])
        parts.append(tag("div", {"class": "trick mk-trick"},
                         text("span", {"class": "caption"}, caption),
                         _plays(ctx, view, trick, True)))
    if res:
        lines = [text("li", {}, "Won by " + seat_name(ctx, res["winner"]) + "; lost by "
                      + seat_name(ctx, res["loser"]) + " with "
                      + card_name(res["weakest"]) + ".")]
        claim = res.get("claim")
        if claim:
            source = claim.get("from")
            where = "the office" if source == "office" else seat_name(ctx, source)
            lines.append(text("li", {}, seat_name(ctx, res["loser"]) + " may take "
                              + card_name(claim["guide"]) + " from " + where + "."))
        if res.get("collectable"):
            lines.append(text("li", {}, seat_name(ctx, res["winner"])
                              + " collects one of: "
                              + ", ".join(card_name(c) for c in res["collectable"]) + "."))
        parts.append(tag("ul", {"class": "facts mk-resolution"}, *lines))
    last = view.get("last_trick")
    if last and not trick:
        if last.get("matchmaking"):
            caption = "Last trick: Matchmaking ★☾! The twins are discarded."
        else:
            caption = "Last trick: won by " + seat_name(ctx, last.get("winner")) \
                + ", lost by " + seat_name(ctx, last.get("loser"))
            if last.get("collected"):
                caption += "; collected " + card_name(last["collected"])
            if last.get("claimed"):
                caption += "; guide taken: " + card_name(last["claimed"])
        parts.append(tag("div", {"class": "trick mk-last"},
                         text("span", {"class": "caption"}, caption),
                         _plays(ctx, view, last.get("cards") or [], False)))
    if not parts:
        parts.append(text("p", {"class": "mk-note"}, "No card played yet."))
    return _zone("The matchmaking place", "The trick", *parts)


def _arrangement(arrangement):
    parts = []
    for group in arrangement.get("sets") or []:
        cards = "".join(card_face(faces, code, {}, "small") for code in group["cards"])
        parts.append(tag("li", {"class": "mk-set"},
                         text("span", {"class": "mk-kind"}, KIND_WORDS.get(
                             group["kind"], group["kind"]) + " +" + str(group["points"])),
                         cards))
    unmatched = arrangement.get("unmatched") or []
    if unmatched:
        cards = "".join(card_face(faces, code, {}, "small") for code in unmatched)
        points = -sum(int(code[1]) for code in unmatched)
        parts.append(tag("li", {"class": "mk-set mk-unmatched"},
                         text("span", {"class": "mk-kind"}, "unmatched " + str(points)), cards))
    return tag("ul", {"class": "mk-sets"}, *parts) if parts else text(
        "p", {"class": "mk-note"}, "No cards yet.")


def _campsites(view, ctx):
    blocks = []
    for camp in view.get("campsites") or []:
        team = camp["team"]
        title = "Team " + str(team + 1) + " (" + _team_name(view, team, ctx) + ")"
        if camp.get("arrangement") is None:
            body = text("p", {"class": "mk-note"}, str(camp.get("count", 0))
                        + " cards, face down to you")
            points = ""
        else:
            body = _arrangement(camp["arrangement"])
            points = " · " + str(camp["arrangement"].get("points", 0)) + " points as they pair up"
        blocks.append(tag("div", {"class": "mk-camp"},
                          text("h3", {}, title + points), body))
    return _zone("Campsites", "Campsites", *blocks)


def centre(view, ctx):
    _names.clear()
    for seat in range(view.get("players", 0)):
        _names[seat] = seat_name(ctx, seat)
    return "".join([_facts(view, ctx), _exchange(view, ctx), _office(view, ctx),
                    _my_guides(view, ctx), _trick(view, ctx), _straw(view, ctx),
                    _campsites(view, ctx), score_sheet(view, ctx, False)])


def score_sheet(view, ctx, open_):
    sheet = view.get("score_sheet") or {}
    rows = sheet.get("rounds") or []
    head = [text("th", {"scope": "col"}, "Round")]
    for team in (0, 1):
        head.append(text("th", {"scope": "col"}, "Team " + str(team + 1) + " ("
                         + _team_name(view, team, ctx) + ")"))
    body = []
    for row in rows:
        cells = [text("th", {"scope": "row"}, str(row["round"]))]
        for team in (0, 1):
            sets = ", ".join(s["kind"] + " of " + str(s["value"]) + " (+" + str(s["points"])
                             + ")" for s in (row.get("sets") or [[], []])[team])
            unmatched = (row.get("unmatched") or [[], []])[team]
            lines = [str(row["points"][team]) + " points"]
            lines.append("sets: " + (sets or "none"))
            if unmatched:
                lines.append("unmatched: -" + str(sum(unmatched)))
            penalty = (row.get("penalties") or [0, 0])[team]
            if penalty:
                guides = (row.get("guides") or [[], []])[team]
                lines.append("guides " + ", ".join(card_name(g) for g in guides) + ": "
                             + str(penalty))
            lines.append("total " + str(row["totals"][team]))
            cells.append(tag("td", {}, "<br>".join(esc(line) for line in lines)))
        body.append(tag("tr", {}, *cells))
    totals = [text("th", {"scope": "row"}, "Total")]
    for team in (0, 1):
        totals.append(text("td", {"class": "total"}, (sheet.get("totals") or [0, 0])[team]))
    table = tag("table", {"class": "score-sheet mk-sheet"},
                tag("thead", {}, tag("tr", {}, *head)), tag("tbody", {}, *body),
                tag("tfoot", {}, tag("tr", {}, *totals)))
    team_totals = sheet.get("totals") or [0, 0]
    lead = sheet.get("lead", 0)  # the engine's figures for the 30-point rule (MK-A20)
    lead_text = ("teams level" if lead == 0 else "team " + str(
        1 if team_totals[0] > team_totals[1] else 2) + " leads by " + str(lead))
    return tag("details", {"class": "sheet", "open": open_},
               text("summary", {}, "Score sheet (" + str(len(rows)) + " of "
                    + str(view.get("rounds")) + " rounds; " + lead_text
                    + ", the game ends at a lead of "
                    + str(sheet.get("winning_margin", "")) + ")"),
               tag("div", {"class": "scroll"}, table))


def result(view, ctx):
    outcome = view.get("result")
    if not outcome:
        return ""
    teams = outcome.get("winning_teams") or []
    if len(teams) > 1:
        verdict = "Shared victory: both teams end on " + str(outcome["team_scores"][0]) + "."
    elif teams:
        names = _team_name(view, teams[0], ctx)
        verb = " win" if (names == "You" or " and " in names) else " wins"
        verdict = names + verb + " the game, " + str(outcome["team_scores"][teams[0]]) \
            + " to " + str(outcome["team_scores"][1 - teams[0]]) + "."
    else:
        verdict = "The game is over."
    if outcome.get("reason") == "margin":
        reason = "a lead of 30 points or more after " + str(outcome.get("rounds_played"))
    else:
        reason = "all " + str(outcome.get("rounds_played"))
    reason += " rounds" if outcome.get("rounds_played") != 1 else " round"
    return tag("section", {"class": "reveal", "aria-label": "End of the game"},
               text("h2", {}, verdict), text("p", {}, "The game ended: " + reason + " played."),
               score_sheet(view, ctx, True),
               tag("p", {"class": "after-game"},
                   button("Play again", {"data-cmd": "rematch", "class": "primary"}),
                   button("Back to the lobby", {"data-cmd": "go", "data-route": "#/"})))
