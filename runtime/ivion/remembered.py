"""The player a card remembers (Nemesis: ``remember SELECTOR``; nemesis.py has the rest).

On such a card "they"/"them" name that player (``targeting.resolve_ref``), so this sits
below targeting.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.effects import CardDef, Step, every_node
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.verbs import verb_of

from .players import enemies

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

#: the card counter holding the index of the player the card remembers
KEY: Final = "remembered"


@per_definition
def remembers(card: CardDef) -> bool:
    """Whether a card's text chooses a player to remember (a step whose verb ``remembers``,
    anywhere)."""
    bodies = [card.effect, *(getattr(ab, "body", ()) for ab in card.abilities)]
    return any(isinstance(n, Step) and verb_of(card, n).remembers for body in bodies for n in every_node(body))


def remembered(game: "Game", cid: str) -> int | None:
    """The player a card remembers (None if none): its choice, or, before it has chosen,
    its controller's only living opponent (nemesis.py says why)."""
    card = game.state.cards.get(cid)
    if card is None:
        return None
    if KEY in card.counters:
        return card.counters[KEY]
    if not remembers(game.cdef(cid)):
        return None
    foes = [e for e in enemies(game, card.controller) if not game.state.players[e].flags.get("defeated")]
    return foes[0] if len(foes) == 1 else None
