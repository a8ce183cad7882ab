"""pytest collects scenario and puzzle files as tests.

Loaded from the repository's root ``conftest.py``.  Every ``*.scenario`` file under a
``scenarios`` or ``puzzles`` folder becomes one test item named after the scenario; a
failure is reported at the scenario's own line (``file:line: the expectation`` and the
actual value), not as a Python traceback.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr     # what pytest's own repr_failure returns

FOLDERS = {"scenarios", "puzzles"}


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> "ScenarioFile | None":
    if file_path.suffix == ".scenario" and FOLDERS & set(file_path.parts):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFailed(Exception):
    """A scenario that failed: the text is already the whole report."""


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator["ScenarioItem"]:
        from cardsmith.dsl.errors import CardError
        from cardsmith.dsl.scenarios import load_scenario
        try:
            name = load_scenario(self.path).name
        except CardError:
            name = self.path.stem               # the item reports the error when it runs
        yield ScenarioItem.from_parent(self, name=name)


class ScenarioItem(pytest.Item):
    def __init__(self, *, name: str, parent: ScenarioFile, **kw: Any) -> None:
        super().__init__(name=name, parent=parent, **kw)
        self.add_marker(pytest.mark.scenario)

    def runtest(self) -> None:
        from cardsmith.dsl.errors import CardError

        from .check import prepare
        from .run import run_prepared
        try:
            outcome = run_prepared(prepare(self.path))
        except CardError as e:
            raise ScenarioFailed(e.format()) from None
        for note in outcome.notes:
            if note.startswith("warning"):
                self.warn(pytest.PytestWarning(f"{self.path.name}: {note}"))
        if not outcome.ok:         # every failed line, each at its place
            raise ScenarioFailed("\n".join(f"{f.where(str(self.path))}: {f.line}\n"
                                           + "\n".join(f"    {m}" for m in f.message.splitlines())
                                           for f in outcome.failures))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | TerminalRepr:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario: {self.name}"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "scenario: a .scenario file run as a test")
