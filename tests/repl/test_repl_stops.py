"""``step until STOP``: run a turn on to a point the game names (issue 18 point 8;
docs/scenarios.md "Stops inside a turn").  Sylvion's stops are before and after each phase
of its turn (002 § Battle: Reveal Ravage cards, Move Elementals, Reinforcements, Defense;
§ Support Cards: resolved at the beginning of the turn)."""
from __future__ import annotations

from cardsmith.repl.session import Session

from .conftest import Driver
from .test_repl_sylvion_steps import BOARD, _open


def test_after_supports_the_supports_are_done_and_the_march_waits(tmp_path):
    r = _open(tmp_path, BOARD)
    out = r("step until after supports")
    assert out.startswith("stopped after supports") and "Simoon (D) resolves" in out
    assert "the Elementals march" not in r("log")
    assert "next to resolve: Mobilization begins" in out
    out = r("step until before move")
    assert "next to resolve: Move Elementals begins" in out and "the Elementals march" not in r("log")
    r("step until after move")
    assert "the Elementals march one space left" in r("log") and "[reinforcements]" not in r("log")
    r("step until after reinforcements")
    assert "warden draws Owl, Whale, Tree 2  [reinforcements]" in r("log")
    assert r.game.pending is None and r.game.paused


def test_each_stop_undoes_alone(tmp_path):
    r = _open(tmp_path, BOARD)
    start = r.game.to_json()
    r("step until after supports")
    middle = r.game.to_json()
    r("step until after move")
    r("undo")
    assert r.game.to_json() == middle
    r("undo")
    assert r.game.to_json() == start


def test_a_stop_behind_a_question_is_refused_and_changes_nothing(tmp_path):
    r = _open(tmp_path, BOARD)
    r("auto on")                                         # runs to Defense
    before = r.game.to_json()
    out = r.fails("step until after supports")
    assert "warden is deciding (Defense" in out and "auto off" in out
    assert r.game.to_json() == before


def test_an_unknown_stop_lists_the_known_ones(tmp_path):
    r = _open(tmp_path, BOARD)
    out = r.fails("step until after suports")
    assert "unknown stop 'after suports'; did you mean 'after supports'?" in out
    assert "before reveal" in out and "after defense" in out


def test_a_game_without_stops_says_so():
    r = Driver(Session("ivion"))
    assert "names no stops inside a turn" in r.fails("step until after supports")
