"""Feats (IV-FEAT-*): played from the feat zone, once until your next turn even if they
don't resolve, and always back to the feat zone."""
from __future__ import annotations

from .helpers import act, duel, end_turn, find, pass_all, setup, stat, zone_names


def _close(g):
    setup(g, 1, position="d3", actions=3, power=3)
    setup(g, 0, actions=3, power=3)


def test_feat_returns_to_the_feat_zone_after_resolving():
    """001 § Rules Reference > Additional Rules > Feats ("If a feat would be sent to the discard ... it is instead returned to the feat zone") (IV-FEAT-4)."""
    g = duel()
    _close(g)
    act(g, "play T Ult"); act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "hp") == 38
    assert "T Ult" in zone_names(g, "feats", 0) and zone_names(g, "discard", 0) == []


def test_feat_can_be_played_once_until_your_next_turn():
    """001 § Rules Reference > Additional Rules > Feats ("it cannot be played again until the start of its controller's next turn"); 000 § Resolving Cards > Feat Resolution (IV-FEAT-3)."""
    g = duel()
    _close(g)
    act(g, "play T Ult"); act(g, "target bob"); pass_all(g)
    assert find(g, "play T Ult") is None
    end_turn(g)                                      # bob's turn
    end_turn(g)                                      # alice's next turn: unlocked
    setup(g, 1, position="d3")
    assert find(g, "play T Ult") is not None


def test_countered_feat_is_still_locked_and_goes_home():
    """001 § Additional Rules > Feats ("regardless of whether it successfully resolves"); G-28 (IV-FEAT-3, IV-FEAT-4, IV-CNTR-2)."""
    g = duel(hands=([], ["T Nix"]))
    _close(g)
    act(g, "play T Ult"); act(g, "target bob")
    act(g, "respond with T Nix"); act(g, "target T Ult")
    pass_all(g)
    assert stat(g, 1, "hp") == 40
    assert "T Ult" in zone_names(g, "feats", 0) and zone_names(g, "discard", 0) == []
    assert find(g, "play T Ult") is None


def test_meta_countered_feat_is_locked_too():
    """001 § Additional Rules > Feats ("regardless of whether it successfully resolves") (IV-FEAT-3)."""
    g = duel(hands=([], ["T Disarm"]))
    _close(g)
    act(g, "play T Ult"); act(g, "target bob")
    act(g, "respond with T Disarm"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 0, "actions") == 3                # refunded
    setup(g, 0, disarm=0)
    assert find(g, "play T Ult") is None


def test_passive_feats_work_from_the_feat_zone():
    """001 § Additional Rules > Feats ("others have effect as long as they are in the feat zone") (IV-FEAT-2)."""
    g = duel(decks=None)
    from .helpers import define, give
    define('''card "T Vigor" { trait types passive
      at start of your turn: gain 1 mitigate }''')
    give(g, 0, "T Vigor", "feats")
    end_turn(g); end_turn(g)
    assert stat(g, 0, "mitigate") == 1
