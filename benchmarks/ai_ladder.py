"""How strong each AI is: seat-swapped, seeded games between two AIs (a benchmark, not a test).

    python benchmarks/ai_ladder.py [--games N] [--pairs LIST] [--workers W] [--seed S]
                                   [--limit DECISIONS] [--per-game] [--json FILE]

A pairing reads ``GAME:A-B`` (A against B) or ``GAME:A`` for a game the AIs play on one
side (Sylvion, where the forest plays against its decks).  GAME is ``ivion`` (the default
duel decks), ``ikorr`` (Rush of Ikorr 1v1, the sample decks), ``sylvion`` (solo,
introductory game) or ``sylvion2`` (two players, cooperative, Pure Logistics).  Games come
in pairs on one seed with the seats swapped, so neither AI has the first seat more often
(one AI's games take a seed each);
each AI's seed comes from the game's (``ai.seed_for``), so the figures repeat exactly for
any number of workers.  A game that has not ended after ``--limit`` decisions counts as a
draw.  Each win rate is printed with its 95% Wilson interval (scipy, the ``bench`` extra:
``pip install -e '.[bench]'``), and the search AI's time per decision is printed as a
distribution: all its decisions, and those it had to think about (more than one distinct
action), in wall time and in CPU time (on a shared machine the CPU time is the fairer
figure; say the load average with any wall-time figure); ``--per-game`` prints each game
too, with the search's decision times in that game (median, p10, p90, max).

Default pairs (issue 16's bars): ivion:greedy-random, ivion:search-greedy,
ikorr:greedy-random, ikorr:search-greedy, sylvion:search, sylvion2:search.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any, Callable

DEFAULT_PAIRS = ("ivion:greedy-random,ivion:search-greedy,ikorr:greedy-random,ikorr:search-greedy,"
                 "sylvion:search,sylvion2:search")


def _ivion(seed: int):
    import cardsmith.runtime.ivion as ivion
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.play import read_decks
    from cardsmith.runtime.core import Game

    lib = _cached("ivion", lambda: bundled_library("ivion"))
    decks = _cached("ivion-decks", lambda: read_decks(list(ivion.GAME.default_decks), lib, ivion.GAME))
    return Game.new(ivion.GAME, lib, history=False, decks=decks, seed=seed)


def _ikorr(seed: int):
    from cardsmith.dsl.decks import bundled_deck_options
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.runtime.core import Game, get_game

    rules = get_game("ikorr")
    lib = _cached("ikorr", lambda: bundled_library("ikorr"))
    d = _cached("ikorr-decks", lambda: bundled_deck_options(rules))
    return Game.new(rules, lib, history=False, decks=[d["Ember Regent"], d["Tide Oracle"]], seed=seed, fmt="1v1")


def _sylvion(players: int) -> Callable[[int], Any]:
    def new(seed: int):
        from cardsmith.dsl.loader import bundled_library
        from cardsmith.runtime.core import Game, get_game

        lib = _cached("sylvion", lambda: bundled_library("sylvion"))
        return Game.new(get_game("sylvion"), lib, history=False, seed=seed, players=players)
    return new


GAMES: dict[str, Callable[[int], Any]] = {"ivion": _ivion, "ikorr": _ikorr, "sylvion": _sylvion(1),
                                          "sylvion2": _sylvion(2)}
_CACHE: dict[str, Any] = {}


def _cached(key: str, make: Callable[[], Any]) -> Any:
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


@dataclass
class Result:
    """One game: whether A won, lost or drew, and the search AI's decision times."""
    seed: int
    swapped: bool
    outcome: str                 # "win" | "loss" | "draw" (for A)
    turns: int
    times: list[float] = field(default_factory=list)         # every search decision, wall seconds
    thought: list[float] = field(default_factory=list)       # those with more than one choice
    cpu: list[float] = field(default_factory=list)           # the latter, CPU seconds of this process


def play_one(task: tuple[str, str, str, int, bool, int]) -> Result:
    """Play one seeded game of ``game_name``: A in seat 0 (seat 1 when ``swapped``)."""
    from cardsmith.runtime.core.ai import seed_for
    from cardsmith.runtime.core.ai_kinds import make_ai
    from cardsmith.runtime.core.search import SearchAI

    game_name, a, b, seed, swapped, limit = task
    game = GAMES[game_name](seed)
    seats = len(game.state.players)
    if b:
        kinds = [b, a] if swapped else [a, b]
        kinds = [kinds[(game.state.players[s].team) % 2] for s in range(seats)]
        a_team = 1 if swapped else 0
    else:
        kinds, a_team = [a] * seats, 0
    ais = [make_ai(kinds[s], seed_for(seed, s)) for s in range(seats)]
    result = Result(seed, swapped, "draw", 0)
    for _ in range(limit):
        if game.state.over:
            break
        ai = ais[game.state.pending.player]
        start, cpu = time.perf_counter(), time.process_time()
        action = ai.choose(game)
        spent = time.perf_counter() - start
        if isinstance(ai, SearchAI):
            result.times.append(spent)
            if ai.last_iterations:
                result.thought.append(spent)
                result.cpu.append(time.process_time() - cpu)
        game.apply(action)
    state = game.state
    result.turns = state.turn
    if state.over:
        a_seat = next(s for s in range(seats) if state.players[s].team == a_team)
        value = game.rules.outcome(state, a_seat)
        result.outcome = "win" if value == 1.0 else "loss" if value == 0.0 else "draw"
    return result


def wilson(k: int, n: int) -> str:
    try:
        from scipy.stats import binomtest
    except ImportError:
        return "(95% interval: install scipy, pip install -e '.[bench]')"
    if n == 0:
        return ""
    ci = binomtest(k, n).proportion_ci(method="wilson")
    return f"95% CI {100 * ci.low:.1f}-{100 * ci.high:.1f}%"


def distribution(times: list[float]) -> str:
    if not times:
        return "none"
    ms = sorted(1000 * t for t in times)
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else [ms[0]] * 19
    return (f"n {len(ms)}, median {statistics.median(ms):.0f} ms, p10 {q[1]:.0f}, p25 {q[4]:.0f}, "
            f"p75 {q[14]:.0f}, p90 {q[17]:.0f}, p95 {q[18]:.0f}, max {ms[-1]:.0f} ms")


def spread(times: list[float]) -> str:
    """One game's search decision times, short: median, p10, p90, max (ms)."""
    ms = sorted(1000 * t for t in times)
    q = statistics.quantiles(ms, n=10) if len(ms) > 1 else [ms[0]] * 9
    return f"median {statistics.median(ms):.0f} ms, p10 {q[0]:.0f}, p90 {q[8]:.0f}, max {ms[-1]:.0f}"


def game_line(r: Result) -> str:
    """One game, for ``--per-game``: its outcome and its search decision times."""
    seats = " (seats swapped)" if r.swapped else ""
    line = f"  seed {r.seed}{seats}: {r.outcome}, {r.turns} turns"
    if r.thought:
        line += (f"; search decisions thought about: {len(r.thought)}, wall {spread(r.thought)};"
                 f" CPU {spread(r.cpu)}")
    return line


def run_pair(pair: str, games: int, seed: int, workers: int, limit: int,
             per_game: bool = False) -> dict[str, Any]:
    game_name, _, who = pair.partition(":")
    if game_name not in GAMES:
        raise SystemExit(f"unknown game '{game_name}' in '{pair}' (known: {', '.join(GAMES)})")
    a, _, b = who.partition("-")
    # two AIs: seat-swapped pairs on one seed; one AI's games (no seats to swap): a seed each
    tasks = [(game_name, a, b, seed + k // 2, k % 2 == 1, limit) if b else (game_name, a, b, seed + k, False, limit)
             for k in range(games)]
    start = time.perf_counter()
    results: list[Result] = []

    def note(r: Result) -> None:
        # a running tally on stderr: long runs show how they are going
        results.append(r)
        wins = sum(x.outcome == "win" for x in results)
        print(f"\r{pair}: {len(results)}/{len(tasks)} games, {a} won {wins}", end="", file=sys.stderr, flush=True)

    if workers > 1:
        with Pool(workers) as pool:
            for r in pool.imap(play_one, tasks, chunksize=1):      # in order: the same for any workers
                note(r)
    else:
        for t in tasks:
            note(play_one(t))
    print(file=sys.stderr)
    elapsed = time.perf_counter() - start
    wins = sum(r.outcome == "win" for r in results)
    draws = sum(r.outcome == "draw" for r in results)
    n = len(results)
    times = [t for r in results for t in r.times]
    thought = [t for r in results for t in r.thought]
    cpu = [t for r in results for t in r.cpu]
    against = f" against {b}" if b else ""
    print(f"{pair}: {a}{against} won {wins} of {n} ({100 * wins / n:.1f}%, {wilson(wins, n)}), "
          f"{draws} draws, mean {statistics.mean(r.turns for r in results):.1f} turns; {elapsed:.0f} s")
    if per_game:
        for r in results:
            print(game_line(r))
    if times:
        print(f"  search time per decision, all: {distribution(times)}")
        print(f"  search time per decision, thought about: {distribution(thought)}")
        print(f"  the same in CPU time (what a busy machine does not inflate): {distribution(cpu)}")
    sys.stdout.flush()
    return {"pair": pair, "games": n, "wins": wins, "draws": draws, "seconds": elapsed,
            "times": times, "thought": thought, "cpu": cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing (even: seat-swapped pairs)")
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="comma-separated GAME:A-B or GAME:A")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, default=3000, help="decisions before a game counts as a draw")
    parser.add_argument("--per-game", action="store_true",
                        help="also print each game: its outcome and the search's decision times (median, p10, p90, max)")
    parser.add_argument("--json", help="write the figures (and every decision time) to this file")
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{args.games} games a pairing from seed {args.seed}, {args.workers} workers")
    out = [run_pair(p.strip(), args.games, args.seed, args.workers, args.limit, args.per_game)
           for p in args.pairs.split(",") if p.strip()]
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f)


if __name__ == "__main__":
    main()
