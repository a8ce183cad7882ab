"""Facts derived from one compiled card definition, computed once per definition.

A compiled ``CardDef`` is frozen, so anything read off it (which targets a counter acts
on, what a card costs) never changes; hot paths ask such questions of every card in hand
at every decision.  Hashing a whole frozen card tree is itself costly, so the cache is
keyed by identity, and holds the definition so its id can't be reused by another object.
"""
from __future__ import annotations

import functools
from typing import Callable, TypeVar

D = TypeVar("D")
T = TypeVar("T")


def per_definition(fn: Callable[[D], T]) -> Callable[[D], T]:
    """Decorator: ``fn(definition)`` computed once per definition object.

    A plain closure rather than a callable object: this sits on the hottest path of a
    legal-action listing, where a ``__call__`` costs twice as much."""
    cache: dict[int, tuple[D, T]] = {}

    @functools.wraps(fn)
    def cached(definition: D) -> T:
        hit = cache.get(id(definition))
        if hit is None or hit[0] is not definition:
            hit = cache[id(definition)] = (definition, fn(definition))
        return hit[1]
    return cached
