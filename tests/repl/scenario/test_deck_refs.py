"""A scenario's deck file resolves its names against the scenario's cards: bundled,
imported and its own ``card`` blocks."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare

from .conftest import CARDS

SCENARIO = f'''scenario "own deck"
game ivion seed 1
import "{CARDS}"
card "T Homemade" {{ skill tester  cost 1 action  types ability  draw 1 card }}
player alice deck "mine.deck"
player bob
turn alice
'''
DECK = 'deck "Mine" for ivion\nfeats "T Ult", "T Trait", "T Passive"\n10 "T Filler"\n10 "{name}"\n'


def test_a_scenario_deck_may_name_the_scenarios_own_cards(tmp_path):
    (tmp_path / "mine.deck").write_text(DECK.format(name="t homemade"))
    path = tmp_path / "s.scenario"
    path.write_text(SCENARIO)
    session = new_session(prepare(path))
    names = {session.g.name(c) for c in session.g.state.cards}
    assert "T Homemade" in names


def test_a_misspelt_name_in_a_scenario_deck_points_into_the_deck_file(tmp_path):
    (tmp_path / "mine.deck").write_text(DECK.format(name="T Homemaid"))
    path = tmp_path / "s.scenario"
    path.write_text(SCENARIO)
    with pytest.raises(CardError) as info:
        new_session(prepare(path))
    err = info.value
    assert (err.file, err.line, err.col) == (str(tmp_path / "mine.deck"), 4, 4)
    assert err.message == "unknown card \"T Homemaid\"; did you mean 'T Homemade'?"
    assert err.format().splitlines()[1].strip() == '10 "T Homemaid"'
