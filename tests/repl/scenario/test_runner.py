"""cardsmith run: one line per scenario, failures at their line with the actual value, exit codes."""
from __future__ import annotations

import io

from cardsmith.cli import main

from .conftest import BASE

GOOD = BASE + '''script
  play "T Bolt" bob
  expect stack.size == 1
  expect stack.top.fate == "pending"
  expect pending.player == bob
  pass
  expect bob.hp == 37
  expect "T Bolt" in alice.discard
  expect alice.power == 1
  expect log contains "T Bolt resolves"
  expect log not contains "meta-countered"
  expect refused "not an option": move d4
  expect alice.hand == ["T Zap"]
'''


def run(*paths) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["run", *map(str, paths)], out=out, err=err)
    return code, out.getvalue() + err.getvalue()


def test_passing_scenario(write):
    code, text = run(write("good.scenario", GOOD))
    assert code == 0, text
    assert text.splitlines()[0].startswith("PASS ") and "1 passed, 0 failed" in text


def test_failure_shows_line_expectation_and_actual(write):
    path = write("bad.scenario", GOOD.replace("bob.hp == 37", "bob.hp == 30"))
    code, text = run(path)
    assert code == 1
    first, line, actual = text.splitlines()[:3]
    assert first.startswith(f"FAIL {path}:18:3")
    assert line.strip() == "expect bob.hp == 30"
    assert actual.strip() == "actual: bob.hp is 37"


def test_refusal_must_refuse_for_the_reason_given(write):
    code, text = run(write("r.scenario", GOOD.replace('refused "not an option": move d4',
                                                      'refused "Disarmed": move d4')))
    assert code == 1 and "refused, but for another reason" in text
    code, text = run(write("r2.scenario", BASE + "script\n  expect refused: move c1\n"))
    assert code == 1 and "the command was accepted" in text


def test_a_failing_command_fails_at_its_line(write):
    code, text = run(write("c.scenario", BASE + "script\n  play \"T Nix\" bob\n"))
    assert code == 1 and ":13:3" in text and "the command failed" in text


def test_folders_recursively_and_mixed_results(write, tmp_path):
    write("a.scenario", GOOD)
    sub = tmp_path / "deeper"
    sub.mkdir()
    (sub / "b.scenario").write_text((tmp_path / "a.scenario").read_text().replace("== 37", "== 1"))
    code, text = run(tmp_path)
    assert code == 1 and "1 passed, 1 failed of 2 scenarios" in text
    assert sum(1 for ln in text.splitlines() if ln.startswith(("PASS", "FAIL"))) == 2


def test_unloadable_file_and_missing_path(write, tmp_path):
    code, text = run(write("u.scenario", BASE + "script\n  expect bob.hpp == 1\n"), tmp_path / "nope")
    assert code == 1 and "can't be loaded" in text and "unknown property 'hpp'" in text
    assert "no such file or folder" in text


def test_expectations_on_cards_tiles_and_game(write):
    text = BASE + '''terrain b2 difficult
attach "T Ward" to b1 owner alice for 2 turns
script
  expect tile b2.terrain == "difficult"
  expect tile b1.cards == ["T Ward"]
  expect card "T Ward".attached == "b1"
  expect card "T Ward".owner == alice
  expect card "T Nix".zone == "bob's hand"
  expect active == alice
  expect phase == "main"
  expect turn >= 1
  expect not_over_is_false_by_default == 1
'''
    code, out = run(write("t.scenario", text))
    assert code == 1 and "unknown player or property 'not_over_is_false_by_default'" in out
    code, out = run(write("t2.scenario", text.replace("  expect not_over_is_false_by_default == 1\n", "  expect over == false\n")))
    assert code == 0, out


def test_a_turn_line_without_a_phase_is_the_games_first(write):
    """``turn bob`` in a Rush of Ikorr scenario: its action phase (it used to mean Ivion's
    "main", which the check refused as an unknown phase)."""
    path = write("ikorr_turn.scenario", '''scenario "turn without a phase"
game ikorr seed 1
player alice
player bob
turn bob

script
  expect phase == "action"
''')
    code, text = run(path)
    assert code == 0, text
    held = write("ikorr_setup.scenario", path.read_text().replace("turn bob\n", ""))
    code, text = run(held)          # without it the board waits in the setup
    assert code == 1 and 'phase is ""' in text, text


def test_every_failed_expectation_is_reported_and_a_failed_command_stops(write):
    """Issue 18 (4): each failed expectation with its line, expected and actual; the run goes
    on after one (an accepted `expect refused` is taken back), and stops at a failed command."""
    path = write("many.scenario", BASE + '''script
  expect bob.hp == 30
  expect refused: move c1
  expect alice.position == "c2"
  play "T Bolt" bob
  pass
  expect bob.hp == 1
  expect "T Zap" in alice.discard
  expect bob.hp == 37
  play "T Nix" bob
  expect bob.hp == 2
''')
    code, text = run(path)
    assert code == 1
    lines = text.splitlines()
    assert lines[0] == f"FAIL {path}:13:3  Bolt  (5 failed lines)", text
    body = "\n".join(lines[1:])
    for where, line, actual in ((13, "expect bob.hp == 30", "actual: bob.hp is 40"),
                                (14, "expect refused: move c1", "the command was accepted"),
                                (18, "expect bob.hp == 1", "actual: bob.hp is 37"),
                                (19, 'expect "T Zap" in alice.discard', "alice.discard is [\"T Bolt\"]"),
                                ):
        assert f"{path}:{where}:" in body and line in body and actual in body, (where, text)
    assert f"{path}:21:" in body and "the command failed" in body      # the failed command
    assert ":22:" not in body                                            # nothing after it ran
    assert "1 passed" not in text and "0 passed, 1 failed" in text


REFUSALS = BASE.replace("actions 3", "actions 3 disarm 1").replace('"T Zap"', '"T Jab"') + "script\n"


def test_a_refusal_is_the_rules_refusing_not_a_command_with_nothing_to_answer(write):
    """Issue 18 (5): `unleash` or `target bob` with no such question pending is no refusal;
    a refused play, a move to a tile out of reach and a refused answer inside one line are."""
    code, text = run(write("stray.scenario", REFUSALS + "  expect refused: unleash\n  expect refused: target bob\n"))
    assert code == 1 and text.count("not a refusal by the rules: no such action or question is open now") == 2, text
    code, text = run(write("rules.scenario", REFUSALS + '''  expect refused "Disarmed": play "T Jab" bob
  expect refused: move d4
  expect refused "not an option": play "T Bolt" alice
  expect alice.hand.size == 2
'''))
    assert code == 0, text


def test_a_refusal_for_another_reason_shows_the_engines_whole_reason(write):
    code, text = run(write("why.scenario", REFUSALS + '  expect refused "Slowed": play "T Jab" bob\n'))
    assert code == 1 and "refused, but for another reason:" in text
    # the rules' own sentence (not only the generic first line) and the options offered
    assert "you are Disarmed, and its Control banner has Disarm (001 § Control)" in text, text
    assert "1. play T Bolt" in text
