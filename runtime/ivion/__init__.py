"""Ivion: the 1v1 hero duel on a 4x4 grid (rulebooks 001, default, and 000, 'original').

The core finds the game through the ``cardsmith.games`` entry point, which asks for
``GAME``; the rules object is built (``game.py``) on that first request, so that loading
cached card definitions, which only need the header classes, stays cheap.
"""
from typing import Any

__all__ = ["GAME"]


def __getattr__(name: str) -> Any:
    if name == "GAME":
        from .game import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
