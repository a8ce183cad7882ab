"""The Golden Rule and "can't beats can" (IV-GOLD-*)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.state import Action

from .helpers import act, define, duel, find, give, pass_all, setup, stat

define('''
card "T Free Stride" { trait types passive
  static can_move }
card "T Anchor" { trait types passive
  static cant_move = enemies }
card "T Big Purse" { trait types passive
  static max_power = 7 }
card "T Lifeline" { trait types passive
  static can_gain_hp }
card "T Blight" { trait types passive
  static cant_gain_hp = enemies }
card "T Hidden" { trait types passive
  static cant_be_targeted }
card "T Mend" { skill warrior types ability
  heal 5 hp to you }
card "T Windfall" { skill warrior types ability
  gain 4 power }
''')


def test_card_text_beats_the_rules_a_slowed_hero_may_move():
    """001 § Learn to Play > How to Play > End ("The Golden Rule. If the rules text of a card directly conflicts with the rules in this guide, the card takes precedence") (IV-GOLD-1)."""
    g = duel()
    give(g, 0, "T Free Stride", "feats")
    setup(g, 0, slow=3)
    act(g, "move to d2")
    assert g.state.players[0].position == "d2"


def test_cant_beats_can():
    """000 § The Fox and the Forest Rules Reference > Rules Reference Glossary > Can't Beats Can ("If a card negates an effect, and another card permits it, the negation takes precedence") (IV-GOLD-2)."""
    g = duel()
    give(g, 0, "T Free Stride", "feats")
    give(g, 1, "T Anchor", "feats")
    setup(g, 0, slow=0)
    assert not any(a.kind in ("move", "initiative_move") for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="T Anchor says so"):
        g.apply(Action("move", ("d2",)))


def test_a_card_may_raise_the_rule_of_five():
    """001 § Learn to Play > How to Play > End ("Rule of Five"); rulings.md ("max power and similar caps can be changed by cards") (IV-RES-4, IV-GOLD-1)."""
    g = duel(hands=(["T Windfall", "T Windfall"], []))
    give(g, 0, "T Big Purse", "feats")
    setup(g, 0)
    act(g, "play T Windfall"); pass_all(g)
    act(g, "play T Windfall"); pass_all(g)
    assert stat(g, 0, "power") == 7


def test_permission_to_heal_while_exhausted_loses_to_a_cant():
    """001 § Additional Rules > Exhaustion ("you can't gain HP"); IV-GOLD-1 then IV-GOLD-2."""
    g = duel(hands=(["T Mend", "T Mend"], []))
    give(g, 0, "T Lifeline", "feats")
    setup(g, 0, hp=30)
    for cid in list(g.state.zones["deck:0"]):
        g.move_card(cid, "discard:0")
    act(g, "play T Mend"); pass_all(g)
    assert stat(g, 0, "hp") == 35                     # the card beats the exhaustion rule
    give(g, 1, "T Blight", "feats")
    act(g, "play T Mend"); pass_all(g)
    assert stat(g, 0, "hp") == 35                     # can't beats can


def test_cant_be_targeted_beats_any_targeting():
    """tsv Wary ("You can't be targeted by enemies"); IV-GOLD-2."""
    g = duel(hands=(["T Bolt", "T Far"], []))
    give(g, 1, "T Hidden", "feats")
    setup(g, 1, position="d3")
    assert find(g, "play T Bolt") is None and find(g, "play T Far") is None
