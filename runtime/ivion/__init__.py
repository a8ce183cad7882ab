"""Ivion: the 1v1 hero duel on a 4x4 grid (rulebooks 001, default, and 000, 'original').

The core finds the game through the ``cardsmith.games`` entry point, which asks for
``GAME``; the rules object is built (``game.py``) on that first request, so that loading
cached card definitions, which only need the header classes, stays cheap.
"""
from cardsmith.runtime.core.registry import lazy_game

__all__ = ["GAME"]
__getattr__ = lazy_game(__name__)
