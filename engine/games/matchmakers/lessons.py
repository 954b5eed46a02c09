"""Matchmakers' lessons: the rulebook's worked examples as scripted positions.

The format is in engine/lessons.py; tests/test_lessons.py checks every one against the engine.
"""

from ...lesson_steps import play


def _matchmakers(hands, **position) -> dict:
    return {"game": "matchmakers", "rules": "matchmakers-v1", "players": len(hands),
            "position": {"hands": hands, **position}}


# The rulebook's players A, B, C, D are seats 0, 1, 2, 3 (A and C are partners).
_MK_EXCHANGE_HANDS = [
    ["R5", "R8s", "R9", "B2s", "B6s", "B9", "G1", "G4s", "G7", "Y2s", "Y5", "Y8s", "Y9"],
    ["R2s", "R4s", "R6s", "R8m", "B1", "B3", "B4s", "B7", "G2s", "G4m", "G6s", "Y2m", "Y4s"],
    ["R1", "R3", "R7", "B5", "B8m", "G2m", "G5", "G8m", "G9", "Y1", "Y4m", "Y6s", "Y7"],
    ["R2m", "R4m", "R6m", "B2m", "B4m", "B6m", "B8s", "G3", "G6m", "G8s", "Y3", "Y6m", "Y8m"],
]
_MK_LOSER_POSITION = {
    "starter": 0, "guides": [["T4"], [], [], []],
    "trick": [{"seat": 0, "card": "R8s"}, {"seat": 1, "card": "R2s"}]}
_MK_LOSER_HANDS = [["R9", "B1"], ["R3", "B3", "G1"], ["G4s", "Y1", "B5"], ["B4s", "Y3", "G3"]]

LESSONS = [
    {"id": "matchmakers-exchange", "game": "matchmakers",
     "title": "The exchange: return the colours you received", "rule": "exchange.example",
     "seat": 2,
     "scenario": _matchmakers(_MK_EXCHANGE_HANDS, stage="exchange", starter=0),
     "steps": [
         {"caption": "Your partner, Seat 1, gives you 3 cards face down: the red 8★, the red 5"
                     " and the blue 2★.",
          "play": [{"type": "give", "card": card, "seat": 0} for card in ("R8s", "R5", "B2s")],
          "check": {"exchange.mine.colours": {"R": 2, "B": 1, "G": 0, "Y": 0}}},
         {"caption": "You received 2 red and 1 blue, so you return 2 red and 1 blue. Start with"
                     " your red 1.",
          "expect": {"type": "return", "card": "R1"}, "hint": "Return the red 1."},
         {"caption": "Now your red 3.", "expect": {"type": "return", "card": "R3"},
          "hint": "Return the red 3."},
         {"caption": "Both reds are chosen: a third red would break the colour distribution.",
          "refuse": {"type": "return", "card": "R7"}, "because": "still 1 blue"},
         {"caption": "Return a blue card: your blue 5.",
          "expect": {"type": "return", "card": "B5"}, "hint": "Return the blue 5."},
         {"caption": "Seats 2 and 4 exchange the same way: 2 blue and 1 green go, 2 blue and 1"
                     " green come back.",
          "play": [{"type": "give", "card": "B1", "seat": 1},
                   {"type": "give", "card": "B3", "seat": 1},
                   {"type": "give", "card": "G2s", "seat": 1},
                   {"type": "return", "card": "B2m", "seat": 3},
                   {"type": "return", "card": "B4m", "seat": 3},
                   {"type": "return", "card": "G3", "seat": 3}]}],
     "explanation": "Player A gives an 8 red, a 5 red and a 2 blue; the partner must return 2"
                    " red cards and 1 blue card. Partners share cards and information, but"
                    " nobody can empty a colour this way.",
     "expect_after": {"stage": "play", "hand_counts": [13, 13, 13, 13],
                      "exchange.teams.0.step": "done"}},

    {"id": "matchmakers-loser", "game": "matchmakers",
     "title": "The trick's loser recruits a mountain guide", "rule": "loser.example",
     "seat": 2,
     "scenario": _matchmakers(_MK_LOSER_HANDS, **_MK_LOSER_POSITION),
     "steps": [
         {"caption": "Seat 1 led the red 8★ and Seat 2 followed with the red 2★. You hold no"
                     " red: play your green 4★.",
          "expect": play("G4s"), "hint": "Play the green 4★."},
         {"caption": "Seat 4 has no red either and plays the blue 4★.", "play": play("B4s", 3),
          "check": {"resolution.loser": 2, "resolution.weakest": "G4s"}},
         {"caption": "Off-colour cards are weakest; of the two 4s yours came first, so you lose"
                     " the trick. A 4 lets you take guide 4, held by Seat 1: steal it.",
          "expect": {"type": "claim_guide", "guide": "T4", "from": 0},
          "hint": "Take the guide 4 from Seat 1."},
         {"caption": "Seat 1 wins with the red 8★ and collects your green 4★ for your team.",
          "play": {"type": "collect", "card": "G4s", "seat": 0}}],
     "explanation": "The loser played the weakest card: off-colour is weaker than the colour"
                    " led, and of equal cards the first played is weaker. Its value, 4, names"
                    " the guide the loser may recruit, from the office or from another player.",
     "expect_after": {"guides": [[], [], ["T4"], []], "campsites.0.cards": ["G4s"]}},

    {"id": "matchmakers-winner", "game": "matchmakers",
     "title": "The trick's winner gathers an adventurer", "rule": "winner.example", "seat": 0,
     "scenario": _matchmakers(_MK_LOSER_HANDS, **_MK_LOSER_POSITION),
     "steps": [
         {"caption": "You led the red 8★ and Seat 2 followed with the red 2★. Seat 3 plays the"
                     " green 4★ and Seat 4 the blue 4★.",
          "play": [play("G4s", 2), play("B4s", 3)]},
         {"caption": "Seat 3 played the weakest card and steals your guide 4.",
          "play": {"type": "claim_guide", "guide": "T4", "from": 0, "seat": 2}},
         {"caption": "Your red 8★ is the highest red: you win. You may not collect your own"
                     " card.",
          "refuse": {"type": "collect", "card": "R8s"}, "because": "your own card"},
         {"caption": "Collect the green 4★ your partner played.",
          "expect": {"type": "collect", "card": "G4s"},
          "hint": "Collect the green 4★ for your team's campsite."}],
     "explanation": "The winner chooses one card of the trick, never their own, for the team's"
                    " campsite; the others are discarded. The winner leads the next trick.",
     "expect_after": {"campsites.0.cards": ["G4s"], "leader": 0, "stage": "play"}},

    {"id": "matchmakers-trump", "game": "matchmakers",
     "title": "A guide beats the colour led", "rule": "trumps.example", "seat": 2,
     "scenario": _matchmakers([["B1", "Y2s"], ["R3", "B3"], ["R5", "R7", "G5"],
                               ["G3", "Y5", "B6s"]],
                              starter=0, guides=[[], [], ["T8"], []],
                              trick=[{"seat": 0, "card": "R9"}, {"seat": 1, "card": "R4s"}]),
     "steps": [
         {"caption": "Seat 1 led the red 9, Seat 2 followed with the red 4★. You hold red, so"
                     " a green card is not allowed.",
          "refuse": play("G5"), "because": "You must follow red"},
         {"caption": "A guide may always be played, even when you could follow: play your"
                     " guide 8.", "expect": play("T8"), "hint": "Play the guide 8."},
         {"caption": "Seat 4 has no red and plays the green 3: off-colour, so the weakest card."
                     " A 3 is no guide value, so nobody recruits.", "play": play("G3", 3)},
         {"caption": "Your guide wins the trick. Collect the red 4★.",
          "expect": {"type": "collect", "card": "R4s"},
          "hint": "Collect the red 4★."}],
     "explanation": "A guide beats any card of the colour led. The winner takes the red 4★;"
                    " the guide 8 returns to the mountain guide office and the 9 and 3 are"
                    " discarded.",
     "expect_after": {"campsites.0.cards": ["R4s"], "office": ["T2", "T4", "T6", "T8"],
                      "guides": [[], [], [], []], "last_trick.loser": 3}},
]
