"""Where a generator's choices come from: Hypothesis (the suite: shrinkable) or a seeded
generator (the benchmark and the long seeded walks: fast, the same on every run)."""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

T = TypeVar("T")
#: the fuzz tests' settings on top of the profile (tests/conftest.py): no deadline (a walk
#: plays whole turns), and big, slow examples are what they are for
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Draw(Protocol):
    def choice(self, items: Sequence[T]) -> T: ...
    def integer(self, lo: int, hi: int) -> int: ...
    def chance(self) -> float: ...


class Drawn:
    """Choices drawn by Hypothesis (shrinkable)."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def choice(self, items: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(items))

    def integer(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))

    def chance(self) -> float:
        return self.data.draw(st.floats(0, 1))


class Seeded:
    """Choices from a seeded generator: long walks, the same on every run."""

    def __init__(self, seed: int | str) -> None:
        self.rnd = random.Random(seed)

    def choice(self, items: Sequence[T]) -> T:
        return self.rnd.choice(items)

    def integer(self, lo: int, hi: int) -> int:
        return self.rnd.randint(lo, hi)

    def chance(self) -> float:
        return self.rnd.random()
