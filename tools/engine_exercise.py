"""Play through everything the pages ask the engine, through engine.service.handle as the
worker does: every game to its end and some moves at every bot level, a human's moves, undo,
saves and their replay, shared deals and games, every lesson, rules compared, and the Lab's
study ops.

tools/engine_bundle.mjs runs it in Pyodide at build time twice: with the whole standard
library, to learn which modules the engine imports (sys.modules afterwards: the build ships
only those), and with only that small archive, to check it (a reply that is a bug -- an
ImportError among them -- fails the build's check, and the full library ships instead).
tests/e2e/test_engine_stdlib.py runs it again on the site as built. Runs in CPython too:

    python3 tools/engine_exercise.py

``run()`` returns a summary (games played, moves, replies); raises on any bug reply.
"""

from __future__ import annotations

import json

MOVE_LIMIT = 4000  # a game of any of the four ends long before: played to its end at one level
LEVEL_MOVES = 40  # at the other levels: enough moves to run each bot's code, not a game
SEARCH_MOVES = 4  # the strong (search) bots: a few of their (slow) searches


class ExerciseError(Exception):
    pass


def run(handle=None) -> dict:
    if handle is None:
        from engine.service import handle
    counts = {"replies": 0, "games": 0, "moves": 0, "refused": 0}

    def call(op, client="exercise", **fields):
        fields["op"] = op
        reply = json.loads(handle(json.dumps(fields), client))
        counts["replies"] += 1
        if reply.get("bug"):
            raise ExerciseError(f"{op}: {reply.get('error')}")
        if not reply.get("ok"):
            counts["refused"] += 1
        return reply

    catalog = call("catalog")
    assert catalog["ok"] and catalog["games"], catalog
    for number, game in enumerate(catalog["games"]):
        game_id = game["id"]
        players = game["default_players"]
        levels = [level["id"] for level in game["bot_levels"]] + ["random"]
        for seed, level in enumerate(dict.fromkeys(levels)):
            slot = f"{game_id}-{level}"
            state = call("new", game=game_id, players=players, seed=100 * number + seed,
                         slot=slot, viewer=0)
            limit = (MOVE_LIMIT if seed == 0 else SEARCH_MOVES if level == "strong"
                     else LEVEL_MOVES)
            moves = 0
            while not state["over"] and moves < limit:
                seat = state["to_move"]
                if seat == 0 and moves % 3 == 0:  # a human's move, and taking one back
                    legal = call("view", slot=slot, viewer=0)["legal"]
                    state = call("act", slot=slot, viewer=0, action=legal[-1])
                    if moves % 2 == 0 and state.get("undo"):
                        call("undo", slot=slot, viewer=0)
                        state = call("act", slot=slot, viewer=0, action=legal[-1])
                else:
                    state = call("bot", slot=slot, level=level, seat=seat)
                moves += 1
            counts["games"] += 1
            counts["moves"] += moves
            save = call("save", slot=slot)["save"]
            call("load", save=save, slot=slot + "-loaded", viewer=0)
            call("replay", save=save, upto=min(moves, 5))
            call("check", save=save)
            shared = call("share_game", save=save)
            if shared.get("ok"):
                for value in shared.values():
                    if isinstance(value, str) and len(value) > 20:
                        call("open_game", text=value)
                        break
        deal = call("share_deal", game=game_id, players=players, seed=7)
        if deal.get("ok"):
            for value in deal.values():
                if isinstance(value, str) and len(value) > 10:
                    call("open_deal", text=value)
                    break
        call("deal_position", game=game_id, players=players, seed=3)
        call("check_deal", game=game_id, players=players, seed=3)
        call("compare_rules", game=game_id, a={}, b={})
        call("bench", game=game_id, players=players, games=1, seed=1)
        call("lessons", game=game_id)
        for lesson in game["lessons"]:
            start = call("lesson_start", lesson=lesson["id"], client="lessons")
            if start.get("ok"):
                call("lesson_state", client="lessons")
                call("lesson_watch", client="lessons")
                call("lesson_back", client="lessons")
                call("lesson_restart", client="lessons")
                call("lesson_next", client="lessons")
        # The Lab: a study of each game, in two chunks.
        study = {"game": game_id, "players": players, "games": 3, "seed": 4}
        call("study_start", client="lab", label=game_id, study=study)
        call("study_run", client="lab", label=game_id, count=2)
        call("study_run", client="lab", label=game_id, count=2)
    # The refusals' own paths (their messages format numbers and names).
    call("nonsense")
    call("new", game="nonsense")
    call("open_game", text="not a shared game")
    call("open_script", text="not a script")
    return counts


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    print(run())
