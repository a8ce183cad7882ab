"""Puzzle goals: when a game has reached one, and checking a puzzle's intended solution.

A goal is read from the hero's side (``goal for alice ...``, by default whoever acts
first): *win this turn*, *win within N turns* (N of the hero's own turns, counting the
current one), *survive until turn N*, or a condition in the expectation language with a
horizon (``goal bob.hp <= 10 this turn``).  ``Tracker.status`` says win, lose or open for
any game state, so the runner and the solver judge a line the same way.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from cardsmith.dsl.scenarios import Goal

from .check import Prepared

WIN, LOSE, OPEN = "win", "lose", "open"
DEFAULT_DEPTH = 8


class Tracker:
    def __init__(self, goal: Goal, game: Any, view: Any) -> None:
        s = game.state
        self.goal, self.view = goal, view
        names = [p.name for p in s.players]
        self.hero = names.index(goal.hero) if goal.hero else s.active
        self.team = s.players[self.hero].team
        self.start_turn = s.turn
        n = max(len(s.players), 1)
        self.last_turn = s.turn if goal.this_turn else s.turn + n * (max(goal.turns, 1) - 1)

    def status(self, game: Any) -> str:
        from .run import holds
        s = game.state
        g = self.goal
        if g.kind == "survive":
            if s.over:
                return WIN if s.winner == self.team else LOSE
            return WIN if s.turn >= g.until_turn else OPEN
        late = s.turn > self.last_turn         # a win on the next turn is not "this turn"
        if g.kind == "win" and s.over:
            return WIN if s.winner == self.team and not late else LOSE
        if g.kind == "condition":
            ok, _ = holds(g.condition, SimpleNamespace(g=game, view=self.view))
            if ok and not late:
                return WIN
            if s.over:
                return LOSE
        if late:
            return LOSE
        return OPEN


def check_puzzle(prep: Prepared, outcome: Any, *, uniqueness: bool = True) -> None:
    """A puzzle's solution must reach its goal; an empty ``solution`` claims there is none
    within the goal's depth, which the solver must prove; with no solution given, the
    solver must find one.  Other solutions found by ``solve --all`` are warnings."""
    from .build import new_session
    from .run import run_lines
    from .solver import solve
    sdef, goal = prep.sdef, prep.sdef.goal
    depth = goal.depth or DEFAULT_DEPTH
    solution = sdef.section("solution")
    if solution is not None and not solution.lines:
        res = solve(prep, depth=depth)
        if res.found:
            outcome.ok, outcome.loc, outcome.line = False, solution.loc, "solution  (none claimed)"
            outcome.message = "the solver found one: " + " / ".join(res.lines[0])
        elif res.exhausted:
            outcome.ok, outcome.loc, outcome.line = False, goal.loc, goal.text
            outcome.message = f"not proven: the search stopped at its limit ({res.nodes} nodes)"
        else:
            outcome.notes.append(f"no solution within depth {depth}: proven ({res.nodes} nodes, {res.seconds:.2f}s)")
        return
    if solution is None:
        res = solve(prep, depth=depth)
        if not res.found:
            outcome.ok, outcome.loc, outcome.line = False, goal.loc, goal.text
            outcome.message = f"the solver finds no solution within depth {depth} ({res.nodes} nodes)"
        else:
            outcome.notes.append("solution found by the solver: " + " / ".join(res.lines[0]))
        return
    session = new_session(prep)
    tracker = Tracker(goal, session.g, session.view)
    reached = []

    def done(s: Any) -> bool:
        st = tracker.status(s.g)
        if st != OPEN:
            reached.append(st)
            return True
        return False

    if not run_lines(solution.lines, session, outcome, done):
        return
    if not reached or reached[0] != WIN:
        outcome.ok, outcome.loc, outcome.line = False, goal.loc, goal.text
        outcome.message = "the solution does not reach the goal" + (
            " (the goal was lost on the way)" if reached else " (the game is still open after it)")
        return
    if uniqueness:
        res = solve(prep, depth=depth, find_all=True)
        if res.exhausted:
            outcome.notes.append(f"uniqueness not checked: the search stopped at its limit ({res.nodes} nodes)")
        elif len(res.solutions) > 1:
            others = [" / ".join(s) for s in res.lines[1:4]]
            outcome.notes.append(f"warning: solve --all finds {len(res.solutions)} distinct solutions "
                                 f"within depth {depth}; e.g. " + " | ".join(others))
