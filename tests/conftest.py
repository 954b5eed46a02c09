"""Shared test set-up: the tiers, and the rule-coverage list printed at the end of a run.

Tiers (pyproject.toml declares the markers):
- ``slow``: the long seeded simulations and soaks. ``bin/test --quick`` leaves them out;
  ``bin/test`` (and CI) runs everything.
- ``e2e``: everything under tests/e2e (added by tests/e2e/conftest.py); ``--quick`` keeps only
  the e2e tests also marked ``quick`` (a smoke test of each page).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


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

