"""Unambiguous card references (issue 18 point 7): `card "NAME"` reads the one card of that
name; with several copies in the game it is an error at its line listing each (owner, where
it lies, the path that names it), and a copy is named by where it lies (`alice.hand["NAME"]`,
`tile b1.cards["NAME"]`, `bob.attached["NAME"]`) or by its place (`alice.hand[2]`)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import run_prepared

from .conftest import BASE

TWO = BASE.replace('  hand: "T Nix"\n', '  hand: "T Nix", "T Bolt"\n')     # bob holds a T Bolt too


def run(write, text):
    return run_prepared(prepare(write("r.scenario", text)))


def test_one_copy_is_fine(write):
    out = run(write, BASE + 'script\n  expect card "T Zap".zone == "alice\'s hand"\n')
    assert out.ok, out.summary()


def test_several_copies_are_an_error_listing_each(write):
    out = run(write, TWO + 'script\n  expect card "T Bolt".zone == "alice\'s hand"\n')
    assert not out.ok and len(out.failures) == 1
    f = out.failures[0]
    assert (f.loc.line, f.loc.col) == (13, 10)
    assert 'card "T Bolt" names 2 cards' in f.message
    assert "alice's hand: alice.hand[1]" in f.message and "bob's hand: bob.hand[2]" in f.message
    assert 'alice.hand["T Bolt"]' in f.message          # how to name one


def test_a_copy_named_by_its_zone_or_place(write):
    out = run(write, TWO + 'script\n  expect alice.hand["T Bolt"].owner == alice\n'
              '  expect bob.hand["T Bolt"].owner == bob\n  expect bob.hand[2].name == "T Bolt"\n'
              '  expect alice.hand["T Nix"].zone == "x"\n')
    assert [f.loc.line for f in out.failures] == [16], out.summary()
    assert "nothing" in out.failures[0].message      # no T Nix in alice's hand: no card there


def test_two_copies_in_one_zone_name_them_by_place(write):
    text = BASE.replace('"T Bolt", "T Zap"', '"T Bolt", "T Zap", "T Bolt"')
    out = run(write, text + 'script\n  expect alice.hand["T Bolt"].revealed == false\n')
    assert not out.ok
    msg = out.failures[0].message
    assert 'alice.hand["T Bolt"] names 2 cards' in msg and "alice.hand[3]" in msg and "by its place" in msg


def test_attached_cards_and_the_stack(write):
    text = TWO + 'attach "T Bolt" to b1 owner alice\nscript\n'
    out = run(write, text + '  expect tile b1.cards["T Bolt"].owner == alice\n  expect tile b1.cards == ["T Bolt"]\n'
              '  expect tile b1.cards.size == 1\n  expect card "T Bolt".zone == "x"\n')
    assert [f.loc.line for f in out.failures] == [17]
    assert "on b1: tile b1.cards[1]" in out.failures[0].message
    out = run(write, BASE + 'script\n  play "T Bolt" bob\n  expect stack[1].card == "T Bolt"\n'
              '  expect stack[1].card.owner == alice\n  expect card "T Bolt".zone == "the stack"\n')
    assert out.ok, out.summary()


@pytest.mark.parametrize("line, col, message", [
    ('  expect alice.hand["T Blot"].owner == alice\n', 20, "unknown card 'T Blot'"),
    ('  expect alice.hp["T Bolt"] == 1\n', 18, "holds no cards to name one of"),
    ('  expect stack["T Bolt"].fate == "x"\n', 15, "holds no cards to name one of"),
    ('  expect alice.hand[""].owner == alice\n', 20, "can't be empty"),
])
def test_bad_names_are_located_before_running(write, line, col, message):
    with pytest.raises(CardError) as err:
        prepare(write("b.scenario", BASE + "script\n" + line))
    assert (err.value.line, err.value.col) == (13, col) and message in err.value.message
