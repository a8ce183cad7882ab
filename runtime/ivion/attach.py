"""Attached cards: on a player or an empty tile, one card per tile (001 § Attached Cards;
000 § Attached Cards)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .places import tile_of

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


def attach(game: "Game", cid: str, ref: str, *, duration: int = 0, until_end_of_turn: bool = False) -> None:
    card = game.card(cid)
    card.attached_to = ref
    if duration:
        card.counters["duration"] = min(duration, 5)
    if until_end_of_turn:
        card.counters["until_end_of_turn"] = 1
    game.move_card(cid, "field")
    if ref.startswith("tile:"):
        game.state.board.spaces[ref[5:]].cards.append(cid)
    game.log("attach", f"{card.name} attaches to {game.rules.describe_ref(game, ref)}", card.name, card.controller)


def detach(game: "Game", cid: str) -> None:
    card = game.card(cid)
    if card.attached_to.startswith("tile:"):
        cards = game.state.board.spaces[card.attached_to[5:]].cards
        if cid in cards:
            cards.remove(cid)
    card.attached_to = ""


def destroyed(game: "Game", cid: str, who: int | None) -> None:
    """Announce that an attached card is destroyed, while it is still where it was, so
    "after that card is destroyed" (Arcane Lock, attached to it) hears it however it goes
    and learns the tile it was in, bound as "that tile" (IV-ATT-5, IV-ATT-6).  ``who`` is
    the player whose effect destroys it (None when its object left play)."""
    t = tile_of(game, cid)
    bind = {"it": cid, "that tile": "tile:" + t} if t else {"it": cid}
    game.emit("destroy", who=who, card=cid, tile=t, bind=bind)


def attached_to(game: "Game", ref: str) -> list[str]:
    return [cid for cid in game.state.zones.get("field", ()) if game.card(cid).attached_to == ref]
