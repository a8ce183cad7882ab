"""``cardsmith play GAME``: AIs play a whole game of any registered game and the public log
is printed, the first line saying who plays whom, the last how it ended.

The flags besides ``--seed`` and ``--ai`` come from the game's rules object: ``--decks``
and ``--cards`` for a game whose setup takes decks (``GameRules.default_decks``),
``--ruleset`` for one with more than one, and a flag for each of its setup options marked
``play`` (``options.Option``, the same declaration a scenario's ``option`` lines are
checked against).  ``cardsmith play GAME --help`` lists them.

The output is a function of the options only: the game's RNG and every AI's are derived
from ``--seed``, and nothing else (time, hash seeds, dict order of the environment) reaches
the log, so the same command prints the same bytes.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable, Sequence, TextIO

from cardsmith import DEFAULT_GAME

ACTION_LIMIT = 50_000   # a safety net: a game that long is an engine bug, not a game


class DeckProblem(Exception):
    """A deck can't be found or read; the message says which and why."""


def read_deck_defs(specs: list[str], library: Any, rules: Any) -> list[Any]:
    """Load and check the game's decks (each a path or a bundled deck's name,
    ``dsl.decks.find_deck``) as ``DeckDef``s, each with the cards it imports (for
    ``library_for_decks``); names resolve against those first, then ``library``.

    Raises ``DeckProblem`` with every located problem, formatted as ``cardsmith check``
    prints them.
    """
    from cardsmith.dsl.decks import declared_game, find_deck, load_and_check
    from cardsmith.dsl.errors import CardError
    from cardsmith.runtime.core.errors import CardsmithError

    decks = []
    problems: list[str] = []
    for spec in specs:
        try:
            path = find_deck(spec, rules)
        except CardError as exc:
            problems.append(exc.format())
            continue
        except CardsmithError as exc:
            problems.append(str(exc))
            continue
        other = declared_game(path)
        if other is not None and other[0] != rules.name:
            # said before its names are looked up in the wrong game's library, where every
            # one of them would be "unknown"
            problems.append(f"{path}:{other[1]}:{other[2]}: this deck is for {other[0]}, not {rules.name}")
            continue
        # names resolve as the deck is read; every problem as `cardsmith check` lists them
        deck, errors = load_and_check(path, library, rules)
        problems.extend(e.format() for e in errors)
        if deck is None:
            continue
        if deck.game != rules.name:
            problems.append(f"{deck.loc}: this deck is for {deck.game}, not {rules.name}")
        decks.append(deck)
    if problems:
        raise DeckProblem("\n".join(problems))
    return decks


def read_decks(specs: list[str], library: Any, rules: Any) -> list[dict[str, Any]]:
    """``read_deck_defs`` as the game's ``decks`` option takes them (``GameRules.deck_options``).
    The game's library must also hold the cards the decks import (``library_for_decks``)."""
    return [rules.deck_options(deck) for deck in read_deck_defs(specs, library, rules)]


def game_library(game: str, paths: Any = None) -> Any:
    """The bundled cards of ``game`` plus that game's cards in the given files or folders
    (``--cards``: a designer's own cards, for their own decks).  A bad file raises its
    located ``CardError``; a card of the same name replaces the bundled one."""
    from cardsmith.dsl.loader import bundled_library, load_library
    from cardsmith.runtime.core.cards import CardLibrary

    library = bundled_library(game)
    if paths:
        library = library.merged(CardLibrary(c for c in load_library(paths) if c.game == game))
    return library


def drive(game: Any, ais: list[Any], out: Callable[[str], None], *,
          limit: int = ACTION_LIMIT) -> int | None:
    """Let the AIs decide until the game ends, streaming the public log to ``out`` (grouped
    by the game's ``log_headers``, as the REPL prints it: ``logtext``).

    Returns the number of decisions, or None when the game stopped without a result
    (nothing to decide, or ``limit`` decisions: either is an engine bug, and is said so)."""
    from cardsmith.runtime.core.logtext import public_lines

    shown = 0
    actions = 0
    headers = game.rules.log_headers
    while True:
        log = game.state.log
        for line in public_lines(log[shown:], headers):
            out(line)
        shown = len(log)
        if game.state.over:
            return actions
        pending = game.pending
        if pending is None or actions >= limit:
            out(f"the game stopped after {actions} decisions with no result (engine bug)")
            return None
        game.apply(ais[pending.player].choose(game))
        actions += 1


# ---- the game's flags --------------------------------------------------------------------

def flag_name(key: str) -> str:
    """A setup option's flag: ``all_bloom`` is ``--all-bloom``."""
    return "--" + key.replace("_", "-")


def play_options(rules: Any) -> dict[str, Any]:
    """The game's setup options that are ``play`` flags, by option key."""
    return {key: option for key, option in rules.setup_options.items() if option.play}


class Parser(argparse.ArgumentParser):
    """An argument parser that writes its help and its usage errors to the command's own
    streams (``main``'s), not necessarily the process's."""

    def __init__(self, *args: Any, out: TextIO, err: TextIO, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.out, self.err = out, err

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            (self.out if file is sys.stdout else self.err).write(message)


def parser_for(rules: Any, out: TextIO, err: TextIO) -> argparse.ArgumentParser:
    """``cardsmith play GAME``'s flags for this game (its ``--help``)."""
    from cardsmith.runtime.core.registry import game_names

    p = Parser(out=out, err=err, prog=f"cardsmith play {rules.name}", description=(
        f"AIs play a whole {rules.name} game and the public log is printed; the same options "
        "print the same bytes."), epilog=(
        f"games: {', '.join(game_names())} (with none named: {DEFAULT_GAME}); "
        "`cardsmith play GAME --help` lists that game's flags"))
    p.add_argument("--seed", type=int, default=0, help="seed for the game and the AIs (default 0)")
    p.add_argument("--ai", type=ai_argument, default="random", metavar="SPEC", help=AI_HELP)
    if rules.default_decks:
        bundled = ", ".join(rules.bundled_decks()) or "none"
        p.add_argument("--decks", nargs=len(rules.default_decks), metavar=_deck_metavars(len(rules.default_decks)),
                       help=f"deck files or bundled deck names (default: {' '.join(rules.default_decks)}; "
                            f"bundled: {bundled})")
        p.add_argument("--cards", nargs="*", default=[], type=Path, metavar="PATH",
                       help="your own card files or folders, for your decks")
    if len(rules.rulesets) > 1:
        about = "; ".join(f"{name}: {text}" for name, text in rules.ruleset_help.items())
        p.add_argument("--ruleset", choices=rules.rulesets, default=rules.rulesets[0],
                       help=f"the rules played by (default {rules.rulesets[0]})" + (f"; {about}" if about else ""))
    for key, option in play_options(rules).items():
        if option.kind == "bool":
            p.add_argument(flag_name(key), dest=key, action="store_true", default=None, help=option.help)
        else:
            p.add_argument(flag_name(key), dest=key, type=_reader(option), default=None,
                           metavar=option.describe(), help=option.help)
    return p


def ai_argument(text: str) -> str:
    """``--ai``'s value checked as argparse reads it (``ai.parse_ai_spec``): a bad name or
    budget is a usage error that says what is wrong; the number of names is checked
    against the seats once the game is set up (``make_ais``)."""
    from cardsmith.runtime.core.ai_kinds import parse_ai_spec
    from cardsmith.runtime.core.errors import CardsmithError
    try:
        parse_ai_spec(text, None)
    except CardsmithError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


AI_HELP = ("random, greedy, search, search:ITERATIONS or search:SECONDSs, for every seat, or one per "
           "seat separated by commas (search,greedy); default random")


def _deck_metavars(n: int) -> tuple[str, ...]:
    return tuple(chr(ord("A") + k) for k in range(n))


def _reader(option: Any) -> Callable[[str], Any]:
    """An argparse ``type`` reading a flag's value as the option does (its own message)."""
    def read(text: str) -> Any:
        try:
            return option.read(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return read


# ---- playing -----------------------------------------------------------------------------

def play(rules: Any, args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Play one game with the parsed flags, streaming its log to ``out``; the exit code
    (0: the game ended; 1: the engine stopped without a result)."""
    from cardsmith.dsl.decks import library_for_decks
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai_kinds import make_ais

    library = game_library(rules.name, getattr(args, "cards", None))
    options: dict[str, Any] = {}
    if rules.default_decks:
        defs = read_deck_defs(list(args.decks or rules.default_decks), library, rules)
        library = library_for_decks(library, defs)      # the cards the decks import
        options["decks"] = [rules.deck_options(deck) for deck in defs]
    if len(rules.rulesets) > 1:
        options["ruleset"] = args.ruleset
    for key in play_options(rules):
        if getattr(args, key) is not None:
            options[key] = getattr(args, key)
    seed = args.seed
    game = Game.new(rules, library, history=False, seed=seed, **options)
    ais = make_ais(args.ai, [rules.ai_seed(seed, seat) for seat in range(len(game.state.players))])
    out(rules.play_heading(game, options, args.ai))
    actions = drive(game, ais, out)
    if actions is None:
        return 1
    out(rules.play_result(game, actions))
    return 0


def main(argv: Sequence[str], stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """``cardsmith play [GAME] [FLAGS]``: the process exit code (2 for bad usage, 1 for bad
    input such as a deck that can't be read)."""
    from cardsmith.dsl.errors import CardError
    from cardsmith.runtime.core.errors import CardsmithError, UnknownGame
    from cardsmith.runtime.core.registry import game_names, get_game

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    argv = list(argv)
    game = argv.pop(0) if argv and not argv[0].startswith("-") else DEFAULT_GAME
    try:
        rules = get_game(game)
    except UnknownGame as exc:
        print(f"cardsmith play: {exc} (games: {', '.join(game_names())})", file=stderr)
        return 2
    parser = parser_for(rules, stdout, stderr)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:           # --help (0) or bad usage (2): argparse has said which
        return int(exc.code or 0)

    def out(line: str) -> None:
        stdout.write(line + "\n")

    try:
        return play(rules, args, out)
    except DeckProblem as exc:     # bad input, like any other command's: exit 1 (2 is for usage)
        print(f"cardsmith play: {exc}", file=stderr)
        return 1
    except CardError as exc:
        print(exc.format(), file=stderr)
        return 1
    except CardsmithError as exc:
        print(f"cardsmith play: {exc}", file=stderr)
        return 1
