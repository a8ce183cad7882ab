"""What Ikorr verbs share: choosing among candidates when a step runs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.effects import Sel
from cardsmith.runtime.core.state import Decision
from cardsmith.runtime.core.verbs import Verb

from .targeting import options, player_of

if TYPE_CHECKING:
    from cardsmith.runtime.core.interpreter import Ctx


def players_in(refs: list[str]) -> list[int]:
    return [p for p in map(player_of, refs) if p is not None]


def cards_in(refs: list[str]) -> list[str]:
    return [r for r in refs if player_of(r) is None]


class IkorrVerb(Verb):
    """``pick`` turns 'target champion' in an ability (or 'a champion') into a choice made
    by the ability's controller as it resolves (004 § Abilities that Target)."""

    def pick(self, ctx: "Ctx", sel: Sel | None, choices: list, slot: int, prompt: str,
             *, default_you: bool = False) -> tuple[list[str], Decision | None]:
        if sel is None:
            return ([f"player:{ctx.controller}"] if default_you else []), None
        if sel.mode not in ("any", "choose"):
            return ctx.select(sel), None
        return self.pick_among(ctx, choices, slot, prompt, record_none=True, candidates=lambda: options(
            ctx, sel.noun, sel.filters, other=sel.other, ranged=sel.mode == "choose"))

    def asker(self, ctx: "Ctx") -> str:
        """Ikorr's questions name the player who chooses, not the card."""
        return ctx.game.state.players[ctx.controller].name

    def prompt(self, ctx: "Ctx", step: Any, sel: Sel) -> str:
        """What is being chosen, and for which card's step: "choose the target champion for
        Ember Regent's 'deal 1 damage'"."""
        words = [step.verb.replace("_", " ")]
        if step.amount is not None:
            words.append(str(ctx.value(step.amount)))
        if step.unit:
            words.append("Ikorr" if step.unit == "ikorr" else step.unit)
        what = ("the target " if sel.mode == "choose" else "the ") + sel.noun
        return f"choose {what} for {ctx.card().name}'s '{' '.join(words)}'"

    def needs(self, ctx: "Ctx", step: Any, choices: list) -> Decision | None:
        sel = step.obj if self.obj != "no" else None
        if sel is None:
            for prep in ("to", "from", "on"):
                if step.clause(prep) is not None and isinstance(step.clause(prep), Sel):
                    sel = step.clause(prep)
                    break
        if sel is None:
            return None
        _, need = self.pick(ctx, sel, choices, 0, self.prompt(ctx, step, sel))
        return need

    def refs(self, ctx: "Ctx", step: Any, choices: list, *, default_you: bool = False) -> list[str]:
        sel = step.obj if self.obj != "no" else None
        if sel is None:
            for prep in ("to", "from", "on"):
                if isinstance(step.clause(prep), Sel):
                    sel = step.clause(prep)
                    break
        if sel is None:
            return [f"player:{ctx.controller}"] if default_you else []
        if sel.mode in ("any", "choose"):
            refs = [choices[0]] if choices and choices[0] else []
        else:
            refs = ctx.select(sel)
        if refs:
            bind = ctx.data.setdefault("bind", {})
            bind["them"] = refs[0]
            bind["it"] = refs[0]
        return refs
