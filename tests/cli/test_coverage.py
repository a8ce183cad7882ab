"""``cardsmith coverage GAME`` (cardsmith/coverage.py): the figures are those of the game's
printed list against its bundled scripts, worked out here the long way."""
from __future__ import annotations

import io
import re

from cardsmith import cli
from cardsmith.dsl.loader import bundled_library
from cardsmith.runtime.ivion import printed


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _expected() -> tuple[set[str], list]:
    names = {c.name.casefold() for c in bundled_library("ivion") if c.game == "ivion"}
    cards = printed.printed_cards()
    return {c.name for c in cards if c.name.casefold() in names and not c.unscriptable}, list(cards)


def test_the_headline_is_scripted_over_every_printed_card():
    scripted, cards = _expected()
    code, out, err = run("coverage", "ivion")
    assert code == 0, err
    assert out.splitlines()[0] == (f"ivion: {len(scripted)} of 656 printed cards scripted "
                                   f"({100 * len(scripted) / 656:.0f}%)")


def test_each_season_and_archetype_is_tallied():
    scripted, cards = _expected()
    _, out, _ = run("coverage", "ivion", "--summary")
    lines = out.splitlines()
    for grouping in ("season", "archetype"):
        start = lines.index(f"by {grouping}:") + 1
        block = []
        for line in lines[start:]:
            if not line.startswith("  "):
                break
            block.append(line)
        got = {}
        for line in block:
            m = re.fullmatch(r"  (.+?)\s+(\d+)/(\d+)\s+\d+%(  complete)?", line)
            assert m, line
            got[m[1]] = (int(m[2]), int(m[3]))
        want = {}
        for c in cards:
            group = dict(c.groups)[grouping]
            s, p = want.get(group, (0, 0))
            want[group] = (s + (c.name in scripted), p + 1)
        assert got == want
    assert "  Trap deck " in out and "not scripted (" not in out       # --summary: no list


def test_every_unscripted_card_is_listed_with_its_reason():
    scripted, cards = _expected()
    _, out, _ = run("coverage", "ivion")
    listed = out.split("\nnot scripted (", 1)[1].splitlines()
    assert listed[0] == f"{656 - len(scripted)}):"
    entries = [line.strip() for line in listed[1:] if line.startswith("  ")]
    assert len(entries) == 656 - len(scripted)
    assert "Fight with Honor (S2, Warrior): its printed data has no rules text to script" in entries
    assert "Winterheart (S2, Winterborn): its printed data has no rules text to script" in entries
    assert all(e.endswith(": not scripted yet") or ": " in e for e in entries)
    assert not any(e.startswith("Icebolt ") for e in entries)


def test_one_group_lists_only_its_cards():
    _, cards = _expected()
    code, out, _ = run("coverage", "ivion", "--group", "warrior")
    assert code == 0
    entries = [line.strip() for line in out.split("\nnot scripted (", 1)[1].splitlines()[1:]]
    assert entries and all(", Warrior)" in e for e in entries)


def test_bad_games_and_groups_are_refused_with_a_message():
    assert run("coverage", "ivon")[0] == 2 and "did you mean 'ivion'" in run("coverage", "ivon")[2]
    code, out, err = run("coverage", "sylvion")
    assert (code, out) == (1, "") and "sylvion has no list of printed cards" in err
    code, out, err = run("coverage", "ivion", "--group", "Warior")
    assert (code, out) == (2, "") and "no group 'Warior'" in err and "did you mean 'Warrior'" in err
