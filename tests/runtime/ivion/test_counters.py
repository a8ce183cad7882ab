"""Counters (IV-CNTR-*): a countered card's resources stay spent, nothing is gained, and the
counter's range is measured to the countered card's controller's tile."""
from __future__ import annotations

from .helpers import act, define, duel, find, give, log_text, pass_all, setup, stat, zone_names


def _close(g):
    setup(g, 1, position="d3", actions=3, power=3)
    setup(g, 0, actions=3, power=3)


def test_countered_card_spends_its_cost_and_gains_nothing():
    """000 § Responding to Cards > Counters ("Resources allocated to play it are spent"; "does not gain the Resources"); rulings.md (IV-CNTR-3)."""
    g = duel(hands=(["T Bolt"], ["T Nix"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Nix"); act(g, "target T Bolt")
    pass_all(g)
    assert stat(g, 0, "actions") == 2                # not refunded
    assert stat(g, 0, "power") == 3                  # its +1 power never gained
    assert stat(g, 1, "hp") == 40
    assert zone_names(g, "discard", 0) == ["T Bolt"]


def test_counter_range_is_measured_from_the_countered_cards_controller():
    """000 § Glossary > Counter ("To Counter a card, it must be within Range. An unresolved card counts as being in the same tile as its controller"); rulings.md; G-9 (IV-CNTR-5, IV-RANGE-6)."""
    g = duel(hands=(["T Far"], ["T Short Nix"]))     # range 1 counter
    setup(g, 0, actions=3, power=3)
    setup(g, 1, position="d3", power=1)              # two tiles from alice (d1)
    act(g, "play T Far"); act(g, "target bob")
    assert find(g, "respond with T Short Nix") is None
    g.undo(); g.undo()
    setup(g, 1, position="d2")                       # now adjacent
    act(g, "play T Far"); act(g, "target bob")
    assert find(g, "respond with T Short Nix") is not None


def test_counter_unless_its_controller_pays():
    """tsv Rebuke/Duck ("unless its controller pays"); IV-CNTR-6: paying is spending."""
    g = duel(hands=(["T Bolt"], ["T Toll"]))
    _close(g)
    setup(g, 0, slow=2)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Toll"); act(g, "target T Bolt")
    act(g, "don't respond")
    assert g.pending.kind == "pay" and g.pending.player == 0
    act(g, "pay 1 action + 1 power")
    assert stat(g, 1, "hp") == 37                    # Bolt resolved
    assert stat(g, 0, "actions") == 1 and stat(g, 0, "power") == 3   # 2 - 1 paid; 2 - 1 + 1 gain


def test_counter_when_the_controller_declines_to_pay():
    """IV-CNTR-6: not paying means the card is countered."""
    g = duel(hands=(["T Bolt"], ["T Toll"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Toll"); act(g, "target T Bolt")
    act(g, "don't respond")
    act(g, "don't pay")
    assert stat(g, 1, "hp") == 40
    assert "T Bolt is countered" in log_text(g)


def test_resolved_attached_cards_cannot_be_countered():
    """rulings.md ("nor counter a card that has already resolved") (IV-CNTR-1)."""
    g = duel(hands=(["Steward's Banner"], ["T Nix"]))
    _close(g)
    act(g, "play Steward's Banner"); act(g, "target c1")
    pass_all(g)
    assert g.state.zones["field"]
    # a later card gives bob a window: the attached banner is not a counter target
    give(g, 0, "T Bolt")
    setup(g, 0)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Nix")
    targets = [a.label for a in g.legal_actions()]
    assert len(targets) == 1 and targets[0].startswith("target T Bolt")


def test_cant_be_countered_beats_counter():
    """tsv Strike True; 000 § F&F Glossary > Can't Beats Can (IV-CNTR-7, IV-GOLD-2)."""
    define('''card "T True Strike" { skill warrior cost 1 action range 3 banner disarm
      types attack
      static cant_be_countered
      deal 3 damage to target enemy }''')
    g = duel(hands=(["T True Strike"], ["T Nix"]))
    _close(g)
    act(g, "play T True Strike"); act(g, "target bob")
    act(g, "respond with T Nix"); act(g, "target T True Strike")
    pass_all(g)
    assert stat(g, 1, "hp") == 37
    assert "can't be countered" in log_text(g)
