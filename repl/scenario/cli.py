"""``cardsmith run FILE...`` and ``cardsmith solve FILE``.

``run`` prints one line per scenario, and per run of a scenario with several rulesets or
option values (PASS or FAIL; a failure adds the scenario's line, the expectation and the
actual value) and exits 1 if any failed or could not be loaded.
``solve`` prints a winning line as REPL commands, or says that none exists within the
bound, with the number of nodes searched and the time taken; ``--scenario NAME`` and
``--under VALUE`` (or ``FILE::NAME[VALUE]``) pick one scenario of the file and one run.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Iterable, TextIO

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenarios import EXTENSION
from cardsmith.dsl.userfiles import expand


def scenario_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[str]]:
    """Scenario files under the given files and folders (sorted), and paths that aren't."""
    return expand(paths, lambda f: f.suffix == EXTENSION)


def run_files(paths: Iterable[str | Path], out: TextIO, err: TextIO, *, uniqueness: bool = True,
              verbose: bool = False) -> int:
    """Run every scenario of the files, each run on its own line (``Name[original]``)."""
    from .runs import plan, run_planned
    files, problems = scenario_files(paths)
    for text in problems:
        print(text, file=err)
    passed = failed = 0
    for f in files:
        try:
            planned = plan(f)
        except CardError as e:
            print(f"FAIL {f}  (can't be loaded)\n" + _indent(e.format()), file=out)
            failed += 1
            continue
        except Exception as e:          # a bug of ours: report it, go on with the other files
            print(f"FAIL {f}  (internal error: {type(e).__name__}: {e}; please report it)", file=out)
            failed += 1
            continue
        for one in planned:
            ok = _run_one(f, one, out, uniqueness=uniqueness, verbose=verbose)
            passed += ok
            failed += not ok
    total = passed + failed
    print(f"{passed} passed, {failed} failed" + (f" of {total} scenarios" if total else " (no scenario files)"), file=out)
    return 1 if failed or problems or not total else 0


def _run_one(f: Path, one: Any, out: TextIO, *, uniqueness: bool, verbose: bool) -> bool:
    """Run one scenario run and print its line(s); whether it passed."""
    from .runs import run_planned
    try:
        outcome = run_planned(one, uniqueness=uniqueness)
    except CardError as e:
        print(f"FAIL {f}  {one.name}  (can't be loaded)\n" + _indent(e.format()), file=out)
        return False
    except Exception as e:          # a bug of ours: report it, go on with the other runs
        print(f"FAIL {f}  {one.name}  (internal error: {type(e).__name__}: {e}; please report it)", file=out)
        return False
    print(outcome.summary(), file=out)
    for note in outcome.notes:
        print(f"    {note}", file=out)
    if verbose and outcome.ok:
        print(f"    {outcome.commands} commands, {outcome.checked} expectations", file=out)
    return outcome.ok


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def cmd_run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    return run_files(args.paths, out, err, uniqueness=not args.no_uniqueness, verbose=args.verbose)


def cmd_solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .check import prepare_item
    from .goals import DEFAULT_DEPTH
    from .solver import format_result, solve
    try:
        prep = prepare_item(args.file, args.scenario, args.under)
    except CardError as e:
        print(e.format(), file=err)
        return 1
    for note in prep.notes:
        print(f"note: {note}", file=err)
    if prep.sdef.goal is None:
        print(f"{args.file}: \"{prep.sdef.name}\" is not a puzzle (it has no `goal` line)", file=err)
        return 1
    depth = args.depth or prep.sdef.goal.depth or DEFAULT_DEPTH
    res = solve(prep, depth, find_all=args.all, node_limit=args.limit)
    print(format_result(prep, res, args.all), file=out)
    return 0 if res.found else 1


def add_scenario_choice(parser: argparse.ArgumentParser) -> None:
    """``--scenario NAME`` and ``--under VALUE``: which scenario of a file, and which run of
    it, ``repl`` and ``solve`` open (docs/scenarios.md, "Several scenarios in one file")."""
    parser.add_argument("--scenario", metavar="NAME", help="the scenario of FILE to open, by name "
                        "(or FILE::NAME, as pytest names it; default: its first, and the others are listed)")
    parser.add_argument("--under", metavar="VALUE", help="the run to open of a scenario run under several "
                        "rulesets or option values: its values, comma-separated, or FILE::NAME[VALUE] "
                        "(default: its first run)")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    run = sub.add_parser("run", help="run scenario and puzzle files (folders recursively)")
    run.add_argument("paths", nargs="+", metavar="FILE")
    run.add_argument("--no-uniqueness", action="store_true",
                     help="don't search puzzles for solutions other than the intended one")
    run.add_argument("-v", "--verbose", action="store_true")
    run.set_defaults(run=cmd_run)
    solve = sub.add_parser("solve", help="search a puzzle for a winning line")
    solve.add_argument("file", metavar="FILE")
    solve.add_argument("--all", action="store_true", help="list every distinct solution within the bound")
    solve.add_argument("--depth", type=int, default=0, help="the hero's choices to search (default: the goal's, or 8)")
    solve.add_argument("--limit", type=int, default=200_000, help="stop after this many nodes")
    add_scenario_choice(solve)
    solve.set_defaults(run=cmd_solve)
