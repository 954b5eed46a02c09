# The pace of the table: how long a bot waits before it moves and how long a card takes to
# travel (the speed setting), and what the animator (static/js/motion.js) is told about a
# redraw, from the log entries the viewer has just received. The animator works out the rest
# from the table before and after (each face-up card carries its code): nothing here knows a
# game, and nothing here is a rule.

from ui.markup import text

# speed -> (a bot's pause before its move, a card's travel), in milliseconds. Slow leaves
# time to see each card arrive and read the line that says it; fast is for players who know.
# A pause is longer than a deal's motion (static/js/motion.js: at most 1.8 travels), so the
# next bot's move is never drawn while cards are still moving.
SPEEDS = {"slow": (1500, 600), "normal": (800, 360), "fast": (400, 180)}
SPEED_NAMES = (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"))

# Log kinds (engine data) whose "card" came from the hand of the entry's "seat": it travels
# from that seat to the table. A card opened where it lies (a grid) is not one of them.
FROM_HAND = ("played", "play")
GATHERED = ("trick",)  # the trick's cards go to the entry's seat, its winner
DREW = ("drew", "picked_up")  # face-down cards from the stock to the seat


def speed_of(settings, first_game):
    """The speed chosen in the settings; slow for a first game until the player picks one."""
    speed = settings.get("speed")
    if speed in SPEEDS:
        return speed
    return "slow" if first_game else "normal"


def speed_options(speed):
    """The speed select's options in words, ``speed`` selected (the table's and the lobby's)."""
    return [text("option", {"value": value, "selected": value == speed}, name)
            for value, name in SPEED_NAMES]


def pace(settings, first_game):
    """(bot pause, card travel) in ms. An explicit ``bot_delay_ms`` (an older setting, and
    the tests' quick games) sets the pause, and no card travels longer than it."""
    pause, travel = SPEEDS[speed_of(settings, first_game)]
    delay = settings.get("bot_delay_ms")
    if isinstance(delay, int) and not isinstance(delay, bool) and 0 <= delay <= 10000:
        pause = delay
        travel = min(travel, delay)
    return pause, travel


def hints(entries, viewer, travel):
    """What the animator needs beyond the two tables, from the new log entries the viewer
    may read: which seat each card came from, whose trick was gathered, who drew."""
    came_from = {}
    gather = None
    draws = []
    for entry in entries:
        kind = entry.get("kind")
        seat = entry.get("seat")
        if seat is None:
            continue
        if kind in FROM_HAND and entry.get("card") is not None:
            came_from[entry["card"]] = seat
        elif kind in GATHERED:
            gather = seat
        elif kind in DREW and seat != viewer:
            draws.extend([seat] * min(int(entry.get("count") or 1), 3))
    return {"duration": travel, "from": came_from, "gather": gather, "draws": draws[:6],
            "viewer": viewer}
