# Matatu's table: the deck with the base card sideways under it, the chopper, the pile, the
# suit in play or requested, any pending penalty; and the end-of-round reveal.

from ui import faces
from ui.faces import card_label, suit_label
from ui.markup import esc, tag, text
from ui.render_table import card_back, card_face, seat_name


def action_label(action, view):
    kind = action.get("type")
    if kind == "play":
        return "Play " + card_label(action["card"])
    if kind == "cut":
        return "Cut with " + card_label(action["card"])
    if kind == "draw":
        return "Draw a card"
    if kind == "pass":
        return "Pass" if view.get("stage") == "after_draw" else "Pass (take a card)"
    if kind == "accept":
        penalty = view.get("penalty") or {}
        return "Pick up " + str(penalty.get("count", ""))
    if kind == "name_suit":
        return "Name " + suit_label(action["suit"])
    return kind


def unavailable_actions(view, legal):
    """A cut the player may ask for and hear why not: the engine gives the reason."""
    chopper = view.get("chopper")
    hand = view.get("hand") or []
    if chopper not in hand or view.get("to_move") != view.get("seat"):
        return []
    if view.get("stage") == "name_suit":
        return []
    if any(action.get("type") == "cut" for action in legal):
        return []
    return [({"type": "cut", "card": chopper}, "Ask to cut: the game explains why not")]


def prompt(view):
    stage = view.get("stage")
    if stage == "name_suit":
        return "Your turn: name the suit that follows."
    if stage == "penalty":
        penalty = view.get("penalty") or {}
        return ("Your turn: you owe " + str(penalty.get("count")) + " cards. Answer it or pick "
                "them up.")
    if stage == "after_draw":
        return "Your turn: play a card, or pass to keep the card you drew."
    return "Your turn: play a matching card, draw, or pass."


def centre(view, ctx):
    parts = []
    base = view.get("base_card")
    base_face = ""
    if base:
        base_face = card_face(faces, base, {"aria-label": "Base card: " + card_label(base)},
                              "sideways")
    deck = tag("div", {"class": "deck-zone"},
               tag("div", {"class": "deck"},
                   tag("div", {"class": "base"}, base_face), card_back("stock")),
               text("span", {"class": "caption"}, str(view.get("stock_count")) + " in deck"),
               text("span", {"class": "caption chopper"}, "Chopper: " + card_label(
                   view["chopper"]) if view.get("chopper") else ""))
    parts.append(deck)
    top = view.get("pile_top")
    pile = tag("div", {"class": "pile"},
               card_face(faces, top, {"aria-label": "Top of the pile: " + card_label(top)})
               if top else "",
               text("span", {"class": "caption"}, str(view.get("pile_count")) + " in pile"))
    parts.append(pile)
    facts = []
    if view.get("open_pile"):
        facts.append(text("li", {"class": "open"}, "Open pile: any card may follow"))
    elif view.get("requested_suit"):
        facts.append(text("li", {"class": "requested"},
                          "Suit requested: " + suit_label(view["requested_suit"])))
    elif view.get("active_suit"):
        facts.append(text("li", {}, "Suit in play: " + suit_label(view["active_suit"])))
    penalty = view.get("penalty")
    if penalty:
        kind = "pick two" if penalty.get("kind") == "two" else "Joker pick " + str(
            penalty.get("count"))
        facts.append(text("li", {"class": "penalty"},
                          seat_name(ctx, penalty.get("owed_by")) + " owes "
                          + str(penalty.get("count")) + " cards (" + kind + ")"))
    if view.get("rounds", 1) > 1:
        facts.append(text("li", {}, "Round " + str(view.get("round")) + " of "
                          + str(view.get("rounds"))))
    parts.append(tag("ul", {"class": "facts"}, *facts))
    return "".join(parts)


REASONS = {"empty_hand": "emptied their hand", "cut": "cut with the chopper",
           "stock_exhausted": "nobody could play and the deck ran out"}


def result(view, ctx):
    outcome = view.get("result")
    if not outcome:
        return ""
    rows = []
    winners = outcome.get("winners") or []
    for seat, hand in enumerate(outcome.get("hands") or []):
        cards = "".join(card_face(faces, code, {}, "small") for code in hand)
        mark = text("strong", {"class": "winner"}, "lowest") if seat in winners else ""
        rows.append(tag("tr", {"class": "winner-row" if seat in winners else ""},
                        text("th", {"scope": "row"}, seat_name(ctx, seat)),
                        tag("td", {}, tag("div", {"class": "reveal-cards"},
                                          cards or esc("(empty)"))),
                        text("td", {"class": "points"}, outcome["totals"][seat]),
                        tag("td", {}, mark)))
    ender_seat = outcome.get("cutter")
    if outcome.get("reason") == "empty_hand":
        emptied = [seat for seat, hand in enumerate(outcome.get("hands") or []) if not hand]
        ender_seat = emptied[0] if emptied else None
    how = REASONS.get(outcome.get("reason"), outcome.get("reason", ""))
    if ender_seat is None:
        ender = "The round ended: " + how
    elif seat_name(ctx, ender_seat) == "You":
        ender = "You " + how.replace("their", "your")
    else:
        ender = seat_name(ctx, ender_seat) + " " + how
    names = [seat_name(ctx, seat) for seat in winners]
    if len(names) > 1:
        verdict = "Tie between " + ", ".join(names) + "."
    elif names:
        verdict = names[0] + (" win" if names[0] == "You" else " wins") + " the round."
    else:
        verdict = ""
    return tag("section", {"class": "reveal", "aria-label": "End of round"},
               text("h2", {}, verdict), text("p", {}, ender + "."),
               tag("table", {"class": "reveal-table"},
                   tag("thead", {}, tag("tr", {}, text("th", {"scope": "col"}, "Player"),
                                        text("th", {"scope": "col"}, "Hand"),
                                        text("th", {"scope": "col"}, "Points"),
                                        text("th", {"scope": "col"}, ""))),
                   tag("tbody", {}, *rows)),
               tag("p", {"class": "after-game"},
                   tag("button", {"type": "button", "data-cmd": "rematch", "class": "primary"},
                       "Play again"),
                   tag("button", {"type": "button", "data-cmd": "go", "data-route": "#/"},
                       "Back to the lobby")))
