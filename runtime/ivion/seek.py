"""Seek (the Druid's keyword): look at the top card of your deck, then either draw it, or
put it into your discard and draw the next card.  No rulebook defines it; the printed
cards' reminder says so (rulings.md: keywords are explained by the cards' reminder text;
docs/ivion/rules.md G-30).

``seek`` is one verb: the controller sees the top card (a private log line, as a draw is)
and chooses.  Both ways end in a draw, so an empty deck after the discard is the
exhaustion a draw meets (001 § Rules Reference > Additional Rules > Exhaustion), and an
empty deck before it is a plain draw (nothing to look at, nothing to put away).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.state import Action, Decision

from .leave_play import send_home
from .players import zone
from .verbs_base import IvionVerb
from .zones import draw

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

#: the two answers (an action's argument)
KEEP: Final = "keep"
DISCARD: Final = "discard"


class Seek(IvionVerb):
    """``seek``: look at your deck's top card; draw it, or discard it and draw the next."""
    help: ClassVar = ("look at the top card of your deck: draw it, or put it into your "
                      "discard and draw the next card")
    example: ClassVar = "seek"

    def render(self, step: "Step", r: Any) -> str:
        return ("Seek (look at the top card of your deck; either draw it, or put it into "
                "your discard and draw the next card)")

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        game, me = ctx.game, ctx.controller
        deck = game.state.zones[zone("deck", me)]
        if choices or not deck:
            return None
        top = game.name(deck[0])
        return Decision(me, "seek", f"{ctx.card().name}: Seek, the top card is {top}",
                        [Action("seek", (KEEP,), f"draw {top}"),
                         Action("seek", (DISCARD,), f"discard {top} and draw the next card")])

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, me, cause = ctx.game, ctx.controller, ctx.card().name
        deck = game.state.zones[zone("deck", me)]
        if choices and choices[0] == DISCARD and deck:
            top = deck[0]
            game.log("discard", f"{game.state.players[me].name} puts {game.name(top)} into their discard",
                     cause, me)
            send_home(game, top)
        draw(game, me, 1, cause)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("seek")(Seek)
