"""Sylvion combat, reinforcements and Defense (rulebook 002, cited by its headings)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.sylvion import sandbox

from .helpers import QUIET, TAIL, act, end_defense, game, labels, name_at, names

# one harmless reveal (a strength-0 Elemental in row d) and a second card, so that turn 1
# is not the final turn
CALM = [[], [], [], ["Elemental 0", TAIL]]


def test_combat_elemental_stronger_takes_the_place_and_fountain_draws():
    """002 § Combat: the weaker card is destroyed; a weaker Fountain is, the Elemental takes
    its place; "when a Fountain card is destroyed, you get to draw one card"."""
    g = game(hand=QUIET[:4], stacks=CALM)
    sandbox.to_space(g, "Fountain 2", "a3")
    sandbox.to_space(g, "Elemental 3", "a2")
    g.run()
    assert name_at(g, "a3") == ["Elemental 3"]
    assert "Fountain 2" in names(g, "discard")
    assert len(g.state.zones["hand:0"]) == 4 + 1 + 3       # the Fountain's draw + reinforcements


def test_combat_elemental_weaker_is_destroyed_defender_stays():
    """002 § Combat: "If the Elemental card is the weaker card, the other card stays"."""
    g = game(hand=QUIET[:4], stacks=CALM)
    sandbox.to_space(g, "Fountain 4", "b2")
    eid = sandbox.to_space(g, "Elemental 2", "b1")
    g.run()
    assert name_at(g, "b2") == ["Fountain 4"]
    assert g.state.cards[eid].zone == "ravage discard"


def test_combat_tie_destroys_both():
    """002 § Combat: "In case of a tie, both cards are destroyed" (and the Fountain draws)."""
    g = game(hand=QUIET[:4], stacks=CALM)
    sandbox.to_space(g, "Fountain 2", "c4")
    sandbox.to_space(g, "Elemental 2", "c3")
    g.run()
    assert name_at(g, "c4") == [] and name_at(g, "c3") == []
    assert "Fountain 2" in names(g, "discard") and "Elemental 2" in names(g, "ravage discard")
    assert len(g.state.zones["hand:0"]) == 8


def test_trees_fight_at_strength_zero():
    """002 § Combat / § Tree Cards: a Tree has no strength: any Elemental of strength 1+
    destroys it; a strength-0 Elemental ties with it and both are destroyed."""
    g = game(hand=QUIET[:4], stacks=CALM)
    sandbox.to_space(g, "Tree 3", "a2")
    sandbox.to_space(g, "Elemental 1", "a1")
    sandbox.to_space(g, "Tree 4", "b2")
    sandbox.to_space(g, "Elemental 0", "b1")
    g.run()
    assert name_at(g, "a2") == ["Elemental 1"]
    assert name_at(g, "b2") == [] and "Tree 4" in names(g, "discard")
    assert len(g.state.zones["hand:0"]) == 7            # Trees draw nothing


def test_reinforcements_draw_three_alone():
    """002 § Reinforcements: draw the first three cards of the Defender deck."""
    g = game(hand=QUIET[:4], stacks=CALM)
    top3 = g.state.zones["deck"][:3]
    g.run()
    assert all(c in g.state.zones["hand:0"] for c in top3)
    assert len(g.state.zones["hand:0"]) == 7


def test_reinforcements_reshuffle_the_discard():
    """002 § Reinforcements: "If need be, shuffle your discard pile into a new Defender
    deck"."""
    g = game(hand=QUIET[:4], stacks=CALM)
    deck = g.state.zones["deck"]
    for cid in deck[1:]:
        g.move_card(cid, "discard")      # only one card left in the Defender deck
    assert len(deck) == 1
    g.run()
    assert len(g.state.zones["hand:0"]) == 7
    assert any("shuffled into a new Defender deck" in e.text for e in g.state.log)
    assert len(g.state.zones["discard"]) == 0


def test_cost_is_paid_by_discarding_other_cards():
    """002 § Defense: "This cost is paid by discarding a number of cards equal to the cost
    of the card you wish to play"."""
    g = game(hand=["Tree 3", "Owl", "Fountain 1"], stacks=CALM)
    g.run()
    hand_before = len(g.state.zones["hand:0"])          # 3 + 3 reinforcements
    act(g, "play Tree 3")
    act(g, "a4")                                         # the empty space
    assert g.pending.kind == "pick_cards"               # choose 2 other cards to discard
    assert all(g.name(a.args[0]) != "Tree 3" for a in g.legal_actions() if g.state.cards[a.args[0]].zone != "limbo")
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert name_at(g, "a4") == ["Tree 3"]
    assert len(g.state.zones["hand:0"]) == hand_before - 3
    assert len(g.state.zones["discard"]) == 2


def test_cannot_play_without_enough_other_cards():
    """002 § Defense: a card is played only "as long as you pay their cost"; the refusal
    names the reason."""
    g = game(hand=["Fountain 4", "Tree 1"], stacks=CALM)
    sandbox.to_box(g, "deck")                       # no reinforcements this turn
    g.run()
    assert not any(s.startswith("play Fountain 4") for s in labels(g))
    cid = next(c for c in g.state.zones["hand:0"] if g.name(c) == "Fountain 4")
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(Action("play", (cid,)))
    assert "cost 3" in str(err.value) and "only 1" in str(err.value)
    assert g.to_json() == before


def test_cost_zero_needs_no_discard():
    """002 § Defense: "Some cards show a cost of 0; you do not need to discard"."""
    g = game(hand=["Tree 1"], stacks=CALM)
    sandbox.to_box(g, "deck")
    g.run()
    act(g, "play Tree 1")
    act(g, "b2")
    assert name_at(g, "b2") == ["Tree 1"] and g.state.zones["hand:0"] == []


def test_trees_and_fountains_go_on_empty_spaces_only():
    """002 § Tree Cards / § Fountain Cards: placed on an empty space of the battlefield
    (never the forest, never a space holding a card)."""
    g = game(hand=["Fountain 1"], stacks=CALM)
    sandbox.to_box(g, "deck")
    sandbox.to_space(g, "Tree 2", "c3")
    g.run()
    act(g, "play Fountain 1")
    spaces = [a.args[0] for a in g.legal_actions()]
    assert "space:c3" not in spaces and "space:d1" not in spaces      # a Tree, an Elemental
    assert not any(s.endswith("5") for s in spaces)                    # never the forest
    assert len(spaces) == 14


def test_animals_apply_then_are_discarded_owl_draws_three():
    """002 § Animal Cards: "immediately discarded, and their effects are applied" (Owl:
    draw 3, sylvion-intro.md)."""
    g = game(hand=["Owl", "Tree 1"], stacks=CALM)
    g.run()
    before = len(g.state.zones["hand:0"])
    act(g, "play Owl")
    act(g, "discard Tree 1")            # its cost, 1
    assert len(g.state.zones["hand:0"]) == before - 2 + 3
    assert "Owl" in names(g, "discard")


def test_elephant_destroys_an_elemental():
    """sylvion-intro.md: Elephant (cost 1) destroys an Elemental."""
    g = game(hand=["Elephant", "Tree 1"], stacks=CALM)
    sandbox.to_box(g, "deck")
    eid = sandbox.to_space(g, "Blazing Elemental 4", "d1")   # the row d reveal fights it and loses
    g.run()
    act(g, "play Elephant")
    act(g, "Blazing Elemental 4 at d2")
    assert g.state.cards[eid].zone == "ravage discard"
    assert names(g, "discard") == ["Tree 1", "Elephant"]


def test_whale_pushes_an_elemental_back_up_to_three_spaces():
    """sylvion-intro.md (fan reading): Whale moves an Elemental up to 3 spaces along its
    row, away from the forest; never back onto its stack."""
    g = game(hand=["Whale"], stacks=CALM)
    sandbox.to_box(g, "deck")
    sandbox.to_space(g, "Elemental 2", "a3")
    g.run()                                             # marched to a4
    act(g, "play Whale")
    act(g, "Elemental 2 at a4")
    opts = labels(g)
    assert opts == ["1 space (to a3)", "2 spaces (to a2)", "3 spaces (to a1)"]
    act(g, "3 spaces")
    assert name_at(g, "a1") == ["Elemental 2"]


def test_hedgehogs_react_to_the_reveal_before_supports_resolve():
    """sylvion-intro.md: Hedgehogs discard a just-revealed Ravage card (a reaction): a
    discarded Blaze never resolves."""
    g = game(hand=["Hedgehogs", "Tree 1"], stacks=[["Blaze", TAIL], ["Elemental 1", TAIL], [TAIL], [TAIL]])
    g.run()
    assert g.pending.kind == "react"
    act(g, "play Hedgehogs")
    act(g, "Blaze on stack a")
    assert name_at(g, "b1") == ["Elemental 1"]          # not blazed
    assert "Blaze" in names(g, "ravage discard") and "Hedgehogs" in names(g, "discard")


def test_hand_limit_ten_after_defense():
    """002 § Defense: "At the end of this step, you may not have more than 10 cards ...
    discard the excess cards"."""
    g = game(hand=QUIET + ["Whale", "Owl"], stacks=CALM)
    g.run()
    assert len(g.state.zones["hand:0"]) == 13
    end_defense(g)
    assert g.pending.kind == "pick_cards"
    picks = 0
    while g.pending is not None and g.pending.kind == "pick_cards":
        g.apply(g.legal_actions()[0])
        picks += 1
    assert picks == 3 and len(g.state.zones["discard"]) == 3
    assert g.state.turn == 2
    assert len(g.state.zones["hand:0"]) == 10 + 3         # then turn 2's reinforcements
