"""The installed ``cardsmith`` command with decks that import a designer's own card files:
``check`` and ``play`` (Ivion, Rush of Ikorr) need no ``--cards``; a bad import, a broken
imported file or an unknown name is located and exits 1, never a traceback."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.dsl.loader import bundled_cards_dir

MY_BOLT = '''card "My Bolt" {
  skill winterborn  cost 1 action  generates 1 power  range 2  banner disarm
  types attack
  deal 3 damage to target enemy
}
'''
# a champion like the sample Scarab Swarm, under a designer's own name
MY_BEETLES = '''card "Dung Beetle Horde" {
  champion  sample  cost 3  attack 2  health 3  raid 2
  aspects curiosity  loyalty egyptian  traits "Insect Swarm"
}
'''


def cardsmith(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The console script the package installs (python -m cardsmith.cli where it isn't)."""
    exe = shutil.which("cardsmith", path=os.path.dirname(sys.executable)) or shutil.which("cardsmith")
    command = [exe] if exe else [sys.executable, "-m", "cardsmith.cli"]
    return subprocess.run([*command, *args], capture_output=True, text=True, cwd=cwd, timeout=300,
                          stdin=subprocess.DEVNULL)


def sample(game: str, name: str, old: str, new: str, imported: str) -> str:
    """A bundled sample deck with one card swapped for a designer's own, importing its file."""
    text = (bundled_cards_dir() / game / "decks" / f"{name}.deck").read_text(encoding="utf-8")
    assert old in text
    return f'import "{imported}"\n' + text.replace(old, new)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "mine.ivion").write_text(MY_BOLT)
    (tmp_path / "cards" / "beetles.ikorr").write_text(MY_BEETLES)
    (tmp_path / "mine.deck").write_text(
        sample("ivion", "winterborn", '3 "Icebolt"', '3 "my bolt"', "cards/mine.ivion"))
    (tmp_path / "tide.deck").write_text(
        sample("ikorr", "tide-oracle", '2 "Scarab Swarm"', '2 "Dung Beetle Horde"', "cards/beetles.ikorr"))
    return tmp_path


def test_check_accepts_decks_that_import_their_cards(folder: Path) -> None:
    result = cardsmith("check", "mine.deck", "tide.deck", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "OK: 0 cards and 2 decks in 2 files"


def test_play_ivion_with_an_importing_deck_and_no_cards_option(folder: Path) -> None:
    result = cardsmith("play", "ivion", "--decks", "steward", "mine.deck", "--seed", "2", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert "My Bolt" in result.stdout and result.stdout.splitlines()[-1].startswith("winner: ")


def test_play_ikorr_with_an_importing_deck(folder: Path) -> None:
    result = cardsmith("play", "ikorr", "--decks", "tide.deck", "ember-regent", "--seed", "1", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert "Dung Beetle Horde" in result.stdout and result.stdout.splitlines()[-1].startswith("winner: team ")


BROKEN = MY_BOLT.replace("deal 3 damage", "dael 3 damage")

CASES = [
    # (file to write, its text, the message expected on stderr)
    ("cards/mine.ivion", BROKEN, "cards/mine.ivion:4:3: unknown verb 'dael'; did you mean 'deal'?"),
    ("cards/mine.ivion", MY_BOLT.replace("enemy", "enemy )"), "cards/mine.ivion:4:33: unexpected ')'"),
    ("mine.deck", sample("ivion", "winterborn", '3 "Icebolt"', '3 "My Blot"', "cards/mine.ivion"),
     "mine.deck:18:3: unknown card \"My Blot\"; did you mean 'My Bolt'?"),
    ("mine.deck", sample("ivion", "winterborn", '3 "Icebolt"', '3 "My Bolt"', "cards/nope.ivion"),
     "mine.deck:1:1: can't import 'cards/nope.ivion': no such file"),
    ("mine.deck", sample("ivion", "winterborn", '3 "Icebolt"', '3 "My Bolt"', "cards/beetles.ikorr"),
     "mine.deck:1:1: can't import 'cards/beetles.ikorr': it holds ikorr cards, this file is ivion"),
]


@pytest.mark.parametrize("command", ["check", "play"])
@pytest.mark.parametrize("name,text,message", CASES, ids=["unknown verb", "syntax", "unknown card",
                                                          "missing import", "wrong game"])
def test_problems_are_located_and_exit_1(folder: Path, command: str, name: str, text: str, message: str) -> None:
    (folder / name).write_text(text)
    args = ("check", "mine.deck") if command == "check" else ("play", "ivion", "--decks", "steward", "mine.deck")
    result = cardsmith(*args, cwd=folder)
    assert result.returncode == 1 and result.stdout == ""
    assert "Traceback" not in result.stderr
    assert message in result.stderr, result.stderr
    assert "^" in result.stderr                                   # the line, with a caret under it
