"""Helpers the Ivion verbs share: picking among candidates, naming things."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.effects import Sel
from cardsmith.runtime.core.state import Action, Decision
from cardsmith.runtime.core.verbs import Verb

from .players import player_ref
from .targeting import candidates, passes

if TYPE_CHECKING:
    from cardsmith.runtime.core.interpreter import Ctx


def players_in(refs: list[str]) -> list[int]:
    return [int(r[7:]) for r in refs if r.startswith("player:")]


class IvionVerb(Verb):
    """An Ivion verb; ``pick`` turns "a tile near you" into a choice for the controller."""

    def pick(self, ctx: "Ctx", sel: Sel | None, choices: list, slot: int, prompt: str,
             *, default_you: bool = False) -> tuple[list[str], Decision | None]:
        if sel is None:
            return ([player_ref(ctx.controller)] if default_you else []), None
        if sel.mode != "any":
            return ctx.select(sel), None
        if slot < len(choices):
            return [choices[slot]], None
        refs = [r for r in candidates(ctx.game, ctx.controller, sel.noun, ctx.source)
                if passes(ctx, r, sel.filters)
                and not (sel.other and r == player_ref(ctx.controller))]
        if len(refs) <= 1:
            if len(refs) == 1:
                choices.append(refs[0])
            return refs, None
        name = ctx.game.rules.describe_ref
        return [], Decision(ctx.controller, "choose", f"{ctx.card().name}: {prompt}",
                            [Action("choose", (r,), name(ctx.game, r)) for r in refs])

    def who(self, ctx: "Ctx", step: Any) -> list[int]:
        """The players a step acts on: its object, its 'to' clause, or you."""
        sel = step.obj if step.obj is not None else step.clause("to")
        if sel is None:
            return [ctx.controller]
        return players_in(ctx.select(sel))
