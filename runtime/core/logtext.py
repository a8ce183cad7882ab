"""The log as a person reads it: one line an entry, grouped under the entries that head a
part of it (``GameRules.log_headers``: a turn, the result).  ``cardsmith play`` prints a
whole game this way and the REPL what happened since its last prompt, so both read alike."""
from __future__ import annotations

from typing import Iterable

from .state import LogEntry


def format_entry(entry: LogEntry, headers: tuple[str, ...] = ("turn",)) -> str:
    """A header stands alone; any other entry is indented and says its cause when its
    text doesn't already."""
    if entry.kind in headers:
        return entry.text
    text = f"  {entry.text}"
    if entry.cause and entry.cause not in entry.text:
        text += f"  [{entry.cause}]"
    return text


def public_lines(entries: Iterable[LogEntry], headers: tuple[str, ...] = ("turn",)) -> list[str]:
    """The entries every player may see (no private ones), formatted."""
    return [format_entry(e, headers) for e in entries if not e.private]
