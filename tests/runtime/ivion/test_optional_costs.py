"""Optional costs, ``you may COST to EFFECT``, and the passive charged traits built on it
(G-20, IV-FEAT-6; docs/ivion/choices.md "Charged feats" and "Optional costs"): Reflex,
Stalker, Bladefolding (printed card data, tsv)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.dsl.render import render_text
from cardsmith.runtime.core import get_game
from cardsmith.runtime.ivion.charges import charges_left

from .helpers import act, define, duel, give, labels, pass_all, setup, stat

define('''
card "T Jolt" { skill warrior cost 1 action range 3 banner silence instant types attack
  deal 1 damage to target enemy }
card "T Snow" { skill warrior cost 1 action range 3 banner silence types ability
  make difficult terrain at target tile }
card "T Thrift" { trait types passive
  after you draw: you may expend 1 initiative to gain 1 power }
''')


def _reflex_duel(**stats):
    """Bob holds Reflex at b2 and alice (d2) attacks him with T Jolt."""
    g = duel(hands=(["T Jolt"], []))
    reflex = give(g, 1, "Reflex", "feats")
    setup(g, 1, position="b2", **stats)
    setup(g, 0, position="d2")
    act(g, "play T Jolt"); act(g, "target bob"); pass_all(g)
    return g, reflex


def test_reflex_asks_after_an_attack_resolves_and_travels_for_a_charge():
    """tsv Reflex ("After an Attack card resolves targeting you ... you may expend a charge to Travel one tile"); G-20 (passive charged feats expend charges as their text says)."""
    g, reflex = _reflex_duel()
    assert stat(g, 1, "hp") == 39
    assert g.pending.player == 1 and g.pending.kind == "may"
    act(g, "yes")
    # one tile, never the enemy's tile (001 § Occupied Tiles); travel is not a move (IV-TRAV-1)
    assert "bob to d2" not in " ".join(labels(g))
    act(g, "bob to b3")
    assert g.state.players[1].position == "b3"
    assert charges_left(g, reflex) == 2


def test_declining_the_cost_skips_the_effect_and_keeps_the_charge():
    """choices.md "Optional costs": declining the cost drops what it pays for."""
    g, reflex = _reflex_duel()
    act(g, "no")
    assert g.state.players[1].position == "b2" and charges_left(g, reflex) == 3
    assert g.pending.player == 0 and g.pending.kind == "main"


def test_reflex_does_nothing_while_slowed():
    """tsv Reflex ("if you're not Slowed [o]"); 000 § Control (Slow)."""
    g, reflex = _reflex_duel(slow=1)
    assert g.pending.kind == "main" and charges_left(g, reflex) == 3


def test_no_question_without_a_charge_to_expend():
    """G-20 ("When it runs out ..."); choices.md "Optional costs": a cost that can't be paid is not offered."""
    g = duel(hands=(["T Jolt"], []))
    reflex = give(g, 1, "Reflex", "feats")
    g.state.cards[reflex].counters["charge"] = 0
    setup(g, 1, position="b2")
    setup(g, 0, position="d2")
    act(g, "play T Jolt"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "main" and g.state.players[1].position == "b2"


def test_a_charge_is_not_a_resource():
    """IV-RES-1 (charge tokens are not resources); 001 § Control > Removing Control ("After you spend resources"): expending one removes no Control."""
    g, reflex = _reflex_duel(disarm=2)
    act(g, "yes"); act(g, "bob to b3")
    assert stat(g, 1, "disarm") == 2 and charges_left(g, reflex) == 2


def test_stalker_travels_after_you_create_terrain_once_per_step():
    """tsv Stalker ("After you create one or more Terrain, if you aren't Slowed, you may expend a charge to Travel one tile")."""
    g = duel(hands=(["T Snow"], []))
    stalker = give(g, 0, "Stalker", "feats")
    setup(g, 0, position="d2")
    act(g, "play T Snow"); act(g, "target c3"); pass_all(g)
    assert g.state.board.spaces["c3"].terrain == "difficult"
    act(g, "yes")
    act(g, "alice to d3")
    assert g.state.players[0].position == "d3" and charges_left(g, stalker) == 2
    assert g.pending.kind == "main"          # one question for one terrain step


def test_stalker_needs_terrain_made_by_you():
    """tsv Stalker ("After you create ..."): an enemy's terrain does not trigger it."""
    g = duel(hands=(["T Snow"], []))
    give(g, 1, "Stalker", "feats")
    setup(g, 0, position="d2")
    act(g, "play T Snow"); act(g, "target c3"); pass_all(g)
    assert g.pending.kind == "main" and g.pending.player == 0


def test_bladefolding_adds_damage_for_a_charge_and_gains_one_from_instants():
    """tsv Bladefolding ("After you resolve an Attack card, you may expend a charge to make that card deal 1 more damage. After you resolve an Instant card, add a charge"); G-20 ("until text adds charges")."""
    g = duel(hands=(["T Jolt", "T Jolt"], []))
    blade = give(g, 0, "Bladefolding", "feats")
    setup(g, 1, position="b2")
    setup(g, 0, position="d2", actions=3)
    act(g, "play T Jolt"); act(g, "target bob"); pass_all(g)
    # T Jolt is an instant attack: both triggers, alice orders them
    act(g, "Bladefolding first")
    act(g, "yes")
    assert stat(g, 1, "hp") == 38
    assert charges_left(g, blade) == 2       # 2 - 1 expended + 1 added
    act(g, "play T Jolt"); act(g, "target bob"); pass_all(g)
    act(g, "Bladefolding first")
    act(g, "no")
    assert stat(g, 1, "hp") == 37 and charges_left(g, blade) == 3


def test_initiative_can_be_the_optional_cost():
    """choices.md "Optional costs" (``expend N initiative``); IV-INIT-5: initiative is not a resource."""
    g = duel()
    give(g, 0, "T Thrift", "feats")
    setup(g, 0, silence=1, initiative=2)
    act(g, "expend initiative: draw a card")
    assert g.pending.kind == "may"
    act(g, "yes")
    assert stat(g, 0, "power") == 1 and stat(g, 0, "initiative") == 0 and stat(g, 0, "silence") == 1
    # with no initiative left the next draw asks nothing
    give(g, 0, "T Think")
    setup(g, 0, silence=0)
    act(g, "play T Think"); pass_all(g)
    assert g.pending.kind == "main" and stat(g, 0, "power") == 3


def test_rendered_text_says_the_cost_and_the_effect():
    """The card text is rendered from the script (DESIGN: no printed sentence is stored)."""
    lib = get_game("ivion")
    card, = compile_source('card "T R" { trait types passive charged 2\n'
                           '  after you draw: you may expend 1 charge to { gain 1 power  draw 1 card } }',
                           "ivion", "<t>")
    assert render_text(card, lib) == "After you draw, you may expend a Charge to gain 1 power and draw a card."


@pytest.mark.parametrize("statement, message", [
    ("after you draw: you may draw 1 card to gain 1 power", "'draw' can't be paid as a cost"),
    ("after you draw: you may expend 1 card to gain 1 power", "'expend' does not take 'card'"),
    ("after you draw: you may expend 10 charges to gain 1 power", "out of range"),
    # activated abilities (test_activated.py): their cost units are the game's
    ("MAIN (1 luck): draw 1 card", "'MAIN' can't cost luck"),
    ("MAIN (0 initiative): draw 1 card", "out of range"),
    ("MAIN: draw 1 card", "'MAIN' needs a cost"),
])
def test_a_cost_is_checked_when_the_card_loads(statement, message):
    """compiler.may_pay and compiler.keyword_ability: only a payable verb or a cost unit the game knows, with its usual shape."""
    with pytest.raises(CardError, match=message):
        compile_source(f'card "T Bad" {{ trait types passive charged 1\n  {statement} }}', "ivion", "<t>")


def test_a_plain_you_may_step_still_parses():
    """``you may STEP`` without ``to`` is the optional step it always was."""
    card, = compile_source('card "T M" { skill warrior types ability\n  you may draw 1 card\n  gain 1 power }', "ivion", "<t>")
    assert [s.verb for s in card.effect] == ["draw", "gain"] and card.effect[0].optional
