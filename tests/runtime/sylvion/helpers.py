"""Test helpers for Sylvion: a real game stopped before turn 1, arranged by hand with the
sandbox (real cards moved, none created), then driven through ``legal_actions``/``apply``.
"""
from __future__ import annotations

from functools import lru_cache

from cardsmith.dsl.loader import bundled_library
from cardsmith.runtime.core import Game
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.sylvion import battlefield as bf
from cardsmith.runtime.sylvion import sandbox

QUIET = ["Tree 1", "Tree 2", "Fountain 1", "Fountain 2", "Tree 3", "Fountain 3", "Tree 4", "Fountain 4"]
TAIL = "Elemental 3"       # a second card per stack, so turn 1 is not the final turn


@lru_cache(maxsize=1)
def library():
    return bundled_library("sylvion")


def game(*, players: int = 1, seed: int = 7, hand=None, hands=None, stacks=None, **options) -> Game:
    """A game stopped before turn 1.  ``hand``: the solo hand; ``hands``: one per player;
    ``stacks``: four lists of Ravage card names, top first."""
    g = sandbox.prepared(library(), players=players, seed=seed, **options)
    if hand is not None:
        sandbox.set_hand(g, 0, *hand)
    for i, h in enumerate(hands or ()):
        sandbox.set_hand(g, i, *h)
    if stacks is not None:
        sandbox.set_stacks(g, stacks)
    return g


def labels(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def act(g: Game, label: str) -> None:
    """Apply the legal action whose label starts with ``label``."""
    for a in g.legal_actions():
        if str(a).startswith(label):
            g.apply(a)
            return
    raise AssertionError(f"no action '{label}' among {labels(g)}")


def end_defense(g: Game) -> None:
    g.apply(Action("end", ()))


def name_at(g: Game, key: str) -> list[str]:
    return [g.name(c) for c in g.state.board.spaces[key].cards]


def names(g: Game, zone: str) -> list[str]:
    return [g.name(c) for c in g.state.zones[zone]]


def desolated(g: Game) -> int:
    return len(bf.edges(g, True))


def log_texts(g: Game) -> list[str]:
    return [e.text for e in g.state.log]
