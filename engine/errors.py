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
