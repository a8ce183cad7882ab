"""When a resolving card attaches (IV-ATT-8, D5), and card types named by card text (IV-PLAY-10)."""
from __future__ import annotations

from .helpers import act, define, duel, pass_all, setup, stat

define('''card "T Count Snare" { skill warrior cost 1 action range 3 types aura
  for each attached card: gain 1 power
  attach to target empty tile
  for each attached card: gain 1 mitigate }
card "T Late Snare" { skill warrior cost 1 action types aura
  attach to target empty tile
  travel you to target tile }
card "T Parry Test" { skill warrior cost 1 power range 3 instant types ability
  counter target attack card }''')


def _snare(ruleset: str):
    g = duel(hands=(["T Count Snare"], []), ruleset=ruleset)
    setup(g, 0, position="c2")
    setup(g, 1, position="c4")
    act(g, "play T Count Snare"); act(g, "b2"); pass_all(g)
    return g


def test_hh_attaches_at_the_printed_attach():
    """001 § Core Concepts > Playing Cards 3-3a (effects top to bottom) (IV-ATT-8 [hh])."""
    g = _snare("hh")
    assert stat(g, 0, "power") == 0 and stat(g, 0, "mitigate") == 1
    assert g.state.board.spaces["b2"].cards


def test_original_attaches_before_the_effects():
    """000 § Resolving Cards > Resolving Cards 2 (attach, then 5: effects) (IV-ATT-8 [orig])."""
    g = _snare("original")
    assert stat(g, 0, "power") == 1 and stat(g, 0, "mitigate") == 1
    assert g.state.board.spaces["b2"].cards


def test_a_card_meta_countered_after_it_attached_leaves_the_field():
    """000 § Additional Rules > Occupied Tiles (a travel into an enemy's tile meta-counters the
    card), after its Attach: the card is not left on the Field (IV-META-5, IV-ATT-8).  The
    enemy's tile is never offered as the card is played (001 § Occupied Tiles, IV-TRAV-3):
    bob travels into the chosen tile in response."""
    g = duel(hands=(["T Late Snare"], ["T Blink"]))
    setup(g, 0, position="c2", actions=3)
    setup(g, 1, position="c4")
    act(g, "play T Late Snare"); act(g, "b2"); act(g, "c3")
    act(g, "respond with T Blink"); act(g, "don't respond"); act(g, "bob to c3")
    pass_all(g)
    assert not g.state.board.spaces["b2"].cards
    assert [g.name(c) for c in g.state.zones["discard:0"]] == ["T Late Snare"]
    assert stat(g, 0, "actions") == 3                # refunded


def test_an_attack_card_target_is_only_an_attack():
    """000 § Parts of a Card > Card Types; rulings.md (design diary) (IV-PLAY-10)."""
    from .helpers import find
    g = duel(hands=(["T Think", "T Bolt"], ["T Parry Test"]))
    setup(g, 1, power=3, position="c3")
    setup(g, 0, position="c2")
    act(g, "play T Think")
    assert find(g, "respond with T Parry Test") is None
    act(g, "don't respond")
    act(g, "play T Bolt"); act(g, "bob")
    act(g, "respond with T Parry Test")
    act(g, "T Bolt")
    pass_all(g)
    assert stat(g, 1, "hp") == 40
