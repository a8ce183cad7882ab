"""Where a card goes when it leaves play, and what it loses on the way."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.runtime.core.keywords import replaces_discard

from .attach import destroyed, detach
from .header import IvionHeader
from .piles import release
from .players import beneath, zone
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.state import CardInstance


def clear_counters(card: "CardInstance") -> None:
    """A card leaving play loses its Duration and the like; a feat keeps its charges, which
    belong to the feat for the whole game (G-20)."""
    charge = card.counters.get("charge")
    card.counters.clear()
    if charge is not None:
        card.counters["charge"] = charge


def send_home(game: "Game", cid: str, cause: str = "") -> None:
    """Where a card goes when it leaves play: feats to the feat zone, copies vanish,
    everything else to its owner's discard (001 § Feats; § Glossary: Copy, Relics)."""
    card = game.card(cid)
    cdef = game.cdef(cid)
    header: IvionHeader = cdef.header
    # A card attached to this one goes too: its object changed zones (000 § The Fox and
    # the Forest Rules Reference > Rules Reference Glossary > Attach; IV-ATT-6); it is
    # destroyed, heard while everything is still where it was.
    riders = [c for c in game.state.zones.get("field", ()) if game.state.cards[c].attached_to == cid]
    for other in riders:
        destroyed(game, other, None)
    detach(game, cid)
    clear_counters(card)
    card.controller = card.owner
    if not header.is_feat and game.state.zones.get(beneath(cid)):
        # It leaves play: the cards beneath it go too (a feat stays in play; piles.py)
        release(game, cid, cause)
    for other in riders:
        game.log("destroy", f"{game.state.cards[other].name} is destroyed: what it was attached to left",
                 card.name, game.state.cards[other].controller)
        send_home(game, other)
    if card.token:
        game.remove_card(cid)
    elif header.is_feat:
        move(game, cid, zone("feats", card.owner))
    elif not replaces_discard(game, cid, cdef, cause):      # a Relic is removed instead (keywords.py)
        move(game, cid, zone("discard", card.owner))
