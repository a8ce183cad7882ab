"""The fourth game's words: three verbs, a condition, its units and its one keyword.

``gain N pebbles`` (you), ``take N pebbles`` (from the other player), ``draw N cards``;
``if you have N pebbles then ...``; ``encore``: after the card resolves, its player plays
another card in the same turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.effects import Step
from cardsmith.runtime.core.keywords import Keyword
from cardsmith.runtime.core.registry import Vocabulary
from cardsmith.runtime.core.verbs import Verb

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx

GOAL: Final = 10
#: the keyword, and what it means (``help``, the card's text)
ENCORE: Final = "encore"
UNITS: Final = ("pebbles", "pebble", "cards", "card")


def has_encore(keywords: frozenset[str]) -> bool:
    """Whether a card's player plays again after it (the keyword's one test)."""
    return ENCORE in keywords


def add_pebbles(game: "Game", player: int, n: int, cause: str) -> None:
    """Change a player's pebbles (never below 0); reaching ``GOAL`` wins at once."""
    state = game.state
    p = state.players[player]
    p.stats["pebbles"] = max(0, p.stats.get("pebbles", 0) + n)
    game.log("pebbles", f"{p.name} has {p.stats['pebbles']} pebbles", cause, player)
    if p.stats["pebbles"] >= GOAL and not state.over:
        state.over, state.winner, state.pending = True, player, None
        state.result = f"{p.name} wins with {p.stats['pebbles']} pebbles"
        game.log("end", state.result)


def draw(game: "Game", player: int, n: int, cause: str) -> int:
    """Draw up to ``n`` cards from the player's heap; how many were drawn."""
    deck = game.state.zones[f"deck:{player}"]
    got = 0
    for _ in range(n):
        if not deck:
            break
        game.move_card(deck[0], f"hand:{player}")
        got += 1
    game.log("draw", f"{game.state.players[player].name} draws {got}", cause, player)
    return got


class Gain(Verb):
    amount: ClassVar = "required"
    units: ClassVar = ("pebbles", "pebble")
    max_amount: ClassVar = 10
    help: ClassVar = "you gain N pebbles"
    example: ClassVar = "gain 2 pebbles"

    def run(self, ctx: "Ctx", step: Step, choices: list) -> None:
        add_pebbles(ctx.game, ctx.controller, ctx.value(step.amount), ctx.game.name(ctx.source))


class Take(Gain):
    """The shape of ``gain``; the other player's pebbles."""
    help: ClassVar = "the other player loses N pebbles"
    example: ClassVar = "take 1 pebble"

    def run(self, ctx: "Ctx", step: Step, choices: list) -> None:
        add_pebbles(ctx.game, 1 - ctx.controller, -ctx.value(step.amount), ctx.game.name(ctx.source))


class Draw(Verb):
    amount: ClassVar = "optional"
    units: ClassVar = ("cards", "card", "")
    max_amount: ClassVar = 5
    help: ClassVar = "you draw N cards from your heap"
    example: ClassVar = "draw 2 cards"

    def run(self, ctx: "Ctx", step: Step, choices: list) -> None:
        draw(ctx.game, ctx.controller, ctx.value(step.amount, 1), ctx.game.name(ctx.source))


class Has:
    """``you have N pebbles``: at least N."""

    def test(self, ctx: "Ctx", cond: Any) -> bool:
        what, n = cond.arg if isinstance(cond.arg, tuple) else (cond.arg, 1)
        player = ctx.state.players[ctx.controller]
        have = player.stats.get("pebbles", 0) if what.startswith("pebble") else \
            len(ctx.state.zones[f"hand:{ctx.controller}"])
        return bool(have >= n)


def register(vocab: Vocabulary) -> None:
    vocab.verb("gain")(Gain)
    vocab.verb("take")(Take)
    vocab.verb("draw")(Draw)
    vocab.condition("has")(Has)
    vocab.keyword(Keyword(ENCORE, "after it resolves, you play another card this turn"))
    vocab.words(units=UNITS, reserved=UNITS)
