"""Targets of triggered abilities (runtime/ivion/trigger_targets.py; docs/ivion/rules.md G-32):
picked by the ability's controller as it starts to resolve, among the legal choices of the
card's range (001 § Rules Reference > Glossary > RANGE: the most tiles from you to the
card's target), and with none, nothing of the ability happens (001 § Playing Cards 2: a card
none of whose targets is valid does not resolve)."""
from __future__ import annotations

from .helpers import act, define, duel, give, labels, log_text, setup, stat

define('''
card "T Pick Character" { trait  range 3  types passive
  after you move: { deal 1 damage to target character  slow 1 them } }
card "T Pick Close" { trait  range 0  types passive
  after you move: deal 2 damage to target enemy }
card "T Pick Upto" { trait  types passive
  after you move: slow 1 up to 1 enemy }
''')


def _hp(g, p):
    return stat(g, p, "hp")


def _moved(trait: str, alice: str, bob: str, to: str):
    """Alice, with ``trait`` in her feat zone, moves from ``alice`` to ``to``."""
    g = duel()
    give(g, 0, trait, "feats")
    setup(g, 0, position=alice, actions=3)
    g.state.players[1].position = bob
    hp = _hp(g, 1)
    act(g, f"move to {to}")
    return g, hp


def test_a_triggered_abilitys_target_is_picked_as_it_resolves_and_them_names_it():
    """001 § Playing Cards 1b (targets are selected by the card's player); G-32."""
    g, before = _moved("T Pick Character", "b2", "b4", "b3")
    assert g.pending.kind == "target" and g.pending.player == 0
    assert labels(g) == ["target alice", "target bob"]
    act(g, "target bob")
    assert _hp(g, 1) == before - 1 and stat(g, 1, "slow") == 1
    assert stat(g, 0, "slow") == 0


def test_with_no_legal_target_nothing_of_the_ability_happens():
    """001 § Rules Reference > Glossary > RANGE; § Playing Cards 2 (no valid target); G-32."""
    g, before = _moved("T Pick Close", "a1", "d4", "a2")
    assert _hp(g, 1) == before
    assert "T Pick Close's triggered ability has no legal target" in log_text(g)
    assert g.pending.kind == "main"


def test_an_up_to_pick_may_pick_none():
    """'up to one' allows none (docs/ivion/choices.md, Ice Pick); G-32."""
    g, _ = _moved("T Pick Upto", "a1", "d4", "a2")
    assert g.pending.kind == "target" and "no more targets" in labels(g)
    act(g, "no more targets")
    assert stat(g, 1, "slow") == 0
