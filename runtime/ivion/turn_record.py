"""What a player has played and resolved this turn, as the conditions read it: Combo
(catalogue G-21: option ``combo``) and "right after an attack" (Trick Shot, Toothy Grin,
Loose Coins: choices.md § Season-3 keywords, "Precisely attacking").  The ``turn:`` marks
clear at the start of every turn."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.state import StackItem
from cardsmith.runtime.core.words import register_tables

from .players import enemies, player_ref

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


def count_played(game: "Game", player: int) -> int:
    """Cards the player has played this turn (the ``turn:`` marks clear each turn)."""
    return game.state.used.get(f"turn:played:{player}", 0)


def note_played(game: "Game", item: StackItem) -> None:
    """Called as a card is paid for: remember how many cards its controller played before."""
    key = f"turn:played:{item.controller}"
    item.flags["played_before"] = game.state.used.get(key, 0)
    game.state.used[key] = item.flags["played_before"] + 1


def note_resolved(game: "Game", player: int) -> None:
    key = f"turn:resolved:{player}"
    game.state.used[key] = game.state.used.get(key, 0) + 1


def interrupted(player: Any) -> None:
    """A core action (a move, an initiative, removing Control, a feat's MAIN ability) comes
    between a precise attack and the next card: that card is no longer played "immediately
    after" it (Trick Shot)."""
    last = player.flags.get("last_resolved")
    if last is not None and len(last) > 4:
        last[4] = -1


def _just_resolved_attack(ctx: "Ctx") -> list | None:
    """The last card you resolved, if it was an attack card (or the card whose effect
    played one, Bullseye, finishing around it: ``stack.py`` carries the record on), this
    turn, and since then you have played no card (the count ``stack.py`` recorded is still
    the count) and taken no core action (``interrupted``): "right after" an attack."""
    game = ctx.game
    me = ctx.controller
    last = game.state.players[me].flags.get("last_resolved")
    if last and len(last) > 4 and last[0] == game.state.turn and last[4] == count_played(game, me):
        return last
    return None


def _just_resolved_precise_attack(ctx: "Ctx", cond: Any) -> bool:
    """Trick Shot (played only right after an attack card resolved precisely).  A record
    of five or six entries is from before every attack was recorded, when only a precise
    one was (a game saved then and loaded now)."""
    last = _just_resolved_attack(ctx)
    return last is not None and (len(last) < 8 or bool(last[6]))


def _just_attacked_an_enemy(ctx: "Ctx", cond: Any) -> bool:
    """Toothy Grin, Loose Coins (played only right after a successful attack on an enemy):
    the attack card just resolved (a countered one does not) had an enemy among its
    targets (choices.md § Season-3 keywords, "Precisely attacking")."""
    last = _just_resolved_attack(ctx)
    if last is None or len(last) < 8:
        return False
    foes = {player_ref(e) for e in enemies(ctx.game, ctx.controller)}
    return any(r in foes for r in last[7])


def _combo(ctx: "Ctx", cond: Any) -> bool:
    """Combo (G-21): option ``combo``: "played" (default) - you played another card this
    turn before this one; "resolved" - you resolved another card this turn."""
    me = ctx.controller
    item = ctx.item
    if ctx.game.state.options.get("combo", "played") == "resolved":
        return ctx.game.state.used.get(f"turn:resolved:{me}", 0) >= 1
    if item is not None and "played_before" in item.flags:
        return item.flags["played_before"] >= 1
    return count_played(ctx.game, me) >= 1


def register(vocab: "Vocabulary") -> None:
    register_tables(vocab, conditions={
        "combo": (_combo, "Combo", "you played another card this turn before this one (option combo: or resolved one)"),
        "just_resolved_precise_attack": (_just_resolved_precise_attack,
                                         "you have just resolved an attack card precisely"),
        "just_attacked_an_enemy": (_just_attacked_an_enemy,
                                   "you have just resolved an attack card targeting an enemy"),
    })
