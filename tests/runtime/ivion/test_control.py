"""Control (IV-CTRL-*), in both rulesets: 001 removes Control when the cost is paid, 000
when the card resolves or is countered (catalogue Part 2, D1/D24)."""
from __future__ import annotations

import pytest

from .helpers import act, duel, find, hand, labels, pass_all, setup, stat


def test_banner_control_blocks_playing():
    """001 § Core Concepts > Control ("If you have any control of those kinds applied to you, you cannot play that card") (IV-CTRL-3)."""
    g = duel(hands=(["T Jab", "T Bolt"], []))
    setup(g, 1, position="d2")
    setup(g, 0, disarm=1)
    assert find(g, "play T Jab") is None             # banner disarm
    assert find(g, "play T Bolt") is not None        # banner silence only


def test_heroic_cards_ignore_control():
    """001 § Core Concepts > Control > HEROIC CARDS (IV-CTRL-6, IV-KW-HERO-1)."""
    g = duel(hands=(["T Ward"], []))
    setup(g, 0, slow=2, silence=2, disarm=2)
    assert find(g, "play T Ward") is not None


def test_control_is_capped_at_five_per_kind():
    """001 § Core Concepts > Control ("up to a maximum of five for each type") (IV-CTRL-2)."""
    g = duel(hands=(["T Slowdart"], []))
    setup(g, 1, slow=5, position="d3")
    act(g, "play T Slowdart")
    act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "slow") == 5


def test_clear_spends_resources_to_remove_control_only_on_your_turn():
    """001 § Learn to Play > How to Play > Main ("Remove Control from yourself by spending actions and / or power") (IV-CTRL-8)."""
    g = duel()
    assert find(g, "remove 1 Control") is None       # nothing to remove
    setup(g, 0, slow=1, power=1)
    act(g, "spend 1 power to remove 1 Control")
    assert stat(g, 0, "slow") == 0 and stat(g, 0, "power") == 0


def test_player_chooses_which_control_to_remove():
    """001 § Core Concepts > Control > REMOVING CONTROL ("in any combination") (IV-CTRL-7, G-16)."""
    g = duel()
    setup(g, 0, slow=1, disarm=1)
    act(g, "spend 1 action to remove 1 Control")
    assert g.pending.kind == "remove_control"
    act(g, "remove 1 disarm")
    assert stat(g, 0, "disarm") == 0 and stat(g, 0, "slow") == 1


def test_lost_resources_do_not_remove_control():
    """001 § Core Concepts > Control > REMOVING CONTROL; 001 § Glossary > STUN (IV-CTRL-9)."""
    from .helpers import define
    define('''card "T Stunner" { skill warrior range 3 types debuff
      stun target enemy }''')
    g = duel(hands=(["T Stunner"], []))
    setup(g, 1, actions=1, power=0, slow=2, position="d3")
    act(g, "play T Stunner")
    act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "actions") == 0 and stat(g, 1, "slow") == 2


def test_hh_removes_control_when_the_cost_is_paid():
    """001 § Core Concepts > Playing Cards 2 ("Control is removed accordingly") (IV-PLAY-4 [hh], D1)."""
    g = duel(hands=(["T Bolt"], ["T Zap"]), ruleset="hh")
    setup(g, 1, position="d3")
    setup(g, 0, slow=1)
    act(g, "play T Bolt")
    act(g, "target bob")
    assert stat(g, 0, "slow") == 0                   # before any response
    assert g.pending.kind == "respond"


def test_original_removes_control_at_resolution():
    """000 § Resolving Cards > Resolving Cards 3 ("Resources that were allocated ... are spent, and Control is removed accordingly") (IV-PLAY-4 [orig], D1)."""
    g = duel(hands=(["T Bolt"], ["T Zap"]), ruleset="original")
    setup(g, 1, position="d3")
    setup(g, 0, slow=1)
    act(g, "play T Bolt")
    act(g, "target bob")
    assert stat(g, 0, "actions") == 2                # allocated at play ...
    assert stat(g, 0, "slow") == 1                   # ... but Control stays until it resolves
    pass_all(g)
    assert stat(g, 0, "slow") == 0


def test_original_removes_control_when_countered():
    """000 § Responding to Cards > Counters ("When a card is Countered, Resources allocated to play it are spent"); 000 § Quick Start > Instant Cards (IV-CNTR-4, D24)."""
    g = duel(hands=(["T Bolt"], ["T Nix"]), ruleset="original")
    setup(g, 1, position="d3", power=1)
    setup(g, 0, slow=1)
    act(g, "play T Bolt")
    act(g, "target bob")
    act(g, "respond with T Nix")
    act(g, "target T Bolt")
    assert stat(g, 0, "slow") == 1
    pass_all(g)
    assert stat(g, 0, "slow") == 0                   # removed when countered
    assert stat(g, 1, "hp") == 40


@pytest.mark.parametrize("ruleset", ["hh", "original"])
def test_control_received_before_resolution_meta_counters(ruleset):
    """000 § Control ("may not play or resolve"); 001 § Attached Cards > META-COUNTERS 1 (IV-CTRL-4, D20)."""
    g = duel(hands=(["T Bolt"], ["T Hush"]), ruleset=ruleset)
    setup(g, 1, position="d3", actions=1)
    act(g, "play T Bolt")
    act(g, "target bob")
    act(g, "respond with T Hush")
    act(g, "target alice")
    pass_all(g)
    assert stat(g, 1, "hp") == 40                    # Bolt was meta-countered
    assert stat(g, 0, "actions") == 3                # and its action refunded
    assert "meta-countered: Control" in "\n".join(e.text for e in g.state.log)


def test_controlled_means_at_least_one_token():
    """000 § Glossary > Advantage; IV-CTRL-10: advantage only against a controlled target."""
    g = duel(hands=(["Icebolt", "Icebolt"], []))
    setup(g, 1, position="d3")
    act(g, "play Icebolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 36
    setup(g, 1, disarm=1)
    act(g, "play Icebolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 30                    # 4 + 2 advantage
    assert hand(g, 0) == []
    assert labels(g)
