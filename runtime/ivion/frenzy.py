"""Frenzy given to a card, and the cards that have Frenzy (tsv Succeed: a card with Frenzy
played through it costs one resource less, and has Frenzy whether or not anyone has used a
Second Wind yet).

Frenzy is an effect a card switches on once a player has used their Second Wind
(Overwhelm's reminder text; ``words._frenzy``).  A card "with Frenzy" is one whose script
has a ``frenzy:`` part.  ``static frenzy_for_played`` on a card makes the cards its own
effect plays resolve with Frenzy on (the play carries the flag; its stack item keeps it),
as ``cant_react`` works for the cards a resolving card plays (reactions.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardsmith.runtime.core.effects import CardDef, If, Static, every_node
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.words import Word

if TYPE_CHECKING:
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

RULE: Final = "frenzy_for_played"


@per_definition
def has_frenzy(card: CardDef) -> bool:
    """Whether the card's effect has a Frenzy part (``frenzy: ...``)."""
    return any(isinstance(node, If) and node.cond.name == "frenzy" for node in every_node(card.effect))


@per_definition
def grants_frenzy(card: CardDef) -> bool:
    return any(isinstance(ab, Static) and ab.rule == RULE for ab in card.abilities)


class WithFrenzy(Word):
    """The filter ``with frenzy``: a card whose effect has a Frenzy part."""

    def __init__(self) -> None:
        super().__init__("with Frenzy")

    def test(self, ctx: "Ctx", ref: str, arg: Any) -> bool:
        return ref in ctx.game.state.cards and has_frenzy(ctx.game.cdef(ref))

    def render(self, f: Any, r: Any) -> str:
        return "without Frenzy" if f.negated else "with Frenzy"


class FrenzyForPlayed(Word):
    def __init__(self) -> None:
        super().__init__("the card this card's effect plays has Frenzy even if no player has used their Second Wind")

    def render(self, node: Any, r: Any) -> str:
        return "that card has Frenzy even if no player has used their Second Wind"


def register(vocab: "Vocabulary") -> None:
    vocab.filter("with frenzy")(WithFrenzy())
    vocab.static(RULE)(FrenzyForPlayed())
