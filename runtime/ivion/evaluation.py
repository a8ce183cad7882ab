"""How good an Ivion position looks to one hero: the greedy and search AIs' score.

A duel is won at the other hero's 0 HP (001 § Winning), so the score is mostly the HP
difference; the rest is what turns into damage or saves it soon: unspent actions and
power, cards in hand, Mitigate, Control on either hero (a controlled hero is open to
advantage: IV-KW-ADV-1), Poison and Luck (G-21).  The search reads it through
``win_chance``: a difference of ``SCALE`` points (about 10 HP) is worth 73% to 27%.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .players import zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.state import GameState

#: ``evaluate`` points for a 73% chance (the logistic curve of ``GameRules.win_chance``):
#: wide enough that 5 HP from defeat still reads better than defeat
SCALE: Final = 30.0


def score(state: "GameState", player: int) -> float:
    """Higher is better for ``player``; a won game is +1e6, a lost one -1e6, a draw 0."""
    me = state.players[player]
    foe = state.players[1 - player] if len(state.players) == 2 else state.players[(player + 1) % len(state.players)]
    if state.over:
        if state.winner == -1:
            return 0.0                    # a draw (G-22)
        return 1e6 if state.winner == me.team else -1e6
    mine, theirs = me.stats, foe.stats
    score = (mine["hp"] - theirs["hp"]) * 3.0
    score += mine.get("actions", 0) + mine.get("power", 0) * 0.8
    score += len(state.zones.get(zone("hand", player), ())) * 0.7
    score += mine.get("mitigate", 0) * 0.8
    score -= (mine.get("slow", 0) + mine.get("silence", 0) + mine.get("disarm", 0)) * 0.7
    score += (theirs.get("slow", 0) + theirs.get("silence", 0) + theirs.get("disarm", 0)) * 0.7
    # Season-3 tokens (G-21): Poison will hurt its holder, Luck is a reaction in hand
    score += (theirs.get("poison", 0) - mine.get("poison", 0)) * 1.5
    score += mine.get("luck", 0) * 0.5
    return score
