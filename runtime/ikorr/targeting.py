"""References, targetable range and selectors.

A reference is ``player:N`` or a card id.  004 § Abilities that Target: you may only target
players, champions or locations in a targetable range: the opposing player directly across
from you, or the allied player(s) adjacent to you (and, naturally, yourself and your own
cards).  In 1v1 that is everyone.  Range limits targets only; "each" effects reach every
candidate.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, Iterable

from cardsmith.runtime.core import teams
from cardsmith.runtime.core.words import passes

from .zones import cards_in, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx

PLAYER_NOUNS: Final = {"player": "any", "players": "any", "opponent": "enemy", "opponents": "enemy",
                       "enemy": "enemy", "enemies": "enemy", "ally": "ally", "allies": "ally"}
CARD_NOUNS: Final = {"champion": ("champions",), "champions": ("champions",),
                     "location": ("location",), "locations": ("location",),
                     "card": ("champions", "location"), "cards": ("champions", "location"),
                     "spell": (), "spells": ()}


def player_ref(i: int) -> str:
    return f"player:{i}"


def player_of(ref: str) -> int | None:
    return int(ref[7:]) if ref.startswith("player:") else None


def in_range_players(game: "Game", player: int) -> list[int]:
    """Yourself, the opponent(s) directly across, and allies in the seats beside you."""
    state = game.state
    return sorted({player, *teams.across(state, player), *teams.beside(state, player)})


def in_range(game: "Game", ctl: int, ref: str) -> bool:
    p = player_of(ref)
    if p is None:
        card = game.state.cards.get(ref)
        if card is None:
            return False
        p = card.controller
    return p in in_range_players(game, ctl)


def candidates(game: "Game", ctl: int, noun: str) -> list[str]:
    """Every reference a noun names (before filters and range)."""
    state = game.state
    if noun in PLAYER_NOUNS:
        side = PLAYER_NOUNS[noun]
        return [player_ref(p.index) for p in state.players if teams.on_side(state, ctl, side, p.index)]
    kinds = CARD_NOUNS.get(noun, ())
    return [cid for p in state.players for k in kinds for cid in cards_in(game, k, p.index)]


def options(ctx: "Ctx", noun: str, filters: Iterable, *, other: bool = False,
            ranged: bool = True, exclude: Iterable[str] = ()) -> list[str]:
    """Legal choices for a target or a 'choose' selector of the controller."""
    game = ctx.game
    ctl = ctx.controller
    skip = set(exclude)
    if other:
        skip.update({player_ref(ctl), ctx.data.get("src", "")})
    reach = set(in_range_players(game, ctl)) if ranged else None
    out = []
    filters = tuple(filters)
    for ref in candidates(game, ctl, noun):
        if ref in skip:
            continue
        if reach is not None:
            p = player_of(ref)
            if (p if p is not None else game.state.cards[ref].controller) not in reach:
                continue
        if passes(ctx, ref, filters):
            out.append(ref)
    return out


def resolve_ref(ctx: "Ctx", name: str) -> list[str]:
    game = ctx.game
    if name == "you":
        return [player_ref(ctx.controller)]
    if name == "this":
        return [ctx.source]
    if name in ("it", "them", "each"):
        bound = ctx.bound(name) or ctx.bound("them" if name == "it" else "it")
        return [bound] if bound else []
    if name == "its controller":
        it = ctx.bound("it")
        if it in game.state.cards:
            return [player_ref(game.state.cards[it].controller)]
        return []
    return []


def select(ctx: "Ctx", sel) -> list[str]:
    if sel.mode == "ref":
        return resolve_ref(ctx, sel.noun)
    if sel.mode == "target":
        return [r for r in ctx.targets(sel.index) if exists(ctx.game, r)]
    ranged = sel.mode in ("choose",)
    return options(ctx, sel.noun, sel.filters, other=sel.other, ranged=ranged)


def exists(game: "Game", ref: str) -> bool:
    """A target still there: a player, or a card still on the battlefield."""
    if player_of(ref) is not None:
        return True
    card = game.state.cards.get(ref)
    return card is not None and card.zone.split(":")[0] in ("champions", "location")


def hand(game: "Game", player: int) -> list[str]:
    return game.state.zones[zone("hand", player)]
