"""The language's Sylvion words that only designers' cards use (issue 5: rows, spaces and
the forest; move N spaces; flip Edges; reveal; deal damage; discard from hand), each run on
the real engine with a card compiled on the spot (marked 'designer', not printed)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.sylvion import sandbox

from .helpers import TAIL, act, desolated, library, name_at

TEST_CARDS = r'''
card "T Rain" { animal  cost 0  designer
  bloom 2 edges }
card "T Ember" { animal  cost 0  designer
  deal 1 damage }
card "T Quake" { animal  cost 0  designer
  reveal target row }
card "T Sift" { animal  cost 0  designer
  draw 2 cards
  discard 1 card }
card "T Gust" { animal  cost 0  designer
  move each elemental in row of target space 2 spaces right }
card "T Gale" { scheme  designer
  at start of move phase: desolate 1 edge }
'''


def lib() -> CardLibrary:
    return library().merged(CardLibrary(compile_source(TEST_CARDS, "sylvion", "<test>")))


def game(hand, stacks, **options):
    g = sandbox.prepared(lib(), seed=5, **options)
    sandbox.set_stacks(g, stacks)
    for cid in list(g.state.zones["hand:0"]):
        g.move_card(cid, "deck")
    sandbox.to_box(g, "deck")
    for name in hand:
        g.create_card(name, 0, "hand:0")
    return g


CALM = [[], [], [], ["Elemental 0", TAIL]]


def test_bloom_and_deal_damage_flip_edges():
    """002 § The Battlefield: damage flips Edges to Desolated; designer cards flip them back."""
    g = game(["T Rain", "T Ember"], CALM)
    g.run()
    act(g, "play T Rain")
    assert desolated(g) == 4
    act(g, "play T Ember")
    assert desolated(g) == 5


def test_reveal_a_row_outside_the_reveal_step_resolves_a_support_at_once():
    """docs/sylvion/rules.md C12: a Support revealed by a card outside the Reveal step
    resolves at once, then is discarded."""
    g = game(["T Quake"], [[], [TAIL, "Blaze", TAIL], [], []])
    g.run()
    assert name_at(g, "b1") == ["Elemental 3"]          # turn 1 revealed it; it marched
    act(g, "play T Quake")
    act(g, "row b")
    assert name_at(g, "b1") == ["Blazing Elemental 4"]
    assert g.name(g.state.zones["ravage discard"][-1]) == "Blaze"
    assert any(e.cause == "T Quake" and "is revealed" in e.text for e in g.state.log)


def test_discard_cards_from_hand_asks_which():
    """A designer's 'discard N cards' makes the controller pick from their hand."""
    g = game(["T Sift", "Tree 1", "Owl"], CALM)
    for name in ("Tree 2", "Tree 3"):
        g.create_card(name, 0, "deck")
    g.run()
    act(g, "play T Sift")
    assert g.pending.kind == "pick_cards"
    act(g, "discard Owl")
    assert sorted(g.name(c) for c in g.state.zones["hand:0"]) == ["Tree 1", "Tree 2", "Tree 3"]


def test_move_right_in_a_row_pushes_back():
    """'move each elemental in row of target space 2 spaces right': rows and spaces as words."""
    g = game(["T Gust"], CALM)
    sandbox.to_space(g, "Elemental 3", "b3")       # marches to b4
    g.run()
    act(g, "play T Gust")
    act(g, "b1")
    assert name_at(g, "b2") == ["Elemental 3"]


def test_phase_trigger_on_a_scheme_runs_every_turn():
    """Triggers on phases: 'at start of move phase' fires once per turn."""
    g = game([], CALM, schemes=["T Gale"])
    g.run()
    assert desolated(g) == 7


def test_bad_sylvion_cards_are_load_time_errors():
    """Meaning is checked at load time: verbs' shapes, header numbers, kinds."""
    bad = {
        'card "X" { animal cost 0\n move each elemental left }': "how far",
        'card "X" { tree cost 12 vitality 2 }': "cost 12 is impossible",
        'card "X" { support }': "letter",
        'card "X" { elemental cost 1 strength 2 }': "has no cost",
        'card "X" { animal cost 0\n replace each elemental with a tree }': "blazing elemental",
    }
    for source, message in bad.items():
        with pytest.raises(CardError) as err:
            compile_source(source, "sylvion", "<bad>")
        assert message in str(err.value), (source, str(err.value))
