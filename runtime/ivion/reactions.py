""""Can't React" (catalogue IV-INST-8; tsv: Sucker Punch's reminder: instants and luck
tokens count as reactions): a player who can't React gets no response window, so they play no
instant in answer and flip no Luck token (flips are offered only in a window; G-21).

The rule is a static, ``static cant_react = SCOPE`` (scope words as for every static,
``runtime/ivion/permissions.py``), read from the point of view of the static's controller:
"SCOPE can't React to the cards I play".  It works

* while its card is in play (attached, or a feat in the feat zone), for every card its
  controller plays; and
* while its card is resolving, for the cards that card's effect plays (Sucker Punch: "You
  may play a card. They can't React to it").

Can't beats can (IV-GOLD-2): nothing gives the window back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.effects import Static

from .permissions import _affects, applying

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

RULE: Final = "cant_react"


def _own_static(game: "Game", cid: str) -> "Static | None":
    for ab in game.cdef(cid).abilities:
        if isinstance(ab, Static) and ab.rule == RULE:
            return ab
    return None


def reaction_blocker(game: "Game", responder: int, player: int) -> str:
    """The name of the card that says ``responder`` can't React to a card ``player`` is
    playing now ('' if none)."""
    state = game.state
    team = state.players[player].team
    for cid, _ in applying(game, RULE, responder):
        if state.players[state.cards[cid].controller].team == team:
            return game.name(cid)
    for item in state.stack:
        if item.fate != "resolving" or state.players[item.controller].team != team:
            continue
        ab = _own_static(game, item.card)
        if ab is not None and _affects(game, item.controller, ab.args, responder):
            return game.name(item.card)
    return ""


class CantReact:
    """The static's English (a card's text is rendered from its script)."""

    def render(self, node, r) -> str:
        scope = str(node.args[0]) if node.args else "you"
        who = {"enemies": "enemies", "opponents": "opponents", "all": "players",
               "everyone": "players"}.get(scope, "they")
        return (f"{who} can't React to the cards you play while this card resolves or is in play "
                f"(Instants and Luck are reactions)")
