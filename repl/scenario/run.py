"""Running a scenario: build its board, run its script line by line through the REPL's
command layer, and check each expectation where it stands.

The first failing line ends the run (later lines would describe a different game); the
``Outcome`` says which line, what was expected, and what the game had instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardsmith.dsl.errors import excerpt
from cardsmith.dsl.scenarios import Goal, Line, Refused
from cardsmith.runtime.core.effects import Loc

from ..commands import execute
from ..session import Session
from .build import new_session
from .check import Prepared
from .expectations import holds
from .facts import PathError
from .goals import DEFAULT_DEPTH, OPEN, WIN, Tracker
from .solver import solve


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
        return f"FAIL {where}  {self.name}\n    {excerpt(self.line, 1)[0]}\n    {self.message}"


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
        check_puzzle(prep, outcome, uniqueness=uniqueness)
    return outcome


def check_puzzle(prep: Prepared, outcome: Any, *, uniqueness: bool = True) -> None:
    """A puzzle's solution must reach its goal; an empty ``solution`` claims there is none
    within the goal's depth, which the solver must prove; with no solution given, the
    solver must find one.  Other solutions found by ``solve --all`` are warnings."""
    sdef, goal = prep.sdef, prep.sdef.goal
    depth = goal.depth or DEFAULT_DEPTH
    solution = sdef.section("solution")
    if solution is not None and not solution.lines:
        res = solve(prep, depth=depth)
        if res.found:
            outcome.ok, outcome.loc, outcome.line = False, solution.loc, "solution  (none claimed)"
            outcome.message = "the solver found one: " + " / ".join(res.lines[0])
        elif res.exhausted:
            outcome.ok, outcome.loc, outcome.line = False, goal.loc, goal.text
            outcome.message = f"not proven: the search stopped at its limit ({res.nodes} nodes)"
        else:
            outcome.notes.append(f"no solution within depth {depth}: proven ({res.nodes} nodes, {res.seconds:.2f}s)")
        return
    if solution is None:
        res = solve(prep, depth=depth)
        if not res.found:
            outcome.ok, outcome.loc, outcome.line = False, goal.loc, goal.text
            outcome.message = f"the solver finds no solution within depth {depth} ({res.nodes} nodes)"
        else:
            outcome.notes.append("solution found by the solver: " + " / ".join(res.lines[0]))
        return
    session = new_session(prep)
    tracker = Tracker(goal, session.g, session.view)
    reached = []

    def done(s: Any) -> bool:
        st = tracker.status(s.g)
        if st != OPEN:
            reached.append(st)
            return True
        return False

    if not run_lines(solution.lines, session, outcome, done):
        return
    if not reached or reached[0] != WIN:
        outcome.ok, outcome.loc, outcome.line = False, goal.loc, goal.text
        outcome.message = "the solution does not reach the goal" + (
            " (the goal was lost on the way)" if reached else " (the game is still open after it)")
        return
    if uniqueness:
        res = solve(prep, depth=depth, find_all=True)
        if res.exhausted:
            outcome.notes.append(f"uniqueness not checked: the search stopped at its limit ({res.nodes} nodes)")
        elif len(res.solutions) > 1:
            others = [" / ".join(s) for s in res.lines[1:4]]
            outcome.notes.append(f"warning: solve --all finds {len(res.solutions)} distinct solutions "
                                 f"within depth {depth}; e.g. " + " | ".join(others))


def goal_line(goal: Goal) -> str:
    return goal.text or f"goal {goal.kind}"
