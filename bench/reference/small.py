"""The one small module the bench's reference worker imports."""


def answer() -> str:
    return "ready"
