"""A seeded random number generator whose whole state is one JSON-safe integer.

Games never call ``random.*``: every shuffle and pick goes through a ``SeededRng`` owned by
the game, so seed + rules version + options + actions replay a game exactly, in CPython and
in Pyodide alike. The generator is SplitMix64 (Steele, Lea, Flood 2014): tiny, fast in pure
Python and identical on every platform because it is plain 64-bit integer arithmetic.
"""

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# randbelow's rejection bound per n (2**64 - 2**64 % n): deals and playouts ask for the same
# few small n millions of times. Bounded, since any n may be asked once.
_LIMITS: dict = {}
_MAX_LIMITS = 4096


def _limit(n: int) -> int:
    limit = _LIMITS.get(n)
    if limit is None:
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        if len(_LIMITS) < _MAX_LIMITS:
            _LIMITS[n] = limit
    return limit


class SeededRng:
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0):
        if isinstance(seed, str):
            seed = _seed_from_text(seed)
        self.state = int(seed) & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        limit = _LIMITS.get(n) or _limit(n)
        # next_u64 inlined: the same draws, at a fraction of the cost of a call per draw.
        state = self.state
        while True:
            state = (state + _GAMMA) & _MASK64
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def choice(self, items):
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place (randbelow(i + 1) for i from the end, inlined: every deal)."""
        state = self.state
        limits, mask = _LIMITS, _MASK64
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits.get(n) or _limit(n)
            while True:
                state = (state + _GAMMA) & mask
                z = ((state ^ (state >> 30)) * _MIX1) & mask
                z = ((z ^ (z >> 27)) * _MIX2) & mask
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def clone(self) -> "SeededRng":
        """The same generator state, independent from now on (a game's copy)."""
        twin = SeededRng.__new__(SeededRng)
        twin.state = self.state
        return twin

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
