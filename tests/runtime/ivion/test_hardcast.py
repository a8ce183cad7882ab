"""Hardcast (rulings.md § From reminder texts printed on cards; IV-ZONE-5)."""
from __future__ import annotations

from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import act, duel, end_turn, find, give, hand, labels, pass_all, setup, stat


def test_a_hardcast_card_can_be_played_only_if_revealed():
    """rulings.md ("Hardcast: only play the card if it is revealed") (IV-ZONE-5); tsv: Clobber."""
    g = duel(hands=(["Clobber"], []))
    setup(g, 1, position="d2")
    assert find(g, "play Clobber") is None
    assert "Hardcast" in why_cant_play(g, 0, g.state.zones["hand:0"][0])
    g.state.cards[g.state.zones["hand:0"][0]].revealed = True
    setup(g, 0)
    act(g, "play Clobber"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 31


def test_at_the_end_of_your_turn_you_may_reveal_one_hardcast_card():
    """rulings.md ("at the end of your turn you may reveal one card with Hardcast") (IV-ZONE-5)."""
    g = duel(hands=(["Clobber", "Infuriate", "T Bolt"], []))
    end_turn(g)
    assert g.pending.kind == "hardcast"
    assert sorted(labels(g)) == ["reveal Clobber", "reveal Infuriate", "reveal nothing"]
    act(g, "reveal Clobber")
    assert g.state.active == 1                     # only one card, then the turn goes on
    cards = {g.name(c): g.state.cards[c] for c in g.state.zones["hand:0"]}
    assert cards["Clobber"].revealed and not cards["Infuriate"].revealed


def test_no_question_without_a_hidden_hardcast_card():
    """rulings.md (Hardcast): the reveal is offered only when there is a card to reveal."""
    g = duel(hands=(["T Bolt"], []))
    end_turn(g)
    assert g.state.active == 1 and g.pending.kind != "hardcast"


def test_infuriate_attaches_and_makes_attacks_cheaper_this_turn():
    """tsv: Infuriate (Hardcast; attach until end of turn; attack cards cost 1 less) (IV-RES-9, G-17, IV-ZONE-5)."""
    g = duel(hands=(["Infuriate", "T Big"], []))
    for c in g.state.zones["hand:0"]:
        g.state.cards[c].revealed = True
    setup(g, 0, actions=2, power=2)
    act(g, "play Infuriate"); pass_all(g)
    assert stat(g, 0, "power") == 1
    act(g, "play T Big")
    act(g, "target bob")
    pass_all(g)
    assert stat(g, 0, "actions") == 0 and stat(g, 0, "power") == 0 and stat(g, 1, "hp") == 30
    end_turn(g)
    assert "Infuriate" in [g.name(c) for c in g.state.zones["discard:0"]]


def test_a_hidden_hardcast_instant_is_no_response():
    """rulings.md (Hardcast) with 001 § Instants: tsv Wilt Hex is an instant, but only a revealed one answers a card."""
    g = duel(hands=(["T Bolt"], ["Wilt Hex"]))
    setup(g, 1, position="d2", power=2)
    act(g, "play T Bolt"); act(g, "target bob")
    assert labels(g) == ["don't respond"]
    act(g, "don't respond")
    wilt = g.state.zones["hand:1"][0]
    g.state.cards[wilt].revealed = True
    give(g, 0, "T Bolt")
    setup(g, 0)
    act(g, "play T Bolt"); act(g, "target bob")
    assert "respond with Wilt Hex" in labels(g)


def test_a_card_played_by_an_effect_must_be_revealed_too():
    """rulings.md ("only play the card if it is revealed", whoever makes it be played): "play a card for free" doesn't offer a hidden Hardcast card (IV-KW-FREE-*)."""
    from .helpers import define
    define('''card "T Freebie" { skill warrior types ability
      play a card for free }''')
    g = duel(hands=(["T Freebie", "Pain Hex"], []))
    setup(g, 1, position="d2")
    act(g, "play T Freebie"); pass_all(g)
    assert g.pending.kind == "main"                 # nothing to offer: the hex is hidden
    assert "Pain Hex" in hand(g, 0)
