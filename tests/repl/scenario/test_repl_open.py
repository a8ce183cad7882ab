"""`cardsmith repl FILE.scenario` opens the scenario's board; `save scenario` round-trips
through `cardsmith run`."""
from __future__ import annotations

import io

from cardsmith.cli import main
from cardsmith.repl.main import run_repl

from .conftest import BASE


def test_repl_opens_the_board_without_running_the_script(write, tmp_path, capsys):
    path = write("open.scenario", BASE + 'script\n  play "T Bolt" bob\n  pass\n  expect bob.hp == 37\n')
    cmds = tmp_path / "cmds"
    cmds.write_text('player bob\nplay "T Bolt" bob\npass\nplayer bob\n')
    assert run_repl(str(path), str(cmds), True) == 0
    out = capsys.readouterr().out
    assert "scenario: Bolt" in out and "its script (not run" in out
    before, after = out.split('cardsmith> play "T Bolt" bob')
    assert "HP 40/40" in before and "HP 37/40" not in before    # the board, its script not run
    assert "HP 37/40" in after


def test_repl_reports_a_bad_scenario_at_its_line(write, capsys):
    path = write("bad.scenario", BASE + "script\n  expect bob.hpp == 1\n")
    assert run_repl(str(path), None, False) == 1
    assert "bad.scenario:13:14: unknown property 'hpp'" in capsys.readouterr().err


def test_save_scenario_from_a_scenario_session_replays(write, tmp_path, capsys):
    path = write("open.scenario", BASE)
    saved = tmp_path / "saved.scenario"
    cmds = tmp_path / "cmds"
    cmds.write_text(f'play "T Bolt" bob\npass\nset alice hp 12\nundo\nmove c1\nsave scenario {saved}\n')
    assert run_repl(str(path), str(cmds), True) == 0
    text = saved.read_text()
    assert "import" in text and "set alice hp 12" not in text
    out, err = io.StringIO(), io.StringIO()
    assert main(["run", str(saved)], out=out, err=err) == 0, out.getvalue() + err.getvalue()
    assert "expect bob.hp == 37" in text and 'expect alice.position == "c1"' in text
