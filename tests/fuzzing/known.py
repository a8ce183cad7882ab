"""Crash classes the fuzzers find that another branch is fixing at the same time.

TEMPORARY: each entry names the branch whose fix it waits for.  The fuzz tests let an
input of these classes pass, and ``benchmarks/fuzz_inputs.py`` counts it apart ("known
elsewhere") instead of as a crash; the lead removes an entry once its branch is merged
(then the fuzzers hold that branch's fix to 0 crashes too).  Nothing else belongs here:
a crash that is no branch's is fixed where the input should have been refused.
"""
from __future__ import annotations

import re
import traceback
from dataclasses import dataclass
from typing import Callable, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Known:
    name: str
    branch: str
    pattern: str          # a regular expression over the crash's message and traceback
    reproducer: str


KNOWN_ELSEWHERE: tuple[Known, ...] = ()


def known(text: str) -> Known | None:
    """The known class a crash (its message and traceback) belongs to, if any."""
    for entry in KNOWN_ELSEWHERE:
        if re.search(entry.pattern, text):
            return entry
    return None


def unless_known(run: Callable[[], T]) -> T | None:
    """``run()``; None for a crash of a known class, any other crash raised as it is."""
    try:
        return run()
    except Exception:
        if known(traceback.format_exc()) is None:
            raise
        return None
