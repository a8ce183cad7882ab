"""Forced questions in a script (issue 18 point 8; docs/scenarios.md "Forced questions"): a
question with one option may be answered (its text or a short form) or left out, and the
game goes on the same; the game waits at it for the expectations; a failed line undoes the
forced answers it took; a forced end of turn is never taken for the script."""
from __future__ import annotations

from pathlib import Path

from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import Outcome, run_lines, state_json
from cardsmith.repl.scenario.runs import plan, run_planned

FILE = Path(__file__).resolve().parents[2] / "scenarios/ivion/playing-forced-questions-answered-or-not.scenario"

BOARD = '''scenario "Forced"
game ivion seed 1
import "CARDS"
player alice deck "DECK" actions 3 power 3 at c2
  hand: "Attrition", "T Bolt"
player bob deck "DECK" at c3
attach "T Totem" to c1 owner bob
turn alice
'''


def session_after(write, lines: list[str]):
    """The session after the board and ``lines``, and the outcome of running them."""
    deck = FILE.parent / "filler.deck"
    path = write("f.scenario", BOARD.replace("DECK", str(deck)))
    session = new_session(prepare(path))
    from cardsmith.dsl.scenarios import parse_scenario
    text = BOARD.replace("DECK", str(deck)).replace("CARDS", str(FILE.parent / "cards.ivion"))
    script = parse_scenario(text + "script\n" + "".join(f"  {ln}\n" for ln in lines), str(path)).section("script")
    outcome = Outcome(str(path), "Forced")
    run_lines(script.lines, session, outcome)
    return session, outcome


def test_the_scenario_file_passes_each_way() -> None:
    outcomes = [run_planned(p, uniqueness=False) for p in plan(FILE)]
    assert len(outcomes) == 3 and all(o.ok for o in outcomes), [o.summary() for o in outcomes]


def test_answered_short_or_left_out_the_game_is_the_same(write) -> None:
    ways = [["play Attrition", "option 2", "target bob", "pass", 'play "T Bolt" bob', "pass"],
            ["play Attrition", "option 2", "target", "don't", 'play "T Bolt" bob', "pass"],
            ["play Attrition", "option 2", 'play "T Bolt" bob', "pass"],
            ["play Attrition", "option 2", "target bob", 'play "T Bolt" bob', "pass"]]
    states = []
    for lines in ways:
        session, outcome = session_after(write, lines)
        assert outcome.ok, outcome.summary()
        assert session.g.state.players[1].stats["hp"] == 37
        states.append(state_json(session.g))
    assert len(set(states)) == 1


def test_the_game_waits_at_a_forced_question_for_the_expectations(write) -> None:
    session, outcome = session_after(write, ["play Attrition", "option 2"])
    assert outcome.ok
    assert session.g.pending.kind == "target" and len(session.g.legal_actions()) == 1


def test_a_line_that_fails_past_forced_questions_undoes_their_answers(write) -> None:
    session, _ = session_after(write, ["play Attrition", "option 2"])
    before = state_json(session.g)
    from cardsmith.repl.scenario.forced import execute_past_forced
    result = execute_past_forced(session, 'play "T Nothing" bob')
    assert not result.ok
    assert state_json(session.g) == before                       # the target is still asked


STUCK = '''scenario "Nothing to do but end"
game ivion seed 1
import "CARDS"
player alice actions 0 power 0 initiative 0 slow 1 at c2
  hand:
  feats:
player bob at c3
turn alice
'''


def test_a_forced_end_of_turn_is_not_taken_for_the_script(write) -> None:
    """The next line may be meant for this turn's player: ending the turn is never implicit."""
    session = new_session(prepare(write("stuck.scenario", STUCK)))
    assert [str(a) for a in session.g.legal_actions()] == ["end the turn"]
    before = state_json(session.g)
    from cardsmith.repl.scenario.forced import answer_one, execute_past_forced
    assert not answer_one(session)
    assert not execute_past_forced(session, 'play "T Bolt" bob').ok
    assert state_json(session.g) == before
