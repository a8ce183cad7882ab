"""Relics (001 § Rules Reference > Glossary > RELICS): a deck that can gain relics keeps
them in their own pile (setup, IV-KW-RELIC-1); ``gain_relic`` takes the top one and
activates it at once, played for free with no response window (IV-KW-RELIC-2); a relic that
would go to the discard is removed from the game instead (IV-KW-RELIC-3)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardsmith.runtime.core.words import Word

from .players import zone
from .verbs_base import IvionVerb

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


class GainRelic(IvionVerb):
    """``gain_relic``: take the top card of your relic pile and activate it at once
    (IV-KW-RELIC-2).  A relic with a cost is a Relic Skill (Prismatic Light): it goes to
    your hand instead.  An activated relic is played for free, without a response window;
    when it would go to the discard it is removed from the game (IV-KW-RELIC-3)."""
    help: ClassVar = "take the top card of your relic pile and activate it"
    example: ClassVar = "gain_relic"

    def render(self, step: "Step", r: Any) -> str:
        return "gain a random Relic"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, me = ctx.game, ctx.controller
        pile = game.state.zones.get(zone("relics", me), [])
        who = game.state.players[me].name
        if not pile:
            game.log("relic", f"{who} has no relic left to gain", ctx.card().name, me)
            return
        cid = pile[0]
        h = game.cdef(cid).header
        game.state.players[me].flags["relics_gained"] = game.state.players[me].flags.get("relics_gained", 0) + 1
        if h.action_cost or h.power_cost:
            game.move_card(cid, zone("hand", me))
            game.log("relic", f"{who} gains {game.name(cid)} into their hand", ctx.card().name, me)
        else:
            game.log("relic", f"{who} gains {game.name(cid)} and activates it", ctx.card().name, me)
            game.move_card(cid, "limbo")
            game.push("play", card=cid, ctl=me, response=True, free=True, relic=True)
        game.emit("relic", who=me, card=cid)


def _gained(ctx: "Ctx", cond: Any) -> bool:
    """``gained_relic``: its controller has gained a Relic this game (Light of Dawn)."""
    return bool(ctx.game.state.players[ctx.controller].flags.get("relics_gained"))


def register(vocab: "Vocabulary") -> None:
    vocab.verb("gain_relic")(GainRelic)
    vocab.condition("gained_relic")(Word("you've already gained a Relic this game", _gained))
