"""How often Sylvion's rules of thumb alone save the forest (a benchmark, not a test).

    python benchmarks/sylvion_tactics.py [--games N] [--seed S] [--players 1|2]

Each seeded game is played by taking, at every decision, the first of the options as the
game orders them (``rules.order_actions``: ``runtime/sylvion/tactics.py`` and ``policy.py``),
with no search and no evaluation: the floor the greedy and search AIs build on, and the
quickest measure of a change to the tactics (400 games take seconds).  Prints the win
rate with its 95% Wilson interval (scipy, the ``bench`` extra) and how the losses end.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_ladder import wilson  # noqa: E402

LIMIT = 3000        # decisions before a game is called stuck (none is, today)


def main() -> None:
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.runtime.core import Game, get_game

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=1, choices=(1, 2))
    args = parser.parse_args()
    lib = bundled_library("sylvion")
    rules = get_game("sylvion")
    wins = 0
    ends: Counter[str] = Counter()
    start = time.process_time()
    for seed in range(args.seed, args.seed + args.games):
        game = Game.new(rules, lib, history=False, seed=seed, players=args.players)
        for _ in range(LIMIT):
            if game.state.over:
                break
            game.apply(rules.order_actions(game, game.legal_actions())[0])
        won = game.state.over and game.state.winner == 0
        wins += won
        if not won:
            ends["stuck" if not game.state.over else
                 "lost at the count" if "vitality" in game.state.result else f"forest burnt, turn {game.state.turn}"] += 1
    n = args.games
    print(f"Sylvion ({args.players} player{'s' * (args.players > 1)}), tactics alone: won {wins} of {n} "
          f"({100 * wins / n:.1f}%, {wilson(wins, n)}), seeds {args.seed}-{args.seed + n - 1}; "
          f"{time.process_time() - start:.1f} s CPU")
    lost_count = ends.pop("lost at the count", 0)
    burnt = sum(ends.values())
    print(f"  losses: {lost_count} at the final count, {burnt} before it (the forest out of Bloom Edges)")


if __name__ == "__main__":
    main()
