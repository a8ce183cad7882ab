"""Instants and response chains (IV-INST-*, IV-PLAY-6)."""
from __future__ import annotations

from .helpers import act, duel, find, labels, log_text, pass_all, setup, stat, zone_names



def _close(g, actions=3, power=3):
    setup(g, 1, position="d3", actions=actions, power=power)
    setup(g, 0, actions=actions, power=power)


def test_only_instants_can_respond():
    """001 § Rules Reference > Core Concepts > Instants; 000 § Responding to Cards > Instants (IV-INST-1)."""
    g = duel(hands=(["T Bolt"], ["T Zap", "T Jab"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    assert g.pending.player == 1
    assert find(g, "respond with T Zap") is not None
    assert find(g, "respond with T Jab") is None     # not an instant


def test_you_cannot_respond_to_your_own_card():
    """001 § Core Concepts > Instants ("in response to your opponent playing a card"); G-3 (IV-INST-4)."""
    g = duel(hands=(["T Bolt", "T Zap"], []))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    assert g.pending.player == 1 and labels(g) == ["don't respond"]


def test_chain_of_three_instants_alternates_and_resolves_last_first():
    """001 § Core Concepts > Playing Cards ("all played cards attempt to resolve in the reverse order"); 000 § Responding to Cards > Instants ("This cycle will continue") (IV-INST-3, IV-INST-5, IV-PLAY-6)."""
    g = duel(hands=(["T Bolt", "T Zap"], ["T Zap", "T Zap"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    assert g.pending.player == 1
    act(g, "respond with T Zap"); act(g, "target alice")
    assert g.pending.player == 0                     # alternates
    act(g, "respond with T Zap"); act(g, "target bob")
    assert g.pending.player == 1
    act(g, "respond with T Zap"); act(g, "target alice")
    assert g.pending.player == 0
    assert len(g.state.stack) == 4
    act(g, "don't respond")
    resolves = [e.text for e in g.state.log if e.kind == "resolve"]
    assert resolves == ["T Zap resolves", "T Zap resolves", "T Zap resolves", "T Bolt resolves"]
    controllers = [e.player for e in g.state.log if e.kind == "resolve"]
    assert controllers == [1, 0, 1, 0]               # newest first
    assert not g.state.stack and g.pending.kind == "main"
    assert stat(g, 1, "hp") == 40 - 1 - 3 and stat(g, 0, "hp") == 40 - 2


def test_one_instant_per_response():
    """000 § Responding to Cards > Instants ("You can only play one Instant card in response to an enemy playing a card") (IV-INST-3, G-2)."""
    g = duel(hands=(["T Bolt"], ["T Zap", "T Zap"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Zap"); act(g, "target alice")
    # the window passes to alice; bob can't add his second Zap on top of his own
    assert g.pending.player == 0


def test_once_a_player_passes_everything_resolves_without_new_windows():
    """001 § Core Concepts > Playing Cards ("When a player chooses not to respond, all played cards attempt to resolve"); G-4 (IV-INST-6)."""
    g = duel(hands=(["T Bolt", "T Zap"], ["T Zap", "T Zap"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Zap"); act(g, "target alice")
    act(g, "don't respond")                          # alice passes
    assert g.pending.kind == "main" and not g.state.stack


def test_counter_on_a_counter_lets_the_first_card_resolve():
    """001 § Attached Cards > COUNTERS; 000 § Responding to Cards > Counters (IV-CNTR-1, IV-INST-5)."""
    g = duel(hands=(["T Bolt", "T Nix"], ["T Nix"]))
    _close(g)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Nix"); act(g, "target T Bolt")
    act(g, "respond with T Nix"); act(g, "target T Nix")
    act(g, "don't respond")
    assert stat(g, 1, "hp") == 37                    # Bolt resolved
    assert "T Nix is countered by T Nix" in log_text(g)
    assert zone_names(g, "discard", 1) == ["T Nix"]
    assert sorted(zone_names(g, "discard", 0)) == ["T Bolt", "T Nix"]


def test_a_response_pays_its_cost_and_removes_control_in_hh():
    """001 § Core Concepts > Playing Cards 2; IV-INST-7."""
    g = duel(hands=(["T Bolt"], ["T Zap"]))
    _close(g)
    setup(g, 1, disarm=1)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Zap"); act(g, "target alice")
    assert stat(g, 1, "actions") == 2 and stat(g, 1, "disarm") == 0


def test_instants_can_be_played_on_your_own_turn_like_any_card():
    """001 § Core Concepts > Instants ("These cards can also be played normally during your turn") (IV-INST-1)."""
    g = duel(hands=(["T Zap"], []))
    _close(g)
    act(g, "play T Zap"); act(g, "target bob")
    pass_all(g)
    assert stat(g, 1, "hp") == 39
