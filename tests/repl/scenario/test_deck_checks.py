"""Deck checks in scenario files (issue 18, "Decks and formats in scenarios"): a `decklist`
block declares a deck, `expect deck "NAME" accepted|rejected[: "REASON"]` states the
ruling, checked by the game's deck rules exactly as `cardsmith check` checks a deck file
(Ivion: 001 § Make Your Own Hero; 000 § Variant Rules > Paragon)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenario_decks import DeckCheck
from cardsmith.dsl.scenarios import parse_scenario
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import run_prepared

HEAD = '''scenario "Decks"
note "000 § Variant Rules > Paragon (IV-SETUP-10)"
game ivion

decklist "Short Paragon" {
  format paragon
  feats "Shield Slam", "Winterburst", "Arcana"
  3 "Hammer Strike"
  3 "Snowclutch"
}
'''


def run(tmp_path: Path, script: str, extra: str = ""):
    path = tmp_path / "d.scenario"
    path.write_text(HEAD + extra + "\nscript\n" + script)
    return run_prepared(prepare(path))


def test_a_deck_list_and_its_expectations_parse() -> None:
    sdef = parse_scenario(HEAD + 'script\n  expect deck "Short Paragon" rejected: "15 cards"\n'
                          '  expect deck "steward" accepted\n', "d.scenario")
    [listed] = sdef.decklists
    assert listed.name == "Short Paragon" and listed.loc.line == 5
    lines = listed.text.splitlines()
    assert lines[4].startswith('deck "Short Paragon" for ivion') and lines[7].strip() == '3 "Hammer Strike"'
    first, second = (ln.condition for ln in sdef.sections[0].lines)
    assert first == DeckCheck("Short Paragon", False, "15 cards") and second == DeckCheck("steward", True)


def test_accepted_and_rejected_hold_and_problems_stand_at_the_scenarios_lines(tmp_path: Path) -> None:
    out = run(tmp_path, '  expect deck "Short Paragon" rejected: "exactly 15 cards from each specialization"\n'
                        '  expect deck "paragon" accepted\n  expect deck "Short Paragon" accepted\n'
                        '  expect deck "paragon" rejected\n'
                        '  expect deck "Short Paragon" rejected: "at most 3 copies"\n')
    assert out.checked == 2 and [f.loc.line for f in out.failures] == [15, 16, 17]
    rejected, accepted, other = (f.message for f in out.failures)
    assert rejected.startswith("the deck was rejected:\n")
    assert f"{tmp_path / 'd.scenario'}:8:5: a Paragon deck has exactly 15 cards from each specialization" in rejected
    assert accepted == "the deck was accepted: its game's deck rules find no problem"
    assert other.startswith("rejected, but for another reason:\n") and "has 45 cards; this one has 6" in other


def test_a_deck_file_beside_the_scenario_is_found(tmp_path: Path) -> None:
    (tmp_path / "mine.deck").write_text('deck "Mine" for ivion\nfeats "Shield Slam"\n3 "Hammer Strike"\n')
    out = run(tmp_path, '  expect deck "mine.deck" rejected: "one ultimate and two traits"\n')
    assert out.ok, out.summary()


def test_the_scenarios_own_cards_are_the_decks_cards(tmp_path: Path) -> None:
    """A designer's trait of two blue pips: Winterborn and Cryomancer are two blue archetypes
    (000 § The Fox and the Forest Rules Reference > Deck Customization > Making Your Hero 3)."""
    from cardsmith.dsl.loader import bundled_cards_dir
    body = (bundled_cards_dir() / "ivion" / "decks" / "winterborn.deck").read_text()
    body = "\n".join(ln for ln in body.splitlines()[1:] if not ln.startswith(("note", "starter")))
    extra = ('card "T Deep Blue" { trait  pips blue, blue  types passive }\n'
             'decklist "Deep" {\n' + body.replace('"Fragments"', '"T Deep Blue"') + "\n}\n")
    out = run(tmp_path, '  expect deck "Deep" accepted\n', extra)
    assert out.ok, out.summary()


def test_an_unknown_deck_is_reported_before_anything_runs(tmp_path: Path) -> None:
    path = tmp_path / "d.scenario"
    path.write_text(HEAD + 'script\n  expect deck "Nope" accepted\n')
    with pytest.raises(CardError) as info:
        prepare(path)
    assert info.value.line == 12
    assert info.value.message.startswith('no deck named "Nope": not a deck list of this file ("Short Paragon")')


def test_a_goal_cant_be_a_deck_check() -> None:
    with pytest.raises(CardError) as info:
        parse_scenario(HEAD + 'goal deck "steward" accepted this turn\n', "d.scenario")
    assert "a goal can't be a deck check" in info.value.message
