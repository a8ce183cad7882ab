"""Reattach (IV-ATT-9)."""
from __future__ import annotations

from .helpers import act, define, duel, labels, pass_all, setup

define('''card "T Post Test" { skill warrior cost 1 action range 3 types aura
  attach to target empty tile for 2 turns }
card "T Wave Test" { skill warrior cost 1 action range 3 types ability
  reattach target attached card to an empty tile near it }''')


def test_reattach_keeps_the_card_on_the_field():
    """tsv Hand Wave, Chaos Storm, Murder of Crows (IV-ATT-9): not destroyed, tokens kept,
    only empty tiles offered (001 § Attached Cards; IV-ATT-2)."""
    g = duel(hands=(["T Post Test", "T Wave Test"], []))
    setup(g, 1, position="b4")
    setup(g, 0, position="c2")
    act(g, "play T Post Test"); act(g, "b3"); pass_all(g)
    cid = g.state.board.spaces["b3"].cards[0]
    act(g, "play T Wave Test"); act(g, "T Post Test"); pass_all(g)
    assert sorted(labels(g)) == ["a3", "b2", "c3"]       # not b4 (bob), c2 (alice), b3 (itself)
    act(g, "c3")
    card = g.card(cid)
    assert card.zone == "field" and card.attached_to == "tile:c3" and card.counters["duration"] == 2
    assert g.state.board.spaces["b3"].cards == [] and g.state.board.spaces["c3"].cards == [cid]
