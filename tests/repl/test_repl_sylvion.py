"""The REPL on Sylvion: the battlefield view, set up, step, undo, define, save (issue 5)."""
from __future__ import annotations

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session

from .conftest import Driver


def sylvion(**options) -> Driver:
    return Driver(Session("sylvion", seed=2, **options))


def test_board_draws_rows_stacks_and_edges():
    r = sylvion()
    text = r("board")
    for row in "abcd":
        assert f" {row}  |~~ forest ~~" in text
    assert "space 4" in text and "Ravage stack" in text and "12 left [" in text
    assert "6 Bloom, 6 Desolated" in text


def test_put_on_a_space_then_undo():
    r = sylvion()
    out = r("put Fountain 4 on b3")
    assert "stands at b3" in out
    assert "Fountain 4" in r("board").splitlines()[4]
    assert "not empty" in r.fails("put Tree 2 on b3")
    r("undo")
    assert "Fountain 4" not in r("board")


def _choose(r: Driver, label: str) -> str:
    options = [str(a) for a in r.game.legal_actions()]
    return r(str(next(k for k, o in enumerate(options, 1) if o.startswith(label))))


def test_play_through_defense_and_why():
    r = sylvion()
    game = r.game
    if game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    assert game.pending.kind == "defense"
    assert "can be played by warden now" in r("why Owl")
    _choose(r, "play Tree 1")
    out = _choose(r, "a4")
    assert "Tree 1 is placed at a4" in out
    _choose(r, "end Defense")
    assert game.state.turn == 2 or game.state.over
    r("undo")
    assert game.state.turn == 1 or r.game.state.turn == 1


def test_step_stops_before_each_support():
    r = sylvion()
    r("new sylvion seed 1")                 # turn 1 reveals a Simoon and a Blaze
    game = r.game
    if game.pending is not None and game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    assert game.paused == "support"
    first = r("step")
    assert "Blaze" in first
    r("step")
    assert not game.paused or game.paused == "support"


def test_new_two_player_silence_hides_the_partner():
    r = sylvion()
    r("new sylvion seed 4 players 2 mode silence")
    board = r("board")
    game = r.game
    deciding = game.pending.player
    other = 1 - deciding
    assert "(hidden: Total Silence)" in board
    assert game.state.players[other].name in board


def test_define_a_designer_card_and_save(tmp_path):
    r = sylvion()
    r('define card "Spring Rain" { animal cost 0 designer\n bloom 1 edge }')
    r("put Spring Rain into warden hand")
    path = tmp_path / "game.json"
    r(f"save {path}")
    back = Driver(Session("sylvion", seed=9))
    back(f"load {path}")
    assert "Spring Rain" in back("board")


def test_arrange_a_ravage_stack_then_play_on():
    r = sylvion()
    out = r("put Blaze into warden ravage-b top")
    assert "the Ravage stack of row b (top)" in out
    r("put Elemental 0 into warden ravage-c top")
    game = r.game
    if game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    _choose(r, "end Defense")
    while game.pending is not None and game.pending.kind == "pick_cards":
        r("1")
    if game.pending is not None and game.pending.kind == "react":
        _choose(r, "let the revealed cards be")
    r("resolve") if game.paused else None
    text = r("log")
    assert "row b: Blaze (support C) is revealed" in text
    assert "row c: Elemental 0 (strength 0) is revealed" in text
