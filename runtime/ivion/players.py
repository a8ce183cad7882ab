"""Ivion's players as the state names them, and what is true of them now: their references
("player:0") and zone names ("hand:0", "beneath:c12"), their enemies, the Control on them,
whether they are exhausted.

Everything else about players builds on these (resources.py, hp.py, zones.py), so this
module imports nothing of the game's own.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from cardsmith.runtime.core.state import card_zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


@lru_cache(maxsize=None)
def player_ref(i: int) -> str:
    """"player:0", the reference to a hero: targets, bindings and events name heroes so
    hundreds of times a game, so each is made once."""
    return f"player:{i}"


@lru_cache(maxsize=None)
def beneath(card_id: str) -> str:
    """The zone of the cards beneath a card ("beneath:card12", IV-ZONE-6; piles.py)."""
    return card_zone("beneath", card_id)


@lru_cache(maxsize=None)
def zone(kind: str, player: int) -> str:
    """A player's zone name ("hand:0"): a few dozen names asked for hundreds of times a
    game, so each is made once."""
    return f"{kind}:{player}"


def player_of(ref: str) -> int:
    return int(ref.split(":", 1)[1])


def enemies(game: "Game", player: int) -> list[int]:
    team = game.state.players[player].team
    return [p.index for p in game.state.players if p.team != team and not p.flags.get("defeated")]


def control_total(game: "Game", player: int) -> int:
    stats = game.state.players[player].stats
    return stats.get("slow", 0) + stats.get("silence", 0) + stats.get("disarm", 0)


def controlled(game: "Game", player: int) -> bool:
    return control_total(game, player) > 0


def exhausted(game: "Game", player: int) -> bool:
    """No cards left in the deck, or made exhausted by a card (001 § Rules Reference >
    Additional Rules > Exhaustion; IV-EXH-1)."""
    return bool(game.state.players[player].flags.get("exhausted")) or \
        not game.state.zones.get(zone("deck", player))
