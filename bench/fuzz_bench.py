"""Fuzz bench: the fuzz of tests/fuzzing.py at scale, with the counts by outcome.

    .venv/bin/python bench/fuzz_bench.py [--cases 20000] [--seed 0]

Each case sends hostile input through the engine's JSON service the way the browser does
(requests, saves, scenarios, actions, share links, for every game) and ends in one outcome:
refused (a clean refusal), accepted (and the game it left is consistent), bug (an internal
error), inconsistent (cards not conserved, nobody able to move, a save that does not load
back) or leak (a view shows a seat a card it may not see). Prints the counts, the kinds of
request behind each, the first few examples of any bad outcome, and a BENCH_JSON line.
Asserts nothing: tests/test_fuzz.py runs a few thousand of the same cases as a test.
"""

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzzing  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    outcomes = Counter()
    by_op = Counter()
    examples = {}

    @seed(args.seed)
    @settings(max_examples=args.cases, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(fuzzing.cases())
    def run(request):
        outcome, detail = fuzzing.judge(request)
        outcomes[outcome] += 1
        by_op[(outcome, fuzzing.op_of(request))] += 1
        if outcome not in ("refused", "accepted"):
            examples.setdefault(outcome, []).append((detail, json.dumps(request)[:300]))

    started = time.perf_counter()
    run()
    seconds = time.perf_counter() - started
    total = sum(outcomes.values())
    print(f"fuzz: {total} cases in {seconds:.1f} s (seed {args.seed})")
    for outcome in fuzzing.OUTCOMES:
        print(f"  {outcome:13} {outcomes[outcome]:7d}")
    print("  by request (outcome, op):")
    for (outcome, op), count in sorted(by_op.items()):
        print(f"    {outcome:13} {op:16} {count}")
    for outcome, found in examples.items():
        print(f"first {outcome} cases:")
        for detail, request in found[:5]:
            print(f"  {detail}\n    {request}")
    print("BENCH_JSON " + json.dumps({"cases": total, "seconds": round(seconds, 1),
                                      **{o: outcomes[o] for o in fuzzing.OUTCOMES}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
