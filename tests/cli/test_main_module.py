"""``python -m cardsmith`` (``cardsmith/__main__.py``) is the installed ``cardsmith``: the same
subcommands, the same help, the same output and exit status."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cardsmith import cli
from cardsmith.dsl.loader import bundled_cards_dir
from tests.installed import cardsmith_exe


def both(*argv: str, stdin: str = "") -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
    env = dict(os.environ, COLUMNS="100")
    run = [subprocess.run(cmd + list(argv), capture_output=True, text=True, input=stdin, env=env, timeout=120)
           for cmd in ([cardsmith_exe()], [sys.executable, "-m", "cardsmith"])]
    return run[0], run[1]


def subcommands() -> list[str]:
    action = next(a for a in cli.build_parser()._actions if a.dest == "command")
    return sorted(action.choices)


def test_every_subcommand_is_there_with_the_same_help():
    names = subcommands()
    assert {"check", "show", "play", "repl", "compile", "run", "solve"} <= set(names)
    for name in [None, *names]:
        installed_run, module_run = both(*([name] if name else []), "--help")
        assert module_run.returncode == installed_run.returncode == 0, module_run.stderr
        assert module_run.stdout == installed_run.stdout


@pytest.mark.parametrize("argv", [
    ("--version",),
    ("show", "Icebolt"),
    ("check", str(bundled_cards_dir() / "ivion" / "cryomancer.ivion")),
    ("show", "Icebolx"),                                    # a failure: same message, same status
    ("play", "sylvion", "--seed", "2"),
    ("repl",),                                              # commands on stdin
])
def test_the_same_output_and_status(argv):
    installed_run, module_run = both(*argv, stdin="set bob hp 20\nplayer bob\n")
    assert (module_run.returncode, module_run.stdout, module_run.stderr) == \
        (installed_run.returncode, installed_run.stdout, installed_run.stderr)
    assert module_run.stdout or module_run.stderr
