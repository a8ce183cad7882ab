"""tests/conftest.py picks the Hypothesis profile: 'dev' locally, Hypothesis's own 'ci'
when the CI variable is set (the conftest must not override it)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = ("import tests.conftest; from hypothesis import settings; "
         "s = settings.default; print(s.max_examples, s.derandomize, s.deadline)")


def _profile(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env={**clean, **env},
                         capture_output=True, text=True, timeout=60, check=True)
    return out.stdout.strip()


def test_dev_profile_by_default() -> None:
    assert _profile() == "15 False None"


def test_builtin_ci_profile_when_ci_is_set() -> None:
    assert _profile(CI="true") == "100 True None"


def test_profile_by_name() -> None:
    assert _profile(HYPOTHESIS_PROFILE="ci") == "100 True None"
