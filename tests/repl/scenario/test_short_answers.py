"""Short answers to a prompt (issue 18 point 8): the typed words, in order, of exactly one
option answer it; of several, the line is refused with the candidates; a full option text
is read as before.  G-17 (the player chooses which part of a cost a reduction takes off)."""
from __future__ import annotations

from pathlib import Path

from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import run_prepared
from cardsmith.repl.short_answers import holds_in_order

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios/ivion/playing-short-answers-to-a-prompt.scenario"


def at_the_pay_prompt():
    session = new_session(prepare(SCENARIO))
    for line in ('play "Infuriate"', "pass", 'play "T Big" bob'):
        assert execute(session, line).ok, line
    assert [str(a) for a in session.g.legal_actions()][:2] == ["pay 2 actions + 1 power", "pay 1 action + 2 power"]
    return session


def test_words_in_order():
    assert holds_in_order(["pay", "3", "actions"], ["pay", "3", "actions", "+", "0", "power"])
    assert holds_in_order(["pay", "power"], ["pay", "3", "actions", "+", "0", "power"])
    assert not holds_in_order(["power", "pay"], ["pay", "3", "actions", "+", "0", "power"])


def test_a_short_answer_names_one_option():
    session = at_the_pay_prompt()
    alice = session.g.state.players[0]
    actions, power = alice.stats["actions"], alice.stats["power"]
    result = execute(session, "pay 1 action")
    assert result.ok, result.text
    alice = session.g.state.players[0]
    assert (alice.stats["actions"], alice.stats["power"]) == (actions - 1, power - 2)


def test_an_ambiguous_answer_is_refused_with_the_candidates():
    session = at_the_pay_prompt()
    before = session.g.to_data()
    result = execute(session, "pay power")
    assert not result.ok and "could answer 2 options" in result.text
    assert "pay 2 actions + 1 power" in result.text and "pay 1 action + 2 power" in result.text
    assert session.g.to_data() == before


def test_the_full_text_still_answers_and_the_scenario_passes():
    session = at_the_pay_prompt()
    assert execute(session, "pay 2 actions + 1 power").ok
    outcome = run_prepared(prepare(SCENARIO))
    assert outcome.ok, outcome.summary()
