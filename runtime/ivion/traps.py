"""Traps (catalogue G-21): tokens on tiles, owned by the player who set them (one per tile
and owner); springing one on an enemy resolves the top card of its owner's Trap deck
against that enemy ("them"), then the card goes to the Trap discard."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.runtime.core.words import register_tables

from .players import player_ref, zone
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary


def traps_of(game: "Game", player: int) -> list[str]:
    """The tiles holding the player's trap tokens (one token per tile and owner)."""
    return game.state.players[player].flags.setdefault("traps", [])


def set_trap(game: "Game", player: int, tile: str, cause: str) -> bool:
    traps = traps_of(game, player)
    name = game.state.players[player].name
    if tile in traps:
        game.log("trap", f"{tile} already holds {name}'s trap", cause, player)
        return False
    traps.append(tile)
    traps.sort()
    game.log("trap", f"{name} sets a trap on {tile}", cause, player)
    game.emit("trap", who=player, tile=tile)
    return True


def spring(game: "Game", player: int, tile: str, victim: int, cause: str) -> bool:
    """Spring ``player``'s trap on ``tile`` on ``victim``: the token is removed and the top
    card of the Trap deck resolves against them (Ye Olde Marge's text), then goes to the
    Trap discard.  An empty Trap deck springs nothing but the token."""
    traps = traps_of(game, player)
    if tile not in traps:
        return False
    traps.remove(tile)
    name, foe = game.state.players[player].name, game.state.players[victim].name
    pile = game.state.zones.get(zone("traps", player), [])
    them = player_ref(victim)
    emit = {"who": player, "target": victim, "tile": tile, "bind": {"them": them}}
    if not pile:
        game.log("trap", f"{name}'s trap on {tile} springs on {foe}, but the Trap deck is empty", cause, player)
        game.emit("spring", **emit)
        return True
    cid = pile[0]
    move(game, cid, "limbo")
    game.log("trap", f"{name}'s trap on {tile} springs on {foe}: {game.name(cid)}", cause, player)
    game.push("keyword_effect", ctl=player, src=cid, bind={"them": them, "it": f"tile:{tile}"},
              after="trap_discard", events=[["spring", emit]])
    return True


def reshuffle_traps(game: "Game", player: int, source: str, cause: str) -> None:
    """Shuffle the Trap discard, and the sprung Trap card itself, back into the Trap deck
    (Ye Olde Marge)."""
    pile = zone("traps", player)
    back = list(game.state.zones.get(zone("trap_discard", player), ()))
    if source in game.state.cards and game.state.cards[source].zone == "limbo":
        back.append(source)
    for cid in back:
        move(game, cid, pile)
        game.state.cards[cid].revealed = False
    game.shuffle(pile)
    game.log("trap", f"{game.state.players[player].name} shuffles {len(back)} card(s) into their Trap deck",
             cause, player)


def register(vocab: "Vocabulary") -> None:
    register_tables(vocab, quantities={"traps": (lambda c, q: len(traps_of(c.game, c.controller)), "your traps")},
                    events={"trap": "set a Trap", "spring": "spring a Trap"})
