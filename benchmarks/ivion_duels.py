"""Random-versus-random Ivion duels per second on one core (a figure, not a test).

    python benchmarks/ivion_duels.py [--games N] [--seed S] [--ruleset hh|original] [--profile]
                                     [--breakdown] [--digest | --digest-actions]

Plays N whole duels of the default decks (Steward vs Winterborn) with two ``RandomAI``s,
no undo history (as batch simulation runs), and prints games/s, actions/s and the mean
number of turns.  Rates are given per wall second and per CPU second of this process (on a
busy machine the second is the fairer figure).  Card loading is done once before the clock starts.  ``--profile`` runs
the same games under cProfile and prints where the time goes; ``--breakdown`` times each
kind of decision (what applying it costs, up to the next decision, the next listing
included) without a profiler's distortion.  Target (issue 2 § 6): at least 200 duels/s.
Every run says how many runtime modules were loaded compiled (``cardsmith compile``, used
with ``CARDSMITH_COMPILED=1``), so a figure can't be mislabelled; ``--digest`` says it on
stderr, keeping stdout the bare fingerprint.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time

from cardsmith.compiled import loaded_line


def setup():
    import cardsmith.runtime.ivion as ivion
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.play import read_decks

    library = bundled_library("ivion")
    decks = read_decks(list(ivion.GAME.default_decks), library, ivion.GAME)
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


def breakdown(rules, library, decks, games: int, seed: int, ruleset: str) -> None:
    """Wall time per (decision kind, action kind), and the main-phase listing's share."""
    from collections import defaultdict

    import cardsmith.runtime.ivion.turn as turn
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import RandomAI, seed_for

    clock = time.perf_counter
    spent: dict[object, float] = defaultdict(float)
    count: dict[object, int] = defaultdict(int)
    listing = turn.main_options

    def timed_listing(game, player):
        start = clock()
        try:
            return listing(game, player)
        finally:
            spent["(main listing, inside the rows above)"] += clock() - start

    turn.main_options = timed_listing
    try:
        for g in range(seed, seed + games):
            game = Game.new(rules, library, history=False, decks=decks, seed=g, ruleset=ruleset)
            ais = [RandomAI(seed_for(g, s)) for s in range(2)]
            while not game.state.over:
                pending = game.state.pending
                action = ais[pending.player].choose(game)
                start = clock()
                game.apply(action)
                key = (pending.kind, action.kind)
                spent[key] += clock() - start
                count[key] += 1
    finally:
        turn.main_options = listing
    total = sum(v for k, v in spent.items() if isinstance(k, tuple))
    print(f"{games} duels, {total:.2f} s in apply(); per decision kind (decision, action):")
    for key, secs in sorted(spent.items(), key=lambda kv: -kv[1]):
        n = count.get(key, 0)
        each = f"{secs / n * 1e6:7.1f} us each, n={n}" if n else ""
        print(f"  {str(key):44} {secs / total * 100:5.1f}%  {each}")


def digest(rules, library, decks, games: int, seed: int, ruleset: str, kind: str = "full") -> str:
    """A fingerprint of the games themselves (``fingerprint.py``): ``full`` covers every
    decision with its prompt and options, every chosen action and every log line, so a
    speed-up must leave it unchanged; ``actions`` only the decisions, options and actions,
    so a rewording of log lines or prompts must leave that one unchanged."""
    from fingerprint import Fingerprint

    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import RandomAI, seed_for

    fp = Fingerprint(kind)
    for g in range(seed, seed + games):
        game = Game.new(rules, library, history=False, decks=decks, seed=g, ruleset=ruleset)
        ais = [RandomAI(seed_for(g, s)) for s in range(2)]
        fp.play(game, lambda game: ais[game.state.pending.player].choose(game))
    what = "" if kind == "full" else ", decisions and actions only"
    return f"{games} duels ({ruleset}{what}) from seed {seed}: {fp.hexdigest()}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ruleset", choices=["hh", "original"], default="hh")
    ap.add_argument("--profile", action="store_true", help="print the top functions by own time")
    ap.add_argument("--breakdown", action="store_true", help="time each kind of decision")
    ap.add_argument("--digest", action="store_true",
                    help="print a fingerprint of every decision, option list and log line instead of rates")
    ap.add_argument("--digest-actions", action="store_true",
                    help="the same, of the decisions, options and actions only (not prompts, labels or log texts)")
    args = ap.parse_args(argv)
    rules, library, decks = setup()
    if args.games <= 0:         # load only: instructions.py subtracts this start-up cost
        print("cards loaded, no duel played")
        return 0
    if args.digest or args.digest_actions:
        kind = "actions" if args.digest_actions else "full"
        print(digest(rules, library, decks, args.games, args.seed, args.ruleset, kind))
        print(loaded_line(), file=sys.stderr)       # stdout stays the bare fingerprint
        return 0
    if args.breakdown:
        breakdown(rules, library, decks, args.games, args.seed, args.ruleset)
        return 0
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
    print(f"  {loaded_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
