"""Random-versus-random Ivion duels per second on one core (a figure, not a test).

    python benchmarks/ivion_duels.py [--games N] [--seed S] [--ruleset hh|original] [--profile]

Plays N whole duels of the default decks (Steward vs Winterborn) with two ``RandomAI``s,
no undo history (as batch simulation runs), and prints games/s, actions/s and the mean
number of turns.  Rates are given per wall second and per CPU second of this process (on a
busy machine the second is the fairer figure).  Card loading is done once before the clock starts.  ``--profile`` runs
the same games under cProfile and prints where the time goes.  Target (issue 2 § 6): at
least 200 duels/s.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time


def setup():
    import cardsmith.runtime.ivion as ivion
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.play import DEFAULT_DECKS, read_decks

    library = bundled_library("ivion")
    decks = read_decks(list(DEFAULT_DECKS), library, ivion.GAME)
    return ivion.GAME, library, decks


def play(rules, library, decks, games: int, seed: int, ruleset: str) -> tuple[int, list[int]]:
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import RandomAI, seed_for

    actions = 0
    turns = []
    for g in range(seed, seed + games):
        game = Game.new(rules, library, history=False, decks=decks, seed=g, ruleset=ruleset)
        ais = [RandomAI(seed_for(g, seat)) for seat in range(2)]
        while not game.state.over:
            game.apply(ais[game.state.pending.player].choose(game))
            actions += 1
        turns.append(game.state.turn)
    return actions, turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ruleset", choices=["hh", "original"], default="hh")
    ap.add_argument("--profile", action="store_true", help="print the top functions by own time")
    args = ap.parse_args(argv)
    rules, library, decks = setup()
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        play(rules, library, decks, args.games, args.seed, args.ruleset)
        prof.disable()
        stats = pstats.Stats(prof, stream=sys.stdout)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(25)
        return 0
    start, cpu_start = time.perf_counter(), time.process_time()
    actions, turns = play(rules, library, decks, args.games, args.seed, args.ruleset)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"{args.games} random-vs-random duels ({args.ruleset}) in {elapsed:.2f} s wall, {cpu:.2f} s CPU, one core")
    print(f"  {args.games / elapsed:.1f} games/s wall, {args.games / cpu:.1f} games/s per CPU second   (target: 200)")
    print(f"  {actions / cpu:.0f} actions per CPU second, {actions / args.games:.0f} actions per game")
    print(f"  mean turns {statistics.mean(turns):.1f} (median {statistics.median(turns)}, max {max(turns)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
