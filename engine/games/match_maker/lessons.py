"""The Match-Maker's lessons: the rulebook's worked examples as scripted positions.
The format is in engine/lessons.py; tests/test_lessons.py checks every one against the engine.
"""

from .rules import CHANCE_MIXES, GRIDS, person_counts
from .words import CHANCES, PERSONS


def _match_maker(tops: dict, change_to_person, mate_pile, change_pile, discard=()) -> dict:
    """A 2-player Match-Maker scenario on the default grid, every stack full: the top cards
    named in ``tops`` ({(row, col): card}), the other person cards filled in a fixed order."""
    rows = GRIDS["3,3,3,2"]
    counts = person_counts("standard", sum(depth * cols for depth, cols in rows) + 7)
    for code in list(tops.values()) + list(change_to_person) + list(discard):
        if code in counts:
            counts[code] -= 1
    pool = []  # round robin over the kinds, so the other stacks look like a real deal
    while any(counts.values()):
        for code in PERSONS:
            if counts[code]:
                counts[code] -= 1
                pool.append(code)
    grid = []
    for r, (depth, cols) in enumerate(rows):
        row = []
        for c in range(cols):
            top = tops.get((r + 1, c + 1))
            stack = [pool.pop() for _ in range(depth - (top is not None))]
            row.append(stack + ([top] if top is not None else []))
        grid.append(row)
    chances = dict(zip(CHANCES, CHANCE_MIXES["SM1 DM1 OC2 SC1 T1"], strict=True))
    for code in list(mate_pile) + list(change_pile) + list(discard):
        if code in chances:
            chances[code] -= 1
    assert not pool and not any(chances.values()), "every card placed once"
    return {"game": "match_maker", "rules": "match-maker-v1", "players": 2,
            "position": {"grid": grid, "change_to_person": list(change_to_person),
                         "mate_pile": list(mate_pile), "change_pile": list(change_pile),
                         "discard": list(discard), "dealer": 1, "to_move": 0}}


def _open(row: int, col: int) -> dict:
    return {"type": "open", "stack": [row, col]}


LESSONS = [
    {"id": "match-maker-oc-valid", "game": "match_maker",
     "title": "A valid Orientation Change", "rule": "mismatch.5", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-f", (1, 2): "gay-f"},
                              ["gay-f", "celibate-m", "straight-m", "gay-m", "straight-m",
                               "celibate-m", "gay-m"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open your first card at row 1, column 1.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "A straight woman. Open the second at row 1, column 2.", "expect": _open(1, 2),
          "hint": "Open the card at row 1, column 2."},
         {"caption": "A gay woman: no match. Draw from the Change Chance pile.",
          "expect": {"type": "draw_change"}, "hint": "Draw a change card."},
         {"caption": "An Orientation Change! Seat 2 could try to cancel it, but lets it be.",
          "play": {"type": "decline_cancel", "seat": 1}},
         {"caption": "An Orientation Change keeps the sex. Replace your straight woman (the"
                     " first card) with the gay woman from the Change-To-Person pile.",
          "expect": {"type": "replace", "target": "pc1", "with": "gay-f"},
          "hint": "Replace the first card with a gay woman."},
         {"caption": "Two gay women match. Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "No Soulmate draw this time: collect the Couple.",
          "expect": {"type": "skip_mate"}, "hint": "Skip the mate draw."}],
     "explanation": "A valid Orientation Change: a straight woman replaced with a gay woman."
                    " The sex stays, the orientation changes.",
     "expect_after": {"piles.0.couples": ["gay-f", "gay-f"], "piles.0.points": 2}},

    {"id": "match-maker-oc-invalid", "game": "match_maker",
     "title": "An invalid Orientation Change", "rule": "mismatch.5", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "gay-m"},
                              ["celibate-f", "gay-m", "straight-f", "gay-f", "straight-f",
                               "celibate-f", "gay-f"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open a first card at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open the second at row 1, column 2: a gay man. No match.",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Draw from the Change Chance pile.", "expect": {"type": "draw_change"},
          "hint": "Draw a change card."},
         {"caption": "An Orientation Change. Seat 2 does not try to cancel it.",
          "play": {"type": "decline_cancel", "seat": 1}},
         {"caption": "A straight man cannot become a celibate woman: an Orientation Change"
                     " never changes the sex.",
          "refuse": {"type": "replace", "target": "pc1", "with": "celibate-f"},
          "because": "never the sex"},
         {"caption": "He may become a gay man instead. Replace the first card with the gay man.",
          "expect": {"type": "replace", "target": "pc1", "with": "gay-m"},
          "hint": "Replace the first card with a gay man."},
         {"caption": "Two gay men match. Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw."}],
     "explanation": "Invalid: a straight man replaced with a celibate woman. An Orientation"
                    " Change keeps the sex; a straight man may become a gay or celibate man.",
     "expect_after": {"piles.0.couples": ["gay-m", "gay-m"]}},

    {"id": "match-maker-sc-valid", "game": "match_maker",
     "title": "A valid Sex Change", "rule": "mismatch.8", "seat": 0,
     "scenario": _match_maker({(1, 1): "gay-m", (1, 2): "straight-m"},
                              ["straight-f", "celibate-m", "gay-m", "celibate-f", "straight-m",
                               "celibate-m", "gay-m"],
                              ["soulmate", "deathmate"],
                              ["sex-change", "orientation-change", "time",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open a first card at row 1, column 1: a gay man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open the second at row 1, column 2: a straight man. No match.",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Draw from the Change Chance pile: a Sex Change. With one deck it cannot"
                     " be cancelled.", "expect": {"type": "draw_change"},
          "hint": "Draw a change card."},
         {"caption": "The sex changes and the attraction stays: your gay man (the first card)"
                     " becomes a straight woman.",
          "expect": {"type": "replace", "target": "pc1", "with": "straight-f"},
          "hint": "Replace the first card with a straight woman."},
         {"caption": "A straight woman and a straight man match. Take the Couple.",
          "expect": {"type": "couple"}, "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw."}],
     "explanation": "A valid Sex Change: a gay man replaced with a straight woman. Both are"
                    " attracted to men, so only the sex has changed.",
     "expect_after": {"piles.0.couples": ["straight-f", "straight-m"]}},

    {"id": "match-maker-sc-invalid", "game": "match_maker",
     "title": "An invalid Sex Change", "rule": "mismatch.8", "seat": 0,
     "scenario": _match_maker({(1, 1): "gay-f", (1, 2): "straight-f"},
                              ["straight-f", "straight-m", "celibate-m", "gay-m", "celibate-f",
                               "gay-f", "celibate-m"],
                              ["soulmate", "deathmate"],
                              ["sex-change", "orientation-change", "time",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open a first card at row 1, column 1: a gay woman.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open the second at row 1, column 2: a straight woman. No match.",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Draw from the Change Chance pile: a Sex Change.",
          "expect": {"type": "draw_change"}, "hint": "Draw a change card."},
         {"caption": "A gay woman cannot become a straight woman: the sex must change.",
          "refuse": {"type": "replace", "target": "pc1", "with": "straight-f"},
          "because": "the sex must change"},
         {"caption": "She is attracted to women, and so is a straight man. Replace the first"
                     " card with the straight man.",
          "expect": {"type": "replace", "target": "pc1", "with": "straight-m"},
          "hint": "Replace the first card with a straight man."},
         {"caption": "A straight man and a straight woman match. Take the Couple.",
          "expect": {"type": "couple"}, "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw."}],
     "explanation": "Invalid: a gay woman replaced with a straight woman, because the sex did"
                    " not change. A Sex Change turns her into a straight man.",
     "expect_after": {"piles.0.couples": ["straight-m", "straight-f"]}},

    {"id": "match-maker-couple-or-ex", "game": "match_maker",
     "title": "A match: Couple or Ex", "rule": "match.1", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "straight-f",
                               (2, 1): "gay-m", (2, 2): "gay-m"},
                              ["celibate-f", "gay-f", "celibate-m", "straight-f", "gay-f",
                               "celibate-f", "straight-m"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open a first card at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open the second at row 1, column 2: a straight woman. A match!",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Take the Couple: both cards go to your Couples pile, 2 points.",
          "expect": {"type": "couple"}, "hint": "Take the Couple."},
         {"caption": "Collect it without a mate card.", "expect": {"type": "skip_mate"},
          "hint": "Skip the mate draw.", "check": {"piles.0.points": 2}},
         {"caption": "Seat 2 opens two gay men at row 2, columns 1 and 2, and takes an Ex: only"
                     " the second card goes to the Exes pile, the first goes back face down.",
          "play": [dict(_open(2, 1), seat=1), dict(_open(2, 2), seat=1),
                   {"type": "ex", "seat": 1}]}],
     "explanation": "On a match you choose: a Couple (both cards, 2 points) or an Ex (the"
                    " second card only, 1 point, and the first stays on the grid to be matched"
                    " again).",
     "expect_after": {"piles.0.couples_count": 1, "piles.1.exes": ["gay-m"],
                      "piles.1.points": 1, "grid.5.depth": 3, "grid.6.depth": 2}},

    {"id": "match-maker-soulmate", "game": "match_maker",
     "title": "A Soulmate: 3 extra points", "rule": "match.5", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "straight-f"},
                              ["celibate-f", "gay-f", "celibate-m", "straight-f", "gay-f",
                               "celibate-f", "straight-m"],
                              ["soulmate", "deathmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open a first card at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open the second at row 1, column 2: a straight woman. A match!",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "Risk it: draw from the Soulmate and Deathmate pile.",
          "expect": {"type": "draw_mate"}, "hint": "Draw a mate card."}],
     "explanation": "A Soulmate: the first card found its soulmate in the second. The Couple"
                    " is collected, the Soulmate card goes on your Couples pile, and you earn 3"
                    " extra points: 2 + 3 = 5.",
     "expect_after": {"piles.0.couples": ["soulmate", "straight-m", "straight-f"],
                      "piles.0.points": 5}},

    {"id": "match-maker-deathmate", "game": "match_maker",
     "title": "A Deathmate: minus 3", "rule": "match.6", "seat": 0,
     "scenario": _match_maker({(1, 1): "straight-m", (1, 2): "straight-f"},
                              ["celibate-f", "gay-f", "celibate-m", "straight-f", "gay-f",
                               "celibate-f", "straight-m"],
                              ["deathmate", "soulmate"],
                              ["orientation-change", "time", "sex-change",
                               "orientation-change"]),
     "steps": [
         {"caption": "Open a first card at row 1, column 1: a straight man.", "expect": _open(1, 1),
          "hint": "Open the card at row 1, column 1."},
         {"caption": "Open the second at row 1, column 2: a straight woman. A match!",
          "expect": _open(1, 2), "hint": "Open the card at row 1, column 2."},
         {"caption": "Take the Couple.", "expect": {"type": "couple"},
          "hint": "Take the Couple."},
         {"caption": "Risk it: draw from the Soulmate and Deathmate pile.",
          "expect": {"type": "draw_mate"}, "hint": "Draw a mate card."}],
     "explanation": "A Deathmate: the first card found its deathmate in the second. You lose"
                    " 3 points, the straight man (the first card) goes to the Discard pile and"
                    " the straight woman (the second) stays face down on the grid, an ordinary"
                    " card again.",
     "expect_after": {"piles.0.couples": ["deathmate"], "piles.0.points": -3,
                      "discard": ["straight-m"], "grid.0.depth": 2, "grid.1.depth": 3}},
]
