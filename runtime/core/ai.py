"""Two small computer players that drive the same decision API as everyone else.

They are game-neutral: they only see ``legal_actions()``, ``apply()``, ``clone()`` and the
game's own heuristic ``rules.evaluate(state, player)``.  The REPL hands a player to one of
them (``ai bob greedy``); ``cardsmith play``, batch play and the benchmarks use them too.

- ``RandomAI`` picks uniformly among the legal actions with its own seeded
  ``random.Random``, so the game's RNG (and so the game itself) is not disturbed by it.
- ``GreedyAI`` tries every legal action on a clone of the game in which what it can't see
  is re-dealt at random (``hidden.determinize``: it must not peek), plays the clone on until
  the work that action started is done (``settle``), and keeps the action whose result
  scores best for the deciding player.  Ties are broken by its own seeded RNG, so it is
  deterministic per seed.

``seed_for`` derives one AI seed per seat from a game's seed, so that ``cardsmith play
--seed N`` fixes the AIs' choices as well as the game's shuffles.  The AIs by name
(``make_ai``, ``--ai`` specs) are in ``ai_kinds``, above this module and ``search``.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Final

from . import rng
from .errors import CardsmithError
from .hidden import determinize
from .native import mypyc_attr

if TYPE_CHECKING:
    from .engine import Game
    from .state import Action

SETTLE_LIMIT: Final = 200   # decisions a greedy look-ahead may take before it gives up and scores


def seed_for(seed: int, seat: int) -> int:
    """A seed for the AI in ``seat``, derived from the game's seed (distinct per seat)."""
    _, out = rng.next_u64(rng.seed_state(seed) ^ (0x5EED0000 + seat))
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
class AI:
    """Base class: ``choose(game)`` returns one of ``game.legal_actions()``."""
    name: ClassVar = ""

    @property
    def spec(self) -> str:
        """What ``make_ai`` makes this AI from again ("greedy", "search:800")."""
        return self.name

    def choose(self, game: "Game") -> "Action":
        raise NotImplementedError


class RandomAI(AI):
    name: ClassVar = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.random = random.Random(seed)

    def choose(self, game: "Game") -> "Action":
        options = game.legal_actions()
        if not options:
            raise CardsmithError("there is nothing to decide")
        return self.random.choice(options)     # the same draw as randrange(len(options))


class Mark:
    """Where a decision was taken: enough to tell when its consequences have played out."""
    __slots__ = ("player", "kind", "depth", "turn", "active")

    def __init__(self, game: "Game") -> None:
        state = game.state
        assert state.pending is not None
        self.player = state.pending.player
        self.kind = state.pending.kind
        self.depth = len(state.agenda)
        self.turn = state.turn
        self.active = state.active

    def reached(self, game: "Game") -> bool:
        """Back where the decision was taken (or past it): the work it started is done."""
        state = game.state
        pending = game.pending
        if pending is None or game.paused or state.turn != self.turn or state.active != self.active:
            return True
        depth = len(state.agenda)
        if depth < self.depth:
            return True
        return depth == self.depth and pending.player == self.player and pending.kind == self.kind


def settle(game: "Game", mark: Mark, limit: int = SETTLE_LIMIT) -> None:
    """Play a candidate out until its consequences show, taking the first option at each
    decision in between, until the game is back at the kind of decision ``mark`` was
    taken at (the agenda unwound to its depth), the turn changes, or the game ends.

    Without this a greedy player would score a card while it is still being targeted or
    paid for (before it resolves) and so would never play anything.  It takes the first
    of the options in the game's preferred order (``order_actions``; by default the
    listing's, the games' conventional default: declining a response, the first target):
    cheap and deterministic; this is a look-ahead, not a search.
    """
    rules = game.rules
    for _ in range(limit):
        if mark.reached(game):
            return
        game.apply(rules.order_actions(game, game.state.pending.options)[0])  # type: ignore[union-attr]


class GreedyAI(AI):
    name: ClassVar = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.random = random.Random(seed)

    def score(self, game: "Game", action: "Action", player: int) -> float | None:
        """How good ``action`` looks for ``player`` once its work is done (None: refused)."""
        twin = game.clone()
        twin.breakpoints = set()
        mark = Mark(twin)
        try:
            twin.apply(action)
        except CardsmithError:
            return None
        rules = game.rules
        try:
            settle(twin, mark)
            # on, by the game's own look-ahead, to where its positions compare (the search's
            # ``rollout_done``; by default at once, so most games stop here)
            for _ in range(SETTLE_LIMIT):
                if twin.pending is None or rules.rollout_done(twin, mark.turn):
                    break
                twin.apply(rules.rollout_action(twin, self.random))
        except CardsmithError:
            pass            # the look-ahead got stuck: score what it reached
        return rules.evaluate(twin.state, player)

    def choose(self, game: "Game") -> "Action":
        options = game.legal_actions()
        if not options:
            raise CardsmithError("there is nothing to decide")
        if len(options) == 1:
            return options[0]
        pending = game.pending
        assert pending is not None
        player = pending.player
        # One world consistent with what this player has seen, the same for every option,
        # so the options are compared fairly and nothing hidden leaks into the choice.
        world = game.clone()
        determinize(world, player, self.random)
        best: list[Action] = []
        best_score = float("-inf")
        for action in options:
            score = self.score(world, action, player)
            if score is None:
                continue
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        if not best:
            return options[0]
        return best[self.random.randrange(len(best))] if len(best) > 1 else best[0]
