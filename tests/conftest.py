"""Shared test setup: a private compiled-card cache per test, and Hypothesis profiles.

Profiles: ``dev`` (few examples, the default for local runs, so the suite stays quick) is
registered here and loaded unless the ``CI`` environment variable is set; then Hypothesis
loads its built-in ``ci`` profile by itself and we leave it alone.  ``HYPOTHESIS_PROFILE``
picks a profile by name (e.g. ``ci`` locally, to reproduce a CI run).
"""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("dev", max_examples=15, deadline=None)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
elif not os.environ.get("CI"):
    settings.load_profile("dev")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests must never read (or poison) a designer's real cache."""
    monkeypatch.setenv("CARDSMITH_CACHE", str(tmp_path_factory.mktemp("cache")))
