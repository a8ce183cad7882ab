"""Constructs added for the printed cards of the sample decks' archetypes, each with its
language test (it compiles, renders its meaning, refuses a misuse) and its rules test:
``give_past_max`` / ``gain_past_max`` (tsv Shield Wall), the condition ``near you`` (tsv
Charge), a trigger's player filters (tsv Crystal Blade's "nearby enemy"), an attach place
picked as the card resolves (tsv Blood Spatter), ``remove (control of X) control from X``
rendered as all of it (tsv Shatter)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.dsl.render import render_card
from cardsmith.runtime.core.registry import get_game

from .helpers import act, define, duel, end_turn, labels, pass_all, setup, stat

define('''
card "T Overflow" { skill warrior cost 1 action types buff
  gain_past_max 3 power }
card "T Capped" { skill warrior cost 1 action types buff
  gain 3 power }
card "T Closing" { skill warrior cost 1 action range 3 types ability
  deal 1 damage to target enemy
  if they are near you then slow 1 them else silence 1 them }
card "T Mark" { skill warrior cost 1 action types aura
  attach to an empty tile near target enemy }
card "T Near Watch" { skill warrior cost 1 action types aura
  attach to you
  after an enemy near you draw: gain 1 mitigate }
''')


def _text(source: str) -> str:
    card, = compile_source(source, "ivion", "<test>")
    return render_card(card, get_game("ivion"))


# ---- give_past_max / gain_past_max --------------------------------------------------------

def test_past_max_gains_compile_and_say_they_can_exceed_the_max():
    text = _text('card "X" { skill warrior types buff give_past_max 6 mitigate to target player }')
    assert "Target player gains 6 mitigate; this can exceed the max mitigate." in text
    assert "Gain 2 power; this can exceed the max power." in _text(
        'card "X" { skill warrior types buff gain_past_max 2 power }')


def test_a_past_max_gain_needs_a_number():
    with pytest.raises(CardError):
        compile_source('card "X" { skill warrior types buff gain_past_max power }', "ivion", "<test>")


def test_a_past_max_gain_goes_over_the_rule_of_five_where_a_gain_stops():
    """IV-RES-4 (Rule of Five; cards may exceed a cap); tsv Shield Wall ("can cause them to exceed their max")."""
    g = duel(hands=(["T Overflow", "T Capped"], []))
    setup(g, 0, power=4)
    act(g, "play T Capped"); pass_all(g)
    assert stat(g, 0, "power") == 5
    act(g, "play T Overflow"); pass_all(g)
    assert stat(g, 0, "power") == 8


# ---- the condition 'near you' -----------------------------------------------------------

def test_near_you_compiles_and_renders():
    assert "If they are near you, stun them." in _text(
        'card "X" { skill warrior range 2 types ability deal 1 damage to target enemy  if they are near you then stun them }')


def test_near_you_is_the_same_tile_or_next_to_yours_and_never_yourself():
    """001 § Glossary: NEAR (same tile or orthogonally adjacent); tsv Charge ("if you're near them")."""
    for bob, near in (("b3", True), ("c2", True), ("c3", False), ("b4", False)):
        g = duel(hands=(["T Closing"], []))
        setup(g, 0, position="b2")
        setup(g, 1, position=bob)
        act(g, "play T Closing"); act(g, "target bob"); pass_all(g)
        assert (stat(g, 1, "slow"), stat(g, 1, "silence")) == ((1, 0) if near else (0, 1)), bob
    g = duel()
    from cardsmith.runtime.core.interpreter import Ctx   # lazy: the engine's context, only for this check
    from cardsmith.runtime.ivion.words import _near_you
    ctx = Ctx(g, None, src="", ctl=0, item="", bind={}, targets=[])
    assert not _near_you(ctx, "player:0")


# ---- a trigger's player filters ---------------------------------------------------------

def test_a_trigger_on_an_enemy_near_you_ignores_an_enemy_farther_away():
    """tsv Crystal Blade ("targeting a nearby enemy"): the filters of a trigger's players are judged, not only their noun."""
    g = duel(hands=(["T Near Watch"], []))
    setup(g, 0, position="b2")
    setup(g, 1, position="d4")
    act(g, "play T Near Watch"); pass_all(g)
    end_turn(g)                                     # bob draws far from alice
    assert stat(g, 0, "mitigate") == 0
    g = duel(hands=(["T Near Watch"], []))
    setup(g, 0, position="b2")
    setup(g, 1, position="b3")
    act(g, "play T Near Watch"); pass_all(g)
    end_turn(g)                                     # bob draws next to her
    assert stat(g, 0, "mitigate") == 1


# ---- an attach place picked as it resolves ------------------------------------------------

@pytest.mark.parametrize("ruleset", ["hh", "original"])
def test_attach_to_an_empty_tile_asks_its_controller_which(ruleset):
    """000 § Resolving Cards 2 / 001 § Playing Cards 3 (where it attaches); 001 § Attached Cards; tsv Blood Spatter ("attach to an empty tile near ...")."""
    g = duel(hands=(["T Mark"], []), ruleset=ruleset)
    setup(g, 0, position="a1")
    setup(g, 1, position="c3")
    act(g, "play T Mark"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "choose" and sorted(labels(g)) == ["b3", "c2", "c4", "d3"]
    act(g, "d3")
    mark = next(c for c in g.state.zones["field"] if g.name(c) == "T Mark")
    assert g.state.cards[mark].attached_to == "tile:d3"


def test_remove_all_control_renders_as_all_of_it():
    assert "Remove all Control from them." in _text(
        'card "X" { skill warrior range 2 types ability deal 1 damage to target enemy  remove (control of them) control from them }')
    assert "Remove the total Control on you Control from them." in _text(
        'card "X" { skill warrior range 2 types ability deal 1 damage to target enemy  remove (control of you) control from them }')
