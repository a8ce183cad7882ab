"""Conditions on playing a card (`playable if CONDITION`; docs/ivion/choices.md §
Conditions on playing a card): Breathe (tsv: playable only while no enemy stands within
two tiles of you), judged as the card is chosen, with its reason for ``why``, and again
as it resolves (IV-META-1);
the condition `no SELECTOR` (nothing it selects exists) that Breathe's uses."""
from __future__ import annotations

import io

import pytest

from cardsmith import cli
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.ivion.playable import PlayCheck, play_info, why_cant_play

from .helpers import act, define, duel, find, hand_card, pass_all, setup, stat

define('''
card "T Calm" { skill warrior cost 1 action types ability
  playable if you are not slowed
  gain 1 power }
card "T Lonely" { skill warrior types ability
  if no enemies near you then gain 2 power else gain 1 power }
card "T Encore Breath" { skill warrior types ability
  play a card }
''')


def _at(g, alice: str, bob: str) -> None:
    setup(g, 1, position=bob)
    setup(g, 0, position=alice, actions=3, power=0)


@pytest.mark.parametrize("bob, offered", [("a4", True), ("d1", True), ("b3", True), ("a3", False),
                                          ("b2", False), ("c1", False), ("a2", False)])
def test_breathe_is_offered_only_with_no_enemy_within_two_tiles(bob, offered):
    """tsv Breathe; 001 § Core Concepts > Playing Cards (the card's own text rules its play:
    001 § Learn to Play > The Golden Rule); choices.md § Conditions on playing a card."""
    g = duel(hands=(["Breathe"], []))
    _at(g, "a1", bob)                       # a4, d1 and b3 are 3 away, a3, b2 and c1 2, a2 1
    assert (find(g, "play Breathe") is not None) == offered
    cid = hand_card(g, "Breathe")
    assert PlayCheck(g, 0).can(cid) == offered == (why_cant_play(g, 0, cid) == "")


def test_why_breathe_cant_be_played_and_the_refused_action():
    """choices.md § Conditions on playing a card: the refusal quotes the condition."""
    g = duel(hands=(["Breathe"], []))
    _at(g, "a1", "b2")
    cid = hand_card(g, "Breathe")
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


@pytest.mark.parametrize("ruleset", ["hh", "original"])
def test_an_enemy_who_comes_within_two_tiles_in_response_meta_counters_breathe(ruleset):
    """001 § Rules Reference > Additional Rules > Attached Cards > META-COUNTERS and 000 §
    Responding to Cards > Meta-Counters (a card whose conditions for being played no longer
    hold as it tries to resolve is meta-countered; IV-META-1) with tsv Breathe: bob blinks
    from 3 tiles away to 2 in response; Breathe does nothing and its action comes back
    (IV-META-3).  choices.md § Conditions on playing a card."""
    g = duel(hands=(["Breathe"], ["T Blink"]), ruleset=ruleset)
    _at(g, "a1", "a4")
    act(g, "play Breathe")
    assert stat(g, 0, "actions") == 2
    act(g, "respond with T Blink"); pass_all(g)
    act(g, "a3"); pass_all(g)
    assert g.state.players[1].position == "a3"
    assert "Breathe is meta-countered: it may only be played if no enemies are within 2 tiles of you" in \
        "\n".join(e.text for e in g.state.log)
    assert stat(g, 0, "power") == 0 and stat(g, 0, "actions") == 3


def test_breathe_resolves_when_the_enemy_stays_away():
    """The same check as it resolves (IV-META-1): bob blinks, but only to 3 tiles away."""
    g = duel(hands=(["Breathe"], ["T Blink"]))
    _at(g, "a1", "b4")
    act(g, "play Breathe")
    act(g, "respond with T Blink"); pass_all(g)
    act(g, "a4"); pass_all(g)
    assert stat(g, 0, "power") == 3 and stat(g, 0, "actions") == 2


def test_a_condition_about_the_moment_of_playing_is_not_judged_again():
    """tsv Trick Shot (only right after an attack card resolved precisely): what came just
    before the play stays so, and Trick Shot's own play would break the condition, so it
    is judged as the card is chosen only (choices.md § Conditions on playing a card)."""
    g = duel(hands=(["T Zap", "Trick Shot"], ["T Slowdart"]))
    _at(g, "b1", "b4")
    setup(g, 1, actions=1)
    act(g, "play T Zap"); act(g, "target bob"); pass_all(g)
    act(g, "play Trick Shot")
    act(g, "respond with T Slowdart"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "slow") == 1 and stat(g, 0, "initiative") == 2     # Trick Shot resolved


def test_a_card_an_effect_plays_is_held_to_its_condition():
    """choices.md § Conditions on playing a card (judged wherever the card is played from);
    IV-PLAY-9 (a card an effect plays is played in full)."""
    g = duel(hands=(["T Encore Breath", "T Encore Breath", "Breathe"], []))
    _at(g, "a1", "a3")                      # 2 tiles away
    act(g, "play T Encore Breath"); pass_all(g)
    assert sorted(a.label for a in g.legal_actions()) == ["play T Encore Breath", "play nothing"]
    act(g, "play nothing")
    _at(g, "a1", "a4")
    act(g, "play T Encore Breath"); pass_all(g)
    act(g, "play Breathe"); pass_all(g)
    assert stat(g, 0, "power") == 3


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
    assert "you are not slowed" in why_cant_play(g, 0, hand_card(g, "T Calm"))


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
        compile_source('card "X" { skill warrior types ability\n  playable if target enemy is slowed\n'
                       '  gain 1 power }', "ivion")
