"""Where an arena study runs: this process, local processes, or a Dask distributed cluster.

The study itself is ``engine.arena`` (pure, the same code the browser's worker runs). Here its
chunks are handed out: to ``--workers N`` processes of this machine (multiprocessing), or to
the workers of a Dask cluster at ``--scheduler ADDRESS``. Every chunk returns a tally of
integer counts and the tallies are merged in seed order, so the summary is the same however
the games were split. ``distributed`` is an optional extra (``requirements-cluster.txt``):
it is imported only when a scheduler is given, and the engine never needs it.

The cluster's scheduler (which unpickles the tasks) and workers must import this same
engine: start them with a checkout of the same commit on ``PYTHONPATH``. Before sending
games the runner checks the scheduler can import it and compares a fingerprint of the
engine's source on every worker with its own, refusing to mix versions: a result that
depends on which worker played which seed is not a result.
"""

import hashlib
import json
import sys
import time
from pathlib import Path

from . import arena
from .errors import IllegalAction

CLUSTER_REQUIREMENTS = "requirements-cluster.txt"


def run(study: dict, workers: int = 1, scheduler: str | None = None,
        chunk_size: int | None = None) -> dict:
    """The study's merged tally, played here, on ``workers`` processes, or on a cluster."""
    if scheduler:
        return run_on_cluster(study, scheduler, chunk_size)
    if workers <= 1:
        return arena.run_study(study, chunk_size)
    return run_on_processes(study, workers, chunk_size)


def run_on_processes(study: dict, workers: int, chunk_size: int | None = None) -> dict:
    import multiprocessing  # only here: the browser's worker has no processes

    chunks = arena.plan(study, chunk_size or arena.default_chunk_size(study["games"], workers))
    # spawn: a fresh interpreter per process, safe whatever threads this one runs (fork is
    # not) and the same on every platform.
    with multiprocessing.get_context("spawn").Pool(min(workers, len(chunks))) as pool:
        # starmap keeps the chunks' order: the tallies are merged in seed order.
        tallies = pool.starmap(arena.run_chunk, [(study, first, count)
                                                 for first, count in chunks], chunksize=1)
    return arena.merge_tallies(tallies)


def run_on_cluster(study: dict, address: str, chunk_size: int | None = None,
                   connect_timeout: str = "20s") -> dict:
    try:
        from distributed import Client
    except ImportError:
        raise SystemExit(
            "--scheduler needs the optional package distributed (Dask): install it with"
            f" `python3 -m pip install -r {CLUSTER_REQUIREMENTS}` (the engine itself needs"
            " nothing beyond Python).") from None
    try:
        client = Client(address, timeout=connect_timeout)
    except (OSError, ValueError) as error:  # unreachable, or not an address
        raise SystemExit(f"No Dask scheduler answered at {address} ({error}).") from None
    with client:
        _check_cluster(client)
        threads = sum(client.nthreads().values()) or 1
        chunks = arena.plan(study, chunk_size or arena.default_chunk_size(study["games"],
                                                                            threads))
        futures = client.map(arena.run_chunk, [study] * len(chunks),
                             [first for first, _ in chunks], [count for _, count in chunks],
                             pure=False)
        tallies = client.gather(futures)  # in the order submitted: seed order
    return arena.merge_tallies(tallies)


def engine_fingerprint() -> str:
    """A digest of every engine source file: equal fingerprints, equal games."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _check_cluster(client) -> None:
    """The scheduler (which unpickles the tasks) and every worker must import this engine,
    and the workers must run exactly this version of it."""
    mine = engine_fingerprint()
    start = ("Start the scheduler and every worker with this repository on PYTHONPATH, e.g."
             " `PYTHONPATH=/path/to/matchbook dask scheduler` and `PYTHONPATH=/path/to/"
             "matchbook dask worker ADDRESS`, from a checkout of the same commit.")
    try:
        client.run_on_scheduler(engine_fingerprint)
    except Exception as error:  # noqa: BLE001 - any failure there means the same thing
        raise SystemExit(f"The cluster's scheduler cannot import Matchbook's engine"
                         f" ({type(error).__name__}: {error}). {start}") from None
    try:
        theirs = client.run(engine_fingerprint)
    except Exception as error:  # noqa: BLE001
        raise SystemExit(f"The cluster's workers cannot run Matchbook's engine"
                         f" ({type(error).__name__}: {error}). {start}") from None
    if not theirs:
        raise SystemExit("The cluster has no workers yet: start some with"
                         " `dask worker ADDRESS`, then run the study again.")
    other = {worker: print_ for worker, print_ in theirs.items() if print_ != mine}
    if other:
        worker, print_ = sorted(other.items())[0]
        raise SystemExit(
            f"{len(other)} of the cluster's workers run another version of the engine"
            f" ({worker} has {print_}, this checkout {mine}): start them from the same"
            " commit, or the results would depend on which worker played which seed.")


# ---- the command -----------------------------------------------------------------------------


def add_arguments(parser) -> None:
    parser.add_argument("game")
    parser.add_argument("--bots", help="bot levels by seat, comma separated (one level: every"
                        " seat); default: the game's first level")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt with seed + i")
    parser.add_argument("--players", type=int,
                        help="default: one per listed bot, or the game's default")
    parser.add_argument("--rules", help="rules version id (default: the newest)")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE",
                        help="a rule option, e.g. jokers=true (repeatable)")
    parser.add_argument("--workers", type=int, default=1,
                        help="local processes (default 1); the result does not change")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="a Dask scheduler, e.g. tcp://scheduler-host:8786 (needs"
                        f" {CLUSTER_REQUIREMENTS})")
    parser.add_argument("--chunk-size", type=int,
                        help="games per task (default: from games and workers)")
    parser.add_argument("--move-limit", type=int, default=arena.DEFAULT_MOVE_LIMIT,
                        help="a game still going after this many moves counts as unfinished")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def command(args, options: dict) -> int:
    """``python3 -m engine arena``: prints the summary on stdout (the same for the same
    study, wherever it ran) and the time it took on stderr."""
    if args.workers < 1:
        raise SystemExit("--workers is at least 1")
    if args.chunk_size is not None and args.chunk_size < 1:
        raise SystemExit("--chunk-size is at least 1")
    try:
        study = arena.check_study({
            "game": args.game, "bots": args.bots, "players": args.players,
            "rules": args.rules, "options": options, "games": args.games, "seed": args.seed,
            "move_limit": args.move_limit})
    except IllegalAction as error:
        print(error.reason, file=sys.stderr)
        return 2
    started = time.perf_counter()
    tally = run(study, args.workers, args.scheduler, args.chunk_size)
    elapsed = time.perf_counter() - started
    summary = arena.summarize(study, tally)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(arena.format_summary(summary))
    where = f"the cluster at {args.scheduler}" if args.scheduler else \
        f"{args.workers} process{'es' if args.workers > 1 else ''}"
    print(f"{study['games']} games in {elapsed:.1f} s on {where}"
          f" ({study['games'] / elapsed:.1f} games/s)", file=sys.stderr)
    return 0
