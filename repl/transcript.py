"""Transcripts in documentation: REPL sessions written into Markdown, replayed by tests.

A transcript is a fenced code block whose first line starts with the prompt
``cardsmith> ``.  Each prompt line is a command (a ``define`` block continues on lines
that start with the continuation dots); the lines up to the next prompt are what the
REPL printed.  ``check`` replays every block of a file in one session and reports each
output that differs; ``update`` rewrites the outputs in place (run it after an intended
change of wording, then read the diff):

    python -m cardsmith.repl.transcript docs/repl-walkthrough.md           # check
    python -m cardsmith.repl.transcript --update docs/repl-walkthrough.md  # rewrite
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from .commands import execute
from .session import Session

PROMPT = "cardsmith> "
MORE = "." * (len(PROMPT) - 1) + " "


@dataclass
class Step:
    command: str
    expected: list[str]
    line: int                               # 1-based line of the prompt in the file
    actual: list[str] = field(default_factory=list)
    ok: bool = True


def parse(text: str) -> list[Step]:
    """Every command of every transcript block, in order."""
    steps: list[Step] = []
    lines = text.split("\n")
    in_block = False
    current: Step | None = None
    for n, line in enumerate(lines, 1):
        if line.startswith("```"):
            if in_block:
                in_block, current = False, None
            else:
                following = lines[n] if n < len(lines) else ""
                in_block = following.startswith(PROMPT)
            continue
        if not in_block:
            continue
        if line.startswith(PROMPT):
            current = Step(line[len(PROMPT):], [], n)
            steps.append(current)
        elif line.startswith(MORE) and current is not None and not current.expected:
            current.command += "\n" + line[len(MORE):]
        elif current is not None:
            current.expected.append(line)
    return steps


def replay(text: str, session: Session | None = None) -> list[Step]:
    """Run every command in one session; mark each step whose output differs."""
    session = session or Session()
    steps = parse(text)
    for step in steps:
        result = execute(session, step.command)
        step.actual = result.text.split("\n") if result.text else []
        step.ok = [x.rstrip() for x in step.actual] == [x.rstrip() for x in step.expected]
    return steps


def update(text: str, steps: list[Step]) -> str:
    """The text with every transcript output replaced by what the REPL printed."""
    lines = text.split("\n")
    by_line = {s.line: s for s in steps}
    out: list[str] = []
    k = 0
    while k < len(lines):
        line = lines[k]
        k += 1
        out.append(line)
        step = by_line.get(k)
        if step is None:
            continue
        while k < len(lines) and lines[k].startswith(MORE):      # the rest of a define block
            out.append(lines[k])
            k += 1
        out.extend(step.actual)
        while k < len(lines) and not lines[k].startswith(PROMPT) and not lines[k].startswith("```"):
            k += 1                                                # the old output
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    rewrite = "--update" in args
    paths = [a for a in args if a != "--update"]
    status = 0
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        steps = replay(text)
        bad = [s for s in steps if not s.ok]
        if rewrite:
            Path(path).write_text(update(text, steps), encoding="utf-8")
            print(f"{path}: {len(steps)} commands, {len(bad)} outputs rewritten")
            continue
        for s in bad:
            status = 1
            print(f"{path}:{s.line}: output of `{s.command.splitlines()[0]}` differs")
            print("  expected: " + "\n            ".join(s.expected))
            print("  actual:   " + "\n            ".join(s.actual))
        if not bad:
            print(f"{path}: {len(steps)} commands, all outputs as written")
    return status


if __name__ == "__main__":
    sys.exit(main())
