"""pytest collects scenario files as test items; a failure points at the scenario's line.
A conftest.py that also lists the plugin (as the repository's once did) doesn't make pytest
register it twice, and the ini option ``scenario_paths`` narrows what is collected."""
from __future__ import annotations

from .conftest import BASE, CARDS


def test_scenarios_are_collected_and_failures_point_at_their_line(pytester):
    pytester.makeconftest('pytest_plugins = ["cardsmith.repl.scenario.pytest_plugin"]\n')
    folder = pytester.mkdir("scenarios")
    base = BASE.replace("CARDS", str(CARDS))
    (folder / "good.scenario").write_text(base + "script\n  expect bob.hp == 40\n")
    (folder / "bad.scenario").write_text(base.replace('"Bolt"', '"Wrong HP"') + "script\n  expect bob.hp == 99\n")
    (pytester.path / "elsewhere.scenario").write_text(base)       # not under scenarios/: collected too
    result = pytester.runpytest_subprocess("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    out = result.stdout.str()
    assert "good.scenario::Bolt PASSED" in out and "bad.scenario::Wrong HP FAILED" in out
    assert "elsewhere.scenario::Bolt PASSED" in out and "already registered" not in out + result.stderr.str()
    result.stdout.fnmatch_lines(["*bad.scenario:13:3: expect bob.hp == 99", "    actual: bob.hp is 40"])
    pytester.makeini("[pytest]\nscenario_paths = scenarios\n")
    result = pytester.runpytest_subprocess("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    assert "elsewhere.scenario" not in result.stdout.str()
