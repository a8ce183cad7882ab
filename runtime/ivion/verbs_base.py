"""Helpers the Ivion verbs share: picking among candidates, naming things."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardsmith.runtime.core.effects import Sel
from cardsmith.runtime.core.state import Decision
from cardsmith.runtime.core.verbs import Verb
from cardsmith.runtime.core.words import passes

from .players import player_ref
from .targeting import candidates

if TYPE_CHECKING:
    from cardsmith.runtime.core.interpreter import Ctx


def players_in(refs: list[str]) -> list[int]:
    return [int(r[7:]) for r in refs if r.startswith("player:")]


class IvionVerb(Verb):
    """An Ivion verb; ``pick`` turns "a tile near you" into a choice for the controller."""
    #: the clause naming where the verb sends the players it acts on (travel: ``to``), so
    #: a target tile there is never one with their opponent in it (destinations.py)
    destination: ClassVar[str] = ""

    def pick(self, ctx: "Ctx", sel: Sel | None, choices: list, slot: int, prompt: str,
             *, default_you: bool = False) -> tuple[list[str], Decision | None]:
        if sel is None:
            return ([player_ref(ctx.controller)] if default_you else []), None
        if sel.mode != "any":
            return ctx.select(sel), None
        return self.pick_among(ctx, choices, slot, prompt, lambda: [
            r for r in candidates(ctx.game, ctx.controller, sel.noun, ctx.source)
            if passes(ctx, r, sel.filters) and not (sel.other and r == player_ref(ctx.controller))])

    def who(self, ctx: "Ctx", step: Any) -> list[int]:
        """The players a step acts on: its object, its 'to' clause, or you."""
        sel = step.obj if step.obj is not None else step.clause("to")
        if sel is None:
            return [ctx.controller]
        return players_in(ctx.select(sel))
