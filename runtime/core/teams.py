"""Teams and seats, for games played by sides of one or more players.

Players carry a ``team`` index and, on a seats board, a ``position`` naming their seat
(``"T.S"``: team T, seat S counted the same way along both sides of the table, so seat S
of one team sits directly across from seat S of the other).  These helpers answer the
questions every team game asks (who is on my side, who sits across, who sits next to me)
without knowing any game's words; a game decides what they mean for targeting or turns.
"""
from __future__ import annotations

from .state import Board, GameState, Player, Space


def members(state: GameState, team: int) -> list[int]:
    """The players of ``team``, in seat order."""
    return [p.index for p in sorted((p for p in state.players if p.team == team), key=seat_index)]


def on_side(state: GameState, player: int, side: str, other: int) -> bool:
    """Whether ``other`` is on ``side`` of ``player``: "enemy" (another team), "ally" (the
    same team, not ``player``) or "any".  The games' player nouns ("target enemy", "each
    ally") name one of these sides."""
    if side == "enemy":
        return state.players[other].team != state.players[player].team
    if side == "ally":
        return other != player and state.players[other].team == state.players[player].team
    return True


def seats_board(teams: int, per_team: int) -> Board:
    """A table of ``teams`` sides with ``per_team`` seats each (spaces keyed ``"T.S"``)."""
    spaces = {f"{t}.{s}": Space(f"{t}.{s}", t, s) for t in range(teams) for s in range(per_team)}
    return Board(kind="seats", rows=teams, cols=per_team, spaces=spaces)


def seat_index(player: Player) -> int:
    """The seat number along the player's side (0 when not seated)."""
    pos = player.position
    return int(pos.split(".")[1]) if "." in pos else 0


def across(state: GameState, player: int) -> list[int]:
    """Players of other teams sitting directly across (same seat number)."""
    me = state.players[player]
    return [p.index for p in state.players if p.team != me.team and seat_index(p) == seat_index(me)]


def beside(state: GameState, player: int) -> list[int]:
    """Allies in the seats next to ``player`` (one seat either side)."""
    me = state.players[player]
    return [p.index for p in state.players
            if p.team == me.team and p.index != player and abs(seat_index(p) - seat_index(me)) == 1]


def keep_sides(named: list[str], sizes: list[int], per_team: int, spare: list[str]) -> list[str]:
    """The seats' names, team 1's seats first, for a team game of ``per_team`` seats a side
    whose players were ``named`` for the smallest of the team ``sizes`` that seats them all
    (team 1's seats first there too): each keeps their team and seat, so players who face
    each other at the smaller table still do, and the seats added at the end of each side
    take the ``spare`` names in turn, seat by seat, one side then the other.  More names
    than seats are kept as given (the game refuses them)."""
    if len(named) > 2 * per_team:
        return list(named)
    base = min((n for n in sizes if 2 * n >= len(named)), default=per_team)
    base = min(base, per_team)
    sides = [list(named[:base]), list(named[base:2 * base])]
    names = iter(n for n in spare if n not in named)
    for seat in range(per_team):
        for side in sides:
            if len(side) <= seat:
                side.append(next(names))
    return sides[0] + sides[1]
