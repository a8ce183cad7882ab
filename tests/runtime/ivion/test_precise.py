"""Cards printed with the keyword {Precise} (catalogue G-21; docs/ivion/choices.md §
Season-3 keywords): by default they can only be played, and only resolve, with each target
exactly at their max range; the option ``precise_keyword = bonus`` reads the keyword as
"always precise" instead.  Puncture, Snap Shot and Dramatic Stunt are scripted with it."""
from __future__ import annotations

import io

import pytest

from cardsmith import cli
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.ivion.playable import PlayCheck, why_cant_play

from .helpers import act, define, duel, find, give, hand_card, log_text, pass_all, play, setup, stat

define('''
card "T Sure Shot" { skill warrior cost 1 action range 3 banner disarm types attack
  keywords precise
  deal 2 damage to target enemy
  precise: gain 1 power }
card "T Pit Precise" { skill warrior types ability
  static range_reduced_here = enemies, 1 }
card "T Marksman" { skill warrior cost 1 action range 3 banner disarm types attack
  deal 1 damage to target enemy
  precise: gain 1 power }
''')


def _at(g, alice: str, bob: str) -> None:
    setup(g, 1, position=bob)
    setup(g, 0, position=alice, actions=5, power=0)


# ---- the default reading: a restriction on its targets ----------------------------------

@pytest.mark.parametrize("bob, offered", [("b4", True), ("b3", False), ("b2", False), ("c4", False)])
def test_a_precise_card_is_offered_only_with_an_enemy_exactly_at_its_max_range(bob, offered):
    """choices.md § Season-3 keywords (G-21, option precise_keyword = restriction); tsv Snap Shot (range 3)."""
    g = duel(hands=(["Snap Shot", "T Zap"], []))
    _at(g, "b1", bob)                           # b4 is 3 tiles away, c4 4, b3 2, b2 1
    assert (find(g, "play Snap Shot") is not None) == offered
    assert find(g, "play T Zap") is not None or bob == "c4"     # a plain range-3 card: up to 3
    cid = hand_card(g, "Snap Shot")
    assert PlayCheck(g, 0).can(cid) == offered == (why_cant_play(g, 0, cid) == "")


def test_why_a_precise_card_cant_be_played():
    """choices.md § Season-3 keywords (G-21): the refusal names the rule and the distance."""
    from cardsmith.runtime.core.state import Action
    g = duel(hands=(["Snap Shot"], []))
    _at(g, "b1", "b3")
    cid = hand_card(g, "Snap Shot")
    why = why_cant_play(g, 0, cid)
    assert why.startswith("it is Precise") and "exactly 3 tiles away" in why
    assert g.rules.why_not(g, Action("play", (cid,), "play Snap Shot")) == "Snap Shot can't be played: " + why


def test_only_the_tiles_at_its_max_range_are_offered_as_targets():
    """choices.md § Season-3 keywords (G-21): each target exactly at max range; tsv Dramatic Stunt (range 2, travel to target tile)."""
    g = duel(hands=(["Dramatic Stunt"], []))
    _at(g, "b2", "d4")
    act(g, "play Dramatic Stunt")
    tiles = sorted(a.args[0][5:] for a in g.legal_actions() if a.kind == "target")
    assert tiles == ["a1", "a3", "b4", "c1", "c3", "d2"]      # 2 steps from b2, none nearer
    act(g, "target a3"); pass_all(g)
    assert g.state.players[0].position == "a3" and stat(g, 0, "luck") == 1


def test_puncture_resolves_at_its_max_range():
    """tsv Puncture (Precise; deal 7 damage, stun them); G-21 restriction reading."""
    g = duel(hands=(["Puncture"], []))
    _at(g, "a1", "c2")                          # 3 tiles
    setup(g, 1, power=2)
    play(g, "Puncture", "target bob")
    assert stat(g, 1, "hp") == 33 and stat(g, 1, "power") == 1


def test_a_target_moved_off_its_max_range_is_no_longer_valid():
    """choices.md § Season-3 keywords (G-21): at resolution a target off max range is illegal;
    with none left the card is meta-countered and its cost refunded (IV-META-2, IV-META-3; IV-RANGE-5)."""
    g = duel(hands=(["Snap Shot"], ["T Blink"]))
    _at(g, "b1", "b4")
    act(g, "play Snap Shot"); act(g, "target bob")
    assert stat(g, 0, "actions") == 4
    act(g, "respond with T Blink"); act(g, "don't respond")
    act(g, "b3"); pass_all(g)                              # bob travels 1 tile nearer: 2 away
    assert stat(g, 1, "hp") == 40 and stat(g, 0, "actions") == 5
    assert "Snap Shot is meta-countered: no valid target (it is Precise" in log_text(g)
    assert "Snap Shot" in [g.name(c) for c in g.state.zones["discard:0"]]


def test_a_plain_card_still_resolves_where_a_precise_one_does_not():
    """IV-RANGE-5 (range re-checked at resolution: nearer is still in range), against G-21's restriction."""
    g = duel(hands=(["T Zap"], ["T Blink"]))
    _at(g, "b1", "b4")
    act(g, "play T Zap"); act(g, "target bob")
    act(g, "respond with T Blink"); act(g, "don't respond")
    act(g, "b3"); pass_all(g)
    assert stat(g, 1, "hp") == 39


def test_max_range_is_the_range_after_a_reduction():
    """choices.md § Where range is drawn from (IV-RANGE-7, Trapdoor's range_reduced_here) with G-21:
    a Precise card's max range is its range now, so 3 less 1 is 2, at play and at resolution."""
    g = duel(hands=(["T Sure Shot"], []))
    pit = give(g, 1, "T Pit Precise")
    g.move_card(pit, "field")
    g.card(pit).attached_to = "tile:b1"
    g.state.board.spaces["b1"].cards.append(pit)
    _at(g, "b1", "b4")                          # 3 tiles: beyond the reduced range
    assert find(g, "play T Sure Shot") is None
    assert "exactly 2 tiles away" in why_cant_play(g, 0, hand_card(g, "T Sure Shot"))
    _at(g, "b1", "b3")
    play(g, "T Sure Shot", "target bob")
    assert stat(g, 1, "hp") == 38 and stat(g, 0, "power") == 1      # precise: gain 1 power


# ---- the other reading, by option -----------------------------------------------------------

def test_the_bonus_reading_plays_at_any_range_and_is_always_precise():
    """choices.md § Season-3 keywords (G-21): option precise_keyword = bonus, the keyword makes the card precise."""
    g = duel(hands=(["T Sure Shot", "Snap Shot"], []), precise_keyword="bonus")
    _at(g, "b1", "b2")                          # 1 tile: not at max range
    assert find(g, "play Snap Shot") is not None
    play(g, "T Sure Shot", "target bob")
    assert stat(g, 1, "hp") == 38 and stat(g, 0, "power") == 1      # Precise - gain 1 power


def test_the_restriction_reading_is_precise_whenever_it_resolves():
    """G-21: a card restricted to its max range resolves precisely (the precise condition agrees)."""
    g = duel(hands=(["T Sure Shot"], []))
    _at(g, "b1", "b4")
    play(g, "T Sure Shot", "target bob")
    assert stat(g, 1, "hp") == 38 and stat(g, 0, "power") == 1


def test_an_unknown_reading_is_refused():
    """choices.md option table: precise_keyword is restriction or bonus."""
    with pytest.raises(CardsmithError, match="unknown precise_keyword 'maybe'"):
        duel(precise_keyword="maybe")


@pytest.mark.parametrize("text, message", [
    ('card "T X" { skill warrior keywords precise types attack\n deal 1 damage to target enemy }', "needs a range"),
    ('card "T X" { skill warrior range 2 keywords precise types ability\n gain 1 power }', "needs a target"),
])
def test_precise_without_a_range_or_a_target_is_a_load_time_error(text, message):
    """G-21 Precise ("resolved at its max range": a card without a range is never precise)."""
    with pytest.raises(CardError, match=message) as err:
        compile_source(text, "ivion", "<t>")
    assert err.value.line == 1


def test_snap_shot_renders_its_keyword_and_effect():
    """DESIGN § The language: the rules text is rendered from the script (cardsmith show)."""
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["show", "Snap Shot"], out, err) == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert lines[:4] == ["Snap Shot",
                         "Fletcher skill - Attack - Cost 1 action - Gain 1 power - Range 3 - Banner: disarm - Pips: green",
                         "Precise.", "Deal 5 damage to target enemy."]


# ---- Bullseye: a play that gives the played card Precise and more damage -------------------

def _bullseye(bob: str, *cards: str, **options):
    g = duel(hands=(["Bullseye", *cards], ["T Blink"]), **options)
    _at(g, "b1", bob)
    setup(g, 0, power=5)
    act(g, "play Bullseye"); pass_all(g)        # bob lets Bullseye resolve
    return g


def test_bullseye_offers_only_attacks_that_can_hit_an_enemy_at_their_max_range():
    """tsv Bullseye (play an Attack card targeting an enemy; it gains Precise) with
    choices.md § Season-3 keywords (G-21, restriction reading); IV-PLAY-9 (played in full)."""
    g = _bullseye("b3", "T Bolt", "T Zap", "Snap Shot", "T Far", "T Jab")
    offered = sorted(a.label for a in g.legal_actions())
    assert offered == ["play T Bolt", "play nothing"]      # range 2, bob 2 tiles away
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 40 - 3 - 8                    # it deals 8 more damage
    assert stat(g, 0, "initiative") == 1 + 2                 # after it resolves, gain 2


def test_bullseye_gives_nothing_when_nothing_resolves():
    """tsv Bullseye ("After it resolves"): playing nothing, or a card meta-countered because its
    target left its max range (G-21; IV-META-2), gains no initiative."""
    g = _bullseye("b3", "T Bolt")
    act(g, "play nothing")
    assert stat(g, 0, "initiative") == 1
    g = _bullseye("b3", "T Bolt")
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with T Blink"); act(g, "don't respond"); act(g, "b2"); pass_all(g)
    assert "T Bolt is meta-countered: no valid target (it is Precise" in log_text(g)
    assert stat(g, 1, "hp") == 40 and stat(g, 0, "initiative") == 1


def test_bullseye_under_the_bonus_reading_plays_at_any_range_and_is_precise():
    """choices.md § Season-3 keywords: option precise_keyword = bonus; tsv Bullseye."""
    g = _bullseye("b2", "T Marksman", precise_keyword="bonus")
    act(g, "play T Marksman"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 40 - 1 - 8 and stat(g, 0, "power") == 5 - 3 + 1


def test_with_no_card_to_give_precise_to_nothing_is_asked_and_the_gain_lasts_one_play():
    """tsv Bullseye ("You may play ... It gains Precise"): T Zap (range 3) can't hit bob 2 tiles
    away precisely, so nothing is offered; played later on its own it is not Precise."""
    g = _bullseye("b3", "T Zap")
    assert g.state.pending.kind == "main" and stat(g, 0, "initiative") == 1
    play(g, "T Zap", "target bob")
    assert stat(g, 1, "hp") == 39


define('''
card "T Recoil" { skill warrior cost 1 action range 2 banner silence types attack
  deal 1 damage to you
  deal 3 damage to target enemy }
card "T Opener" { skill warrior cost 1 action range 2 banner silence types attack
  advantage: deal 1 damage to target enemy
  deal 2 damage to them }
card "T Double Tap" { skill warrior cost 1 action range 2 banner silence types attack
  deal 2 damage to target enemy
  deal 3 damage to them }
''')


@pytest.mark.parametrize("card, bob_hp, alice_hp", [
    ("T Double Tap", 40 - 2 - 3 - 8, 40),    # two steps at bob: 8 more once, not per step
    ("T Recoil", 40 - 3 - 8, 40 - 1),        # its first step hits alice: the 8 go to bob
    ("T Opener", 40 - 1 - 2 - 8, 40),        # first hit in a nested block, then the outer one
])
def test_bullseye_adds_8_damage_once_to_the_enemy_it_targets(card, bob_hp, alice_hp):
    """tsv Bullseye ("It ... deals 8 more damage": one amount, to the attack played
    "targeting an enemy"); choices.md § Season-3 keywords, Bullseye.  Bob is slowed for
    T Opener's Advantage (000 § Glossary > Advantage)."""
    g = _bullseye("b3", card)
    setup(g, 1, slow=1)
    act(g, f"play {card}"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == bob_hp and stat(g, 0, "hp") == alice_hp


def test_bullseye_renders_from_its_script():
    """DESIGN § The language (rendered text); tsv Bullseye."""
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["show", "Bullseye"], out, err) == 0, err.getvalue()
    text = out.getvalue()
    assert "You may play an attack card targeting an enemy." in text
    assert "That card gains Precise." in text and "That card deals 8 more damage." in text
