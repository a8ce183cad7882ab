"""Trap tokens in scenario files: `trap PLAYER TILE` board lines, checked as the file loads,
built through the REPL's `trap` command, and written back by `save scenario`, so a saved
board with traps replays to the game it was saved from.

Rule source: catalogue G-21 Trap / Spring (docs/ivion/rules.md Part 3: "trap tokens on tiles
and a separate Trap deck", from tsv Ye Olde Marge) and docs/ivion/choices.md § Season-3
keywords, Trap / Spring (at most one of a player's tokens per tile).  No rulebook section
defines traps: rulings.md § From reminder texts printed on cards leaves Trap to the cards'
reminder text.  Misspelt trap lines, located at file:line:col, are rows of
test_language.BAD."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenarios import parse_scenario
from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.session import Session

from .conftest import BASE, replay


def traps(session) -> list[list[str]]:
    return [list(p.flags.get("traps", ())) for p in session.g.state.players]


def _names(state, zone):
    return [state.cards[c].name for c in state.zones.get(zone, ())]


def same_board(a, b) -> None:
    """Two games at the same place: traps, stats, positions, every zone, whose turn."""
    sa, sb = a.g.state, b.g.state
    assert traps(a) == traps(b)
    assert [p.stats for p in sa.players] == [p.stats for p in sb.players]
    assert [p.position for p in sa.players] == [p.position for p in sb.players]
    for zone in sorted(set(sa.zones) | set(sb.zones)):
        assert _names(sa, zone) == _names(sb, zone), zone
    assert (sa.active, sa.phase) == (sb.active, sb.phase)


def test_trap_lines_parse_with_the_place_of_each_word():
    s = parse_scenario(BASE + "trap alice b2\ntrap  bob   d4\n", "x.scenario")
    assert [(t.player, t.tile) for t in s.traps] == [("alice", "b2"), ("bob", "d4")]
    bob = s.traps[1]
    assert (bob.loc.line, bob.loc.col) == (13, 1)
    assert (bob.player_loc.line, bob.player_loc.col) == (13, 7)
    assert (bob.tile_loc.line, bob.tile_loc.col) == (13, 13)


def test_a_board_with_traps_is_built_and_expectations_read_them(write):
    path = write("t.scenario", BASE + "trap alice b2\ntrap bob b2\ntrap alice d4\n"
                 "script\n"
                 '  expect tile b2.traps == ["alice", "bob"]\n'
                 '  expect tile d4.traps == ["alice"]\n'
                 "  expect tile a1.traps == []\n"
                 '  expect refused "already holds alice\'s trap": trap alice d4\n'
                 "  trap bob a1\n"
                 '  expect tile a1.traps == ["bob"]\n'
                 "  trap alice b2 off\n"
                 '  expect tile b2.traps == ["bob"]\n')
    session = replay(path)
    assert traps(session) == [["d4"], ["a1", "b2"]]


def test_a_game_without_trap_tokens_refuses_trap_lines(write):
    path = write("s.scenario", 'scenario "no traps"\ngame sylvion\ntrap alder b2\n')
    with pytest.raises(CardError) as info:
        prepare(path)
    assert (info.value.line, info.value.col) == (3, 1) and "sylvion has no trap tokens" in info.value.message


def test_a_scenario_board_with_traps_saves_and_loads_with_its_traps(write, tmp_path):
    """The round trip from a scenario: open a board with traps, save it, open the save."""
    path = write("t.scenario", BASE + "trap alice b2\ntrap bob b2\ntrap bob c1\n")
    session = new_session(prepare(path))
    assert traps(session) == [["b2"], ["b2", "c1"]]
    saved = tmp_path / "saved.scenario"
    assert execute(session, f"save scenario {saved}").ok
    text = saved.read_text()
    assert "trap alice b2\ntrap bob b2\ntrap bob c1\n" in text and "not rebuilt" not in text
    same_board(session, replay(saved))


def test_traps_set_in_play_survive_save_load_and_save_scenario(tmp_path):
    """The gap this closes: a game whose traps were set by a card, saved whole and loaded,
    then saved as a scenario.  The scenario's board must hold the traps, or its replay
    differs from the game it was saved from (before, `save scenario` wrote none)."""
    first = Session(seed=1)
    for line in ("turn alice main", "place alice b2", "set alice actions 3",
                 'put "Hunting Grounds" into alice hand', 'play "Hunting Grounds" b3 c3', "pass", "resolve"):
        assert execute(first, line).ok, line
    assert traps(first) == [["b3", "c3"], []]
    assert execute(first, f"save {tmp_path / 'mid.json'}").ok
    session = Session(seed=1)
    assert execute(session, f"load {tmp_path / 'mid.json'}").ok
    assert traps(session) == [["b3", "c3"], []]
    assert execute(session, "trap bob a1").ok          # and one set by hand after the load
    saved = tmp_path / "saved.scenario"
    assert execute(session, f"save scenario {saved}").ok
    text = saved.read_text()
    assert "trap alice b3\ntrap alice c3\n" in text     # the board the session started from
    assert "  trap bob a1\n" in text                    # the script
    again = replay(saved)
    assert traps(again) == [["b3", "c3"], ["a1"]]
    same_board(session, again)
