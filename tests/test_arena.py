"""The arena: seeded bot-against-bot studies that print the same numbers wherever they run.

What a rule designer relies on: the same command prints the same figures; splitting the games
over processes or a Dask cluster changes nothing; intervals are sane; team games are counted
by team; events in the structured log are counted; a bot level works as soon as a game
registers it; bots get their seat's view and nothing else.
"""

import json
import logging
import sys
from pathlib import Path

import pytest

import engine
from engine import IllegalAction, arena, arena_runner
from engine.__main__ import main
from engine.bots import Bot, RandomBot
from engine.game import Game

ROOT = Path(__file__).resolve().parents[1]


def study(game="matatu", **settings):
    return arena.check_study({"game": game, "seed": 11, "games": 12, **settings})


def run_cli(capsys, *args) -> str:
    assert main(["arena", *args]) == 0
    return capsys.readouterr().out


# ---- reproducible ------------------------------------------------------------------------------


def test_the_same_command_prints_the_same_numbers(capsys):
    args = ["matatu", "--bots", "basic,random,random", "--games", "30", "--seed", "4"]
    first = run_cli(capsys, *args)
    assert run_cli(capsys, *args) == first
    assert "seat 1 basic" in first and "95% Wilson" in first
    assert run_cli(capsys, *args[:-1], "5") != first  # another seed, other games


def test_any_split_into_chunks_gives_the_same_tally():
    chosen = study("matchmaster", bots="basic,random,random", games=9)
    whole = arena.run_study(chosen, chunk_size=9)
    for size in (1, 2, 4):
        assert arena.run_study(chosen, chunk_size=size) == whole
    records = [arena.play_game(chosen, index) for index in range(9)]
    assert arena.tally_records(chosen, records) == whole
    assert [r["seed"] for r in records] == list(range(11, 20))


def test_two_local_processes_equal_one(capsys):
    args = ["matatu", "--bots", "basic,random,basic,random", "--games", "40", "--seed", "2",
            "--json"]
    one = json.loads(run_cli(capsys, *args, "--workers", "1"))
    two = json.loads(run_cli(capsys, *args, "--workers", "2", "--chunk-size", "3"))
    assert one == two
    assert one["games"] == 40 and one["finished"] == 40


@pytest.mark.parametrize("processes", [
    False,  # two workers in this process: about a second
    # Worker processes, as on a real cluster, so tasks and tallies are pickled across; a
    # few seconds idle, but spawning two interpreters is slow on a busy 2-core machine.
    pytest.param(True, marks=pytest.mark.slow)])
def test_a_local_dask_cluster_gives_the_same_totals_as_this_process(processes):
    distributed = pytest.importorskip("distributed")
    chosen = study("match_maker", bots="basic,easy,random", games=16)
    here = arena.run_study(chosen)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                                  dashboard_address=None, worker_dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster:
        there = arena_runner.run(chosen, scheduler=cluster.scheduler_address, chunk_size=3)
    assert there == here
    assert arena.summarize(chosen, there) == arena.summarize(chosen, here)


def test_without_distributed_the_scheduler_option_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(SystemExit, match="requirements-cluster.txt"):
        arena_runner.run(study(), scheduler="tcp://127.0.0.1:1")


def test_an_unreachable_scheduler_is_named():
    pytest.importorskip("distributed")
    with pytest.raises(SystemExit, match="No Dask scheduler answered at tcp://127.0.0.1:9"):
        arena_runner.run_on_cluster(study(), "tcp://127.0.0.1:9", connect_timeout="1s")


def test_the_cluster_extra_and_the_test_tools_pin_the_same_distributed():
    def pins(name):
        lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
        return {line.strip() for line in lines if line.startswith("distributed")}

    assert pins("requirements-cluster.txt") == pins("requirements-test.txt") != set()


def test_workers_running_another_engine_are_refused():
    class Cluster:  # a client whose one worker reports another engine fingerprint
        def run_on_scheduler(self, function):
            return function()

        def run(self, function):
            return {"tcp://old-worker:4000": "0123456789abcdef", "tcp://new-worker:4001":
                    function()}

    with pytest.raises(SystemExit, match="1 of the cluster's workers run another version"):
        arena_runner._check_cluster(Cluster())


# ---- the numbers -------------------------------------------------------------------------------


def test_wilson_intervals_are_sane():
    assert arena.wilson_interval(0, 10)[0] == 0.0
    assert arena.wilson_interval(10, 10)[1] == 1.0
    low, high = arena.wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = arena.wilson_interval(0, 10)
    assert high == pytest.approx(0.2775, abs=1e-4)
    for wins, n in ((3, 7), (61, 100), (0.5, 2), (999, 1000)):
        low, high = arena.wilson_interval(wins, n)
        assert 0 <= low <= wins / n <= high <= 1
    # More games, a narrower interval around the same rate.
    assert arena.wilson_interval(600, 1000)[1] - arena.wilson_interval(600, 1000)[0] < \
        arena.wilson_interval(60, 100)[1] - arena.wilson_interval(60, 100)[0]


def test_win_rates_add_up_and_lengths_and_scores_are_consistent():
    chosen = study("matatu", bots="basic,random,random,random", games=40)
    summary = arena.summarize(chosen, arena.run_study(chosen))
    assert sum(row["win_rate"] for row in summary["seats"]) == pytest.approx(1.0)
    assert summary["seats"][0]["win_rate"] > 0.5  # basic beats three random players
    for row in summary["seats"]:
        low, high = row["interval"]
        assert low <= row["win_rate"] <= high
        score = row["score"]
        assert score["min"] <= score["mean"] <= score["max"]
    length = summary["length"]
    assert length["min"] <= length["median"] <= length["p95"] <= length["max"]
    assert sum(games for _, games in length["histogram"]) == 40
    assert sum(summary["reasons"].values()) == 40
    assert summary["actions"]["play"]["share_of_games"] == 1.0


def test_matchmakers_is_counted_by_team():
    chosen = study("matchmakers", bots="basic,random,basic,random", games=6)
    assert chosen["teams"] == [[0, 2], [1, 3]]
    summary = arena.summarize(chosen, arena.run_study(chosen))
    teams = summary["teams"]
    assert [team["seats"] for team in teams] == [[0, 2], [1, 3]]
    assert teams[0]["bots"] == ["basic", "basic"]
    assert sum(team["win_rate"] for team in teams) == pytest.approx(1.0)
    assert teams[0]["win_rate"] > teams[1]["win_rate"]
    for row in summary["seats"]:  # a seat wins when its team does
        assert row["win_rate"] == teams[row["team"]]["win_rate"]
    # Two players: each is a team of one, so there is no team table.
    assert study("matchmakers", players=2, bots="basic")["teams"] is None


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_the_command_runs_for_every_game(capsys, game_id):
    text = run_cli(capsys, game_id, "--games", "2", "--seed", "3")
    assert "win rate over 2 finished games" in text and "game length (moves)" in text
    summary = json.loads(run_cli(capsys, game_id, "--games", "2", "--seed", "3", "--json"))
    assert summary["games"] == 2 and len(summary["seats"]) == summary["study"]["players"]


def test_bad_studies_are_refused_with_a_reason(capsys):
    assert main(["arena", "matatu", "--bots", "genius"]) == 2
    assert "no bot level 'genius'" in capsys.readouterr().err
    for settings, reason in (({"bots": "basic,basic", "players": 3}, "2 bots for 3 players"),
                             ({"options": {"jokers": "yes"}}, "cannot be"),
                             ({"games": 0}, "number of games"),
                             ({"game": "chess"}, "no game called")):
        with pytest.raises(IllegalAction, match=reason):
            arena.check_study({"game": "matatu", **settings})


# ---- a game of our own: structured log, ties, simultaneous decisions, a new bot level ----------


class Guess(Game):
    """Three seats pick high or low in secret, at once; the picks are revealed and each seat
    scores its pick plus a die; the highest score wins and ties are common."""

    id = "guess"
    title = "Guess"
    min_players = max_players = default_players = 3
    RULE_VERSIONS = [{"id": "guess-v1", "title": "Guess", "sections": []}]
    ACTIONS = {"pick": {"value": "int"}}
    STATE = ("picks", "scores")

    def setup(self):
        self.picks = [None] * self.players
        self.scores = None

    @property
    def pending(self):
        return [] if self.over else [s for s in range(self.players) if self.picks[s] is None]

    @property
    def to_move(self):
        pending = self.pending
        return pending[0] if pending else None

    def actions_for(self, seat):
        if self.picks[seat] is not None:
            return []
        return [{"type": "pick", "seat": seat, "value": value} for value in (0, 1)]

    def perform(self, action):
        self.picks[action["seat"]] = action["value"]
        self.say("picked", action["seat"], only=[action["seat"]], value=action["value"])
        if None not in self.picks:
            self.scores = [pick + self.rng.randbelow(2) for pick in self.picks]
            self.say("revealed", picks=list(self.picks), rule="guess.1")

    def table_view(self, seat):
        others_done = [self.picks[s] is not None for s in range(self.players)]
        return {"mine": None if seat is None else self.picks[seat], "picked": others_done,
                "scores": self.scores}

    @property
    def over(self):
        return self.scores is not None

    def result(self):
        if not self.over:
            return None
        best = max(self.scores)
        return {"scores": list(self.scores), "reason": "revealed",
                "winners": [s for s, v in enumerate(self.scores) if v == best]}


class Nosy(Bot):
    """Checks it is given its own seat's view, and that the view hides the others' picks."""

    seen = []

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view, legal_actions):
        seat = legal_actions[0]["seat"]
        assert view["seat"] == seat and "picks" not in view
        assert all(entry.get("seat") == seat for entry in view["log"]
                   if entry["kind"] == "picked")
        Nosy.seen.append(seat)
        return {"type": "pick", "seat": seat, "value": 1}  # equal to a legal one, not it


@pytest.fixture
def guess(monkeypatch):
    Guess.BOTS = {"random": RandomBot, "strong": Nosy}  # "strong": a level registered today
    monkeypatch.setitem(engine.GAMES, "guess", Guess)  # the registry arena reads too
    Nosy.seen = []
    return Guess


def test_events_ties_and_simultaneous_picks_are_counted(guess):
    chosen = arena.check_study({"game": "guess", "bots": "strong,random,random", "games": 60,
                                "seed": 1})
    summary = arena.summarize(chosen, arena.run_study(chosen))
    assert Nosy.seen and set(Nosy.seen) == {0}
    events = summary["events"]
    assert events["picked"]["total"] == 180 and events["picked"]["per_game"] == 3
    assert events["revealed"]["share_of_games"] == 1.0
    assert summary["rules"]["guess.1"]["total"] == 60
    assert summary["untyped_log"]["total"] == 0
    # Ties share the win: the rates add up to the whole, and some wins were shared.
    assert sum(row["win_rate"] for row in summary["seats"]) == pytest.approx(1.0)
    assert sum(row["tied"] for row in summary["seats"]) > 0
    row = summary["seats"][0]
    assert row["outright"] + row["tied"] >= row["wins"] > row["outright"]
    assert summary["length"]["min"] == summary["length"]["max"] == 3
    text = arena.format_summary(summary)
    assert "revealed" in text and "rules cited in the log" in text


def test_text_log_entries_are_noted_not_counted():
    counted = arena.count_log([{"text": "Seat 1 plays 7H"}, {"kind": "played", "seat": 0},
                               {"kind": "played", "seat": 1, "only": [1]},
                               {"kind": "cut", "rule": "chopper.2"}])
    assert counted == {"events": {"played": 2, "cut": 1}, "rules": {"chopper.2": 1},
                       "untyped_log": 1}
