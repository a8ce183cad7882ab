"""Verbs for the Season-3 tokens (catalogue G-21): Poison, Luck flips, Traps and springing
them.  Gaining and losing Poison or Luck as plain counters is ``gain``/``lose`` with the
units ``poison`` and ``luck``; these verbs are the keyword actions that cards name."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from . import board
from .luck import flip
from .places import tile_of
from .players import enemies
from .poison import poison, trigger_poison
from .traps import reshuffle_traps, set_trap, spring, traps_of
from .verbs_base import IvionVerb, players_in

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary
    from cardsmith.runtime.core.state import Decision

TIMES: Final = {1: "", 2: " twice", 3: " three times", 4: " four times", 5: " five times"}


class Poison(IvionVerb):
    """``poison [N] SELECTOR``: "{Poison} them twice" gives 2 Poison, up to the cap
    (option ``max_poison``, a card's ``static max_poison = N``), and fires ``poison``."""
    help: ClassVar = "give Poison tokens, up to the cap"
    example: ClassVar = "poison 2 target enemy"
    amount: ClassVar = "optional"
    obj: ClassVar = "required"
    max_amount: ClassVar = 5

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount) if step.amount is not None else "1"
        times = TIMES.get(int(n), f" {n} times") if n.isdecimal() else f" {n} times"
        return f"Poison {r.sel(step.obj)}{times}"

    exceed: ClassVar = False

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in players_in(ctx.select(step.obj)):
            poison(ctx.game, ctx.controller, p, ctx.value(step.amount, 1), ctx.card().name, exceed=self.exceed)


class PoisonPastMax(Poison):
    """``poison_past_max [N] SELECTOR``: as ``poison``, but the cap does not stop it
    (Catalyst: it may take a hero past their max Poison)."""
    help: ClassVar = "give Poison tokens past the cap"
    example: ClassVar = "poison_past_max 1 target enemy"
    exceed: ClassVar = True

    def render(self, step: "Step", r: Any) -> str:
        return super().render(step, r) + "; this can exceed their max Poison"


class TriggerPoison(IvionVerb):
    """``trigger_poison SELECTOR``: their Poison triggers now, in addition to its usual
    timing (Dukebane, Catalyst)."""
    help: ClassVar = "the player's Poison triggers now, besides its usual time"
    example: ClassVar = "trigger_poison target enemy"
    obj: ClassVar = "required"

    def render(self, step: "Step", r: Any) -> str:
        return f"{r.possessive(step.obj)} Poison triggers"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in players_in(ctx.select(step.obj)):
            trigger_poison(ctx.game, p, ctx.card().name)


class FlipLuck(IvionVerb):
    """``flip_luck``: flip Luck from the supply (no token is spent, no rule effect); the
    result is read by the conditions ``clover`` and ``rooster`` later in the card."""
    help: ClassVar = "flip Luck from the supply, with no token spent"
    example: ClassVar = "flip_luck"

    def render(self, step: "Step", r: Any) -> str:
        return "flip Luck from the supply"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        flip(ctx.game, ctx.controller, ctx.card().name, from_supply=True, bind=ctx.data.setdefault("bind", {}))


class Trap(IvionVerb):
    """``trap SELECTOR``: put one of your trap tokens on a tile (one per tile)."""
    help: ClassVar = "put one of your trap tokens on a tile (one per tile)"
    example: ClassVar = "trap target empty tile"
    obj: ClassVar = "required"

    def render(self, step: "Step", r: Any) -> str:
        return f"Trap {r.sel(step.obj)}"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> "Decision | None":
        return self.pick(ctx, step.obj, choices, 0, "choose a tile to trap")[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        refs, _ = self.pick(ctx, step.obj, choices, 0, "choose a tile to trap")
        for ref in refs:
            t = tile_of(ctx.game, ref)
            if t and ref.startswith("tile:"):
                set_trap(ctx.game, ctx.controller, t, ctx.card().name)


class Spring(IvionVerb):
    """``spring SELECTOR [on SELECTOR]``: spring your traps on those tiles on the player the
    ``on`` clause names (without it, on an enemy near the tile); tiles without your trap
    are skipped."""
    help: ClassVar = "spring your traps on those tiles on a player"
    example: ClassVar = "spring each tile near you on target enemy"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"on"})

    def render(self, step: "Step", r: Any) -> str:
        on = step.clause("on")
        text = f"Spring each of your Traps in {r.sel(step.obj)}"
        return text + (f" on {r.sel(on)}" if on is not None else " on an enemy near it")

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, me = ctx.game, ctx.controller
        on = step.clause("on")
        victims = players_in(ctx.select(on)) if on is not None else []
        tiles = [tile_of(game, r) for r in ctx.select(step.obj) if r.startswith("tile:")]
        for t in [t for t in tiles if t in traps_of(game, me)]:
            whom = victims or [e for e in enemies(game, me)
                               if game.state.players[e].position and board.near(t, game.state.players[e].position)]
            if not whom:
                game.log("trap", f"no enemy near {t}: the trap stays", ctx.card().name, me)
                continue
            spring(game, me, t, whom[0], ctx.card().name)


class ShuffleTraps(IvionVerb):
    """``shuffle_traps``: your Trap discard, and this Trap card, go back into your Trap deck,
    which is shuffled (Ye Olde Marge)."""
    help: ClassVar = "your Trap discard and this Trap go back into your Trap deck, shuffled"
    example: ClassVar = "shuffle_traps"

    def render(self, step: "Step", r: Any) -> str:
        return "shuffle your Trap discard and this card into your Trap deck"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        reshuffle_traps(ctx.game, ctx.controller, ctx.source, ctx.card().name)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("poison")(Poison)
    vocab.verb("poison_past_max")(PoisonPastMax)
    vocab.verb("trigger_poison")(TriggerPoison)
    vocab.verb("flip_luck")(FlipLuck)
    vocab.verb("trap")(Trap)
    vocab.verb("spring")(Spring)
    vocab.verb("shuffle_traps")(ShuffleTraps)
