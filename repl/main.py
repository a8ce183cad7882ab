"""Starting the REPL: interactively, on a saved game, scenario or replay file (a replay at
a turn: ``--turn N``), or running a script of commands without a terminal (``--script
FILE`` or commands on stdin).

Scripts echo each command with the prompt, then its output, and stop at the first error
with ``FILE:LINE: error`` on stderr and exit status 1.  A ``define`` block spans lines
until its braces balance.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Iterable, TextIO

from cardsmith.runtime.core.errors import CardsmithError

from .commands import execute, is_block_open
from .saves import looks_saved
from .session import Session

PROMPT = "cardsmith> "


def script_commands(lines: Iterable[str]) -> Iterable[tuple[int, str]]:
    """(line number, command) pairs; ``define`` blocks joined; comments and blanks skipped."""
    block: list[str] = []
    start = 0
    n = 0
    for n, raw in enumerate(lines, 1):
        text = raw.rstrip("\r\n")
        if block:
            block.append(text)
            if not is_block_open("\n".join(block)):
                yield start, "\n".join(block)
                block = []
            continue
        if not text.strip() or text.strip().startswith("#"):
            continue
        if is_block_open(text):
            block, start = [text], n
            continue
        yield n, text.strip()
    if block:
        yield start, "\n".join(block)   # unclosed: execute() reports it


def run_script(session: Session, lines: Iterable[str], name: str, *,
               out: Callable[[str], None] = print, err: TextIO | None = None) -> int:
    """Run commands, echoing each; 1 at the first error (reported with its line), 130 at a
    Ctrl-C (the line it stopped is put back), else 0."""
    err = err if err is not None else sys.stderr
    for n, command in script_commands(lines):
        echoed = command.replace("\n", "\n" + "." * (len(PROMPT) - 1) + " ")
        out(PROMPT + echoed)
        if is_block_open(command):
            print(f"{name}:{n}: error: the define block is not closed (its braces don't balance)", file=err)
            return 1
        try:
            result = execute(session, command)
        except KeyboardInterrupt:
            print(f"{name}:{n}: interrupted (Ctrl-C): the game is as it was before this line", file=err)
            return 130
        if result.text:
            out(result.text)
        if not result.ok:
            first = result.text.split("\n", 1)[0].removeprefix("error: ")
            print(f"{name}:{n}: error: {first}", file=err)
            return 1
        if result.quit:
            return 0
    return 0


def open_file(session: Session, path: str, out: Callable[[str], None] = print) -> int:
    """Open a saved game, or run a scenario file's commands; 0 on success."""
    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl.userfiles import kind
    p = Path(path)
    try:
        found = kind(p)
    except CardError as exc:
        print(f"cardsmith: {exc.file}: {exc.message}", file=sys.stderr)
        return 1
    if found != "file":     # nothing there, a folder, or a pipe that would never end
        print(f"cardsmith: {'no such file' if found is None else 'not a file'}: {path}", file=sys.stderr)
        return 1
    if looks_saved(path):
        result = execute(session, f'load "{path}"')
        out(result.text)
        return 0 if result.ok else 1
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cardsmith: can't read {path}: {exc}", file=sys.stderr)
        return 1
    return run_script(session, text.splitlines(), path, out=out)


def open_scenario(path: str, out: Callable[[str], None] = print, scenario: str | None = None,
                  under: str | None = None) -> Session | None:
    """A session on the board of one scenario of a file (its script is shown, not run):
    ``scenario`` names it and ``under`` its run (``FILE::NAME[RUN]`` in ``path`` too), the
    first of each by default, and then what else the file holds is listed.  None after
    reporting a problem with the file."""
    from cardsmith.dsl.errors import CardError

    from .scenario.build import new_session
    from .scenario.check import prepare_item
    try:
        session = new_session(prepare_item(path, scenario, under))
    except CardError as exc:
        print(exc.format(), file=sys.stderr)
        return None
    prep = session.scenario
    sdef = prep.sdef
    out(f"scenario: {sdef.name}" + (f" [{prep.label}]" if prep.label else "")
        + "".join(f"\n  {n}" for n in sdef.notes))
    for note in prep.notes:
        out(f"note: {note}")
    for section in sdef.sections:
        if section.lines:
            out(f"its {section.kind} (not run; type the lines to play it):")
            out("\n".join(f"  {ln.text}" for ln in section.lines))
    if sdef.goal is not None:
        out(sdef.goal.text if sdef.goal.text.startswith("goal") else f"goal: {sdef.goal.text}")
    out(session.status())
    return session


def is_scenario_spec(path: str) -> bool:
    """A scenario file, or one of its scenarios (``FILE.scenario::NAME``)."""
    from cardsmith.dsl.scenario_runs import split_item
    return split_item(path)[0].endswith(".scenario")


def run_repl(path: str | None = None, script: str | None = None, stdin_is_tty: bool = True,
             turn: int | None = None, scenario: str | None = None, under: str | None = None) -> int:
    """The REPL on the default duel, or on FILE (a replay at the start of ``turn``);
    ``script`` or a non-terminal stdin runs commands without a terminal.  Returns the exit
    status (130 after a Ctrl-C while it starts: each command, once it runs, cancels on its
    own)."""
    try:
        return _start(path, script, stdin_is_tty, turn, scenario, under)
    except KeyboardInterrupt:
        print("cardsmith: interrupted", file=sys.stderr)
        return 130


def _start(path: str | None, script: str | None, stdin_is_tty: bool, turn: int | None = None,
           scenario: str | None = None, under: str | None = None) -> int:
    from .replay_open import is_replay, open_replay
    if turn is not None and turn < 0:
        print(f"cardsmith: --turn {turn}: turns are numbered from 0", file=sys.stderr)
        return 2
    if path and is_replay(path):
        replay_session = open_replay(path, turn)
        return 1 if replay_session is None else _continue(replay_session, script, stdin_is_tty)
    if turn is not None:
        print(f"cardsmith: --turn opens a replay file at a turn (`cardsmith simulate --replays DIR` writes "
              f"them); {path or 'no file'} is not one", file=sys.stderr)
        return 2
    if (scenario is not None or under is not None) and not (path and is_scenario_spec(path)):
        print(f"cardsmith: --scenario and --under pick a scenario of a .scenario file; {path or 'no file'} "
              "is not one", file=sys.stderr)
        return 2
    if path and is_scenario_spec(path):
        scenario_session = open_scenario(path, scenario=scenario, under=under)
        if scenario_session is None:
            return 1
        return _continue(scenario_session, script, stdin_is_tty)
    try:
        session = Session()
    except CardsmithError as exc:
        print(f"cardsmith: can't start the default game: {exc}", file=sys.stderr)
        return 2
    if path:
        status = open_file(session, path)
        if status:
            return status
    return _continue(session, script, stdin_is_tty)


def _continue(session: Session, script: str | None, stdin_is_tty: bool) -> int:
    """After the file: a script, commands on stdin, or the interactive REPL."""
    if script:
        try:
            text = Path(script).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            print(f"cardsmith: can't read {script}: {exc}", file=sys.stderr)
            return 1
        return run_script(session, text.splitlines(), script)
    if not stdin_is_tty:
        return run_script(session, sys.stdin, "<stdin>")
    from .app import ReplApp
    return ReplApp(session).run()


def main(argv: list[str] | None = None) -> int:
    """``python -m cardsmith.repl.main [FILE] [--script FILE]``."""
    import argparse
    parser = argparse.ArgumentParser(prog="cardsmith repl", description="the cardsmith sandbox REPL")
    parser.add_argument("file", nargs="?", help="a saved game (JSON) or a scenario file of commands")
    parser.add_argument("--script", help="run the commands in this file without a terminal")
    parser.add_argument("--turn", type=int, metavar="N", help="open a replay file at the start of turn N")
    args = parser.parse_args(argv)
    return run_repl(args.file, args.script, sys.stdin.isatty(), args.turn)


if __name__ == "__main__":
    sys.exit(main())
