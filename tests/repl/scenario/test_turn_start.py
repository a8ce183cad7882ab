"""Boards at the very start of a game (issue 18 point 6): `turn PLAYER start` on a scenario's
board is the start of turn 1, with the first-player rules; `turn PLAYER start N` starts turn
N.  Ivion: 001 § Learn to Play > How to Play > Start ("Exception: The player who goes first
does not draw a card on their very first turn"); 000 § Parts of a Turn > Start of Turn 1
(IV-TURN-3).  Rush of Ikorr: 004 § Turn Phases 2 (the Draw Phase is skipped on the game's
first turn).  Sylvion: 002 § Rules for Two Players (the players alternate)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.run import run_prepared
from cardsmith.repl.session import Session

HEAD = '''scenario "Start"
game ivion seed 1
import "CARDS"
player alice actions 1
player bob
'''


def test_a_board_at_the_start_of_turn_1_skips_the_first_players_draw(write):
    prep = prepare(write("s.scenario", HEAD + "turn bob start\n"))
    session = new_session(prep)
    s = session.g.state
    assert s.turn == 1 and s.active == 1 and s.phase == "main"
    bob, alice = s.players[1], s.players[0]
    assert len(s.zones["hand:1"]) == 5                          # no draw: bob goes first
    assert bob.stats["actions"] == 3 and bob.stats["initiative"] == 1
    assert alice.stats["actions"] == 1                          # the board's own number, untouched
    assert any("bob goes first and skips the first draw" in e.text for e in s.log)
    assert execute(session, "end").ok
    assert s.turn == 2 and s.active == 0 and len(s.zones["hand:0"]) == 6   # the second player draws
    assert s.players[0].stats["actions"] == 4                   # 1 on the board + 3


def test_the_turn_that_starts_can_be_named(write):
    session = new_session(prepare(write("s.scenario", HEAD + "turn alice start 3\n")))
    s = session.g.state
    assert s.turn == 3 and s.active == 0 and len(s.zones["hand:0"]) == 6   # not the first turn: a draw
    assert s.players[0].stats["actions"] == 4


def test_a_board_in_main_is_unchanged(write):
    """Without `start` the game starts as before: turn 1, main, the first player's start done."""
    session = new_session(prepare(write("m.scenario", HEAD + "turn alice\n")))
    s = session.g.state
    assert s.turn == 1 and s.phase == "main" and len(s.zones["hand:0"]) == 5


def test_repl_turn_start_1_in_a_game_going_on():
    session = Session("ivion", seed=3)
    execute(session, "end")
    assert session.g.state.turn == 2
    result = execute(session, "turn alice start 1")
    assert result.ok, result.text
    s = session.g.state
    assert s.turn == 1 and s.active == 0 and "first player's first turn" in result.text
    assert not s.players[1].flags.get("skip_draw")


def test_ikorr_board_at_turn_1_and_turn_2(write):
    text = 'scenario "K"\ngame ikorr seed 1\noption auto_pass false\nplayer alice\nplayer bob\nturn bob start{}\n'
    first = new_session(prepare(write("k.scenario", text.format(""))))
    assert first.g.state.turn == 1 and len(first.g.state.zones["hand:1"]) == 5
    second = new_session(prepare(write("k2.scenario", text.format(" 2"))))
    assert second.g.state.turn == 2 and len(second.g.state.zones["hand:1"]) == 6


def test_sylvion_turn_number_must_be_that_players(write):
    text = 'scenario "S"\ngame sylvion seed 1\noption players 2\nplayer alder\nplayer briar\nturn briar reveal {}\n'
    session = new_session(prepare(write("ok.scenario", text.format(2))))
    assert session.g.state.turn == 2 and session.g.state.active == 1
    with pytest.raises(CardError) as err:
        new_session(prepare(write("bad.scenario", text.format(1))))
    assert err.value.line == 6 and "turn 1 is alder's" in err.value.message


def test_bundled_start_scenarios_pass():
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "scenarios"
    for rel in ("ivion/setup-board-at-the-start-of-turn-1.scenario",
                "ikorr/board-at-the-start-of-turn-1.scenario"):
        outcome = run_prepared(prepare(root / rel))
        assert outcome.ok, outcome.summary()
