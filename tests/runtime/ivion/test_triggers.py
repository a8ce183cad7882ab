"""Triggered abilities and simultaneous effects (IV-SIM-*, IV-FEAT-6)."""
from __future__ import annotations

from .helpers import act, define, duel, end_turn, give, labels, pass_all, setup, stat

define('''
card "T Dawn A" { trait types passive
  at start of each turn: gain 1 power }
card "T Dawn B" { trait types passive
  at start of each turn: gain 1 mitigate }
card "T Dawn C" { trait types passive
  at start of each turn: gain 1 mitigate }
card "T Once Turn" { trait types passive
  once per turn after an enemy moves: gain 1 power }
card "T Once Game" { trait types passive
  once per game after an enemy moves: gain 1 power }
card "T Bump" { skill warrior cost 1 action types ability
  keywords once per turn
  gain 1 power }
card "T Finale" { skill warrior types ability
  keywords once per game
  gain 1 power }
''')


def _triggers(g):
    return [(e.player, e.text) for e in g.state.log if e.kind == "trigger"]


def test_simultaneous_triggers_go_active_player_first_each_ordering_their_own():
    """001 § Rules Reference > Additional Rules > Simultaneous Effects ("each player in turn order resolves their effects in whichever order they wish, starting with the player whose turn it is"); rulings.md (IV-SIM-1, IV-SIM-2)."""
    g = duel()
    give(g, 0, "T Dawn A", "feats")
    give(g, 0, "T Dawn B", "feats")
    give(g, 1, "T Dawn C", "feats")
    end_turn(g)                                       # bob's turn starts: all three trigger
    # bob (active) goes first with his one; then alice orders her two
    assert _triggers(g) == [(1, "T Dawn C triggers")]
    assert g.pending.kind == "order_triggers" and g.pending.player == 0
    act(g, "T Dawn A first")
    end_turn(g)                                       # alice's turn: she orders her two
    assert g.pending.kind == "order_triggers" and g.pending.player == 0
    act(g, "T Dawn B first")
    seen = _triggers(g)[-3:]
    assert seen == [(0, "T Dawn B triggers"), (0, "T Dawn A triggers"), (1, "T Dawn C triggers")]
    assert stat(g, 0, "power") == 2 and stat(g, 1, "mitigate") == 2


def test_once_per_turn_trigger_fires_once_each_turn():
    """tsv Upper Hand ("may trigger once per turn"); IV-FEAT-6."""
    g = duel()
    give(g, 1, "T Once Turn", "feats")
    setup(g, 0, actions=5)
    act(g, "move to d2"); act(g, "move to d3")
    assert stat(g, 1, "power") == 1
    end_turn(g); end_turn(g)
    act(g, "move to d4")
    assert stat(g, 1, "power") == 2


def test_once_per_game_trigger_fires_once_ever():
    """tsv Wary ("can only trigger once per game"); IV-FEAT-6."""
    g = duel()
    give(g, 1, "T Once Game", "feats")
    setup(g, 0, actions=5)
    act(g, "move to d2")
    end_turn(g); end_turn(g)
    act(g, "move to d3")
    assert stat(g, 1, "power") == 1


def test_once_per_turn_and_once_per_game_cards():
    """tsv Spirit Gate ("may be played once per game"); IV-FEAT-6."""
    g = duel(hands=(["T Bump", "T Bump", "T Finale", "T Finale"], []))
    act(g, "play T Bump"); pass_all(g)
    assert not any("T Bump" in l for l in labels(g))
    act(g, "play T Finale"); pass_all(g)
    assert not any("T Finale" in l for l in labels(g))
    end_turn(g); end_turn(g)
    assert any("play T Bump" in l for l in labels(g))
    assert not any("T Finale" in l for l in labels(g))


def test_enter_triggers_fire_for_the_tile():
    """000 § F&F Glossary > Attach; tsv Deep Snow ("after an enemy enters"); IV-TRAV-5."""
    g = duel(hands=([], ["Deep Snow"]))
    end_turn(g)
    setup(g, 1, position="c2", actions=3)
    act(g, "play Deep Snow"); act(g, "target c1"); pass_all(g)
    end_turn(g)
    setup(g, 0, actions=5)
    act(g, "move to c1")
    assert stat(g, 0, "slow") == 1 and stat(g, 0, "disarm") == 1
