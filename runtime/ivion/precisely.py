"""Resolving precisely (catalogue G-21; Applethrough's reminder: "when resolved at its max
range"): any card with a range is precise when a target stands exactly at that range as the
card starts to resolve.  The condition ``precise`` and the trigger qualifier ``precisely``
read it; the keyword {Precise} is precise.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.keywords import diagonal_step
from cardsmith.runtime.core.state import StackItem
from cardsmith.runtime.core.words import register_tables

from . import board, precise
from .places import tile_of
from .range_rules import PENALTY as RANGE_REDUCED, RULE as RANGE_FROM, effective_range
from .targeting import at_max_range

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


def is_precise(game: "Game", item: StackItem) -> bool:
    """Precise: resolved at its max range (Applethrough's reminder): a target stands exactly
    at the card's range (``precise.at_max_range``) as the card starts to resolve.  A card
    without a range never is; a card printed with {Precise} always is when the option
    ``precise_keyword`` reads the keyword as a bonus."""
    cdef = game.cdef(item.card)
    rng = cdef.header.range
    if rng is None:
        return False
    keywords = cdef.keywords
    if precise.counts_as_precise(game, cdef, precise.GAINED in item.flags):
        return True
    ctl = item.controller
    if keywords or game.any_static(RANGE_REDUCED) or game.any_static(RANGE_FROM):
        # Reach, a shortened range, or more tiles range is drawn from
        rng = effective_range(game, ctl, rng)
        reach = diagonal_step(cdef)
        return any(at_max_range(game, ctl, tile_of(game, r), rng, reach, item.card) for g in item.targets for r in g)
    # nearly always: the printed range from the hero's tile (``at_max_range`` written out,
    # since every card with a range asks this as it resolves)
    here = game.state.players[ctl].position
    for group in item.targets:
        for ref in group:
            there = tile_of(game, ref)
            if there and here and board.distance(here, there) == rng:
                return True
    return False


def _precise(ctx: "Ctx", cond: Any) -> bool:
    item = ctx.item
    if item is None:
        return False
    if "precise" not in item.flags:
        item.flags["precise"] = is_precise(ctx.game, item)
    return bool(item.flags["precise"])


def register(vocab: "Vocabulary") -> None:
    register_tables(vocab, conditions={
        "precise": (_precise, "Precise", "the card's target is at exactly its range as it resolves")})
