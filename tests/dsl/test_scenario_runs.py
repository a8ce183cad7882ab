"""Several scenarios in one file, and a scenario's runs under each ruleset or option value
(issue 18 point 1; docs/scenarios.md "Several scenarios in one file" and "Runs"): each
block is read alone at its place in the file, each run is fixed to its values with only
its ``under`` lines, and bad input is a located ``CardError``."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenario_runs import parse_scenarios, runs

TWO = '''# a file of two scenarios
scenario "First"
game ivion ruleset hh, original seed 1
player alice hp 30
script
  expect alice.hp == 30
  expect under original: alice.hp == 30
  under hh: pass

scenario "Second"
game ikorr seed 2
option format 1v1, 2v2
option first 0, 1
player alice secured 3
script
  expect under 2v2: alice.secured == 3
'''


def error_of(text: str) -> CardError:
    with pytest.raises(CardError) as info:
        parse_scenarios(text, "s.scenario")
    return info.value


def test_each_scenario_of_a_file_has_its_own_board_script_and_place() -> None:
    first, second = parse_scenarios(TWO, "s.scenario")
    assert (first.name, first.game, first.loc.line, first.seed) == ("First", "ivion", 2, 1)
    assert (second.name, second.game, second.loc.line, second.seed) == ("Second", "ikorr", 10, 2)
    assert [s[:2] for p in first.players for s in p.stats] == [("hp", 30)]
    assert second.players[0].stats[0][:2] == ("secured", 3)
    assert [ln.loc.line for ln in second.sections[0].lines] == [16]       # the line in the file
    assert len(first.sections[0].lines) == 3                              # the second's lines are its own


def test_a_scenario_runs_once_under_each_value_and_each_combination() -> None:
    first, second = parse_scenarios(TWO, "s.scenario")
    hh, original = runs(first)
    assert (hh.name, hh.sdef.ruleset, original.name, original.sdef.ruleset) == (
        "First[hh]", "hh", "First[original]", "original")
    assert [r.label for r in runs(second)] == ["1v1-0", "1v1-1", "2v2-0", "2v2-1"]
    run = runs(second)[3]
    assert dict((k, v) for k, v, _ in run.sdef.options) == {"format": "2v2", "first": 1}   # converted: 1 not "1"


def test_under_lines_belong_to_their_runs_only() -> None:
    hh, original = runs(parse_scenarios(TWO, "s.scenario")[0])
    assert [ln.text for ln in hh.sdef.sections[0].lines] == ["expect alice.hp == 30", "under hh: pass"]
    assert [ln.text for ln in original.sdef.sections[0].lines] == [
        "expect alice.hp == 30", "expect under original: alice.hp == 30"]
    assert hh.sdef.sections[0].lines[1].command == "pass"


def test_a_scenario_with_one_value_per_line_has_one_unnamed_run() -> None:
    (only,) = runs(parse_scenarios('scenario "x"\ngame ivion ruleset original\n', "s.scenario")[0])
    assert (only.label, only.name, only.sdef.ruleset) == ("", "x", "original")


BAD = [
    ("game ivion ruleset hh, orignal", "unknown ruleset 'orignal' for ivion; did you mean 'original'?", 2, 24),
    ("game ivion ruleset hh, hh", "ruleset names a value twice", 2, 12),
    ("game ikorr\noption format 1v1, 4v4", "option 'format' takes 1v1 or 2v2 or 3v3, not '4v4'", 3, 20),
    ("game ikorr\noption formt 1v1, 2v2", "unknown option 'formt' for ikorr; did you mean 'format'?", 3, 1),
    ("game ivion ruleset hh, original\nscript\n  expect under orig: 1 == 1", "no run 'orig' in this scenario; did you mean 'original'?", 4, 16),
    ("game ivion\nscript\n  under hh: pass", "no run 'hh' in this scenario", 4, 9),
]


@pytest.mark.parametrize("lines, message, line, col", BAD)
def test_bad_runs_are_refused_at_their_word(lines: str, message: str, line: int, col: int) -> None:
    err = error_of(f'scenario "x"\n{lines}\n')
    assert (err.message, err.line, err.col) == (message, line, col)


def test_a_second_scenario_of_the_same_name_is_refused_at_the_second() -> None:
    err = error_of(TWO.replace('scenario "Second"', 'scenario "First"'))
    assert (err.line, err.col) == (10, 1)
    assert err.message == 'a second scenario named "First" (the first is at line 2)'


def test_a_malformed_later_scenario_is_located_in_its_own_block() -> None:
    err = error_of(TWO.replace("player alice secured 3", "player alice secured three"))
    assert err.line == 14 and "three" in err.format()
    err = error_of(TWO + '\nscenario "Third"\nplayer bob\n')             # no game line
    assert err.line == 19, err.format()


TRAILING = [
    ("game ivion ruleset hh, seed 1", "a trailing ',' ends the `ruleset` list after 'hh'", 2, 22),
    ("game ivion ruleset hh,\nplayer alice", "a trailing ',' ends the `ruleset` list after 'hh'", 2, 22),
    ("game ivion ruleset hh, original,", "a trailing ',' ends the `ruleset` list after 'original'", 2, 32),
    ("game ikorr\noption format 1v1,\nplayer alice", "a trailing ',' ends the `option format` list after '1v1'", 3, 18),
    ("game ikorr\noption format 1v1, # both\n  seed 2", "a trailing ',' ends the `option format` list after '1v1'", 3, 18),
    ('game ivion\nplayer alice\n  hand: "Icebolt",\n  deck: "Block"', "a trailing ',' ends the `hand:` list after \"Icebolt\"", 4, 18),
]


@pytest.mark.parametrize("lines, message, line, col", TRAILING)
def test_a_trailing_comma_is_refused_at_the_comma_naming_its_list(lines: str, message: str, line: int,
                                                                   col: int) -> None:
    """Not "unexpected 'seed'" at the next word: the word after the comma is never read as
    a value of the list when it begins a line or a game option (issue 18 point 8)."""
    err = error_of(f'scenario "x"\n{lines}\n')
    assert err.message.startswith(message + ": remove it"), err.format()
    assert (err.line, err.col) == (line, col)
    assert "separated by commas" in err.hint


def test_a_value_that_only_begins_like_a_keyword_is_still_a_value() -> None:
    """``cards-x`` or ``seeds`` are values: only a whole keyword ends the list."""
    (sdef,) = parse_scenarios('scenario "x"\ngame ikorr\noption format 1v1, 2v2\noption first 0, 1\n', "s.scenario")
    assert [a.words for a in sdef.runs] == [("1v1", "2v2"), ("0", "1")]
    with pytest.raises(CardError) as info:
        parse_scenarios('scenario "x"\ngame ivion ruleset seeds\n', "s.scenario")
    assert "unknown ruleset 'seeds'" in info.value.message
