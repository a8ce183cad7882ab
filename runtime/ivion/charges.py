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

from typing import TYPE_CHECKING, Any

from .verbs_base import IvionVerb

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

WHY_NOT = "it has no charge left (G-20)"
MAX_CHARGES = 9


def charged(game: "Game", cid: str) -> bool:
    return game.cdef(cid).header.charges > 0


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
    help = "add N charges to SELECTOR"
    amount = "required"
    units = ("charge", "charges")
    max_amount = MAX_CHARGES
    clauses = frozenset({"to"})
    required = frozenset({"to"})

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


def register(vocab: "Vocabulary") -> None:
    vocab.verb("add")(AddCharges)
