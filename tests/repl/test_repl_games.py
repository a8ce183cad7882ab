"""Other games through the same REPL: switching games with `new`, the generic view any
game gets before it has its own, undo and save/load through the decision API."""
from __future__ import annotations

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session
from cardsmith.runtime.core import get_game
from cardsmith.runtime.core.view import GenericView

from .conftest import Driver


def test_new_switches_game_and_back(repl):
    out = repl("new sylvion seed 2")
    assert "warden to decide:" in out and repl.session.game_name == "sylvion"
    before = repl.game.to_json()
    repl("1")
    assert repl.game.to_json() != before
    repl("undo")
    assert repl.game.to_json() == before
    repl("new ivion seed 1")
    assert repl.session.view.game == "ivion" and "HP 42/42" in repl("board")


def test_switched_game_saves_loads_and_writes_its_scenario(repl, tmp_path):
    repl("new sylvion seed 2")
    repl("2")
    repl(f"save {tmp_path / 's.json'}")
    other = Session(seed=1)
    assert execute(other, f"load {tmp_path / 's.json'}").ok
    assert other.game_name == "sylvion" and other.g.to_json() == repl.game.to_json()
    repl(f"save scenario {tmp_path / 's.scenario'}")
    text = (tmp_path / "s.scenario").read_text()
    assert "game sylvion ruleset" in text and "seed 2" in text
    assert text.split("\nscript\n")[1].splitlines()[0] == "  2"


def test_a_bad_new_game_keeps_the_old_one(repl):
    repl("set bob hp 9")
    assert "players takes 1 or 2" in repl.fails("new sylvion players 5")
    assert "format takes 1v1, 2v2, 3v3" in repl.fails("new ikorr format 4v4")
    assert repl.session.game_name == "ivion" and repl.stat(1, "hp") == 9
    assert "unknown option 'chess'" in repl.fails("new chess")


def test_generic_view_for_a_game_without_its_own():
    assert not isinstance(get_game("ikorr").game_view(), GenericView)      # Rush of Ikorr has its own
    session = Session("sylvion", seed=2)
    session.view = GenericView("sylvion")
    r = Driver(session)
    board = r("board")
    assert board.startswith("sylvion: turn 1") and "warden's hand 8" in board
    assert "warden: (no numbers)  hand 8" in board
    r("1")
    r("undo")
    assert r("legal").startswith("warden to decide:")
