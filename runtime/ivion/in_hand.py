"""Cards whose abilities work from their owner's hand (Bellow, Thinking Time).

Triggers and statics normally work on attached cards and feats in the feat zone.  Two
printed Hardcast cards speak from the hand: Bellow (revealed from the hand once an attack
aimed at you resolves) and Thinking Time (while it is revealed in the hand, cards of other
names can't be played).  A card says so with

    static works_in_hand              its abilities also work while in its owner's hand
    static works_in_hand = revealed   ... only while it is revealed there

and ``static only_play_same_name`` is Thinking Time's restriction: its controller may only
play cards with this card's name.  No card carries either nearly always: the restriction
is one listener-index look-up per listing (``only_names``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardsmith.runtime.core.effects import CardDef, Static
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.words import Word

from .permissions import applying

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary
    from cardsmith.runtime.core.state import CardInstance

WORKS: Final = "works_in_hand"
ONLY: Final = "only_play_same_name"


@per_definition
def hand_mode(card: CardDef) -> str:
    """'' (not from the hand), 'always' or 'revealed'."""
    for ab in card.abilities:
        if isinstance(ab, Static) and ab.rule == WORKS:
            return "revealed" if "revealed" in ab.args else "always"
    return ""


def works_here(card: CardDef, instance: "CardInstance") -> bool:
    """Whether a card in its owner's hand has its abilities working."""
    mode = hand_mode(card)
    return mode == "always" or (mode == "revealed" and instance.revealed)


def revealed(game: "Game", cid: str) -> None:
    """A reveal changes where a ``works_in_hand = revealed`` card works (rare: reindex)."""
    if hand_mode(game.cdef(cid)) == "revealed":
        game.reindex()


def only_names(game: "Game", player: int) -> frozenset[str] | None:
    """The only card names ``player`` may play now (None: no restriction)."""
    found = applying(game, ONLY, player)
    if not found:
        return None
    names = {game.name(cid) for cid, _ in found}
    return frozenset(names) if len(names) == 1 else frozenset()   # two rules: nothing fits both


def why_not(game: "Game", player: int, name: str, only: frozenset[str] | None) -> str:
    if only is None or name in only:
        return ""
    return (f"while {' and '.join(sorted(only)) or 'two such cards are'} revealed in your hand "
            f"you may only play cards so named")


class WorksInHand(Word):
    def __init__(self) -> None:
        super().__init__("this card works from your hand")

    def render(self, node: Any, r: Any) -> str:
        if "revealed" in node.args:
            return "while this card is revealed in your hand, its text works"
        return "this card's text works while it is in your hand"


class OnlyPlaySameName(Word):
    def __init__(self) -> None:
        super().__init__("you may only play cards with this card's name")

    def render(self, node: Any, r: Any) -> str:
        name = r.card.name if r.card is not None else "this card"
        return f"you may only play cards named {name}"


def register(vocab: "Vocabulary") -> None:
    vocab.static(WORKS)(WorksInHand())
    vocab.static(ONLY)(OnlyPlaySameName())
