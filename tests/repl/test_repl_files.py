"""Saving and loading games, scenario files, and running scripts without a terminal."""
from __future__ import annotations

import io
import json

from cardsmith.repl.commands import execute
from cardsmith.repl.main import run_script, script_commands
from cardsmith.repl.session import Session

ZAP = 'define card "Zap" {\n  skill cryomancer  cost 1 action  range 6\n  types attack\n  deal 3 damage to target enemy\n}'


def test_save_and_load_mid_resolution_with_a_defined_card(repl, tmp_path):
    repl(ZAP)
    repl("put Zap into alice hand")
    repl("play Zap bob")
    repl("pass")
    assert repl.game.paused
    path = tmp_path / "g.json"
    repl(f"save {path}")
    saved = repl.game.to_json()
    other = Session(seed=9)
    result = execute(other, f"load {path}")
    assert result.ok, result.text
    assert other.g.to_json() == saved
    assert other.g.paused and "Zap" in other.defined
    assert "Zap resolves" in execute(other, "step").text
    assert other.g.state.players[1].stats["hp"] == 33


def test_load_refuses_other_files(repl, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "not a saved game" in repl.fails(f"load {bad}")
    bad.write_text(json.dumps({"hello": 1}))
    assert "not a cardsmith saved game" in repl.fails(f"load {bad}")
    assert "can't read" in repl.fails(f"load {tmp_path / 'missing.json'}")


def _names(state, zone):
    return [state.cards[c].name for c in state.zones.get(zone, ())]


def _same_board(a, b) -> None:
    """Two states alike in everything a scenario describes (card ids aside)."""
    assert [p.stats for p in a.players] == [p.stats for p in b.players]
    assert [p.position for p in a.players] == [p.position for p in b.players]
    assert [(p.name, p.flags.get("second_wind_used")) for p in a.players] == \
        [(p.name, p.flags.get("second_wind_used")) for p in b.players]
    for zone in sorted(a.zones):
        assert _names(a, zone) == _names(b, zone), zone
    assert [(a.cards[i.card].name, i.fate) for i in a.stack] == [(b.cards[i.card].name, i.fate) for i in b.stack]
    assert (a.active, a.phase) == (b.active, b.phase)


def _replay(path):
    from cardsmith.repl.scenario.build import new_session
    from cardsmith.repl.scenario.check import prepare
    from cardsmith.repl.scenario.run import Outcome, run_lines
    prep = prepare(path)
    session = new_session(prep)
    outcome = Outcome(str(path), prep.sdef.name)
    assert run_lines(prep.sdef.section("script").lines, session, outcome), outcome.summary()
    return session


def test_save_scenario_replays_to_the_same_state(repl, tmp_path):
    repl("set bob hp 20")
    repl(ZAP)
    repl("put Zap into alice hand")
    repl("board")
    repl("set alice power 4")
    repl("undo")                        # undone: left out of the scenario
    repl("play Zap bob")
    repl("pass")
    repl("step")
    path = tmp_path / "s.scenario"
    repl(f"save scenario {path}")
    text = path.read_text()
    assert text.startswith('scenario "s"') and "game ivion ruleset hh seed 1" in text
    assert 'card "Zap"' in text and "auto off" in text
    assert "set alice power 4" not in text and "board" not in text.split("script")[1]
    other = _replay(path)
    _same_board(other.g.state, repl.game.state)


def test_scenario_of_a_loaded_game_rebuilds_the_board(repl, tmp_path):
    repl("set bob hp 17")
    repl("terrain c2 difficult")
    repl("put \"Warrior's Banner\" on b2 owner alice for 2 turns")
    repl("place alice c3")
    repl(f"save {tmp_path / 'g.json'}")
    fresh = Session(seed=3)
    assert execute(fresh, f"load {tmp_path / 'g.json'}").ok
    assert execute(fresh, f"save scenario {tmp_path / 's.scenario'}").ok
    b = _replay(tmp_path / "s.scenario").g.state
    a = repl.game.state
    _same_board(a, b)
    assert b.board.spaces["c2"].terrain == "difficult"
    banner = [c for c in b.zones["field"]][0]
    assert (b.cards[banner].name, b.cards[banner].attached_to, b.cards[banner].counters) == \
        ("Warrior's Banner", "tile:b2", {"duration": 2})


def test_script_echoes_and_stops_at_the_first_error_with_its_line():
    out: list[str] = []
    err = io.StringIO()
    lines = ["# a comment", "set bob hp 20", "", "set bob hp lots", "set bob hp 10"]
    session = Session(seed=1)
    assert run_script(session, lines, "t.cmds", out=out.append, err=err) == 1
    assert out[0] == "cardsmith> set bob hp 20"
    assert "t.cmds:4: error: the new hp must be a whole number, not 'lots'" in err.getvalue()
    assert session.g.state.players[1].stats["hp"] == 20


def test_script_define_blocks_span_lines():
    lines = ZAP.split("\n") + ["put Zap into alice hand"]
    pairs = list(script_commands(lines))
    assert pairs[0][0] == 1 and pairs[0][1].count("\n") == 4
    assert pairs[1] == (6, "put Zap into alice hand")
    session = Session(seed=1)
    assert run_script(session, lines, "t", out=lambda s: None) == 0
    assert "Zap" in session.library


def test_script_unclosed_define_is_an_error():
    err = io.StringIO()
    assert run_script(Session(seed=1), ['define card "X" {', "  skill cryomancer"], "t", out=lambda s: None,
                      err=err) == 1
    assert "t:1: error: the define block is not closed" in err.getvalue()
