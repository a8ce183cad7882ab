"""The AIs by name: ``make_ai("greedy", seed)``, ``search:800``, and ``--ai`` specs with one
name per seat.

A module of its own, above ``ai`` (the base, random, greedy) and ``search`` (which builds on
``ai``), so that naming every kind imports neither module from the other: ``ai`` and
``search`` import in layers, and a new kind is one entry here.
"""
from __future__ import annotations

from typing import Final

from .ai import AI, GreedyAI, RandomAI
from .errors import CardsmithError
from .search import SearchAI, parse_budget

KINDS: Final = {"random": RandomAI, "greedy": GreedyAI}
#: every AI's name, the search AI's included (``search``, ``search:800``, ``search:0.5s``)
NAMES: Final = (*KINDS, "search")


def make_ai(kind: str, seed: int = 0) -> AI:
    """An AI by name ('random', 'greedy', 'search[:BUDGET]'), with its own seed."""
    name, colon, budget = kind.strip().partition(":")
    name = name.casefold()
    if name == "search":
        if colon and not budget.strip():
            raise CardsmithError(f"'{kind}' has no budget after the colon: search:800 (iterations), "
                                 "search:0.5s (seconds), or search alone for the game's default")
        return SearchAI(seed, parse_budget(budget))
    cls = KINDS.get(name)
    if cls is None or colon:
        known = ", ".join(NAMES)
        if cls is not None:
            raise CardsmithError(f"the {name} AI takes no budget ('{kind}'); only search does (search:800)")
        raise CardsmithError(f"unknown AI '{kind}' (known: {known}; search takes a budget: search:800, search:0.5s)")
    return cls(seed)


def check_ai(kind: str) -> str:
    """The problem with an AI name ('' if ``make_ai`` accepts it), for a saved game's seats."""
    try:
        make_ai(kind)
    except CardsmithError as e:
        return str(e)
    return ""


def parse_ai_spec(spec: str, seats: int | None) -> list[str]:
    """One AI name per seat from ``--ai``'s value: one name for every seat
    ("search"), or one per seat, comma-separated ("search,greedy").  Each is checked;
    ``seats`` None checks only the names (before the game, and so its seats, is known)."""
    names = [part.strip() for part in spec.split(",")]
    if any(not n for n in names):
        raise CardsmithError(f"'{spec}' has an empty AI name: write one per seat, separated by commas")
    if seats is not None and len(names) == 1:
        names *= seats
    elif seats is not None and len(names) != seats:
        raise CardsmithError(f"'{spec}' names {len(names)} AIs for {seats} seat{'s' * (seats != 1)}: "
                             "give one name for all of them, or one per seat")
    for n in names:
        problem = check_ai(n)
        if problem:
            raise CardsmithError(problem)
    return names


def make_ais(spec: str, seeds: list[int]) -> list[AI]:
    """The AIs a command line's ``--ai`` value names, one per seat, each with that seat's
    seed (``seed_for``): every game's ``play`` makes its players here."""
    return [make_ai(name, seed) for name, seed in zip(parse_ai_spec(spec, len(seeds)), seeds)]
