"""Activated abilities of feats, ``MAIN (COSTS): EFFECT`` (docs/ivion/choices.md
"Activated abilities of feats"), and Divine Aurora, the printed card that needs one."""
from __future__ import annotations

from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.ivion.charges import charges_left

from .helpers import act, define, duel, end_turn, find, give, labels, pass_all, setup, stat

define('''
card "T Dynamo Feat" { trait types passive
  MAIN (1 action, 1 power): draw 1 card }
''')


def test_divine_aurora_turns_initiative_into_three_charges():
    """tsv Divine Aurora ("You may expend [n] to add [charge][charge][charge]"); G-20 (charges added by text); IV-INIT-5 (initiative is not a resource)."""
    g = duel()
    aurora = give(g, 0, "Divine Aurora", "feats")
    setup(g, 0, slow=1)
    assert charges_left(g, aurora) == 0
    act(g, "activate Divine Aurora")
    assert charges_left(g, aurora) == 3
    assert stat(g, 0, "initiative") == 0 and stat(g, 0, "slow") == 1   # no Control removed
    assert find(g, "activate Divine Aurora") is None                   # no initiative left
    assert g.pending.kind == "main"                                    # no response window


def test_divine_aurora_heals_for_a_charge_after_a_successful_attack():
    """tsv Divine Aurora (after a successful attack on an enemy, a charge may buy 1 HP); rulings.md (a countered card does not resolve)."""
    g = duel(hands=(["T Bolt"], []))
    aurora = give(g, 0, "Divine Aurora", "feats")
    setup(g, 1, position="c1")
    setup(g, 0, hp=30)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "main"              # no charge yet: nothing asked
    act(g, "activate Divine Aurora")
    give(g, 0, "T Bolt")
    setup(g, 0)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    act(g, "yes")
    assert stat(g, 0, "hp") == 31 and charges_left(g, aurora) == 2


def test_an_activation_spends_resources_and_removes_control():
    """001 § Control > Removing Control ("After you spend resources in any way, you remove that many control tokens")."""
    g = duel()
    give(g, 0, "T Dynamo Feat", "feats")
    setup(g, 0, power=1, disarm=2)
    act(g, "activate T Dynamo Feat")
    assert stat(g, 0, "disarm") == 0 and stat(g, 0, "actions") == 2 and stat(g, 0, "power") == 0
    assert "activate T Dynamo Feat" not in " ".join(labels(g))    # no power left


def test_only_from_your_feat_zone_and_only_in_your_main_phase():
    """choices.md "Activated abilities of feats": the feat zone, your main phase (000 § Parts of a Turn > Main Phase)."""
    g = duel()
    give(g, 1, "Divine Aurora", "feats")
    assert find(g, "activate") is None            # bob's feat, alice's turn
    end_turn(g)
    assert find(g, "activate Divine Aurora") is not None


def test_charged_zero_is_a_feat_that_holds_charges():
    """G-20 ("until text adds charges": Nemesis and Divine Aurora start with none)."""
    card, = compile_source('card "T Z" { trait types passive charged 0 }', "ivion", "<t>")
    assert card.header.charged and card.header.charges == 0
    plain, = compile_source('card "T P" { trait types passive }', "ivion", "<t>")
    assert not plain.header.charged
