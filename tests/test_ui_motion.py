"""The pace of the table and what the animator is told (ui/motion.py)."""

from ui.motion import SPEEDS, hints, pace, speed_of


def test_a_first_game_is_slow_until_the_player_picks_a_speed():
    assert speed_of({}, first_game=True) == "slow"
    assert speed_of({}, first_game=False) == "normal"
    assert speed_of({"speed": "fast"}, first_game=True) == "fast"
    assert speed_of({"speed": "warp"}, first_game=False) == "normal"  # unknown: the default


def test_the_pace_follows_the_speed_and_a_fixed_delay_caps_the_travel():
    assert pace({"speed": "slow"}, False) == SPEEDS["slow"]
    assert pace({"speed": "fast"}, False) == SPEEDS["fast"]
    # The tests' quick bots (and an older setting): a fixed pause, no card slower than it.
    assert pace({"speed": "slow", "bot_delay_ms": 30}, True) == (30, 30)
    assert pace({"bot_delay_ms": 5000}, True) == (5000, SPEEDS["slow"][1])
    assert pace({"bot_delay_ms": True}, False) == SPEEDS["normal"]  # not a number


def test_a_slower_speed_waits_longer_and_travels_longer():
    assert SPEEDS["slow"] > SPEEDS["normal"] > SPEEDS["fast"]
    for pause, travel in SPEEDS.values():
        assert travel < pause  # a card is at rest before the next bot moves


def test_hints_say_where_cards_came_from_whose_trick_and_who_drew():
    entries = [{"kind": "played", "seat": 2, "card": "7D"},
               {"kind": "play", "seat": 1, "card": "DO13"},
               {"kind": "opened", "seat": 1, "card": "gay-f"},  # opened where it lies
               {"kind": "trick", "seat": 3},
               {"kind": "drew", "seat": 0},  # the viewer's own draw: its card is in the hand
               {"kind": "drew", "seat": 2},
               {"kind": "picked_up", "seat": 1, "count": 5},
               {"kind": "round_over", "round": 1}]
    said = hints(entries, viewer=0, travel=360)
    assert said == {"duration": 360, "from": {"7D": 2, "DO13": 1}, "gather": 3,
                    "draws": [2, 1, 1, 1], "viewer": 0}


def test_hints_carry_only_the_entries_given():
    # The log the viewer received is all they are built from: nothing else can leak.
    assert hints([], viewer=1, travel=0) == {"duration": 0, "from": {}, "gather": None,
                                             "draws": [], "viewer": 1}
