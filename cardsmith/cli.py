"""The ``cardsmith`` command: check card and deck files, show a card, play, open the REPL,
compile the runtime.

Only the command line (and the REPL) sees every part of cardsmith; each subcommand imports
what it needs when it runs, so ``cardsmith check`` and ``cardsmith show`` stay fast.  The
flags of ``cardsmith play GAME`` are the game's own (``cardsmith/play.py``).

Exit codes: 0 fine, 1 the files or the card asked for have problems, 2 bad usage.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Sequence, TextIO

from cardsmith import DEFAULT_GAME, __version__
from cardsmith.runtime.core.registry import game_names


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardsmith", description=(
        f"A card scripting language and rules sandbox for card games (here: {', '.join(game_names())}). "
        f"With no command, opens the REPL on the default game ({DEFAULT_GAME})."))
    p.add_argument("--version", action="version", version=f"cardsmith {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="validate card and deck files (folders recursively)")
    check.add_argument("paths", nargs="+", metavar="PATH", type=Path)
    check.add_argument("--no-cache", action="store_true", help="compile everything afresh")
    check.set_defaults(run=cmd_check)

    show = sub.add_parser("show", help="a card's stats and its rules text, rendered from its script")
    show.add_argument("card", metavar="CARD", help="the card's name (any case)")
    show.add_argument("--cards", nargs="*", default=[], type=Path, metavar="PATH",
                      help="more card files or folders to look in, besides the bundled cards")
    show.add_argument("--game", help="look only among this game's cards")
    show.add_argument("--source", action="store_true", help="also print the card's script")
    show.set_defaults(run=cmd_show)

    # its flags are the game's: ``main`` hands everything after ``play`` to ``cardsmith.play``
    play = sub.add_parser("play", add_help=False, help=(
        f"AIs play a whole game and print the log (GAME: default {DEFAULT_GAME}; "
        "`cardsmith play GAME --help` lists its flags)"))
    play.add_argument("args", nargs=argparse.REMAINDER, metavar="[GAME] FLAG")
    play.set_defaults(run=cmd_play)

    repl = sub.add_parser("repl", help="the sandbox REPL (the default command)")
    repl.add_argument("file", nargs="?", help="a saved game (JSON), a scenario file of REPL commands, "
                                              "or a replay (`cardsmith simulate --replays DIR` writes them)")
    repl.add_argument("--script", metavar="FILE", help="run REPL commands from FILE without a terminal")
    repl.add_argument("--turn", type=int, metavar="N", help="open the replay FILE at the start of turn N "
                                                           "(undo goes back, redo on; default: its first decision)")
    from cardsmith.repl.scenario.cli import add_parsers, add_scenario_choice  # light: no textX at import
    add_scenario_choice(repl)
    repl.set_defaults(run=cmd_repl)

    comp = sub.add_parser("compile", help="build the runtime as C extensions (used with CARDSMITH_COMPILED=1)")
    comp.add_argument("modules", nargs="*", metavar="MODULE",
                      help="only these runtime modules (e.g. core.rng); default: all of them")
    comp.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="build N modules (C files) at a time")
    comp.add_argument("--backend", choices=("mypyc", "cython"), default="mypyc",
                      help="mypyc (the default): the modules as one group, from their type hints (about 2.4x); "
                           "cython: each module on its own (about 1.2x)")
    comp.add_argument("--force", action="store_true", help="rebuild modules already compiled from their current source")
    comp.add_argument("--status", action="store_true",
                      help="only say how many modules are compiled and current, and how many are stale")
    comp.set_defaults(run=cmd_compile)

    add_parsers(sub)                                       # run, solve
    from cardsmith.simulate.command import add_parser as add_simulate   # light: no engine at import
    add_simulate(sub)
    from cardsmith.coverage import add_parser as add_coverage   # light: no engine at import
    add_coverage(sub)
    return p


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``cardsmith play [GAME] [FLAGS]``: see ``cardsmith/play.py``."""
    from cardsmith.play import main as play_main
    return play_main(args.args, out, err)


def cmd_repl(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The REPL: ``run_repl(file, script, stdin_is_tty)`` in ``cardsmith.repl.main``."""
    from cardsmith.repl.main import run_repl
    return int(run_repl(args.file, args.script, sys.stdin.isatty(), args.turn, args.scenario, args.under) or 0)


def cmd_compile(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``cardsmith compile``: see ``cardsmith/build.py`` (and ``compiled.py`` for loading)."""
    from cardsmith import build
    if args.status:
        return build.status(out, err)
    if args.jobs < 1:
        print("cardsmith compile: --jobs needs a positive number", file=err)
        return 2
    if args.backend == "mypyc":
        from cardsmith import build_mypyc
        return build_mypyc.compile_group(args.modules, jobs=args.jobs, force=args.force, out=out, err=err)
    return build.compile_runtime(args.modules, jobs=args.jobs, force=args.force, out=out, err=err)


# ---- check ----------------------------------------------------------------------------

def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from cardsmith.dsl.decks import DECK_EXTENSION, load_and_check
    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl.languages import by_extension
    from cardsmith.dsl.loader import add_cards, load_file
    from cardsmith.dsl.userfiles import expand
    from cardsmith.runtime.core.cards import CardLibrary

    use_cache = not args.no_cache
    card_paths: list[Path] = []
    deck_paths: list[Path] = []
    found, problems = expand(args.paths, lambda f: f.suffix == DECK_EXTENSION or by_extension(f) is not None)
    for p in found:
        if p.suffix == DECK_EXTENSION:
            deck_paths.append(p)
        elif by_extension(p) is not None:
            card_paths.append(p)
        else:
            problems.append(f"{p}: not a card or deck file")

    checked = CardLibrary()
    for f in card_paths:
        try:
            add_cards(checked, load_file(f, use_cache=use_cache))
        except CardError as e:
            problems.append(e.format())
    decks = 0
    if deck_paths:
        libraries: dict[str, Any] = {}

        def library(game: str) -> Any:
            if game not in libraries:
                libraries[game] = _library_for(game, checked, use_cache)
            return libraries[game]

        for f in deck_paths:
            # every unknown name and every broken rule, as `cardsmith play` reports them
            _, errors = load_and_check(f, library, use_cache=use_cache)
            problems.extend(e.format() for e in errors)
            decks += 0 if errors else 1
    for text in problems:
        print(text, file=err)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} "
              f"in {len(card_paths) + len(deck_paths)} files", file=err)
        return 1
    print(f"OK: {len(checked)} cards and {decks} decks in {len(card_paths) + len(deck_paths)} files", file=out)
    return 0


def _rules(game: str) -> Any:
    """The game's rules object, or None while the game can't be loaded (decks still check)."""
    from cardsmith.runtime.core.registry import get_game
    try:
        return get_game(game)
    except Exception:
        return None


def _library_for(game: str, extra: Any, use_cache: bool) -> Any:
    """The bundled cards of a game, with the cards being checked taking precedence."""
    from cardsmith.dsl.loader import bundled_library
    return bundled_library(game, use_cache=use_cache).merged(extra)


# ---- show -----------------------------------------------------------------------------

def cmd_show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from cardsmith.dsl.errors import CardError, did_you_mean
    from cardsmith.dsl.loader import bundled_library, load_library
    from cardsmith.dsl.render import render_card

    try:
        lib = bundled_library(args.game)
        if args.cards:
            lib = lib.merged(load_library(args.cards))
    except CardError as e:
        print(e.format(), file=err)
        return 1
    names = lib.names(args.game)
    if args.card not in lib or (args.game and lib.get(args.card).game != args.game):
        where = f" among the {args.game} cards" if args.game else ""
        print(f"cardsmith show: unknown card '{args.card}'{where}{did_you_mean(args.card, names)}",
              file=err)
        return 1
    card = lib.get(args.card)
    print(render_card(card, _rules(card.game)), file=out)
    print(f"\n[{card.game}] {card.loc}", file=out)
    if args.source and card.source:
        print("\n" + card.source, file=out)
    return 0


# ---- main -----------------------------------------------------------------------------

def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run a command; Ctrl-C that a command leaves to us (while the flags are read, the
    cards load ...) ends it with one line and status 130, not a traceback."""
    try:
        return _main(argv, out or sys.stdout, err or sys.stderr)
    except KeyboardInterrupt:
        print("cardsmith: interrupted", file=err or sys.stderr)
        return 130


def _main(argv: Sequence[str] | None, out: TextIO, err: TextIO) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["play"]:         # the game's own flags, --help included: none are ours
        args = argparse.Namespace(command="play", run=cmd_play, args=argv[1:])
    else:
        args = parser.parse_args(argv)
    if args.command is None:                      # plain 'cardsmith' opens the REPL
        args = parser.parse_args(["repl"])
    try:
        return args.run(args, out, err)
    except BrokenPipeError:
        # the reader went away (``cardsmith play sylvion | head``): stop quietly, and point
        # stdout at /dev/null so the interpreter's final flush doesn't complain either
        _silence(out)
        return 1


def _silence(stream: TextIO) -> None:
    import io
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


if __name__ == "__main__":
    sys.exit(main())
