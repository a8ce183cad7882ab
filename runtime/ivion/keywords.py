"""Ivion's printed keywords about how a card is played and where it goes: Cantrip (another
cost), Unleash (spending the rest), Once per game and Once per turn (a limit on plays),
Relic (never discarded), in the order the vocabulary lists them.  Their rules live here,
asked through the ``Keyword`` hooks (``playable.py``, ``play.py``, ``leave_play.py``);
Hardcast, Reach and Precise have modules of their own.

Sources: 001 § Glossary > CANTRIP ("may be played for free by expending an initiative
token"), > UNLEASH (G-24), > RELICS (IV-KW-RELIC-3); § Feat Resolution and IV-FEAT-6
(once per game, once per turn).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.keywords import Keyword

from .players import zone
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


class Cantrip(Keyword):
    #: played with cantrip, the card costs one initiative token instead of its cost
    alternative_cost = (("initiative", 1),)


class Unleash(Keyword):
    #: the unleashed effect spends all the power left after the cost (X: the extra)
    spends_the_rest = "power"


class Relic(Keyword):
    def replaces_discard(self, game: "Game", cid: str, cause: str) -> bool:
        """A relic that would enter the discard is removed from the game instead."""
        card = game.state.cards[cid]
        move(game, cid, zone("removed", card.owner))
        game.log("relic", f"{card.name} is removed from the game (a relic never goes to the discard)",
                 cause or card.name, card.owner)
        return True


class OncePer(Keyword):
    """Played at most once in a span (the game, or the turn) by each player: the mark its
    play leaves in ``state.used`` is the span's own, so a turn's goes with the turn."""

    def __init__(self, name: str, meaning: str, span: str, mark: str) -> None:
        super().__init__(name, meaning)
        self.span = span
        #: the ``state.used`` key of one player's play of one card name (a template)
        self.mark = mark

    def refuses_play(self, game: "Game", player: int, cid: str) -> str:
        if game.state.used.get(self.mark.format(name=game.cdef(cid).name, player=player)):
            return f"it can be played once per {self.span} and was already played" + \
                (" this turn" if self.span == "turn" else "") + " (IV-FEAT-6)"
        return ""

    def on_play(self, game: "Game", player: int, cid: str) -> None:
        game.state.used[self.mark.format(name=game.cdef(cid).name, player=player)] = 1


CANTRIP: Final = Cantrip("cantrip", "can be played for free by expending an initiative token")
UNLEASH: Final = Unleash("unleash", "may spend all remaining power for the unleashed effect")
ONCE_PER_GAME: Final = OncePer("once_per_game", "can be played once per game", "game", "game:{name}:{player}")
ONCE_PER_TURN: Final = OncePer("once_per_turn", "can be played once per turn", "turn", "turn:card:{name}:{player}")
RELIC: Final = Relic("relic", "a relic: removed from the game instead of discarded")
