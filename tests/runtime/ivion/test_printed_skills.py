"""Printed skill cards scripted with pieces added for them (tsv card data): Realization
(``play a card from PLAYER``), Bless (a cost reduction that leaves after the next play),
Succeed (filter ``with frenzy``, ``static frenzy_for_played``)."""
from __future__ import annotations

from .helpers import act, define, duel, labels, pass_all, setup, stat

define('''
card "T Pricey" { skill warrior cost 3 power banner disarm types ability
  gain 1 mitigate }
''')


def test_realization_lets_the_target_player_play_a_card_for_one_less():
    """tsv Realization (a target player plays a card one resource cheaper); IV-RES-9 (a reduction never takes a part to 0); 001 § Glossary (reminder text)."""
    g = duel(hands=(["Realization", "T Pricey"], []))
    setup(g, 0, power=2)
    act(g, "play Realization"); act(g, "target alice"); pass_all(g)
    assert "play T Pricey for 1 less" in " ".join(labels(g))
    act(g, "play T Pricey"); pass_all(g)
    assert stat(g, 0, "power") == 0 and stat(g, 0, "mitigate") == 1


def test_realization_on_the_enemy_lets_them_play_on_your_turn():
    """tsv Realization ("Target player"): the target plays from their own hand and pays; they may decline."""
    g = duel(hands=(["Realization", "Realization"], ["T Pricey"]))
    setup(g, 1, power=2, position="b1")
    act(g, "play Realization"); act(g, "target bob"); pass_all(g)
    assert g.pending.player == 1 and g.pending.kind == "play_free"
    act(g, "play T Pricey"); pass_all(g)
    assert stat(g, 1, "power") == 0 and stat(g, 1, "mitigate") == 1
    assert g.state.active == 0 and g.pending.kind == "main"
    act(g, "play Realization"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "main"        # nothing bob can afford: no question


def test_realization_targets_only_players_in_range():
    """tsv Realization (range 3); 001 § Playing Cards 1c ("the selected targets must fall within it")."""
    g = duel(hands=(["Realization"], []))
    act(g, "play Realization")
    assert [t for t in labels(g) if t.startswith("target")] == ["target alice"]   # bob is 6 tiles away


def test_bless_makes_only_the_next_card_this_turn_cost_up_to_two_actions_less():
    """tsv Bless ("The next card you play this turn costs up to [a][a] less. Gain Luck"); rulings.md (cost reductions can't reduce a cost to zero; IV-RES-9); G-21 Luck."""
    define('''card "T Heavy" { skill warrior cost 3 actions banner disarm types ability
      gain 1 mitigate }''')
    g = duel(hands=(["Bless", "T Heavy", "T Heavy"], []))
    setup(g, 0, actions=5, power=2)
    act(g, "play Bless"); pass_all(g)
    assert stat(g, 0, "luck") == 1 and "Bless" in [g.name(c) for c in g.state.zones["field"]]
    act(g, "play T Heavy"); pass_all(g)
    assert stat(g, 0, "actions") == 4                 # 3 - 2 = 1 action
    assert "Bless" in [g.name(c) for c in g.state.zones["discard:0"]]
    act(g, "play T Heavy"); pass_all(g)
    assert stat(g, 0, "actions") == 1                 # the next one pays in full


def test_bless_never_takes_a_part_to_zero_and_leaves_at_the_end_of_the_turn():
    """tsv Bless ("up to", "this turn"); rulings.md (not to zero); G-5 ("until end of turn" attachments leave at End step 3)."""
    g = duel(hands=(["Bless", "T Jab"], []))
    setup(g, 0, power=2, position="b1")
    setup(g, 1, position="a1")
    act(g, "play Bless"); pass_all(g)
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    assert stat(g, 0, "actions") == 2                 # a 1-action card still costs 1
    g2 = duel(hands=(["Bless"], []))
    setup(g2, 0, power=2)
    act(g2, "play Bless"); pass_all(g2)
    act(g2, "end the turn")
    assert "Bless" in [g2.name(c) for c in g2.state.zones["discard:0"]]


def test_succeed_plays_a_frenzy_card_for_less_and_it_has_frenzy():
    """tsv Succeed (a card with Frenzy played through it costs one resource less and has Frenzy before any Second Wind); tsv Seize the Day; IV-RES-9."""
    g = duel(hands=(["Succeed", "Seize the Day", "T Filler"], []))
    act(g, "play Succeed"); pass_all(g)
    assert g.pending.kind == "play_free"
    assert sorted(labels(g)) == ["play Seize the Day for 1 less", "play nothing"]   # only Frenzy cards
    act(g, "play Seize the Day"); pass_all(g)
    assert stat(g, 0, "power") == 0                  # Succeed's 1 power paid its 2 - 1
    assert stat(g, 0, "initiative") == 3             # 1 + 1 + the Frenzy 1


def test_frenzy_given_by_succeed_is_for_that_card_only():
    """tsv Succeed ("That card has Frenzy"); Overwhelm's reminder (Frenzy: a player has used their Second Wind)."""
    g = duel(hands=(["Seize the Day"], []))
    setup(g, 0, power=2)
    act(g, "play Seize the Day"); pass_all(g)
    assert stat(g, 0, "initiative") == 2             # no Second Wind used: no Frenzy
