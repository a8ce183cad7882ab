"""Helpers for the scenario tests: write scenario files next to the Ivion test cards."""
from __future__ import annotations

from pathlib import Path

import pytest

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
