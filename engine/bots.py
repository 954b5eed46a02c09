"""Bots see what a player sees: ``view(seat)`` and the legal actions, never the full state.

A bot is any object with ``choose(view, legal_actions) -> action``. Bots that need chance
get a ``SeededRng`` at construction, so simulations are reproducible.

Levels: a game's ``BOTS`` maps level ids to factories (the first is its default). A person
picks them by the words in ``LEVELS`` (the lobby shows the name, and the meaning as a hint):
easy, basic and strong (``engine.search``), and random, the baseline every bot must beat.
A game may word a level of its own in ``BOT_WORDS`` (The Match-Maker's easy bot forgets).

Hints: a game's basic bot makes each decision in one method, ``decide(view, legal_actions) ->
(action, Why)``, and its ``choose`` is ``decide(...)[0]``, so the move a learner is shown
(``hint``) and the reason given for it come from the same lines and cannot disagree.
"""

from .errors import IllegalAction
from .rng import SeededRng


class Why:
    """Why a bot chose its move, not yet put into words (like ``errors.Refusal``): bots decide
    on every move of every playout, so the sentence is written only when a player asks for it.
    ``say(*args) -> (sentence, rule id or None)``: one sentence in the player's words, and the
    rule it rests on (as the rules page cites it; never inside the sentence)."""

    __slots__ = ("say", "args")

    def __init__(self, say, *args):
        self.say = say
        self.args = args

    def words(self) -> tuple:
        """``(sentence, rule)``."""
        return self.say(*self.args)


class Bot:
    name = "bot"

    def choose(self, view: dict, legal_actions: list[dict]) -> dict:
        raise NotImplementedError

    def decide(self, view: dict, legal_actions: list[dict]) -> tuple:
        """``(action, Why or None)``: a bot that cannot say why gives None (``hint`` then says
        only that this is the bot's move)."""
        return self.choose(view, legal_actions), None


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every real bot must beat."""

    name = "random"

    def __init__(self, rng: SeededRng | None = None):
        self.rng = rng or SeededRng(0)

    def choose(self, view: dict, legal_actions: list[dict]) -> dict:
        return self.rng.choice(legal_actions)


class CarelessBot(Bot):
    """A bot that now and then plays any legal move instead of its own: an easier opponent
    that still knows what it is doing most of the time."""

    name = "easy"

    def __init__(self, inner: Bot, rng: SeededRng, slips: int = 3):
        self.inner = inner
        self.rng = rng
        self.slips = slips  # one move in ``slips`` is any legal move

    def choose(self, view: dict, legal_actions: list) -> dict:
        if self.rng.randbelow(self.slips) == 0:
            return self.rng.choice(legal_actions)
        return self.inner.choose(view, legal_actions)


def careless(factory, slips: int = 3):
    """The "easy" level made from a game's basic bot ``factory``."""
    def make(rng: SeededRng) -> CarelessBot:
        return CarelessBot(factory(rng), rng, slips)
    return make


# The levels in the order a person reads them, with their words.
LEVELS = {
    "easy": {"name": "Easy", "about": "Plays by rule of thumb, but one move in three is any"
                                      " legal move."},
    "basic": {"name": "Basic", "about": "Plays by rule of thumb from its own cards and the"
                                        " table."},
    "strong": {"name": "Strong", "about": "Thinks ahead: tries each move on many deals of the"
                                          " cards it cannot see, so it takes a moment."},
    "random": {"name": "Random", "about": "Any legal move, at random."},
}


def bot_levels(game_cls) -> list:
    """``[{"id", "name", "about"}]``: the game's levels in the order of ``LEVELS`` (others
    after), worded by the game's ``BOT_WORDS`` where it has its own."""
    ids = list(game_cls.BOTS or {"random": RandomBot})
    ordered = [level for level in LEVELS if level in ids] + [
        level for level in ids if level not in LEVELS]
    own = getattr(game_cls, "BOT_WORDS", {})
    levels = []
    for level in ordered:
        words = dict(LEVELS.get(level, {"name": level.capitalize(), "about": ""}))
        words.update(own.get(level, {}))
        levels.append({"id": level, "name": words["name"], "about": words["about"]})
    return levels


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


# When a bot cannot say why: still one plain sentence, never an empty one.
NO_REASON = ("This is the move the Basic bot would make here.", None)


def hint_rng(game) -> SeededRng:
    """The hint's own generator, seeded from the game's seed and its number of moves: the same
    position gives the same hint, and the game's own generator is never touched."""
    return SeededRng(f"hint:{game.seed}:{len(game.actions)}")


def hint_bot(game) -> Bot:
    """The bot whose move a hint shows: the game's basic level (else its first level)."""
    levels = type(game).BOTS or {}
    return make_bot(type(game), "basic" if "basic" in levels else None, hint_rng(game))


def hint(game, seat: int) -> dict:
    """The move ``seat`` might make now, and why, for a learner: ``{"action": index into
    game.legal_actions(seat), "why": one sentence, "rule": the rule id it rests on or None}``.

    The basic bot decides, seeing only what the seat sees (``view`` and its legal actions, as
    in ``bot_move``), so the hint reveals nothing the seat may not know; it has a generator of
    its own (``hint_rng``), so asking changes nothing in the game."""
    if game.over:
        raise IllegalAction("The game is over: there is no move to hint at.")
    legal = game.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"Seat {seat + 1} has no move to make now, so there is no hint.")
    action, why = hint_bot(game).decide(game.view(seat), legal)
    sentence, rule = NO_REASON if why is None else why.words()
    index = next((i for i, legal_action in enumerate(legal) if legal_action is action), None)
    return {"action": legal.index(action) if index is None else index, "why": sentence,
            "rule": rule}
