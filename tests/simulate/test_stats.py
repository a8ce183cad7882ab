"""Intervals and the paired test, checked against values worked out independently."""
from __future__ import annotations

from math import comb

import pytest

from cardsmith.simulate.stats import distribution, paired, rate


def test_wilson_interval_of_560_in_1000() -> None:
    r = rate(560, 1000)
    assert r.value == 0.56
    assert r.low == pytest.approx(0.5292, abs=5e-4) and r.high == pytest.approx(0.5903, abs=5e-4)
    # Wilson, by its formula: centre (k + z²/2) / (n + z²)
    z2 = 1.959964 ** 2
    assert (r.low + r.high) / 2 == pytest.approx((560 + z2 / 2) / (1000 + z2), abs=1e-5)


def test_an_interval_stays_inside_0_and_1_and_narrows_with_games() -> None:
    assert rate(0, 50).low == 0.0 and 0 < rate(0, 50).high < 0.1
    assert rate(50, 50).high == pytest.approx(1.0) and rate(50, 50).low > 0.9
    assert rate(300, 600).half_width < rate(30, 60).half_width
    assert rate(0, 0).n == 0 and rate(0, 0).half_width == 1.0


def exact_two_sided(k: int, n: int) -> float:
    """McNemar's exact p by hand: both tails of Binomial(n, 1/2) as extreme as k."""
    low = min(k, n - k)
    tail = sum(comb(n, i) for i in range(low + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def outcomes(both: int, only_first: int, only_second: int, neither: int) -> tuple[list[bool], list[bool]]:
    first = [True] * both + [True] * only_first + [False] * only_second + [False] * neither
    second = [True] * both + [False] * only_first + [True] * only_second + [False] * neither
    return first, second


@pytest.mark.parametrize("both,lost,gained,neither", [(10, 5, 12, 73), (40, 2, 15, 43), (0, 9, 9, 2), (5, 0, 1, 0)])
def test_mcnemar_counts_only_the_games_that_changed(both: int, lost: int, gained: int, neither: int) -> None:
    d = paired(*outcomes(both, lost, gained, neither))
    n = both + lost + gained + neither
    assert (d.n, d.gained, d.lost) == (n, gained, lost)
    assert d.difference == pytest.approx((gained - lost) / n)
    assert d.p_value == pytest.approx(exact_two_sided(gained, gained + lost))
    assert -1 <= d.low <= d.difference <= d.high <= 1


def bonett_price(gained: int, lost: int, n: int) -> tuple[float, float]:
    """Bonett & Price (2012), eq. 7, with z = 1.959964."""
    a, b = (lost + 1) / (n + 2), (gained + 1) / (n + 2)
    se = (((a + b) - (b - a) ** 2) / (n + 2)) ** 0.5
    return b - a - 1.959964 * se, b - a + 1.959964 * se


def test_the_paired_interval_is_bonett_and_prices() -> None:
    d = paired(*outcomes(10, 5, 12, 73))
    low, high = bonett_price(12, 5, 100)
    assert (d.low, d.high) == (pytest.approx(low, abs=1e-6), pytest.approx(high, abs=1e-6))
    assert d.low < 0 < d.high and d.p_value > 0.05            # 12 against 5 in 100 is no evidence
    clear = paired(*outcomes(400, 10, 60, 530))
    assert clear.low > 0 and clear.p_value < 1e-6              # 60 against 10 in 1000 is


def test_no_game_changed_is_no_difference_with_an_honest_interval() -> None:
    d = paired([True, False] * 100, [True, False] * 100)
    assert (d.difference, d.p_value, d.gained, d.lost) == (0.0, 1.0, 0, 0)
    assert d.low == pytest.approx(-d.high) and 0 < d.high < 0.03
    assert paired([True] * 2000, [True] * 2000).high < d.high


def test_paired_outcomes_must_cover_the_same_games() -> None:
    with pytest.raises(ValueError):
        paired([True], [True, False])


def test_distribution_quartiles() -> None:
    d = distribution([1, 2, 3, 4, 5])
    assert (d["count"], d["min"], d["q1"], d["median"], d["q3"], d["max"], d["mean"]) == (5, 1, 2, 3, 4, 5, 3)
    assert distribution([]) == {"count": 0}
