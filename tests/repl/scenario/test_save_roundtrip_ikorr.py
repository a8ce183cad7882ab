"""`save scenario` of a Rush of Ikorr game (issue 6): the saved file parses (no seat written as
a tile), keeps the format and engine options, states secured Ikorr and each champion's damage,
stored Ikorr and slot, and `cardsmith run` replays it to the same state."""
from __future__ import annotations

import io
import random

import pytest

from cardsmith.cli import main
from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session
from cardsmith.runtime.ikorr.zones import PLAYER_ZONES, zone

from .conftest import replay


def _picture(state) -> dict:
    """What must agree after the replay (card ids may differ)."""
    pic = {"secured": list(state.secured), "turn": state.turn, "phase": state.phase,
           "active": state.active, "over": state.over, "winner": state.winner,
           "stats": [dict(p.stats) for p in state.players]}
    for p in state.players:
        for kind in PLAYER_ZONES:
            ids = state.zones[zone(kind, p.index)]
            pic[f"{p.name} {kind}"] = [
                (state.cards[c].name, {k: v for k, v in state.cards[c].counters.items()
                                       if k in ("damage", "ikorr", "slot")} if kind in ("champions", "location") else {})
                for c in ids]
    return pic


@pytest.mark.parametrize("seed,fmt", [(1, "1v1"), (2, "1v1"), (3, "1v1"), (4, "2v2"), (5, "3v3"), (6, "1v1")])
def test_random_ikorr_play_with_hand_edits_saved_as_a_scenario_replays(seed, fmt, tmp_path):
    session = Session("ikorr")
    for line in (f"new ikorr format {fmt} seed {seed}", "auto on"):
        assert execute(session, line).ok
    rng = random.Random(seed)
    edits = ['put "Scarab Swarm" into {p} champions damage 1 ikorr 2', "set {p} secured 2",
             'put "Ikorr Cache" into {p} location ikorr 1', "set {p} ready 3"]
    for step in range(80):
        game = session.g
        if game.state.over or not game.legal_actions():
            break
        if step % 15 == 7 and game.state.phase == "action":
            who = game.state.players[rng.randrange(len(game.state.players))].name
            assert execute(session, rng.choice(edits).format(p=who)).ok
            continue
        k = rng.randrange(len(game.legal_actions())) + 1
        result = execute(session, f"choose {k}")
        assert result.ok, result.text
    path = tmp_path / "saved.scenario"
    assert execute(session, f"save scenario {path}").ok
    text = path.read_text()
    assert " at 0.0" not in text
    if fmt != "1v1":
        assert f"option format {fmt}" in text
    rebuilt = replay(path)
    assert _picture(rebuilt.g.state) == _picture(session.g.state)
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()


def test_saved_ikorr_scenario_states_options_values_and_its_expectations_can_fail(tmp_path):
    session = Session("ikorr")
    for line in ("new ikorr seed 1", "first 0", "keep", "keep",
                 'put "Stonebound Sentinel" into alice champions damage 2 ikorr 3 slot 4',
                 "set bob secured 5", "pass"):
        assert execute(session, line).ok, line
    path = tmp_path / "s.scenario"
    assert execute(session, f"save scenario {path}").ok
    text = path.read_text()
    assert "expect alice.champions[1].counters.damage == 1" in text     # its END healed 1
    assert "expect bob.secured == 5" in text
    assert "expect turn == 2" in text
    rebuilt = replay(path)
    card = rebuilt.g.state.cards[rebuilt.g.state.zones[zone("champions", 0)][0]]
    assert (card.counters["damage"], card.counters["ikorr"], card.counters["slot"]) == (1, 3, 3)
    wrong = tmp_path / "wrong.scenario"
    wrong.write_text(text.replace("expect bob.secured == 5", "expect bob.secured == 4"))
    out = io.StringIO()
    assert main(["run", str(wrong)], out=out, err=out) == 1
    assert "bob.secured is 5" in out.getvalue()


def test_a_board_with_card_values_in_a_scenario_file(tmp_path):
    path = tmp_path / "board.scenario"
    path.write_text('''scenario "values on the board"
note "004 § Glossary: Battle"
game ikorr seed 1
option auto_pass false
player alice secured 4
  champions: "Scarab Swarm" (damage 2, ikorr 1, slot 5), "Ikorr Courier"
player bob

script
  first 0
  keep
  keep
  expect alice.champions[1].counters.damage == 2
  expect alice.champions["Scarab Swarm"].counters.slot == 4
  expect alice.secured == 5                        # the first Secure Step took the Scarab's 1
  expect alice.champions[1].counters.ikorr == 0
''', encoding="utf-8")
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()
    bad = tmp_path / "bad.scenario"
    bad.write_text(path.read_text().replace("(damage 2,", "(dammage 2,"))
    out = io.StringIO()
    assert main(["run", str(bad)], out=out, err=out) == 1
    assert "unknown card value 'dammage'; did you mean 'damage'" in out.getvalue()


def test_a_scenario_saved_after_loading_an_ikorr_game_mid_way_replays(tmp_path):
    """The history starts mid-game: the board says `turn alice action 3`, which ends the
    setup of the rebuilt game and sets the turn count (turn 1 allows no raids)."""
    first = Session("ikorr")
    for line in ("new ikorr seed 1", "auto on", "first 0", "keep", "keep",
                 'put "Scarab Swarm" into alice champions damage 1',
                 'put "Stonebound Sentinel" into bob champions ikorr 1', "set bob secured 2", "pass", "pass"):
        assert execute(first, line).ok, line
    save = tmp_path / "game.json"
    assert execute(first, f"save {save}").ok
    session = Session("ikorr")
    for line in (f"load {save}", "auto on", 'raid "Scarab Swarm"', 'put "Spear Volley" into alice hand',
                 "set alice ready 2", 'play "Spear Volley"', 'target "Stonebound Sentinel"'):
        assert execute(session, line).ok, line
    path = tmp_path / "mid.scenario"
    assert execute(session, f"save scenario {path}").ok
    text = path.read_text()
    assert "turn alice action 3" in text
    assert "player bob exerted 0 secured 3" in text          # 2 + the Sentinel's 1, secured on turn 2
    rebuilt = replay(path)
    assert _picture(rebuilt.g.state) == _picture(session.g.state)
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()


def test_turn_command_with_a_number_from_the_setup(repl):
    r = repl
    r("new ikorr seed 1")
    r('put "Ikorr Courier" into bob hand')
    r("set bob ready 1")                  # bob has something to do: the turn stops for him
    out = r("turn bob action 4")
    s = r.game.state
    assert (s.turn, s.phase, s.players[s.active].name) == (4, "action", "bob")
    assert all(s.cards[c].revealed for p in s.players for c in s.zones[zone("avatar", p.index)])
    assert "team 2's turn" in out
    r("undo")
    assert r.game.state.turn == 0 and r.game.state.phase == ""
    assert "at least 1" in r.fails("turn bob action 0")
