"""Expectations on a pile as a whole: ``CARD.beneath`` is the list of the cards beneath a
card, top first, with ``size``, ``top``, ``bottom``, ``[N]`` and which lie ``face_up`` or
``face_down`` (docs/scenarios.md, Expectations).  Bad references are reported where they
stand, as the file loads or, for what only the game can tell, as the line runs; and
``save scenario`` writes the piles' expectations, so a saved session checks them on replay.

Rule source: catalogue IV-ZONE-6 and docs/ivion/choices.md "Piles beneath a card": a
card's pile is the zone ``beneath:CARD ID``, face down when its script says
``static beneath_face_down`` (Spellbook), face up otherwise (Stormstruck)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import run_prepared

from .conftest import replay, saved_after

BOARD = '''scenario "Piles read whole"
game ivion seed 1
import "CARDS"
player alice at c2
  feats: "T Passive", "Spellbook"
  beneath "Spellbook": "T Bolt", "T Zap" face up, "T Nix"
player bob at c3
  feats: "T Passive"
attach "Stormstruck" to b1 owner alice
turn alice
script
'''
# line 12 is the first script line; `expect ` takes 9 columns with its indent


def run(write, *lines: str):
    return run_prepared(prepare(write("p.scenario", BOARD + "".join(f"  {x}\n" for x in lines))))


def test_a_pile_is_read_whole(write):
    outcome = run(write,
                  'expect card "Spellbook".beneath == ["T Bolt", "T Zap", "T Nix"]',
                  'expect alice.feats[2].beneath.size == 3',
                  'expect card "Spellbook".beneath.top == "T Bolt"',
                  'expect card "Spellbook".beneath.bottom == "T Nix"',
                  'expect card "Spellbook".beneath.face_down == ["T Bolt", "T Nix"]',
                  'expect card "Spellbook".beneath.face_up == ["T Zap"]',
                  'expect card "Spellbook".beneath[2].revealed',
                  'expect "T Nix" in card "Spellbook".beneath',
                  'expect card "Stormstruck".beneath == []',
                  'expect alice.feats["T Passive"].beneath.size == 0')
    assert outcome.ok, outcome.summary()
    assert outcome.checked == 10


def test_a_pile_that_differs_fails_with_what_it_holds(write):
    outcome = run(write, 'expect card "Spellbook".beneath.size == 3',
                  'expect card "Spellbook".beneath.face_up == ["T Bolt"]')
    assert not outcome.ok and outcome.checked == 1
    assert (outcome.loc.line, outcome.loc.col) == (13, 3)
    assert outcome.message == 'actual: card "Spellbook".beneath.face_up is ["T Zap"]'
    assert outcome.summary().startswith("FAIL ") and ':13:3  Piles read whole' in outcome.summary()


LOAD_ERRORS = [
    # (the expectation, column, message)
    ('card "Spellbook".beneth.size == 3', 27, "unknown property 'beneth' of a card; did you mean 'beneath'?"),
    ('card "Spellbook".beneath.face_dwn == []', 35, "unknown property 'face_dwn' of a pile; did you mean 'face_down'?"),
    ('card "Spelbook".beneath == []', 10, "unknown card 'Spelbook'; did you mean 'Spellbook'?"),
    ('card "Spellbook".beneath == ["T Blot"]', 38, "unknown card 'T Blot'"),
    ('"T Blot" in card "Spellbook".beneath', 10, "unknown card 'T Blot'"),
    ('card "Spellbook".beneath > 2', 3, "'>' compares numbers"),
    ('card "Spellbook".beneath.top.beneath.size == 0', 3, ""),        # a pile's card has one too: good
]


@pytest.mark.parametrize("expectation,col,message", LOAD_ERRORS)
def test_bad_references_are_located_as_the_file_loads(write, expectation, col, message):
    path = write("bad.scenario", BOARD + f"  expect {expectation}\n")
    if not message:
        prepare(path)
        return
    with pytest.raises(CardError) as info:
        prepare(path)
    err = info.value
    assert err.message == message or err.message.startswith(message), err.format()
    assert (err.line, err.col) == (12, col), err.format()
    assert "^" in err.format()


def test_a_game_without_piles_refuses_beneath_at_its_word(tmp_path):
    path = tmp_path / "s.scenario"
    path.write_text('scenario "x"\ngame sylvion seed 1\nplayer alder\n  hand: "Owl"\nscript\n'
                    '  expect card "Owl".beneath.size == 0\n', encoding="utf-8")
    with pytest.raises(CardError) as info:
        prepare(path)
    assert info.value.message == "sylvion has no piles beneath cards"
    assert (info.value.line, info.value.col) == (6, 21)


@pytest.mark.parametrize("expectation,col,message", [
    ("alice.feats[5].beneath.size == 0", 25, "there is nothing there to have a 'beneath'"),
    ('card "Wish".beneath == []', 22, "no such card in the game now: nothing lies beneath it"),
])
def test_what_only_the_game_can_tell_fails_at_the_part(write, expectation, col, message):
    """A fifth feat or a card no one has is a name the checker knows but the game lacks."""
    outcome = run(write, f"expect {expectation}")
    assert not outcome.ok and outcome.message.startswith(message), outcome.summary()
    assert (outcome.loc.line, outcome.loc.col) == (12, col)


def test_save_scenario_writes_the_piles_expectations_and_they_hold_on_replay(write, tmp_path):
    session = new_session(prepare(write("p.scenario", BOARD)))
    saved = tmp_path / "saved.scenario"
    text = saved_after(session, saved, 'put "T Jab" beneath Stormstruck face down',
                       'put "T Ward" beneath Spellbook face up')
    assert '  expect alice.feats[2].beneath == ["T Bolt", "T Zap", "T Nix", "T Ward"]\n' in text
    assert '  expect alice.feats[2].beneath.face_up == ["T Zap", "T Ward"]\n' in text
    assert '  expect card "Stormstruck".beneath == ["T Jab"]\n' in text     # attached: by its name
    assert '  expect card "Stormstruck".beneath.face_up == []\n' in text
    replay(saved)                                   # the board it writes meets them
    # and they would catch a pile that differs: the script without the put of T Ward
    changed = text.replace('  put "T Ward" beneath Spellbook face up\n', "")
    assert changed != text
    path = tmp_path / "changed.scenario"
    path.write_text(changed, encoding="utf-8")
    outcome = run_prepared(prepare(path))
    assert not outcome.ok and 'alice.feats[2].beneath is ["T Bolt", "T Zap", "T Nix"]' in outcome.message
