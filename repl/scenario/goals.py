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

from .expectations import holds

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
