"""``cardsmith simulate``'s games per second on 1 and 2 local workers, and through a local
Dask cluster with its overhead per game, and each worker's memory as N grows (a figure,
not a test: nothing is asserted).

    python benchmarks/simulate_throughput.py [--game ivion] [--decks A B] [--games N]
                                             [--workers 1 2] [--no-dask] [--summary FILE]

(``benchmarks/simulate_figures.py`` runs it for Ivion and Rush of Ikorr 1v1 and checks
the issue's targets.)

Each run plays the same seeded games (the script checks the results are equal and says so).
Wall-clock rates on a shared machine move with its load; the CPU figures (the time the
workers themselves spent: the parent's children for local workers, each Dask worker's own
process time) are the steadier ones, and "CPU ms a game" is the one to compare across
machines.  Memory: each Dask worker's peak resident size after N/4, N/2 and N games played
by the same worker processes (flat when a worker keeps nothing of a game but its
summary), and the largest local worker's after runs of N/4 and of N games.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import resource
import time
from typing import Any

from cardsmith.compiled import loaded_line
from cardsmith.simulate.run import Plan, run
from cardsmith.simulate.setup import Spec
from cardsmith.simulate.worker import table_for

DEFAULT_DECKS = {"ivion": ("steward", "winterborn"), "ikorr": ("ember-regent", "tide-oracle")}


def children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def children_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def timed(plan: Plan, cpu_of: Any = None) -> tuple[float, float, list]:
    """Wall and CPU seconds of a run, and its games; ``cpu_of()`` the CPU seconds spent
    so far where the games are played (default: this process and its children)."""
    cpu_of = cpu_of or (lambda: children_cpu() + time.process_time())
    cpu, wall = cpu_of(), time.perf_counter()
    outcome = run(plan, io.StringIO(), progress=False)
    wall = time.perf_counter() - wall
    return wall, cpu_of() - cpu, outcome.tally.games(0, outcome.numbers)


def line(label: str, games: int, wall: float, cpu: float, note: str = "") -> str:
    return (f"{label}: {games / wall:7.1f} games/s wall ({wall:6.1f} s), {games / cpu:6.1f} games per CPU second "
            f"({1000 * cpu / games:5.1f} CPU ms a game){note}")


def worker_usage(client: Any) -> dict[str, tuple[float, float]]:
    """Each Dask worker's (CPU seconds, peak RSS in MB) so far, read in the worker."""
    used = client.run(resource.getrusage, resource.RUSAGE_SELF)
    return {w: (u.ru_utime + u.ru_stime, u.ru_maxrss / 1024) for w, u in used.items()}


def dask_figures(spec: Spec, args: argparse.Namespace, first: list | None, local_wall: float | None) -> dict[str, Any]:
    """The Dask run's figures (printed as they come): games/s, overhead a game against 2
    local workers (ms), each worker's peak RSS (MB) after each part of the growing run."""
    found: dict[str, Any] = {}
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("Dask: not installed (pip install 'cardsmith[cluster]')")
        return found
    start = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        up = time.perf_counter() - start
        address = cluster.scheduler_address
        warm = time.perf_counter()
        run(Plan((spec,), ("a",), args.seed + 9, 8, cluster=address), io.StringIO(), progress=False)
        warm = time.perf_counter() - warm          # each worker loads the cards once

        def cpu() -> float:
            return sum(c for c, _ in worker_usage(client).values()) + time.process_time()

        wall, used, games = timed(Plan((spec,), ("a",), args.seed, args.games, cluster=address), cpu)
        same = "  (same games as 1 worker)" if games == first else "  (DIFFERENT GAMES)"
        print(f"Dask LocalCluster, 2 worker processes ({up:.1f} s to start, {warm:.1f} s for the workers' "
              f"first games):")
        print(line("  Dask", args.games, wall, used, same))
        found.update(rate=args.games / wall, same=games == first, memory=[])
        if local_wall is not None:
            found["overhead_ms"] = 1000 * (wall - local_wall) / args.games
            print(f"  overhead against 2 local workers: {found['overhead_ms']:+.2f} ms wall a game "
                  f"({100 * (wall / local_wall - 1):+.0f}%)")
        print("  memory per Dask worker (peak RSS, the same worker processes) as the games they played grow:")
        played = 0
        for k, part in enumerate((args.games // 4, args.games // 4, args.games // 2)):
            run(Plan((spec,), ("a",), args.seed + 100 + k, max(1, part), cluster=address), io.StringIO(),
                progress=False)
            played += max(1, part)
            peaks = sorted(rss for _, rss in worker_usage(client).values())
            found["memory"].append((played, peaks))
            print(f"    after {played:6d} games in all: {', '.join(f'{p:.0f} MB' for p in peaks)}")
    return found


def options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ivion")
    parser.add_argument("--decks", nargs=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--summary", metavar="FILE", help="also write the figures as JSON (simulate_figures.py)")
    return parser.parse_args(argv)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Every figure of the module docstring for one game, printed as they come, and
    returned: ``rates`` (games/s by workers), ``scaling``, ``same`` (every run played the
    same games), ``dask`` (``dask_figures``), ``local_memory`` ((games, MB) twice)."""
    decks = tuple(args.decks or DEFAULT_DECKS.get(args.game, ()))
    spec = Spec(args.game, decks)
    print(f"{args.games} random {args.game} games{' (' + ' vs '.join(decks) + ')' if decks else ''}, seed {args.seed}; "
          f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    table_for(spec)                     # the cards loaded before any clock starts (forked workers share them)
    run(Plan((spec,), ("a",), args.seed + 7, 4), io.StringIO(), progress=False)
    first = None
    walls: dict[int, float] = {}
    found: dict[str, Any] = {"rates": {}, "same": True}
    for workers in args.workers:
        wall, cpu, games = timed(Plan((spec,), ("a",), args.seed, args.games, workers=workers))
        walls[workers] = wall
        found["rates"][workers] = args.games / wall
        found["same"] = found["same"] and (first is None or games == first)
        same = "" if first is None else ("  (same games as 1 worker)" if games == first else "  (DIFFERENT GAMES)")
        first = first or games
        print(line(f"{workers} worker{'s' if workers > 1 else ' '}", args.games, wall, cpu, same))
    if 1 in walls and 2 in walls:
        found["scaling"] = walls[1] / walls[2]
        print(f"scaling 1 -> 2 workers: {found['scaling']:.2f}x wall")
    if not args.no_dask:
        found["dask"] = dask_figures(spec, args, first, walls.get(2))
        found["same"] = found["same"] and found["dask"].get("same", True)
    small = max(8, args.games // 4)
    timed(Plan((spec,), ("a",), args.seed + 1, small, workers=2))
    after_small = children_rss_mb()
    timed(Plan((spec,), ("a",), args.seed + 2, args.games, workers=2))
    found["local_memory"] = [(small, after_small), (args.games, children_rss_mb())]
    print(f"largest local worker RSS: {after_small:.0f} MB after a run of {small} games, {children_rss_mb():.0f} MB "
          f"after one of {args.games}")
    return found


def main() -> None:
    args = options()
    print(loaded_line())
    found = measure(args)
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as fh:
            json.dump(found, fh)


if __name__ == "__main__":
    main()
