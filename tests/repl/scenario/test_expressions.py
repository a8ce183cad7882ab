"""Expressions in expectations (issue 18, point 3): sums and differences of numbers,
``not contains``, and the numbers a game's cards show (Rush of Ikorr's attack and health)."""
from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsmith.cli import main
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenarios import Compare, PathRef, Sum, parse_scenario
from cardsmith.repl.scenario.check import prepare

from ...fuzzing.draw import SETTINGS
from .conftest import BASE


def run(path) -> tuple[int, str]:
    out = io.StringIO()
    return main(["run", str(path)], out=out, err=out), out.getvalue()


def test_a_sum_parses_left_to_right_with_its_places():
    s = parse_scenario(BASE + "script\n  expect alice.hand.size + alice.deck.size - 1 == 45\n", "x.scenario")
    cond = s.section("script").lines[0].condition
    assert isinstance(cond, Compare) and isinstance(cond.left, Sum)
    assert cond.left.ops == ("+", "-") and cond.left.text() == "alice.hand.size + alice.deck.size - 1"
    assert isinstance(cond.left.terms[1], PathRef) and cond.left.terms[2].value == 1
    assert (cond.left.loc.line, cond.left.loc.col) == (13, 10)


def test_sums_and_not_contains_on_a_live_game(write):
    path = write("sum.scenario", BASE + '''script
  expect alice.hand.size + alice.deck.size == alice.hand.size + alice.deck.size
  expect alice.hand.size + 1 == 3
  expect bob.hp - alice.actions == 37
  expect 40 - bob.hp == 0
  expect alice.hand not contains "T Nix"
  expect alice.hand contains "T Zap"
  expect log not contains "T Bolt resolves"
  play "T Bolt" bob
  pass
  expect 40 - bob.hp == 3
  expect alice.hand not contains "T Bolt"
''')
    code, text = run(path)
    assert code == 0, text


def test_a_failed_sum_shows_each_part(write):
    code, text = run(write("s.scenario", BASE + "script\n  expect alice.hand.size + bob.hand.size == 5\n"))
    assert code == 1 and "actual: alice.hand.size + bob.hand.size is 3 (2 + 1)" in text, text
    code, text = run(write("n.scenario", BASE + '''script\n  expect alice.hand not contains "T Zap"\n'''))
    assert code == 1 and 'alice.hand is ["T Bolt", "T Zap"]' in text, text


@pytest.mark.parametrize("line,col,message", [
    ("expect alice.hand + 1 == 3", 10, "'+' adds numbers, and this is a zone"),
    ('expect alice.hp + "three" == 3', 21, "'+' adds numbers, and this is a text or a list"),
    ("expect alice.second-wind-used + 1 == 1", 10, "'+' adds numbers, and this is a bool"),
    ("expect alice.hp + == 3", 21, "unexpected '='; expected a number"),
    ('expect card "T Bolt".attack == 1', 24, "unknown property 'attack' of a card"),
])
def test_bad_sums_are_refused_where_they_stand(write, line, col, message):
    with pytest.raises(CardError) as info:
        prepare(write("bad.scenario", BASE + f"script\n  {line}\n"))
    assert (info.value.line, info.value.col) == (13, col), info.value.format()
    assert message in info.value.message


TERMS = ("alice.hand.size", "bob.hp", "1", "0", "-1", '"x"', "alice.hand", "stack.size", "true",
         'card "T Bolt".counters.x', "alice.second-wind-used", "9" * 30, "turn", "stack.top.paid.power",
         "alice.hand[9].name", "pending.size", "[1, 2]", "tile b2.terrain", "bob")
JOINS = (" + ", " - ", "+", " -", " ", " == ", " not contains ", " contains ", " not in ", " <= ", " ++ ")


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(JOINS), st.sampled_from(TERMS)), min_size=1, max_size=6))
def test_expressions_are_refused_at_their_line_or_run_without_an_internal_error(tmp_path_factory, parts):
    """Fuzzing the expression grammar: any mix of terms, signs and comparisons either is
    refused as the file loads, on the expectation's line, or runs to a located verdict."""
    from cardsmith.repl.scenario.run import run_prepared
    from .conftest import CARDS
    line = "expect " + parts[0][1] + "".join(j + t for j, t in parts[1:])
    path = tmp_path_factory.mktemp("expr") / "e.scenario"
    path.write_text(BASE.replace("CARDS", str(CARDS)) + f"script\n  {line}\n", encoding="utf-8")
    try:
        prep = prepare(path)
    except CardError as err:
        assert err.line == 13 and err.file == str(path), err.format()
        return
    outcome = run_prepared(prep)
    for f in outcome.failures:
        assert "internal error" not in f.message and f.loc is not None and f.loc.line == 13, f
