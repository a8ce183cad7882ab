"""Per-game views: everything the REPL shows or edits that depends on a game's words.

The command layer is game-neutral; it asks the session's view how to draw the board,
summarise a player, explain why a card can't be played, which frames are resolution
steps, and how to place heroes or attach cards.  Ivion is the first view; Sylvion and
Rush of Ikorr plug in by adding a module and a line to ``VIEWS``.
"""
from __future__ import annotations

from importlib import import_module

from cardsmith.runtime.core.errors import UnknownGame

from .base import GameView

VIEWS = {"ivion": "cardsmith.repl.views.ivion:IvionView",
         "sylvion": "cardsmith.repl.views.sylvion:SylvionView"}


def get_view(game: str) -> GameView:
    spec = VIEWS.get(game)
    if spec is None:
        raise UnknownGame(f"the REPL has no view for game '{game}' yet (known: {', '.join(VIEWS)})")
    module, _, cls = spec.partition(":")
    return getattr(import_module(module), cls)()


__all__ = ["GameView", "get_view", "VIEWS"]
