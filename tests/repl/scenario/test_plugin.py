"""pytest collects scenario files as test items; a failure points at the scenario's line."""
from __future__ import annotations

from .conftest import BASE, CARDS


def test_scenarios_are_collected_and_failures_point_at_their_line(pytester):
    pytester.makeconftest('pytest_plugins = ["cardsmith.repl.scenario.pytest_plugin"]\n')
    folder = pytester.mkdir("scenarios")
    base = BASE.replace("CARDS", str(CARDS))
    (folder / "good.scenario").write_text(base + "script\n  expect bob.hp == 40\n")
    (folder / "bad.scenario").write_text(base.replace('"Bolt"', '"Wrong HP"') + "script\n  expect bob.hp == 99\n")
    (pytester.path / "elsewhere.scenario").write_text(base)       # not under scenarios/ or puzzles/
    result = pytester.runpytest_subprocess("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    out = result.stdout.str()
    assert "good.scenario::Bolt PASSED" in out and "bad.scenario::Wrong HP FAILED" in out
    result.stdout.fnmatch_lines(["*bad.scenario:13:3: expect bob.hp == 99", "    actual: bob.hp is 40"])
