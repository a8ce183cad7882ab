"""Revealing cards and zones (IV-ZONE-*)."""
from __future__ import annotations

from cardsmith.runtime.ivion.players import zone

from .helpers import act, define, duel, pass_all, setup

define('''
card "T Expose" { skill warrior cost 1 action range 3 types debuff
  reveal 1 card target enemy }
card "T Reshuffle" { skill warrior types ability
  shuffle }
card "T Recall" { skill warrior range 3 instant types ability
  return target attached card to its owner's hand }
card "T Charm" { skill warrior cost 1 action types aura
  attach to you }
card "T Toss" { skill warrior types ability
  discard 1 card }
''')


def test_a_played_card_is_revealed_and_stays_revealed_back_in_hand():
    """001 § Rules Reference > Additional Rules > Revealing Cards ("remains face up for the rest of the game, even if in a private zone"); G-27 (IV-ZONE-3)."""
    g = duel(hands=(["T Charm"], ["T Recall"]))
    setup(g, 1, position="d3")
    cid = g.state.zones[zone("hand", 0)][0]
    assert not g.card(cid).revealed
    act(g, "play T Charm"); pass_all(g)
    assert g.card(cid).revealed and g.card(cid).zone == "field"
    act(g, "end the turn")
    act(g, "play T Recall"); act(g, "target T Charm"); pass_all(g)
    assert g.card(cid).zone == zone("hand", 0) and g.card(cid).revealed


def test_a_discarded_card_is_revealed():
    """001 § Additional Rules > Revealing Cards ("When a card in a private zone is placed in a public zone, it becomes revealed") (IV-ZONE-3)."""
    g = duel(hands=(["T Toss", "T Jab"], []))
    jab = g.state.zones[zone("hand", 0)][1]
    act(g, "play T Toss"); pass_all(g)
    assert g.card(jab).zone == zone("discard", 0) and g.card(jab).revealed


def test_reveal_from_hand_shows_the_card_to_the_other_player():
    """000 § Glossary > Breach (a revealed card in hand); 001 § Additional Rules > Zones (IV-ZONE-5, IV-ZONE-2)."""
    g = duel(hands=(["T Expose"], ["T Jab"]))
    setup(g, 1, position="d3")
    jab = g.state.zones[zone("hand", 1)][0]
    view = g.view(0)
    assert jab not in view["cards"]                   # alice can't even follow its id
    assert [view["cards"][c]["name"] for c in view["zones"][zone("hand", 1)]] == ["?"]
    act(g, "play T Expose"); act(g, "target bob"); pass_all(g)
    assert g.card(jab).revealed and g.card(jab).zone == zone("hand", 1)
    assert g.view(0)["cards"][jab]["name"] == "T Jab"


def test_public_zones_are_visible_to_everyone_private_ones_are_not():
    """001 § Additional Rules > Zones ("Each player has their own deck and hand (private), and their own discard and feat zones (public)") (IV-ZONE-1)."""
    g = duel()
    view = g.view(1)
    feats = g.state.zones[zone("feats", 0)]
    assert all(view["cards"][c]["name"] != "?" for c in feats)
    deck = view["zones"][zone("deck", 1)]                          # not even its owner looks
    assert deck and all(view["cards"][c]["name"] == "?" for c in deck)


def test_shuffling_a_deck_unreveals_the_cards_in_it():
    """001 § Additional Rules > Revealing Cards ("When a player's deck is shuffled, any revealed cards in that deck are no longer revealed") (IV-ZONE-4)."""
    g = duel(hands=(["T Reshuffle"], []))
    top = g.state.zones[zone("deck", 0)][0]
    g.card(top).revealed = True
    act(g, "play T Reshuffle"); pass_all(g)
    assert not g.card(top).revealed
    g = duel(hands=(["T Reshuffle"], []), shuffle_unreveals=False)
    top = g.state.zones[zone("deck", 0)][0]
    g.card(top).revealed = True
    act(g, "play T Reshuffle"); pass_all(g)
    assert g.card(top).revealed
