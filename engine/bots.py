"""Bots see what a player sees: ``view(seat)`` and the legal actions, never the full state.

A bot is any object with ``choose(view, legal_actions) -> action``. Bots that need chance
get a ``SeededRng`` at construction, so simulations are reproducible.
"""

from .rng import SeededRng


class Bot:
    name = "bot"

    def choose(self, view: dict, legal_actions: list[dict]) -> dict:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every real bot must beat."""

    name = "random"

    def __init__(self, rng: SeededRng | None = None):
        self.rng = rng or SeededRng(0)

    def choose(self, view: dict, legal_actions: list[dict]) -> dict:
        return self.rng.choice(legal_actions)


def bot_move(game, seat: int, bot: Bot) -> dict:
    """Ask ``bot`` for ``seat``'s move in ``game``, through the seat's view only."""
    return bot.choose(game.view(seat), game.legal_actions(seat))


def make_bot(game_cls, level: str | None, rng: SeededRng):
    """A bot of ``level`` for that game (its first declared level when None)."""
    bots = game_cls.BOTS or {"random": RandomBot}
    if level is None:
        level = next(iter(bots))
    if level not in bots:
        raise ValueError(f"{game_cls.title} has no bot level {level!r}")
    return bots[level](rng)
