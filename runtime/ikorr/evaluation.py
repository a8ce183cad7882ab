"""How good a Rush of Ikorr position looks to one team: the search AI's score.

The game is won by the first team to secure its target of Ikorr (004 § Victory Condition:
10 in 1v1, 15 in 2v2 and 3v3), and Ikorr stored on a champion by a raid is secured at its
team's next Secure Step unless the champion dies or is stunned first (004 § Raid; turn.py).
So the score counts, for each side: secured Ikorr, stored Ikorr at most of a secured one's
worth (less on a champion the other side could kill), and the champions that will raid and
fight for it, by raid, attack and health left; then cards in hand.  Secured Ikorr are worth
more as a team nears its target: the last two are the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import battlefield as bf
from .zones import champions, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

SECURED: Final = 10.0       # one secured Ikorr
STORED: Final = 0.7         # a stored Ikorr, as a share of a secured one, on a safe champion
AT_RISK: Final = 0.35       # ... on one the other side's strongest attack would kill
RAID: Final = 3.0           # a champion's raid value: what it can store each turn
ATTACK: Final = 1.0
HEALTH: Final = 0.6
CARD: Final = 1.0
#: points for a 73% chance (``GameRules.win_chance``): about two secured Ikorr
SCALE: Final = 20.0


def score(game: "Game", player: int) -> float:
    """Higher is better for ``player``'s team; won +1e6, lost -1e6."""
    state = game.state
    me = state.players[player].team
    if state.over:
        return 1e6 if state.winner == me else -1e6
    target = getattr(state, "target", 10)
    secured = getattr(state, "secured", [0, 0])
    strongest = [0, 0]                 # the strongest attack each team has on the board
    sides: list[list[tuple[int, int, int, int]]] = [[], []]   # per team: (stored, raid, attack, health left)
    for p in state.players:
        for cid in champions(game, p.index):
            c = state.cards[cid]
            h = game.cdef(cid).header
            attack = bf.attack_of(game, cid)
            left = max(0, bf.health_of(game, cid) - c.counters.get("damage", 0))
            sides[p.team % 2].append((c.counters.get("ikorr", 0), getattr(h, "raid", 0), attack, left))
            strongest[p.team % 2] = max(strongest[p.team % 2], attack)
    total = 0.0
    for team in (0, 1):
        sign = 1.0 if team == me % 2 else -1.0
        have = secured[team] if team < len(secured) else 0
        value = SECURED * have + SECURED * max(0, have - (target - 3)) * 0.5     # the last Ikorr count double
        for stored, raid, attack, left in sides[team]:
            safe = left > strongest[1 - team]
            value += SECURED * stored * (STORED if safe else AT_RISK)
            value += RAID * raid + ATTACK * attack + HEALTH * left
        for p in state.players:
            if p.team % 2 == team:
                value += CARD * len(state.zones.get(zone("hand", p.index), ()))
        total += sign * value
    return total
