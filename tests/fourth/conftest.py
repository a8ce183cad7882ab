"""The fourth game installed as any game is: a distribution whose metadata names its
``cardsmith.games`` entry point (``fourth = tests.fourth:GAME``), on the path of the
installed ``cardsmith`` command the tests run.  Nothing is registered in the test process."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Callable

import pytest

from tests.installed import cardsmith_exe

HERE = Path(__file__).parent
ROOT = HERE.parent.parent           # for ``tests.fourth``


@pytest.fixture
def fourth_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a process with the fourth game installed, in a fresh cache (the
    cache keeps a memo of the installed games)."""
    dist = tmp_path / "site" / "fourth_game-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: fourth-game\nVersion: 0\n")
    (dist / "entry_points.txt").write_text("[cardsmith.games]\nfourth = tests.fourth:GAME\n")
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(dist.parent), str(ROOT)]),
                CARDSMITH_CACHE=str(tmp_path / "cache"), CARDSMITH_HISTORY=str(tmp_path / "history"))


@pytest.fixture
def cardsmith(tmp_path: Path, fourth_env: dict[str, str]) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the installed command with the fourth game installed (``fourth_env``)."""
    env = fourth_env
    exe = cardsmith_exe()

    def run(*args: str | Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([exe, *map(str, args)], env=env, cwd=tmp_path, input=stdin,
                              capture_output=True, text=True, timeout=120)
    return run
