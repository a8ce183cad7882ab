"""``cardsmith play sylvion``: AIs defend the forest for a whole game; the log is printed
and the last line says won or lost, and why.

    cardsmith play sylvion [--players 1|2] [--mode logistics|silence] [--seed N] [--ai SPEC]

The same options print the same bytes: the game's RNG and the AIs' come from ``--seed``.
In Total Silence the printed log is the public one (no private draws); each AI decides
from ``legal_actions()`` of its own seat, which never shows the partner's hand.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, TextIO

ACTION_LIMIT = 20_000      # a safety net: a game that long is an engine bug


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The Sylvion options (the game name itself is the caller's positional argument)."""
    parser.add_argument("--players", type=int, choices=(1, 2), default=1, help="1 (solo, default) or 2")
    parser.add_argument("--mode", choices=("logistics", "silence"), default="logistics",
                        help="two players: Pure Logistics (open hands, default) or Total Silence")
    parser.add_argument("--seed", type=int, default=0, help="seed for the game and the AIs (default 0)")
    from cardsmith.play import AI_HELP, ai_argument
    parser.add_argument("--ai", type=ai_argument, default="greedy", metavar="SPEC", help=AI_HELP)
    parser.add_argument("--all-bloom", action="store_true", help="start with all 12 Edges Bloom side up")


def play_game(*, players: int = 1, mode: str = "logistics", seed: int = 0, ai: str = "greedy",
              all_bloom: bool = False, out: Callable[[str], None] = print, library: Any = None) -> int:
    """Play one game, streaming the public log to ``out``; returns 0 when it ended (won or
    lost: the last line says which), 2 if the engine stopped without a result."""
    import random

    import cardsmith.runtime.sylvion as sylvion
    from cardsmith.play import drive
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import make_ais

    lib = library if library is not None else bundled_library("sylvion")
    game = Game.new(sylvion.GAME, lib, history=False, seed=seed, players=players, mode=mode,
                    all_bloom=all_bloom)
    seats = make_ais(ai, [random.Random(f"{seed}:{seat}").randrange(1 << 30) for seat in range(players)])
    who = "solo" if players == 1 else f"two players, {'Total Silence' if mode == 'silence' else 'Pure Logistics'}"
    out(f"Sylvion ({who}); seed {seed}, {ai} AI")
    actions = drive(game, seats, out, limit=ACTION_LIMIT)
    if actions is None:
        return 2
    out(f"{game.state.result.split(':')[0].upper()} after {game.state.turn} turns and {actions} decisions")
    return 0


def run_play(args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Entry point for ``cardsmith play sylvion``: the process exit code."""
    from cardsmith.runtime.core.errors import CardsmithError

    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        return play_game(players=getattr(args, "players", 1) or 1, mode=getattr(args, "mode", None) or "logistics",
                         seed=getattr(args, "seed", 0) or 0, ai=getattr(args, "ai", None) or "greedy",
                         all_bloom=getattr(args, "all_bloom", False),
                         out=lambda line: stdout.write(line + "\n"))
    except CardsmithError as exc:     # bad input: exit 1, as every command does
        print(f"cardsmith play: {exc}", file=stderr)
        return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardsmith play sylvion", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run_play(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
