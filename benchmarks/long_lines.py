"""How long a very long command line takes to be refused (a figure, not a test).

A line's words are matched against card names and option labels from its start; trying
every prefix of the line made that quadratic in its length (a 30,000-word line took about
20 s in ``cardsmith run`` and 39 s in the REPL).  This times, for a few line lengths, the
REPL's ``execute`` on lines of junk words after nothing, after ``show`` and after ``play``,
and the check plus run of a scenario whose script holds such a line.

    python benchmarks/long_lines.py [--words N ...]
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import run_prepared
from cardsmith.repl.session import Session
from cardsmith.runtime.core.errors import CardsmithError

SCENARIO = """scenario "A long line"
game ivion seed 1
player alice at b1 actions 3
  hand: "Harmony"
player bob at b3
turn alice

script
  {line}
"""


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def repl_line(session: Session, line: str) -> None:
    result = execute(session, line)
    assert not result.ok, "a line of junk words should be refused"


def scenario_line(folder: Path, line: str) -> None:
    path = folder / "long.scenario"
    path.write_text(SCENARIO.format(line=line), encoding="utf-8")
    try:
        outcome = run_prepared(prepare(path))
        assert not outcome.ok, "a line of junk words should fail the scenario"
    except CardsmithError:
        pass                        # refused while the file is checked: also a refusal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, nargs="*", default=[1_000, 10_000, 30_000])
    args = ap.parse_args()
    session = Session(seed=1)
    execute(session, "put Harmony into alice hand")
    shapes = {"junk words": "zap", "show + junk": "show zap", "play Harmony + junk": "play Harmony alice"}
    print(f"{'words':>7}  " + "  ".join(f"{s:>20}" for s in [*shapes, "scenario (run)"]))
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.words:
            row = [timed(lambda: repl_line(session, f"{head} " + "zap " * n)) for head in shapes.values()]
            row.append(timed(lambda: scenario_line(Path(tmp), "zap " * n)))
            print(f"{n:>7}  " + "  ".join(f"{t:>19.3f}s" for t in row))


if __name__ == "__main__":
    main()
