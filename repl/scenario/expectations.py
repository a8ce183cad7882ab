"""Whether an expectation holds on a live game, and what the game has instead: the part of
running a scenario that the solver and a puzzle's goal share with the script's
``expect`` lines.
"""
from __future__ import annotations

import hashlib
import pickle
from typing import Any

from cardsmith.dsl.scenarios import Compare, Literal, LogCheck, Sum

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
    if isinstance(o, Sum):
        values = [operand_value(t, session) for t in o.terms]
        for t, v in zip(o.terms, values):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"'{o.text()}' adds numbers, and {describe(t, v)}")
        total = values[0]
        for op, v in zip(o.ops, values[1:]):
            total = total + v if op == "+" else total - v
        return total
    return evaluate(o, session.g, session.view)


def compare(op: str, a: Any, b: Any) -> bool:
    if op == "==":
        return a == b
    if op == "!=":
        return a != b
    if op in ("in", "not in"):
        inside = (a in b) if isinstance(b, (list, str)) else False
        return inside if op == "in" else not inside
    if op in ("contains", "not contains"):
        if isinstance(a, list):
            inside = b in a
        else:
            inside = isinstance(a, str) and isinstance(b, str) and b.casefold() in a.casefold()
        return inside if op == "contains" else not inside
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
    return ok, f"actual: {describe(cond.left, left, session)}" + (
        f", {describe(cond.right, right, session)}" if not isinstance(cond.right, Literal) else "")


def describe(o: Any, value: Any, session: Any = None) -> str:
    if isinstance(o, Literal):
        return show(value)
    if isinstance(o, Sum) and session is not None:      # and each part: 'a + b is 46 (8 + 38)'
        parts = [show(operand_value(t, session)) for t in o.terms]
        return f"{o.text()} is {show(value)} (" + parts[0] + "".join(
            f" {op} {p}" for op, p in zip(o.ops, parts[1:])) + ")"
    return f"{o.text()} is {show(value)}"
