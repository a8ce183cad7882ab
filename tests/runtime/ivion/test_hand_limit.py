"""Hand limit (IV-HAND-*): at the end of your turn, discard down to 7."""
from __future__ import annotations

from .helpers import act, define, duel, end_turn, give, hand, labels, zone_names


def _fill(g, player, n):
    names = ["T Jab", "T Bolt", "T Zap", "T Nix", "T Ward", "T Think", "T Far", "T Big", "T Self"]
    for k in range(n):
        give(g, player, names[k % len(names)])


def test_discard_down_to_seven_at_the_end_of_your_turn_choosing_which():
    """001 § Learn to Play > How to Play > End ("if you have more than 7 cards in your hand, choose cards to discard down to 7"); 000 § Parts of a Turn > End of Turn 2 (IV-HAND-1)."""
    g = duel()
    _fill(g, 0, 9)
    end_turn(g)
    assert g.pending.kind == "discard" and g.pending.player == 0
    act(g, "discard T Big")
    act(g, "discard T Far")
    assert len(hand(g, 0)) == 7
    assert sorted(zone_names(g, "discard", 0)) == ["T Big", "T Far"]
    assert g.state.active == 1


def test_seven_cards_is_fine():
    """001 § Learn to Play > How to Play > End ("more than 7") (IV-HAND-1)."""
    g = duel()
    _fill(g, 0, 7)
    end_turn(g)
    assert g.state.active == 1 and len(hand(g, 0)) == 7


def test_only_the_active_player_discards():
    """G-19 (IV-HAND-2): the limit is checked only at the end of your own turn."""
    g = duel()
    _fill(g, 1, 9)
    end_turn(g)                                      # alice ends: bob keeps 9
    assert g.state.active == 1 and len(hand(g, 1)) == 10   # 9 + his draw


def test_the_hand_limit_is_an_option_and_cards_can_change_it():
    """IV-GOLD-1 (card text beats rules); choices.md: option hand_limit, static max_hand."""
    g = duel(hand_limit=8)
    _fill(g, 0, 8)
    end_turn(g)
    assert g.state.active == 1
    define('''card "T Big Pockets" { trait types passive
      static max_hand = 9 }''')
    g = duel()
    give(g, 0, "T Big Pockets", "feats")
    _fill(g, 0, 9)
    end_turn(g)
    assert g.state.active == 1 and labels(g)
