"""The Field: a 4x4 grid of tiles.  Tiles are keyed 'a1'..'d4' (column letter, row number).

Player 0 sits at row 1, player 1 at row 4; each starts in their own bottom-right corner,
so the two start in opposite corners (000 § Game Setup; 001 § Setup e).
"""
from __future__ import annotations

from typing import Final

from functools import lru_cache

from cardsmith.runtime.core.state import Board, Space

SIZE: Final = 4
COLS: Final = "abcd"


@lru_cache(maxsize=None)
def key(col: int, row: int) -> str:
    """'b3': sixteen names, made once each (every game's board asks for all of them)."""
    return f"{COLS[col]}{row + 1}"


def new_board() -> Board:
    spaces = {}
    for r in range(SIZE):
        for c in range(SIZE):
            k = key(c, r)
            spaces[k] = Space(k, r, c)
    return Board("grid", SIZE, SIZE, spaces)


@lru_cache(maxsize=None)
def coords(tile: str) -> tuple[int, int]:
    return COLS.index(tile[0]), int(tile[1:]) - 1


def is_tile(text: str) -> bool:
    return len(text) == 2 and text[0] in COLS and text[1] in "1234"


@lru_cache(maxsize=None)
def distance(a: str, b: str) -> int:
    """Tiles apart by orthogonal steps: diagonal tiles are not adjacent (001 § Movement).
    Read from a table made once (``_steps``): every range check of every listing asks."""
    return DISTANCE[a][b]


def reach_distance(a: str, b: str) -> int:
    """Range for a card with Reach (``_reach_steps``), from a table made once."""
    return REACH_DISTANCE[a][b]


def _steps(a: str, b: str) -> int:
    (ac, ar), (bc, br) = coords(a), coords(b)
    return abs(ac - bc) + abs(ar - br)


def _reach_steps(a: str, b: str) -> int:
    """A card with Reach "can draw range diagonally once", so one diagonal step counts as 1
    (tsv Bale, Execute, Haymaker; IV-RANGE-2, IV-RANGE-7)."""
    (ac, ar), (bc, br) = coords(a), coords(b)
    dc, dr = abs(ac - bc), abs(ar - br)
    return dc + dr - (1 if dc and dr else 0)


@lru_cache(maxsize=None)
def neighbours(tile: str) -> tuple[str, ...]:
    c, r = coords(tile)
    out = []
    for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        nc, nr = c + dc, r + dr
        if 0 <= nc < SIZE and 0 <= nr < SIZE:
            out.append(key(nc, nr))
    return tuple(out)


TILES: Final[tuple[str, ...]] = tuple(key(c, r) for r in range(SIZE) for c in range(SIZE))
DISTANCE: Final = {a: {b: _steps(a, b) for b in TILES} for a in TILES}
REACH_DISTANCE: Final = {a: {b: _reach_steps(a, b) for b in TILES} for a in TILES}

#: each tile's view of the board: every tile with its distance, nearest first (ties in
#: ``TILES`` order), so "the nearest empty tile" stops at the first one found
BY_DISTANCE: Final = {a: tuple(sorted(((distance(a, b), b) for b in TILES), key=lambda db: db[0])) for a in TILES}


def all_tiles() -> tuple[str, ...]:
    return TILES


def near(a: str, b: str) -> bool:
    """Same tile or orthogonally adjacent (001 § Glossary: Near)."""
    return distance(a, b) <= 1


def start_tile(seat: int) -> str:
    return "d1" if seat == 0 else "a4"


def paths_monotone(start: str, pivot: str, steps: int, blocked: frozenset[str],
                   closer: bool) -> set[str]:
    """Tiles reachable in 1..steps steps where each step moves strictly closer to (or farther
    from) ``pivot``, never through ``blocked`` tiles.  This is the rulebook's "away"
    (000 Fox & Forest § Glossary: Away); "towards" is read as its mirror image."""
    out: set[str] = set()
    frontier = {start}
    for _ in range(steps):
        nxt = set()
        for t in frontier:
            d = distance(t, pivot)
            for n in neighbours(t):
                if n in blocked:
                    continue
                nd = distance(n, pivot)
                if (closer and nd < d) or (not closer and nd > d):
                    nxt.add(n)
        out |= nxt
        frontier = nxt
    return out


def monotone_exactly(start: str, pivot: str, steps: int, closer: bool) -> set[str]:
    """Tiles at the end of an N-step path from ``start`` each step of which moves strictly
    closer to (or farther from) ``pivot``: "travel them 2 tiles away from you" (000 Fox &
    Forest § Glossary: Away).  The path is only a measure: travel follows none (001 §
    Traveling), so no tile on it is in the way."""
    frontier = {start}
    for _ in range(steps):
        frontier = {n for t in frontier for n in neighbours(t)
                    if (distance(n, pivot) < distance(t, pivot) if closer
                        else distance(n, pivot) > distance(t, pivot))}
    return frontier


def at_distance(start: str, steps: int) -> set[str]:
    """Tiles exactly ``steps`` orthogonal steps from ``start`` (Manhattan distance): where
    "travel you 2 tiles" may end, whatever stands between (travel follows no path)."""
    return {t for t in all_tiles() if distance(start, t) == steps}


def within(start: str, steps: int, blocked: frozenset[str]) -> set[str]:
    """Tiles reachable in 1..steps orthogonal steps avoiding ``blocked`` tiles."""
    seen = {start}
    frontier = {start}
    for _ in range(steps):
        frontier = {n for t in frontier for n in neighbours(t) if n not in blocked and n not in seen}
        seen |= frontier
    seen.discard(start)
    return seen
