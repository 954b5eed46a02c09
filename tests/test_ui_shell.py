"""The app is a shell that composes screens (issue #27): each screen owns its state, no class
is mixed in, moving between screens goes through one call, and focus and scroll on a new
screen are decided in one place. Read from the source (the UI runs in MicroPython, where the
page's ``js`` module exists; these facts need no browser)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
SCREENS = {"lobby": ("ui/lobby.py", "LobbyScreen"), "play": ("ui/play.py", "PlayScreen"),
           "replay": ("ui/replay.py", "ReplayScreen"),
           "rules": ("ui/rules_page.py", "RulesScreen"),
           "history": ("ui/history.py", "HistoryScreen")}


def tree(path):
    return ast.parse((ROOT / path).read_text(encoding="utf-8"))


def ui_files():
    return sorted(p.relative_to(ROOT).as_posix() for p in UI.glob("*.py"))


def chain(node):
    """a.b.c as ["a", "b", "c"] (None when it is not a plain chain of names)."""
    names = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id] + names[::-1]


def test_no_ui_class_is_a_mixin_of_another():
    for path in ui_files():
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ClassDef):
                bases = [chain(base) for base in node.bases]
                assert bases in ([], [["Exception"]]), (path, node.name, bases)


def test_the_shell_composes_one_object_per_screen():
    shell = next(node for node in ast.walk(tree("ui/shell.py"))
                 if isinstance(node, ast.ClassDef) and node.name == "Shell")
    init = next(node for node in shell.body if isinstance(node, ast.FunctionDef)
                and node.name == "__init__")
    made = {}
    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            target = chain(node.targets[0])
            called = chain(node.value.func)
            if target and target[0] == "self" and called:
                made[target[1]] = called[-1]
    for name, (path, cls) in SCREENS.items():
        assert made.get(name) == cls, (name, made)
        methods = {node.name for node in ast.walk(tree(path))
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        assert {"render", "commands"} <= methods, (path, methods)


def test_command_names_are_owned_by_one_screen_each():
    owners = {}
    for path, _ in list(SCREENS.values()) + [("ui/shell.py", "Shell")]:
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.FunctionDef) and node.name in ("commands", "__init__"):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Dict):
                        for key in inner.keys:
                            if isinstance(key, ast.Constant) and isinstance(key.value, str) \
                                    and all(isinstance(v, ast.Attribute) for v in inner.values):
                                assert key.value not in owners, (key.value, owners[key.value],
                                                                 path)
                                owners[key.value] = path
    assert {"start", "rematch", "undo", "replay-to", "compare", "share-game", "go"} <= set(owners)


def test_no_screen_writes_the_shell_s_or_another_screen_s_state():
    for path in ui_files():
        if path == "ui/shell.py":
            continue
        for node in ast.walk(tree(path)):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in targets:
                while isinstance(target, ast.Subscript):
                    target = target.value
                names = chain(target) if isinstance(target, ast.Attribute) else None
                if names and "shell" in names[:2] and names != ["self", "shell"]:
                    raise AssertionError(f"{path}:{node.lineno} writes {'.'.join(names)}")


def test_moving_between_screens_and_its_focus_and_scroll_live_in_the_shell():
    for path in ui_files():
        source = (ROOT / path).read_text(encoding="utf-8")
        if path in ("ui/shell.py", "ui/editor.py", "ui/lab.py"):  # the last two: own pages
            continue
        assert "location.hash =" not in source, path
        assert "scrollTo(" not in source, path
        assert "focus_screen" not in source, path


def test_a_session_has_no_field_nobody_reads():
    source = (UI / "session.py").read_text(encoding="utf-8")
    fields = {node.attr for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "self" and isinstance(node.ctx, ast.Store)}
    everything = "\n".join(p.read_text(encoding="utf-8") for p in UI.rglob("*.py"))
    for field in sorted(fields):
        reads = everything.count("." + field) - source.count("self." + field + " = ")
        assert reads > 0, f"Session.{field} is written but never read"
