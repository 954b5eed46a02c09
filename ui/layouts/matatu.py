# Matatu's table: the deck with the base card sideways under it, the chopper, the pile, the
# suit in play or requested, any pending penalty; and the end-of-round reveal.
# Card names and log sentences come from the engine's words module for Matatu.

from ui.layouts.base import Layout
from ui.markup import esc, tag, text
from ui.render_table import card_back, card_face, seat_name

try:
    from ui.words import matatu as words  # engine/games/matatu/words.py, mounted by the build
except ImportError:  # CPython tests: the same file, where the engine keeps it
    from engine.games.matatu import words

# How the round ended, after the name of whoever ended it (plural verb form for "You").
ENDINGS = {"empty_hand": ("emptied your hand", "emptied their hand"),
           "cut": ("cut with the chopper", "cut with the chopper")}


class MatatuLayout(Layout):
    game_id = "matatu"
    words = words

    def card_class(self, code):
        return words.card_class(code)

    # ---- the decision in front of the viewer -------------------------------------------------
    def prompt(self, view, ctx):
        stage = view.get("stage")
        if stage == "name_suit":
            return "Your turn: name the suit that follows."
        if stage == "penalty":
            penalty = view.get("penalty") or {}
            return ("Your turn: you owe " + words.cards_text(penalty.get("count")) + ". Answer"
                    " it or pick them up.")
        if stage == "after_draw":
            return "Your turn: play a card, or pass to keep the card you drew."
        return "Your turn: play a matching card, draw, or pass."

    def action_label(self, action, view, ctx):
        kind = action.get("type")
        if kind == "play":
            return "Play " + words.card_label(action["card"])
        if kind == "cut":
            return "Cut with " + words.card_label(action["card"])
        if kind == "draw":
            # Drawing keeps the turn going; passing ends it (basics.10-11, issue #9 item 8).
            return "Draw a card (then play or keep it)"
        if kind == "pass":
            if view.get("stage") == "after_draw":
                return "Pass: keep the card you drew and end your turn"
            can_draw = any(other.get("type") == "draw" for other in ctx.get("legal") or [])
            if not can_draw:
                return "Pass: end your turn (there is no card to take)"
            return "Pass: take a card and end your turn"
        if kind == "accept":
            penalty = view.get("penalty") or {}
            return "Pick up " + words.cards_text(penalty.get("count"))
        if kind == "name_suit":
            return "Name " + words.suit_label(action["suit"])
        return str(kind)

    def unavailable_actions(self, view, legal, ctx):
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

    # ---- the table ---------------------------------------------------------------------------
    def centre(self, view, ctx):
        return "".join([self._deck(view), self._pile(view), self._facts(view, ctx)])

    def _deck(self, view):
        base = view.get("base_card")
        base_face = ""
        if base:
            base_face = card_face(self, base, {"aria-label": "Base card: "
                                               + words.card_name(base)}, "sideways")
        chopper = view.get("chopper")
        return tag("div", {"class": "deck-zone"},
                   tag("div", {"class": "deck"},
                       tag("div", {"class": "base"}, base_face), card_back("stock")),
                   text("span", {"class": "caption"}, str(view.get("stock_count")) + " in deck"),
                   text("span", {"class": "caption chopper"},
                        "Chopper: " + words.card_label(chopper) if chopper else ""))

    def _pile(self, view):
        top = view.get("pile_top")
        face = ""
        if top:
            face = card_face(self, top, {"aria-label": "Top of the pile: "
                                         + words.card_name(top)})
        return tag("div", {"class": "pile"}, face,
                   text("span", {"class": "caption"}, str(view.get("pile_count")) + " in pile"))

    def _facts(self, view, ctx):
        facts = []
        if view.get("open_pile"):
            facts.append(text("li", {"class": "open"}, "Open pile: any card may follow"))
        elif view.get("requested_suit"):
            facts.append(text("li", {"class": "requested"},
                              "Suit requested: " + words.suit_label(view["requested_suit"])))
        elif view.get("active_suit"):
            facts.append(text("li", {}, "Suit in play: " + words.suit_label(view["active_suit"])))
        penalty = view.get("penalty")
        if penalty:
            count = penalty.get("count")
            kind = "pick-two" if penalty.get("kind") == "two" else "Joker, pick " + str(count)
            facts.append(text("li", {"class": "penalty"},
                              ctx["speaker"].says(penalty.get("owed_by"), "owe", "owes",
                                                  " " + words.cards_text(count) + " (" + kind
                                                  + ")")))
        if view.get("hand_points") is not None and not view.get("over"):
            # Said while you play, not only when the round is scored.
            worth = view["hand_points"]
            facts.append(text("li", {"class": "hand-points"}, "Your hand: " + str(worth)
                              + (" point" if worth == 1 else " points")))
        if view.get("rounds", 1) > 1:
            facts.append(text("li", {}, "Round " + str(view.get("round")) + " of "
                              + str(view.get("rounds"))))
        return tag("ul", {"class": "facts"}, *facts)

    # ---- the end of the round ----------------------------------------------------------------
    def result(self, view, ctx):
        outcome = view.get("result")
        if not outcome:
            return ""
        winners = outcome.get("winners") or []
        rows = []
        worth = outcome.get("card_points") or []
        for seat, hand in enumerate(outcome.get("hands") or []):
            cards = "".join(card_face(self, code, {}, "small") for code in hand)
            total = str(outcome["totals"][seat])
            each = worth[seat] if seat < len(worth) else []
            if len(each) > 1:  # the sum as it is made: "10 + 20 + 5 = 35"
                total = " + ".join(str(value) for value in each) + " = " + total
            mark = text("strong", {"class": "winner"}, "lowest") if seat in winners else ""
            rows.append(tag("tr", {"class": "winner-row" if seat in winners else ""},
                            text("th", {"scope": "row"}, seat_name(ctx, seat)),
                            tag("td", {}, tag("div", {"class": "reveal-cards"},
                                              cards or esc("(empty)"))),
                            text("td", {"class": "points"}, total),
                            tag("td", {}, mark)))
        head = tag("tr", {}, *[text("th", {"scope": "col"}, title)
                               for title in ("Player", "Hand", "Points", "Lowest total")])
        return tag("section", {"class": "reveal", "aria-label": "End of round"},
                   text("h2", {}, self._verdict(winners, ctx)),
                   text("p", {}, self._ending(outcome, ctx)),
                   tag("table", {"class": "reveal-table"}, tag("thead", {}, head),
                       tag("tbody", {}, *rows)))

    def _verdict(self, winners, ctx):
        speaker = ctx["speaker"]
        if len(winners) > 1:
            return "Tie between " + speaker.seats(winners) + "."
        if winners:
            return speaker.says(winners[0], "win", "wins", " the round.")
        return ""

    def _ending(self, outcome, ctx):
        reason = outcome.get("reason")
        ender = outcome.get("cutter")
        if reason == "empty_hand":
            emptied = [seat for seat, hand in enumerate(outcome.get("hands") or []) if not hand]
            ender = emptied[0] if emptied else None
        if reason not in ENDINGS or ender is None:
            return "The round ended: nobody could play and the deck ran out."
        yours, theirs = ENDINGS[reason]
        return ctx["speaker"].says(ender, yours, theirs, ".")


LAYOUT = MatatuLayout  # what ui/layouts/__init__.py makes for this game
