"""Who goes first when a card claims the first turn (G-11, IV-SETUP-8), and what happens
when one event leaves both heroes at 0 HP (G-22, IV-WIN-1/2)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.core.errors import CardsmithError

from .helpers import act, deck, define, duel, end_turn, hand, library, log_text, pass_all, setup, stat

define('''
card "T Quake" { skill warrior cost 1 action types attack
  deal 5 damage to each character }
card "T Backfire" { skill warrior cost 1 action types attack
  deal 5 damage to you }
card "T Two Hits" { skill warrior cost 1 action range 3 types attack
  deal 5 damage to target enemy
  deal 5 damage to you }
''')

TREACHERY = ["Treachery", "T Trait", "T Passive"]


def _new(seed=1, first=None, feats=(None, None)):
    decks = [deck(feats=f) if f else deck() for f in feats]
    opts = {} if first is None else {"first": first}
    return Game.new(get_game("ivion"), library(), decks=decks, seed=seed, **opts)


def test_treachery_takes_the_first_turn_over_the_usual_choice():
    """tsv Treachery ("You take the first turn"); G-11; 001 § Learn to Play > How to Play > End (the Golden Rule, IV-GOLD-1)."""
    g = _new(first=1, feats=(TREACHERY, None))
    assert g.state.active == 0
    assert "alice takes the first turn (Treachery)" in log_text(g)
    g = _new(first=0, feats=(None, TREACHERY))
    assert g.state.active == 1


def test_when_both_claim_the_first_turn_the_usual_choice_stands():
    """G-11 ("If both players have such a card, fall back to random"); 000 § Game Setup (IV-SETUP-8)."""
    for seed in range(1, 7):
        plain = _new(seed=seed)
        both = _new(seed=seed, feats=(TREACHERY, TREACHERY))
        assert both.state.active == plain.state.active          # the same seeded pick
        assert "claims cancel" in log_text(both)
    assert _new(first=1, feats=(TREACHERY, TREACHERY)).state.active == 1


def test_treachery_draws_at_the_start_of_its_first_turn_only():
    """tsv Treachery ("At the start of your first turn ... draw a card"); 000 § Parts of a Turn > Start of Turn 1 (the first player skips the draw)."""
    g = _new(first=1, feats=(TREACHERY, None))
    assert len(hand(g, 0)) == 6                       # 5, no turn draw, 1 from Treachery
    assert g.state.players[1].stats["poison"] == 2    # "Poison each opponent twice" (G-21)
    end_turn(g)
    end_turn(g)
    assert len(hand(g, 0)) == 7                       # only the ordinary draw now
    assert g.state.players[1].stats["poison"] == 1    # it triggered once, at the end of bob's turn


def test_one_event_leaving_both_heroes_at_zero_is_a_draw():
    """G-22 ("If one single event brings both heroes to 0, the game is a draw"); 001 § Learn to Play > Overview (IV-WIN-1)."""
    g = duel(hands=(["T Quake"], []))
    setup(g, 0, hp=4)
    setup(g, 1, hp=5)
    act(g, "play T Quake"); pass_all(g)
    assert g.state.over and g.state.winner == -1
    assert g.state.result.startswith("draw: alice and bob are at 0 HP at once")
    assert "draw: alice and bob" in log_text(g)
    assert g.rules.evaluate(g.state, 0) == 0.0


@pytest.mark.parametrize("rule, winner", [("active_loses", 1), ("active_wins", 0), ("sequential", 1)])
def test_the_reading_is_an_engine_option(rule, winner):
    """G-22, docs/ivion/choices.md option both_at_zero: the active player loses or wins, or the damage is dealt one hero at a time (alice first, so she loses)."""
    g = duel(hands=(["T Quake"], []), both_at_zero=rule)
    setup(g, 0, hp=4)
    setup(g, 1, hp=5)
    act(g, "play T Quake"); pass_all(g)
    assert g.state.over and g.state.winner == winner
    if rule == "sequential":
        assert stat(g, 1, "hp") == 5                  # the rest of the effect is abandoned


def test_an_unknown_reading_is_refused():
    """G-22: a bad option value is an error at setup, not a crash later."""
    with pytest.raises(CardsmithError, match="both_at_zero"):
        duel(both_at_zero="coin flip")


def test_only_one_hero_at_zero_is_an_ordinary_win():
    """G-22; 001 § Learn to Play > Overview (IV-WIN-1)."""
    g = duel(hands=(["T Quake"], []))
    setup(g, 1, hp=5)
    act(g, "play T Quake"); pass_all(g)
    assert g.state.over and g.state.winner == 0 and stat(g, 0, "hp") == 35


def test_separate_steps_are_separate_events_and_self_damage_can_lose():
    """G-22 ("damage is applied one event at a time ... Self-damage can defeat you")."""
    g = duel(hands=(["T Two Hits"], []))
    setup(g, 1, hp=5, position="d3")
    setup(g, 0, hp=5)
    act(g, "play T Two Hits"); act(g, "target bob"); pass_all(g)
    assert g.state.winner == 0 and stat(g, 0, "hp") == 5      # bob fell first; the rest is abandoned
    g = duel(hands=(["T Backfire"], []))
    setup(g, 0, hp=5)
    act(g, "play T Backfire"); pass_all(g)
    assert g.state.over and g.state.winner == 1


def test_both_wounded_at_once_wind_in_turn_order():
    """G-22 with IV-SW-1; 001 § Additional Rules > Simultaneous Effects (the active player first)."""
    g = duel(hands=(["T Quake"], []), decks=[deck(["T Jab", "T Bolt", "T Zap"] * 4), deck(["T Jab", "T Bolt", "T Zap"] * 4)])
    setup(g, 0, hp=22)
    setup(g, 1, hp=22)
    act(g, "play T Quake"); pass_all(g)
    assert not g.state.over
    assert g.pending.kind in ("second_wind", "second_wind_order") and g.pending.player == 0
    while g.pending.player == 0 and g.pending.kind.startswith("second_wind"):
        act(g, "keep" if g.pending.kind == "second_wind" else "to the bottom")
    assert g.pending.kind.startswith("second_wind") and g.pending.player == 1
