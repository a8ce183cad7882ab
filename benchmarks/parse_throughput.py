"""Parse throughput and peak memory of large card files (a figure, not a test).

    python benchmarks/parse_throughput.py [--sizes 0.25 0.5 1] [--runs 1]

For each size (MB) a card file of that many copies of a five-line Ivion card is parsed and
compiled (``loader.compile_source``: textX, then the compiler) in a fresh process, the
metamodel built beforehand, so the figure is the file's own cost.  Printed: seconds and
MB/s (CPU time, the fairer figure on a shared machine), and the process's peak resident
memory over what it held before the parse (``resource.getrusage``).  These figures are why
card, deck and scenario files are limited to ``userfiles.MAX_FILE_BYTES`` (1 MB): see
"Limits" in docs/language.md.  The last line times the refusal of a file over the limit.
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

CARD = 'card "Card %d" {\n  skill warrior pips gray\n  types ability\n  gain 1 power\n}\n'

CHILD = r"""
import json, resource, sys, time
from cardsmith.dsl.languages import language
from cardsmith.dsl.loader import compile_source, metamodel
metamodel(language("ivion"))
text = open(sys.argv[1], encoding="utf-8").read()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
c0, t0 = time.process_time(), time.perf_counter()
cards = compile_source(text, "ivion", sys.argv[1])
c1, t1 = time.process_time(), time.perf_counter()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"cards": len(cards), "cpu": c1 - c0, "wall": t1 - t0,
                  "peak_mb": (peak - before) / 1024}))
"""


def card_file(mb: float, folder: str) -> tuple[str, int]:
    target = int(mb * (1 << 20))
    parts, size, n = [], 0, 0
    while size + len(CARD % n) <= target:
        parts.append(CARD % n)
        size += len(parts[-1])
        n += 1
    path = os.path.join(folder, f"cards-{mb}.ivion")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("".join(parts))
    return path, size


def measure(path: str) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, path], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=float, nargs="+", default=[0.25, 0.5, 1.0], metavar="MB")
    ap.add_argument("--runs", type=int, default=1, help="runs per size (the median is printed)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardsmith-parse-") as folder:
        print("card file size, cards: parse + compile (CPU), throughput, peak memory over the start")
        for mb in args.sizes:
            path, size = card_file(mb, folder)
            runs = [measure(path) for _ in range(args.runs)]
            cpu = statistics.median(r["cpu"] for r in runs)
            wall = statistics.median(r["wall"] for r in runs)
            peak = statistics.median(r["peak_mb"] for r in runs)
            print(f"  {size / (1 << 20):5.2f} MB, {runs[0]['cards']:6d} cards: {cpu:6.2f} s CPU "
                  f"({wall:.2f} s wall), {size / (1 << 20) / cpu:5.3f} MB/s, peak +{peak:.0f} MB")
        over, _ = card_file(1.5, folder)
        from cardsmith.dsl.errors import CardError
        from cardsmith.dsl.loader import load_file
        start = time.perf_counter()
        try:
            load_file(over, use_cache=False)
        except CardError as err:
            print(f"  over the limit: refused in {(time.perf_counter() - start) * 1e3:.1f} ms: {err.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
