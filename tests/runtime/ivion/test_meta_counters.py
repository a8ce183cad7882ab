"""Meta-counters (IV-META-*): a card whose conditions no longer hold as it starts to
resolve does nothing and refunds what was paid, within the caps, with the reason."""
from __future__ import annotations

from .helpers import act, define, duel, log_text, pass_all, setup, stat, zone_names

define('''card "T Surge" { skill warrior cost 1 action range 3 banner disarm
  keywords unleash
  types attack
  deal 1 damage to target enemy
  unleash: deal (unleashed power) damage to them }''')


def _close(g):
    setup(g, 1, position="d3", actions=3, power=3)
    setup(g, 0, actions=3, power=3)


def test_meta_countered_by_control_refunds_with_the_reason():
    """001 § Rules Reference > Additional Rules > Attached Cards > META-COUNTERS 1; 000 § Responding to Cards > Meta-Counters (IV-META-1, IV-META-2, IV-META-3)."""
    g = duel(hands=(["T Big"], ["T Disarm"]))
    setup(g, 1, position="d3", actions=1)
    setup(g, 0, actions=3, power=2)
    act(g, "play T Big"); act(g, "target bob")
    assert stat(g, 0, "actions") == 1 and stat(g, 0, "power") == 0
    act(g, "respond with T Disarm"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 1, "hp") == 40
    assert stat(g, 0, "actions") == 3 and stat(g, 0, "power") == 2    # all refunded
    assert "T Big is meta-countered: Control" in log_text(g)
    assert zone_names(g, "discard", 0) == ["T Big"]


def test_meta_countered_when_no_target_is_in_range_any_more():
    """001 § Attached Cards > META-COUNTERS 2 ("None of your card's targets are valid, usually because they are out of range") (IV-META-2, IV-RANGE-5)."""
    g = duel(hands=(["T Bolt"], ["T Blink"]))                         # Bolt: range 2
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Blink")
    act(g, "don't respond")
    act(g, "bob to b3")                                                 # bob travels 2 tiles away
    assert stat(g, 1, "hp") == 40
    assert "meta-countered: no valid target" in log_text(g)
    assert stat(g, 0, "actions") == 3 and stat(g, 0, "power") == 3    # refunded; no +1 gained


def test_refund_stops_at_the_cap_of_five():
    """rulings.md ("the refund obeys the rule of 5 (no refund past 5 power)"); IV-META-3."""
    g = duel(hands=(["T Big"], ["T Disarm"]))
    setup(g, 1, position="d3", actions=1)
    setup(g, 0, actions=3, power=5)
    act(g, "play T Big"); act(g, "target bob")
    g.state.players[0].stats["power"] = 5         # something topped alice up meanwhile
    act(g, "respond with T Disarm"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 0, "power") == 5
    assert "of the refund is lost to the cap" in log_text(g)


def test_unleash_power_is_refunded_when_meta_countered():
    """001 § Rules Reference > Glossary > UNLEASH ("the additional unleashed power is also returned"); rulings.md (IV-KW-UNL-2)."""
    g = duel(hands=(["T Surge"], ["T Disarm"]))
    _close(g)
    act(g, "play T Surge"); act(g, "target bob")
    act(g, "unleash (3 power)")
    assert stat(g, 0, "power") == 0
    act(g, "respond with T Disarm"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 0, "power") == 3 and stat(g, 0, "actions") == 3


def test_refund_does_not_restore_control_removed_at_payment_in_hh():
    """001 § Core Concepts > Playing Cards 2 (Control removed at payment); G-12 (IV-META-7)."""
    g = duel(hands=(["T Bolt"], ["T Hush"]))
    _close(g)
    setup(g, 0, slow=1)
    act(g, "play T Bolt"); act(g, "target bob")
    assert stat(g, 0, "slow") == 0
    act(g, "respond with T Hush"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 0, "actions") == 3 and stat(g, 0, "slow") == 0 and stat(g, 0, "silence") == 1


def test_meta_counter_in_original_refunds_and_removes_no_control():
    """000 § Responding to Cards > Meta-Counters ("any Resources you allocated to play it are refunded"); 000 § Resolving Cards 3 (D1, D6)."""
    g = duel(hands=(["T Bolt"], ["T Hush"]), ruleset="original")
    _close(g)
    setup(g, 0, slow=1)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Hush"); act(g, "target alice")
    pass_all(g)
    assert stat(g, 0, "actions") == 3
    assert stat(g, 0, "slow") == 1                   # never spent, so never removed
