"""Sylvion: the solo / two-player cooperative game (rulebook 002).

The player defends a forest against a Ravage deck that plays itself.  It runs on the same
core as Ivion: a turn frame, a play frame, one frame for Support cards, the core's
``block`` interpreter and ``pick_cards`` decisions; its words and verbs are registered in
its own vocabulary.  The core finds it through the ``cardsmith.games`` entry point, which
asks for ``GAME``; the rules object is built (``game.py``) on that first request.
"""
from cardsmith.runtime.core.registry import lazy_game

__all__ = ["GAME"]
__getattr__ = lazy_game(__name__)
