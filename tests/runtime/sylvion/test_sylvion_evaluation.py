"""Sylvion's evaluation (runtime/sylvion/evaluation.py) as the greedy AI plays for it:
cheap choices a person would not get wrong."""
from __future__ import annotations

from cardsmith.runtime.core.ai import GreedyAI

from .helpers import act, game, names
from .test_sylvion_combat_defense import CALM


def test_greedy_pays_for_a_tree_with_what_it_needs_least():
    """002 § Defense: a card's cost is paid by discarding cards from hand.  With an Elephant
    and an Owl in hand, the greedy AI pays for Tree 3 with its weakest Fountains (it used to
    discard the Elephant, the card that destroys an Elemental): it pays with two of the
    cards it needs least and keeps both Animals."""
    g = game(hand=["Tree 3", "Elephant", "Fountain 1", "Tree 1"], stacks=CALM)
    g.run()
    act(g, "play Tree 3")
    ai = GreedyAI(1)
    while g.state.pending is not None and g.state.pending.kind != "defense":
        g.apply(ai.choose(g))
    hand = names(g, "hand:0")
    assert "Elephant" in hand and "Owl" in hand
    paid = names(g, "discard")
    assert len(paid) == 2 and not {"Elephant", "Owl", "Tree 3"} & set(paid)
