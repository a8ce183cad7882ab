"""Playing and resolving cards (IV-PLAY-*)."""
from __future__ import annotations

from .helpers import act, define, duel, find, hand, pass_all, setup, stat, zone_names


def test_play_chooses_targets_then_pays_then_resolves_and_discards():
    """001 § Rules Reference > Core Concepts > Playing Cards (steps 1-2; resolve 1-3) (IV-PLAY-2, IV-PLAY-4, IV-PLAY-7)."""
    g = duel(hands=(["T Bolt"], []))
    setup(g, 1, position="d3")
    act(g, "play T Bolt")
    assert g.pending.kind == "target"
    assert stat(g, 0, "actions") == 3                # nothing paid while choosing
    act(g, "target bob")
    assert stat(g, 0, "actions") == 2                # paid on play
    assert stat(g, 0, "power") == 0                  # the +1 power comes at resolution
    assert hand(g, 0) == [] and g.state.zones["stack"]
    pass_all(g)
    assert stat(g, 0, "power") == 1
    assert stat(g, 1, "hp") == 37
    assert zone_names(g, "discard", 0) == ["T Bolt"]


def test_gain_happens_before_the_effects():
    """001 § Core Concepts > Playing Cards, resolve step 2 (gain) before step 3 (effects) (IV-PLAY-7)."""
    define('''card "T Gauge" { skill warrior generates 2 power types ability
      if you have 2 power then draw 1 card }''')
    g = duel(hands=(["T Gauge"], []))
    act(g, "play T Gauge")
    pass_all(g)
    assert len(hand(g, 0)) == 1                      # it saw its own 2 power


def test_choose_one_is_decided_when_played():
    """001 § Core Concepts > Playing Cards 1a ("If the card requires you to choose, decide now") (IV-PLAY-2, IV-PLAY-8)."""
    define('''card "T Either" { skill warrior cost 1 action types ability
      choose one { gain 2 power } or { gain 2 mitigate } }''')
    g = duel(hands=(["T Either"], []))
    act(g, "play T Either")
    assert g.pending.kind == "choose_mode"
    act(g, "option 2")
    assert stat(g, 0, "actions") == 2                # paid after choosing
    pass_all(g)
    assert stat(g, 0, "mitigate") == 2 and stat(g, 0, "power") == 0


def test_effects_happen_top_to_bottom():
    """001 § Core Concepts > Playing Cards, resolve step 3 ("from top to bottom") (IV-PLAY-8)."""
    define('''card "T Order" { skill warrior types ability
      gain 1 power
      if you have 1 power then gain 3 mitigate }''')
    g = duel(hands=(["T Order"], []))
    act(g, "play T Order")
    pass_all(g)
    assert stat(g, 0, "mitigate") == 3


def test_feats_with_a_cost_are_played_from_the_feat_zone():
    """001 § Rules Reference > Core Concepts > Playing Cards ("you may play feats that have resource costs") (IV-PLAY-1, IV-FEAT-2)."""
    g = duel()
    setup(g, 1, position="d3")
    assert find(g, "play T Ult") is not None
    assert find(g, "play T Passive") is None         # passive feats are never played


def test_cannot_pay_means_cannot_play():
    """001 § Core Concepts > Playing Cards 2 ("Spend resources equal to the card's cost") (IV-PLAY-3)."""
    g = duel(hands=(["T Big"], []))
    setup(g, 0, actions=3, power=1)
    assert find(g, "play T Big") is None
    setup(g, 0, power=2)
    assert find(g, "play T Big") is not None



def test_hh_discards_after_the_effects_original_before_them():
    """001 § Core Concepts > Playing Cards, resolve 3a (discard after the effects); 000 § Resolving Cards > Resolving Cards 2 (attach or discard, then effects) (IV-PLAY-7, D4)."""
    define('''card "T Maybe" { skill warrior types ability
      you may gain 1 power }''')
    for ruleset, where in (("hh", "stack"), ("original", "discard:0")):
        g = duel(hands=(["T Maybe"], []), ruleset=ruleset)
        cid = g.state.zones["hand:0"][0]
        act(g, "play T Maybe"); pass_all(g)
        assert g.pending.kind == "may"               # mid-effect
        assert g.card(cid).zone == where
        act(g, "yes")
        assert g.card(cid).zone == "discard:0" and stat(g, 0, "power") == 1


def test_original_removes_control_before_the_effects():
    """000 § Resolving Cards > Resolving Cards 3 (spent, Control removed) before 5 (effects) (IV-PLAY-7 [orig])."""
    define('''card "T Check" { skill warrior cost 1 action types ability
      if you are controlled then gain 3 mitigate }''')
    g = duel(hands=(["T Check"], []), ruleset="original")
    setup(g, 0, slow=1)
    act(g, "play T Check"); pass_all(g)
    assert stat(g, 0, "slow") == 0 and stat(g, 0, "mitigate") == 0
