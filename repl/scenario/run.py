"""Running a scenario: build its board, run its script line by line through the REPL's
command layer, and check each expectation where it stands.

The first failing line ends the run (later lines would describe a different game); the
``Outcome`` says which line, what was expected, and what the game had instead.
"""
from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, field
from typing import Any

from cardsmith.dsl.scenarios import Compare, Goal, Line, Literal, LogCheck, Refused
from cardsmith.runtime.core.effects import Loc

from ..commands import execute
from ..session import Session
from .build import new_session
from .check import Prepared
from .facts import PathError, evaluate


@dataclass
class Outcome:
    """What happened when a scenario ran."""
    file: str
    name: str
    ok: bool = True
    loc: Loc | None = None
    line: str = ""              # the failing line's source text
    message: str = ""           # what went wrong: 'expected 24, got 27' ...
    notes: list[str] = field(default_factory=list)   # warnings (other solutions ...)
    checked: int = 0            # expectations that held
    commands: int = 0

    def summary(self) -> str:
        if self.ok:
            return f"PASS {self.file}  {self.name}"
        where = f"{self.loc.file}:{self.loc.line}:{self.loc.col}" if self.loc else self.file
        from cardsmith.dsl.errors import excerpt
        return f"FAIL {where}  {self.name}\n    {excerpt(self.line, 1)[0]}\n    {self.message}"


def state_key(game: Any) -> bytes:
    """A digest of the game state without its log: equal keys, equal positions."""
    state = game.state
    log, state.log = state.log, []
    try:
        data = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
    finally:
        state.log = log
    return hashlib.blake2b(data, digest_size=16).digest()


def show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if value is None:
        return "nothing"
    return str(value).lower() if isinstance(value, bool) else str(value)


def operand_value(o: Any, session: Session) -> Any:
    if isinstance(o, Literal):
        return list(o.value) if isinstance(o.value, tuple) else o.value
    return evaluate(o, session.g, session.view)


def compare(op: str, a: Any, b: Any) -> bool:
    if op == "==":
        return a == b
    if op == "!=":
        return a != b
    if op in ("in", "not in"):
        inside = (a in b) if isinstance(b, (list, str)) else False
        return inside if op == "in" else not inside
    if op == "contains":
        if isinstance(a, list):
            return b in a
        return isinstance(a, str) and isinstance(b, str) and b.casefold() in a.casefold()
    if not isinstance(a, int) or not isinstance(b, int):
        raise TypeError(f"'{op}' compares numbers, not {show(a)} and {show(b)}")
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def holds(cond: Any, session: Session) -> tuple[bool, str]:
    """Whether a (non-refusal) condition holds now, and if not, what the game has instead."""
    if isinstance(cond, LogCheck):
        texts = [e.text + (f" ({e.cause})" if e.cause else "") for e in session.g.state.log]
        found = any(cond.text.casefold() in t.casefold() for t in texts)
        if found != cond.negated:
            return True, ""
        if cond.negated:
            hit = next(t for t in texts if cond.text.casefold() in t.casefold())
            return False, f"the log has it: {hit}"
        tail = "; ".join(t for t in texts[-4:])
        return False, f"no log line contains {show(cond.text)} (last lines: {tail})"
    assert isinstance(cond, Compare)
    left = operand_value(cond.left, session)
    if not cond.op:
        return bool(left), f"{cond.left.text() if hasattr(cond.left, 'text') else show(left)} is {show(left)}"
    right = operand_value(cond.right, session)
    ok = compare(cond.op, left, right)
    return ok, f"actual: {describe(cond.left, left)}" + (
        f", {describe(cond.right, right)}" if not isinstance(cond.right, Literal) else "")


def describe(o: Any, value: Any) -> str:
    if isinstance(o, Literal):
        return show(value)
    return f"{o.text()} is {show(value)}"


def state_json(game: Any) -> str:
    """The state without its log as canonical JSON (pickles of equal states may differ)."""
    import json
    data = game.to_data()
    data.pop("log", None)
    return json.dumps(data, sort_keys=True)


def refused(cond: Refused, session: Session) -> tuple[bool, str]:
    """The command must fail, say why (containing the reason), and leave the game as it was."""
    before = state_json(session.g)
    result = execute(session, cond.command)
    if result.ok:
        return False, f"the command was accepted: {result.text.splitlines()[0] if result.text else ''}"
    after = state_json(session.g)
    text = result.text.removeprefix("error: ")
    if after != before:
        return False, "the command was refused but the game changed"
    if cond.reason and cond.reason.casefold() not in text.casefold():
        return False, f"refused, but for another reason: {text.splitlines()[0]}"
    return True, ""


def run_line(line: Line, session: Session) -> tuple[bool, str, Loc]:
    """Run one script line: whether it held, what went wrong, and where (the line, or the
    part of an expectation's path that named nothing in the game as it is now)."""
    if line.kind == "command":
        result = execute(session, line.command)
        if not result.ok:
            return False, "the command failed: " + result.text.removeprefix("error: ").split("\n")[0], line.loc
        return True, "", line.loc
    cond = line.condition
    try:
        if isinstance(cond, Refused):
            return (*refused(cond, session), line.loc)
        return (*holds(cond, session), line.loc)
    except PathError as exc:
        return False, str(exc), exc.loc or line.loc
    except TypeError as exc:
        return False, str(exc), line.loc


def run_lines(lines: Any, session: Session, outcome: Outcome, goal_check: Any = None) -> bool:
    for line in lines:
        ok, message, loc = run_line(line, session)
        if line.kind == "command":
            outcome.commands += 1
        elif ok:
            outcome.checked += 1
        if not ok:
            outcome.ok, outcome.loc, outcome.line, outcome.message = False, loc, line.text, message
            return False
        if goal_check is not None and goal_check(session):
            break
    return True


def run_prepared(prep: Prepared, *, uniqueness: bool = True) -> Outcome:
    """Build the board, run the script (and the solution, for a puzzle)."""
    sdef = prep.sdef
    outcome = Outcome(sdef.file, sdef.name)
    script = sdef.section("script")
    if script is not None:
        session = new_session(prep)
        if not run_lines(script.lines, session, outcome):
            return outcome
    elif sdef.goal is None:
        new_session(prep)       # a board alone: it must still build (a bad one is reported)
    if sdef.goal is not None:
        from .goals import check_puzzle
        check_puzzle(prep, outcome, uniqueness=uniqueness)
    return outcome


def goal_line(goal: Goal) -> str:
    return goal.text or f"goal {goal.kind}"
