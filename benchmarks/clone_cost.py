"""What copying a game costs, per game: ``clone()`` in random play, and the search AI's copies.

    python benchmarks/clone_cost.py [--games N] [--search-games M] [--budget B] [--seed S]

A look-ahead is as cheap as the copies it makes: the greedy AI clones the game once per
option it tries, the search AI makes a fresh world for every iteration (``search.fork`` once
per decision, then one unpickled state and one ``Game`` per iteration).  Two figures:

- random play: N random Ivion duels, with ``game.clone()`` timed at every decision (outside
  the duel's own clock): microseconds per clone, over the game and at its end (the copy of a
  late position, with the longest log), the clones a game would make at one per decision
  and what they would cost next to the duel itself;
- the search's use: M games of the search AI (budget B, the game's default if not given)
  against the random AI, with the worlds it made counted (``last_iterations``: one per
  iteration) and the copy (fork once, then the unpickled state and its ``Game``) timed at
  each decision it thought about; copies per game, microseconds per copy, and their share
  of the search's own time.

Times are CPU seconds of this process (wall time moves with the machine's load); each copy
is timed several times and the fastest kept, so a busy machine inflates it little.
"""
from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time

from cardsmith.compiled import loaded_line

clock = time.process_time
REPEAT = 3          # each copy timed this many times, the fastest kept


def setup():
    import cardsmith.runtime.ivion as ivion
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.play import read_decks

    library = bundled_library("ivion")
    decks = read_decks(list(ivion.GAME.default_decks), library, ivion.GAME)
    return ivion.GAME, library, decks


def fastest(make, repeat: int = REPEAT) -> float:
    """Seconds of the fastest of ``repeat`` calls (perf_counter: one copy is far below the
    CPU clock's resolution)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        make()
        best = min(best, time.perf_counter() - start)
    return best


def random_play(rules, library, decks, games: int, seed: int) -> None:
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import RandomAI, seed_for

    # the duels alone first, then again with a clone timed at every decision: the copies'
    # garbage would otherwise be collected on the duel's clock
    start = clock()
    for g in range(seed, seed + games):
        game = Game.new(rules, library, history=False, decks=decks, seed=g, ruleset="hh")
        ais = [RandomAI(seed_for(g, s)) for s in range(2)]
        while not game.state.over:
            game.apply(ais[game.state.pending.player].choose(game))
    play_cpu = clock() - start
    per_clone: list[float] = []
    last: list[float] = []
    decisions = 0
    for g in range(seed, seed + games):
        game = Game.new(rules, library, history=False, decks=decks, seed=g, ruleset="hh")
        ais = [RandomAI(seed_for(g, s)) for s in range(2)]
        while not game.state.over:
            per_clone.append(fastest(game.clone))
            game.apply(ais[game.state.pending.player].choose(game))
            decisions += 1
        last.append(fastest(game.clone))
    mean_us = 1e6 * statistics.mean(per_clone)
    per_game = decisions / games
    print(f"random play: {games} Ivion duels, {per_game:.0f} decisions a game")
    print(f"  clone(): mean {mean_us:.0f} us (median {1e6 * statistics.median(per_clone):.0f}, "
          f"max {1e6 * max(per_clone):.0f}); at a game's end {1e6 * statistics.mean(last):.0f} us")
    duel_ms = 1e3 * play_cpu / games
    clones_ms = per_game * mean_us / 1e3
    print(f"  one clone per decision: {per_game:.0f} clones, {clones_ms:.1f} ms a game, "
          f"against {duel_ms:.1f} ms CPU for the duel itself ({clones_ms / duel_ms:.1f}x)")


def search_play(rules, library, decks, games: int, seed: int, budget: str) -> None:
    from cardsmith.runtime.core import Game
    from cardsmith.runtime.core.ai import RandomAI, seed_for
    from cardsmith.runtime.core.ai_kinds import make_ai
    from cardsmith.runtime.core.search import fork

    spec = f"search:{budget}" if budget else "search"
    for g in range(seed, seed + games):
        game = Game.new(rules, library, history=False, decks=decks, seed=g, ruleset="hh")
        ais = [make_ai(spec, seed_for(g, 0)), RandomAI(seed_for(g, 1))]
        thought = worlds = 0
        search_cpu = 0.0
        copies: list[float] = []
        forks: list[float] = []
        while not game.state.over:
            ai = ais[game.state.pending.player]
            start = clock()
            action = ai.choose(game)
            if ai is ais[0]:
                search_cpu += clock() - start
                if ai.last_iterations:
                    thought += 1
                    worlds += ai.last_iterations
                    forks.append(fastest(lambda: fork(game)))
                    blob = fork(game)
                    copies.append(fastest(lambda: Game(rules, pickle.loads(blob), library, history=False)))
            game.apply(action)
        if not thought:
            print(f"search game {g}: no decision needed a search")
            continue
        copy_us = 1e6 * statistics.mean(copies)
        fork_us = 1e6 * statistics.mean(forks)
        copy_s = (worlds * copy_us + thought * fork_us) / 1e6
        print(f"search game {g} ({spec} against random, {game.state.turn} turns): {thought} decisions searched, "
              f"{worlds} worlds copied ({worlds / thought:.0f} a decision)")
        print(f"  a world: {copy_us:.0f} us (unpickle + Game), a fork {fork_us:.0f} us once a decision; "
              f"{copy_s:.2f} s of copies a game, {100 * copy_s / search_cpu:.0f}% of the search's "
              f"{search_cpu:.1f} s CPU")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="random duels (0: none)")
    ap.add_argument("--search-games", type=int, default=1, help="search-vs-random duels (0: none)")
    ap.add_argument("--budget", default="", help="the search's budget (iterations: 50; default: the game's)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if args.games < 0 or args.search_games < 0:
        ap.error("--games and --search-games take 0 or more")
    from cardsmith.runtime.core.errors import CardsmithError
    from cardsmith.runtime.core.search import parse_budget
    try:
        parse_budget(args.budget)
    except CardsmithError as problem:
        ap.error(f"--budget: {problem}")
    rules, library, decks = setup()
    if args.games:
        random_play(rules, library, decks, args.games, args.seed)
    if args.search_games:
        search_play(rules, library, decks, args.search_games, args.seed, args.budget)
    print(f"  {loaded_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
