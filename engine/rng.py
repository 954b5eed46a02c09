"""A seeded random number generator whose whole state is one JSON-safe integer.

Games never call ``random.*``: every shuffle and pick goes through a ``SeededRng`` owned by
the game, so seed + rules version + options + actions replay a game exactly, in CPython and
in Pyodide alike. The generator is SplitMix64 (Steele, Lea, Flood 2014): tiny, fast in pure
Python and identical on every platform because it is plain 64-bit integer arithmetic.
"""

_MASK64 = (1 << 64) - 1


class SeededRng:
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0):
        if isinstance(seed, str):
            seed = _seed_from_text(seed)
        self.state = int(seed) & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items):
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "SeededRng":
        """An independent generator derived from this one (advances this one once)."""
        return SeededRng(self.next_u64())

    def to_json(self) -> str:
        # A string, because JavaScript's JSON numbers cannot hold 64-bit integers exactly.
        return str(self.state)

    @classmethod
    def from_json(cls, data) -> "SeededRng":
        rng = cls(0)
        rng.state = int(data) & _MASK64
        return rng


def _seed_from_text(text: str) -> int:
    """FNV-1a over UTF-8, so a seed typed by a person ("tuesday") is stable everywhere."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & _MASK64
    return h
