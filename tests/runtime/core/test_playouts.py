"""The search's played-out comparison (``runtime/core/playouts.py``): the game's first
option stands unless another's mean beats it by the margin."""
from __future__ import annotations

from cardsmith.runtime.core.playouts import pick
from cardsmith.runtime.core.state import Action

A, B, C = Action("a", ()), Action("b", ()), Action("c", ())


def test_the_first_option_stands_unless_clearly_beaten():
    assert pick([(A, 4, 0.50), (B, 4, 0.54)], 0.05) == A
    assert pick([(A, 4, 0.50), (B, 4, 0.56)], 0.05) == B
    assert pick([(A, 4, 0.50), (B, 4, 0.40)], 0.0) == A


def test_of_those_that_beat_it_the_best_is_played():
    assert pick([(A, 4, 0.2), (B, 4, 0.6), (C, 4, 0.9)], 0.05) == C
    assert pick([(A, 4, 0.2), (B, 4, 0.9), (C, 4, 0.6)], 0.05) == B
