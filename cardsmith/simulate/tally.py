"""The games played so far, filed by arm and game number, and what they add up to.

Summaries arrive in whatever order the workers finish; everything read from a ``Tally``
goes through the games in number order and only over the games every arm has played
(``complete``), so the figures are the same for one worker or twenty.
"""
from __future__ import annotations

from typing import Any, Iterable

from . import stats


class Tally:
    def __init__(self, arms: int) -> None:
        self.arms: list[dict[int, dict[str, Any]]] = [{} for _ in range(arms)]
        self._prefix = 0

    def add(self, arm: int, summaries: Iterable[dict[str, Any]]) -> None:
        for s in summaries:
            self.arms[arm][s["game"]] = s

    def complete(self, below: int | None = None) -> list[int]:
        """The numbers of the games every arm has played (those below ``below``), in order."""
        common = set(self.arms[0]).intersection(*self.arms[1:])
        return sorted(g for g in common if below is None or g < below)

    def prefix(self) -> int:
        """How many games from game 0 on every arm has played without a gap (from where the
        last call stopped: games are only ever added, and a run asks after every chunk)."""
        n = self._prefix
        while all(n in arm for arm in self.arms):
            n += 1
        self._prefix = n
        return n

    def games(self, arm: int, numbers: list[int]) -> list[dict[str, Any]]:
        return [self.arms[arm][g] for g in numbers]

    def win_rate(self, arm: int, numbers: list[int]) -> stats.Rate:
        played = [s for s in self.games(arm, numbers) if not s["error"]]
        return stats.rate(sum(1 for s in played if s["won"]), len(played))

    def paired(self, arm: int, other: int, numbers: list[int]) -> stats.Paired:
        """``other`` against ``arm`` on the games both played without an engine error."""
        both = [g for g in numbers if not self.arms[arm][g]["error"] and not self.arms[other][g]["error"]]
        return stats.paired([self.arms[arm][g]["won"] for g in both],
                            [self.arms[other][g]["won"] for g in both])

    def summary(self, arm: int, numbers: list[int]) -> dict[str, Any]:
        """One arm's figures: win rate (with and without the swapped seats), draws, errors,
        and the distributions of game length and of the winner's final stats."""
        games = self.games(arm, numbers)
        played = [s for s in games if not s["error"]]
        as_first = [s for s in played if not s["swapped"]]
        as_second = [s for s in played if s["swapped"]]
        won = [s for s in played if s["won"]]
        return {
            "games": len(games),
            "win_rate": stats.rate(len(won), len(played)),
            "win_rate_side_0": stats.rate(sum(s["won"] for s in as_first), len(as_first)),
            "win_rate_side_1": stats.rate(sum(s["won"] for s in as_second), len(as_second)),
            "draws": sum(1 for s in played if s["draw"]),
            "errors": [{"game": s["game"], "seed": s["seed"], "swapped": s["swapped"], "error": s["error"]}
                       for s in games if s["error"]],
            "turns": stats.distribution([s["turns"] for s in played]),
            "decisions": stats.distribution([s["decisions"] for s in played]),
            "winner_stats": winner_stats(played),
            "damage_per_turn": stats.distribution([sum(s["damage"].values()) / s["turns"]
                                                   for s in played if s["turns"]]),
            "result_figures": {key: stats.distribution([s["figures"][key] for s in played if key in s["figures"]])
                               for key in sorted({k for s in played for k in s["figures"]})},
            "largest_turn_damage": stats.distribution([max(s["damage"].values(), default=0) for s in played]),
            "race": race_by_turn(played),
        }


def race_by_turn(played: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The race over time (``GameRules.race``, sampled as each turn starts): for each turn,
    over the games still going then, the first deck's team's standing and the other's
    ([] for a game won by no race)."""
    turns = sorted({t for s in played for t in s.get("race", ())})
    out = []
    for turn in turns:
        rows = [s["race"][turn] for s in played if turn in s.get("race", ()) and s["race"][turn]]
        out.append({"turn": turn, "games": len(rows), "this_side": stats.distribution([r[0] for r in rows]),
                    "other_side": stats.distribution([v for r in rows for v in r[1:]])})
    return out


def winner_stats(played: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """The distribution of each stat (HP, ...) the winning side's first player ended on."""
    values: dict[str, list[float]] = {}
    for s in played:
        winner = next((p for p in s["players"] if p["team"] == s["winner"]), None)
        if winner is None:
            continue
        for key, value in winner["stats"].items():
            if isinstance(value, (int, float)):
                values.setdefault(key, []).append(value)
    return {key: stats.distribution(v) for key, v in sorted(values.items())}
