"""Every entry point that takes a path from a person, given one the system refuses (a name
of 300 characters), a card file nested far too deep, or a link to a file that isn't ours:
a clear message naming the file (and the place), exit status 1, never a traceback, and
nothing of a file that isn't a card, deck or scenario file printed."""
from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.cli import main
from cardsmith.repl.saves import shown

LONG = "a" * 300
STEWARD = Path(__file__).resolve().parents[2] / "cards" / "ivion" / "decks" / "steward.deck"
DEEP = ('card "Deep" {\n  skill warrior pips gray\n  types ability\n'
        + "if you have 1 power then {\n" * 500 + "gain 1 power\n" + "}\n" * 500 + "}\n")
SECRET = "hunter2:x:0:0:hunter2:/home/hunter2:/bin/bash\n"
SCENARIO = 'scenario "x"\ngame ivion seed 1\n{extra}\nplayer alice\nplayer bob\nscript\n  expect 1 == 1\n'


def run(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        code = main(list(args), out, err)
    except SystemExit as exc:           # argparse
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, out.getvalue() + err.getvalue() + captured.out + captured.err


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deep.ivion").write_text(DEEP)
    (tmp_path / "passwd").write_text(SECRET)
    (tmp_path / "evil.ivion").symlink_to(tmp_path / "passwd")
    (tmp_path / "evil.deck").write_text('deck "E" for ivion\nimport "evil.ivion"\n')
    (tmp_path / "deep.scenario").write_text(SCENARIO.format(extra='import "deep.ivion"'))
    (tmp_path / "deck.scenario").write_text(SCENARIO.format(extra="").replace(
        "player alice\n", f'player alice deck "{LONG}.deck"\n'))
    (tmp_path / "import.scenario").write_text(SCENARIO.format(extra=f'import "{LONG}.ivion"'))
    (tmp_path / "import.ivion").write_text(f'import "{LONG}.ivion"\ncard "X" {{ skill warrior pips gray }}\n')
    lines = STEWARD.read_text().splitlines(keepends=True)
    (tmp_path / "import.deck").write_text(lines[0] + f'import "{LONG}.ivion"\n' + "".join(lines[1:]))
    return tmp_path


#: the system's words (a card file's reader quotes them) or the REPL's own (saved games, replays)
TOO_LONG = re.compile(r"file name (is )?too long", re.IGNORECASE)
LONG_CASES = [
    ("check", f"{LONG}.ivion"),
    ("check", f"{LONG}.deck"),
    ("check", LONG),
    ("check", "import.ivion"),
    ("check", "import.deck"),
    ("run", f"{LONG}.scenario"),
    ("run", "deck.scenario"),
    ("run", "import.scenario"),
    ("solve", f"{LONG}.scenario"),
    ("show", "Icebolt", "--cards", f"{LONG}.ivion"),
    ("play", "--cards", f"{LONG}.ivion"),
    ("play", "--decks", f"{LONG}.deck", "steward"),
    ("play", "ikorr", "--decks", f"{LONG}.deck", "tide-oracle"),
    ("play", "ikorr", "--cards", f"{LONG}.ikorr"),
    ("repl", f"{LONG}.scenario"),
    ("repl", f"{LONG}.json"),
    ("repl", f"{LONG}.replay"),
    ("repl", f"{LONG}.replay", "--turn", "2"),
    ("repl", "--script", f"{LONG}.txt"),
]


@pytest.mark.parametrize("args", LONG_CASES, ids=[" ".join(a).replace(LONG, "LONG") for a in LONG_CASES])
def test_a_name_too_long_is_a_clear_error_everywhere(folder: Path, args: tuple[str, ...],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(*args, capsys=capsys)
    assert "Traceback" not in text and "OSError" not in text, text
    assert code == 1, text
    assert TOO_LONG.search(text), text
    named = next((a for a in args if LONG in a), LONG)   # the file named, or the one it imports
    assert LONG in text or shown(named) in text          # it names the file (the REPL's messages cut it short)


def test_the_repl_commands_that_read_files_say_so_too(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.repl.commands import execute
    from cardsmith.repl.session import Session
    session = Session(seed=1)
    for line in (f"cards {LONG}.ivion", f"cards {LONG}", f"new decks {LONG}.deck steward", f"load {LONG}.json",
                 f"load {LONG}.replay", f"load {LONG}.replay turn 2"):
        result = execute(session, line)
        assert not result.ok and TOO_LONG.search(result.text), (line, result.text)
        assert "internal error" not in result.text


DEEP_CASES = [("check", "deep.ivion"), ("run", "deep.scenario"), ("show", "Deep", "--cards", "deep.ivion")]


@pytest.mark.parametrize("args", DEEP_CASES, ids=[" ".join(a) for a in DEEP_CASES])
def test_deep_nesting_is_located_on_every_entry_point(folder: Path, args: tuple[str, ...],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(*args, capsys=capsys)
    assert "Traceback" not in text and "RecursionError" not in text, text[:2000]
    assert code == 1
    assert "deep.ivion:35:4: nested too deeply" in text, text[:2000]


def test_deep_nesting_in_the_repls_define(capsys: pytest.CaptureFixture[str]) -> None:
    from cardsmith.repl.commands import execute
    from cardsmith.repl.session import Session
    session = Session(seed=1)
    result = execute(session, "define " + DEEP.replace("\n", " "))
    assert not result.ok and "nested too deeply" in result.text, result.text[:2000]
    assert "internal error" not in result.text


def _textx(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    exe = shutil.which("textx", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("textx's command line is not installed (textX[cli])")
    return subprocess.run([exe, *args], capture_output=True, text=True, cwd=cwd, timeout=120,
                          stdin=subprocess.DEVNULL)


def test_textx_check_gives_the_located_nesting_error(folder: Path) -> None:
    result = _textx("check", "deep.ivion", cwd=folder)
    both = result.stdout + result.stderr
    assert "RecursionError" not in both and "Traceback" not in both, both[:2000]
    assert result.returncode == 1
    assert "deep.ivion:35:4: nested too deeply" in both


LINK_CASES = [("check", "evil.ivion"), ("check", "evil.deck"), ("show", "X", "--cards", "evil.ivion")]


@pytest.mark.parametrize("args", LINK_CASES, ids=[" ".join(a) for a in LINK_CASES])
def test_a_link_to_a_file_that_is_not_ours_prints_none_of_it(folder: Path, args: tuple[str, ...],
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(*args, capsys=capsys)
    assert code == 1 and "evil.ivion:1:1: unexpected text (not shown" in text, text
    assert "hunter2" not in text and "bash" not in text, text


def test_textx_check_of_such_a_link_prints_none_of_it(folder: Path) -> None:
    result = _textx("check", "evil.ivion", cwd=folder)
    both = result.stdout + result.stderr
    assert result.returncode == 1 and "evil.ivion:1:1: unexpected text" in both, both
    assert "hunter2" not in both, both


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("args", [("check", "pipe.ivion"), ("run", "pipe.scenario"), ("repl", "pipe.txt"),
                                  ("repl", "pipe.replay"), ("repl", "pipe.json"),
                                  ("play", "--decks", "pipe.deck", "steward")])
def test_a_fifo_is_refused_not_waited_on(folder: Path, args: tuple[str, ...],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(folder / args[-1] if args[0] != "play" else folder / "pipe.deck")
    code, text = run(*args, capsys=capsys)
    assert code == 1 and "Traceback" not in text, text
    assert "pipe" in text and "not a file" in text, text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("line", ["load pipe.replay turn 2", "load pipe.replay", "load pipe.json", "load pipe.scenario"])
def test_the_repls_load_refuses_a_fifo_and_keeps_the_game(folder: Path, line: str) -> None:
    """A FIFO named as a replay, a saved game or a scenario: read as it is named, it would
    wait for a writer forever."""
    from cardsmith.repl.commands import execute
    from cardsmith.repl.session import Session
    os.mkfifo(folder / line.split()[1])
    session = Session(seed=1)
    before = session.g.to_json()
    result = execute(session, line)
    assert not result.ok and "pipe." in result.text and "not a file" in result.text, result.text
    assert session.g.to_json() == before
