"""A card that can't resolve: meta-countered, what was paid refunded, the rest of its
effect dropped, and its failure to resolve announced (000 § Meta-Counters, § Occupied
Tiles; IV-CNTR-8).  The stack (stack.py) and the verbs that find mid-resolution that the
card can't go on (verbs_board.py) both come here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.runtime.core.state import StackItem

from .players import player_ref
from .resources import refund

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


def find_item(game: "Game", item_id: str) -> StackItem | None:
    for it in game.state.stack:
        if it.id == item_id:
            return it
    return None


def meta_counter_now(game: "Game", item_id: str, why: str) -> None:
    """A card found mid-resolution that it can't resolve (an occupied travel destination):
    it is meta-countered, what was paid comes back, and the rest of its effect is dropped
    (000 § Occupied Tiles)."""
    item = find_item(game, item_id)
    if item is None:
        game.log("meta-counter", f"nothing happens: {why}")
        return
    item.fate = "meta-countered"
    item.reason = why
    cdef = game.cdef(item.card)
    game.log("meta-counter", f"{cdef.name} is meta-countered: {why}", cdef.name, item.controller)
    refund(game, item.controller, item.paid, f"{cdef.name} meta-countered")
    game.state.agenda[:] = [f for f in game.state.agenda
                            if not (f.kind == "block" and f.data.get("item") == item_id)]
    failed_to_resolve(game, item)


def failed_to_resolve(game: "Game", item: StackItem) -> None:
    """A countered or meta-countered card "fails to resolve" (IV-CNTR-8; tsv Counter Magic,
    Scrappy): ``after an enemy fail_to_resolve: ...`` fires, with ``them`` its controller."""
    game.emit("fail_to_resolve", who=item.controller, card=item.card,
              bind={"them": player_ref(item.controller), "it": item.card})
