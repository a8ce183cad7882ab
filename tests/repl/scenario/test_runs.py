"""``cardsmith run`` and the pytest plugin report each scenario of a file, and each of its
ruleset/option/format runs, on its own (issue 18 point 1; docs/scenarios.md "Runs"); a
format with more seats than the file names gives the others the game's default names."""
from __future__ import annotations

import io

from cardsmith.cli import main
from cardsmith.repl.scenario.runs import plan

from .conftest import BASE, CARDS

#: a rule the two Ivion rulebooks answer differently: when Control comes off (IV-PLAY-4:
#: 001 § Core Concepts > Playing Cards 2 at payment, 000 § Resolving Cards 3 at resolution)
TIMING = '''scenario "Control timing"
game ivion ruleset hh, original seed 1
import "CARDS"
player alice at c2 slow 1
  hand: "T Bolt"
player bob at c3
turn alice
script
  play "T Bolt" bob
  expect under hh: alice.slow == 0
  expect under original: alice.slow == 1
  expect alice.slow == 0
'''

SECOND = BASE.replace('"Bolt"', '"Second board"').replace("at c3 power 2", "at c4 power 2") + '''script
  expect bob.position == "c4"
'''


def run(path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["run", str(path)], out=out, err=err)
    return code, out.getvalue() + err.getvalue()


def test_cardsmith_run_reports_each_scenario_and_each_ruleset_run(write) -> None:
    path = write("both.scenario", TIMING + "\n" + SECOND)
    code, out = run(path)
    lines = out.splitlines()
    assert code == 1
    # the last line holds under hh only: each run says so on its own line
    assert lines[0] == f"PASS {path}  Control timing[hh]", out
    assert lines[1] == f"FAIL {path}:12:3  Control timing[original]", out
    assert lines[2:4] == ["    expect alice.slow == 0", "    actual: alice.slow is 1"]
    assert f"PASS {path}  Second board" in lines
    assert lines[-1] == "2 passed, 1 failed of 3 scenarios"


def test_a_run_that_cant_be_prepared_fails_alone(write) -> None:
    text = TIMING.replace("  expect alice.slow == 0\n", "") + '  expect under original: alice.nothing == 1\n'
    code, out = run(write("one.scenario", text))
    assert code == 1
    assert "PASS" in out.splitlines()[0] and "Control timing[hh]" in out.splitlines()[0]
    assert "Control timing[original]  (can't be loaded)" in out and ":12:" in out and "nothing" in out
    assert "Traceback" not in out


def test_a_format_with_more_seats_gives_them_default_names(write) -> None:
    text = '''scenario "Seats"
game ikorr seed 1
option format 1v1, 3v3
option first 0
option mulligan false
player alice secured 2
player bob
script
  expect alice.secured == 2
  expect under 3v3: frank.secured == 0
'''
    runs = plan(write("seats.scenario", text))
    assert [r.name for r in runs] == ["Seats[1v1]", "Seats[3v3]"]
    # the named players keep their sides: alice's team 1, bob's team 2, the seats added beside them
    assert [r.prepare().names for r in runs] == [["alice", "bob"], ["alice", "carol", "erin", "bob", "dave", "frank"]]
    code, out = run(write("seats2.scenario", text))
    assert code == 0, out
    assert out.splitlines()[-1] == "2 passed, 0 failed of 2 scenarios"


def test_pytest_items_are_one_per_scenario_and_run(pytester) -> None:
    folder = pytester.mkdir("anywhere")
    (folder / "both.scenario").write_text((TIMING + "\n" + SECOND).replace("CARDS", str(CARDS)))
    result = pytester.runpytest_subprocess("-v", "-p", "no:cacheprovider", "-p", "no:xdist")
    result.assert_outcomes(passed=2, failed=1)
    out = result.stdout.str()
    assert "both.scenario::Control timing[hh] PASSED" in out
    assert "both.scenario::Control timing[original] FAILED" in out
    assert "both.scenario::Second board PASSED" in out
    result.stdout.fnmatch_lines(["*both.scenario:12:3: expect alice.slow == 0", "    actual: alice.slow is 1"])
