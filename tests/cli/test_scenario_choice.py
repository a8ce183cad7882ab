"""The installed ``cardsmith repl FILE`` and ``cardsmith solve FILE`` on a file of several
scenarios, one run under two rulesets (docs/scenarios.md, "Several scenarios in one file"):
``--scenario NAME``, ``--under VALUE`` and ``FILE::NAME[VALUE]`` pick one; without them the
first is opened and the others are listed; a name or value that picks nothing is refused
with what there is, exit 1, no traceback."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.installed import cardsmith_exe

CARDS = Path(__file__).resolve().parents[1] / "scenarios" / "ivion" / "cards.ivion"
FILE = f'''scenario "Board"
game ivion ruleset hh, original seed 1
import "{CARDS}"
player alice hp 31
player bob hp 32
script
  expect alice.hp == 31

scenario "One Icebolt"
game ivion seed 1
player alice at c1 actions 1 power 0 initiative 0
  hand: "Icebolt", "Snowclutch"
  deck: "Tenacity", "Tenacity"
  feats: "Winterburst"
player bob at c3 hp 4 flags second-wind-used
  hand:
  deck: "Tenacity", "Tenacity"
  feats: "Winterburst"
turn alice
goal win this turn depth 3
'''


@pytest.fixture
def two(tmp_path: Path) -> Path:
    (tmp_path / "two.scenario").write_text(FILE, encoding="utf-8")
    return tmp_path


def cardsmith(cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([cardsmith_exe(), *args], capture_output=True, text=True, cwd=cwd, input=stdin,
                          timeout=300)


def test_repl_opens_the_first_scenario_and_run_and_lists_the_others(two: Path) -> None:
    done = cardsmith(two, "repl", "two.scenario", stdin="")
    assert done.returncode == 0, done.stderr
    assert "scenario: Board [hh]" in done.stdout
    assert 'the others: "One Icebolt" (open one with --scenario NAME, or two.scenario::NAME)' in done.stdout
    assert '"Board" runs under each of hh, original; this is its first run, [hh]' in done.stdout


def test_repl_picks_a_scenario_and_a_run(two: Path) -> None:
    for args in (["two.scenario", "--scenario", "board", "--under", "original"],
                 ["two.scenario::Board[original]"], ["two.scenario::Board", "--under", "original"]):
        done = cardsmith(two, "repl", *args, stdin="")
        assert done.returncode == 0, (args, done.stderr)
        assert "scenario: Board [original]" in done.stdout, args
        assert "note:" not in done.stdout, args             # what was asked for, nothing to list
    done = cardsmith(two, "repl", "two.scenario", "--scenario", "One Icebolt", stdin="")
    assert done.returncode == 0 and "scenario: One Icebolt\n" in done.stdout
    assert "\ngoal win this turn depth 3\n" in done.stdout


def test_repl_refuses_what_picks_nothing(two: Path) -> None:
    done = cardsmith(two, "repl", "two.scenario", "--scenario", "Bord", stdin="")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "no scenario named \"Bord\" in two.scenario; did you mean 'Board'?" in done.stderr
    assert 'its scenarios: "Board", "One Icebolt"' in done.stderr
    done = cardsmith(two, "repl", "two.scenario::Board[orignal]", stdin="")
    assert done.returncode == 1 and "\"Board\" has no run under 'orignal'; did you mean 'original'?" in done.stderr
    assert "its runs: hh, original" in done.stderr
    done = cardsmith(two, "repl", "two.scenario", "--scenario", "One Icebolt", "--under", "hh", stdin="")
    assert done.returncode == 1 and '"One Icebolt" has one run' in done.stderr
    done = cardsmith(two, "repl", "two.scenario::Board[hh]", "--scenario", "One Icebolt", stdin="")
    assert done.returncode == 1 and "two scenarios asked for" in done.stderr
    done = cardsmith(two, "repl", "--under", "hh", stdin="")
    assert done.returncode == 2 and "--scenario and --under pick a scenario of a .scenario file" in done.stderr


def test_solve_picks_the_puzzle_of_the_file(two: Path) -> None:
    done = cardsmith(two, "solve", "two.scenario")
    assert done.returncode == 1
    assert 'the others: "One Icebolt"' in done.stderr
    assert '"Board" is not a puzzle (it has no `goal` line)' in done.stderr
    for args in (["two.scenario", "--scenario", "one icebolt"], ["two.scenario::One Icebolt"]):
        done = cardsmith(two, "solve", *args)
        assert done.returncode == 0, done.stderr
        assert "play Icebolt\n  target bob" in done.stdout and "note:" not in done.stderr
