"""A trigger's "X triggers" line is logged only once the trigger does something (the core's
interpreter, runtime/core/interpreter.py, played with Ivion cards): a condition that fails,
a "for each" over nobody, leave no line; a question or an effect has the line in front of
it.  Wording only: the game itself plays the same either way."""
from __future__ import annotations

from cardsmith.runtime.core.engine import Game

from .helpers import define, duel, end_turn, give, setup, stat

define('''
card "T Idle" { trait types passive
  at start of each turn: if you have 4 power then gain 1 mitigate }
card "T Sweep" { trait types passive
  at start of each turn: for each enemy in terrain { deal 1 damage to them } }
card "T Ask" { trait types passive
  at start of each turn: you may gain 1 power }
''')


def _lines(g: Game) -> list[str]:
    return [e.text for e in g.state.log]


def test_a_trigger_whose_condition_fails_logs_nothing():
    g = duel()
    give(g, 0, "T Idle", "feats")
    end_turn(g)                                     # bob's turn starts: alice has no power
    assert "T Idle triggers" not in _lines(g)
    assert stat(g, 0, "mitigate") == 0


def test_a_trigger_that_acts_has_its_line_in_front_of_what_it_does():
    g = duel()
    give(g, 0, "T Idle", "feats")
    setup(g, 0, power=4)
    end_turn(g)
    lines = _lines(g)
    k = lines.index("T Idle triggers")
    assert lines[k + 1] == "alice gains 1 mitigate"
    assert stat(g, 0, "mitigate") == 1


def test_a_for_each_over_nobody_logs_nothing():
    g = duel()
    give(g, 0, "T Sweep", "feats")
    end_turn(g)
    assert "T Sweep triggers" not in _lines(g)


def test_a_trigger_that_asks_is_announced_before_the_question():
    g = duel()
    give(g, 0, "T Ask", "feats")
    end_turn(g)
    assert g.pending.kind == "may" and g.pending.player == 0
    assert _lines(g)[-1] == "T Ask triggers"


def test_only_the_trigger_that_does_something_is_logged():
    g = duel()
    give(g, 0, "T Idle", "feats")
    give(g, 0, "T Sweep", "feats")
    give(g, 1, "T Idle", "feats")
    setup(g, 1, power=4)
    end_turn(g)
    triggers = [e for e in g.state.log if e.kind == "trigger"]
    assert [(e.player, e.text) for e in triggers] == [(1, "T Idle triggers")]
    assert stat(g, 1, "mitigate") == 1 and stat(g, 0, "mitigate") == 0
