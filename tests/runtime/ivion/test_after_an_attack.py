"""Cards played only right after a successful attack on an enemy (`playable if
just_attacked_an_enemy`; docs/ivion/choices.md § Season-3 keywords, "Precisely attacking",
and § Conditions on playing a card): Toothy Grin (initiative and Luck) and Loose Coins (it
attaches near the enemy you hit and comes back to your hand with an initiative when you
enter its tile).  "Successfully Attack" is an attack card that resolves with an enemy among
its targets; "immediately" is with no card played and no core action since, this turn."""
from __future__ import annotations

import pytest

from cardsmith.runtime.ivion import board
from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import (act, define, duel, find, hand, hand_card, interpose, labels, pass_all, play, setup,
                      stat)

define('''
card "T Tremor" { skill warrior cost 1 action banner silence types attack
  deal 1 damage to each enemy }
''')


def _duel(hand_cards, alice="b1", bob="b3"):
    g = duel(hands=(list(hand_cards), ["T Nix"]))
    setup(g, 1, position=bob, power=0)
    setup(g, 0, position=alice, actions=5, power=0, initiative=0)
    return g



# ---- Toothy Grin ----------------------------------------------------------------------------

def test_toothy_grin_is_refused_before_an_attack():
    """tsv Toothy Grin (only right after a successful attack on an enemy); 001 § Learn to
    Play > The Golden Rule."""
    g = _duel(["Toothy Grin"])
    assert find(g, "play Toothy Grin") is None
    assert "you have just resolved an attack card targeting an enemy" in why_cant_play(
        g, 0, hand_card(g, "Toothy Grin"))


def test_toothy_grin_after_any_attack_gains_initiative_luck_and_power():
    """tsv Toothy Grin (initiative and Luck; +1 power); unlike Trick Shot the attack need not
    be precise: T Zap (range 3) hits bob two tiles away, short of its max range."""
    g = _duel(["T Zap", "Toothy Grin", "Trick Shot"])
    play(g, "T Zap", "target bob")
    assert find(g, "play Trick Shot") is None
    play(g, "Toothy Grin")
    assert stat(g, 0, "initiative") == 1 and stat(g, 0, "luck") == 1
    assert stat(g, 0, "power") == 1 + 1


@pytest.mark.parametrize("between", ["a move", "another card", "a new turn", "an initiative draw"])
def test_toothy_grin_needs_the_attack_immediately_before(between):
    """tsv Toothy Grin ("immediately after"); choices.md § Season-3 keywords, "Precisely
    attacking" (a card played, a core action taken, or another turn breaks it)."""
    g = _duel(["T Zap", "T Think", "Toothy Grin"])
    play(g, "T Zap", "target bob")
    interpose(g, between)
    assert find(g, "play Toothy Grin") is None


def test_an_attack_bullseye_played_opens_it_too():
    """choices.md § Season-3 keywords, "Precisely attacking" (the card whose effect played
    the attack carries it on as it finishes resolving: nothing comes between)."""
    g = _duel(["Bullseye", "T Zap", "Toothy Grin"])
    setup(g, 0, power=5)
    play(g, "Bullseye")
    act(g, "play T Zap"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "hp") < 40
    play(g, "Toothy Grin")
    assert stat(g, 0, "luck") == 1


def test_a_countered_attack_is_not_successful():
    """tsv Toothy Grin ("successfully"); 001 § Additional Rules > Counters (a countered card
    does not resolve)."""
    g = _duel(["T Zap", "Toothy Grin"])
    setup(g, 1, power=1)
    act(g, "play T Zap"); act(g, "target bob")
    act(g, "respond with T Nix"); act(g, "T Zap"); pass_all(g)
    assert find(g, "play Toothy Grin") is None


def test_an_attack_that_targets_no_enemy_does_not_open_it():
    """choices.md § Season-3 keywords, "Precisely attacking": attacking an enemy is an
    attack card with an enemy among its targets (Applethrough's reading); an untargeted
    attack does not count, a non-attack card that targets one does not either."""
    g = _duel(["T Tremor", "T Slowdart", "Toothy Grin"])
    play(g, "T Tremor")
    assert stat(g, 1, "hp") == 39 and find(g, "play Toothy Grin") is None
    play(g, "T Slowdart", "bob")
    assert find(g, "play Toothy Grin") is None


# ---- Loose Coins ----------------------------------------------------------------------------

def _coins(alice="b1", bob="b3"):
    g = _duel(["T Zap", "Loose Coins"], alice=alice, bob=bob)
    play(g, "T Zap", "target bob")
    return g


def test_loose_coins_offers_the_empty_tiles_within_two_of_the_enemy_you_hit():
    """tsv Loose Coins (it attaches to an empty tile at most two tiles from the enemy hit); 001 § Glossary:
    EMPTY TILE (no hero, no attached card); choices.md § Conditions on playing a card (the
    tile is chosen as it is played, among those the filter keeps)."""
    g = _duel(["Loose Coins"])
    assert find(g, "play Loose Coins") is None
    g = _coins()
    act(g, "play Loose Coins")
    expected = {f"target {t}" for t in board.all_tiles() if board.distance(t, "b3") <= 2 and t not in ("b1", "b3")}
    assert set(labels(g)) == expected


def test_loose_coins_comes_back_with_an_initiative_when_you_enter_it():
    """tsv Loose Coins (entering its tile gives you an initiative and takes it back to hand);
    001 § Attached Cards; 001 § Glossary: ATTACH (moving onto your own card does not destroy
    it); 001 § Traveling (entering a tile)."""
    g = _coins()
    play(g, "Loose Coins", "target b2")
    coins = g.state.board.spaces["b2"].cards[0]
    assert g.name(coins) == "Loose Coins" and g.card(coins).attached_to == "tile:b2"
    assert stat(g, 0, "power") == 2
    act(g, "move to b2")
    pass_all(g)
    assert stat(g, 0, "initiative") == 1
    assert "Loose Coins" in hand(g, 0) and g.state.board.spaces["b2"].cards == []


def test_an_enemy_entering_the_coins_gets_nothing():
    """tsv Loose Coins (its controller's entering): an enemy's entering counts for nothing."""
    g = _coins()
    play(g, "Loose Coins", "target b2")
    act(g, "end the turn")
    setup(g, 1, initiative=0, actions=3)
    act(g, "move to b2")
    pass_all(g)
    assert stat(g, 1, "initiative") == 0
    assert g.name(g.state.board.spaces["b2"].cards[0]) == "Loose Coins"

