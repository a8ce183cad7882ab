"""Exhaustion (IV-EXH-*): no cards in the deck; damage can't be reduced, no HP gained, and
each draw becomes 5 damage."""
from __future__ import annotations

from cardsmith.runtime.ivion.players import exhausted, zone

from .helpers import act, define, duel, give, hand, pass_all, setup, stat

define('''
card "T Mend" { skill warrior types ability
  heal 5 hp to you }
card "T Guard" { trait types passive
  static reduce_damage = 1 }
''')


def _empty_deck(g, player):
    for cid in list(g.state.zones[zone("deck", player)]):
        g.move_card(cid, zone("discard", player))


def test_an_empty_deck_exhausts_and_a_draw_becomes_five_damage():
    """001 § Rules Reference > Additional Rules > Exhaustion ("if you would draw a card, instead take 5 damage") (IV-EXH-1, IV-EXH-2)."""
    g = duel()
    _empty_deck(g, 0)
    assert exhausted(g, 0)
    act(g, "expend initiative: draw a card")
    assert stat(g, 0, "hp") == 35 and hand(g, 0) == []


def test_start_of_turn_draw_while_exhausted_is_damage():
    """001 § Additional Rules > Exhaustion; G-8 (the start-of-turn draw counts) (IV-EXH-2)."""
    g = duel()
    _empty_deck(g, 1)
    act(g, "end the turn")
    assert stat(g, 1, "hp") == 35


def test_exhausted_heroes_cannot_gain_hp():
    """001 § Additional Rules > Exhaustion ("you can't gain HP") (IV-EXH-2)."""
    g = duel(hands=(["T Mend"], []))
    setup(g, 0, hp=30)
    _empty_deck(g, 0)
    act(g, "play T Mend"); pass_all(g)
    assert stat(g, 0, "hp") == 30


def test_damage_to_an_exhausted_hero_cannot_be_reduced():
    """001 § Additional Rules > Exhaustion ("damage you take can't be reduced"); rulings.md (IV-EXH-2)."""
    g = duel(hands=(["T Bolt", "T Bolt"], []))
    give(g, 1, "T Guard", "feats")
    setup(g, 1, position="d3")
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 38                    # 3 - 1 reduced
    _empty_deck(g, 1)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 35                    # full 3


def test_an_exhausted_heros_mitigate_absorbs_nothing_unless_the_option_says_so():
    """001 § Rules Reference > Additional Rules > Exhaustion ("When you are exhausted, damage you take can't be reduced"); G-8: mitigate reduces the damage taken, so it absorbs nothing; option exhaustion_blocks_mitigate false: it still absorbs (IV-EXH-2, IV-KW-MIT-1)."""
    for options, hp, mitigate in (({}, 37, 3), ({"exhaustion_blocks_mitigate": True}, 37, 3),
                                  ({"exhaustion_blocks_mitigate": False}, 40, 0)):
        g = duel(hands=(["T Bolt", "T Bolt"], []), **options)
        setup(g, 1, position="d3", mitigate=3)
        _empty_deck(g, 1)
        act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
        assert (stat(g, 1, "hp"), stat(g, 1, "mitigate")) == (hp, mitigate), options
    # the same mitigate absorbs again once the hero is no longer exhausted
    g2 = duel(hands=(["T Bolt", "T Bolt"], []))
    setup(g2, 1, position="d3", mitigate=3)
    _empty_deck(g2, 1)
    act(g2, "play T Bolt"); act(g2, "target bob"); pass_all(g2)
    give(g2, 1, "T Filler", "deck")
    act(g2, "play T Bolt"); act(g2, "target bob"); pass_all(g2)
    assert (stat(g2, 1, "hp"), stat(g2, 1, "mitigate")) == (37, 0)


def test_exhaustion_alone_does_not_lose_the_game():
    """001 § Additional Rules > Exhaustion ("You haven't lost the game yet while exhausted") (IV-EXH-3)."""
    g = duel()
    _empty_deck(g, 0)
    act(g, "end the turn")
    assert not g.state.over and g.pending is not None


def test_each_draw_checks_the_deck():
    """001 § Additional Rules > Exhaustion; G-8 ("Draw two" with 1 card left gives 1 card, then 5 damage) (IV-EXH-2)."""
    define('''card "T Draw Two" { skill warrior types ability
      draw 2 cards }''')
    g = duel(hands=(["T Draw Two"], []))
    deck = list(g.state.zones[zone("deck", 0)])
    for cid in deck[1:]:
        g.move_card(cid, zone("discard", 0))
    act(g, "play T Draw Two"); pass_all(g)
    assert len(hand(g, 0)) == 1 and stat(g, 0, "hp") == 35
