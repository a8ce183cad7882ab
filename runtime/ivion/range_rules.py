"""Cards that change where range is measured from (IV-RANGE-7).

``static range_from`` on an attached card: its controller's cards also draw range from
the card's tile (Projection).  ``static range_from = terrain``: they also draw range from
every tile with Terrain (Wild Roots).  A scope word picks whose cards (``you`` by default,
see ``permissions``).  Range is then the shortest distance from any of those tiles: the
hero's own tile always counts (000 § The Fox and the Forest Rules Reference > Ultimates,
Wild Roots: "also draw range from").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

RULE = "range_from"


def extra_origins(game: "Game", player: int) -> list[str]:
    """The tiles besides the hero's own that ``player``'s cards draw range from ([] nearly
    always: one listener look-up answers that)."""
    if not game.state.listeners.get("static:" + RULE):
        return []
    from .permissions import SCOPES, _affects
    from .targeting import tile_of
    out: list[str] = []
    for cid, ab in game.statics(RULE):
        if not _affects(game, game.card(cid).controller, ab.args, player):
            continue
        words = [str(a) for a in ab.args if str(a) not in SCOPES]
        if "terrain" in words:
            out.extend(t for t, s in game.state.board.spaces.items() if s.terrain)
        else:
            t = tile_of(game, cid)
            if t:
                out.append(t)
    return out
