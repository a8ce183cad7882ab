"""Scenario and solver figures (measured, never asserted): how long the bundled scenarios
take to run, and how fast the solver searches each bundled puzzle.

    python benchmarks/scenarios_bench.py
"""
from __future__ import annotations

import time
from pathlib import Path

from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.goals import DEFAULT_DEPTH
from cardsmith.repl.scenario.run import run_prepared
from cardsmith.repl.scenario.solver import solve

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    files = sorted((ROOT / "tests" / "scenarios").rglob("*.scenario"))
    start = time.perf_counter()
    for f in files:
        run_prepared(prepare(f))
    took = time.perf_counter() - start
    print(f"{len(files)} rules scenarios: {took:.2f}s ({took / max(len(files), 1) * 1000:.0f} ms each)")
    for f in sorted((ROOT / "cards" / "ivion" / "puzzles").glob("*.scenario")):
        prep = prepare(f)
        depth = prep.sdef.goal.depth or DEFAULT_DEPTH
        res = solve(prep, depth, find_all=True)
        rate = res.nodes / res.seconds if res.seconds else 0
        print(f"{f.name:<32} depth {depth}  {'found' if res.found else 'none '}  "
              f"{res.nodes:>6} nodes  {res.seconds:6.2f}s  {rate:8.0f} nodes/s")


if __name__ == "__main__":
    main()
