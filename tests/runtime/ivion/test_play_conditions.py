"""Conditions on playing a card (`playable if CONDITION`; docs/ivion/choices.md §
Conditions on playing a card): Breathe (tsv: playable only while no enemy stands within
two tiles of you), judged as the card is chosen, with its reason for ``why``;
the condition `no SELECTOR` (nothing it selects exists) that Breathe's uses."""
from __future__ import annotations

import io

import pytest

from cardsmith import cli
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.ivion.playable import PlayCheck, play_info, why_cant_play

from .helpers import act, define, duel, find, pass_all, setup, stat

define('''
card "T Calm" { skill tester cost 1 action types ability
  playable if you are not slowed
  gain 1 power }
card "T Lonely" { skill tester types ability
  if no enemies near you then gain 2 power else gain 1 power }
''')


def _at(g, alice: str, bob: str) -> None:
    setup(g, 1, position=bob)
    setup(g, 0, position=alice, actions=3, power=0)


def _hand_card(g, name: str, player: int = 0) -> str:
    return next(c for c in g.state.zones[f"hand:{player}"] if g.name(c) == name)


@pytest.mark.parametrize("bob, offered", [("a4", True), ("d1", True), ("b3", True), ("a3", False),
                                          ("b2", False), ("c1", False), ("a2", False)])
def test_breathe_is_offered_only_with_no_enemy_within_two_tiles(bob, offered):
    """tsv Breathe; 001 § Core Concepts > Playing Cards (the card's own text rules its play:
    001 § Learn to Play > The Golden Rule); choices.md § Conditions on playing a card."""
    g = duel(hands=(["Breathe"], []))
    _at(g, "a1", bob)                       # a4, d1 and b3 are 3 away, a3, b2 and c1 2, a2 1
    assert (find(g, "play Breathe") is not None) == offered
    cid = _hand_card(g, "Breathe")
    assert PlayCheck(g, 0).can(cid) == offered == (why_cant_play(g, 0, cid) == "")


def test_why_breathe_cant_be_played_and_the_refused_action():
    """choices.md § Conditions on playing a card: the refusal quotes the condition."""
    g = duel(hands=(["Breathe"], []))
    _at(g, "a1", "b2")
    cid = _hand_card(g, "Breathe")
    why = why_cant_play(g, 0, cid)
    assert why.startswith("it may only be played if no enemies are within 2 tiles of you") and "playable if" in why
    assert g.rules.why_not(g, Action("play", (cid,), "play Breathe")) == "Breathe can't be played: " + why


def test_breathe_resolves_for_its_power():
    """tsv Breathe (1 action, +3 power); 001 § Playing Cards (resolve: gain resources)."""
    g = duel(hands=(["Breathe"], []))
    _at(g, "a1", "d4")
    act(g, "play Breathe")
    pass_all(g)
    assert stat(g, 0, "power") == 3 and stat(g, 0, "actions") == 2
    assert "Breathe" in [g.name(c) for c in g.state.zones["discard:0"]]


def test_the_condition_is_judged_when_chosen_not_again_as_it_resolves():
    """choices.md § Conditions on playing a card (like Hardcast, a condition of playing:
    001 § Meta-Counters names Control and targets); the enemy moving near after the play
    does not meta-counter it."""
    g = duel(hands=(["Breathe"], []))
    _at(g, "a1", "d4")
    act(g, "play Breathe")
    setup(g, 1, position="a2")              # an enemy now stands next to alice
    pass_all(g)
    assert stat(g, 0, "power") == 3 and "meta-countered" not in " ".join(e.text for e in g.state.log)


def test_a_card_without_the_header_carries_no_condition():
    """The listing's cost (choices.md): only a card with 'playable if' has one to test."""
    g = duel(hands=(["Breathe", "T Zap"], []))
    infos = g.library.derived(play_info)
    assert infos["T Zap"][1].play_if is None and infos["Breathe"][1].play_if is not None


def test_any_condition_may_gate_a_play():
    """choices.md § Conditions on playing a card (any condition of the language)."""
    g = duel(hands=(["T Calm"], []))
    _at(g, "a1", "d4")
    assert find(g, "play T Calm") is not None
    setup(g, 0, slow=1)
    assert find(g, "play T Calm") is None
    assert "you are not slowed" in why_cant_play(g, 0, _hand_card(g, "T Calm"))


@pytest.mark.parametrize("bob, gained", [("b2", 1), ("c3", 2)])
def test_no_selector_is_a_condition_of_effects_too(bob, gained):
    """docs/language.md § Conditions (`no NOUN FILTERS`: nothing it selects exists)."""
    g = duel(hands=(["T Lonely"], []))
    _at(g, "b1", bob)
    act(g, "play T Lonely"); pass_all(g)
    assert stat(g, 0, "power") == gained


def test_breathe_renders_its_condition():
    """DESIGN.md § The language (rules text rendered from the script); cardsmith show."""
    out = io.StringIO()
    assert cli.main(["show", "Breathe"], out=out) == 0
    assert "You may only play Breathe if no enemies are within 2 tiles of you." in out.getvalue()


def test_a_condition_that_chooses_targets_is_a_load_error():
    """docs/language.md § Ivion headers: 'playable if' is judged before targets exist."""
    with pytest.raises(CardError, match="can't choose targets"):
        compile_source('card "X" { skill tester types ability\n  playable if target enemy is slowed\n'
                       '  gain 1 power }', "ivion")
