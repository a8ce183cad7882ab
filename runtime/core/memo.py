"""Facts derived from one compiled card definition, computed once per definition.

A compiled ``CardDef`` is frozen, so anything read off it (which targets a counter acts
on, what a card costs) never changes; hot paths ask such questions of every card in hand
at every decision.  Hashing a whole frozen card tree is itself costly, so the cache is
keyed by identity, and holds the definition so its id can't be reused by another object.
"""
from __future__ import annotations

from typing import Callable, Generic, TypeVar

D = TypeVar("D")
T = TypeVar("T")


class per_definition(Generic[D, T]):
    """Decorator: ``fn(definition)`` computed once per definition object."""

    def __init__(self, fn: Callable[[D], T]) -> None:
        self.fn = fn
        self.cache: dict[int, tuple[D, T]] = {}
        self.__doc__ = fn.__doc__
        self.__name__ = getattr(fn, "__name__", "per_definition")

    def __call__(self, definition: D) -> T:
        hit = self.cache.get(id(definition))
        if hit is None or hit[0] is not definition:
            hit = self.cache[id(definition)] = (definition, self.fn(definition))
        return hit[1]
