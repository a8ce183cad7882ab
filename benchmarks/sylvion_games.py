"""Random full Sylvion games per second, on one core (issue 5: target at least 500/s).

A "full game" runs from setup to won or lost: random legal actions (the core's RandomAI)
until the game is over.  Random play mostly loses early, so the script also plays a
"busy" policy that prefers playing cards (longer games, more combat) and reports the mean
number of turns, so the figure can't hide short games.  Not a test: nothing is asserted.

    python benchmarks/sylvion_games.py [--games N] [--players 1|2] [--seed S] [--all-bloom]
                                       [--digest | --digest-actions]
"""
from __future__ import annotations

import argparse
import random
import time
from statistics import mean

from fingerprint import Fingerprint

from cardsmith.compiled import loaded_line
from cardsmith.dsl.loader import bundled_library
from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.core.ai import RandomAI


def policy(seed: int, busy: bool):
    """``choose(game) -> action``: the core's RandomAI, or the busy policy."""
    if not busy:
        return RandomAI(seed).choose
    rnd = random.Random(seed)

    def choose(game):
        options = game.legal_actions()
        plays = [a for a in options if a.kind not in ("end", "pass")]
        return rnd.choice(plays) if plays and rnd.random() < 0.85 else rnd.choice(options)
    return choose


def play(rules, lib, seed: int, players: int, busy: bool, all_bloom: bool = False,
         fingerprint: Fingerprint | None = None) -> tuple[int, str]:
    game = Game.new(rules, lib, history=False, seed=seed, players=players, all_bloom=all_bloom)
    choose = policy(seed, busy)
    if fingerprint is not None:
        fingerprint.play(game, choose)
    while not game.state.over:
        game.apply(choose(game))
    return game.state.turn, game.state.result.split(":")[0]


def digest(games: int, players: int, seed: int, busy: bool, all_bloom: bool, kind: str) -> str:
    """A fingerprint of the games (``fingerprint.py``): a rewording must leave ``actions``
    unchanged, a speed-up ``full`` too."""
    rules, lib = get_game("sylvion"), bundled_library("sylvion")
    fp = Fingerprint(kind)
    for k in range(games):
        play(rules, lib, seed + k, players, busy, all_bloom, fp)
    what = "" if kind == "full" else ", decisions and actions only"
    name = ("busy random" if busy else "random") + (" (all Bloom)" if all_bloom else "")
    return f"{games} games ({name} {players}p{what}) from seed {seed}: {fp.hexdigest()}"


def bench(games: int, players: int, seed: int, busy: bool, all_bloom: bool = False) -> None:
    rules = get_game("sylvion")
    lib = bundled_library("sylvion")
    play(rules, lib, seed, players, busy)                     # warm up
    turns, results = [], []
    start, cpu = time.perf_counter(), time.process_time()
    for k in range(games):
        t, r = play(rules, lib, seed + k, players, busy, all_bloom)
        turns.append(t)
        results.append(r)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    policy = ("busy random" if busy else "random") + (" (all Bloom)" if all_bloom else "")
    # wall-clock and CPU-time rates: on a shared machine the CPU figure is the one core's speed
    print(f"{policy:24s} {players}p: {games / elapsed:7.0f} games/s wall, {games / cpu:7.0f} games/s CPU  "
          f"({games} games; mean {mean(turns):.1f} turns; won {results.count('won')}, lost {results.count('lost')})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, choices=(1, 2), default=0, help="default: both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all-bloom", action="store_true",
                        help="start with 12 Bloom Edges: longer games (the introductory option)")
    parser.add_argument("--digest", action="store_true",
                        help="print a fingerprint of every decision, option list and log line instead of rates")
    parser.add_argument("--digest-actions", action="store_true",
                        help="the same, of the decisions, options and actions only")
    args = parser.parse_args()
    for players in ([args.players] if args.players else [1, 2]):
        for busy in (False, True):
            if args.digest or args.digest_actions:
                kind = "actions" if args.digest_actions else "full"
                print(digest(args.games, players, args.seed, busy, args.all_bloom, kind))
            else:
                bench(args.games, players, args.seed, busy, args.all_bloom)
    print(loaded_line())


if __name__ == "__main__":
    main()
