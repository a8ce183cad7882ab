""""Can't React" (IV-INST-8; tsv: Sucker Punch's reminder: instants and luck tokens count as reactions)."""
from __future__ import annotations

from .helpers import act, define, duel, give, log_text, setup, stat

define('''
card "T Gag" { trait types passive
  static cant_react = enemies }
''')


def test_sucker_punch_plays_a_card_they_cannot_react_to():
    """tsv: Sucker Punch ("You may play a card. They can't React to it") (IV-INST-8)."""
    g = duel(hands=(["Sucker Punch", "T Bolt"], ["T Zap"]))
    setup(g, 1, position="d2", power=0)
    act(g, "play Sucker Punch"); act(g, "target bob")
    act(g, "don't respond")                         # the punch itself may be answered
    assert g.pending.kind == "play_free"
    act(g, "play T Bolt")
    act(g, "target bob")
    # no response window for bob: the Bolt resolves at once
    assert stat(g, 1, "hp") == 40 - 4 - 3
    assert "can't React to T Bolt (Sucker Punch)" in log_text(g)
    assert stat(g, 0, "actions") == 3 - 1 - 1      # the Bolt was paid for


def test_sucker_punch_itself_can_be_answered():
    """IV-INST-1: only the card it plays is protected, not Sucker Punch."""
    g = duel(hands=(["Sucker Punch"], ["T Zap"]))
    setup(g, 1, position="d2")
    act(g, "play Sucker Punch"); act(g, "target bob")
    assert g.pending.kind == "respond" and g.pending.player == 1


def test_a_static_in_play_forbids_reactions_to_every_card_you_play():
    """IV-INST-8 and IV-GOLD-2 (can't beats can): ``static cant_react = enemies`` on a feat."""
    g = duel(hands=(["T Bolt"], ["T Zap"]))
    give(g, 0, "T Gag", "feats")
    setup(g, 1, position="d2")
    act(g, "play T Bolt"); act(g, "target bob")
    assert g.pending.player == 0                    # straight back to alice's main
    assert stat(g, 1, "hp") == 37


def test_reactions_are_still_allowed_against_the_other_side():
    """IV-INST-8: the scope is read from the static's controller; bob's cards can be answered."""
    g = duel(hands=(["T Zap"], []), first=1)
    give(g, 0, "T Gag", "feats")
    setup(g, 0, position="d2")
    give(g, 1, "T Bolt")
    setup(g, 1, position="d3")
    act(g, "play T Bolt"); act(g, "target alice")
    assert g.pending.kind == "respond" and g.pending.player == 0


def test_cant_react_also_forbids_a_luck_flip():
    """tsv: Sucker Punch's reminder (instants and luck tokens count as reactions) (IV-INST-8; G-21 Luck): a hero holding Luck gets no window to flip it."""
    g = duel(hands=(["T Bolt"], []))
    setup(g, 1, position="d2", luck=1)
    act(g, "play T Bolt"); act(g, "target bob")
    assert g.pending.kind == "respond" and "flip a Luck token (a reaction)" in [a.label for a in g.legal_actions()]
    act(g, "don't respond")
    give(g, 0, "T Gag", "feats")
    give(g, 0, "T Bolt")
    setup(g, 0)
    act(g, "play T Bolt"); act(g, "target bob")
    assert g.pending.kind != "respond" and stat(g, 1, "luck") == 1
