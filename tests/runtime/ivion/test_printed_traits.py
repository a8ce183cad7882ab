"""Printed traits scripted with pieces added for them: Looming (``with hardcast``, the
``reveal`` event from every reveal) and Gust (a bare ``travel``: one tile; G-20 charges)."""
from __future__ import annotations

from cardsmith.runtime.ivion.charges import charges_left

from .helpers import act, define, duel, end_turn, find, give, labels, pass_all, setup, stat

define('''
card "T Peek" { skill warrior cost 1 action banner silence types ability
  reveal 1 card }
''')


def test_looming_stuns_each_opponent_after_you_reveal_a_hardcast_card():
    """tsv Looming (revealing a Hardcast card stuns each opponent); rulings.md (Hardcast: the end-of-turn reveal; Stun: lose a resource of their choice)."""
    g = duel(hands=(["Clobber"], []))
    give(g, 0, "Looming", "feats")
    setup(g, 1, actions=1, power=2)
    end_turn(g)
    act(g, "reveal Clobber")
    assert g.pending.player == 1 and g.pending.kind == "stun"
    act(g, "lose 1 power")
    assert stat(g, 1, "power") == 1 and stat(g, 1, "actions") == 4      # 1 + his turn's 3


def test_looming_ignores_a_card_without_hardcast_and_counts_a_reveal_by_an_effect():
    """tsv Looming ("a card with Hardcast"); 001 § Revealing Cards: revealing by an effect is a reveal too."""
    g = duel(hands=(["T Peek", "T Bolt"], []))
    give(g, 0, "Looming", "feats")
    setup(g, 1, actions=0, power=2)
    act(g, "play T Peek"); pass_all(g)
    assert stat(g, 1, "power") == 2                 # T Bolt has no Hardcast
    g2 = duel(hands=(["T Peek", "Clobber"], []))
    give(g2, 0, "Looming", "feats")
    setup(g2, 1, actions=0, power=2)
    act(g2, "play T Peek"); pass_all(g2)
    assert stat(g2, 1, "power") == 1                # only power left: no question, it is lost


def test_gust_travels_another_character_one_tile_and_spends_a_charge():
    """tsv Gust ("Travel another target character one tile"; Charged 2); G-20; 001 § Traveling; 001 § Occupied Tiles."""
    g = duel()
    gust = give(g, 0, "Gust", "feats")
    setup(g, 1, position="c2")
    setup(g, 0, position="d2")
    act(g, "play Gust"); act(g, "target bob"); pass_all(g)
    options = labels(g)
    assert sorted(options) == ["bob to b2", "bob to c1", "bob to c3"]   # one tile, not alice's
    act(g, "bob to b2")
    assert g.state.players[1].position == "b2" and charges_left(g, gust) == 1
    assert stat(g, 0, "power") == 1 and stat(g, 0, "actions") == 2
    assert find(g, "play Gust") is None              # a feat plays once a turn (IV-FEAT-4)
