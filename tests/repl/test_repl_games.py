"""Other games through the same REPL: a generic view, the decision API, undo, save/load."""
from __future__ import annotations

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session


def test_sylvion_plays_by_numbers_and_undoes(repl):
    out = repl("new sylvion seed 2")
    assert "warden to decide:" in out
    assert repl.session.view.game == "sylvion"
    board = repl("board")
    assert board.startswith("sylvion: turn 1") and "warden's hand 8" in board
    before = repl.game.to_json()
    repl("1")
    assert repl.game.to_json() != before
    repl("undo")
    assert repl.game.to_json() == before


def test_sylvion_save_load_and_scenario(repl, tmp_path):
    repl("new sylvion seed 2")
    repl("2")
    repl(f"save {tmp_path / 's.json'}")
    other = Session(seed=1)
    assert execute(other, f"load {tmp_path / 's.json'}").ok
    assert other.game_name == "sylvion" and other.g.to_json() == repl.game.to_json()
    repl(f"save scenario {tmp_path / 's.cmds'}")
    assert (tmp_path / "s.cmds").read_text().splitlines()[1:] == ["new sylvion seed 2", "2"]


def test_a_bad_new_game_keeps_the_old_one(repl):
    repl("set bob hp 9")
    assert "1 or 2 players, not 5" in repl.fails("new sylvion players 5")
    assert repl.session.game_name == "ivion" and repl.stat(1, "hp") == 9
    assert "unknown option" in repl.fails("new chess")


def test_back_to_ivion(repl):
    repl("new sylvion")
    repl("new ivion seed 1")
    assert repl.session.view.game == "ivion" and "HP 42/42" in repl("board")
