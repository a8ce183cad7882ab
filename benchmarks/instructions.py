"""Machine instructions per random Ivion duel, counted by valgrind's callgrind (a figure).

    python benchmarks/instructions.py [--games N] [--seed S]

Seconds on a shared 2-core machine move by 10-20% from one run to the next, which hides
the few percent a single optimisation is worth.  An instruction count does not move: the
duels are deterministic per seed, so the same code gives the same count whatever else the
machine is doing.  It runs ``ivion_duels.py`` under callgrind twice, with no duel and with
N, and prints the difference per duel, so imports and card loading are left out.  Compare
two commits by running it in each; fewer instructions is faster, though not in exact
proportion (cache misses and the interpreter's own costs differ by operation).

Needs ``valgrind`` (Debian package ``valgrind``); about 30 s for 10 duels.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def count(games: int, seed: int, cache: str) -> int:
    """Instructions of one whole benchmark process playing ``games`` duels."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           sys.executable, str(HERE / "ivion_duels.py"), "--games", str(games), "--seed", str(seed)]
    # A fixed hash seed: string hashing is salted per process, which moves set and dict
    # layouts and so the count by about 0.3%; with it the count repeats to the last digit.
    env = dict(os.environ, CARDSMITH_CACHE=cache, PYTHONHASHSEED="0")
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"callgrind run failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="cardsmith-ir-") as cache:
        count(0, args.seed, cache)                 # fills the compiled-card cache
        base = count(0, args.seed, cache)          # warm start, no duel
        total = count(args.games, args.seed, cache)
    per = (total - base) / args.games
    print(f"{args.games} random duels (seed {args.seed}): {per / 1e6:.2f} million instructions per duel"
          f" (startup {base / 1e6:.0f} million, left out)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
