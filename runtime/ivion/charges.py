"""Charged feats (catalogue G-20, IV-FEAT-6; no rulebook defines them).

A Charged feat (header ``charged N``) starts the game with N charge tokens.  Playing it
expends 1 charge in addition to its cost, so with none left it can't be played until an
effect adds charges (``add N charges to SELECTOR``).  Charges are tokens on the card, not
resources (IV-RES-1): spending one removes no Control, and it is not refunded when the feat
is countered or meta-countered (as cantrip's initiative, 001 § Glossary > CANTRIP).

The count lives in the card's ``charge`` counter; a card that never had one holds its
printed number, so a feat put into play by a scenario or an effect starts full.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.words import Word

from .verbs_base import IvionVerb

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

WHY_NOT: Final = "it has no charge left (G-20)"
MAX_CHARGES: Final = 9


def charged(game: "Game", cid: str) -> bool:
    return game.cdef(cid).header.charged


def charges_left(game: "Game", cid: str) -> int:
    card = game.state.cards[cid]
    return card.counters.get("charge", game.cdef(cid).header.charges)


def expend(game: "Game", cid: str, player: int) -> None:
    card = game.state.cards[cid]
    card.counters["charge"] = charges_left(game, cid) - 1
    game.log("charge", f"{game.state.players[player].name} expends a charge of {card.name} "
                       f"({card.counters['charge']} left)", card.name, player)


class AddCharges(IvionVerb):
    """``add N charges to SELECTOR``: more charge tokens on a card (Nemesis, Divine Aurora,
    Bladefolding; G-20).  Only a card that is charged can hold them."""
    help: ClassVar = "put more charge tokens on a card (a Charged feat)"
    example: ClassVar = "add 1 charge to this card"
    amount: ClassVar = "required"
    units: ClassVar = ("charge", "charges")
    max_amount: ClassVar = MAX_CHARGES
    clauses: ClassVar = frozenset({"to"})
    required: ClassVar = frozenset({"to"})

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount)
        return f"add {n} Charge{'s' if n != '1' else ''} to {r.sel(step.clause('to'))}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        n = ctx.value(step.amount)
        for ref in ctx.select(step.clause("to")):
            if ref not in game.state.cards or not charged(game, ref):
                continue
            card = game.state.cards[ref]
            card.counters["charge"] = min(MAX_CHARGES, charges_left(game, ref) + n)
            game.log("charge", f"{card.name} gains {n} charge ({card.counters['charge']})",
                     ctx.card().name, ctx.controller)


class Expend(IvionVerb):
    """``expend N charge[s]`` / ``expend N initiative``: a cost paid out of this card's
    charge tokens or your initiative tokens, written as the cost of ``you may COST to
    EFFECT`` ("you may expend [charge] to travel one tile": Reflex, Stalker, Bladefolding,
    Divine Aurora).  Neither is a resource (IV-RES-1): spending them removes no Control."""
    help: ClassVar = "spend charge tokens of this card, or initiative, as a cost"
    example: ClassVar = "you may expend 1 charge to draw 1 card"
    amount: ClassVar = "required"
    units: ClassVar = ("charge", "charges", "initiative")
    max_amount: ClassVar = MAX_CHARGES

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount)
        if step.unit == "initiative":
            return "expend an Initiative" if n == "1" else f"expend {n} Initiative"
        return "expend a Charge" if n == "1" else f"expend {n} Charges"

    def payable(self, ctx: "Ctx", step: "Step") -> bool:
        """Can the cost be paid now?  (The condition ``can_pay`` asks before 'you may'.)"""
        n = ctx.value(step.amount)
        if step.unit == "initiative":
            return ctx.game.state.players[ctx.controller].stats.get("initiative", 0) >= n
        src = ctx.source
        return src in ctx.game.state.cards and charged(ctx.game, src) and charges_left(ctx.game, src) >= n

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        if not self.payable(ctx, step):     # the tokens went while the question was open
            return
        game, n = ctx.game, ctx.value(step.amount)
        if step.unit == "initiative":
            p = game.state.players[ctx.controller]
            p.stats["initiative"] -= n
            game.log("initiative", f"{p.name} expends {n} initiative", ctx.card().name, ctx.controller)
            return
        for _ in range(n):
            expend(game, ctx.source, ctx.controller)


def _can_pay(ctx: "Ctx", cond: Any) -> bool:
    """``you may COST to ...`` is offered only when COST can be paid (compiler.may_pay)."""
    step = cond.arg
    return bool(ctx.game.rules.vocab.verbs[step.verb].payable(ctx, step))


def register(vocab: "Vocabulary") -> None:
    vocab.verb("add")(AddCharges)
    vocab.verb("expend")(Expend)
    vocab.condition("can_pay")(Word("you can pay it", _can_pay))
