"""Cards that change where range is measured from (IV-RANGE-7).

``static range_from`` on an attached card: its controller's cards also draw range from
the card's tile (Projection).  ``static range_from = terrain``: they also draw range from
every tile with Terrain (Wild Roots).  A scope word picks whose cards (``you`` by default,
see ``permissions``).  Range is then the shortest distance from any of those tiles: the
hero's own tile always counts (000 § The Fox and the Forest Rules Reference > Ultimates,
Wild Roots: "also draw range from").

``static range_reduced_here = [SCOPE,] N`` (Trapdoor): the cards of the players its scope
names have N less range while those players stand in the card's tile, never below 0
(its reminder: a range-0 card still targets inside its own tile).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

RULE = "range_from"
PENALTY = "range_reduced_here"


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


def shortens(game: "Game") -> bool:
    """Whether any card in play carries ``range_reduced_here`` (a listing asks once)."""
    return bool(game.state.listeners.get("static:" + PENALTY))


def effective_range(game: "Game", player: int, rng: int | None) -> int | None:
    """A card's range for ``player`` now: its printed range, less any ``range_reduced_here``
    of a card in the player's tile (one listener look-up when there is none)."""
    if rng is None or not shortens(game):
        return rng
    from .permissions import _affects, value_args
    from .targeting import tile_of
    here = game.state.players[player].position
    for cid, ab in game.statics(PENALTY):
        if here and tile_of(game, cid) == here and _affects(game, game.card(cid).controller, ab.args, player):
            rng -= (value_args(ab.args) or [1])[0]
    return max(0, rng)
