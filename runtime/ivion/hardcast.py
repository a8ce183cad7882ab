"""Hardcast: a card with Hardcast can be played only while it is revealed; at the end of
your turn you may reveal one card with Hardcast from your hand (rulings.md § From reminder
texts printed on cards; IV-ZONE-5).

The reveal is a decision of the active player, offered after the "at the end of your turn"
effects and before the hand limit (docs/ivion/choices.md); it is skipped when the hand
holds no hidden Hardcast card, so a turn without one asks nothing.  The play pipeline asks
the keyword (``Hardcast.refuses_play``) whether a card may be played.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from cardsmith.runtime.core.keywords import Keyword
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import PLAYER, record
from cardsmith.runtime.core.state import Action, Frame

from . import in_hand
from .players import zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import CardDef
    from cardsmith.runtime.core.engine import Game

KEYWORD: Final = "hardcast"
WHY_NOT: Final = "it has Hardcast and is not revealed (rulings.md: Hardcast)"


class Hardcast(Keyword):
    def refuses_play(self, game: "Game", player: int, cid: str) -> str:
        return "" if game.state.cards[cid].revealed else WHY_NOT


HARDCAST: Final = Hardcast(KEYWORD, "can only be played while revealed")


def needs_reveal(game: "Game", cid: str) -> bool:
    """A Hardcast card that is not revealed can't be played (from anywhere)."""
    return KEYWORD in game.cdef(cid).keywords and not game.state.cards[cid].revealed


def has_hardcast(card: "CardDef") -> bool:
    return KEYWORD in card.keywords


def hidden_hardcast(game: "Game", player: int) -> list[str]:
    """One card per name: the player's hidden Hardcast cards in hand.

    Asked at the end of every turn, of every card in hand: one look-up by name answers
    whether a card has Hardcast (``has_hardcast``)."""
    seen: dict[str, str] = {}
    cards = game.state.cards
    hardcast = game.library.derived(has_hardcast)       # name -> (definition, bool)
    for cid in game.state.zones.get(zone("hand", player), ()):
        card = cards[cid]
        if not card.revealed and hardcast[card.name][1]:
            seen.setdefault(card.name, cid)
    return list(seen.values())


def reveal(game: "Game", player: int, cid: str, cause: str) -> None:
    game.state.cards[cid].revealed = True
    in_hand.revealed(game, cid)
    game.log("reveal", f"{game.state.players[player].name} reveals {game.name(cid)}", cause, player)
    game.emit("reveal", who=player, card=cid)


class HardcastRevealFrame(FrameHandler):
    """End of turn: "you may reveal one card with Hardcast"."""
    kind: ClassVar = "hardcast_reveal"
    fields: ClassVar = record(player=PLAYER)

    def run(self, game: "Game", frame: Frame) -> None:
        me = frame.data["player"]
        hidden = hidden_hardcast(game, me)
        if not hidden:
            game.pop(frame)
            return
        opts = [Action("reveal", (cid,), f"reveal {game.name(cid)}") for cid in hidden]
        opts.append(Action("reveal", ("",), "reveal nothing"))
        game.ask(me, "hardcast", "end of turn: reveal one card with Hardcast?", opts)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        game.pop(frame)
        cid = action.args[0] if action.args else ""
        if cid:
            reveal(game, frame.data["player"], cid, "Hardcast")
