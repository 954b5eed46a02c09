"""Search bot figures: playouts per second (the fast path), Matchmaster against OpenSpiel's
``oh_hell``, decision time, and the strong bot's win rate against basic bots.

    .venv/bin/python bench/bots_bench.py playouts [--seconds 1] [--pairs 6]
    .venv/bin/python bench/bots_bench.py ratio [--pairs 6]
    .venv/bin/python bench/bots_bench.py strength [--games 1000] [--workers 2] [--only GAME]
                                                  [--seconds S] [--reference]
    .venv/bin/python bench/bots_bench.py decisions [--games 3]
    .venv/bin/python bench/bots_bench.py oracle [--games 40] [--only GAME]
                                                [--sight all|hands|stock]
    .venv/bin/python bench/bots_bench.py inference [--games 10] [--only GAME]

``playouts``: uniformly random playouts per second from a fresh deal, per game, on two paths:
the validated-engine path a bot would have used before (``copy()``, ``legal_actions``,
``apply_trusted``: full log, action dicts) and the fast path (``copy(quiet=True)``, ``moves``,
``play_move``). Run it with an older checkout first on ``PYTHONPATH`` to measure that engine
(``PYTHONPATH=/path/to/old bench/bots_bench.py playouts``): a path the engine lacks is
skipped. A playout is one round (Matatu, Matchmaster's first 7-card round, Matchmakers' first
round, exchange included) or, for The Match-Maker, the whole game.

``ratio``: Matchmaster's random playouts of one 7-card round against OpenSpiel's ``oh_hell``
(4 players, 7 tricks, off_bid_penalty), in alternating pairs of the same length, CPU time,
in this one process; the median ratio is printed. Theirs: ``clone``, then ``legal_actions``
and ``apply_action`` to the end (the C++ game driven from Python, as a Python search bot on
OpenSpiel plays out). Ours, first as the search bot plays out (``fast.Round``: one round on
integers, random bids and cards), then through the game's own moves, twice: the last round
of a game (round 13 has 7 cards and ends the game, as ``oh_hell`` ends after its one round)
and the first round (which then deals round 2). Every side chooses with ``random.Random``.

``strength``: the strong bot against basic bots at each game's usual table (Matatu 4,
Matchmaster 4, Matchmakers 4 with a strong team and 2, The Match-Maker 3), through the arena
(engine/arena.py: seeded, reproducible), with 95% Wilson intervals. ``--reference`` plays
the same seeds again with the basic bot in the strong seat: what that seat wins without
the search (Matatu's first seat wins 26.5% over seeds 1-1000, not 25%).

``oracle``: the strong bot's win rate as shipped beside the same search handed the true game
as its only world (every hidden card in sight): what the hidden cards are worth. ``--sight
hands`` shows it every hand but shuffles the stock, ``--sight stock`` the stock's order but
deals the other hands afresh from their cards (Matatu): which of the two is worth more.

``inference``: how much of the others' hands the search's worlds get right. At every
decision of the strong bot's seat in games of basic bots (the same games for every sampler),
worlds are dealt three ways: uniformly (every unseen card anywhere it fits), with the
adapter's constraints (voids, Matatu's deductions, the exchange), and with those and the
adapter's likelihood (Matchmaster's bids), kept as the search keeps them. Printed: the share
of the others' held cards that a world puts in the right hand, beside the share a random
deal gets. A deduction the search is given but that moves this figure little cannot move the
win rate much either.

``decisions``: CPU time per strong-bot decision (those with more than one candidate) in a few
games per table, p50 and p95.

Prints figures; asserts nothing about time (DESIGN.md: benchmarks are not tests).
"""

import argparse
import json
import os
import random
import statistics
import sys
import time

if __package__ in (None, ""):  # run as a script: make the repository root importable
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if here not in sys.path and not os.environ.get("PYTHONPATH"):
        sys.path.insert(0, here)

import engine  # noqa: E402

# game id -> (players, options, whether a playout is over: game, the round it began in)
TABLES = {
    "matatu": (4, {}, lambda game, start: game.over),
    "matchmaster": (4, {}, lambda game, start: game.over or game.round != start.round),
    "matchmakers": (4, {}, lambda game, start: game.over or game.round != start.round),
    "matchmakers-2p": (2, {}, lambda game, start: game.over or game.round != start.round),
    "match_maker": (3, {}, lambda game, start: game.over),
}
STRENGTH = [  # (label, game, bots): the strong bot's seat (or team) is seat 1 (with seat 3)
    ("Matatu, 4 players", "matatu", "strong,basic,basic,basic"),
    ("Matchmaster, 4 players", "matchmaster", "strong,basic,basic,basic"),
    ("Matchmakers, 4 players (team 1+3 strong)", "matchmakers", "strong,basic,strong,basic"),
    ("Matchmakers, 2 players", "matchmakers", "strong,basic"),
    ("The Match-Maker, 3 players", "match_maker", "strong,basic,basic"),
]


def _cpu() -> float:
    return time.process_time()


def playout_rate(name: str, seconds: float, fast: bool, seed: int = 2024) -> dict | None:
    """Random playouts per CPU second of one table, on the fast path or the old one."""
    game_id = name.split("-")[0]
    if game_id not in engine.GAMES:
        return None
    players, options, over = TABLES[name]
    start = engine.new_game(game_id, players=players, seed=seed, options=options)
    if fast and not hasattr(start, "play_move"):
        return None  # an engine from before the fast path
    chooser = random.Random(7)
    playouts = moves = 0
    began = _cpu()
    while _cpu() - began < seconds:
        if fast:
            game = start.copy(quiet=True)
            while not over(game, start):
                seat = game.pending[0]
                options_now = game.moves(seat)
                game.play_move(seat, options_now[int(chooser.random() * len(options_now))])
                moves += 1
        else:
            game = start.copy()
            while not over(game, start):
                seat = game.pending[0]
                legal = game.legal_actions(seat)
                game.apply_trusted(legal[int(chooser.random() * len(legal))])
                moves += 1
        playouts += 1
    elapsed = _cpu() - began
    return {"playouts_per_second": playouts / elapsed, "moves_per_second": moves / elapsed,
            "moves_per_playout": moves / max(1, playouts)}


def cmd_playouts(args) -> None:
    print(f"Python {sys.version.split()[0]}; engine {os.path.dirname(engine.__file__)}")
    print("random playouts per CPU second (moves per playout):")
    for name in TABLES:
        cells = []
        for fast in (False, True):
            rates = [playout_rate(name, args.seconds, fast) for _ in range(args.pairs)]
            if rates[0] is None:
                cells.append("        n/a")
                continue
            rate = statistics.median(r["playouts_per_second"] for r in rates)
            cells.append(f"{rate:9.1f}/s ({rates[0]['moves_per_playout']:.0f})")
        print(f"  {name:15} old path {cells[0]}   fast path {cells[1]}")
    start = engine.new_game("matchmaster", players=4, seed=2024)
    rates = [ours_fast(start, args.seconds, random.Random(run)) for run in range(args.pairs)]
    if rates[0] is not None:
        print(f"  matchmaster on the search bot's own round (fast.Round, random play):"
              f" {statistics.median(rates):9.1f}/s")


def matchmaster_at(round_number: int, seed: int = 2024):
    """A freshly dealt 4-player Matchmaster round (7 cards in rounds 1 and 13)."""
    game = engine.new_game("matchmaster", players=4, seed=seed)
    if round_number == 1:
        return game
    scenario = {"game": "matchmaster", "players": 4, "seed": seed,
                "position": {"round": round_number, "dealer": 1,
                             "hands": [list(hand) for hand in game.hands]}}
    return engine.from_scenario(scenario)


def ours(start, seconds: float, chooser) -> float:
    fast = hasattr(start, "play_move")
    first = start.round
    playouts = 0
    began = _cpu()
    while _cpu() - began < seconds:
        game = start.copy(quiet=True) if fast else start.copy()
        while game.round == first and not game.over:
            seat = game.pending[0]
            if fast:
                moves = game.moves(seat)
                game.play_move(seat, moves[int(chooser.random() * len(moves))])
            else:
                legal = game.actions_for(seat)
                game.apply_trusted(legal[int(chooser.random() * len(legal))])
        playouts += 1
    return playouts / (_cpu() - began)


def ours_fast(start, seconds: float, chooser) -> float | None:
    """The search bot's own playout of one round (engine/games/matchmaster/fast.py): a copy
    of the round on integers, played out with uniformly random bids and cards."""
    try:
        from engine.games.matchmaster.fast import Round
    except ImportError:
        return None  # an engine from before the fast round
    base = Round.from_game(start)
    random_number = chooser.random
    playouts = 0
    began = _cpu()
    while _cpu() - began < seconds:
        base.copy().play_random(random_number)
        playouts += 1
    return playouts / (_cpu() - began)


def theirs(seconds: float, chooser) -> float:
    import pyspiel  # test-only dependency (requirements-test.txt)

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7,
                                         "off_bid_penalty": True})
    dealt = game.new_initial_state()
    while dealt.is_chance_node():  # deal once, as ours starts from a dealt round
        dealt.apply_action(chooser.choice([o for o, _ in dealt.chance_outcomes()]))
    playouts = 0
    began = _cpu()
    while _cpu() - began < seconds:
        state = dealt.clone()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(chooser.random() * len(legal))])
        playouts += 1
    return playouts / (_cpu() - began)


def cmd_ratio(args) -> None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed here (pip install open-spiel, or use .venv/bin/python)")
        return
    last, first = matchmaster_at(13), matchmaster_at(1)
    rows = []
    for pair in range(args.pairs):
        chooser = random.Random(pair)
        if pair % 2:  # alternate who goes first, so drift in the machine's speed evens out
            peer = theirs(args.seconds, chooser)
            fast = ours_fast(first, args.seconds, chooser)
            a, b = ours(last, args.seconds, chooser), ours(first, args.seconds, chooser)
        else:
            a, b = ours(last, args.seconds, chooser), ours(first, args.seconds, chooser)
            fast = ours_fast(first, args.seconds, chooser)
            peer = theirs(args.seconds, chooser)
        rows.append((a, b, fast, peer))
        fast_text = "" if fast is None else f", fast round {fast:7.0f}/s ({fast / peer:.3f}x)"
        print(f"  pair {pair + 1}: oh_hell {peer:7.0f}/s{fast_text}; through the game's moves:"
              f" {a:6.0f}/s last round ({a / peer:.3f}x), {b:6.0f}/s first round"
              f" ({b / peer:.3f}x)")
    print(f"Matchmaster / OpenSpiel oh_hell, median of {len(rows)} pairs:")
    if rows[0][2] is not None:
        print(f"  the search bot's playout (fast.Round, one random round):"
              f" {statistics.median(f / p for _, _, f, p in rows):.3f}x")
    print(f"  through the game's own moves (copy(quiet=True), moves, play_move):"
          f" {statistics.median(a / p for a, _, _, p in rows):.3f}x last round (ends the game"
          f" like oh_hell), {statistics.median(b / p for _, b, _, p in rows):.3f}x first round"
          " (then deals round 2)")


def cmd_strength(args) -> None:
    from engine import arena, arena_runner

    for label, game_id, bots in STRENGTH:
        if args.only and args.only not in (game_id, label):
            continue
        if game_id not in engine.GAMES or "strong" not in engine.GAMES[game_id].BOTS:
            print(f"{label}: no strong bot here")
            continue
        sides = [("strong", bots)]
        if args.reference:  # the same seeds with the basic bot in the strong seat(s)
            sides.append(("basic in its seat", bots.replace("strong", "basic")))
        for name, table in sides:
            study = arena.check_study({"game": game_id, "bots": table, "games": args.games,
                                       "seed": args.seed})
            began = time.perf_counter()
            if args.seconds:
                # Seeds in order, one game at a time, until the table's time is spent: a shared
                # machine gets as many games as fit, still the same games for the same seeds.
                tally = arena.run_study(study, chunk_size=1,
                                        progress=lambda done, total, began=began:
                                        time.perf_counter() - began > args.seconds)
            else:
                tally = arena_runner.run(study, workers=args.workers)
            summary = arena.summarize(study, tally)
            row = summary["teams"][0] if summary["teams"] else summary["seats"][0]
            low, high = row["interval"]
            print(f"{label}: {name} {row['win_rate']:.1%} [{low:.1%}, {high:.1%}] over"
                  f" {summary['finished']} games (seeds {args.seed}-"
                  f"{args.seed + tally['games'] - 1}, won {row['outright']}, tied"
                  f" {row['tied']}) [{time.perf_counter() - began:.0f} s]", flush=True)
            if args.json:
                print("STRENGTH_JSON " + json.dumps({"label": label, "game": game_id,
                                                     "bots": table, "side": name,
                                                     "win_rate": row["win_rate"],
                                                     "interval": row["interval"],
                                                     "games": summary["finished"]}))


def cmd_oracle(args) -> None:
    """The same search, seat 1 against basic bots, once as shipped and once given the true
    game as its only world (every hand and the stock's order in sight, which no player has):
    how much of the gap to a sure win is what the hidden cards are worth. A bench-only
    experiment: the engine's bots never see the game."""
    from engine import search
    from engine.bots import make_bot
    from engine.rng import SeededRng

    real = {}

    def true_world(bot, view, dealer, legal_actions, seat):
        scenario = real["game"].to_scenario()
        position = scenario["position"]
        if args.sight != "all":
            # Half the truth: every hand but the stock's order shuffled ("hands"), or the
            # stock's order but the other hands dealt afresh from their cards ("stock").
            if args.sight == "hands":
                stock = list(position["stock"])
                bot.rng.shuffle(stock)
                position["stock"] = stock
            else:
                hands = position["hands"]
                cards = [card for other, hand in enumerate(hands) if other != seat
                         for card in hand]
                bot.rng.shuffle(cards)
                for other, hand in enumerate(hands):
                    if other != seat:
                        hands[other], cards = cards[:len(hand)], cards[len(hand):]
            scenario["rng"] = str(bot.rng.next_u64())  # and a future of the world's own
        return bot.adapter.prepare(engine.from_scenario(scenario))

    for label, game_id, bots in STRENGTH:
        if args.only and args.only not in (game_id, label):
            continue
        levels = bots.split(",")
        cls = engine.GAMES[game_id]
        rates = []
        if args.sight != "all" and "stock" not in engine.new_game(
                game_id, players=len(levels), seed=1).to_scenario()["position"]:
            print(f"{label}: --sight {args.sight} needs a stock and hands (Matatu)")
            continue
        for oracle in (False, True):
            won = 0.0
            for number in range(args.games):
                seed = args.seed + number
                game = cls(players=len(levels), seed=seed)
                seats = [make_bot(cls, level, SeededRng(f"arena:{seed}:{seat}"))
                         for seat, level in enumerate(levels)]
                if oracle:
                    for bot in seats:
                        if isinstance(bot, search.SearchBot):
                            bot._start = true_world.__get__(bot)
                while not game.over:
                    seat = game.pending[0]
                    real["game"] = game
                    game.apply(seats[seat].choose(game.view(seat), game.legal_actions(seat)))
                result, hero = game.result(), levels.index("strong")
                if result.get("winning_teams") is not None:  # ties share the win (arena)
                    teams = result["winning_teams"]
                    won += (game.team_of(hero) in teams) / len(teams)
                else:
                    won += (hero in result["winners"]) / len(result["winners"])
            rates.append(won / args.games)
        sight = {"all": "seeing every card", "hands": "seeing every hand (not the stock)",
                 "stock": "seeing the stock's order (not the hands)"}[args.sight]
        print(f"{label}: strong {rates[0]:.1%} as shipped, {rates[1]:.1%} {sight}"
              f" ({args.games} games, seeds {args.seed}-{args.seed + args.games - 1})",
              flush=True)


def cmd_decisions(args) -> None:
    from engine.bots import make_bot
    from engine.rng import SeededRng

    for label, game_id, bots in STRENGTH:
        if game_id not in engine.GAMES or "strong" not in engine.GAMES[game_id].BOTS:
            continue
        levels = bots.split(",")
        cls = engine.GAMES[game_id]
        times = []
        for number in range(args.games):
            game = cls(players=len(levels), seed=args.seed + number)
            seats = [make_bot(cls, level, SeededRng(f"bench:{number}:{seat}"))
                     for seat, level in enumerate(levels)]
            while not game.over:
                seat = game.pending[0]
                legal = game.legal_actions(seat)
                began = _cpu()
                action = seats[seat].choose(game.view(seat), legal)
                if levels[seat] == "strong" and len(legal) > 1:
                    times.append(_cpu() - began)
                game.apply(action)
        times.sort()
        print(f"{label}: {len(times)} decisions, p50 {times[len(times) // 2] * 1000:.0f} ms,"
              f" p95 {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms CPU")


def cmd_inference(args) -> None:
    """The share of the others' hand cards a world deals to the right hand (module docstring),
    uniformly, with the constraints, and with the constraints and the likelihood."""
    from engine import search
    from engine.bots import make_bot
    from engine.rng import SeededRng

    def uniform(slots):
        return [search.Slot(slot.name, slot.size, known=slot.known) for slot in slots]

    def held_by(dealt, other):
        return set(dealt.get(("hand", other), [])) | set(dealt.get(("held", other), []))

    for label, game_id, bots in STRENGTH:
        if args.only and args.only not in (game_id, label):
            continue
        levels = bots.split(",")
        cls = engine.GAMES[game_id]
        hero = levels.index("strong")
        adapter = cls.BOTS["strong"]().adapter
        if "hands" not in engine.new_game(game_id, players=len(levels),
                                          seed=1).to_scenario()["position"]:
            print(f"{label}: no hands to deal (what is hidden lies on the table)")
            continue
        rng = SeededRng(f"inference:{args.seed}")
        right = {"uniform": 0.0, "constraints": 0.0}
        if type(adapter).likelihood is not search.Adapter.likelihood:
            right["constraints and likelihood"] = 0.0
        cards = decisions = 0
        for number in range(args.games):
            game = cls(players=len(levels), seed=args.seed + number)
            seats = [make_bot(cls, "basic", SeededRng(f"arena:{number}:{seat}"))
                     for seat in range(len(levels))]
            while not game.over:
                seat = game.pending[0]
                legal = game.legal_actions(seat)
                view = game.view(seat)
                if seat == hero and len(legal) > 1:
                    hands = game.to_scenario()["position"]["hands"]
                    others = [other for other in range(len(levels)) if other != seat]
                    truth = {other: set(hands[other]) for other in others}
                    held = sum(len(cards_) for cards_ in truth.values())
                    if held:
                        unseen, slots = adapter.hidden(view)
                        free = search.Dealer(unseen, uniform(slots))
                        dealer = search.Dealer(unseen, slots)
                        for name in right:
                            for _ in range(args.worlds):
                                if name == "uniform":
                                    dealt = free.deal(rng)
                                elif name == "constraints":
                                    dealt = dealer.deal(rng)
                                else:  # as the search deals
                                    dealt = search.likely_deal(adapter, view, dealer, rng)[0]
                                right[name] += sum(len(held_by(dealt, other) & truth[other])
                                                   for other in others) / args.worlds
                        cards += held
                        decisions += 1
                game.apply(seats[seat].choose(view, legal))
        shares = ", ".join(f"{name} {value / cards:.1%}" for name, value in right.items())
        print(f"{label}: of the others' held cards, a world puts in the right hand: {shares}"
              f" ({decisions} decisions, {args.games} games of basic bots)", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("playouts")
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--pairs", type=int, default=3, help="runs per path; the median is shown")
    p = sub.add_parser("ratio")
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--pairs", type=int, default=6)
    p = sub.add_parser("strength")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--only", default=None, help="one game id or table label")
    p.add_argument("--seconds", type=float, default=0,
                   help="per table: stop after the game that passes this wall time")
    p.add_argument("--json", action="store_true")
    p.add_argument("--reference", action="store_true",
                   help="also the basic bot in the strong seat, same seeds: the seat's share")
    p = sub.add_parser("oracle")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", default=None, help="one game id or table label")
    p.add_argument("--sight", choices=("all", "hands", "stock"), default="all",
                   help="what the search is shown of the true game (hands, stock: Matatu)")
    p = sub.add_parser("inference")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--worlds", type=int, default=20, help="worlds dealt per decision")
    p.add_argument("--only", default=None, help="one game id or table label")
    p = sub.add_parser("decisions")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    commands = {"playouts": cmd_playouts, "ratio": cmd_ratio, "strength": cmd_strength,
                "decisions": cmd_decisions, "oracle": cmd_oracle, "inference": cmd_inference}
    commands[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
