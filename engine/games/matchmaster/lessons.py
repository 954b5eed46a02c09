"""Matchmaster's lessons: the rulebook's worked examples as scripted positions.
The format is in engine/lessons.py; tests/test_lessons.py checks every one against the engine.
"""

from ...lesson_steps import play


def _matchmaster(hands, **position) -> dict:
    return {"game": "matchmaster", "rules": "matchmaster-v1", "players": len(hands),
            "position": {"hands": hands, **position}}


LESSONS = [
    {"id": "matchmaster-score-3-of-3", "game": "matchmaster",
     "title": "Bid 3, win 3: 13 points", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["DO13", "DO12", "DO11"], ["LB2", "LB3", "LO4"]], round=5,
                              dealer=1),
     "steps": [
         {"caption": "Round 5: three cards each. Your three highest trumps should win every"
                     " trick: bid 3.",
          "expect": {"type": "bid", "bid": 3}, "hint": "Bid 3: one match for each trick."},
         {"caption": "Seat 2 bids in secret; the bids are revealed together.",
          "play": {"type": "bid", "bid": 0, "seat": 1}, "check": {"bids": [3, 0]}},
         {"caption": "You lead: play the dark orange 13.", "expect": play("DO13"),
          "hint": "Lead the dark orange 13, your highest trump."},
         {"caption": "Seat 2 has no dark orange and plays light blue 2. Your trick.",
          "play": play("LB2", 1)},
         {"caption": "Lead the dark orange 12.", "expect": play("DO12"),
          "hint": "Lead the dark orange 12."},
         {"caption": "Seat 2 plays light blue 3.", "play": play("LB3", 1)},
         {"caption": "Lead the dark orange 11 for your third trick.", "expect": play("DO11"),
          "hint": "Lead the dark orange 11."},
         {"caption": "Seat 2 plays light orange 4. The round is scored.",
          "play": play("LO4", 1)}],
     "explanation": "3 tricks predicted and won: 10 points for the correct prediction + 3 for"
                    " the tricks = 13. Seat 2 bid 0 and took none: 10.",
     "expect_after": {"score_sheet.rounds.0.points": [13, 10],
                      "score_sheet.rounds.0.tricks": [3, 0]}},

    {"id": "matchmaster-score-4-won-3", "game": "matchmaster",
     "title": "Bid 4, win 3: minus 1", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["DO13", "DO12", "DO11", "LB12"], ["LB13", "LO1", "LO2", "LO3"]],
                              round=4, dealer=1),
     "steps": [
         {"caption": "Round 4: four cards. Three top trumps and a light blue 12 look strong:"
                     " bid 4.",
          "expect": {"type": "bid", "bid": 4}, "hint": "Bid 4 for this example."},
         {"caption": "Seat 2 bids 1 in secret.", "play": {"type": "bid", "bid": 1, "seat": 1}},
         {"caption": "Lead the dark orange 13.", "expect": play("DO13"),
          "hint": "Lead the dark orange 13."},
         {"caption": "Seat 2 plays light orange 1.", "play": play("LO1", 1)},
         {"caption": "Lead the dark orange 12.", "expect": play("DO12"),
          "hint": "Lead the dark orange 12."},
         {"caption": "Seat 2 plays light orange 2.", "play": play("LO2", 1)},
         {"caption": "Lead the dark orange 11.", "expect": play("DO11"),
          "hint": "Lead the dark orange 11."},
         {"caption": "Seat 2 plays light orange 3. Three tricks for you.",
          "play": play("LO3", 1)},
         {"caption": "Lead your light blue 12 for the fourth trick.", "expect": play("LB12"),
          "hint": "Lead the light blue 12."},
         {"caption": "Seat 2 follows with the light blue 13 and wins the last trick.",
          "play": play("LB13", 1)}],
     "explanation": "4 tricks predicted, but only 3 won: one trick wrong is 1 minus point."
                    " Seat 2 bid 1 and won 1: 10 + 1 = 11.",
     "expect_after": {"score_sheet.rounds.0.points": [-1, 11],
                      "score_sheet.rounds.0.tricks": [3, 1]}},

    {"id": "matchmaster-score-0-of-0", "game": "matchmaster",
     "title": "Bid 0, win none: 10 points", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["LO3", "LB1"], ["LO9", "LB5"]], round=6, dealer=0),
     "steps": [
         {"caption": "Round 6: two cards. Seat 2 sits left of the dealer and bids first, in"
                     " secret.", "play": {"type": "bid", "bid": 2, "seat": 1}},
         {"caption": "Your light orange 3 and light blue 1 are low: bid 0.",
          "expect": {"type": "bid", "bid": 0}, "hint": "Bid 0: you expect no trick."},
         {"caption": "Seat 2 leads the light orange 9.", "play": play("LO9", 1)},
         {"caption": "You hold light orange, so you must follow it.", "refuse": play("LB1"),
          "because": "You must follow light orange"},
         {"caption": "Follow with the light orange 3: you need not beat the 9.",
          "expect": play("LO3"), "hint": "Play the light orange 3: follow the colour led."},
         {"caption": "Seat 2 leads the light blue 5.", "play": play("LB5", 1)},
         {"caption": "Follow with the light blue 1.", "expect": play("LB1"),
          "hint": "Play the light blue 1."}],
     "explanation": "0 tricks predicted and none taken: 10 points for the correct prediction +"
                    " 0 tricks = 10. Seat 2 bid 2 and won 2: 12.",
     "expect_after": {"score_sheet.rounds.0.points": [10, 12]}},

    {"id": "matchmaster-score-0-took-2", "game": "matchmaster",
     "title": "Bid 0, win 2: minus 2", "rule": "scoring.examples", "seat": 0,
     "scenario": _matchmaster([["DO1", "LO2"], ["LB5", "LB7"]], round=6, dealer=0),
     "steps": [
         {"caption": "Round 6: two cards. Seat 2 bids first, in secret.",
          "play": {"type": "bid", "bid": 2, "seat": 1}},
         {"caption": "A dark orange 1 and a light orange 2: low cards. Bid 0.",
          "expect": {"type": "bid", "bid": 0}, "hint": "Bid 0 for this example."},
         {"caption": "Seat 2 leads the light blue 5.", "play": play("LB5", 1)},
         {"caption": "You have no light blue but hold a trump: you must play it.",
          "refuse": play("LO2"), "because": "you must play a trump"},
         {"caption": "Play the dark orange 1. The lowest trump still beats every other colour:"
                     " your trick.", "expect": play("DO1"), "hint": "Play the dark orange 1."},
         {"caption": "You lead the light orange 2.", "expect": play("LO2"),
          "hint": "Lead the light orange 2, your last card."},
         {"caption": "Seat 2 has no light orange and no trump, and plays the light blue 7."
                     " Your trick again.", "play": play("LB7", 1)}],
     "explanation": "0 tricks predicted, but 2 taken: two tricks wrong is 2 minus points. Seat"
                    " 2 bid 2 and took none: also 2 minus points.",
     "expect_after": {"score_sheet.rounds.0.points": [-2, -2],
                      "score_sheet.rounds.0.tricks": [2, 0]}},
]
