"""Rush of Ikorr in the REPL: each seat drawn (avatar, champions with damage and stored
Ikorr, location, influence exerted/ready), each team's secured Ikorr, formats, stepping,
undo and save/load (issue 6 § REPL)."""
from __future__ import annotations

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session

from .conftest import Driver


def _to_action_phase(r: Driver) -> None:
    r("1")                              # the deciding team goes first
    while "keep the rest" in r("legal"):
        r("1")                          # everyone keeps their hand


def test_new_ikorr_in_every_format_and_the_board_per_seat(repl):
    for fmt, seats in (("1v1", 2), ("2v2", 4), ("3v3", 6)):
        out = repl(f"new ikorr format {fmt} seed 3")
        assert "decides who goes first" in out
        board = repl("board")
        assert board.startswith(f"Rush of Ikorr {fmt}")
        assert board.count("avatar (face down)") == seats
        assert f"secured Ikorr 0/{10 if fmt == '1v1' else 15}" in board


def test_board_shows_champions_damage_stored_ikorr_location_and_influence(repl):
    repl("new ikorr seed 3")
    _to_action_phase(repl)
    g = repl.game
    from cardsmith.runtime.ikorr.zones import zone
    me = g.pending.player
    cid = g.create_card("Amazonian Gladiator", me, zone("champions", me))
    g.state.cards[cid].counters.update(slot=2, damage=1, ikorr=2)
    g.create_card("Great Pyramid", me, zone("location", me))
    board = repl("board")
    assert f"slot 3: Amazonian Gladiator ({cid}), attack 3, health 3, 1 damage, 2 Ikorr" in board
    assert "location: Great Pyramid" in board
    assert "influence 1 ready / 0 exerted (of 1)" in board
    assert "avatar Ember Regent" in board and "avatar Tide Oracle" in board


def test_play_undo_save_and_load(repl, tmp_path):
    repl("new ikorr seed 5")
    _to_action_phase(repl)
    before = repl.game.to_json()
    legal = repl("legal")
    assert "pass priority" in legal
    repl("pass")
    assert repl.game.to_json() != before
    repl("undo")
    assert repl.game.to_json() == before
    repl(f"save {tmp_path / 'g.json'}")
    other = Session(seed=1)
    assert execute(other, f"load {tmp_path / 'g.json'}").ok
    assert other.game_name == "ikorr" and other.g.to_json() == repl.game.to_json()


def test_why_explains_a_card_that_cant_be_played(repl):
    repl("new ikorr seed 5")
    _to_action_phase(repl)
    g = repl.game
    from cardsmith.runtime.ikorr.zones import zone
    me = g.pending.player
    cid = g.create_card("Colossus of Rhodes", me, zone("hand", me))
    assert "costs 6 influence and you have 1 ready" in g.rules.game_view().why(g, me, cid)


def test_turn_hands_the_action_phase_to_another_team(repl):
    repl("new ikorr seed 5")
    _to_action_phase(repl)
    out = repl("turn bob action")
    assert "team 2's turn (bob first), action phase" in out
    g = repl.game
    assert g.state.active_team == 1 and g.pending.player == 1 and g.state.phase == "action"
    repl("turn alice start")
    assert repl.game.state.active_team == 0
    assert "turn bob end" not in repl.fails("turn bob lunch")


def test_turn_without_a_phase_means_the_games_first(repl):
    """``turn bob`` names no phase: Rush of Ikorr's first is action (it used to mean Ivion's
    "main", which Rush of Ikorr refused)."""
    repl("new ikorr seed 5")
    _to_action_phase(repl)
    out = repl("turn bob")
    assert "team 2's turn (bob first), action phase" in out
    assert repl.game.state.active_team == 1 and repl.game.state.phase == "action"

