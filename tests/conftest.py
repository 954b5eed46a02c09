"""Shared test set-up: the tiers, and the rule-coverage list printed at the end of a run.

Tiers (pyproject.toml declares the markers):
- ``slow``: the long seeded simulations and soaks. ``bin/test --quick`` leaves them out;
  ``bin/test`` (and CI) runs everything.
- ``e2e``: everything under tests/e2e (added by tests/e2e/conftest.py); ``--quick`` keeps only
  the e2e tests also marked ``quick`` (a smoke test of each page).

Workers: bin/test runs two (pytest-xdist), the browser tests all in one of them (below).

Hypothesis profiles (the property-based fuzz, tests/test_fuzz.py), chosen with
``HYPOTHESIS_PROFILE``:
- ``quick`` (default): a few hundred cases of each kind, derandomized, so ``bin/test --quick``
  gives the same run every time; the ``slow`` fuzz tests (the full suite) run
  ``fuzzing.FULL_FACTOR`` times as many.
- ``long``: a long local session with fresh random cases each run, e.g.
  ``HYPOTHESIS_PROFILE=long bin/test -k fuzz``: 25,000 cases of each kind (``FUZZ_EXAMPLES``
  sets another number); a failure prints its one-line reproduction.
"""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

_SHARED = {"deadline": None, "database": None, "suppress_health_check": list(HealthCheck),
           "print_blob": False}
settings.register_profile("quick", max_examples=200, derandomize=True, **_SHARED)
settings.register_profile("long", max_examples=int(os.environ.get("FUZZ_EXAMPLES", 25_000)),
                          derandomize=False, **_SHARED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pytest-xdist is not installed: tests run in one process
    LoadScopeScheduling = None

if LoadScopeScheduling is not None:

    class BrowserTestsInOneWorker(LoadScopeScheduling):
        """bin/test's ``-n 2 --dist loadgroup``: every test under tests/e2e is one unit of work,
        so one worker runs the browser tests one after another while the other takes the
        CPython tests (one Chromium at a time, as on a player's machine: never two tables
        racing for the same two cores). Each other test is a unit of its own. Written here
        because xdist 3.8's own loadgroup renames items through ``_nodeid``, which pytest 9
        no longer reads: its groups silently did nothing."""

        def _split_scope(self, nodeid: str) -> str:
            return "tests/e2e" if nodeid.startswith("tests/e2e/") else nodeid

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_make_scheduler(config, log):
        if config.getvalue("dist") == "loadgroup":
            return BrowserTestsInOneWorker(config, log)
        return None


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Rule ids no test names: where a rulebook sentence or ruling may lack its test."""
    if config.getoption("collectonly") or not config.getoption("rule_coverage"):
        return
    from rule_citations import cited_by_tests, rule_leaf_ids

    import engine

    terminalreporter.section("rule ids no test cites")
    for game_id in sorted(engine.GAMES):
        missing = sorted(rule_leaf_ids(game_id) - cited_by_tests(game_id))
        total = len(rule_leaf_ids(game_id))
        terminalreporter.write_line(f"{game_id}: {total - len(missing)} of {total} cited;"
                                    f" not cited: {', '.join(missing) or 'none'}")


def pytest_addoption(parser):
    parser.addoption("--rule-coverage", action="store_true", default=False,
                     help="print the rule ids no test cites (bin/test always does)")

