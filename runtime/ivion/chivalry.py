"""Chivalry: heal 2 at the start of your turn until you dishonour the code
(001 § Rules Reference > Glossary > CHIVALRY; IV-KW-CHIV-*)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from . import board
from .players import controlled, enemies
from .verbs_base import IvionVerb

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


def dishonour(game: "Game", player: int, why: str) -> None:
    p = game.state.players[player]
    if p.flags.get("chivalrous"):
        p.flags["chivalrous"] = False
        game.log("chivalry", f"{p.name} dishonours the code of chivalry: {why}", "001 § Glossary: Chivalry", player)


def near_enemy(game: "Game", player: int, tile: str) -> bool:
    return any(game.state.players[e].position and board.near(tile, game.state.players[e].position)
               for e in enemies(game, player))


def check_left_near(game: "Game", player: int, old: str, new: str, by: int) -> None:
    """Leaving a tile near an enemy for one that is not, by your own action or effect.
    Every move asks; the code nearly never binds the hero, so that is read first."""
    if game.state.players[player].flags.get("chivalrous") and by == player and old \
            and near_enemy(game, player, old) and not near_enemy(game, player, new):
        dishonour(game, player, "left a tile near an enemy for one that is not")


def check_play(game: "Game", player: int, targets: list[list[str]]) -> None:
    """Playing a card during an enemy's turn, or targeting a controlled enemy (every play
    asks: the code nearly never binds the hero, so that is read first)."""
    if not game.state.players[player].flags.get("chivalrous"):
        return
    if game.state.active != player:
        dishonour(game, player, "played a card during an enemy's turn")
        return
    foes = set(enemies(game, player))
    for group in targets:
        for ref in group:
            if ref.startswith("player:") and int(ref[7:]) in foes and controlled(game, int(ref[7:])):
                dishonour(game, player, "targeted an enemy affected by Control")
                return


class BecomeChivalrous(IvionVerb):
    """``become_chivalrous``: you are chivalrous until you dishonour the code
    (001 § Rules Reference > Glossary > CHIVALRY; IV-KW-CHIV-2)."""
    help: ClassVar = "you become Chivalrous until you break the code"
    example: ClassVar = "become_chivalrous"

    def render(self, step: "Step", r: Any) -> str:
        return "become Chivalrous"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        p = ctx.game.state.players[ctx.controller]
        if not p.flags.get("chivalrous"):
            p.flags["chivalrous"] = True
            ctx.game.log("chivalry", f"{p.name} becomes chivalrous", ctx.card().name, ctx.controller)
            ctx.game.emit("chivalrous", who=ctx.controller)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("become_chivalrous")(BecomeChivalrous)
