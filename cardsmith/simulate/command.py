"""The ``cardsmith simulate`` subcommand: its flags, and turning them into a ``Plan``.

Light at import (the CLI builds every subcommand's parser on each call): scipy, tqdm and
the engine are imported only when a simulation runs.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, TextIO

INTERRUPTED = 130       # the shell's code for a command stopped by Ctrl-C


def add_parser(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play thousands of seeded AI games and report win rates with intervals",
                       description="Play N seeded AI games (seats swapped in half of them) and report the win "
                                   "rate of the first deck with its 95%% interval; --compare plays two decks "
                                   "on the same seeds and tests the difference. See docs/simulate.md.")
    p.add_argument("game", metavar="GAME", help="an installed game's name, as `cardsmith play GAME` takes it")
    p.add_argument("--decks", nargs=2, metavar=("A", "B"), help="deck files or bundled deck names: A's win rate against B")
    p.add_argument("--compare", nargs="+", metavar="DECK", help="two or more decks, each played against --against "
                                                                "on the same seeds; the later ones compared with the first")
    p.add_argument("--against", metavar="B", help="the opponent of the --compare decks")
    p.add_argument("--games", type=int, default=1000, metavar="N",
                   help="games an arm (default 1000; with --precision, the most)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed: every game's seed comes from it")
    p.add_argument("--ai", default="random", metavar="AI", help="random (default), greedy, or search[:BUDGET] "
                                                                "where installed")
    p.add_argument("--against-ai", metavar="AI", help="the AI of the other side (default: --ai); "
                                                      "a skill check: --ai greedy --against-ai random")
    p.add_argument("--precision", type=float, metavar="P",
                   help="stop once the 95%% interval is within ±P (0.02: ±2 points)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="K",
                   help="local worker processes (default: the number of cores)")
    p.add_argument("--cluster", metavar="ADDRESS", help="run on this Dask cluster (tcp://HOST:PORT; "
                                                        "needs cardsmith[cluster])")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a setup option of the game (e.g. format=2v2, players=2); repeat for more")
    p.add_argument("--ruleset", help="the game's ruleset (its first by default)")
    p.add_argument("--cards", nargs="*", default=[], type=Path, metavar="PATH",
                   help="your own card files or folders, for your decks")
    p.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON")
    p.add_argument("--csv", type=Path, metavar="FILE", help="write one row a game as CSV")
    p.add_argument("--chart", type=Path, metavar="FILE", help="draw the win rates with their intervals "
                                                             "(.png or .svg; needs cardsmith[plot])")
    p.add_argument("--replays", type=Path, metavar="DIR", help="write the outlier games (longest, shortest win "
                                                              "and loss, most damage in a turn) into DIR as replay "
                                                              "files: `cardsmith repl DIR/longest.replay --turn N`")
    p.add_argument("--per-card", action="store_true", help="also print each card's figures (always in --json)")
    p.add_argument("--importance", action="store_true", help="play the first deck again with each of its cards "
                                                             "blanked, on the same seeds, and rank the cards")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show the progress bar (default: when stderr is a terminal)")
    p.set_defaults(run=run_simulate)


def plan_from(args: argparse.Namespace) -> Any:
    """The ``Plan`` the flags ask for; ``SetupProblem`` naming the flag that is wrong."""
    from .run import Plan
    from .setup import SetupProblem, Spec, read_options

    if args.games < 1:
        raise SetupProblem("--games needs a positive number")
    if args.workers < 1:
        raise SetupProblem("--workers needs a positive number")
    if args.precision is not None and not 0 < args.precision < 0.5:
        raise SetupProblem("--precision takes a half-width between 0 and 0.5 (0.02 is ±2 points)")
    if args.compare and args.decks:
        raise SetupProblem("give either --decks A B or --compare A A2 --against B, not both")
    if args.compare and (len(args.compare) < 2 or not args.against):
        raise SetupProblem("--compare needs two or more decks and --against B")
    if args.against and not args.compare:
        raise SetupProblem("--against goes with --compare A A2")
    if args.importance and not args.decks:
        raise SetupProblem("--importance goes with --decks A B (it blanks A's cards one at a time)")
    if args.chart is not None and args.chart.suffix.lower() not in (".png", ".svg"):
        raise SetupProblem(f"--chart writes a .png or .svg file, not '{args.chart.name}'")
    base = Spec(args.game, (), tuple(str(p) for p in args.cards),
                read_options(args.game, args.option, args.ruleset), args.ai.strip(),
                opponent_ai=(args.against_ai or "").strip())
    if args.compare:
        arms = tuple(base.with_decks((deck, args.against)) for deck in args.compare)
        labels = _labels(args.compare)
    elif args.decks:
        arms, labels = (base.with_decks(tuple(args.decks)),), (args.decks[0],)
    else:
        arms, labels = (base,), (args.game,)
    if args.importance:
        from .cardwatch import deck_names
        from .worker import table_for
        names = sorted(deck_names(table_for(arms[0]).decks[0]))
        arms += tuple(arms[0].without(name) for name in names)
        labels += tuple(f"without {name}" for name in names)
    return Plan(arms, labels, args.seed, args.games, args.precision, args.workers, args.cluster,
                importance=args.importance)


def _labels(decks: list[str]) -> tuple[str, ...]:
    """Each deck's name as given, numbered where the same name is given twice."""
    return tuple(d if decks.count(d) == 1 else f"{d}#{k + 1}" for k, d in enumerate(decks))


def run_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from cardsmith.dsl.errors import CardError
    from cardsmith.runtime.core.errors import CardsmithError

    from . import report
    from .pool import MissingExtra
    from .run import run

    try:
        plan = plan_from(args)
        progress = args.progress if args.progress is not None else err.isatty()
        outcome = run(plan, err, progress=progress)
    except CardError as exc:
        print(exc.format(), file=err)
        return 1
    except (CardsmithError, MissingExtra, OSError) as exc:
        print(f"cardsmith simulate: {exc}", file=err)
        return 1
    except KeyboardInterrupt:       # while the cards load or the workers start: nothing played
        print("interrupted before any game was played", file=out)
        return INTERRUPTED
    report.table(outcome, out, per_card=args.per_card)
    try:
        if args.replays:
            write_replays(outcome, args.replays, out)
        if args.json:
            report.write_json(outcome, args.json)
        if args.csv:
            report.write_csv(outcome, args.csv)
        if args.chart:
            from .chart import write_chart
            write_chart(report.figures(outcome), args.chart)
    except OSError as exc:
        print(f"cardsmith simulate: can't write {exc.filename}: {exc.strerror}", file=err)
        return 1
    except (MissingExtra, CardsmithError) as exc:
        print(f"cardsmith simulate: {exc}", file=err)
        return 1
    except KeyboardInterrupt:       # a second Ctrl-C: the table above is the report
        print("interrupted while writing the files asked for: they may be missing or incomplete", file=err)
        return INTERRUPTED
    return INTERRUPTED if outcome.interrupted else 0


def write_replays(outcome: Any, folder: Path, out: TextIO) -> None:
    """The first arm's outlier games as replay files in ``folder``, named in the report
    (and in ``--json``, under ``replays``)."""
    from . import report
    from .replay import write_outliers

    games = outcome.tally.games(0, outcome.numbers)
    found = report.outliers(games)
    written = write_outliers(outcome.plan, found, {g["game"]: g for g in games}, folder)
    outcome.extra["replays"] = written
    if not written:
        print(f"replays: no game was played to its end, so {folder} has none", file=out)
        return
    print("replays of the outliers (`cardsmith repl FILE --turn N` opens one at turn N):", file=out)
    report.columns([(name, path, f"game {found[name]['game']}, " + (
        f"{found[name]['turns']} turns" if "turns" in found[name] else
        f"{found[name]['damage']} damage in turn {found[name]['turn']}")) for name, path in written.items()], out)
