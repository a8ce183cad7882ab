"""A Pebbles card's header: how many copies of it each player's heap holds."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardsmith.runtime.core.native import pickle_by_constructor

MAX_HEAP: Final = 9


@dataclass(frozen=True, slots=True)
class PebblesHeader:
    heap: int = 1


def make_header(fields: dict[str, Any], where: str) -> PebblesHeader:
    """Check a header; ``ValueError`` naming the problem."""
    heap = int(fields.get("heap", 1))
    if not 0 <= heap <= MAX_HEAP:
        raise ValueError(f"heap {heap} is impossible (0..{MAX_HEAP})")
    return PebblesHeader(heap=heap)


pickle_by_constructor(globals())
