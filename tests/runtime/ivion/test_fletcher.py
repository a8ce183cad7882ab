"""The Fletcher's zones (IV-ZONE-6): the Feather deck, the Arrowhead deck and the Master
Arrow, and Flint and Fletch, which build the arrow (docs/ivion/choices.md, "The Fletcher's
Feather deck, Arrowhead deck and Master Arrow"; cards/ivion/fletcher.ivion)."""
from __future__ import annotations

import json

from cardsmith.runtime.core import Game, get_game

from .helpers import act, deck, duel, find, labels, library, log_text, play, setup, stat, zone_names

FEATHERS = ["Finch", "Phoenix", "Crow", "Robin", "Falcon", "Vulture"]
ARROWHEADS = ["Bodkin", "Oathflake", "Sidewinder", "Icepoint", "Siege Cap", "Reaper"]


def _fletcher(feathers=FEATHERS, arrowheads=ARROWHEADS, hand=("Flint",), seed=1) -> Game:
    d = deck(feats=["Fletch", "T Trait", "T Passive"])
    d["feathers"], d["arrowheads"] = list(feathers), list(arrowheads)
    g = duel(decks=[d, deck()], hands=(list(hand), []), seed=seed)
    setup(g, 0, actions=5, power=5)
    return g


def test_the_two_decks_are_secret_piles_and_the_master_arrow_is_public():
    """choices.md "The Fletcher's ..." (Feather and Arrowhead decks secret like the Trap
    deck, shuffled at setup; the Master Arrow in front of its player); IV-ZONE-1."""
    g = _fletcher()
    assert sorted(zone_names(g, "feathers", 0)) == sorted(FEATHERS)
    assert sorted(zone_names(g, "arrowheads", 0)) == sorted(ARROWHEADS)
    for viewer in (0, 1):
        assert not g.rules.zone_visible(g.state, "feathers:0", viewer)
        assert not g.rules.zone_visible(g.state, "arrowheads:0", viewer)
        assert g.rules.zone_visible(g.state, "master_arrow:0", viewer)
    orders = {tuple(zone_names(_fletcher(seed=s), "feathers", 0)) for s in range(1, 6)}
    assert len(orders) > 1                                   # shuffled by the seed


def test_flint_looks_at_three_of_the_chosen_deck_adds_one_and_shuffles_the_rest_back():
    """tsv Flint ("Look at the top three cards of either your Feather Deck or Arrowhead
    Deck. Add one to your Master Arrow, then shuffle the rest back in")."""
    g = _fletcher()
    top = zone_names(g, "arrowheads", 0)[:3]
    act(g, "play Flint")
    if g.state.pending.kind == "respond":
        act(g, "don't respond")
    assert g.state.pending.kind == "choose_deck" and sorted(labels(g)) == ["Arrowhead deck", "Feather deck"]
    act(g, "Arrowhead deck")
    assert g.state.pending.kind == "choose_card"
    assert sorted(labels(g)) == sorted(f"add {n}" for n in top)       # the top three, no other
    pick = sorted(top)[0]
    act(g, f"add {pick}")
    assert zone_names(g, "master_arrow", 0) == [pick]
    assert sorted(zone_names(g, "arrowheads", 0)) == sorted(n for n in ARROWHEADS if n != pick)
    seen = g.view(1)
    assert [seen["cards"][c]["name"] for c in seen["zones"]["master_arrow:0"]] == [pick]   # public
    assert "shuffles their Arrowhead deck" in log_text(g)


def test_fletch_adds_the_top_card_for_an_initiative():
    """tsv Fletch ("You may expend [n] to add the top card of either your Feather or
    Arrowhead Deck to your Master Arrow"); choices.md "Activated abilities of feats"."""
    g = _fletcher(hand=())
    setup(g, 0, initiative=1)
    before = zone_names(g, "feathers", 0)
    act(g, "activate Fletch")
    act(g, "Feather deck")
    assert zone_names(g, "master_arrow", 0) == [before[0]] and stat(g, 0, "initiative") == 0
    assert zone_names(g, "feathers", 0) == before[1:]             # the top card; no shuffle
    assert find(g, "activate Fletch") is None                 # no initiative left


def test_a_second_feather_takes_the_place_of_the_first():
    """choices.md "The Fletcher's ..." (one feather and one arrowhead: a new one swaps the
    old one to the bottom of its deck)."""
    g = _fletcher(feathers=["Finch", "Crow"], arrowheads=[], hand=())
    first, second = zone_names(g, "feathers", 0)
    for _ in range(2):
        setup(g, 0, initiative=1)
        act(g, "activate Fletch")                              # one deck has cards: no question
    assert zone_names(g, "master_arrow", 0) == [second]
    assert zone_names(g, "feathers", 0) == [first]
    assert "leaves alice's Master Arrow" in log_text(g)


def test_with_both_decks_empty_nothing_is_added():
    """choices.md "The Fletcher's ..." (an empty deck is not offered; nothing to add)."""
    g = _fletcher(feathers=[], arrowheads=[])
    play(g, "Flint")
    assert zone_names(g, "master_arrow", 0) == [] and "nothing to add" in log_text(g)
    assert "feathers:0" not in g.state.zones                   # a deck without them makes no zone


def test_the_master_arrow_survives_save_and_load():
    """Issue 2 § 6 (save/load at any point); IV-ZONE-6."""
    g = _fletcher(hand=())
    setup(g, 0, initiative=1)
    act(g, "activate Fletch")
    act(g, "Arrowhead deck")
    twin = Game.from_data(get_game("ivion"), library(), json.loads(g.to_json()))
    assert twin.state == g.state and zone_names(twin, "master_arrow", 0) == zone_names(g, "master_arrow", 0)
