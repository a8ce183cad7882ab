"""Which scenario of a file, and which run, the REPL opens (docs/scenarios.md, "Several
scenarios in one file"): `load FILE` the first of each, listing the others; `load
"FILE::NAME[RUN]"` the one named, as pytest names it; a name or run that picks nothing is
refused with what the file has, and the session stays as it was.  ``pick`` itself is
``dsl.scenario_runs``'s."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenario_runs import parse_scenarios, pick, split_item
from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session

TEXT = '''scenario "Seats"
game ikorr seed 1
option format 1v1, 2v2
option first 0
option auto_pass true, false
player alice secured 2
player bob
script
  expect alice.secured == 2

scenario "Secured"
game ikorr seed 1
player alice secured 5
player bob
'''


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "two.scenario"
    p.write_text(TEXT, encoding="utf-8")
    return p


def test_load_opens_the_first_scenario_and_run_and_lists_the_rest(path: Path) -> None:
    session = Session("ivion")
    result = execute(session, f"load {path}")
    assert result.ok, result.text
    assert session.game_name == "ikorr" and session.scenario.sdef.name == "Seats"
    assert session.scenario.label == "1v1-true"
    assert f'note: {path} holds 2 scenarios; this is the first, "Seats"; the others: "Secured"' in result.text
    assert '"Seats" runs under each of 1v1-true, 1v1-false, 2v2-true, 2v2-false' in result.text


def test_load_names_a_scenario_and_a_run(path: Path) -> None:
    session = Session("ivion")
    result = execute(session, f'load "{path}::Seats[2v2-false]"')
    assert result.ok, result.text
    assert session.scenario.label == "2v2-false" and len(session.g.state.players) == 4
    assert [p.name for p in session.g.state.players] == ["alice", "carol", "bob", "dave"]
    assert "note:" not in result.text
    result = execute(session, f'load "{path}::secured"')
    assert result.ok and session.scenario.sdef.name == "Secured"
    assert session.view.player_value(session.g, 0, "secured") == 5


@pytest.mark.parametrize("spec, message", [
    ("::Sets", "no scenario named \"Sets\""),
    ("::Seats[3v3]", "\"Seats\" has no run under '3v3'"),
    ("::Seats[2v2]", "'2v2' fits 2 runs of \"Seats\" (2v2-true, 2v2-false)"),
    ("::Secured[1v1]", "\"Secured\" has one run"),
])
def test_a_load_that_picks_nothing_changes_nothing(path: Path, spec: str, message: str) -> None:
    session = Session("ivion")
    before = session.g.to_json()
    result = execute(session, f'load "{path}{spec}"')
    assert not result.ok and message in result.text, result.text
    assert session.game_name == "ivion" and session.g.to_json() == before


def test_under_takes_values_comma_separated_or_the_label() -> None:
    sdefs = parse_scenarios(TEXT, "two.scenario")
    assert pick(sdefs, "f", "Seats", "2v2, false")[0].label == "2v2-false"
    assert pick(sdefs, "f", "Seats", "false,2v2")[0].label == "2v2-false"
    assert pick(sdefs, "f", "Seats", "1v1-true")[0].label == "1v1-true"
    assert pick(sdefs, "f", "SEATS[2v2-true]")[0].label == "2v2-true"
    with pytest.raises(CardError, match="two runs asked for"):
        pick(sdefs, "f", "Seats[2v2-true]", "1v1, true")


def test_split_item() -> None:
    assert split_item("a.scenario") == ("a.scenario", None)
    assert split_item("d/a.scenario::N [x]") == ("d/a.scenario", "N [x]")
    assert split_item("::N") == ("::N", None)


SDEFS = parse_scenarios(TEXT, "two.scenario")


@given(st.one_of(st.text(max_size=30), st.sampled_from(["Seats", "secured", "Seats[", "Seats[]", "seats[1v1-true]"])))
def test_any_name_picks_a_scenario_or_is_refused_with_the_list(name: str) -> None:
    sdefs = SDEFS
    try:
        run, notes = pick(sdefs, "two.scenario", name)
    except CardError as exc:
        assert "Seats" in exc.hint and "Secured" in exc.hint or "run" in exc.message
    else:
        assert run.sdef.name.casefold() in name.casefold()
        assert len(notes) == (0 if run.sdef.name == "Secured" or "[" in name else 1)
