"""``cardsmith play ivion``: two AIs play a whole game and the public log is printed.

The output is a function of the options only (seed, decks, AI kind, ruleset): the game's
RNG and both AIs' RNGs are derived from ``--seed``, and nothing else (time, hash seeds,
dict order of the environment) reaches the log, so the same command prints the same bytes.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

DEFAULT_DECKS = ("steward", "winterborn")
ACTION_LIMIT = 20_000   # a safety net: a game that long is an engine bug, not a duel


class DeckProblem(Exception):
    """A deck can't be found or read; the message says which and why."""


def deck_dir() -> Path:
    from cardsmith.dsl.loader import bundled_cards_dir
    return bundled_cards_dir() / "ivion" / "decks"


def ai_argument(text: str) -> str:
    """``--ai``'s value checked as argparse reads it (``ai.parse_ai_spec``): a bad name or
    budget is a usage error that says what is wrong; the number of names is checked
    against the seats once the game is set up."""
    from cardsmith.runtime.core.ai import parse_ai_spec
    from cardsmith.runtime.core.errors import CardsmithError
    try:
        parse_ai_spec(text, None)
    except CardsmithError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


AI_HELP = ("random, greedy, search, search:ITERATIONS or search:SECONDSs, for every seat, "
           "or one per seat separated by commas (search,greedy)")


def find_deck(spec: str) -> Path:
    """A deck file path, or the name of a bundled deck (file stem, any case)."""
    from cardsmith.dsl.userfiles import find_file
    if find_file(Path(spec)) is not None:      # a folder, a pipe, a name too long: a CardError
        return Path(spec)
    folder = deck_dir()
    for candidate in sorted(folder.glob("*.deck")):
        if candidate.stem.casefold() == spec.casefold().removesuffix(".deck"):
            return candidate
    known = ", ".join(sorted(p.stem for p in folder.glob("*.deck")))
    raise DeckProblem(f"no deck file or bundled deck named '{spec}' (bundled: {known})")


def read_decks(specs: list[str], library: Any, rules: Any) -> list[dict[str, Any]]:
    """Load and check the decks (``cardsmith.dsl.decks``), as ``new_state`` options.

    Raises ``DeckProblem`` with every located problem, formatted as ``cardsmith check``
    prints them.  The game's library must also hold the cards the decks import: see
    ``read_deck_defs``.
    """
    return [deck.as_options() for deck in read_deck_defs(specs, library, rules)]


def read_deck_defs(specs: list[str], library: Any, rules: Any, *, game: str = "ivion",
                   find: Callable[[str], Path] = find_deck) -> list[Any]:
    """Load and check ``game``'s decks (found by ``find``: a path or a bundled deck's name)
    as ``DeckDef``s, each with the cards it imports (for ``library_for_decks``); names
    resolve against those first, then ``library``.  ``DeckProblem`` as ``read_decks``."""
    from cardsmith.dsl.decks import check_deck, load_deck
    from cardsmith.dsl.errors import CardError

    decks = []
    problems: list[str] = []
    for spec in specs:
        path = find(spec)
        other = declared_game(path)
        if other is not None and other[0] != game:
            # said before its names are looked up in the wrong game's library, where every
            # one of them would be "unknown"
            problems.append(f"{path}:{other[1]}:{other[2]}: this deck is for {other[0]}, not {game}")
            continue
        try:
            deck = load_deck(path, library)         # names resolve as the deck is read
        except CardError as exc:
            problems.append(exc.format())
            continue
        errors = check_deck(deck, library, rules)
        problems.extend(e.format() for e in errors)
        if deck.game != game:
            problems.append(f"{deck.loc}: this deck is for {deck.game}, not {game}")
        decks.append(deck)
    if problems:
        raise DeckProblem("\n".join(problems))
    return decks


_DECK_LINE = re.compile(r'^([ \t]*)deck[ \t]+"[^"\n]*"[ \t]+for[ \t]+([a-z][a-z_]*)', re.MULTILINE)


def declared_game(path: Path) -> tuple[str, int, int] | None:
    """The game a deck file's ``deck "NAME" for GAME`` line names, with its line and
    column, read without parsing (None if the file has no such line or can't be read:
    the parser then says what is wrong with it)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    for match in _DECK_LINE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        return match.group(2), line, len(match.group(1)) + 1
    return None


def play_game(decks: list[dict[str, Any]], *, seed: int, ai: str, ruleset: str,
              out: Callable[[str], None], library: Any = None) -> int:
    """Play one AI-vs-AI duel, streaming the public log to ``out``; returns an exit code."""
    import cardsmith.runtime.ivion as ivion
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import make_ais, seed_for

    lib = library if library is not None else bundled_library("ivion")
    game = Game.new(ivion.GAME, lib, history=False, decks=decks, seed=seed, ruleset=ruleset)
    players = make_ais(ai, [seed_for(seed, seat) for seat in range(len(game.state.players))])
    names = ", ".join(f"{p.name} ({d.get('name') or (d['feats'] or ['no feats'])[0]})"
                      for p, d in zip(game.state.players, decks))
    out(f"Ivion duel: {names}; seed {seed}, {ai} AI, ruleset {game.state.ruleset}")
    actions = drive(game, players, out)
    if actions is None:
        return 1
    winners = [p.name for p in game.state.players if p.team == game.state.winner]
    out(f"winner: {' and '.join(winners) or 'nobody'} after {game.state.turn} turns and {actions} decisions")
    return 0


def drive(game: Any, ais: list[Any], out: Callable[[str], None], *,
          limit: int = ACTION_LIMIT) -> int | None:
    """Let the AIs decide until the game ends, streaming the public log to ``out`` (grouped
    by the game's ``log_headers``, as the REPL prints it: ``logtext``).

    Every game's ``play`` command drives its game this way.  Returns the number of
    decisions, or None when the game stopped without a result (nothing to decide, or
    ``limit`` decisions: either is an engine bug, and is said so)."""
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


def play_other(game: str, args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Another game's ``play``: ``cardsmith.play_GAME.run_play(args, stdout, stderr)``.

    Each game's module declares its own options (``add_arguments``); options the command
    line did not give take that module's defaults, so one ``play`` subcommand serves all.
    """
    import importlib
    try:
        module = importlib.import_module(f"cardsmith.play_{game}")
    except ImportError as exc:
        if exc.name is None or not f"cardsmith.play_{game}".startswith(exc.name):
            raise
        print(f"cardsmith play: '{game}' can't be played (no cardsmith.play_{game})", file=stderr)
        return 2
    defaults = argparse.ArgumentParser(add_help=False)
    if hasattr(module, "add_arguments"):
        module.add_arguments(defaults)
    merged = vars(defaults.parse_args([]))
    merged.update({k: v for k, v in vars(args).items() if v is not None})
    return int(module.run_play(argparse.Namespace(**merged), stdout, stderr) or 0)


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


def run_play(args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Entry point for ``cardsmith play``: returns the process exit code."""
    from cardsmith.runtime.core.errors import CardsmithError

    import cardsmith.runtime.ivion as ivion
    from cardsmith.dsl.errors import CardError

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    game = getattr(args, "game", "ivion") or "ivion"
    if game != "ivion":
        return play_other(game, args, stdout, stderr)
    from cardsmith.dsl.decks import library_for_decks
    try:
        library = game_library("ivion", getattr(args, "cards", None))
        defs = read_deck_defs(list(args.decks or DEFAULT_DECKS), library, ivion.GAME)
        library = library_for_decks(library, defs)      # the cards the decks import
        decks = [deck.as_options() for deck in defs]
    except DeckProblem as exc:     # bad input, like any other command's: exit 1 (2 is for usage)
        print(f"cardsmith play: {exc}", file=stderr)
        return 1
    except CardError as exc:
        print(exc.format(), file=stderr)
        return 1

    def out(line: str) -> None:
        stdout.write(line + "\n")

    try:
        return play_game(decks, seed=args.seed, ai=args.ai or "random", ruleset=args.ruleset or "hh",
                         out=out, library=library)
    except CardsmithError as exc:
        print(f"cardsmith play: {exc}", file=stderr)
        return 1
