"""Arcane Lock (tsv #61, Wizard): attach to a card you control; after that card is
destroyed, you may play it for free, drawing range from the tile it was in (IV-ATT-5,
IV-ATT-6, IV-KW-FREE-1, IV-RANGE-7; docs/ivion/choices.md "Where range is drawn from")."""
from __future__ import annotations

from cardsmith.runtime.ivion.places import tile_of

from .helpers import act, define, duel, end_turn, find, give, labels, pass_all, setup, stat, zone_names

define('''card "T Totem Test" { skill warrior cost 1 action range 1 types aura
  attach to target empty tile }
card "T Smash Test" { skill warrior cost 1 action instant types ability
  destroy target attached card }''')


def _locked(g):
    """Alice (at c2) attaches a T Totem Test to b2 and locks it, then stands at d4."""
    setup(g, 0, position="c2", actions=3, power=2)
    setup(g, 1, position="a4")
    act(g, "play T Totem Test"); act(g, "target b2"); pass_all(g)
    act(g, "play Arcane Lock"); act(g, "target T Totem Test"); pass_all(g)
    totem, lock = (next(c for c in g.state.zones["field"] if g.name(c) == n) for n in ("T Totem Test", "Arcane Lock"))
    setup(g, 0, position="d4")
    return totem, lock


def _smash(target: str):
    """A locked T Totem Test (``_locked``); on bob's turn, T Smash Test destroys ``target``."""
    g = duel(hands=(["T Totem Test", "Arcane Lock"], ["T Smash Test"]))
    totem, lock = _locked(g)
    end_turn(g)
    setup(g, 1, actions=3)
    act(g, "play T Smash Test"); act(g, "target " + target); pass_all(g)
    return g, totem, lock


def test_it_attaches_to_a_card_you_control_and_stands_in_its_tile():
    """tsv Arcane Lock ("Attach to target card you control"); IV-ATT-1, IV-ATT-4 (a card
    attached to a card is in that card's tile)."""
    g = duel(hands=(["T Totem Test", "Arcane Lock"], ["T Smash Test"]))
    totem, lock = _locked(g)
    assert g.card(lock).attached_to == totem and tile_of(g, lock) == "b2"
    assert stat(g, 0, "power") == 0                  # it cost 2 power


def test_after_that_card_is_destroyed_it_may_be_played_for_free_from_the_tile_it_was_in():
    """tsv Arcane Lock ("After that card is destroyed, you may play it for free, drawing
    range from the tile it was in"); IV-ATT-6 (the lock goes with it); 001 § Glossary >
    FREE; IV-RANGE-7: range from b2 as well as from the hero at d4."""
    g, totem, lock = _smash("T Totem Test")
    assert "Arcane Lock" in zone_names(g, "discard", 0)      # its object left play
    act(g, "yes")
    tiles = sorted(a.label.split()[-1] for a in g.legal_actions())
    assert tiles == ["a2", "b1", "b2", "b3", "c2", "c4", "d3"]      # near b2, or near alice
    actions = stat(g, 0, "actions")
    act(g, "target b1"); pass_all(g)
    assert g.card(totem).attached_to == "tile:b1" and stat(g, 0, "actions") == actions


def test_the_free_play_may_be_declined():
    """tsv Arcane Lock ("you may"): declining leaves the card in the discard."""
    g, totem, _ = _smash("T Totem Test")
    act(g, "no")
    assert g.card(totem).zone == "discard:0" and g.pending.player == 1


def test_destroying_the_lock_itself_plays_nothing():
    """tsv Arcane Lock ("After that card is destroyed"): only its object's destruction."""
    g, totem, lock = _smash("Arcane Lock")
    assert g.card(lock).zone == "discard:0" and g.card(totem).zone == "field"
    assert g.pending.kind == "main" and g.pending.player == 1


def test_only_a_card_you_control_can_be_locked():
    """tsv Arcane Lock ("target card you control"); IV-PLAY-3: an enemy's attached card
    is no target, so with none of your own it can't be played (nor with cantrip)."""
    g = duel(hands=(["Arcane Lock"], []))
    setup(g, 1, position="b3")
    setup(g, 0, position="c2", actions=3, power=2)
    theirs = give(g, 1, "T Totem Test")
    g.move_card(theirs, "field")
    g.card(theirs).attached_to = "tile:b2"
    g.state.board.spaces["b2"].cards.append(theirs)
    setup(g, 0)
    assert find(g, "Arcane Lock") is None
    mine = give(g, 0, "T Totem Test")
    g.move_card(mine, "field")
    g.card(mine).attached_to = "tile:c3"
    g.state.board.spaces["c3"].cards.append(mine)
    setup(g, 0, power=0)
    act(g, "cantrip Arcane Lock")                    # 001 § Glossary > CANTRIP
    assert labels(g) == [f"target T Totem Test ({mine})"]
