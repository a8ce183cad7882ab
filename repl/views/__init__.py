"""Per-game views: everything the REPL shows or edits that depends on a game's words.

The command layer is game-neutral; it asks the session's view how to draw the board,
summarise a player, explain why a card can't be played, which frames are resolution
steps, and how to place heroes or attach cards.  Ivion is the first view; Sylvion and
Rush of Ikorr plug in by adding a module and a line to ``VIEWS``.
"""
from __future__ import annotations

from importlib import import_module

from cardsmith.runtime.core.errors import UnknownGame

from .base import GameView, GenericView

VIEWS = {"ivion": "cardsmith.repl.views.ivion:IvionView",
         "sylvion": "cardsmith.repl.views.sylvion:SylvionView",
         "ikorr": "cardsmith.repl.views.ikorr:IkorrView"}


def get_view(game: str) -> GameView:
    """The game's own view, or a generic one for any other game the engine knows: every
    game can be played, stepped and undone through the decision API from the start."""
    spec = VIEWS.get(game)
    if spec is None:
        from cardsmith.runtime.core.registry import game_names
        if game not in game_names():
            raise UnknownGame(f"unknown game '{game}' (known: {', '.join(game_names())})")
        return GenericView(game)
    module, _, cls = spec.partition(":")
    return getattr(import_module(module), cls)()


__all__ = ["GameView", "GenericView", "get_view", "VIEWS"]
