"""Errors in card, deck and scenario files, reported as ``file:line:col: message``.

Every message shows the offending line with a caret under the column, and a hint where
one helps, in the manner of a compiler: the designer should never need a traceback.
"""
from __future__ import annotations

import re

from cardsmith.runtime.core.errors import CardsmithError


class CardError(CardsmithError):
    def __init__(self, message: str, file: str = "<string>", line: int = 0, col: int = 0,
                 source: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.source = source

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def format(self, source: str | None = None) -> str:
        text = f"{self.where}: {self.message}"
        source = source if source is not None else self.source
        if source is not None and self.line > 0:
            lines = source.splitlines()
            if self.line <= len(lines):
                line = lines[self.line - 1].rstrip("\n").expandtabs(4)
                text += f"\n    {line}\n    {' ' * max(self.col - 1, 0)}^"
        return text

    def __str__(self) -> str:
        return self.format()


_QUOTED = re.compile(r"'([^']*)'")


def friendly_syntax(message: str, expected: list[str], got: str) -> str:
    """Turn Arpeggio's 'Expected a or b or ...' into something short and useful."""
    words = []
    for rule in expected:
        m = _QUOTED.fullmatch(rule)
        word = m.group(1) if m else None
        if word and word not in words:
            words.append(word)
    got = got.strip().split("\n")[0][:20] or "end of file"
    if not words:
        return f"unexpected '{got}'"
    shown = ", ".join(f"'{w}'" for w in words[:8])
    more = f" (or {len(words) - 8} more)" if len(words) > 8 else ""
    return f"unexpected '{got}'; expected {shown}{more}"
