"""End to end: the installed `cardsmith` in a real pseudo-terminal (pexpect), and the
`cardsmith repl --script` / stdin modes as subprocesses."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.installed import cardsmith_exe

from .big_cards import big_card_file, size_of

pexpect = pytest.importorskip("pexpect")


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
        child.expect("alice's turn: play")       # the bottom toolbar: the decision first
        child.expect(r"turn 1: alice \(main\)")
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
        child.send("\x04")               # Ctrl-D leaves, after asking (bob's HP changed)
        child.expect(r"quit anyway\? \[y/N\]")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "set bob hp 25" in (tmp_path / "history").read_text()


def spawn(tmp_path: Path, columns: int = 120):
    return pexpect.spawn(cardsmith_exe(), env=env(tmp_path), dimensions=(40, columns),
                         encoding="utf-8", timeout=60)


def typed(child, line: str, *expected: str) -> None:
    """Type a line and Enter; wait for each pattern in turn, then for the next prompt."""
    child.send(line + "\r")
    for pattern in expected:
        child.expect(pattern)
    child.expect("cardsmith>")


ERROR_COLOUR = r"\x1b\[[0-9;]*m"      # an SGR sequence: the error is printed in colour


def test_pty_a_typo_then_board_shows_the_board(tmp_path):
    """The bug: the rejected `boad` stayed in the line, `board` was typed into it and the
    prompt read `boardboad`.  Now the error comes in colour with a did-you-mean, the prompt
    is empty, and `board` runs; Ctrl-C clears a line; nothing changed, so Ctrl-D leaves."""
    child = spawn(tmp_path, 80)
    try:
        child.expect("cardsmith>")
        typed(child, "boad", ERROR_COLOUR + r"error: unknown command 'boad'; did you mean 'board'\?")
        typed(child, "board", r"bob\s+a4\s+HP 36/36")
        child.send("set bob hp 5")
        child.send("\x03")                      # Ctrl-C drops the line
        typed(child, "player bob", r"HP 36/36")
        child.send("\x04")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert "boardboad" not in (child.before or "")
    assert child.exitstatus == 0
    assert (tmp_path / "history").read_text().count("+boad\n") == 1


def test_pty_ctrl_c_cancels_a_slow_load_and_keeps_the_game(tmp_path):
    big = big_card_file(tmp_path, 3_000_000)
    assert size_of(big) > 2_900_000
    child = spawn(tmp_path)
    try:
        child.expect("cardsmith>")
        typed(child, "set bob hp 20", "bob: hp 36 -> 20")
        child.send(f"cards {big}\r")
        # slow enough: still loading 3 s later (a megabyte takes about 13 s here)
        assert child.expect([r"loaded \d+ cards", pexpect.TIMEOUT], timeout=3) == 1
        child.send("\x03")
        child.expect(r"cancelled `cards` \(Ctrl-C\): the game is as it was before it")
        child.expect("cardsmith>")
        typed(child, "player bob", r"bob\s+a4\s+HP 20/36")
        typed(child, "library Big 0000", "no card name contains 'big 0000'")
        typed(child, "undo", "undid 1 step")        # the undo history is as it was, too
        child.send("quit\r")
        child.expect(r"unsaved changes since the last save: quit anyway\? \[y/N\]")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_pty_quitting_with_unsaved_changes_asks_and_no_keeps_the_repl(tmp_path):
    save = tmp_path / "g.json"
    child = spawn(tmp_path)
    try:
        child.expect("cardsmith>")
        typed(child, "set bob hp 20", "bob: hp 36 -> 20")
        child.send("\x04")                      # Ctrl-D
        child.expect(r"unsaved changes since the last save: quit anyway\? \[y/N\]")
        child.send("n")
        child.expect("cardsmith>")
        typed(child, "player bob", r"HP 20/36")   # still there, as it was
        typed(child, f"save {save}", "game saved to")
        child.send("quit\r")                    # saved: no question
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert "quit anyway" not in (child.before or "")


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
