"""Cold and warm load time of every bundled card, each in a fresh process (a figure, not a test).

    python benchmarks/load_cards.py [--runs N]

Cold: an empty compiled-card cache, so textX parses and the compiler compiles every file.
Warm: the cache that the cold run left, so cards are unpickled (textX is not even imported).
Each run is a new Python process; the time printed is measured inside it, from before the
first cardsmith import to a loaded library, as wall time and as the process's CPU time
(the fairer figure on a busy machine); interpreter start-up is shown separately.
Target (issue 2 § 6): warm load under 100 ms.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
from cardsmith.dsl.loader import bundled_library
t1 = time.perf_counter()
lib = bundled_library()
t2, c2 = time.perf_counter(), time.process_time()
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "load_ms": (t2 - t1) * 1e3,
                  "total_ms": (t2 - t0) * 1e3, "cpu_ms": (c2 - c0) * 1e3, "cards": len(lib),
                  "textx": "textx" in sys.modules}))
"""


def run_child(cache: str) -> tuple[dict, float]:
    env = dict(os.environ, CARDSMITH_CACHE=cache)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
    wall = (time.perf_counter() - start) * 1e3
    return json.loads(out.stdout), wall


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each kind (median printed)")
    args = ap.parse_args(argv)
    cold, warm = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="cardsmith-bench-") as cache:
            cold.append(run_child(cache))
            warm.append(run_child(cache))
    baseline = statistics.median(
        run_child_wall_only() for _ in range(args.runs))
    cards = cold[0][0]["cards"]
    print(f"{cards} bundled cards, median of {args.runs} fresh processes each")
    for label, runs in (("cold (no cache)", cold), ("warm (cache)   ", warm)):
        total = statistics.median(r["total_ms"] for r, _ in runs)
        load = statistics.median(r["load_ms"] for r, _ in runs)
        imp = statistics.median(r["import_ms"] for r, _ in runs)
        wall = statistics.median(w for _, w in runs)
        cpu = statistics.median(r["cpu_ms"] for r, _ in runs)
        textx = "textX imported" if any(r["textx"] for r, _ in runs) else "textX not imported"
        print(f"  {label}: {total:7.1f} ms  (import {imp:.1f} ms + load {load:.1f} ms; CPU {cpu:.1f} ms; "
              f"whole process {wall:.0f} ms; {textx})")
    print(f"  bare interpreter start-up: {baseline:.0f} ms   (target: warm under 100 ms)")
    return 0


def run_child_wall_only() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return (time.perf_counter() - start) * 1e3


if __name__ == "__main__":
    sys.exit(main())
