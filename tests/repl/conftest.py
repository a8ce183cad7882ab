"""Fixtures for the REPL tests: a fresh session on the default duel, a helper that runs
commands and fails loudly on errors, and private caches/history files."""
from __future__ import annotations

import os
import tempfile

import pytest

os.environ.setdefault("CARDSMITH_CACHE", os.path.join(tempfile.gettempdir(), "cardsmith-test-cache"))

from cardsmith.repl.commands import execute  # noqa: E402
from cardsmith.repl.session import Session  # noqa: E402


class Driver:
    """Runs REPL lines against a session, like a person typing them."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def __call__(self, line: str) -> str:
        result = execute(self.session, line)
        assert result.ok, f"{line!r} failed:\n{result.text}"
        return result.text

    def fails(self, line: str) -> str:
        result = execute(self.session, line)
        assert not result.ok, f"{line!r} should have failed but said:\n{result.text}"
        return result.text

    @property
    def game(self):
        return self.session.g

    def stat(self, player: int, key: str) -> int:
        return self.session.g.state.players[player].stats[key]


@pytest.fixture
def repl() -> Driver:
    return Driver(Session(seed=1))


@pytest.fixture(autouse=True)
def _history_file(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSMITH_HISTORY", str(tmp_path / "history"))
