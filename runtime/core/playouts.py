"""The search AI's other way to think: the game's own policy played out, the same worlds for every option.

Where a game has a strong policy of its own (its ``order_actions`` and ``rollout_action``
play well) and a short game, the most reliable way to beat that policy is to ask, for
each of its best few options, how the game ends when it is played out by the policy
itself, and to take the option that ends best: one step of policy improvement by
simulation (Tesauro and Galperin 1996, "On-line policy improvement using Monte-Carlo
search"; Bertsekas' rollout algorithms).  The tree search's estimates at a leaf are only
as good as the game's evaluation; a played-out game needs none.

- Each *world* is one re-dealing of what the deciding player can't see
  (``hidden.determinize``, so nothing hidden reaches the choice), and every option is
  played out in the same world: the options are compared pairwise, on the same deck
  orders and the same shuffles to come, so a world where everything loses (or wins)
  does not decide anything, and few worlds tell more than many unpaired ones would.
- A played-out game is worth the game's ``playout_value`` (by default its outcome, or its
  estimate where the playout stopped at ``PLAYOUT_LIMIT`` decisions).
- The game's first option is played unless another's mean is higher by at least
  ``search_keep_first`` (the policy stands unless clearly beaten).

The budget is the same as the tree search's: ``iterations`` counts playouts (a world
costs one per option), ``seconds`` plays worlds until the time is up.  Deterministic at
an iteration budget: every world comes from the AI's own seeded generator.
"""
from __future__ import annotations

import pickle
import time
from typing import TYPE_CHECKING

from .engine import Game
from .errors import CardsmithError
from .hidden import determinize

if TYPE_CHECKING:
    from .search import SearchAI
    from .state import Action

#: decisions a playout may take before the position is scored by the game's estimate
PLAYOUT_LIMIT = 400


def fork(game: "Game") -> bytes:
    """The position without its log, pickled: a search copies it hundreds of times, and
    the log (read by no rule) is most of what a copy would cost late in a game."""
    state = game.state
    log = state.log
    state.log = []
    try:
        return pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
    finally:
        state.log = log


def playout_search(ai: "SearchAI", game: "Game", options: list["Action"]) -> list[tuple["Action", int, float]]:
    """Each of ``options`` (the game's order, best first) with how many worlds it was
    played out in and its mean value there, in the order given."""
    rules, library = game.rules, game.library
    player = game.pending.player                      # type: ignore[union-attr]
    blob = fork(game)
    budget = ai.budget
    playouts = budget.iterations or (0 if budget.seconds else rules.search_iterations)
    worlds = max(1, playouts // len(options)) if playouts else 0
    deadline = time.perf_counter() + budget.seconds if budget.seconds else 0.0
    totals = [0.0] * len(options)
    done = 0
    while True:
        if worlds and done >= worlds:
            break
        if deadline and done and time.perf_counter() >= deadline:
            break
        world = Game(rules, pickle.loads(blob), library, history=False)
        if not ai.open_hands:
            determinize(world, player, ai.random)
        dealt = fork(world)
        for k, action in enumerate(options):
            totals[k] += _play_out(Game(rules, pickle.loads(dealt), library, history=False), action, player, ai)
        done += 1
    ai.last_iterations = done * len(options)
    return [(a, done, t / done) for a, t in zip(options, totals)]


def _play_out(world: "Game", action: "Action", player: int, ai: "SearchAI") -> float:
    rules = world.rules
    try:
        world.apply(action)
        for _ in range(PLAYOUT_LIMIT):
            if world.pending is None:
                break
            world.apply(rules.rollout_action(world, ai.random))
    except CardsmithError:
        pass                # the playout got stuck: score what it reached
    return rules.playout_value(world, player)


def pick(results: list[tuple["Action", int, float]], margin: float) -> "Action":
    """The first option unless another's mean beats it by ``margin`` (then the best)."""
    first = results[0]
    best = first
    for r in results[1:]:
        if r[2] >= first[2] + margin and r[2] > best[2]:
            best = r
    return best[0]
