"""The Fletcher's zones (IV-ZONE-6): the Feather deck, the Arrowhead deck and the Master
Arrow, and Flint and Fletch, which build the arrow (docs/ivion/choices.md, "The Fletcher's
Feather deck, Arrowhead deck and Master Arrow"; cards/ivion/fletcher.ivion)."""
from __future__ import annotations

import json

import pytest

from cardsmith.runtime.core import Game, get_game

from .helpers import act, deck, duel, find, give, labels, library, log_text, play, setup, stat, zone_names

FEATHERS = ["Finch", "Phoenix", "Crow", "Robin", "Falcon", "Vulture"]
ARROWHEADS = ["Bodkin", "Oathflake", "Sidewinder", "Icepoint", "Siege Cap", "Reaper"]


def _fletcher(feathers=FEATHERS, arrowheads=ARROWHEADS, hand=("Flint",), seed=1, ruleset="hh") -> Game:
    d = deck(feats=["Fletch", "T Trait", "T Passive"])
    d["feathers"], d["arrowheads"] = list(feathers), list(arrowheads)
    g = duel(decks=[d, deck()], hands=(list(hand), []), seed=seed, ruleset=ruleset)
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
    """tsv Flint (three cards seen from the top of one of the two decks, one of them added
    to the Master Arrow, the others shuffled back)."""
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
    """tsv Fletch (an initiative moves the top card of one of the two decks into the Master
    Arrow); choices.md "Activated abilities of feats"."""
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


# ---- a ready Master Arrow is one card, played from the feat zone ----------------------------

def _ready(feather="Vulture", arrowhead="Bodkin", ruleset="hh") -> Game:
    g = _fletcher(feathers=[feather], arrowheads=[arrowhead], hand=(), ruleset=ruleset)
    for _ in range(2):
        setup(g, 0, initiative=1)
        act(g, "activate Fletch")
        if g.state.pending.kind == "choose_deck":
            act(g, "Feather deck")
    setup(g, 1, position="b4")
    setup(g, 0, position="b2")                 # bob in range 3 of alice
    return g


def test_a_feather_and_an_arrowhead_make_one_card_in_the_feat_zone():
    """choices.md "The Fletcher's ..." (a ready Master Arrow: the feather's action cost,
    range and text after the arrowhead's power and attack)."""
    g = _ready()
    arrow = next(c for c in g.state.zones["feats:0"] if g.name(c).startswith("Master Arrow"))
    assert g.name(arrow) == "Master Arrow: Vulture + Bodkin"
    h = g.cdef(arrow).header
    assert (h.action_cost, h.power_gain, h.range) == (2, 2, 3)           # Vulture's 2 actions, range 3; Bodkin's +2 power
    assert h.banner == frozenset({"silence", "disarm"})
    assert sorted(g.name(c) for c in g.state.zones[f"beneath:{arrow}"]) == ["Bodkin", "Vulture"]
    assert zone_names(g, "master_arrow", 0) == []
    assert find(g, "play Master Arrow: Vulture + Bodkin") is not None


@pytest.mark.parametrize("ruleset", ["hh", "original"])
def test_firing_the_master_arrow_deals_both_parts_and_spends_them(ruleset):
    """choices.md "The Fletcher's ..." (the arrowhead's attack, then the feather's "Deal 4
    more damage and return a card from your discard"; the parts leave the game with it,
    under 'original' too, where other cards go to the discard before their effects: 000 §
    Resolving Cards 2); tsv Bodkin, Vulture."""
    g = _ready(ruleset=ruleset)
    g.create_card("T Filler", 0, "discard:0")
    setup(g, 0, actions=5, power=0)
    play(g, "Master Arrow: Vulture + Bodkin", "target bob")
    assert stat(g, 1, "hp") == 40 - 3 - 4
    assert stat(g, 0, "power") == 2 and stat(g, 0, "actions") == 3
    assert "T Filler" in zone_names(g, "hand", 0)
    assert sorted(zone_names(g, "removed", 0)) == ["Bodkin", "Vulture"]
    assert not any(g.name(c).startswith("Master Arrow") for c in g.state.cards)


def test_a_falcon_arrow_is_heroic_and_instant():
    """tsv Falcon ("This card gains Heroic and becomes Instant")."""
    g = _ready("Falcon", "Reaper")
    arrow = next(c for c in g.state.zones["feats:0"] if g.name(c).startswith("Master Arrow"))
    h = g.cdef(arrow).header
    assert h.heroic and h.instant and not h.banner and h.power_cost == 4


def test_a_ready_arrow_loads_into_a_library_that_never_saw_it():
    """Issue 2 § 6 (save/load anywhere): the made card is rebuilt on load (IvionRules.prepare)."""
    from cardsmith.runtime.core.cards import CardLibrary
    g = _ready("Crow", "Icepoint")
    fresh = CardLibrary([c for c in library() if not c.name.startswith("Master Arrow")])
    twin = Game.from_data(get_game("ivion"), fresh, json.loads(g.to_json()))
    assert "Master Arrow: Crow + Icepoint" in fresh
    assert twin.state == g.state and find(twin, "play Master Arrow: Crow + Icepoint") is not None


@pytest.mark.parametrize("ruleset", ["hh", "original"])
def test_a_fired_master_arrow_is_an_attack_card_that_resolved(ruleset):
    """choices.md "The Fletcher's ..." (resolved, it is gone with its parts, once its
    resolution is announced); 001 § To resolve a card (3: its effects, then where it goes):
    Bladefolding's "after you resolve an attack card" hears it.  The arrow used to leave
    before the announcement, and the trigger's look at the card was a KeyError."""
    g = _ready(ruleset=ruleset)
    give(g, 0, "Bladefolding", "feats")
    g.reindex()
    setup(g, 0, actions=5, power=0)
    play(g, "Master Arrow: Vulture + Bodkin", "target bob")
    assert stat(g, 1, "hp") == 40 - 3 - 4
    text = log_text(g)
    assert text.index("Master Arrow: Vulture + Bodkin resolves") < text.index("Bladefolding triggers")
    assert not any(g.name(c).startswith("Master Arrow") for c in g.state.cards)
    assert sorted(zone_names(g, "removed", 0)) == ["Bodkin", "Vulture"]
