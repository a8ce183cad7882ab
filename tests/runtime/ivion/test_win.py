"""Victory (IV-WIN-*): a hero reduced to 0 HP loses at once."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.state import Action

from .helpers import act, define, duel, pass_all, setup, stat

define('''card "T Double" { skill warrior cost 1 action range 3 types attack
  deal 3 damage to target enemy
  deal 3 damage to them
  gain 2 power }''')


def test_zero_hp_loses_and_the_game_stops():
    """001 § Learn to Play > Overview ("Reduce your opponent's hit points to zero to win the game!"); 000 § Introduction (IV-WIN-1)."""
    g = duel(hands=(["T Bolt"], []))
    setup(g, 1, position="d3", hp=3)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert g.state.over and g.state.winner == 0 and "alice wins" in g.state.result
    assert g.legal_actions() == [] and stat(g, 1, "hp") == 0
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(Action("end"))


def test_hp_never_goes_below_zero_and_the_rest_of_the_effect_is_abandoned():
    """001 § Core Concepts > Resources > DAMAGE; G-22 (IV-WIN-1, IV-WIN-2)."""
    g = duel(hands=(["T Double"], []))
    setup(g, 1, position="d3", hp=2)
    act(g, "play T Double"); act(g, "target bob"); pass_all(g)
    assert g.state.over and stat(g, 1, "hp") == 0
    assert stat(g, 0, "power") == 0                   # the lines after the kill never ran


def test_you_can_defeat_yourself():
    """001 § Additional Rules > Exhaustion (a draw becomes 5 damage); G-22 (IV-WIN-1)."""
    g = duel()
    for cid in list(g.state.zones["deck:0"]):
        g.move_card(cid, "discard:0")
    setup(g, 0, hp=5)
    act(g, "expend initiative: draw a card")
    assert g.state.over and g.state.winner == 1
