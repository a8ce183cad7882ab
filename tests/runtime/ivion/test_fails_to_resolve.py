"""'Fails to resolve' (IV-CNTR-8): countered or meta-countered, never resolved."""
from __future__ import annotations

from .helpers import act, deck, define, duel, pass_all, setup, stat

define('''card "T Spite Test" { trait types passive
  after an enemy fail_to_resolve: deal 2 damage to them }''')


def _game():
    g = duel(decks=[deck(), deck(feats=["T Ult", "T Trait", "T Spite Test"])],
             hands=(["T Bolt", "T Bolt"], ["T Nix"]))
    setup(g, 0, position="c2", actions=3)
    setup(g, 1, position="c3", power=3)
    return g


def test_countered_fails_to_resolve():
    """tsv Counter Magic; 001 § Playing Cards (To resolve a card 1) (IV-CNTR-8)."""
    g = _game()
    act(g, "play T Bolt"); act(g, "bob")
    act(g, "respond with T Nix"); act(g, "T Bolt")
    pass_all(g)
    assert stat(g, 0, "hp") == 38 and stat(g, 1, "hp") == 40


def test_meta_countered_fails_to_resolve_and_resolved_does_not():
    """001 § Attached Cards > META-COUNTERS (IV-CNTR-8, IV-META-2)."""
    g = _game()
    act(g, "play T Bolt"); act(g, "bob")
    act(g, "don't respond")
    assert stat(g, 1, "hp") == 37 and stat(g, 0, "hp") == 40      # resolved: no trigger
    act(g, "play T Bolt"); act(g, "bob")
    g.state.players[0].stats["silence"] = 1                        # blocking control before it resolves
    act(g, "don't respond")
    assert stat(g, 1, "hp") == 37 and stat(g, 0, "hp") == 38
