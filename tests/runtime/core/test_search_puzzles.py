"""The search AI on the bundled puzzles: where one choice of the hero's wins, it finds one.

"A win within one decision" is what the puzzle solver proves with one hero choice
(``repl/scenario/solver.py``: every defence still loses); the search's choice is then
checked by the solver too, with no hero choice left after it.  A puzzle states its whole
board (bob's hand in 10 is the point of it), so the search is told the cards
(``open_hands``) as the solver is.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.solver import Solver
from cardsmith.runtime.core.search import Budget, SearchAI

PUZZLES = sorted((Path(__file__).parents[3] / "cards").glob("*/puzzles/*.scenario"))


def _one_decision_wins() -> list[Path]:
    found = []
    for path in PUZZLES:
        prep = prepare(path)
        if prep.sdef.goal is None:
            continue
        solver = Solver(prep, depth=1, node_limit=20_000)
        root = solver.root
        if root.pending is not None and root.pending.player == solver.hero and solver.wins(root, 1):
            found.append(path)
    return found


WINNABLE = _one_decision_wins()


def test_some_puzzles_are_won_in_one_decision():
    assert len(WINNABLE) >= 3, WINNABLE


@pytest.mark.parametrize("path", WINNABLE, ids=[p.stem for p in WINNABLE])
def test_the_search_finds_a_winning_move(path: Path):
    prep = prepare(path)
    solver = Solver(prep, depth=1, node_limit=20_000)
    game = solver.root
    for seed in (0, 1):
        action = SearchAI(seed, Budget(iterations=200), open_hands=True).choose(game)
        assert solver.wins(solver.child(game, action), 0), f"{path.stem}: search chose {action}"
