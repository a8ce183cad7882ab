"""Every scenario of a file and every run of each, checked and run one by one.

``cardsmith run`` and the pytest plugin report each scenario of a file, and each of its
ruleset/option runs (``dsl.scenario_runs``), on its own: one that can't be prepared (an
unknown card in it, a board that can't be built under one ruleset) fails alone, and the
others still run.  A file that can't be parsed at all is one failure.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenario_runs import Run, load_scenarios, parse_scenarios, runs
from cardsmith.runtime.core.cards import CardLibrary

from .check import Prepared, board_deck_cards, board_library, prepare_def
from .run import Outcome, run_prepared


@dataclass(frozen=True)
class Planned:
    """One run of one scenario of a file, not yet checked (``prepare`` checks it)."""
    run: Run
    bundled: dict[str, CardLibrary]

    @property
    def name(self) -> str:
        return self.run.name

    def prepare(self) -> Prepared:
        """Check the run (raises ``CardError``); the game's bundled cards parsed with the
        file are used once, by the first run that asks (``prepare_def`` adds to them)."""
        game = self.run.sdef.game
        return prepare_def(self.run.sdef, self.bundled.pop(game, None))


def plan(path: str | Path | None = None, *, text: str | None = None, file: str = "<scenario>") -> list[Planned]:
    """The runs of every scenario of a file (or ``text``), in order.  Raises ``CardError``
    if the file can't be parsed."""
    bundled: dict[str, CardLibrary] = {}

    def library(game: str) -> Any:
        return board_library(game, bundled)

    if text is not None:
        sdefs = parse_scenarios(text, file, library, board_deck_cards)
    else:
        sdefs = load_scenarios(path, library, board_deck_cards)  # type: ignore[arg-type]
    return [Planned(r, bundled) for sdef in sdefs for r in runs(sdef)]


def run_names(path: str | Path) -> list[str]:
    """The names of the runs of a file (``Name``, ``Name[original]``), read without the
    card library: pytest collects these, each run checks its names when it runs."""
    return [r.name for sdef in load_scenarios(path) for r in runs(sdef)]


def run_planned(planned: Planned, *, uniqueness: bool = True) -> Outcome:
    """Check and run one run (raises ``CardError`` if it can't be checked or built); the
    outcome is named as the run."""
    outcome = run_prepared(planned.prepare(), uniqueness=uniqueness)
    outcome.name = planned.name
    return outcome


__all__ = ["Planned", "plan", "run_names", "run_planned"]
