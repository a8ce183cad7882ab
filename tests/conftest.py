"""Shared fixtures: every test gets its own compiled-card cache folder."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests must never read (or poison) a designer's real cache."""
    monkeypatch.setenv("CARDSMITH_CACHE", str(tmp_path_factory.mktemp("cache")))
