"""'unless they pay N resources': the affected player may pay, in any mix of actions and
power; paying is spending, so it removes Control (001 § Control > Removing Control)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.runtime.core.state import Action, Decision

from .resources import spend
from .verbs_base import players_in

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx


def pay_options(actions: int, power: int, n: int) -> list[tuple[int, int]]:
    return [(a, n - a) for a in range(n + 1) if a <= actions and n - a <= power]


def unless_needs(ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
    """Ask the payer first (slot 0).  None when there is no 'unless' or it is decided."""
    clause = step.clause("unless")
    if clause is None or choices:
        return None
    payers = players_in(ctx.select(clause.who))
    n = ctx.value(clause.amount)
    if not payers:
        choices.append(None)
        return None
    p = payers[0]
    stats = ctx.game.state.players[p].stats
    opts = pay_options(stats.get("actions", 0), stats.get("power", 0), n)
    if not opts:
        choices.append(None)
        return None
    acts = [Action("pay", (a, pw), f"pay {a} action{'s' if a != 1 else ''} + {pw} power") for a, pw in opts]
    acts.append(Action("pay", (), "don't pay"))
    return Decision(p, "pay", f"{ctx.card().name}: pay {n} resources to stop it?", acts)


def unless_paid(choices: list) -> bool:
    return bool(choices) and isinstance(choices[0], list) and len(choices[0]) == 2


def settle_unless(ctx: "Ctx", step: "Step", choices: list) -> bool:
    """Carry out a payment chosen in slot 0.  True if it was paid (the effect stops)."""
    clause = step.clause("unless")
    if clause is None or not unless_paid(choices):
        return False
    p = players_in(ctx.select(clause.who))[0]
    a, pw = choices[0]
    spend(ctx.game, p, {"actions": a, "power": pw}, f"paying for {ctx.card().name}")
    return True
