"""What the Season-3 tokens on heroes share (catalogue G-21: Poison, poison.py; Luck,
luck.py): the rule card whose script a token's happening runs, and the count of a hero's
tokens.

A rule card is a plain card script (cards/ivion/season3.ivion; a card of kind ``rule``
named by an engine option: ``poison_rule``, ``luck_rule``), so a designer changes what a
token does by editing or naming another card, never the engine.  Nothing here decides what
a token *does* beyond the catalogue's readings.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .players import player_ref, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx


def rule_card(game: "Game", option: str, player: int) -> str:
    """The token instance of the rule card an option names, made on first use in the
    player's ``rules`` zone; "" if the option is empty or the library lacks the card."""
    name = game.state.options.get(option) or ""
    if not name or name not in game.library:
        return ""
    canonical = game.library.get(name).name
    for cid in game.state.zones.get(zone("rules", player), ()):
        if game.state.cards[cid].name == canonical:
            return cid
    return game.create_card(canonical, player, zone("rules", player), token=True)


def count_of(stat: str) -> Callable[["Ctx", Any], int]:
    """The quantity "{of}'s Poison": the tokens of that kind on the heroes it names (yours by
    default; none when it names no hero)."""
    def fn(ctx: "Ctx", q: Any) -> int:
        refs = ctx.select(q.of) if q.of is not None else [player_ref(ctx.controller)]
        return sum(ctx.game.state.players[int(r[7:])].stats.get(stat, 0) for r in refs if r.startswith("player:"))
    return fn
