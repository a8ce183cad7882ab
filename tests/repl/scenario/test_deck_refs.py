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
card "T Homemade" {{ skill warrior  cost 1 action  types ability  draw 1 card }}
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


BEETLES = '''card "Dung Beetle Horde" {
  champion  sample  cost 3  attack 2  health 3  raid 2
  aspects curiosity  loyalty egyptian  traits "Insect Swarm"
}
'''


def test_a_rush_of_ikorr_scenario_deck_may_import_its_cards(tmp_path):
    """An Ikorr deck file naming a designer's own champion from the file it imports: the
    game has the card, and the session keeps the file (for reload and save)."""
    from cardsmith.dsl.loader import bundled_cards_dir
    text = (bundled_cards_dir() / "ikorr" / "decks" / "tide-oracle.deck").read_text()
    (tmp_path / "beetles.ikorr").write_text(BEETLES)
    (tmp_path / "tide.deck").write_text(text.replace('2 "Scarab Swarm"', '2 "dung beetle horde"')
                                        + 'import "beetles.ikorr"\n')
    path = tmp_path / "s.scenario"
    path.write_text('scenario "own ikorr deck"\ngame ikorr seed 1\nplayer alice deck "tide.deck"\nplayer bob\n')
    session = new_session(prepare(path))
    names = [session.g.name(c) for c in session.g.state.cards]
    assert names.count("Dung Beetle Horde") == 2 and "Scarab Swarm" in names     # bob's deck still has them
    assert session.card_paths == [tmp_path / "beetles.ikorr"]


def test_a_scenario_deck_importing_a_missing_file_points_at_the_import(tmp_path):
    (tmp_path / "mine.deck").write_text('import "gone.ivion"\n' + DECK.format(name="T Homemade"))
    path = tmp_path / "s.scenario"
    path.write_text(SCENARIO)
    with pytest.raises(CardError) as info:
        new_session(prepare(path))
    err = info.value
    assert (err.file, err.line, err.col) == (str(tmp_path / "mine.deck"), 1, 1)
    assert err.message == "can't import 'gone.ivion': no such file"


def test_a_scenario_script_may_name_the_cards_its_decks_import(tmp_path):
    (tmp_path / "bolt.ivion").write_text('card "My Bolt" { skill warrior  cost 1 action  draw 1 card }\n')
    (tmp_path / "mine.deck").write_text('import "bolt.ivion"\n' + DECK.format(name="my bolt"))
    path = tmp_path / "s.scenario"
    path.write_text(SCENARIO + 'script\n  put "My Bolt" into bob hand\n  expect bob.hand.size == 1\n')
    prep = prepare(path)                      # the script's card names are checked here
    assert prep.library.get("my bolt").loc.file.endswith("bolt.ivion")
    session = new_session(prep)
    assert [session.g.name(c) for c in session.g.state.cards].count("My Bolt") == 10


def test_a_scenario_board_may_name_the_cards_its_decks_import(tmp_path):
    """The board's names resolve as the script's do: the scenario's own cards and imports,
    then the cards its players' deck files import, then the game's library."""
    (tmp_path / "bolt.ivion").write_text('card "My Bolt" { skill warrior  cost 1 action  types ability  draw 1 card }\n')
    (tmp_path / "mine.deck").write_text('import "bolt.ivion"\n' + DECK.format(name="t homemade"))
    path = tmp_path / "s.scenario"
    board = SCENARIO.replace('player alice deck "mine.deck"\n',
                             'player alice deck "mine.deck" actions 3\n  hand: "my bolt"\n  deck: 2 "T Filler"\n')
    path.write_text(board + 'script\n  play "My Bolt"\n  pass\n  expect alice.hand.size == 1\n'
                    '  expect alice.discard contains "My Bolt"\n')
    prep = prepare(path)
    assert prep.sdef.players[0].zones[0][1][0].name == "My Bolt"       # as the card spells it
    from cardsmith.repl.scenario.run import run_prepared
    outcome = run_prepared(prep)
    assert outcome.ok, outcome.summary()


def test_a_misspelt_deck_imported_card_on_the_board_is_located(tmp_path):
    (tmp_path / "bolt.ivion").write_text('card "My Bolt" { skill warrior  cost 1 action  types ability  draw 1 card }\n')
    (tmp_path / "mine.deck").write_text('import "bolt.ivion"\n' + DECK.format(name="t homemade"))
    path = tmp_path / "s.scenario"
    path.write_text(SCENARIO.replace('player alice deck "mine.deck"\n',
                                     'player alice deck "mine.deck"\n  hand: "My Boltt"\n'))
    with pytest.raises(CardError) as info:
        prepare(path)
    err = info.value
    assert (err.file, err.line, err.col) == (str(path), 6, 9)
    assert err.message == "unknown card 'My Boltt'; did you mean 'My Bolt'?"
    assert err.hint == 'define it with card "Name" { ... } or import its file'
