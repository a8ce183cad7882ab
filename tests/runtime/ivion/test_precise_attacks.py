"""Cards that ask whether an attack was resolved precisely (catalogue G-21; docs/ivion/
choices.md § Season-3 keywords, "Precisely attacking"): Applethrough and Rain of Arrows
(their bonus follows a successful, precise attack on an enemy: the trigger qualifier
`precisely` on `after you resolve an attack card targeting an enemy`) and Trick Shot
(played only right after an attack card resolved precisely: `playable
if just_resolved_precise_attack`).  Precise: resolved at its max range (Applethrough's
reminder); "successfully Attack" is an attack card that resolves (choices.md § Activated
abilities of feats, Divine Aurora)."""
from __future__ import annotations

import io

import pytest

from cardsmith import cli
from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import act, define, duel, find, give, interpose, labels, pass_all, play, setup, stat

define('''
card "T Pin" { skill warrior cost 1 action range 3 types aura
  attach to target empty tile }
''')


def _duel(hand, alice="b1", bob="b4", **options):
    g = duel(hands=(hand, ["T Nix"]), **options)
    setup(g, 1, position=bob, power=0)
    setup(g, 0, position=alice, actions=5, power=2, initiative=0)
    return g


def _applethrough(hand, **kw):
    g = _duel(["Applethrough", *hand], **kw)
    play(g, "Applethrough")
    assert any(c.name == "Applethrough" and c.zone == "field" and c.attached_to == "player:0"
               for c in g.state.cards.values())
    return g


# ---- Applethrough -------------------------------------------------------------------------

@pytest.mark.parametrize("bob, gained", [("b4", 1), ("b3", 0)])
def test_applethrough_rewards_a_precise_attack(bob, gained):
    """tsv Applethrough (initiative and Luck after a successful, precise attack on an enemy;
    its reminder defines precise as resolved at max range): T Zap has range 3."""
    g = _applethrough(["T Zap"], bob=bob)
    play(g, "T Zap", "target bob")
    assert stat(g, 1, "hp") == 39
    assert stat(g, 0, "initiative") == gained and stat(g, 0, "luck") == gained


def test_applethrough_triggers_once_per_turn():
    """tsv Applethrough ("Once per turn")."""
    g = _applethrough(["T Zap", "T Zap"])
    play(g, "T Zap", "target bob")
    play(g, "T Zap", "target bob")
    assert stat(g, 1, "hp") == 38 and stat(g, 0, "initiative") == 1 and stat(g, 0, "luck") == 1


def test_a_countered_precise_attack_is_not_successful():
    """tsv Applethrough ("successfully"); choices.md § Activated abilities of feats (a countered
    card does not resolve); 001 § Additional Rules > Counters."""
    g = _applethrough(["T Zap"])
    setup(g, 1, power=1)
    act(g, "play T Zap"); act(g, "target bob")
    act(g, "respond with T Nix"); act(g, "T Zap"); pass_all(g)
    assert stat(g, 1, "hp") == 40 and stat(g, 0, "initiative") == 0 and stat(g, 0, "luck") == 0


def test_a_precise_ability_is_not_an_attack():
    """tsv Applethrough ("Attack"; rulings.md: card types reduce to Attack and Ability)."""
    define('''card "T Precise Hex" { skill warrior cost 1 action range 3 types debuff
      slow 1 target enemy }''')
    g = _applethrough(["T Precise Hex"])
    play(g, "T Precise Hex", "target bob")
    assert stat(g, 1, "slow") == 1 and stat(g, 0, "initiative") == 0


def test_under_the_bonus_reading_a_precise_keyword_card_is_precise_anywhere():
    """choices.md § Season-3 keywords (option precise_keyword = bonus); tsv Snap Shot, Applethrough."""
    g = _applethrough(["Snap Shot"], bob="b2", precise_keyword="bonus")
    play(g, "Snap Shot", "target bob")
    assert stat(g, 1, "hp") == 35 and stat(g, 0, "initiative") == 1 and stat(g, 0, "luck") == 1


# ---- Rain of Arrows -----------------------------------------------------------------------

def _rain(hand=("T Zap",), bob="b4"):
    g = _duel(["Rain of Arrows", *hand], alice="b1", bob=bob)
    play(g, "Rain of Arrows", "b3")
    return g, g.state.board.spaces["b3"].cards[0]


def test_rain_of_arrows_deals_3_to_each_enemy_near_it_at_the_start_of_your_turn():
    """tsv Rain of Arrows (3 damage to each enemy near it as your turn starts); 001 § Glossary
    > NEAR."""
    g, _ = _rain(())
    act(g, "end the turn")
    assert stat(g, 1, "hp") == 40
    act(g, "end the turn")                  # bob's turn ends: alice's starts
    assert stat(g, 1, "hp") == 37


def test_after_a_precise_attack_rain_of_arrows_may_move_near_them():
    """tsv Rain of Arrows (after a successful, precise attack on an enemy it may be reattached
    to an empty tile near that enemy); IV-ATT-9 (reattach)."""
    g, rain = _rain()
    play(g, "T Zap", "target bob")
    assert labels(g) == ["yes", "no"]       # "you may"
    act(g, "yes")
    assert sorted(labels(g)) == ["a4", "c4"]    # empty and near bob (b4); b3 holds the card itself
    act(g, "c4")
    assert g.card(rain).attached_to == "tile:c4" and g.state.board.spaces["c4"].cards == [rain]


def test_rain_of_arrows_stays_after_an_attack_that_is_not_precise():
    """tsv Rain of Arrows ("Precisely"): bob 1 tile away; T Jab (range 1) is precise there,
    T Zap (range 3) is not."""
    g, rain = _rain(("T Jab",), bob="b2")
    play(g, "T Jab", "target bob")          # range 1, bob 1 tile away: precise
    assert labels(g) == ["yes", "no"] and g.card(rain).attached_to == "tile:b3"
    g2, rain2 = _rain(("T Zap",), bob="b2")
    play(g2, "T Zap", "target bob")         # range 3, bob 1 tile away: not precise
    assert g2.pending.kind == "main" and g2.card(rain2).attached_to == "tile:b3"


# ---- Trick Shot ---------------------------------------------------------------------------

def _trick(hand=("T Zap", "Trick Shot"), bob="b4"):
    return _duel(list(hand), bob=bob)


def test_trick_shot_is_offered_right_after_a_precise_attack_resolves():
    """tsv Trick Shot (played only right after an attack card resolved precisely; one of its
    two options gains initiative)."""
    g = _trick()
    assert find(g, "play Trick Shot") is None
    assert "just resolved an attack card precisely" in why_cant_play(
        g, 0, next(c for c in g.state.zones["hand:0"] if g.name(c) == "Trick Shot"))
    play(g, "T Zap", "target bob")
    act(g, "play Trick Shot")               # no attached card to destroy: only "gain" is left
    assert g.pending.kind == "respond"
    pass_all(g)
    assert stat(g, 0, "initiative") == 1 and stat(g, 0, "power") == 2 + 1 + 1


def test_trick_shot_destroys_a_card():
    """tsv Trick Shot (its other option destroys a card); 001 § Attached Cards > DESTROY."""
    g = _duel(["T Pin", "T Zap", "Trick Shot"], bob="b4")
    play(g, "T Pin", "b2")
    pin = g.state.board.spaces["b2"].cards[0]
    play(g, "T Zap", "target bob")
    act(g, "play Trick Shot"); act(g, "option 1"); act(g, "T Pin"); pass_all(g)
    assert g.card(pin).zone == "discard:0"


@pytest.mark.parametrize("between", ["nothing precise", "a move", "another card", "a new turn"])
def test_trick_shot_needs_the_precise_attack_immediately_before(between):
    """tsv Trick Shot ("immediately after"); choices.md § Season-3 keywords, "Precisely
    attacking" (any card played or core action taken since, or another turn, breaks it)."""
    g = _trick(("T Zap", "T Think", "Trick Shot"), bob="b3" if between == "nothing precise" else "b4")
    play(g, "T Zap", "target bob")
    interpose(g, between)
    assert find(g, "play Trick Shot") is None


def test_trick_shot_after_a_countered_attack_is_not_offered():
    """tsv Trick Shot ("resolving"): a countered card does not resolve (001 § Counters)."""
    g = _trick()
    setup(g, 1, power=1)
    act(g, "play T Zap"); act(g, "target bob")
    act(g, "respond with T Nix"); act(g, "T Zap"); pass_all(g)
    assert find(g, "play Trick Shot") is None


# ---- an attack Bullseye plays -------------------------------------------------------------

def _bullseye_zap(*more, **options):
    """Alice plays Bullseye, then T Zap (range 3) through it at bob, 3 tiles away."""
    g = _duel(["Bullseye", "T Zap", *more], **options)
    setup(g, 0, power=5)
    play(g, "Bullseye")
    act(g, "play T Zap"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 40 - 1 - 8 and stat(g, 0, "initiative") == 2     # Bullseye done
    return g


@pytest.mark.parametrize("reading", ["restriction", "bonus"])
def test_trick_shot_may_follow_an_attack_bullseye_played(reading):
    """tsv Trick Shot (only right after resolving an attack card precisely) with tsv
    Bullseye (the attack it plays gains Precise; its own text ends after that attack
    resolves): finishing Bullseye is no action of the player's, so Trick Shot still comes
    right after the attack (choices.md § Season-3 keywords, "Precisely attacking")."""
    g = _bullseye_zap("Trick Shot", precise_keyword=reading)
    act(g, "play Trick Shot"); pass_all(g)
    assert stat(g, 0, "initiative") == 3


def test_after_bullseye_a_card_or_a_move_between_still_breaks_it():
    """tsv Trick Shot ("immediately"): Bullseye carries the precise attack only through its
    own end; a card played or a move made after it comes between."""
    g = _bullseye_zap("T Think", "Trick Shot")
    play(g, "T Think")
    assert find(g, "play Trick Shot") is None
    g = _bullseye_zap("Trick Shot")
    act(g, "move to a1")
    assert find(g, "play Trick Shot") is None


def test_a_card_that_did_not_play_the_attack_resolving_after_it_breaks_it():
    """tsv Trick Shot: T Filler, answered by bob and then by alice's own precise T Zap,
    resolves after T Zap without having played it: the last card resolved is not the
    attack (choices.md § Season-3 keywords, "Precisely attacking")."""
    g = _trick(("T Filler", "T Zap", "Trick Shot"))
    give(g, 1, "T Zap")
    setup(g, 1, actions=1)
    act(g, "play T Filler")
    act(g, "respond with T Zap"); act(g, "target alice")
    act(g, "respond with T Zap"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") == 39 and stat(g, 0, "hp") == 39 and g.pending.kind == "main"
    assert find(g, "play Trick Shot") is None


@pytest.mark.parametrize("reading", ["restriction", "bonus"])
def test_applethrough_counts_an_attack_bullseye_played_as_precise(reading):
    """tsv Applethrough (after a successful, precise attack on an enemy) with tsv Bullseye
    (the attack gains Precise): the qualifier `precisely` sees the gained keyword."""
    g = _duel(["Applethrough", "Bullseye", "T Zap"], precise_keyword=reading)
    setup(g, 0, power=5)
    play(g, "Applethrough")
    play(g, "Bullseye")
    act(g, "play T Zap"); act(g, "target bob"); pass_all(g)
    assert stat(g, 0, "luck") == 1 and stat(g, 0, "initiative") == 2 + 1


# ---- rendered text ------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [
    ("Applethrough", "after you resolve an attack card targeting an enemy precisely"),
    ("Rain of Arrows", "reattach this card to an empty tile near them"),
    ("Trick Shot", "You may only play Trick Shot if you have just resolved an attack card precisely"),
])
def test_the_cards_render_from_their_scripts(name, words):
    """DESIGN § The language (rules text rendered from the script)."""
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["show", name], out, err) == 0, err.getvalue()
    assert words.lower() in out.getvalue().lower()
