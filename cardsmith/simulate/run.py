"""The run loop: hand chunks to a pool, file what comes back, show progress, and stop at
the planned number of games, at the asked precision, or at Ctrl-C.

With ``precision`` the run stops at the first checkpoint (every ``CHECK_EVERY`` games of
every arm, counted from game 0) where the interval is narrow enough; checkpoints don't
depend on the chunks or the workers, so neither does where a run stops.  Games finished
past the stopping point are left out.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, TextIO

from .jobs import chunk_size, chunks
from .pool import make_pool
from .setup import Spec
from .tally import Tally
from .worker import table_for

CHECK_EVERY = 200
#: a chunk is about this long for one worker to play: Ctrl-C loses only the chunks still
#: being played (a few seconds of play, not up to 100 games a worker), and the bar moves
#: from the first seconds; long enough that a task's cost (2 ms on Dask) stays small
CHUNK_SECONDS = 1.0


@dataclass(frozen=True)
class Plan:
    arms: tuple[Spec, ...]                     # arm 0 is the baseline of a comparison
    labels: tuple[str, ...]
    seed: int
    games: int                                 # the number of games (the most, with precision)
    precision: float | None = None
    workers: int = 1
    cluster: str | None = None
    importance: bool = False                   # arms 1.. are arm 0 with one card blanked each


@dataclass
class Outcome:
    plan: Plan
    tally: Tally
    numbers: list[int]                         # the games the figures count, in order
    elapsed: float
    interrupted: bool = False
    precise: bool = False                      # stopped because the precision was reached
    workers: int = 1
    extra: dict[str, Any] = field(default_factory=dict)


def narrow_enough(plan: Plan, tally: Tally, numbers: list[int]) -> bool:
    """Whether the figures the run is about (every difference from arm 0, for a comparison;
    else the win rate) have intervals no wider than ± ``plan.precision``."""
    assert plan.precision is not None
    if len(plan.arms) == 1:
        return tally.win_rate(0, numbers).half_width <= plan.precision
    return all(tally.paired(0, k, numbers).half_width <= plan.precision for k in range(1, len(plan.arms)))


def headline(plan: Plan, tally: Tally) -> str:
    numbers = tally.complete()
    if not numbers:
        return ""
    if len(plan.arms) > 1:
        d = tally.paired(0, 1, numbers)
        return f"{100 * d.difference:+.1f} pts ±{100 * d.half_width:.1f}"
    r = tally.win_rate(0, numbers)
    return f"win {100 * r.value:.1f}% ±{100 * r.half_width:.1f}"


class Pace:
    """The size of the next chunks, from the pace the games have come back at so far (2
    games a chunk until the first come back, at most ``largest``)."""

    def __init__(self, workers: int, largest: int) -> None:
        self.workers, self.largest = workers, largest
        self.start = time.perf_counter()
        self.done = 0

    def size(self) -> int:
        seconds = time.perf_counter() - self.start
        if not self.done or seconds <= 0:
            return min(2, self.largest)
        per_worker = self.done / seconds / self.workers
        return min(self.largest, max(2, 2 * round(per_worker * CHUNK_SECONDS / 2)))   # even: a deal's pair together


def run(plan: Plan, err: TextIO, progress: bool = True) -> Outcome:
    """Play the plan; Ctrl-C ends it early with what was played (``interrupted``)."""
    from tqdm import tqdm
    import scipy.stats  # noqa: F401  (now, not first in the bar's headline mid-run: Ctrl-C
    #                    halfway through importing scipy leaves it broken for the report)

    for spec in plan.arms:          # bad decks are said before any worker starts; forked
        table_for(spec)             # workers inherit the loaded cards
    tally = Tally(len(plan.arms))
    start = time.perf_counter()
    pool = make_pool(plan.workers, plan.cluster)
    pace = Pace(pool.workers, chunk_size(plan.games, pool.workers))
    todo = chunks(len(plan.arms), 0, plan.games, pace.size)
    in_flight, stop_at, interrupted = 0, plan.games, False
    check = CHECK_EVERY
    bar = tqdm(total=plan.games * len(plan.arms), unit="game", file=err, disable=not progress,
               dynamic_ncols=True, smoothing=0.1)
    try:
        while True:
            while in_flight < 2 * pool.workers:
                chunk = next(todo, None)
                if chunk is None or chunk.start >= stop_at:
                    break
                pool.submit(chunk, (plan.arms[chunk.arm], plan.seed, chunk))
                in_flight += 1
            if in_flight == 0:
                break
            chunk, summaries = pool.next_done()
            in_flight -= 1
            tally.add(chunk.arm, summaries)
            pace.done += len(summaries)
            bar.update(len(summaries))
            bar.set_postfix_str(headline(plan, tally), refresh=False)
            if plan.precision is not None:
                while stop_at == plan.games and check < plan.games and tally.prefix() >= check:
                    if narrow_enough(plan, tally, list(range(check))):
                        stop_at = check
                    check += CHECK_EVERY
        pool.close()
    except KeyboardInterrupt:
        interrupted = True
        pool.stop()
    finally:
        bar.close()
    numbers = tally.complete() if interrupted else tally.complete(below=stop_at)
    return Outcome(plan, tally, numbers, time.perf_counter() - start, interrupted,
                   precise=stop_at < plan.games, workers=pool.workers)
