"""Helpers for the scenario tests: write scenario files next to the Ivion test cards."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import Outcome, run_lines

CARDS = Path(__file__).resolve().parents[2] / "scenarios" / "ivion" / "cards.ivion"



@pytest.fixture
def write(tmp_path: Path):
    """write(name, text) -> path: a scenario file importing the Ivion test cards."""
    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text.replace("CARDS", str(CARDS)), encoding="utf-8")
        return path
    return _write


BASE = '''scenario "Bolt"
note "IV-PLAY-1"
game ivion seed 1
import "CARDS"
player alice at c2 actions 3
  hand: "T Bolt", "T Zap"
  feats: "T Passive"
player bob at c3 power 2
  hand: "T Nix"
  feats: "T Passive"
turn alice
'''


def replay(path: Path):
    """A session on the scenario file's board with its script run (which must pass)."""
    prep = prepare(path)
    session = new_session(prep)
    outcome = Outcome(str(path), prep.sdef.name)
    assert run_lines(prep.sdef.section("script").lines, session, outcome), outcome.summary()
    return session


def saved_after(session, path: Path, *commands: str) -> str:
    """Run REPL commands in the session (each must succeed), then ``save scenario PATH``;
    the text saved."""
    for line in (*commands, f"save scenario {path}"):
        result = execute(session, line)
        assert result.ok, (line, result.text)
    return path.read_text(encoding="utf-8")
