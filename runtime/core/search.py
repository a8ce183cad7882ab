"""The search AI: information-set Monte Carlo tree search on the decision API.

A designer asks "is my card too strong?" by playing against an opponent whose results mean
something, and a judge asks "what is the best play here?": both need a player that looks
ahead.  This one is game-neutral (it names no game) and, like the greedy AI, never peeks.
Its shape follows information-set MCTS (Cowling, Powley and Whitehouse 2012; OpenSpiel's
``ismcts``):

- Each iteration starts from a fresh copy of the position in which what the deciding
  player can't see is re-dealt (``hidden.determinize``: the other hands, the order of every
  deck, the seed of every shuffle to come), so each iteration plays in one world consistent
  with what that player knows, and the tree averages over many.
- A node stands for what its decider has seen since the search's root: the actions taken
  on the way down (cards in hidden zones named by their card name, not their id, since an
  id in a re-dealt hand means a different card in each world) and the kind of decision.
  An action is tried where it is legal in the world at hand; a child's "availability"
  counts the iterations in which it could have been chosen, so UCT compares each child
  with the times it was on offer.
- A new child is played until the work it started is done (``ai.settle``, with the game's
  rollout policy), perhaps a few decisions on, and the game's ``win_chance`` of the
  position reached is what the iteration returns, for each team: the games are long (an
  Ivion duel is about 275 decisions) and a full random playout would cost more than a
  whole search may.
- Decisions with one legal action, or whose actions are all alike (ordering identical
  triggers), cost nothing: they are taken at once, at the root and inside the tree.

The budget is iterations (deterministic: the AI's own seeded RNG drives every choice,
world and tie, so the same seed plays the same game byte for byte) or seconds (for live
play; then the number of iterations depends on the machine).  A game supplies, through
``GameRules``, only what is its own: ``win_chance`` (by default its ``evaluate`` through a
logistic curve), ``rollout_action``, ``order_actions`` and ``search_iterations``.
"""
from __future__ import annotations

import math
import pickle
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from . import playouts
from .playouts import fork
from .ai import AI, Mark
from .engine import Game
from .errors import CardsmithError
from .hidden import determinize

if TYPE_CHECKING:
    from .state import Action, GameState

#: UCT's exploration constant, for a node's child means normalised to [0, 1]
EXPLORATION: Final = 0.7
#: decisions a new child's own work may take before the position is scored anyway
SETTLE_LIMIT: Final = 60
#: iterations between two looks at the clock under a time budget
CLOCK_EVERY: Final = 4

ActionKey = tuple


class Child:
    """An action tried at a node: how often it was chosen, what it returned, how often it
    was legal when its node was reached, and the nodes it led to (by who decides next)."""
    __slots__ = ("action", "visits", "total", "avail", "next")

    def __init__(self, action: "Action") -> None:
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.next: dict[tuple[int, str], Node] = {}

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    """A decision in the tree, as its decider saw it: their actions tried here so far."""
    __slots__ = ("player", "team", "visits", "children")

    def __init__(self, player: int, team: int) -> None:
        self.player = player
        self.team = team
        self.visits = 0
        self.children: dict[ActionKey, Child] = {}


@dataclass(frozen=True)
class Choice:
    """One of the root's actions as the search saw it, for ``hint``."""
    action: "Action"
    win_rate: float
    visits: int
    line: tuple[tuple[int, str], ...]     # (player, action text) the search expects next


@dataclass(frozen=True)
class Budget:
    """How long the search thinks: ``iterations`` (deterministic) or ``seconds``."""
    iterations: int = 0
    seconds: float = 0.0

    def text(self) -> str:
        if self.seconds:
            return f"{self.seconds:g}s"
        return str(self.iterations) if self.iterations else ""


def parse_budget(text: str) -> Budget:
    """``""`` (the game's default), ``"800"`` (iterations) or ``"0.5s"`` (seconds)."""
    text = text.strip().casefold()
    if not text:
        return Budget()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if not 0 < seconds <= 600:
                raise ValueError
            return Budget(seconds=seconds)
        iterations = int(text)
        if not 0 < iterations <= 1_000_000:
            raise ValueError
        return Budget(iterations=iterations)
    except ValueError:
        raise CardsmithError(f"'{text}' is not a search budget: a number of iterations "
                             "(search:800, 1 to 1,000,000) or seconds (search:0.5s, at most 600)") from None


def action_key(game: "Game", action: "Action") -> ActionKey:
    """What the tree files an action under: its kind and arguments, with a card that sits
    where not everybody can see it (a hand, a deck) named by its card name, so that the
    same play in two re-dealt worlds is one child, and two copies of a card in hand too."""
    state = game.state
    cards = state.cards
    args = action.args
    if not any(type(a) is str and a in cards for a in args):
        return (action.kind, args)
    rules = game.rules
    out = []
    for a in args:
        card = cards.get(a) if type(a) is str else None
        if card is not None and not rules.zone_visible(state, card.zone, -1):
            out.append("=" + card.name)
        else:
            out.append(a)
    return (action.kind, tuple(out))


class SearchAI(AI):
    name: ClassVar = "search"

    def __init__(self, seed: int = 0, budget: Budget = Budget(), *, open_hands: bool = False) -> None:
        self.seed = seed
        self.budget = budget
        #: play on the real deal instead of re-dealing what the player can't see: only for
        #: a position whose every card is stated to everyone (a puzzle, a judge's board)
        self.open_hands = open_hands
        self.random = random.Random(seed)
        self.last_iterations = 0

    @property
    def spec(self) -> str:
        text = self.budget.text()
        return f"search:{text}" if text else "search"

    # ---- the decision -------------------------------------------------------------
    def choose(self, game: "Game") -> "Action":
        options = game.legal_actions()
        if not options:
            raise CardsmithError("there is nothing to decide")
        trivial = _trivial(game, options)
        if trivial is not None:
            self.last_iterations = 0
            return trivial
        if game.rules.search_playouts:
            return self._played_out(game)[0]
        root = self.search(game)
        return self._best(game, root)[0]

    def _played_out(self, game: "Game") -> tuple["Action", list[tuple["Action", int, float]]]:
        """The game's best options played out (``core.playouts``): the choice, and each
        option with its worlds and mean value, best first."""
        rules = game.rules
        distinct: dict[ActionKey, Action] = {}
        for action in rules.order_actions(game, game.legal_actions()):
            distinct.setdefault(action_key(game, action), action)
        options = list(distinct.values())
        if len(options) == 1:
            self.last_iterations = 0
            return options[0], [(options[0], 0, 0.0)]
        results = playouts.playout_search(self, game, options)
        choice = playouts.pick(results, rules.search_keep_first)
        ranked = sorted(results, key=lambda r: (r[0] is not choice, -r[2]))
        return choice, ranked

    def analyse(self, game: "Game", top: int = 3) -> list[Choice]:
        """The root's most visited actions, best first, with their win rates and the line
        the search expects after each (``hint``)."""
        options = game.legal_actions()
        if not options:
            raise CardsmithError("there is nothing to decide")
        if game.rules.search_playouts:
            return [Choice(a, mean, worlds, ()) for a, worlds, mean in self._played_out(game)[1][:top]]
        root = self.search(game)
        out = []
        for action, child in self._best(game, root)[1][:top]:
            out.append(Choice(action, child.mean, child.visits, _line(child)))
        return out

    def _best(self, game: "Game", root: Node) -> tuple["Action", list[tuple["Action", Child]]]:
        """The real options ranked by visits, then mean value, then the listing's order."""
        ranked: list[tuple[int, float, int, Action, Child]] = []
        seen: set[ActionKey] = set()
        for k, action in enumerate(game.legal_actions()):
            key = action_key(game, action)
            child = root.children.get(key)
            if child is None or key in seen:
                continue
            seen.add(key)
            ranked.append((-child.visits, -child.mean, k, action, child))
        ranked.sort(key=lambda r: r[:3])
        if not ranked:
            return game.legal_actions()[0], []
        return ranked[0][3], [(r[3], r[4]) for r in ranked]

    # ---- the search ---------------------------------------------------------------
    def search(self, game: "Game") -> Node:
        pending = game.pending
        assert pending is not None
        rules, library = game.rules, game.library
        player = pending.player
        root = Node(player, game.state.players[player].team)
        blob = fork(game)
        budget = self.budget
        iterations = budget.iterations or (0 if budget.seconds else rules.search_iterations)
        deadline = time.perf_counter() + budget.seconds if budget.seconds else 0.0
        done = 0
        while True:
            if iterations and done >= iterations:
                break
            if deadline and done % CLOCK_EVERY == 0 and done and time.perf_counter() >= deadline:
                break
            world = Game(rules, pickle.loads(blob), library, history=False)
            if not self.open_hands:
                determinize(world, player, self.random)
            self._iterate(world, root)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, world: "Game", root: Node) -> None:
        """One descent: select by UCT among the children legal in this world, add one new
        child, play its work out and score it, and hand the score back up the path."""
        rules = world.rules
        rnd = self.random
        path: list[tuple[Node, Child]] = []
        node: Node | None = root
        while True:
            state = world.state
            pending = world.pending
            if pending is None:
                break
            options = pending.options
            trivial = _trivial(world, options)
            if trivial is not None:
                world.apply(trivial)
                continue
            if node is None:
                node = Node(pending.player, state.players[pending.player].team)
                path[-1][1].next[(pending.player, pending.kind)] = node
            keyed = [(action_key(world, a), a) for a in rules.order_actions(world, options)]
            children = node.children
            fresh = None
            available = []
            for key, action in keyed:
                child = children.get(key)
                if child is None:
                    if fresh is None:
                        fresh = (key, action)
                    continue
                child.avail += 1
                available.append((child, action))
            if fresh is not None:
                child = children[fresh[0]] = Child(fresh[1])
                child.avail += 1
                mark = Mark(world)
                world.apply(fresh[1])
                path.append((node, child))
                _settle(world, mark, rnd)
                break
            # the means are compared on the spread they have here (as MuZero normalises its
            # values), so a lopsided position's small differences still steer the search
            means = [c.mean for c, _ in available]
            low, high = min(means), max(means)
            spread = high - low if high > low else 1.0
            best = None
            best_score = -1.0
            for child, action in available:
                score = (child.mean - low) / spread + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = (child, action), score
            assert best is not None
            child, action = best
            world.apply(action)
            path.append((node, child))
            after = world.pending
            node = None if after is None else child.next.get((after.player, after.kind))
            if after is None:
                break
        self._back_up(world.state, world, path)

    def _back_up(self, state: "GameState", world: "Game", path: list[tuple[Node, Child]]) -> None:
        values: dict[int, float] = {}
        for node, child in path:
            value = values.get(node.team)
            if value is None:
                value = values[node.team] = _value(world, node.player)
            node.visits += 1
            child.visits += 1
            child.total += value


def _value(world: "Game", player: int) -> float:
    """The chance that ``player``'s side wins from here: the game's own outcome once it is
    over, else the game's estimate."""
    state = world.state
    if state.over:
        return world.rules.outcome(state, player)
    return world.rules.win_chance(world, player)


def _settle(world: "Game", mark: Mark, rnd: random.Random) -> None:
    """Play the game's rollout policy until the work ``mark`` started is done, and on
    until the game says the position can be scored (``rollout_done``)."""
    rules = world.rules
    try:
        for _ in range(SETTLE_LIMIT):
            if world.pending is None or (mark.reached(world) and rules.rollout_done(world, mark.turn)):
                break
            world.apply(rules.rollout_action(world, rnd))
    except CardsmithError:
        pass                # the look-ahead got stuck: score what it reached


def _trivial(game: "Game", options: list["Action"]) -> "Action | None":
    """The action to take without thinking: the only one, or the first of actions that
    are all alike (the same play of identical cards, identical triggers in some order)."""
    if len(options) == 1:
        return options[0]
    first = action_key(game, options[0])
    if all(action_key(game, a) == first for a in options[1:]):
        return options[0]
    return None


def _line(child: Child, depth: int = 4) -> tuple[tuple[int, str], ...]:
    """The most visited way on from ``child``: the decisions the search expects next."""
    out: list[tuple[int, str]] = []
    while len(out) < depth and child.next:
        node = max(child.next.values(), key=lambda n: n.visits)
        if not node.children:
            break
        child = max(node.children.values(), key=lambda c: c.visits)
        if child.visits == 0:
            break
        out.append((node.player, str(child.action)))
    return tuple(out)
