"""Reach: a card that can draw range diagonally once (IV-RANGE-7)."""
from __future__ import annotations

from cardsmith.runtime.ivion.board import reach_distance

from .helpers import act, define, duel, find, pass_all, setup, stat

define('''card "T Hook Test" { skill warrior cost 1 action range 1 banner disarm
  keywords reach
  types attack
  deal 3 damage to target enemy }''')


def test_reach_distance_counts_one_diagonal_step():
    """tsv Bale, Execute, Haymaker reminder ("draw range diagonally once") (IV-RANGE-7)."""
    assert reach_distance("b2", "c3") == 1
    assert reach_distance("b2", "d4") == 3
    assert reach_distance("b2", "b4") == 2


def test_reach_card_plays_and_resolves_on_a_diagonal():
    """IV-RANGE-4 (range at play), IV-RANGE-5 (again at resolution), with Reach (IV-RANGE-7)."""
    g = duel(hands=(["T Hook Test", "T Jab"], []))
    setup(g, 1, position="b3")
    setup(g, 0, position="c2")
    assert find(g, "play T Jab") is None
    act(g, "play T Hook Test"); act(g, "bob"); pass_all(g)
    assert stat(g, 1, "hp") == 37 and stat(g, 0, "power") == 0
