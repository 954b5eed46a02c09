"""A seeded fuzz of everything that reaches the engine from outside (tests/fuzzing.py): no case
may end in an internal error, an inconsistent game or a hidden card shown to the wrong seat.
bench/fuzz_bench.py runs 20,000 and more of the same cases and prints the counts."""

import fuzzing
import pytest
from hypothesis import HealthCheck, given, settings

QUICK_CASES = 2000


@pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")
@settings(max_examples=QUICK_CASES, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(fuzzing.cases())
def test_hostile_input_is_refused_or_accepted_consistently(request):
    outcome, detail = fuzzing.judge(request)
    assert outcome in ("refused", "accepted"), (outcome, detail, request)
