"""Matatu's lessons: the rulebook's worked examples as scripted positions.
The format is in engine/lessons.py; tests/test_lessons.py checks every one against the engine.
"""

from ...lesson_steps import play
from .rules import standard_deck


def _matatu(hands, pile, base_card, *, jokers=False, stock_top=(), **position) -> dict:
    """A Matatu scenario: the cards named nowhere make the stock, in deck order after
    ``stock_top``."""
    if "to_move" not in position and "dealer" not in position:
        position["to_move"] = 0
    used = [card for hand in hands for card in hand] + list(pile) + list(stock_top)
    stock = list(stock_top) + [c for c in standard_deck(jokers=jokers) if c not in used]
    scenario = {"game": "matatu", "rules": "matatu-v1", "players": len(hands),
                "position": {"hands": hands, "pile": list(pile), "stock": stock,
                             "base_card": base_card, **position}}
    if jokers:
        scenario["options"] = {"jokers": True}
    return scenario


def _cut(card: str) -> dict:
    return {"type": "cut", "card": card}


LESSONS = [
    {"id": "matatu-chopper-6d", "game": "matatu", "title": "Base card 6♦: the chopper is 7♦",
     "rule": "chopper.2", "seat": 0,
     "scenario": _matatu([["7D", "3C", "5H"], ["KS", "QH", "10C"]], ["4S", "9D"], "6D"),
     "steps": [
         {"caption": "The base card is 6♦. Only a 7 cuts, so the 6♦ is not the chopper.",
          "refuse": _cut("6D"), "because": "this round it is 7♦"},
         {"caption": "The chopper is the 7 of the base card's suit: 7♦. It matches the 9♦ on"
                     " the pile and your 3♣ and 5♥ total 8. Cut with the 7♦.",
          "expect": _cut("7D"),
          "hint": "Cut with the 7♦: the chopper is the seven of the base card's suit."}],
     "explanation": "The rank of the base card does not matter: a 6♦ base card makes the 7♦"
                    " the chopper. Your 8 points beat Seat 2's 35, so you win the round.",
     "expect_after": {"over": True, "result.reason": "cut", "result.cutter": 0,
                      "result.totals": [8, 35], "result.winners": [0]}},

    {"id": "matatu-chopper-kc", "game": "matatu", "title": "Base card K♣: the chopper is 7♣",
     "rule": "chopper.2", "seat": 0,
     "scenario": _matatu([["7C", "7D", "3S"], ["KS", "QH", "10H"]], ["4H", "9C"], "KC"),
     "steps": [
         {"caption": "The base card is K♣. The 7♦ is a seven, but not of the base card's suit:"
                     " it cannot cut.",
          "refuse": _cut("7D"), "because": "this round it is 7♣"},
         {"caption": "The chopper is 7♣, whatever the base card's rank. It matches the 9♣;"
                     " your 7♦ and 3♠ total 10. Cut with the 7♣.",
          "expect": _cut("7C"), "hint": "Cut with the 7♣, the seven of the base card's suit."}],
     "explanation": "A K♣ base card makes the 7♣ the chopper, just as a 6♦ makes the 7♦. The"
                    " base card is only a marker and is never played.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [10, 35]}},

    {"id": "matatu-chopper-7c-suit", "game": "matatu",
     "title": "The chopper follows suit: 7♣ on 6♣ and K♣, not on 6♥", "rule": "chopper.5",
     "seat": 0,
     "scenario": _matatu([["7C", "6C", "3D", "4S"], ["KC", "9H", "10S", "QD"]], ["5H", "6H"],
                         "7C"),
     "steps": [
         {"caption": "The base card is 7♣, so the 7♣ is the chopper. The pile shows 6♥: the"
                     " 7♣ matches neither its suit nor its rank, so it cannot cut.",
          "refuse": _cut("7C"), "because": "must match 6♥"},
         {"caption": "It cannot be played as an ordinary card either: the chopper is never a"
                     " wildcard.",
          "refuse": play("7C"), "because": "does not match 6♥"},
         {"caption": "Play your 6♣ on the 6♥: same rank. Now clubs are in play.",
          "expect": play("6C"), "hint": "Play the 6♣: it matches the 6♥ by rank.",
          "check": {"pile_top": "6C"}},
         {"caption": "Seat 2 plays K♣ on your 6♣.", "play": play("KC", 1)},
         {"caption": "The 7♣ matches the K♣ by suit, and your 3♦ and 4♠ total 7. Cut with"
                     " the 7♣.",
          "expect": _cut("7C"), "hint": "Cut with the 7♣: it matches the K♣ by suit."}],
     "explanation": "With a 7♣ base card the chopper 7♣ can go on 6♣, K♣, 7♥ or 7♦ (same suit,"
                    " or another 7), but not on 6♥ or Q♠. It must match like any card.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [7, 31]}},

    {"id": "matatu-chopper-7c-rank", "game": "matatu",
     "title": "The chopper matches a 7: 7♣ on 7♥, not on Q♠", "rule": "chopper.5", "seat": 0,
     "scenario": _matatu([["7C", "QH", "3D", "5H"], ["7H", "9S", "10S", "KD"]], ["4S", "QS"],
                         "7C"),
     "steps": [
         {"caption": "The chopper is 7♣ (base card 7♣). The pile shows Q♠: neither clubs nor a"
                     " 7, so no cut.",
          "refuse": _cut("7C"), "because": "must match Q♠"},
         {"caption": "Play your Q♥ on the Q♠: same rank.", "expect": play("QH"),
          "hint": "Play the Q♥: it matches the Q♠ by rank."},
         {"caption": "Seat 2 plays 7♥ on your Q♥.", "play": play("7H", 1)},
         {"caption": "A 7 on a 7 matches by rank. Your 3♦ and 5♥ total 8: cut with the 7♣.",
          "expect": _cut("7C"), "hint": "Cut with the 7♣: it matches the 7♥ by rank."}],
     "explanation": "The chopper matches the suit in play or the rank of the card on the pile:"
                    " 7♣ may go on the 7♥ or 7♦, never on the Q♠ or 6♥.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [8, 32]}},

    {"id": "matatu-cut-7d-7h-8s", "game": "matatu", "title": "7♦ 7♥ 8♠: cut, 15 remain",
     "rule": "chopper.8", "seat": 0,
     "scenario": _matatu([["7D", "7H", "8S"], ["KS", "QH", "10C"]], ["4S", "10D"], "6D"),
     "steps": [
         {"caption": "The base card is 6♦, so the chopper is 7♦. The 7♥ is just a seven.",
          "refuse": _cut("7H"), "because": "this round it is 7♦"},
         {"caption": "Your hand shows 22 points, but the chopper's own 7 does not count: the 7♥"
                     " and 8♠ left total 15. Cut with the 7♦.",
          "expect": _cut("7D"), "hint": "Cut with the 7♦: 15 points remain, 20 or fewer."}],
     "explanation": "Only the cards left after the chopper count towards the limit of 20:"
                    " 7♥ + 8♠ = 15, so the cut stands and 15 is your score.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals.0": 15}},

    {"id": "matatu-cut-exactly-20", "game": "matatu", "title": "Exactly 20 may cut",
     "rule": "chopper.8", "seat": 0,
     "scenario": _matatu([["7D", "10S", "6H", "4C"], ["KS", "QH", "10C"]], ["4S", "9D"], "6D"),
     "steps": [
         {"caption": "The base card is 6♦, so the chopper is 7♦. Without it your 10♠, 6♥ and"
                     " 4♣ total exactly 20: cut with the 7♦.",
          "expect": _cut("7D"), "hint": "Cut with the 7♦: exactly 20 is allowed."}],
     "explanation": "A cut needs 20 points or fewer in the cards left: exactly 20 qualifies.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals.0": 20}},

    {"id": "matatu-cut-21-refused", "game": "matatu", "title": "21 may not cut",
     "rule": "chopper.8", "seat": 0,
     "scenario": _matatu([["7D", "10S", "6H", "5D"], ["KS", "QH", "4D"]], ["4S", "9D"], "6D"),
     "steps": [
         {"caption": "The chopper is 7♦ and it matches the 9♦, but your 10♠, 6♥ and 5♦ total"
                     " 21: one too many.",
          "refuse": _cut("7D"), "because": "would total 21 points"},
         {"caption": "Shed weight instead: play the 5♦ on the 9♦.", "expect": play("5D"),
          "hint": "Play the 5♦: it follows diamonds and brings you down to 16."},
         {"caption": "Seat 2 plays 4♦.", "play": play("4D", 1)},
         {"caption": "Now the 10♠ and 6♥ total 16: cut with the 7♦ on the 4♦.",
          "expect": _cut("7D"), "hint": "Cut with the 7♦: 16 points remain."}],
     "explanation": "Exactly 20 qualifies; 21 does not. A refused cut changes nothing, and the"
                    " round goes on until the hand is light enough.",
     "expect_after": {"over": True, "result.reason": "cut", "result.totals": [16, 25]}},

    {"id": "matatu-pick-two-chain", "game": "matatu",
     "title": "The pick-two: passed on, never more than two", "rule": "basics.6", "seat": 1,
     "scenario": _matatu([["2C", "9H", "KD", "5S"], ["2H", "AH", "9C", "4S"],
                          ["2D", "10H", "JS", "6C"]], ["5D", "3C"], "8H", dealer=2),
     "steps": [
         {"caption": "Seat 1 plays 2♣: you owe two cards.", "play": play("2C", 0),
          "check": {"penalty.count": 2, "to_move": 1}},
         {"caption": "An Ace changes the suit on an ordinary turn, but it cannot answer a"
                     " pick-two.",
          "refuse": play("AH"), "because": "Only the Ace of Spades can cancel"},
         {"caption": "Pass the penalty on with your 2♥: any suit will do.", "expect": play("2H"),
          "hint": "Play the 2♥ to pass the penalty on to Seat 3.",
          "check": {"penalty.count": 2, "to_move": 2}},
         {"caption": "Seat 3 passes it on with the 2♦. Seat 1 owes two — still two, not six.",
          "play": play("2D", 2), "check": {"penalty.count": 2, "to_move": 0}},
         {"caption": "Seat 1 has no 2 left and picks up two cards, which ends the turn.",
          "play": {"type": "accept", "seat": 0}}],
     "explanation": "Every 2 makes the next player owe exactly two cards. Passing it on with"
                    " another 2 moves the same two cards along; they never add up.",
     "expect_after": {"penalty": None, "hand_counts": [5, 3, 3], "to_move": 1}},

    {"id": "matatu-ace-of-spades-cancel", "game": "matatu",
     "title": "The Ace of Spades cancels a penalty", "rule": "jokers.6", "seat": 1,
     "scenario": _matatu([["9H", "KD", "5S"], ["AS", "AH", "9C", "4H"],
                          ["10H", "JS", "6C"]], ["5D", "2C"], "8H", to_move=1,
                         penalty={"kind": "two", "count": 2}),
     "steps": [
         {"caption": "Seat 1 played 2♣ and you owe two cards. Your A♥ cannot block it.",
          "refuse": play("AH"), "because": "Only the Ace of Spades can cancel"},
         {"caption": "Cancel the pick-two with the Ace of Spades: nothing is drawn and no suit"
                     " is named.",
          "expect": play("AS"), "hint": "Play the A♠: it cancels the penalty.",
          "check": {"penalty": None, "open_pile": True, "requested_suit": None,
                    "hand_counts.1": 3}},
         {"caption": "The pile is open: Seat 3 may play any card at all, here the 10♥ on the"
                     " A♠.", "play": play("10H", 2)}],
     "explanation": "The Ace of Spades cancels a pick-two or a pick-five of any size. Used this"
                    " way it names no suit, and the next player may play anything.",
     "expect_after": {"pile_top": "10H", "open_pile": False, "hand_counts": [3, 3, 2]}},

    {"id": "matatu-joker-pick-five-ten", "game": "matatu",
     "title": "Jokers: pick five, then pick ten", "rule": "jokers.4", "seat": 1,
     "scenario": _matatu([["RJ", "9H", "KD", "5S"], ["BJ", "2H", "8C", "4S"],
                          ["10H", "JS", "6C", "3D"]], ["5D", "9C"], "8H", jokers=True,
                         dealer=2),
     "steps": [
         {"caption": "Seat 1 plays the red Joker on the 9♣ and names hearts: you owe five"
                     " cards.",
          "play": [{"type": "play", "card": "RJ", "seat": 0},
                   {"type": "name_suit", "suit": "H", "seat": 0}],
          "check": {"penalty.count": 5, "requested_suit": "H", "to_move": 1}},
         {"caption": "A 2 cannot answer a pick-five: the two attacks are never mixed.",
          "refuse": play("2H"), "because": "A 2 cannot answer a pick-five"},
         {"caption": "Answer with your black Joker: the penalty grows to ten.",
          "expect": play("BJ"), "hint": "Play the black Joker to pass the penalty on."},
         {"caption": "Name the suit that follows: spades. It replaces the hearts of the first"
                     " Joker.",
          "expect": {"type": "name_suit", "suit": "S"}, "hint": "Name spades (S).",
          "check": {"penalty.count": 10, "requested_suit": "S", "to_move": 2}},
         {"caption": "Seat 3 holds no Joker and no Ace of Spades, and picks up ten cards.",
          "play": {"type": "accept", "seat": 2}}],
     "explanation": "A Joker is a wild pick-five; a second Joker on top makes a pick-ten and"
                    " its suit request replaces the first. Only a Joker passes it on and only"
                    " the Ace of Spades cancels it.",
     "expect_after": {"penalty": None, "hand_counts": [3, 3, 14], "requested_suit": "S",
                      "to_move": 0}},
]
