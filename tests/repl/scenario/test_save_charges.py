"""A Charged feat's charges (G-20) are part of the board: `set`, the player view, and a saved
scenario that replays them (a save never loses state)."""
from __future__ import annotations

from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.runtime.ivion.charges import charges_left

BOARD = '''scenario "charges"
game ivion seed 1
player alice actions 3
  feats: "Strike", "Shoot" (charge 1), "Barleychew"
player bob at d2
turn alice

script
  play "Barleychew"
  pass
'''


def _feat(session, name):
    g = session.g
    return next(c for c in g.state.zones["feats:0"] if g.name(c) == name)


def test_a_board_sets_charges_and_a_save_keeps_them(tmp_path):
    src = tmp_path / "board.scenario"
    src.write_text(BOARD)
    session = new_session(prepare(src))
    assert charges_left(session.g, _feat(session, "Shoot")) == 1
    assert charges_left(session.g, _feat(session, "Barleychew")) == 2       # printed, untouched
    assert execute(session, 'play "Barleychew"').ok and execute(session, "pass").ok
    assert charges_left(session.g, _feat(session, "Barleychew")) == 1
    assert "Shoot (1 charges)" in execute(session, "player alice").text
    out = tmp_path / "saved.scenario"
    assert execute(session, f"save scenario {out}").ok
    text = out.read_text()
    # the board as it started, then the script: a full Barleychew is not written
    assert '"Shoot" (charge 1)' in text and '"Barleychew" (charge' not in text
    again = new_session(prepare(out))
    assert charges_left(again.g, _feat(again, "Shoot")) == 1
    assert charges_left(again.g, _feat(again, "Barleychew")) == 2


def test_set_refuses_charges_on_a_feat_that_is_not_charged(tmp_path):
    src = tmp_path / "board.scenario"
    src.write_text(BOARD)
    session = new_session(prepare(src))
    result = execute(session, 'set "Strike" charge 2')
    assert not result.ok and "not a Charged feat" in result.text
    assert execute(session, 'set "Shoot" charge 0').ok
    assert charges_left(session.g, _feat(session, "Shoot")) == 0
