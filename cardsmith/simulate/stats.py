"""The statistics a designer can trust, from scipy.stats rather than by hand.

- ``rate``: a proportion with its 95% Wilson score interval (``binomtest(...).proportion_ci``).
- ``paired``: two arms played on the same games: the difference in win rate with Bonett and
  Price's adjusted Wald interval for paired proportions (2012; one game added to each kind
  of changed game, good coverage even when few games changed), and McNemar's exact test, a
  binomial test on the games whose outcome changed.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Rate:
    """``hits`` of ``n`` with its interval (0 to 1; ``low``/``high`` 0 and 1 when n is 0)."""
    hits: int
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else 0.0

    @property
    def half_width(self) -> float:
        """The larger distance from the estimate to an end of the interval."""
        return max(self.value - self.low, self.high - self.value) if self.n else 1.0

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "rate": self.value}

    def __str__(self) -> str:
        return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]" if self.n else "-"


def rate(hits: int, n: int) -> Rate:
    if n == 0:
        return Rate(0, 0, 0.0, 1.0)
    from scipy.stats import binomtest
    ci = binomtest(hits, n).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return Rate(hits, n, float(ci.low), float(ci.high))


@dataclass(frozen=True)
class Paired:
    """Arm 2 against arm 1 on the same ``n`` games: ``gained`` games arm 2 won and arm 1
    lost, ``lost`` the other way round; ``difference`` is arm 2's win rate minus arm 1's."""
    n: int
    gained: int
    lost: int
    difference: float
    low: float
    high: float
    p_value: float

    @property
    def half_width(self) -> float:
        return max(self.difference - self.low, self.high - self.difference) if self.n else 1.0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        return (f"{100 * self.difference:+.1f} points [{100 * self.low:+.1f}, {100 * self.high:+.1f}], "
                f"McNemar exact p = {self.p_value:.3g} ({self.gained} games gained, {self.lost} lost)")


def paired(first: Sequence[bool], second: Sequence[bool]) -> Paired:
    """Compare two arms' outcomes game by game (the same games, in the same order)."""
    if len(first) != len(second):
        raise ValueError("paired outcomes must cover the same games")
    n = len(first)
    gained = sum(1 for a, b in zip(first, second) if b and not a)
    lost = sum(1 for a, b in zip(first, second) if a and not b)
    changed = gained + lost
    if n == 0:
        return Paired(0, 0, 0, 0.0, -1.0, 1.0, 1.0)
    from scipy.stats import binomtest, norm
    z = float(norm.ppf(0.5 + CONFIDENCE / 2))
    up, down = (gained + 1) / (n + 2), (lost + 1) / (n + 2)
    centre = up - down
    spread = z * (((up + down) - centre ** 2) / (n + 2)) ** 0.5
    p_value = float(binomtest(gained, changed, 0.5).pvalue) if changed else 1.0
    return Paired(n, gained, lost, (gained - lost) / n, max(-1.0, centre - spread), min(1.0, centre + spread),
                  p_value)


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Count, mean and quartiles of a sample (empty: count 0)."""
    if not values:
        return {"count": 0}
    import numpy as np
    q = np.percentile(np.asarray(values, dtype=float), [0, 25, 50, 75, 100])
    return {"count": len(values), "mean": float(np.mean(values)), "min": float(q[0]), "q1": float(q[1]),
            "median": float(q[2]), "q3": float(q[3]), "max": float(q[4])}


@dataclass(frozen=True)
class Difference:
    """``first`` minus ``second`` for two independent groups of games, with Newcombe's
    interval (his method 10: the two Wilson intervals combined), as 17lands' IWD."""
    value: float
    low: float
    high: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        return f"{100 * self.value:+.1f} [{100 * self.low:+.1f}, {100 * self.high:+.1f}]"


def difference(first: Rate, second: Rate) -> Difference:
    if not first.n or not second.n:
        return Difference(0.0, -1.0, 1.0)
    p, q = first.value, second.value
    return Difference(p - q, p - q - ((p - first.low) ** 2 + (second.high - q) ** 2) ** 0.5,
                      p - q + ((first.high - p) ** 2 + (q - second.low) ** 2) ** 0.5)
