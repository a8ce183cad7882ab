"""The frame that runs what a token does when it happens (G-21): a Poison trigger or a
Luck flip runs its rule card's effect (tokens.py), a sprung Trap its Trap card's, then
announces the event cards listen for."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from cardsmith.runtime.core.interpreter import push_block
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BIND, CARD, PLAIN, PLAYER, Either, ListOf, Record, Str
from cardsmith.runtime.core.state import Frame

from .players import zone
from .poison import shed_cured
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


class TokenEffectFrame(FrameHandler):
    """Runs one token happening in order: its rule card's effect (or a Trap card's), then
    the event cards listen for, then (a sprung Trap card) the card goes to its discard.

    data: ``ctl``, ``src`` (card id or ""), ``bind``, ``events`` (``[name, data]`` pairs),
    ``after`` ("trap_discard" to discard ``src`` when done), ``stage``."""
    kind: ClassVar = "keyword_effect"
    fields: ClassVar = Record({"ctl": PLAYER}, {"src": Either(CARD, Str("")), "bind": BIND, "events": ListOf(PLAIN),
                                                "after": Str("trap_discard"), "stage": Str("effect", "done")})

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        if d.get("stage", "effect") == "effect":
            d["stage"] = "done"
            if d.get("src"):
                push_block(game, d["src"], d["ctl"], [-1], bind=d.get("bind", {}))
            return
        game.pop(frame)
        src = d.get("src")
        if d.get("after") == "trap_discard" and src in game.state.cards and game.state.cards[src].zone == "limbo":
            owner = game.state.cards[src].owner
            move(game, src, zone("trap_discard", owner))
        shed_cured(game)
        for event, data in d.get("events", ()):
            game.emit(event, **data)
