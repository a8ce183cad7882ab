"""Two small computer players that drive the same decision API as everyone else.

They are game-neutral: they only see ``legal_actions()``, ``apply()``, ``clone()`` and the
game's own heuristic ``rules.evaluate(state, player)``.  The REPL hands a player to one of
them (``ai bob greedy``); batch play and the benchmarks use them too.

- ``RandomAI`` picks uniformly among the legal actions with its own seeded
  ``random.Random``, so the game's RNG (and so the game itself) is not disturbed by it.
- ``GreedyAI`` tries every legal action on a clone of the game, lets the clone run to the
  next decision (without breakpoints), and keeps the action whose result scores best for
  the deciding player.  Ties go to the earliest option, so it is deterministic.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .errors import CardsmithError

if TYPE_CHECKING:
    from .engine import Game
    from .state import Action


class AI:
    """Base class: ``choose(game)`` returns one of ``game.legal_actions()``."""
    name = ""

    def choose(self, game: "Game") -> "Action":
        raise NotImplementedError


class RandomAI(AI):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.random = random.Random(seed)

    def choose(self, game: "Game") -> "Action":
        options = game.legal_actions()
        if not options:
            raise CardsmithError("there is nothing to decide")
        return options[self.random.randrange(len(options))]


class GreedyAI(AI):
    name = "greedy"

    def choose(self, game: "Game") -> "Action":
        options = game.legal_actions()
        if not options:
            raise CardsmithError("there is nothing to decide")
        pending = game.pending
        assert pending is not None
        player = pending.player
        best, best_score = options[0], float("-inf")
        for action in options:
            twin = game.clone()
            twin.breakpoints = set()
            try:
                twin.apply(action)
            except CardsmithError:
                continue
            score = game.rules.evaluate(twin.state, player)
            if score > best_score:
                best, best_score = action, score
        return best


KINDS = {"random": RandomAI, "greedy": GreedyAI}


def make_ai(kind: str, seed: int = 0) -> AI:
    """An AI by name ('random' or 'greedy'); ``seed`` feeds the random one."""
    if kind == "random":
        return RandomAI(seed)
    if kind == "greedy":
        return GreedyAI()
    raise CardsmithError(f"unknown AI '{kind}' (known: {', '.join(KINDS)})")
