"""A seeded random number generator whose whole state is one integer.

The state lives inside the game state, so a saved game carries its RNG with it and
`same seed + same actions = same game` holds across processes and Python versions
(``random.Random`` keeps a 625-word state and its algorithms may change between releases).
SplitMix64 is small, fast and well distributed, which is all a card shuffle needs.
"""
from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
#: the largest seed: seeds are 64-bit, so a larger one would only repeat a smaller one's game
MAX_SEED: Final = _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, r) with 0 <= r < n, without modulo bias."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new RNG state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    """Derive the initial RNG state from a user-facing seed."""
    state, _ = next_u64(seed & _MASK)
    return state
