"""The arena: bots play many seeded games of one game and the results are summarised.

Pure Python and standard library only, so the command line (``python3 -m engine arena``), a
cluster of processes or Dask workers (``engine.arena_runner``) and the browser's engine
worker all run the same study code. The pipeline, every stage JSON-safe data:

    study = check_study({"game": "matatu", "bots": ["basic", "random"], "games": 200,
                         "seed": 1})              # validated, defaults filled in
    plan(study, chunk_size=50)                    # [(first game, count), ...]
    record = play_game(study, index)              # one game: moves, scores, winners, events
    tally = tally_records(study, records)         # integer counts only, so any split of the
    tally = merge_tallies([tally_a, tally_b])     # games into chunks merges to the same tally
    summary = summarize(study, tally)             # win rates with intervals, lengths, scores
    print(format_summary(summary))

Game ``index`` (0 to games - 1) is dealt with seed ``study["seed"] + index``, so one game of
a study can be replayed with ``python3 -m engine arena GAME --games 1 --seed ...``. Bots see
only their seat's view and legal actions; each seat's bot draws from its own generator,
derived from the game's seed and the seat, so changing one seat's bot leaves the other
seats' chances untouched. When several seats may act at once (secret bids, a simultaneous
exchange: ``game.pending``), they are asked one at a time in the engine's pending order, as
the site asks them; what a simultaneous decision must not reveal the views already hide.

Ties: a game won by k seats (or, in team games, k teams) gives each of them 1/k of a win, so
the win rates of all seats (or teams) add up to 100% of the finished games.
"""

import json
import math

from .bots import make_bot
from .errors import IllegalAction
from .game import MAX_SEED
from .games import GAMES
from .rng import SeededRng

MAX_GAMES = 1_000_000_000
DEFAULT_MOVE_LIMIT = 100_000
Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution
TIES = "a game won by k seats (or teams) gives each 1/k of a win"


# ---- the study -------------------------------------------------------------------------------


def check_study(data) -> dict:
    """A study from outside (a command line, a permalink), validated with reasons.

    Keys: ``game``; ``bots`` (a level per seat, or one level for every seat; default: the
    game's first level); ``players`` (default: one per listed bot, or the game's default);
    ``rules``; ``options``; ``games``; ``seed``; ``move_limit``. The result adds ``teams``
    (seat lists, or None when every seat plays for itself), derived from the game."""
    if not isinstance(data, dict):
        raise IllegalAction("A study is an object with a game, bots, games and a seed.")
    known = {"game", "bots", "players", "rules", "options", "games", "seed", "move_limit",
             "teams"}
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        raise IllegalAction(f"A study has no setting {unknown[0]!r}.")
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise IllegalAction(f"There is no game called {game_id!r}; known:"
                            f" {', '.join(sorted(GAMES))}.")
    cls = GAMES[game_id]
    levels = data.get("bots")
    if levels is None:
        levels = []
    if isinstance(levels, str):
        levels = [level.strip() for level in levels.split(",")]
    if not isinstance(levels, list) or not all(isinstance(level, str) for level in levels):
        raise IllegalAction("Bots are a list of levels, one per seat.")
    known_levels = list(cls.BOTS or {"random": None})
    for level in levels:
        if level not in known_levels:
            raise IllegalAction(f"{cls.title} has no bot level {level!r}; levels:"
                                f" {', '.join(known_levels)}.")
    players = data.get("players")
    if players is None:
        players = len(levels) if len(levels) > 1 else cls.default_players
    players = cls.check_players(players)
    if len(levels) > 1 and len(levels) != players:
        raise IllegalAction(f"{len(levels)} bots for {players} players: list one level per"
                            " seat, or one level for every seat.")
    if len(levels) <= 1:
        levels = [levels[0] if levels else known_levels[0]] * players
    games = _whole_number(data.get("games", 100), "The number of games", 1, MAX_GAMES)
    seed = _whole_number(data.get("seed", 0), "The seed", 0, MAX_SEED - games + 1)
    move_limit = _whole_number(data.get("move_limit", DEFAULT_MOVE_LIMIT), "The move limit",
                               1, 10 ** 9)
    # The first game checks rules, options and their combination with the player count.
    game = cls(players=players, seed=seed, rules=data.get("rules"),
               options=data.get("options"))
    return {"game": game_id, "players": players, "rules": game.rules,
            "options": dict(game.options), "bots": levels, "games": games, "seed": seed,
            "move_limit": move_limit, "teams": seat_teams(game)}


def _whole_number(value, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(f"{what} is a whole number from {low} to {high}.")
    return value


def seat_teams(game) -> list | None:
    """The teams as lists of seats, from the game's ``team_of`` (a game with partnerships
    declares it), or None when every seat plays for itself."""
    team_of = getattr(game, "team_of", None)
    if team_of is None:
        return None
    teams: dict = {}
    for seat in range(game.players):
        teams.setdefault(team_of(seat), []).append(seat)
    if all(len(seats) == 1 for seats in teams.values()):
        return None
    return [teams[team] for team in sorted(teams)]


def plan(study: dict, chunk_size: int) -> list:
    """The games split into consecutive chunks ``(first index, count)``, in seed order."""
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError("chunk_size is a whole number from 1")
    total = study["games"]
    return [(first, min(chunk_size, total - first)) for first in range(0, total, chunk_size)]


# ---- one game --------------------------------------------------------------------------------


def play_game(study: dict, index: int) -> dict:
    """Play game ``index`` of the study with its bots; its record (JSON-safe)."""
    steps = game_steps(study, index)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def game_steps(study: dict, index: int):
    """Game ``index`` of the study, one bot move per ``next()``; its record is the value the
    generator returns. A page that must answer Stop within a second plays a game a few moves
    at a time (the service's ``study_run`` with a time budget): the moves and the record are
    the same however the game is cut."""
    cls = GAMES[study["game"]]
    seed = study["seed"] + index
    game = cls(players=study["players"], seed=seed, rules=study["rules"],
               options=study["options"])
    bots = [make_bot(cls, level, SeededRng(f"arena:{seed}:{seat}"))
            for seat, level in enumerate(study["bots"])]
    actions = {}
    moves = 0
    limit = study["move_limit"]
    while not game.over and moves < limit:
        seat = game.pending[0]
        legal = game.legal_actions(seat)
        try:
            choice = bots[seat].choose(game.view(seat), legal)
            offered = next((action for action in legal if action == choice), None)
            if offered is not None:
                game.apply_trusted(offered)  # exactly what the engine offered: no re-check
            else:
                game.apply(choice)  # anything else is validated (and refused with a reason)
        except Exception as error:
            error.add_note(f"arena: {study['game']} seed {seed}, move {moves + 1}, seat"
                           f" {seat + 1} ({study['bots'][seat]} bot)")
            raise
        kind = game.actions[-1]["type"]
        actions[kind] = actions.get(kind, 0) + 1
        moves += 1
        yield moves
    result = game.result() if game.over else None
    record = {"seed": seed, "moves": moves, "finished": result is not None,
              "scores": list(result["scores"]) if result else None,
              "winners": sorted(result["winners"]) if result else [],
              "reason": result.get("reason") if result else None,
              "actions": actions}
    record.update(count_log(game.log))
    for name, times in game.outcome_counts().items():  # what no single log entry names
        record["events"][name] = record["events"].get(name, 0) + times
    return record


def count_log(entries) -> dict:
    """How often each kind of event was logged (``{"kind": ...}`` entries, private ones
    included: only their kind is counted), which rules the entries cite (a ``rule`` field),
    and how many entries carry no kind (the older ``{"text": ...}`` log)."""
    events, rules = {}, {}
    untyped = 0
    for entry in entries:
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if not isinstance(kind, str):
            untyped += 1
            continue
        events[kind] = events.get(kind, 0) + 1
        rule = entry.get("rule")
        if isinstance(rule, str):
            rules[rule] = rules.get(rule, 0) + 1
    return {"events": events, "rules": rules, "untyped_log": untyped}


# ---- tallies: integer counts that merge exactly ----------------------------------------------


def empty_tally(study: dict) -> dict:
    players = study["players"]
    teams = study["teams"]
    return {
        "games": 0, "finished": 0, "unfinished_seeds": [],
        "moves": {},  # histogram: json(moves) -> games
        # wins[seat][str(k)]: games that seat won with k winners (seats or teams) in all
        "seat_wins": [{} for _ in range(players)],
        "team_wins": [{} for _ in teams] if teams else None,
        "scores": [{} for _ in range(players)],  # histogram per seat: json(score) -> games
        "reasons": {},
        # name -> [times in all, games in which it happened at least once]
        "events": {}, "rules": {}, "actions": {},
        "untyped_log": [0, 0],
    }


def add_record(study: dict, tally: dict, record: dict) -> None:
    """Count one game's record into ``tally``."""
    tally["games"] += 1
    _bump(tally["moves"], json.dumps(record["moves"]))
    for name in ("events", "rules", "actions"):
        for key, times in record[name].items():
            _bump_pair(tally[name], key, times)
    if record["untyped_log"]:
        tally["untyped_log"][0] += record["untyped_log"]
        tally["untyped_log"][1] += 1
    if not record["finished"]:
        tally["unfinished_seeds"] = sorted(tally["unfinished_seeds"] + [record["seed"]])[:10]
        return
    tally["finished"] += 1
    if record["reason"] is not None:  # not every game says why it ended
        _bump(tally["reasons"], str(record["reason"]))
    for seat, score in enumerate(record["scores"]):
        _bump(tally["scores"][seat], json.dumps(score))
    winners = set(record["winners"])
    teams = study["teams"]
    if teams:
        won = [team for team, seats in enumerate(teams) if winners.intersection(seats)]
        for team in won:
            _bump(tally["team_wins"][team], str(len(won)))
        # A seat of a team game wins when its team does, with the same share.
        for team in won:
            for seat in teams[team]:
                _bump(tally["seat_wins"][seat], str(len(won)))
    else:
        for seat in winners:
            _bump(tally["seat_wins"][seat], str(len(winners)))


def _bump(counts: dict, key: str, by: int = 1) -> None:
    counts[key] = counts.get(key, 0) + by


def _bump_pair(counts: dict, key: str, times: int) -> None:
    pair = counts.setdefault(key, [0, 0])
    pair[0] += times
    pair[1] += 1 if times else 0


def tally_records(study: dict, records) -> dict:
    tally = empty_tally(study)
    for record in records:
        add_record(study, tally, record)
    return tally


def run_chunk(study: dict, first: int, count: int) -> dict:
    """Play games ``first`` to ``first + count - 1`` and return their tally: the unit of work
    a process, a Dask worker or the browser's worker runs."""
    tally = empty_tally(study)
    for index in range(first, first + count):
        add_record(study, tally, play_game(study, index))
    return tally


def merge_tallies(tallies) -> dict:
    """One tally from several (in seed order; the counts make the order irrelevant)."""
    tallies = list(tallies)
    merged = json.loads(json.dumps(tallies[0]))
    for tally in tallies[1:]:
        merged["games"] += tally["games"]
        merged["finished"] += tally["finished"]
        merged["unfinished_seeds"] = sorted(merged["unfinished_seeds"]
                                            + tally["unfinished_seeds"])[:10]
        for name in ("moves", "reasons"):
            _add_counts(merged[name], tally[name])
        for name in ("seat_wins", "team_wins", "scores"):
            for mine, theirs in zip(merged[name] or [], tally[name] or [], strict=True):
                _add_counts(mine, theirs)
        for name in ("events", "rules", "actions"):
            for key, (times, games) in tally[name].items():
                pair = merged[name].setdefault(key, [0, 0])
                pair[0] += times
                pair[1] += games
        merged["untyped_log"] = [a + b for a, b in zip(merged["untyped_log"],
                                                        tally["untyped_log"], strict=True)]
    return merged


def _add_counts(into: dict, counts: dict) -> None:
    for key, count in counts.items():
        into[key] = into.get(key, 0) + count


def run_study(study: dict, chunk_size: int | None = None, progress=None) -> dict:
    """The whole study in this process, chunk by chunk; ``progress(done, total)`` is called
    after each chunk and may return True to stop early (the tally then covers the games
    played). Returns the merged tally."""
    chunk_size = chunk_size or default_chunk_size(study["games"], 1)
    tallies = []
    for first, count in plan(study, chunk_size):
        tallies.append(run_chunk(study, first, count))
        if progress is not None and progress(first + count, study["games"]):
            break
    return merge_tallies(tallies)


def default_chunk_size(games: int, workers: int) -> int:
    """Enough chunks to keep every worker busy to the end, few enough to cost nothing."""
    return max(1, min(1000, math.ceil(games / (4 * max(1, workers)))))


# ---- the summary -----------------------------------------------------------------------------


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple:
    """Wilson's score interval for a proportion (shared wins may make ``successes``
    fractional; the formula only needs the observed proportion)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At p = 0 or 1 one bound is exactly 0 or 1; say so rather than 0.9999999999999999.
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return (low, high)


def _histogram(counts: dict) -> list:
    """``[[value, games], ...]`` sorted by value, from a tally histogram."""
    return sorted([json.loads(key), games] for key, games in counts.items())


def _distribution(counts: dict) -> dict | None:
    pairs = _histogram(counts)
    n = sum(games for _, games in pairs)
    if not n:
        return None

    def ranked(rank):  # the value of the rank-th smallest (from 1)
        seen = 0
        for value, games in pairs:
            seen += games
            if seen >= rank:
                return value
        return pairs[-1][0]

    middle = (ranked((n + 1) // 2) + ranked(n // 2 + 1)) / 2 if n % 2 == 0 \
        else ranked((n + 1) // 2)
    return {"mean": sum(value * games for value, games in pairs) / n,
            "median": middle, "p95": ranked(math.ceil(0.95 * n)),
            "min": pairs[0][0], "max": pairs[-1][0], "histogram": pairs}


def _wins(counts: dict, finished: int) -> dict:
    shared = sum(games / int(k) for k, games in sorted(counts.items(), key=lambda kv:
                                                          int(kv[0])))
    low, high = wilson_interval(shared, finished)
    return {"wins": shared, "outright": counts.get("1", 0),
            "tied": sum(games for k, games in counts.items() if k != "1"),
            "win_rate": shared / finished if finished else 0.0, "interval": [low, high]}


def summarize(study: dict, tally: dict) -> dict:
    """What the study found, as JSON-safe data (the CLI prints it; the Lab charts it)."""
    finished = tally["finished"]
    teams = study["teams"]
    team_of = {seat: team for team, seats in enumerate(teams or []) for seat in seats}
    seats = []
    for seat in range(study["players"]):
        row = {"seat": seat, "bot": study["bots"][seat], "team": team_of.get(seat)}
        row.update(_wins(tally["seat_wins"][seat], finished))
        row["score"] = _distribution(tally["scores"][seat])
        seats.append(row)
    team_rows = None
    if teams:
        team_rows = []
        for team, members in enumerate(teams):
            row = {"team": team, "seats": members,
                   "bots": [study["bots"][seat] for seat in members]}
            row.update(_wins(tally["team_wins"][team], finished))
            team_rows.append(row)
    games = tally["games"]

    def per_game(counts):
        return {key: {"total": times, "per_game": times / games, "games_with": with_it,
                      "share_of_games": with_it / games}
                for key, (times, with_it) in sorted(counts.items())}

    return {
        "study": study, "games": games, "finished": finished,
        "unfinished": games - finished, "unfinished_seeds": tally["unfinished_seeds"],
        "ties": TIES, "seats": seats, "teams": team_rows,
        "length": _distribution(tally["moves"]),
        "reasons": dict(sorted(tally["reasons"].items())),
        "events": per_game(tally["events"]), "rules": per_game(tally["rules"]),
        "actions": per_game(tally["actions"]),
        "untyped_log": {"total": tally["untyped_log"][0], "games_with": tally["untyped_log"][1]},
    }


# ---- as text ---------------------------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{100 * value:5.1f}%"


def _number(value) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.1f}"
    return str(int(value)) if isinstance(value, float) else str(value)


def _seats_text(seats) -> str:
    return "+".join(str(seat + 1) for seat in seats)


def format_summary(summary: dict) -> str:
    """The summary as the command line prints it (the same numbers for the same study)."""
    study = summary["study"]
    cls = GAMES[study["game"]]
    defaults = {spec["id"]: spec["default"] for spec in cls.OPTIONS}
    options = ", ".join(f"{key}={json.dumps(value)}" for key, value in
                        sorted(study["options"].items()) if value != defaults.get(key))
    last_seed = study["seed"] + study["games"] - 1
    lines = [f"{cls.title}: {summary['games']} games, {study['players']} players,"
             f" seeds {study['seed']}-{last_seed}, rules {study['rules']}",
             f"options: {options + ' (the others default)' if options else 'default'}",
             "bots: " + ", ".join(f"seat {row['seat'] + 1} {row['bot']}"
                                  for row in summary["seats"])]
    if summary["unfinished"]:
        lines.append(f"unfinished at the move limit ({study['move_limit']}):"
                     f" {summary['unfinished']} (seeds"
                     f" {', '.join(str(s) for s in summary['unfinished_seeds'])}"
                     f"{', ...' if summary['unfinished'] > 10 else ''}); left out below")
    lines.append("")
    lines.append(f"win rate over {summary['finished']} finished games with 95% Wilson"
                 f" intervals; {summary['ties']}:")
    width = max(len(row["bot"]) for row in summary["seats"])
    for row in summary["seats"]:
        team = f" team {_seats_text(summary['teams'][row['team']]['seats'])}" \
            if row["team"] is not None else ""
        lines.append(f"  seat {row['seat'] + 1} {row['bot']:<{width}}{team}"
                     f" {_percent(row['win_rate'])}  [{_percent(row['interval'][0])},"
                     f" {_percent(row['interval'][1])}]  won {row['outright']},"
                     f" tied {row['tied']}")
    if summary["teams"]:
        lines.append("teams (a seat wins when its team wins):")
        for row in summary["teams"]:
            name = f"seats {_seats_text(row['seats'])} ({', '.join(row['bots'])})"
            lines.append(f"  {name:<{width + 20}} {_percent(row['win_rate'])}"
                         f"  [{_percent(row['interval'][0])}, {_percent(row['interval'][1])}]"
                         f"  won {row['outright']}, tied {row['tied']}")
    length = summary["length"]
    lines.append("")
    lines.append(f"game length (moves): mean {length['mean']:.1f}, median"
                 f" {_number(length['median'])}, p95 {_number(length['p95'])},"
                 f" min {length['min']}, max {length['max']}")
    if summary["finished"]:
        lines.append("scores:      mean     min     max")
        for row in summary["seats"]:
            score = row["score"]
            lines.append(f"  seat {row['seat'] + 1} {score['mean']:9.1f} {_number(score['min']):>7}"
                         f" {_number(score['max']):>7}")
        if summary["reasons"]:
            lines.append("end reasons: " + ", ".join(f"{reason} {count}" for reason, count
                                                     in summary["reasons"].items()))
    lines.append("")
    untyped = summary["untyped_log"]
    if summary["events"] or not untyped["total"]:
        lines += _counts_text("events logged", summary["events"])
    if untyped["total"]:
        lines.append(f"events logged: not countable ({untyped['total']} log entries in"
                     f" {untyped['games_with']} games are text without a kind)")
    if summary["rules"]:
        lines += _counts_text("rules cited in the log", summary["rules"])
    lines += _counts_text("moves chosen", summary["actions"])
    return "\n".join(lines)


def _counts_text(title: str, counts: dict) -> list:
    lines = [f"{title} (per game, share of games with it):"]
    if not counts:
        lines.append("  none")
    width = max((len(name) for name in counts), default=0)
    for name, row in counts.items():
        lines.append(f"  {name:<{width}} {row['per_game']:8.2f}  {_percent(row['share_of_games'])}")
    return lines
