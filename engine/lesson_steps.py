"""Building blocks for lesson scripts, shared by every game's lessons."""


def play(card: str, seat: int | None = None) -> dict:
    action = {"type": "play", "card": card}
    if seat is not None:
        action["seat"] = seat
    return action
