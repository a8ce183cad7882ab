"""The installed ``cardsmith`` command, for the tests that run it as a user does."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest


def cardsmith_exe() -> str:
    """The ``cardsmith`` next to this interpreter (the worktree's own), else on the path."""
    here = Path(sys.executable).parent / "cardsmith"
    found = str(here) if here.exists() else shutil.which("cardsmith")
    if not found:
        pytest.skip("the cardsmith command is not installed")
    return found
