"""Printed skill cards scripted with pieces added for them (tsv card data): Realization
(``play a card from PLAYER``)."""
from __future__ import annotations

from .helpers import act, define, duel, labels, pass_all, setup, stat

define('''
card "T Pricey" { skill tester cost 3 power banner disarm types ability
  gain 1 mitigate }
''')


def test_realization_lets_the_target_player_play_a_card_for_one_less():
    """tsv Realization ("Target player may play a card for 1 less Resource"); IV-RES-9 (a reduction never takes a part to 0); 001 § Glossary (reminder text)."""
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
