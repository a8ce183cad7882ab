"""End to end: the installed `cardsmith` in a real pseudo-terminal (pexpect), and the
`cardsmith repl --script` / stdin modes as subprocesses."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")


def cardsmith_exe() -> str:
    here = Path(sys.executable).parent / "cardsmith"
    found = str(here) if here.exists() else shutil.which("cardsmith")
    if not found:
        pytest.skip("the cardsmith command is not installed")
    return found


def env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", HOME=str(tmp_path),
                CARDSMITH_HISTORY=str(tmp_path / "history"))


def test_pty_prompt_completion_and_board(tmp_path):
    environment = env(tmp_path)
    del environment["PROMPT_TOOLKIT_NO_CPR"]     # answer the cursor-position request like a terminal
    child = pexpect.spawn(cardsmith_exe(), env=environment, dimensions=(50, 160),
                          encoding="utf-8", timeout=30)
    try:
        child.expect(r"\x1b\[6n")
        child.send("\x1b[5;1R")
        child.expect("cardsmith>")
        child.expect("turn 1")                   # the bottom toolbar
        child.expect("alice: main")
        child.expect("auto off")
        child.send("set bob hp 2")
        child.send("5\r")
        child.expect("bob: hp 36 -> 25")
        child.expect("cardsmith>")
        child.send("boa\t")              # Tab completes the command
        child.expect("board")
        child.send("\r")
        child.expect(r"bob\s+a4\s+HP 25/36")
        child.expect("cardsmith>")
        child.send("\x04")               # Ctrl-D leaves
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "set bob hp 25" in (tmp_path / "history").read_text()


def test_script_option_echoes_and_fails_with_the_line(tmp_path):
    script = tmp_path / "s.cmds"
    script.write_text("# setup\nset bob hp 20\nplace alice b2\nset bob hp none\nboard\n")
    proc = subprocess.run([cardsmith_exe(), "repl", "--script", str(script)], capture_output=True,
                          text=True, env=env(tmp_path), timeout=60)
    assert proc.returncode == 1
    assert "cardsmith> set bob hp 20\nbob: hp 36 -> 20\n" in proc.stdout
    assert "cardsmith> board" not in proc.stdout
    assert f"{script}:4: error: the new hp must be a whole number, not 'none'" in proc.stderr


def test_commands_on_stdin(tmp_path):
    proc = subprocess.run([cardsmith_exe(), "repl"], input="set bob hp 20\nstatus\n", capture_output=True,
                          text=True, env=env(tmp_path), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "cardsmith> status" in proc.stdout and "alice to act" in proc.stdout


def test_open_a_saved_game_then_script(tmp_path):
    save = tmp_path / "g.json"
    script = tmp_path / "s.cmds"
    script.write_text(f"set bob hp 11\nsave {save}\n")
    assert subprocess.run([cardsmith_exe(), "repl", "--script", str(script)], capture_output=True,
                          env=env(tmp_path), timeout=60).returncode == 0
    check = tmp_path / "check.cmds"
    check.write_text("player bob\n")
    proc = subprocess.run([cardsmith_exe(), "repl", str(save), "--script", str(check)], capture_output=True,
                          text=True, env=env(tmp_path), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "HP 11/36" in proc.stdout
