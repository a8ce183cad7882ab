"""The pytest plugin as a user who pip-installed cardsmith gets it (issue 18 point 9): its
``pytest11`` entry point, no conftest.py.  A project folder outside the repository, with a
``.scenario`` file in a folder of any name, is collected by a plain ``python -m pytest``
run in a subprocess, and the scenario passes or fails as it should."""
from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

PLUGIN = "cardsmith.repl.scenario.pytest_plugin"

SCENARIO = '''scenario "Own card"
game ivion seed 1
card "U Spark" { skill warrior  cost 1 action  range 3  types attack  deal 2 damage to target enemy }
player alice at c2 actions 3
  hand: "U Spark"
player bob at c3
turn alice
script
  play "U Spark" bob
  pass
  expect bob.hp == HP
'''


def pytest_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS", "PYTEST_PLUGINS")}
    env["CARDSMITH_CACHE"] = str(folder / ".cache")
    return subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "no:xdist", *args],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def test_the_plugin_is_registered_by_its_entry_point() -> None:
    assert [ep.value for ep in entry_points(group="pytest11") if ep.name == PLUGIN] == [PLUGIN]


def test_an_installed_cardsmith_collects_scenarios_in_any_folder(tmp_path: Path) -> None:
    rules = tmp_path / "my-rules" / "edge cases"
    rules.mkdir(parents=True)
    (rules / "spark.scenario").write_text(SCENARIO.replace("HP", "34"), encoding="utf-8")
    (rules / "wrong.scenario").write_text(SCENARIO.replace("Own card", "Wrong").replace("HP", "1"), encoding="utf-8")
    done = pytest_in(tmp_path)
    out = done.stdout + done.stderr
    assert "spark.scenario::Own card PASSED" in out, out
    assert "wrong.scenario::Wrong FAILED" in out, out
    assert "wrong.scenario:11:3: expect bob.hp == 1" in out and "actual: bob.hp is 34" in out, out
    assert done.returncode == 1 and "1 failed, 1 passed" in out, out
    (tmp_path / "pytest.ini").write_text("[pytest]\nscenario_paths = elsewhere\n", encoding="utf-8")
    done = pytest_in(tmp_path)
    assert "no tests ran" in done.stdout and done.returncode == 5, done.stdout + done.stderr
