"""Cards moving between zones: public and private zones (a card going public is revealed),
shuffling a deck, drawing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .hp import damage
from .players import player_ref, zone
from .to_discard import arrived

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


#: Zones whose cards every player may see (001 § Additional Rules > Zones; IV-ZONE-1).
PUBLIC_KINDS: Final = ("discard", "feats", "field", "stack", "removed", "limbo", "trap_discard", "rules", "master_arrow")
#: ... and those some or all may not see: the piles beneath cards (IV-ZONE-6) show only
#: their face-up (revealed) cards; a Collection, outside the game, its owner only; a
#: Fletcher's Feather and Arrowhead decks no one (the Master Arrow is public)
PRIVATE_KINDS: Final = frozenset(("deck", "hand", "relics", "traps", "beneath", "collection", "feathers", "arrowheads"))


def is_public(zone_name: str) -> bool:
    return zone_name.split(":", 1)[0] in PUBLIC_KINDS


def move(game: "Game", cid: str, to: str, index: int | None = None) -> None:
    """Move a card; a card going from a private zone to a public one becomes revealed and
    stays face up even if it goes back to a private zone (001 § Additional Rules > Revealing
    Cards; IV-ZONE-3, G-27)."""
    card = game.state.cards[cid]
    was = card.zone
    game.move_card(cid, to, index)
    arrived(game, cid, was, to)         # "after this card is sent to your discard" (to_discard.py)
    if was.split(":", 1)[0] in PRIVATE_KINDS and is_public(to) and not card.revealed:
        card.revealed = True
        where = game.rules.describe_zone
        game.log("reveal", f"{card.name} is revealed", f"from {where(game, was)} to {where(game, to)}", card.owner)


def shuffle_deck(game: "Game", player: int, cause: str = "") -> None:
    """Shuffle a deck; the revealed cards in it are no longer revealed (001 § Additional
    Rules > Revealing Cards; IV-ZONE-4; option ``shuffle_unreveals``)."""
    deck = zone("deck", player)
    if game.state.options.get("shuffle_unreveals", True):
        for cid in game.state.zones.get(deck, ()):
            game.state.cards[cid].revealed = False
    game.shuffle(deck)
    game.log("shuffle", f"{game.state.players[player].name} shuffles their deck", cause, player)


def draw(game: "Game", player: int, n: int, cause: str) -> None:
    """Draw cards; an exhausted player takes 5 damage instead of each draw (001 § Exhaustion)."""
    for _ in range(n):
        if game.state.over:
            return
        if game.replaced("draw", who=player, bind={"them": player_ref(player)}):
            continue
        deck = game.state.zones[zone("deck", player)]
        if not deck:
            game.log("exhausted", f"{game.state.players[player].name} is exhausted: 5 damage instead of a draw", cause, player)
            damage(game, player, player, 5, "exhaustion")
            continue
        cid = deck[0]
        game.move_card(cid, zone("hand", player))
        game.log("draw", f"{game.state.players[player].name} draws {game.name(cid)}", cause, player, private=True)
        game.log("draw", f"{game.state.players[player].name} draws a card", cause, player)
        game.emit("draw", who=player)
