"""Property-based fuzz of everything that reaches the engine from outside (tests/fuzzing.py):
every case is either refused with a reason in words or accepted into a consistent game that
passes the game's own checks; never an internal error, an inconsistent game or a hidden card
shown to the wrong seat.

Each kind of input (requests, saves, replays, scenarios, actions, share links, lesson scripts,
deals) runs under the Hypothesis profile in force (tests/conftest.py): ``quick`` in
``bin/test --quick``, ``FULL_FACTOR`` times more in the full suite (``slow``), and
``HYPOTHESIS_PROFILE=long`` for a long local session. A failure prints a one-line
reproduction. Cases found once are kept in tests/data/fuzz_corpus.json and replayed here as
regression tests (``test_corpus_case``), through the service and through the engine's own
entry points. bench/fuzz_bench.py runs the same cases at scale and prints the counts.
"""

import json
import os
from pathlib import Path

import fuzzing
import pytest
from hypothesis import given, settings

import engine
from engine import limits

CORPUS = json.loads((Path(__file__).parent / "data" / "fuzz_corpus.json").read_text())
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


def check_case(case):
    outcome, detail = fuzzing.judge(case)
    if outcome not in ("refused", "accepted"):
        pytest.fail(f"{outcome}: {detail}\nreproduce: {fuzzing.reproduction(case)}",
                    pytrace=False)
    if outcome == "refused" and "Internal error" in detail:
        pytest.fail(f"an internal error: {detail}\nreproduce: {fuzzing.reproduction(case)}",
                    pytrace=False)


def run_kind(kind: str, factor: int = 1):
    examples = settings().max_examples * (1 if LONG else factor)

    @settings(max_examples=examples)
    @given(fuzzing.KINDS[kind]())
    def property_holds(case):
        check_case(case)

    property_holds()


@pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")
@pytest.mark.parametrize("kind", sorted(fuzzing.KINDS))
def test_hostile_input_is_refused_or_accepted_consistently(kind):
    run_kind(kind)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")
@pytest.mark.parametrize("kind", sorted(fuzzing.KINDS))
def test_more_hostile_input_is_refused_or_accepted_consistently(kind):
    run_kind(kind, fuzzing.FULL_FACTOR)


@pytest.mark.parametrize("entry", CORPUS, ids=[entry["why"][:50] for entry in CORPUS])
def test_corpus_case(entry):
    """A case found once (by the fuzz, or by hand in issue 28) stays refused in words: through
    the service, and handed as data straight to the engine as a host page's message is."""
    case = entry["case"]
    outcome, detail = fuzzing.judge(case)
    assert outcome == entry.get("outcome", "refused"), (detail, fuzzing.reproduction(case))
    if "says" in entry:
        assert entry["says"] in detail
    for request in case if isinstance(case, list) else [case]:
        data = request.get("scenario") or request.get("save") if isinstance(request, dict) \
            else None
        if isinstance(data, dict) and entry.get("outcome", "refused") == "refused":
            with pytest.raises(engine.IllegalAction):
                (engine.from_scenario if "position" in data else engine.load_game)(data)


def test_every_real_position_fits_its_declared_shape():
    """The shapes refuse nothing a game writes: every position ``to_scenario`` wrote for the
    fuzz material (bots' games of every game, every seat count) and every lesson loads."""
    for scenario in fuzzing.SCENARIOS:
        engine.from_scenario(scenario)


def test_the_limits_are_far_above_every_real_save():
    """The longest save of the material is far inside the input limits."""
    longest = max(fuzzing.SAVES, key=lambda save: len(json.dumps(save)))
    text = json.dumps(longest)
    assert len(text) * 4 < limits.MAX_JSON_BYTES
    assert limits.json_depth(text) * 3 < limits.MAX_DEPTH
    limits.check_value(longest)


def test_too_many_values_are_refused_in_words():
    """210,000 values (kept out of the corpus file for its size) pass MAX_ITEMS."""
    case = {"op": "scenario", "scenario": {"game": "matatu", "players": 2,
                                           "position": {"stock": list(range(210_000))}}}
    outcome, detail = fuzzing.judge(case)
    assert outcome == "refused" and f"more than {limits.MAX_ITEMS} values" in detail
