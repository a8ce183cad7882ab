"""Rush of Ikorr: 1v1, 2v2 and 3v3 team games with champions, locations, spells, infusions
and avatars (rulebook 004).

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
