"""A card's trigger on its own arrival in the discard (the Survivalist's cards: "after this
card is sent to your discard, ...").

    after you send_to_discard this card: deal 3 damage to target enemy

``send_to_discard`` is an event: a card moving into its owner's discard from anywhere else
(resolved, discarded, destroyed, milled; ``zones.move`` announces it).  A card whose
script has such a trigger listens from its discard too (``rules.ability_active_for``), the
only zone where the event can find it; its other abilities still work only where they
always do, since each trigger names its own event.  No rulebook speaks of it (the cards'
text is its rule: rulings.md; docs/ivion/rules.md G-31).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardsmith.runtime.core.effects import CardDef, Trigger
from cardsmith.runtime.core.memo import per_definition

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary

EVENT: Final = "send_to_discard"


@per_definition
def listens_from_discard(card: CardDef) -> bool:
    """Whether the card has a trigger on its own arrival in the discard."""
    return any(isinstance(ab, Trigger) and ab.event == EVENT for ab in card.abilities)


def arrived(game: "Game", cid: str, was: str, to: str) -> None:
    """Announce a card reaching its owner's discard (``zones.move``)."""
    if to.startswith("discard:") and not was.startswith("discard:"):
        game.emit(EVENT, who=game.state.cards[cid].owner, card=cid)


class SentToDiscard:
    """The event's English (a card's text is rendered from its script)."""
    text: Final = "be sent to your discard"

    def render(self, node: Any, r: Any) -> str:
        obj = getattr(node, "obj", None)
        what = "this card" if obj is None or obj.noun == "this" else r.sel(obj)
        return f"{what} is sent to your discard"


def register(vocab: "Vocabulary") -> None:
    vocab.event(EVENT)(SentToDiscard())
