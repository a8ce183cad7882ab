"""What a player can't know, re-dealt: the look-ahead of an AI must not peek.

A look-ahead works on a clone of the game, and a clone holds everything: the order of both
decks, the cards in the other player's hand, the seed of every shuffle to come.  An AI that
scored its options on that clone would play as if it had seen them.  ``determinize``
replaces, in a clone, what ``viewer`` can't see with one world consistent with what they
can: each hidden card that was never shown goes to a random hidden place among the places
its owner's hidden cards could be (a hand and a deck are one pool in most games: the
player knows how many cards each holds, not which), and the random generator gets a new
seed, so future shuffles and draws are unknown too.  This is the usual "determinization"
of imperfect-information search.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import rng

if TYPE_CHECKING:
    from .engine import Game


def determinize(game: "Game", viewer: int, rnd: random.Random) -> None:
    """Re-deal, in ``game`` (a clone), every card ``viewer`` can't see."""
    state = game.state
    rules = game.rules
    known = _named_by_pending(game)
    pools: dict[tuple[tuple[str, ...], str], list[tuple[str, int]]] = {}
    for zone, ids in state.zones.items():
        if rules.zone_visible(state, zone, viewer):
            continue
        kind, _, owner = zone.partition(":")
        pool = next((p for p in rules.hidden_pools if kind in p), (kind,))
        for k, cid in enumerate(ids):
            card = state.cards.get(cid)
            if card is not None and not card.revealed and cid not in known:
                pools.setdefault((pool, owner), []).append((zone, k))
    for slots in pools.values():
        # Sorted first: the world then depends on which cards are hidden, never on where
        # they really are, so nothing about the true arrangement reaches the AI's choice.
        ids = sorted(state.zones[z][k] for z, k in slots)
        rnd.shuffle(ids)
        for (zone, k), cid in zip(slots, ids):
            state.zones[zone][k] = cid
            state.cards[cid].zone = zone
    state.rng = rng.seed_state(rnd.getrandbits(63))
    game.reindex()


def _named_by_pending(game: "Game") -> set[str]:
    """Cards the pending decision shows its player (the five a Second Wind looks at)."""
    pending = game.state.pending
    out: set[str] = set()
    if pending is None:
        return out
    for action in pending.options:
        for arg in action.args:
            if isinstance(arg, str) and arg in game.state.cards:
                out.add(arg)
    return out
