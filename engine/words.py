"""Who did what, in the viewer's words: the part of wording a log that every game shares.

Each game's ``words.py`` turns its log entries into sentences with a ``Speaker``, which knows
the players' names and who is reading: ``speaker.who(2)`` is "You" for the reader and the
seat's name for everyone else, and ``speaker.verb(2, "owe", "owes")`` agrees with it.

This module and every game's ``words.py`` import nothing, because the UI (MicroPython, in
the browser) loads the very same files: the card names and sentences exist once.
"""


class Speaker:
    def __init__(self, names=None, viewer=None, players=None):
        """``names``: a display name per seat (default "Seat 1", "Seat 2", ...); ``viewer``:
        the reader's seat, who is called "You" (None: a spectator)."""
        if names is None:
            names = ["Seat " + str(seat + 1) for seat in range(players or 0)]
        self.names = list(names)
        self.viewer = viewer

    def name(self, seat) -> str:
        if seat is None:
            return "Nobody"
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return "Seat " + str(seat + 1)

    def who(self, seat, capital=True) -> str:
        """The subject of a sentence: "You" for the reader, else the seat's name."""
        if seat is not None and seat == self.viewer:
            return "You" if capital else "you"
        return self.name(seat)

    def whose(self, seat) -> str:
        if seat is not None and seat == self.viewer:
            return "your"
        return self.name(seat) + "'s"

    def verb(self, seat, plural: str, singular: str) -> str:
        """The verb that agrees with ``who(seat)``: "You owe", "Seat 2 owes"."""
        return plural if seat is not None and seat == self.viewer else singular

    def says(self, seat, plural: str, singular: str, rest: str = "") -> str:
        """``who(seat) + " " + verb + rest``: "You play 7♦", "Seat 2 plays 7♦"."""
        return self.who(seat) + " " + self.verb(seat, plural, singular) + rest

    def seats(self, seats) -> str:
        """"You and Seat 3", "Seat 1, Seat 2 and Seat 4"."""
        names = [self.who(seat) for seat in seats]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " and " + names[-1]

    @staticmethod
    def count(number, one: str, many: str) -> str:
        """"1 card", "2 cards"."""
        return str(number) + " " + (one if number == 1 else many)
