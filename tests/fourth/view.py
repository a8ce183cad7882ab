"""Pebbles' board view: each player's pebbles and piles, and where ``step`` pauses."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.state import Frame
from cardsmith.runtime.core.view import GameView

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


class PebblesView(GameView):
    stats: ClassVar = {"pebbles": "pebbles"}
    zone_kinds: ClassVar = ("hand", "deck", "discard")
    step_frames: ClassVar = frozenset({"resolve"})

    def set_stat(self, game: "Game", player: int, stat: str, value: int) -> str:
        game.state.players[player].stats[stat] = value
        return "at or past the goal of 10: the game is not ended by hand" if value >= 10 else ""

    def phases(self) -> tuple[str, ...]:
        return ("play", "start")

    def set_turn(self, game: "Game", player: int, phase: str, number: int = 0) -> str:
        """``turn bob play``: bob plays a card now, without drawing; ``turn bob start``:
        bob's turn begins (a draw first).  Only between cards."""
        s = game.state
        if phase not in self.phases():
            raise CommandError(f"unknown phase '{phase}' (known: {', '.join(self.phases())})")
        if s.over or any(f.kind != "turn" for f in s.agenda):
            raise CommandError("whose turn it is can only change between cards, in a game still going")
        t = number or max(s.turn, 1)
        while (t - 1) % 2 != player:
            t += 1
        s.turn, s.active, s.pending, game.paused = t - (phase == "start"), player, None, ""
        s.agenda[:] = [Frame("turn", {"step": phase})]
        s.phase = phase
        return f"turn {t}: {s.players[player].name} " + ("plays a card" if phase == "play" else "begins")

    def next_to_resolve(self, game: "Game") -> str:
        top = game.state.agenda[-1] if game.state.agenda else None
        return game.name(top.data["card"]) if top is not None and top.kind == "resolve" else ""

    def status_line(self, game: "Game") -> str:
        s = game.state
        return f"turn {s.turn}: {s.players[s.active].name} to play" if not s.over else s.result

    def render_player(self, game: "Game", player: int, *, full: bool = False) -> str:
        s = game.state
        p = s.players[player]
        hand = [s.cards[c].name for c in s.zones[f"hand:{player}"]]
        return (f"{p.name}: {p.stats.get('pebbles', 0)} pebbles  heap {len(s.zones[f'deck:{player}'])}  "
                f"discard {len(s.zones[f'discard:{player}'])}  hand {len(hand)}")

    def render_board(self, game: "Game") -> str:
        return self.with_players(game, [])

    def why(self, game: "Game", player: int, cid: str) -> str:
        s = game.state
        if s.cards[cid].zone != f"hand:{player}":
            return "it is not in your hand"
        pending = s.pending
        if pending is None or pending.kind != "play" or pending.player != player:
            return f"it is not {s.players[player].name}'s turn to play a card"
        return "it can be played now"
