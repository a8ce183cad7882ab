"""Every rule id of docs/ivion/rules.md has a scenario that cites it in brackets in a `note`
line (`note "001 § ... (IV-TURN-3, IV-SETUP-6)"`), and every id a scenario cites is one the
catalogue has (issue 18: the Ivion rule ids that had no scenario)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ID = re.compile(r"IV-[A-Z]+(?:-[A-Z]+)*-\d+")


def catalogue() -> list[str]:
    return re.findall(r"^- \*\*(IV-[A-Z]+(?:-[A-Z]+)*-\d+)\*\*", (ROOT / "docs/ivion/rules.md").read_text(),
                      re.MULTILINE)


def bracketed(text: str) -> set[str]:
    """The ids inside brackets, at any depth: '(IV-TURN-8 (inferred), IV-TURN-6)'."""
    out: set[str] = set()
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                out |= set(ID.findall(text[start:i]))
    return out


def cited() -> dict[str, set[str]]:
    """id -> the scenario files whose note lines cite it in brackets."""
    out: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests/scenarios/ivion").glob("*.scenario")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("note "):
                for rid in bracketed(line):
                    out.setdefault(rid, set()).add(path.name)
    return out


def test_the_catalogue_is_read():
    ids = catalogue()
    assert len(ids) > 150 and "IV-SETUP-1" in ids and "IV-KW-STUN-2" in ids and len(ids) == len(set(ids))


def test_bracketed_reads_nested_brackets():
    assert bracketed('note "x (IV-TURN-8 (inferred), IV-TURN-6) IV-RES-1"') == {"IV-TURN-8", "IV-TURN-6"}


def test_every_rule_id_has_a_scenario_citing_it():
    have = cited()
    missing = [rid for rid in catalogue() if rid not in have]
    assert not missing, f"rule ids no scenario note cites in brackets: {missing}"


def test_every_cited_id_is_in_the_catalogue():
    known = set(catalogue())
    unknown = {rid: sorted(files) for rid, files in cited().items() if rid not in known}
    assert not unknown, f"scenarios cite ids docs/ivion/rules.md doesn't have: {unknown}"
