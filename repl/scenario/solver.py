"""The puzzle solver: a depth-limited AND-OR search over legal lines.

At the hero's decisions one winning choice is enough (OR); at the other players'
decisions every choice must still lose for them (AND): a solution wins against any
defence.  ``depth`` bounds the hero's real choices (decisions with one option are forced
and cost nothing), and the goal's horizon bounds the turns.  A transposition table keyed
on a digest of the state without its log remembers positions already proven won at some
depth (won at any larger depth too) or lost at some depth (lost at any smaller one).

The search drives only ``Game.clone()``, ``legal_actions()`` and ``apply()``.  Lines come
back as REPL commands (each option's own words), so a found line can be pasted into a
puzzle's ``solution`` section or the REPL.  Two lines are the same solution when the
hero's choices are the same apart from their order, and a line that only adds choices to
another solution's (a pointless move, an extra card) is not a solution of its own.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..commands import find_option, tokenize
from .build import new_session
from .check import Prepared
from .expectations import state_key
from .goals import OPEN, WIN, Tracker

NODE_LIMIT = 200_000
LINE_LIMIT = 200


@dataclass
class SolveResult:
    depth: int
    found: bool = False
    lines: list[list[str]] = field(default_factory=list)       # one per distinct solution
    solutions: list[tuple[str, ...]] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    exhausted: bool = False           # the node limit was reached: "none" is not a proof


class Limit(Exception):
    pass


class Solver:
    def __init__(self, prep: Prepared, depth: int, node_limit: int = NODE_LIMIT) -> None:
        session = new_session(prep)
        game = session.g
        game.breakpoints = set()
        while game.paused:
            game.resume()
        self.view = session.view
        self.root = game.clone()
        self.tracker = Tracker(prep.sdef.goal, self.root, self.view)
        self.hero = self.tracker.hero
        self.depth = depth
        self.nodes = 0
        self.limit = node_limit
        self.won: dict[bytes, int] = {}      # key -> smallest depth proven won
        self.lost: dict[bytes, int] = {}     # key -> largest depth proven lost
        self.best: dict[bytes, int] = {}     # key -> index of a winning hero option

    # ---- the search ---------------------------------------------------------------------
    def child(self, game: Any, action: Any) -> Any:
        twin = game.clone()
        twin.apply(action)
        while twin.paused:
            twin.resume()
        self.nodes += 1
        if self.nodes > self.limit:
            raise Limit()
        return twin

    def wins(self, game: Any, depth: int) -> bool:
        st = self.tracker.status(game)
        if st != OPEN:
            return st == WIN
        options = game.legal_actions()
        if not options:
            return False
        pending = game.pending
        if len(options) == 1:                                 # forced: costs no depth
            return self.wins(self.child(game, options[0]), depth)
        hero = pending.player == self.hero
        if hero and depth == 0:
            return False
        key = state_key(game)
        if self.won.get(key, 1 << 30) <= depth:
            return True
        if self.lost.get(key, -1) >= depth:
            return False
        if hero:
            result = False
            for i, a in enumerate(options):
                if self.wins(self.child(game, a), depth - 1):
                    self.best[key] = i
                    result = True
                    break
        else:
            result = all(self.wins(self.child(game, a), depth) for a in options)
        if result:
            self.won[key] = min(depth, self.won.get(key, 1 << 30))
        else:
            self.lost[key] = max(depth, self.lost.get(key, -1))
        return result

    def toughest(self, game: Any, options: list[Any], depth: int) -> Any:
        """The defence that needs the most of the hero's choices to beat (the first on a
        tie): the most instructive line to print, since every defence fails anyway."""
        best, best_need = options[0], -1
        for a in options:
            nxt = self.child(game, a)
            need = next((d for d in range(depth + 1) if self.wins(nxt, d)), depth)
            if need > best_need:
                best, best_need = a, need
        return best

    # ---- lines ------------------------------------------------------------------------
    def command(self, game: Any, action: Any) -> str:
        """The REPL words for an option: its label if the REPL reads it back as this option."""
        text = str(action)
        try:
            found, rest = find_option(self.view, game, tokenize(text))
        except Exception:
            found, rest = None, ["?"]
        if found == action and not rest:
            return text
        k = game.legal_actions().index(action) + 1
        return f"choose {k}"

    def lines(self, game: Any, depth: int, every: bool) -> list[list[tuple[str, str | None]]]:
        """Winning lines from a won position: (command, choice) pairs, where the choice names
        the hero's choice and its turn (the same card played a turn later is another
        choice), or is None for what is no choice of a solution's own."""
        st = self.tracker.status(game)
        if st != OPEN:
            return [[]] if st == WIN else []
        options = game.legal_actions()
        if not options:
            return []
        pending = game.pending
        who = game.state.players[pending.player].name
        if len(options) == 1:
            cmd = self.command(game, options[0])
            return [[(f"{cmd}  # {who}, forced", None), *rest]
                    for rest in self.lines(self.child(game, options[0]), depth, every)]
        hero = pending.player == self.hero
        out: list[list[tuple[str, str | None]]] = []
        if hero:
            seen: set[bytes] = set()
            # if ending the turn here wins with no further choice, every other choice here
            # only pads that solution: list the end alone (and don't spend LINE_LIMIT on padding)
            end = next((a for a in options if a.kind == "end"), None)
            if end is not None and self.wins(self.child(game, end), 0):
                options = [end]
            for a in options:
                nxt = self.child(game, a)
                key = state_key(nxt)
                if key in seen:             # two choices that lead to the same position are one
                    continue
                seen.add(key)
                if not self.wins(nxt, depth - 1):
                    continue
                cmd = self.command(game, a)
                # ending the turn is no choice of a solution's own: a line that spends a
                # spare initiative first must end it too (by force), and is padding
                choice = None if a.kind == "end" else f"turn {game.state.turn}: {cmd}"
                out += [[(cmd, choice), *rest] for rest in self.lines(nxt, depth - 1, every)]
                if not every or len(out) >= LINE_LIMIT:
                    break
        else:
            a = self.toughest(game, options, depth)     # every defence fails: show the longest
            cmd = self.command(game, a)
            others = len(options) - 1
            note = f"  # {who}" + ("" if not others else " (the other reply fails too)" if others == 1
                                   else f" (the other {others} replies fail too)")
            out = [[(cmd + note, None), *rest] for rest in self.lines(self.child(game, a), depth, every)]
        return out[:LINE_LIMIT]


def _contains(big: tuple[str, ...], small: tuple[str, ...]) -> bool:
    """Whether the multiset ``big`` holds every choice of ``small`` (a solution padded with
    moves that change nothing is not a different solution)."""
    rest = list(big)
    for c in small:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def solve(prep: Prepared, depth: int, *, find_all: bool = False, node_limit: int = NODE_LIMIT) -> SolveResult:
    """Search for lines reaching the puzzle's goal within ``depth`` hero choices."""
    started = time.perf_counter()
    solver = Solver(prep, depth, node_limit)
    res = SolveResult(depth)
    try:
        res.found = solver.wins(solver.root, depth)
        if res.found:
            found: dict[tuple[str, ...], list[str]] = {}
            for line in solver.lines(solver.root, depth, find_all):
                key = tuple(sorted(k for _, k in line if k))
                if key not in found:
                    found[key] = [c for c, _ in line]
            for key, line in found.items():
                if not any(other != key and _contains(key, other) for other in found):
                    res.solutions.append(key)
                    res.lines.append(line)
    except Limit:
        res.exhausted = True
    res.nodes = solver.nodes
    res.seconds = time.perf_counter() - started
    return res


def format_result(prep: Prepared, res: SolveResult, find_all: bool) -> str:
    goal = prep.sdef.goal
    head = f"{prep.sdef.file}: {prep.sdef.name}  ({goal.text})"
    stats = f"{res.nodes} nodes searched in {res.seconds:.2f}s"
    if res.exhausted:
        return f"{head}\nno answer: the search reached its limit of nodes ({stats})"
    if not res.found:
        return f"{head}\nno solution within depth {res.depth} ({stats})"
    out = [head]
    shown = res.lines if find_all else res.lines[:1]
    if find_all:
        out.append(f"{len(res.lines)} distinct solution{'s' if len(res.lines) != 1 else ''} within depth {res.depth}:")
    for k, line in enumerate(shown, 1):
        if find_all:
            out.append(f"solution {k}:")
        out += ["  " + c for c in line]
    out.append(stats)
    return "\n".join(out)
