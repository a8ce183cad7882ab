"""A stand-in game of numbered pebbles for the core's own tests.

The core names no game, so its helpers are tested on a game that has only what they ask
for: a vocabulary with two filter words, a description of each reference, one card.
"""
from __future__ import annotations

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.engine import Game
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.rules import GameRules
from cardsmith.runtime.core.state import CardInstance, GameState, Player
from cardsmith.runtime.core.words import register_tables


def _number(ref: str) -> int:
    return int(ref.removeprefix("p"))


class PebbleRules(GameRules):
    name = "pebbles"

    def __init__(self) -> None:
        super().__init__()
        register_tables(self.vocab, filters={
            "even": (lambda ctx, ref, arg: _number(ref) % 2 == 0, "even"),
            "above": (lambda ctx, ref, arg: _number(ref) > arg, "above"),
        })

    def describe_ref(self, game: Game, ref: str) -> str:
        return f"pebble {_number(ref)}"


def new_ctx(pebbles: int = 6, controller: int = 1) -> Ctx:
    """A step of the card "Sling" (pebble p1), run by ``controller``, among ``pebbles`` pebbles."""
    state = GameState(game="pebbles", players=[Player(0, "ann"), Player(1, "bo")])
    for i in range(1, pebbles + 1):
        state.cards[f"p{i}"] = CardInstance(f"p{i}", "Sling", owner=0, zone="field")
    state.zones["field"] = list(state.cards)
    game = Game(PebbleRules(), state, CardLibrary([CardDef("Sling", "pebbles", None)]), history=False)
    return Ctx(game, ctl=controller, src="p1")


def refs(ctx: Ctx) -> list[str]:
    return list(ctx.game.state.zones["field"])
