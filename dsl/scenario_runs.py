"""Several scenarios in one file, and the runs of one scenario.

A ``.scenario`` file may hold several ``scenario`` blocks one after another, each with its
own board and script.  Each block is parsed alone, with the text before it blanked out
(newlines kept), so every line and column it reports is its place in the file; the
grammar stops a block where the next ``scenario`` line starts (``Following``).

A scenario with ``ruleset A, B`` or ``option KEY A, B`` (several values) runs once under
each value, and under each combination when it has several such lines: a ``Run`` is one of
them, with its ``ScenarioDef`` fixed to that ruleset and those values, and only the
``expect under ...`` lines that name one of its values.  Nothing here runs a game.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .errors import CardError, did_you_mean
from .scenarios import ScenarioDef, Section, parse_scenario


@dataclass(frozen=True, slots=True)
class Run:
    """One run of a scenario: ``label`` is "" for a scenario with one run, else its values
    joined by ``-`` (``original``, ``original-2v2``), as pytest shows parameters."""
    label: str
    words: tuple[str, ...]
    sdef: ScenarioDef

    @property
    def name(self) -> str:
        """The scenario's name with the run's label: ``Control removal[original]``."""
        return f"{self.sdef.name}[{self.label}]" if self.label else self.sdef.name


def blank_before(text: str, start: int) -> str:
    """The text with everything before ``start`` made spaces (newlines kept)."""
    head = "".join("\n" if ch == "\n" else " " for ch in text[:start])
    return head + text[start:]


def parse_scenarios(text: str, file: str = "<scenario>", library: Any = None,
                    deck_cards: Any = None) -> tuple[ScenarioDef, ...]:
    """Every scenario of a file, in order (see ``parse_scenario`` for ``library`` and
    ``deck_cards``).  Two scenarios with the same name are refused at the second, since
    each is reported (and selected in pytest) by its name."""
    out: list[ScenarioDef] = []
    rest = text
    while True:
        sdef = parse_scenario(rest, file, library, deck_cards)
        for other in out:
            if other.name == sdef.name:
                raise CardError(f"a second scenario named \"{sdef.name}\" (the first is at line {other.loc.line})",
                                file, sdef.loc.line, sdef.loc.col, text, "give each scenario of a file its own name")
        out.append(sdef)
        if sdef.following < 0:
            return tuple(out)
        rest = blank_before(text, sdef.following)


def load_scenarios(path: str | Path, library: Any = None, deck_cards: Any = None) -> tuple[ScenarioDef, ...]:
    """Read a scenario file and parse all its scenarios.  Raises ``CardError`` on bad input."""
    from .loader import decode
    from .userfiles import read_bytes
    p = Path(path)
    return parse_scenarios(decode(p, read_bytes(p)), str(path), library, deck_cards)


def runs(sdef: ScenarioDef) -> tuple[Run, ...]:
    """The runs of a scenario: one per combination of its several-valued lines, in the
    order they are written (a scenario without such lines has one run, labelled "")."""
    if not sdef.runs:
        return (Run("", (), _only(sdef, ())),)
    out = []
    for combo in itertools.product(*(range(len(axis.values)) for axis in sdef.runs)):
        words = tuple(axis.words[k] for axis, k in zip(sdef.runs, combo))
        fixed = dict((axis.key, axis.values[k]) for axis, k in zip(sdef.runs, combo))
        ruleset = fixed.pop("ruleset", sdef.ruleset)
        options = tuple((key, fixed.get(key, value), loc) for key, value, loc in sdef.options)
        one = replace(sdef, ruleset=ruleset, options=options)
        out.append(Run("-".join(words), words, _only(one, words)))
    return tuple(out)


def _only(sdef: ScenarioDef, words: tuple[str, ...]) -> ScenarioDef:
    """The scenario with only the lines for a run of these values (``expect under``)."""
    def keep(section: Section) -> Section:
        return replace(section, lines=tuple(ln for ln in section.lines
                                            if not ln.under or any(w in words for w in ln.under)))
    return replace(sdef, sections=tuple(keep(s) for s in sdef.sections))


#: ``FILE::NAME`` and ``FILE::NAME[RUN]``, as pytest names a scenario's test items
ITEM_SEPARATOR = "::"


def split_item(spec: str) -> tuple[str, str | None]:
    """``a.scenario::Name[original]`` -> (``a.scenario``, ``Name[original]``); a plain
    file name -> (it, None)."""
    path, sep, name = spec.partition(ITEM_SEPARATOR)
    return (path, name) if sep and path else (spec, None)


def pick(sdefs: tuple[ScenarioDef, ...], file: str, name: str | None = None,
         under: str | None = None) -> tuple[Run, list[str]]:
    """The run ``repl FILE`` and ``solve FILE`` open, and notes saying what else the file
    holds.  ``name`` is a scenario's name (any case), or a pytest item's ``Name[RUN]``;
    ``under`` the run's values, separated by commas (``original``, ``original, 2v2``), or
    its label (``original-2v2``).  Without a name the first scenario is opened, without
    ``under`` its first run, and a note lists the others and how to pick one.  A name or
    value that picks nothing (or ``under`` that fits several runs) is a ``CardError``
    listing what there is."""
    notes: list[str] = []
    label = None
    if name is None:
        sdef = sdefs[0]
        if len(sdefs) > 1:
            notes.append(f"{file} holds {len(sdefs)} scenarios; this is the first, {_names([sdef])}; the others: "
                         f"{_names(sdefs[1:])} (open one with --scenario NAME, or {file}::NAME)")
    else:
        found = _named(sdefs, name)
        if found is None and name.endswith("]") and "[" in name:
            cut = name.rindex("[")
            found, label = _named(sdefs, name[:cut]), name[cut + 1:-1]
        if found is None:
            raise CardError(f"no scenario named \"{name}\" in {file}" + did_you_mean(name, [d.name for d in sdefs]),
                            file, hint="its scenarios: " + _names(sdefs))
        sdef = found
    if label is not None and under is not None and label != under:
        raise CardError(f"two runs asked for: [{label}] and --under {under}", file, hint="give one of them")
    return _pick_run(sdef, file, label if label is not None else under, notes), notes


def _pick_run(sdef: ScenarioDef, file: str, under: str | None, notes: list[str]) -> Run:
    """The run of ``sdef`` that ``under`` names (see ``pick``)."""
    all_runs = runs(sdef)
    labels = ", ".join(r.label for r in all_runs)
    if under is None:
        if len(all_runs) > 1:
            notes.append(f"\"{sdef.name}\" runs under each of {labels}; this is its first run, "
                         f"[{all_runs[0].label}] (open another with --under VALUE, or {file}::NAME[VALUE])")
        return all_runs[0]
    if len(all_runs) == 1:
        raise CardError(f"\"{sdef.name}\" has one run: no ruleset or option line of it lists several values",
                        file, hint="leave out --under (or the [VALUE] after its name)")
    words = [w.strip() for w in under.split(",") if w.strip()]
    fits = [r for r in all_runs if r.label == under.strip()] or \
        [r for r in all_runs if words and all(w in r.words for w in words)]
    if not fits:
        known = list(dict.fromkeys(w for r in all_runs for w in r.words))
        raise CardError(f"\"{sdef.name}\" has no run under '{under}'" + did_you_mean(words[-1] if words else under, known),
                        file, hint=f"its runs: {labels}")
    if len(fits) > 1:
        raise CardError(f"'{under}' fits {len(fits)} runs of \"{sdef.name}\" ({', '.join(r.label for r in fits)})",
                        file, hint="name one more value, comma-separated: --under original,2v2")
    return fits[0]


def _named(sdefs: tuple[ScenarioDef, ...], name: str) -> ScenarioDef | None:
    key = name.strip().casefold()
    return next((d for d in sdefs if d.name.casefold() == key), None)


def _names(sdefs: Any) -> str:
    return ", ".join(f'"{d.name}"' for d in sdefs)


def first_run(sdef: ScenarioDef) -> ScenarioDef:
    """The scenario as its first run (for ``repl FILE`` and ``solve``, which open one game)."""
    return runs(sdef)[0].sdef


__all__ = ["Run", "parse_scenarios", "load_scenarios", "runs", "first_run", "blank_before", "pick", "split_item"]
