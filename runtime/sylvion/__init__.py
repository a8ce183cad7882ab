"""Sylvion: the solo / two-player cooperative game (rulebook 002).

The player defends a forest against a Ravage deck that plays itself.  It runs on the same
core as Ivion: a turn frame, a play frame, one frame for Support cards, the core's
``block`` interpreter and ``pick_cards`` decisions; its words and verbs are registered in
its own vocabulary.  The core finds it through the ``cardsmith.games`` entry point, which
asks for ``GAME``; the rules object is built (``game.py``) on that first request.
"""
from typing import Any

__all__ = ["GAME"]


def __getattr__(name: str) -> Any:
    if name == "GAME":
        from .game import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
