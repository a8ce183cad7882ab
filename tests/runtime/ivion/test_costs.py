"""Cost reductions (IV-RES-9, G-17): ``static reduce_cost`` and the one cost function."""
from __future__ import annotations

from cardsmith.runtime.ivion.playable import cost_of, why_cant_play

from .helpers import act, define, duel, find, give, hand, labels, pass_all, setup, stat

define('''
card "T Cheap Attacks" { trait types passive
  static reduce_cost = you, 1, attack }
card "T Two Off" { trait types passive
  static reduce_cost = you, 2 }
card "T Action Off" { trait types passive
  static reduce_cost = 2, actions }
card "T Enemy Discount" { trait types passive
  static reduce_cost = enemies, 1 }
card "T Mull" { skill warrior  cost 2 actions  cost 1 power  types ability
  draw 1 card }
''')


def _bob_near(g):
    setup(g, 1, position="d2")


def test_a_reduction_lets_a_card_be_played_that_could_not_be_paid():
    """rulings.md § From reminder texts printed on cards ("Cost reductions can't reduce an action or power cost to zero"); tsv: Infuriate (IV-RES-9, G-17)."""
    g = duel(hands=(["T Big"], []))
    _bob_near(g)
    setup(g, 0, actions=2, power=1)
    assert "costs" in why_cant_play(g, 0, g.state.zones["hand:0"][0])
    give(g, 0, "T Cheap Attacks", "feats")
    setup(g, 0, actions=2, power=1)
    act(g, "play T Big")
    act(g, "target bob")
    assert stat(g, 0, "actions") == 0 and stat(g, 0, "power") == 0   # paid 2 actions + 1 power
    pass_all(g)
    assert stat(g, 1, "hp") == 30


def test_the_player_chooses_which_part_is_reduced():
    """G-17 ("the player chooses whether the action or the power component is reduced") (IV-RES-9)."""
    g = duel(hands=(["T Big"], []))
    _bob_near(g)
    give(g, 0, "T Cheap Attacks", "feats")
    setup(g, 0, actions=3, power=3)
    act(g, "play T Big")
    act(g, "target bob")
    assert g.pending.kind == "cost"
    assert sorted(labels(g)) == ["pay 1 action + 2 power", "pay 2 actions + 1 power"]
    act(g, "pay 1 action + 2 power")
    assert stat(g, 0, "actions") == 2 and stat(g, 0, "power") == 1
    assert g.state.stack[-1].flags.get("reduced")


def test_a_reduction_never_takes_a_part_to_zero():
    """rulings.md ("can't reduce an action or power cost to zero") (IV-RES-9): T Jab costs 1 action, so nothing can be taken off."""
    g = duel(hands=(["T Jab"], []))
    give(g, 0, "T Two Off", "feats")
    setup(g, 0, actions=0)
    cid = g.state.zones["hand:0"][0]
    assert cost_of(g, cid) == {"actions": 1, "power": 0}
    assert find(g, "play T Jab") is None


def test_a_big_reduction_stops_at_one_of_each_part():
    """rulings.md (IV-RES-9, G-17): 2 less on a 2+2 cost gives 1+1 at best, the rest is lost; the cost never becomes a gain."""
    g = duel(hands=(["T Big"], []))
    give(g, 0, "T Two Off", "feats")
    give(g, 0, "T Cheap Attacks", "feats")
    cid = g.state.zones["hand:0"][0]
    assert cost_of(g, cid) == {"actions": 1, "power": 1}


def test_a_type_filter_limits_the_reduction():
    """tsv: Infuriate ("Attack cards you play cost 1 less") (IV-RES-9): an ability is not reduced."""
    g = duel(hands=(["T Mull"], []))
    give(g, 0, "T Cheap Attacks", "feats")
    assert cost_of(g, g.state.zones["hand:0"][0]) == {"actions": 2, "power": 1}


def test_a_part_limit_reduces_only_actions():
    """tsv: Bless ("costs up to [a][a] less") (G-17): the power part is untouched."""
    g = duel(hands=(["T Mull"], []))
    give(g, 0, "T Action Off", "feats")
    assert cost_of(g, g.state.zones["hand:0"][0]) == {"actions": 1, "power": 1}


def test_the_scope_says_whose_cards():
    """Scope words as for every static (IV-GOLD-*): ``enemies`` reduces the opponent's cards, not its controller's."""
    g = duel(hands=(["T Mull"], ["T Mull"]))
    give(g, 0, "T Enemy Discount", "feats")
    mine, theirs = g.state.zones["hand:0"][0], g.state.zones["hand:1"][0]
    assert cost_of(g, mine) == {"actions": 2, "power": 1}
    assert cost_of(g, theirs) == {"actions": 1, "power": 1}


def test_free_and_cantrip_plays_ignore_reductions():
    """001 § Rules Reference > Glossary > FREE ("as if its cost were 0 actions and 0 power")."""
    g = duel(hands=(["T Big"], []))
    give(g, 0, "T Cheap Attacks", "feats")
    assert cost_of(g, g.state.zones["hand:0"][0], free=True) == {"actions": 0, "power": 0}


def test_option_floor_zero_lets_a_reduction_make_a_part_free():
    """Engine option ``cost_reduction_floor`` (docs/ivion/choices.md): a designer's variant where a reduction may reach 0."""
    g = duel(hands=(["T Jab"], []), cost_reduction_floor=0)
    _bob_near(g)
    give(g, 0, "T Cheap Attacks", "feats")
    setup(g, 0, actions=0)
    act(g, "play T Jab")
    act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "hp") == 38 and stat(g, 0, "power") == 1


def test_a_reduction_from_an_attached_card_ends_with_it():
    """tsv: Infuriate (attached until end of turn): the reduction works while the card is in play, not from the hand."""
    g = duel(hands=(["T Big", "Infuriate"], []))
    cid = [c for c in g.state.zones["hand:0"] if g.name(c) == "T Big"][0]
    assert cost_of(g, cid) == {"actions": 2, "power": 2}      # Infuriate in hand does nothing
    assert hand(g, 0) == ["T Big", "Infuriate"]


def test_to_the_fray_plays_an_attack_on_them_for_one_less():
    """tsv: To the Fray ("play an Attack card targeting them for 1 less Resource"; reminder: not to zero) (IV-RES-9, G-17)."""
    g = duel(hands=(["To the Fray", "T Big", "T Mull"], []))
    setup(g, 0, position="d1", actions=5, power=1)
    setup(g, 1, position="a1")
    act(g, "play To the Fray"); act(g, "target bob"); pass_all(g)
    act(g, "b1")                                    # travel two tiles towards bob
    assert g.pending.kind == "play_free"
    # T Mull is an ability: not offered; T Big (2+2) costs 1+2 or 2+1 now
    assert sorted(labels(g)) == ["play T Big for 1 less", "play nothing"]
    act(g, "play T Big for 1 less")
    assert g.pending.kind == "target" and labels(g) == ["target bob"]
    act(g, "target bob")
    assert g.pending.kind == "cost"
    act(g, "pay 2 actions + 1 power")
    pass_all(g)
    assert stat(g, 1, "hp") == 30
    assert stat(g, 0, "actions") == 1 and stat(g, 0, "power") == 2   # 5-2-2 actions; 1+2-1 power


def test_targeting_them_offers_only_cards_that_can_reach_them():
    """tsv: To the Fray ("an Attack card targeting them"): an attack out of range of them is not offered."""
    g = duel(hands=(["To the Fray", "T Jab"], []))
    setup(g, 0, position="d1", actions=5)
    setup(g, 1, position="a4")
    act(g, "play To the Fray"); act(g, "target bob"); pass_all(g)
    if g.pending.kind == "travel":
        g.apply(g.legal_actions()[0])               # two tiles at most: still out of reach
    assert g.pending.kind == "main"                 # T Jab (range 1) can't reach bob: no question


def test_accursed_strength_reduces_the_second_attack_and_hurts_if_it_did():
    """tsv: Accursed Strength ("The second Attack card you play during your turn costs 1 less"; "if its cost was reduced, deal 3 damage to yourself"); rulings.md (not to zero) (IV-RES-9, G-17)."""
    g = duel(hands=(["T Jab", "T Big", "T Big"], []))
    give(g, 0, "Accursed Strength", "feats")
    setup(g, 0, actions=5, power=3)
    setup(g, 1, position="d2")
    big = [c for c in g.state.zones["hand:0"] if g.name(c) == "T Big"][0]
    assert cost_of(g, big) == {"actions": 2, "power": 2}      # the first attack: full price
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    assert cost_of(g, big) == {"actions": 2, "power": 1}      # the second: 1 less (first choice)
    act(g, "play T Big"); act(g, "target bob")
    act(g, "pay 2 actions + 1 power")
    pass_all(g)
    assert stat(g, 0, "hp") == 37                             # reduced: 3 damage to herself
    assert stat(g, 1, "hp") == 40 - 2 - 10
    big2 = [c for c in g.state.zones["hand:0"] if g.name(c) == "T Big"][0]
    assert cost_of(g, big2) == {"actions": 2, "power": 2}     # the third: full price again


def test_accursed_strength_no_damage_when_nothing_was_taken_off():
    """tsv: Accursed Strength: a second attack costing 1 action can't be reduced (IV-RES-9), so it deals no damage to you."""
    g = duel(hands=(["T Jab", "T Jab"], []))
    give(g, 0, "Accursed Strength", "feats")
    setup(g, 1, position="d2")
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    assert stat(g, 0, "hp") == 40 and stat(g, 0, "actions") == 1


def test_cursed_dagger_plays_an_ability_on_them_for_one_less():
    """tsv: Cursed Dagger ("play an Ability card targeting them for 1 less Resource") (IV-RES-9, G-17): an attack is not offered; the ability pays 1 less."""
    define('''card "T Hex Ability" { skill warrior  cost 1 action  cost 2 power  range 2  banner silence
      types ability
      slow 1 target enemy }''')
    g = duel(hands=(["T Hex Ability", "T Bolt"], []))
    give(g, 0, "Cursed Dagger", "feats")
    setup(g, 0, actions=3, power=1)
    setup(g, 1, position="d2")
    act(g, "play Cursed Dagger"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "play_free"
    assert sorted(labels(g)) == ["play T Hex Ability for 1 less", "play nothing"]
    act(g, "play T Hex Ability for 1 less"); act(g, "target bob")
    pass_all(g)
    # 1 power + 1 from the Dagger, then 1 action + 1 power (2 power less 1; the action can't go)
    assert stat(g, 1, "slow") == 1 and stat(g, 0, "power") == 1 and stat(g, 0, "actions") == 1
