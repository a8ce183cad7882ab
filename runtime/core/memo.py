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
    legal-action listing, where a ``__call__`` costs twice as much.  The cache keeps every
    definition it has seen alive (``seen``), so no other object can come to have its id: a
    hit by id needs no further check."""
    cache: dict[int, T] = {}
    seen: list[D] = []

    @functools.wraps(fn)
    def cached(definition: D) -> T:
        try:
            return cache[id(definition)]
        except KeyError:
            value = cache[id(definition)] = fn(definition)
            seen.append(definition)
            return value
    return cached
