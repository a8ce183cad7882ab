"""Which games a run plays: game numbers, their seeds, who sits where, and chunks of them.

Game ``i`` is dealt from ``game_seed(seed, i // 2)``; the odd one of each pair swaps the
seats, so every deal is played once from each side (the first player's edge cancels out)
and two arms compared on game ``i`` meet exactly the same shuffles.  A game without sides
(Sylvion: no decks, nothing to swap) is dealt from ``game_seed(seed, i)``: a pair would be
the same game twice, counted as two in every interval.  A game's seed depends on the run's
seed and its number only, never on the worker that plays it.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Callable, Iterator

SEED_BITS = 31      # seeds fit the games' own ``--seed`` (``cardsmith play --seed``)


def game_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` of a run seeded ``seed`` (a hash: neighbouring runs
    don't share deals)."""
    digest = hashlib.blake2b(f"cardsmith-simulate:{seed}:{deal}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def deal_of(game: int, sides: bool) -> int:
    """The deal game ``game`` is dealt from: its pair's with sides to swap, its own without."""
    return game // 2 if sides else game


def swapped(game: int) -> bool:
    """Whether game ``game`` seats the first deck on side 1."""
    return game % 2 == 1


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of arm ``arm`` (one task for a worker)."""
    arm: int
    start: int
    stop: int

    def __len__(self) -> int:
        return self.stop - self.start


def chunks(arms: int, start: int, stop: int, size: int | Callable[[], int]) -> Iterator[Chunk]:
    """Games ``start``..``stop - 1`` of every arm in chunks of ``size``, in game order
    (the arms of one stretch of games together, so a comparison fills in evenly).  A
    callable ``size`` is asked again at each stretch (``run.Pace``: the chunks follow the
    pace the games are played at); which games are played does not depend on it."""
    first = start
    while first < stop:
        n = max(1, size() if callable(size) else size)
        for arm in range(arms):
            yield Chunk(arm, first, min(first + n, stop))
        first += n


def chunk_size(games: int, workers: int, largest: int = 100) -> int:
    """Games a task: enough that a task's overhead (2 ms on Dask) is small against the
    games' time, few enough that every worker gets several tasks and the bar moves."""
    return max(1, min(largest, games // max(1, workers * 8)))
