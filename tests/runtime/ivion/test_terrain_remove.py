"""Removing terrain by effect (IV-TERR-5)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.loader import compile_source

from .helpers import act, define, duel, find, pass_all, setup

define('''card "T Uproot Test" { skill warrior cost 1 action range 3 types ability
  remove terrain at target tile in terrain }
card "T Drain Test" { skill warrior cost 1 action range 3 types ability
  remove enchanted terrain at target tile }''')


def test_remove_target_terrain():
    """tsv Explode, King's Feast ("Remove target Terrain"); 001 § Additional Rules > Terrain (IV-TERR-5)."""
    g = duel(hands=(["T Uproot Test"], []))
    g.state.board.spaces["b3"].terrain = "difficult"
    setup(g, 0, position="c2")
    setup(g, 1, position="a4")
    act(g, "play T Uproot Test")
    assert find(g, "c1") is None                     # only tiles with terrain are targets
    act(g, "b3"); pass_all(g)
    assert g.state.board.spaces["b3"].terrain == ""


def test_remove_a_named_kind_leaves_the_other():
    """IV-TERR-5: "remove enchanted terrain" leaves difficult terrain alone."""
    g = duel(hands=(["T Drain Test"], []))
    g.state.board.spaces["b3"].terrain = "difficult"
    setup(g, 0, position="c2")
    setup(g, 1, position="a4")
    act(g, "play T Drain Test"); act(g, "b3"); pass_all(g)
    assert g.state.board.spaces["b3"].terrain == "difficult"


@pytest.mark.parametrize("text, message", [
    ("remove 2 terrain at target tile", "takes no number"),
    ("remove terrain from you", "needs an 'at' clause"),
    ("remove control from you", "needs a number"),
])
def test_remove_shapes_are_checked(text, message):
    with pytest.raises(Exception) as err:
        compile_source(f'card "T Bad Remove" {{ skill warrior types ability\n  {text} }}', "ivion", "<t>")
    assert message in str(err.value)
