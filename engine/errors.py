"""The one error a player ever sees from the engine."""


class IllegalAction(ValueError):
    """An action the rules forbid, with a reason written for the player.

    ``rule`` names the rulebook section or ruling that forbids it (e.g. ``"MT-A3"``),
    so the UI can link the refusal to the rules page.
    """

    def __init__(self, reason: str, rule: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def to_dict(self) -> dict:
        return {"reason": self.reason, "rule": self.rule}


class Refusal:
    """Why a move is not allowed, not yet put into words.

    A rule is one predicate that both allows and explains: it returns None (allowed) or a
    Refusal. Legal-move generation asks it millions of times in simulations and search, so
    making one must cost no more than a tuple; the sentence is written only when a player is
    shown it (``error()``, or ``reason``).

        def cut_refusal(...):
            if left > CUT_LIMIT:
                return Refusal("MT-A3", "You cannot cut: the cards left would total {left}"
                               " points; a cut needs 20 or fewer (MT-A3).", left=left)
            return None
    """

    __slots__ = ("rule", "words", "fields")

    def __init__(self, rule: str | None, words: str, **fields):
        self.rule = rule
        self.words = words
        self.fields = fields

    @property
    def reason(self) -> str:
        return self.words.format(**self.fields) if self.fields else self.words

    def error(self) -> IllegalAction:
        return IllegalAction(self.reason, self.rule)

    def __repr__(self) -> str:
        return f"Refusal({self.rule!r}, {self.reason!r})"
