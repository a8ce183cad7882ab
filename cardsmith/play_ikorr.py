"""``cardsmith play ikorr``: AIs play a whole Rush of Ikorr game; the public log is printed
and the last line names the winning team.

    cardsmith play ikorr [--format 1v1|2v2|3v3] [--seed N] [--ai SPEC] [--decks A B]

``--decks`` names a deck for each team (deck files or bundled deck names; every seat of a
team plays that deck); by default team 1 plays Ember Regent and team 2 Tide Oracle, the
two sample decks.  The same options print the same bytes: the game's RNG and every AI's
come from ``--seed``.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

ACTION_LIMIT = 50_000      # a safety net: a game that long is an engine bug
DEFAULT_DECKS = ("ember-regent", "tide-oracle")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("1v1", "2v2", "3v3"), default="1v1", help="seats per team")
    parser.add_argument("--seed", type=int, default=0, help="seed for the game and the AIs (default 0)")
    from cardsmith.play import AI_HELP, ai_argument
    parser.add_argument("--ai", type=ai_argument, default="random", metavar="SPEC", help=AI_HELP)
    parser.add_argument("--decks", nargs=2, metavar=("A", "B"), help="a deck for each team")


def find_deck(spec: str) -> Path:
    from cardsmith.ikorr_decks import decks_dir
    from cardsmith.runtime.core.errors import CardsmithError
    from cardsmith.dsl.userfiles import find_file
    if find_file(Path(spec)) is not None:      # a folder, a pipe, a name too long: a CardError
        return Path(spec)
    for candidate in sorted(decks_dir().glob("*.deck")):
        if candidate.stem.casefold() == spec.casefold().removesuffix(".deck"):
            return candidate
    known = ", ".join(sorted(p.stem for p in decks_dir().glob("*.deck")))
    raise CardsmithError(f"no deck file or bundled Rush of Ikorr deck named '{spec}' (bundled: {known})")


def play_game(*, fmt: str = "1v1", seed: int = 0, ai: str = "random", decks: list[str] | None = None,
              out: Callable[[str], None] = print, library: Any = None) -> int:
    """Play one game, streaming the public log to ``out``; 0 when a team won."""
    import cardsmith.runtime.ikorr as ikorr
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.dsl.decks import library_for_decks
    from cardsmith.ikorr_decks import deck_options
    from cardsmith.play import drive, read_deck_defs
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import make_ais, seed_for

    lib = library if library is not None else bundled_library("ikorr")
    per = {"1v1": 1, "2v2": 2, "3v3": 3}[fmt]
    defs = read_deck_defs(list(decks or DEFAULT_DECKS), lib, ikorr.GAME, game="ikorr", find=find_deck)
    lib = library_for_decks(lib, defs)          # the cards the decks import
    team_decks = [deck_options(d) for d in defs]
    seats = [team_decks[0]] * per + [team_decks[1]] * per
    game = Game.new(ikorr.GAME, lib, history=False, decks=seats, seed=seed, fmt=fmt)
    players = make_ais(ai, [seed_for(seed, seat) for seat in range(len(game.state.players))])
    sides = " vs ".join(", ".join(f"{p.name} ({d['avatar']})" for p, d in zip(game.state.players, seats)
                                  if p.team == t) for t in (0, 1))
    out(f"Rush of Ikorr {fmt}: {sides}; seed {seed}, {ai} AI; {game.state.target} secured Ikorr to win")
    actions = drive(game, players, out, limit=ACTION_LIMIT)
    if actions is None:
        return 1
    team = game.state.winner
    members = [p.name for p in game.state.players if p.team == team]
    names = members[0] if len(members) == 1 else ", ".join(members[:-1]) + " and " + members[-1]
    out(f"winner: team {team + 1} ({names}) with {game.state.secured[team]} secured Ikorr "
        f"after {game.state.turn} turns and {actions} decisions")
    return 0


def run_play(args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Entry point for ``cardsmith play ikorr``: the process exit code."""
    from cardsmith.dsl.errors import CardError
    from cardsmith.play import DeckProblem
    from cardsmith.runtime.core.errors import CardsmithError

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        from cardsmith.play import game_library
        return play_game(fmt=getattr(args, "format", None) or "1v1", seed=args.seed or 0,
                         ai=args.ai or "random", decks=getattr(args, "decks", None),
                         out=lambda line: stdout.write(line + "\n"),
                         library=game_library("ikorr", getattr(args, "cards", None)))
    except CardError as exc:
        print(exc.format() if hasattr(exc, "format") else str(exc), file=stderr)
        return 1
    except (CardsmithError, DeckProblem) as exc:     # bad input (a deck): exit 1, as every command does
        print(f"cardsmith play: {exc}", file=stderr)
        return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardsmith play ikorr", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run_play(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
