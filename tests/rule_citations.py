"""Where each game cites rule ids, found by reading the source: refusals, options, notes, log
entries, lessons and tests all name rules by id, and each id must exist in that game's rules
data (engine.rulebook.rule_ids). Used by tests/test_rule_ids.py and by the coverage list that
tests/conftest.py prints at the end of a run."""

import io
import re
import tokenize
from pathlib import Path

import engine
from engine.rulebook import rule_ids

ROOT = Path(__file__).resolve().parents[1]
# MT-A3, chopper.7, play.secret, setup.campsites, and bare numbers like 3.1 (never an id here,
# so citing one is always a mistake worth catching).
RULE_ID = re.compile(r"(?<![\w.-])(?:[A-Z]{2}-[A-Z]\d+|[a-z][a-z_]*\.[a-z0-9_-]*[a-z0-9]|\d+\.\d+)"
                     r"(?![\w.-])")
FSTRING_CODE = re.compile(r"\{[^{}]*\}")
NOT_IDS = re.compile(r"\.(py|html|js|mjs|json|toml|md|txt|css|svg|png)$|^(e\.g|i\.e|self|"
                     r"engine|game|view|ui|os|sys|re|json|math|action|card|spec|step|copy|position)\.")


def game_sources(game_id: str) -> list:
    """The engine files of one game (a module, or a package), its tests and its UI layout."""
    paths = [ROOT / "engine" / "games" / f"{game_id}.py"]
    paths += sorted((ROOT / "engine" / "games" / game_id).glob("*.py"))
    paths += [ROOT / "tests" / f"test_{game_id}.py", ROOT / "tests" / f"test_ui_{game_id}.py"]
    paths += sorted((ROOT / "tests" / game_id).glob("*.py"))  # a game's tests split by topic
    return [path for path in paths if path.is_file()]


def citations(path: Path) -> list:
    """(line, id) for every rule-id-shaped word inside a string literal of ``path``."""
    found = []
    source = path.read_text(encoding="utf-8")
    middle = getattr(tokenize, "FSTRING_MIDDLE", None)
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
              if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)]
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if following is not None and following.type == tokenize.OP and following.string == ":":
            continue  # a dict key: a lesson's view path ("resolution.loser"), not a citation
        if token.type == tokenize.STRING or token.type == middle:
            text = token.string
            if token.type == tokenize.STRING and "f" in text.split(text[-1])[0].lower():
                text = FSTRING_CODE.sub("", text)  # the code inside {...} is not prose
            for word in RULE_ID.findall(text):
                if not NOT_IDS.search(word):
                    found.append((token.start[0], word))
    return found


def known_ids(game_id: str) -> set:
    return rule_ids(engine.GAMES[game_id].RULE_VERSIONS)


def unknown_citations(game_id: str) -> list:
    known = known_ids(game_id)
    return [(str(path.relative_to(ROOT)), line, word) for path in game_sources(game_id)
            for line, word in citations(path) if word not in known]


def rule_leaf_ids(game_id: str) -> set:
    """The ids a test should name: rules and rulings, not the sections that hold them."""
    sections = set()
    for data in engine.GAMES[game_id].RULE_VERSIONS:
        sections.update(part["id"] for part in data.get("sections") or [])
    return known_ids(game_id) - sections


def cited_by_tests(game_id: str) -> set:
    """Rule ids named anywhere in the tests: in strings, comments or test names
    (``test_mt_a3_...`` names MT-A3)."""
    text = "\n".join(path.read_text(encoding="utf-8")
                     for path in sorted((ROOT / "tests").rglob("test_*.py")))
    lowered = text.lower()
    cited = set()
    for rule_id in rule_leaf_ids(game_id):
        as_name = re.sub(r"[^a-z0-9]+", "_", rule_id.lower())
        if re.search(r"(?<![\w.-])" + re.escape(rule_id) + r"(?![\w-]|\.\d)", text) or \
                re.search(r"(?<![a-z0-9])" + as_name + r"(?![0-9])", lowered):
            cited.add(rule_id)
    return cited
