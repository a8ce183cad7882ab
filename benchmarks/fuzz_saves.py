"""Mutated saved games, loaded: how many are refused, accepted, and how many crash.

Real saves of all three games (tests/repl/save_corpus.py: random sessions at many points,
mid-resolution and with items on the stack, and the ends of bundled scenarios) are changed
in one to three places each, the way an edited or damaged file would be, and loaded as
`load` loads them.  A refusal must be a CardsmithError that names where the problem is; an
accepted save must then survive what a person does next: the board, stack, hand and status
views, the legal actions, a dozen random legal moves and undo.  Anything else is a crash,
printed with its traceback's last line.  The goal is 0 crashes.  Not a test: nothing is
asserted.

    python benchmarks/fuzz_saves.py [--count N] [--seed S] [--show K]
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.repl import save_corpus as corpus  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="how many mutated saves to load")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=5, help="how many crashes to print in full")
    args = parser.parse_args()
    corpus.cache_card_libraries()
    start = time.perf_counter()
    saves = corpus.all_saves()
    print(f"{len(saves)} real saves ({', '.join(f'{g} {n}' for g, n in corpus.count_by_game(saves).items())}) "
          f"in {time.perf_counter() - start:.1f} s")
    rng = random.Random(args.seed)
    outcome: collections.Counter[str] = collections.Counter()
    unnamed: list[str] = []
    crashes: list[tuple[str, str]] = []
    start = time.perf_counter()
    for k in range(args.count):
        text = corpus.mutate(rng.choice(saves), rng)
        try:
            verdict, detail = corpus.load_and_use(text, random.Random(k))
        except Exception:       # noqa: BLE001 - that is what this counts
            verdict, detail = "crashed", traceback.format_exc()
        outcome[verdict] += 1
        if verdict == "crashed":
            crashes.append((text, detail))
        elif verdict == "refused" and not corpus.names_a_field(detail):
            unnamed.append(detail)
    elapsed = time.perf_counter() - start
    print(f"{args.count} mutated saves in {elapsed:.1f} s: {outcome['refused']} refused, "
          f"{outcome['accepted']} accepted and played on, {outcome['crashed']} crashed")
    print(f"refusals naming no field: {len(unnamed)}" + "".join(f"\n  {m[:200]}" for m in unnamed[:5]))
    for text, detail in crashes[:args.show]:
        print("---- crash:", detail.strip().splitlines()[-1])
        print(detail[-1500:])


if __name__ == "__main__":
    main()
