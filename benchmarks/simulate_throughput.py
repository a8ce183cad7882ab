"""``cardsmith simulate``'s games per second on 1 and 2 local workers, and through a local
Dask cluster with its overhead per game (a figure, not a test: nothing is asserted).

    python benchmarks/simulate_throughput.py [--game ivion] [--decks A B] [--games N]
                                             [--workers 1 2] [--no-dask]

Each run plays the same seeded games (the script checks the results are equal and says so).
Wall-clock rates on a shared machine move with its load; the CPU line (the games' time in
the parent's children) is the steadier one.  Memory: the largest resident size any worker
reached, after a run of N/4 games and after one of N (flat when a worker keeps nothing).
"""
from __future__ import annotations

import argparse
import io
import resource
import time

from cardsmith.compiled import loaded_line
from cardsmith.simulate.run import Plan, run
from cardsmith.simulate.setup import Spec

DEFAULT_DECKS = {"ivion": ("steward", "winterborn"), "ikorr": ("ember-regent", "tide-oracle")}


def children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def children_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def timed(plan: Plan) -> tuple[float, float, list]:
    cpu, wall = children_cpu() + time.process_time(), time.perf_counter()
    outcome = run(plan, io.StringIO(), progress=False)
    wall = time.perf_counter() - wall
    cpu = children_cpu() + time.process_time() - cpu
    return wall, cpu, outcome.tally.games(0, outcome.numbers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ivion")
    parser.add_argument("--decks", nargs=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    decks = tuple(args.decks or DEFAULT_DECKS.get(args.game, ()))
    spec = Spec(args.game, decks)
    print(loaded_line())
    print(f"{args.games} random {args.game} games{' (' + ' vs '.join(decks) + ')' if decks else ''}, seed {args.seed}")
    first = None
    rates = {}
    for workers in args.workers:
        wall, cpu, games = timed(Plan((spec,), ("a",), args.seed, args.games, workers=workers))
        rates[workers] = args.games / wall
        same = "" if first is None else ("  (same games as 1 worker)" if games == first else "  (DIFFERENT GAMES)")
        first = first or games
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {args.games / wall:7.1f} games/s wall "
              f"({wall:6.1f} s), {args.games / cpu:6.1f} games/s per CPU second{same}")
    if 1 in rates and 2 in rates:
        print(f"scaling 1 -> 2 workers: {rates[2] / rates[1]:.2f}x")
    if not args.no_dask:
        try:
            from distributed import LocalCluster
        except ImportError:
            print("Dask: not installed (pip install 'cardsmith[cluster]')")
        else:
            start = time.perf_counter()
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
                up = time.perf_counter() - start
                wall, _, games = timed(Plan((spec,), ("a",), args.seed, args.games,
                                            cluster=cluster.scheduler_address))
            local = args.games / rates[2] if 2 in rates else None
            over = f", {1000 * (wall - local) / args.games:+.2f} ms a game against 2 local workers" if local else ""
            print(f"Dask LocalCluster (2 workers; {up:.1f} s to start): {args.games / wall:7.1f} games/s "
                  f"({wall:.1f} s{over}){'  (same games)' if games == first else '  (DIFFERENT GAMES)'}")
    small = max(8, args.games // 4)
    timed(Plan((spec,), ("a",), args.seed + 1, small, workers=2))
    after_small = children_rss_mb()
    timed(Plan((spec,), ("a",), args.seed + 2, args.games, workers=2))
    print(f"largest worker RSS: {after_small:.0f} MB after {small} games, {children_rss_mb():.0f} MB after "
          f"{args.games} more")


if __name__ == "__main__":
    main()
