"""pytest collects scenario and puzzle files as tests.

Registered by the ``pytest11`` entry point (pyproject.toml), so an installed cardsmith
brings it to every pytest run of its environment; ``-p
no:cardsmith.repl.scenario.pytest_plugin`` turns it off.  Every ``*.scenario`` file pytest
looks at is collected, or, with the ini option ``scenario_paths`` (folders, relative to
the ini file), only those under one of its folders.  Each scenario of a file, and each
ruleset/option run of it, is its own test item (``file.scenario::Name[original]``); a
failure is reported at the scenario's own line (``file:line: the expectation`` and the
actual value), not as a Python traceback.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr     # what pytest's own repr_failure returns

INI = "scenario_paths"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(INI, "folders whose .scenario files are collected as tests (default: every .scenario "
                  "file pytest looks at)", type="paths", default=[])


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> "ScenarioFile | None":
    if file_path.suffix != ".scenario":
        return None
    folders = [Path(p).resolve() for p in parent.config.getini(INI)]
    if folders and not any(file_path.resolve().is_relative_to(f) for f in folders):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


class ScenarioFailed(Exception):
    """A scenario that failed: the text is already the whole report."""


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator["ScenarioItem"]:
        from cardsmith.dsl.errors import CardError

        from .runs import run_names
        try:
            names = run_names(self.path)
        except CardError:
            names = [self.path.stem]            # the item reports the error when it runs
        for k, name in enumerate(names):
            yield ScenarioItem.from_parent(self, name=name, index=k)


class ScenarioItem(pytest.Item):
    def __init__(self, *, name: str, parent: ScenarioFile, index: int = 0, **kw: Any) -> None:
        super().__init__(name=name, parent=parent, **kw)
        self.index = index
        self.add_marker(pytest.mark.scenario)

    def runtest(self) -> None:
        from cardsmith.dsl.errors import CardError

        from .runs import plan, run_planned
        try:
            outcome = run_planned(plan(self.path)[self.index])
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
