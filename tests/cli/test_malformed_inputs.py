"""The installed `cardsmith` command on malformed input: each gives a message naming the
file and the place (file:line:col where there is one) and exits 1, never a traceback."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

STEWARD = Path(__file__).resolve().parents[2] / "cards" / "ivion" / "decks" / "steward.deck"


def _cardsmith(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The console script the package installs (python -m cardsmith.cli where it isn't)."""
    exe = shutil.which("cardsmith", path=os.path.dirname(sys.executable)) or shutil.which("cardsmith")
    command = [exe] if exe else [sys.executable, "-m", "cardsmith.cli"]
    return subprocess.run([*command, *args], capture_output=True, text=True, cwd=cwd, timeout=120,
                          stdin=subprocess.DEVNULL)


FILES = {
    "bad.ivion": 'card "Bad" {\n  skill cryomancer  cost 1 action\n  types attack\n  deal 3 dmage to target enemy\n}\n',
    "typo.deck": STEWARD.read_text(encoding="utf-8").replace('3 "Crush"\n', '3 "Crushh"\n'),
    "syntax.scenario": 'scenario "x"\ngame ivion seed 1\nplayer alice hp x\n',
    "unknown.scenario": 'scenario "x"\ngame ivion seed 1\nplayer alice\n  hand: "Nope"\nscript\n  pass\n',
    "board.scenario": 'scenario "x"\ngame ivion seed 1\nplayer alice\n  hand: "Icebolt"\nplayer bob\n'
                      'used "turn:{alice hand 2}:0"\n',
    "latin1.scenario": b'scenario "caf\xe9"\ngame ivion\n',
    "script.txt": "new\nfrobnicate\n",
}

CASES = [
    (("check", "bad.ivion"), "bad.ivion:4:10: 'deal' does not take 'dmage' (expected 'damage')"),
    (("check", "typo.deck"), 'unknown card "Crushh"'),
    (("play", "--decks", "typo.deck", "winterborn"), 'unknown card "Crushh"'),
    (("run", "syntax.scenario"), "syntax.scenario:3:17: unexpected 'x'"),
    (("run", "unknown.scenario"), "unknown.scenario:4:9: unknown card 'Nope'"),
    (("run", "board.scenario"), "board.scenario:6:1: can't set up the board"),
    (("run", "latin1.scenario"), "latin1.scenario:1:14: file is not UTF-8 text"),
    (("solve", "syntax.scenario"), "syntax.scenario:3:17:"),
    (("repl", "unknown.scenario"), "unknown.scenario:4:9: unknown card 'Nope'"),
    (("repl", "--script", "script.txt"), "script.txt:2: error: unknown command 'frobnicate'"),
    (("show", "Nope"), "unknown card 'Nope'"),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("malformed")
    for name, text in FILES.items():
        (path / name).write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


@pytest.mark.parametrize("args,message", CASES, ids=[" ".join(a) for a, _ in CASES])
def test_malformed_input_is_located_and_exits_1(folder: Path, args: tuple[str, ...], message: str) -> None:
    result = _cardsmith(*args, cwd=folder)
    both = result.stdout + result.stderr
    assert "Traceback" not in both, both
    assert result.returncode == 1, both
    assert message in both, both


def test_an_empty_card_file_is_no_cards_not_a_crash(folder: Path) -> None:
    (folder / "empty.ivion").write_text("", encoding="utf-8")
    (folder / "comments.ivion").write_text("# nothing yet\n\n", encoding="utf-8")
    result = _cardsmith("check", "empty.ivion", "comments.ivion", cwd=folder)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0 and "OK: 0 cards" in result.stdout
