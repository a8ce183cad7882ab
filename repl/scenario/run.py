"""Running a scenario: build its board, run its script line by line through the REPL's
command layer, and check each expectation where it stands.

Every failed expectation is reported (each with its line, what was expected and what the
game had instead), and the run goes on after it: an expectation only looks, and an
``expect refused`` whose command was accepted is taken back.  A failed command stops the
run, since later lines would describe a different game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardsmith.dsl.errors import excerpt
from cardsmith.dsl.scenario_decks import DeckCheck
from cardsmith.dsl.scenarios import Goal, Line, Refused
from cardsmith.runtime.core.effects import Loc

from ..commands import execute
from ..session import Session
from . import deck_checks
from .build import new_session
from .check import Prepared
from .expectations import holds
from .facts import PathError
from .forced import answer_before_refusal, execute_past_forced
from .goals import DEFAULT_DEPTH, OPEN, WIN, Tracker
from .solver import solve


@dataclass(frozen=True)
class Failure:
    """One line that did not hold: where, its source text, and what the game had instead."""
    loc: Loc | None
    line: str
    message: str

    def where(self, file: str) -> str:
        return f"{self.loc.file}:{self.loc.line}:{self.loc.col}" if self.loc else file


@dataclass
class Outcome:
    """What happened when a scenario ran: every line that failed, in order (the first
    one's place also as ``loc``, ``line`` and ``message``)."""
    file: str
    name: str
    failures: list[Failure] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)   # warnings (other solutions ...)
    checked: int = 0            # expectations that held
    commands: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def loc(self) -> Loc | None:
        return self.failures[0].loc if self.failures else None

    @property
    def line(self) -> str:
        return self.failures[0].line if self.failures else ""

    @property
    def message(self) -> str:
        return self.failures[0].message if self.failures else ""

    def fail(self, loc: Loc | None, line: str, message: str) -> None:
        self.failures.append(Failure(loc, line, message))

    def details(self) -> list[str]:
        """Each failure as ``file:line:col``, its line and what went wrong, indented."""
        out: list[str] = []
        for f in self.failures:
            out += [f"  {f.where(self.file)}", f"    {excerpt(f.line, 1)[0]}",
                    *(f"    {m}" for m in f.message.splitlines())]
        return out

    def summary(self) -> str:
        if self.ok:
            return f"PASS {self.file}  {self.name}"
        first = self.failures[0]
        head = f"FAIL {first.where(self.file)}  {self.name}"
        if len(self.failures) == 1:
            return "\n".join([head, f"    {excerpt(first.line, 1)[0]}", *(f"    {m}" for m in first.message.splitlines())])
        return "\n".join([f"{head}  ({len(self.failures)} failed lines)", *self.details()])


def state_json(game: Any) -> str:
    """The state without its log as canonical JSON (pickles of equal states may differ)."""
    import json
    data = game.to_data()
    data.pop("log", None)
    return json.dumps(data, sort_keys=True)


def refused(cond: Refused, session: Session) -> tuple[bool, str]:
    """The command must be refused by the rules, say why (containing the reason), and leave
    the game as it was.  A line the game can't weigh now (nothing decided, no question of
    that kind pending: ``Unavailable``) is no refusal.  A mismatch shows the whole reason.
    A command that was accepted (or changed the game) is taken back, so the script goes on
    from the same game."""
    answer_before_refusal(session, cond.command)     # a forced question first, as a command would
    before = state_json(session.g)
    point = session.savepoint()
    result = execute(session, cond.command)
    if result.ok:
        session.restore(point)
        return False, f"the command was accepted: {result.text.splitlines()[0] if result.text else ''}"
    after = state_json(session.g)
    text = result.text.removeprefix("error: ")
    if after != before:
        session.restore(point)
        return False, "the command was refused but the game changed"
    if result.extra.get("unavailable"):
        return False, "not a refusal by the rules: no such action or question is open now\n" + text
    if cond.reason and cond.reason.casefold() not in text.casefold():
        return False, "refused, but for another reason:\n" + text
    return True, ""


def run_line(line: Line, session: Session) -> tuple[bool, str, Loc]:
    """Run one script line: whether it held, what went wrong, and where (the line, or the
    part of an expectation's path that named nothing in the game as it is now)."""
    if line.kind == "command":
        result = execute_past_forced(session, line.command)
        if not result.ok:
            return False, "the command failed: " + result.text.removeprefix("error: "), line.loc
        return True, "", line.loc
    cond = line.condition
    try:
        if isinstance(cond, Refused):
            return (*refused(cond, session), line.loc)
        if isinstance(cond, DeckCheck):
            return (*deck_checks.holds(cond, session.scenario), line.loc)
        return (*holds(cond, session), line.loc)
    except PathError as exc:
        return False, str(exc), exc.loc or line.loc
    except TypeError as exc:
        return False, str(exc), line.loc


def run_lines(lines: Any, session: Session, outcome: Outcome, goal_check: Any = None) -> bool:
    """Run the lines, recording each that fails; False if a command failed (the run stops
    there) or any expectation did not hold."""
    for line in lines:
        ok, message, loc = run_line(line, session)
        if line.kind == "command":
            outcome.commands += 1
        elif ok:
            outcome.checked += 1
        if not ok:
            outcome.fail(loc, line.text, message)
            if line.kind == "command":
                return False
        if goal_check is not None and goal_check(session):
            break
    return outcome.ok


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
    sdef, goal = prep.sdef, prep.goal
    depth = goal.depth or DEFAULT_DEPTH
    solution = sdef.section("solution")
    if solution is not None and not solution.lines:
        res = solve(prep, depth=depth)
        if res.found:
            outcome.fail(solution.loc, "solution  (none claimed)", "the solver found one: " + " / ".join(res.lines[0]))
        elif res.exhausted:
            outcome.fail(goal.loc, goal.text, f"not proven: the search stopped at its limit ({res.nodes} nodes)")
        else:
            outcome.notes.append(f"no solution within depth {depth}: proven ({res.nodes} nodes, {res.seconds:.2f}s)")
        return
    if solution is None:
        res = solve(prep, depth=depth)
        if not res.found:
            outcome.fail(goal.loc, goal.text, f"the solver finds no solution within depth {depth} ({res.nodes} nodes)")
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
        outcome.fail(goal.loc, goal.text, "the solution does not reach the goal" + (
            " (the goal was lost on the way)" if reached else " (the game is still open after it)"))
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
