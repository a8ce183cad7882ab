"""Luck (catalogue G-21): a two-sided token.  A flip reads the seeded RNG (clover or
rooster); flipping one of your tokens is a reaction, offered in response windows like an
instant (IV-INST-8), and runs the rule card named by ``luck_rule`` (tokens.py); "flip from
the supply" flips without a token.  The conditions ``clover`` and ``rooster`` read the flip."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from cardsmith.runtime.core.words import register_tables

from .tokens import count_of, rule_card

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

CLOVER, ROOSTER = "clover", "rooster"


def flip(game: "Game", player: int, cause: str, *, from_supply: bool, bind: dict | None = None,
         against: str = "") -> str:
    """Flip a Luck token (the seeded RNG says which side); a flip of the player's own token
    spends it and runs the ``luck_rule`` card.  Returns "clover" or "rooster"."""
    p = game.state.players[player]
    side = CLOVER if game.random_below(2) == 0 else ROOSTER
    p.flags["last_flip"] = side
    where = "from the supply" if from_supply else "a Luck token"
    game.log("luck", f"{p.name} flips {where}: {side}", cause, player)
    if bind is not None:
        bind["flip"] = side
    if not from_supply:
        p.stats["luck"] = p.stats.get("luck", 0) - 1
    src = "" if from_supply else rule_card(game, "luck_rule", player)
    rule_bind = {"flip": side, **({"them": against} if against else {})}
    data = {"who": player, "side": side, "bind": {"flip": side}}
    game.push("keyword_effect", ctl=player, src=src, bind=rule_bind,
              events=[["flip", data], ["flip_" + side, data]])
    return side


def can_flip(game: "Game", player: int) -> bool:
    """A Luck token can be flipped as a reaction while the player holds one (IV-INST-8)."""
    return game.state.players[player].stats.get("luck", 0) > 0


def _flipped(side: str) -> Callable[["Ctx", Any], bool]:
    def fn(ctx: "Ctx", cond: Any) -> bool:
        got = ctx.bound("flip") or ctx.game.state.players[ctx.controller].flags.get("last_flip")
        return got == side
    return fn


def register(vocab: "Vocabulary") -> None:
    register_tables(vocab, conditions={"clover": (_flipped(CLOVER), "you flip Clover"),
                                       "rooster": (_flipped(ROOSTER), "you flip Rooster")},
                    quantities={"luck": (count_of("luck"), "{of}'s Luck")},
                    events={"flip": "flip Luck", "flip_clover": "flip Clover", "flip_rooster": "flip Rooster"},
                    statics={"max_luck": "max_luck"})
