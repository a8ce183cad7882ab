"""Every figure issue 17 asks of ``cardsmith simulate``, for Ivion duels and Rush of Ikorr
1v1, in one command (figures, not a test: it asserts nothing, but says of each target
whether this run met it):

    python benchmarks/simulate_figures.py [--games 10000] [--seed 0] [--no-dask]

For each game, ``simulate_throughput.py`` in a process of its own (so that one game's
workers' peak memory doesn't show in the other's): games/s on 1 and 2 local workers, the
time 10,000 games take on 2 (target: at most 60 s), the 1 -> 2 worker scaling (target: at
least 1.8x), the same games through a local Dask cluster of 2 worker processes with its
overhead per game, and each worker's peak memory as the games it played grow (target:
flat).  Run it on an idle machine: every figure is wall-clock time.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GAMES = ("ivion", "ikorr")          # ikorr: its default format, 1v1
TARGET_SECONDS, TARGET_GAMES, TARGET_SCALING = 60.0, 10_000, 1.8
#: growth of a worker's peak memory still called flat (allocator noise, caches filling)
FLAT_MB = 20.0


def one_game(game: str, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        summary = Path(folder) / "figures.json"
        command = [sys.executable, str(HERE / "simulate_throughput.py"), "--game", game, "--games", str(args.games),
                   "--seed", str(args.seed), "--summary", str(summary), *(["--no-dask"] if args.no_dask else [])]
        print(f"== {game}: {' '.join(command[1:])}", flush=True)
        subprocess.run(command, check=True)
        return json.loads(summary.read_text(encoding="utf-8"))


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def summary_lines(game: str, found: dict[str, Any]) -> list[str]:
    rates = {int(k): v for k, v in found["rates"].items()}
    out = [f"{game}:"]
    if 2 in rates:
        seconds = TARGET_GAMES / rates[2]
        out.append(f"  2 workers: {rates[2]:.1f} games/s, so {TARGET_GAMES} games in {seconds:.1f} s "
                   f"(target <= {TARGET_SECONDS:.0f} s: {verdict(seconds <= TARGET_SECONDS)})")
    if 1 in rates:
        out.append(f"  1 worker: {rates[1]:.1f} games/s")
    if "scaling" in found:
        out.append(f"  scaling 1 -> 2 workers: {found['scaling']:.2f}x "
                   f"(target >= {TARGET_SCALING}x: {verdict(found['scaling'] >= TARGET_SCALING)})")
    dask = found.get("dask") or {}
    if "rate" in dask:
        overhead = f", overhead {dask['overhead_ms']:+.2f} ms a game against 2 local workers" \
            if "overhead_ms" in dask else ""
        out.append(f"  Dask LocalCluster (2 workers): {dask['rate']:.1f} games/s{overhead}")
    memory = [(n, max(peaks)) for n, peaks in dask.get("memory", [])]
    if memory:
        grew = memory[-1][1] - memory[0][1]
        out.append("  memory per Dask worker (largest peak RSS): "
                   + ", ".join(f"{mb:.0f} MB after {n} games" for n, mb in memory)
                   + f" (flat within {FLAT_MB:.0f} MB: {verdict(grew <= FLAT_MB)})")
    (small, before), (large, after) = found["local_memory"]
    out.append(f"  memory per local worker (largest peak RSS): {before:.0f} MB after {small} games, "
               f"{after:.0f} MB after {large} (flat within {FLAT_MB:.0f} MB: {verdict(after - before <= FLAT_MB)})")
    out.append(f"  every run played the same games: {'yes' if found['same'] else 'NO'}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--game", choices=GAMES, action="append", help="only this game (default: both)")
    args = parser.parse_args()
    start = time.perf_counter()
    found = {game: one_game(game, args) for game in args.game or GAMES}
    print(f"\n== summary ({args.games} games each; {time.perf_counter() - start:.0f} s in all)")
    for game, figures in found.items():
        print("\n".join(summary_lines(game, figures)))


if __name__ == "__main__":
    main()
