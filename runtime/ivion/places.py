"""Where things are: the kind of a reference, the tile it is in, who stands in a tile.

A reference is a string: ``player:N``, ``tile:a1`` or a card id (``c12``).  A card's
location is the tile it is attached to, the tile of the player it is attached to, or else
its controller's tile; an unresolved card is in its controller's tile (001 § Attached
Cards > Destroy; rulings.md: an unresolved card is in the tile of its controller).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


def kind(ref: str) -> str:
    if ref.startswith("player:"):
        return "player"
    if ref.startswith("tile:"):
        return "tile"
    return "card"


def tile_of(game: "Game", ref: str) -> str:
    """The tile a reference is in, for range and nearness ('' if nowhere)."""
    if ref.startswith("player:"):
        return game.state.players[int(ref[7:])].position
    if ref.startswith("tile:"):
        return ref[5:]
    card = game.state.cards.get(ref)
    if card is None:
        return ""
    if card.attached_to:
        return tile_of(game, card.attached_to)
    return game.state.players[card.controller].position


def occupant(game: "Game", tile: str) -> list[int]:
    return [p.index for p in game.state.players if p.position == tile]


def is_empty(game: "Game", tile: str) -> bool:
    """No cards attached and no heroes in it; terrain allowed (001 § Glossary: Empty tile)."""
    return not occupant(game, tile) and not game.state.board.spaces[tile].cards
