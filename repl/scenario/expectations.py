"""Whether an expectation holds on a live game, and what the game has instead: the part of
running a scenario that the solver and a puzzle's goal share with the script's
``expect`` lines.
"""
from __future__ import annotations

import hashlib
import pickle
from typing import Any

from cardsmith.dsl.scenarios import Compare, Literal, LogCheck

from .facts import evaluate


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


def operand_value(o: Any, session: Any) -> Any:
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


def holds(cond: Any, session: Any) -> tuple[bool, str]:
    """Whether a (non-refusal) condition holds now, and if not, what the game has instead
    (``session``: anything with the game as ``g`` and its ``view``)."""
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
