"""Refusals read as English and never show an internal key: zones in each game's own words
(`GameRules.describe_zone`), Control as the rulebooks name it (000 § Control: "If you are
Disarmed ..."), and a gain stopped by the cap of 5 said as it happened (001 § Learn to
Play > End: "Rule of Five")."""
from __future__ import annotations

import re

import pytest

from cardsmith.repl.session import Session

KEY = re.compile(r"\b[a-z_]+:\w+\b")        # deck:0, hand:1, ravage:2, influence_deck:0


def test_why_names_the_zone_a_card_is_in_by_its_owner(repl):
    repl("put Icebolt into alice deck")
    assert "it is not in your hand or feat zone (it is in alice's deck)" in repl("why Icebolt alice")
    feat = repl.game.state.zones["feats:1"][0]       # one of bob's feats, asked for alice
    out = repl(f"why {feat} alice")
    assert "(it is in bob's feat zone)" in out and not KEY.search(out)


@pytest.mark.parametrize("game", ["ivion", "sylvion", "ikorr"])
def test_no_zone_of_a_new_game_is_named_by_its_key(game):
    g = Session(game, seed=3).g
    for zone in g.state.zones:
        words = g.rules.describe_zone(g, zone)
        assert not KEY.search(words) and "_" not in words, (zone, words)


def test_the_sylvion_piles_keep_the_rulebooks_names():
    g = Session("sylvion", seed=3).g
    assert g.rules.describe_zone(g, "ravage:1") == "the Ravage stack of row b"
    assert g.rules.describe_zone(g, "deck") == "the Defender deck"
    assert g.rules.describe_zone(g, "ravage discard") == "the Ravage discard"


def test_several_kinds_of_control_read_as_english(repl):
    repl("set alice disarm 1")
    repl("set alice slow 2")
    repl("put Goad into alice hand")                # banner: slow, disarm
    out = repl("why Goad")
    assert "you are Slowed and Disarmed, and its Control banner has Slow and Disarm (001 § Control)" in out


def test_a_gain_that_meets_the_cap_says_what_was_gained(repl):
    repl("set alice actions 4")
    out = repl("end") + repl("end")                 # alice's next turn: 4 + 3 actions
    assert "alice gains 1 action (2 more would pass the cap of 5)" in out
    assert "over the cap" not in out
