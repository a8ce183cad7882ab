"""Rush of Ikorr: 1v1, 2v2 and 3v3 team games with champions, locations, spells, infusions
and avatars (rulebook 004).

The core finds the game through the ``cardsmith.games`` entry point, which asks for
``GAME``; the rules object is built (``game.py``) on that first request, so that loading
cached card definitions, which only need the header classes, stays cheap.
"""
from cardsmith.runtime.core.registry import lazy_game

__all__ = ["GAME"]
__getattr__ = lazy_game(__name__)
