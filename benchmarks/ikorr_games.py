"""Random full Rush of Ikorr games per second, on one core (issue 6).

A "full game" runs from setup (first-team decision, mulligans) to a team's victory, with
every decision taken by the core's RandomAI, on the two sample decks.  The mean number of
turns and decisions is printed with the rate, so a figure can't hide short games.  Not a
test: nothing is asserted.

    python benchmarks/ikorr_games.py [--games N] [--format 1v1|2v2|3v3] [--seed S]
                                     [--digest | --digest-actions]

``--digest`` prints a fingerprint of the games instead of rates (``fingerprint.py``):
every decision, option list and log line; ``--digest-actions`` of the decisions, options
and actions only, which a rewording of log lines or prompts must leave unchanged.
"""
from __future__ import annotations

import argparse
import time
from statistics import mean

from fingerprint import Fingerprint

from cardsmith.compiled import loaded_line
from cardsmith.dsl.loader import bundled_library
from cardsmith.dsl.decks import bundled_deck_options
from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.core.ai import RandomAI


def play(rules, lib, decks, fmt: str, seed: int, fingerprint: Fingerprint | None = None) -> tuple[int, int]:
    game = Game.new(rules, lib, history=False, decks=decks, seed=seed, fmt=fmt)
    ai = RandomAI(seed)
    if fingerprint is not None:
        fingerprint.play(game, ai.choose)
    decisions = 0
    while not game.state.over:
        game.apply(ai.choose(game))
        decisions += 1
    return game.state.turn, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--format", choices=("1v1", "2v2", "3v3"), default="1v1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--digest", action="store_true", help="print a fingerprint of the games")
    parser.add_argument("--digest-actions", action="store_true",
                        help="a fingerprint of the decisions, options and actions only")
    args = parser.parse_args()
    rules = get_game("ikorr")
    lib = bundled_library("ikorr")
    d = bundled_deck_options(rules)
    per = {"1v1": 1, "2v2": 2, "3v3": 3}[args.format]
    decks = [d["Ember Regent"]] * per + [d["Tide Oracle"]] * per
    if args.digest or args.digest_actions:
        fp = Fingerprint("actions" if args.digest_actions else "full")
        for k in range(args.games):
            play(rules, lib, decks, args.format, args.seed + k, fp)
        what = "" if fp.kind == "full" else ", decisions and actions only"
        print(f"{args.games} games ({args.format}{what}) from seed {args.seed}: {fp.hexdigest()}")
        return
    play(rules, lib, decks, args.format, args.seed)            # warm up (imports, caches)
    turns, decisions = [], []
    start = time.perf_counter()
    cpu = time.process_time()
    for k in range(args.games):
        t, n = play(rules, lib, decks, args.format, args.seed + k)
        turns.append(t)
        decisions.append(n)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    # on a shared machine wall time can be several times the CPU time: report both
    print(f"Rush of Ikorr {args.format}: {args.games} random full games in {elapsed:.2f} s wall "
          f"({cpu:.2f} s CPU) = {args.games / elapsed:.1f} games/s wall, {args.games / cpu:.1f} games/s CPU "
          f"(mean {mean(turns):.1f} turns, {mean(decisions):.0f} decisions, "
          f"{sum(decisions) / cpu:.0f} decisions/s CPU)")
    print(loaded_line())


if __name__ == "__main__":
    main()
