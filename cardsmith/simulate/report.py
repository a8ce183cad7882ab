"""A run's results: a table for the terminal, JSON (the figures) and CSV (one row a game)."""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any, Sequence, TextIO

from .cardstats import card_figures, card_table
from .run import Outcome
from .setup import rules_for
from .stats import Difference, Paired, Rate

CSV_FIELDS = ("arm", "label", "game", "seed", "swapped", "winner", "won", "draw", "turns", "decisions", "error")


def figures(outcome: Outcome) -> dict[str, Any]:
    """Everything the table shows, as plain data (the JSON file)."""
    plan, tally, numbers = outcome.plan, outcome.tally, outcome.numbers
    arms = [{"label": label, "decks": list(spec.decks), "ai": spec.ai, "opponent_ai": spec.opponent_ai or spec.ai, "options": dict(spec.options),
             **tally.summary(k, numbers)} for k, (label, spec) in enumerate(zip(plan.labels, plan.arms))]
    out: dict[str, Any] = {
        "game": plan.arms[0].game, "seed": plan.seed, "games_planned": plan.games, "games": len(numbers),
        "precision": plan.precision, "precision_reached": outcome.precise,
        "interrupted": outcome.interrupted, "workers": outcome.workers, "cluster": plan.cluster,
        "seconds": round(outcome.elapsed, 3),
        "games_per_second": round(len(numbers) * len(plan.arms) / outcome.elapsed, 2) if outcome.elapsed else None,
        "arms": arms,
    }
    if len(plan.arms) > 1:
        out["comparisons"] = [{"baseline": plan.labels[0], "variant": plan.labels[k],
                               **tally.paired(0, k, numbers).as_dict()} for k in range(1, len(plan.arms))]
    if plan.importance:
        out["importance"] = [{"card": card, "win_rate_falls_by": -d.difference, **d.as_dict()}
                             for card, d in importance(outcome)]
    out["cards"] = card_figures(tally.games(0, numbers))
    out["outliers"] = outliers(tally.games(0, numbers))
    race = rules_for(plan.arms[0].game).race_name
    if race:
        out["race_name"] = race           # what each arm's ``race`` counts, turn by turn
    out.update(outcome.extra)
    return _plain(out)


def importance(outcome: Outcome) -> list[tuple[str, Paired]]:
    """Each blanked card with the change it made (blank minus the real deck), the largest
    fall first."""
    plan, tally, numbers = outcome.plan, outcome.tally, outcome.numbers
    found = [(plan.arms[k].blank, tally.paired(0, k, numbers)) for k in range(1, len(plan.arms))]
    return sorted(found, key=lambda cd: (cd[1].difference, cd[0]))


def outliers(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The games worth replaying (``cardsmith play GAME --seed SEED``, decks in seat order):
    the longest, the shortest win and loss of the first deck, the most damage in one turn."""
    played = [g for g in games if not g["error"]]
    hardest = max(played, key=lambda g: (max(g["damage"].values(), default=0), -g["game"]), default=None)
    pick = {"longest": max(played, key=lambda g: (g["turns"], -g["game"]), default=None),
            "shortest_win": min((g for g in played if g["won"]), key=lambda g: (g["turns"], g["game"]), default=None),
            "shortest_loss": min((g for g in played if not g["won"] and not g["draw"]),
                                 key=lambda g: (g["turns"], g["game"]), default=None)}
    out: dict[str, dict[str, Any]] = {k: {f: g[f] for f in ("game", "seed", "swapped", "turns", "result") if f in g}
           for k, g in pick.items() if g is not None}
    if hardest is not None and hardest["damage"]:
        turn, amount = max(hardest["damage"].items(), key=lambda ta: (ta[1], -ta[0]))
        out["largest_turn_damage"] = {"game": hardest["game"], "seed": hardest["seed"],
                                      "swapped": hardest["swapped"], "turn": turn, "damage": amount}
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, (Rate, Paired, Difference)):
        return value.as_dict()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def table(outcome: Outcome, out: TextIO, per_card: bool = False) -> None:
    """The terminal report: one line an arm, then the comparison, then what went wrong."""
    plan, tally, numbers = outcome.plan, outcome.tally, outcome.numbers
    state = "interrupted: " if outcome.interrupted else ""
    rate = len(numbers) * len(plan.arms) / outcome.elapsed if outcome.elapsed else 0.0
    each = " for each deck compared" if len(plan.arms) > 1 else ""
    print(f"{state}{len(numbers)} games of {plan.arms[0].game}{each} from seed {plan.seed} "
          f"({_ais(plan.arms[0])}; {outcome.elapsed:.1f} s, {rate:.1f} games/s, {outcome.workers} worker{'s' if outcome.workers != 1 else ''}"
          f"{', on ' + plan.cluster if plan.cluster else ''})", file=out)
    if plan.precision is not None:
        print(f"precision ±{100 * plan.precision:.1f} points: "
              f"{'reached' if outcome.precise else 'not reached in these games'}", file=out)
    rows = [("", "win rate [95% Wilson]", "as side 0", "as side 1", "draws", "turns (median)", "winner hp (median)")]
    for k, label in enumerate(plan.labels):
        s = tally.summary(k, numbers)
        hp = s["winner_stats"].get("hp", {})
        rows.append((label, str(s["win_rate"]), str(s["win_rate_side_0"]), str(s["win_rate_side_1"]),
                     str(s["draws"]), _median(s["turns"]), _median(hp)))
    if plan.importance:
        rows = rows[:2]
    columns(rows, out)
    if plan.importance:
        print("card importance (the win rate without the card's rules text, against the deck; "
              "largest fall first):", file=out)
        columns([("card", "change [95%], McNemar")] + [(card, str(d)) for card, d in importance(outcome)], out)
    else:
        for k in range(1, len(plan.arms)):
            print(f"{plan.labels[k]} vs {plan.labels[0]}: {tally.paired(0, k, numbers)}", file=out)
    race_line(outcome, out)
    if per_card:
        figures = card_figures(tally.games(0, numbers))
        if figures:
            print(f"{plan.labels[0]}'s cards (win rate of the games where the card was ...):", file=out)
            columns(card_table(figures), out)
    for k, label in enumerate(plan.labels):
        errors = tally.summary(k, numbers)["errors"]
        if errors:
            first = errors[0]
            print(f"{label}: {len(errors)} games stopped on an engine error, e.g. game {first['game']} "
                  f"(seed {first['seed']}{', seats swapped' if first['swapped'] else ''}): {first['error']}",
                  file=out)


def race_line(outcome: Outcome, out: TextIO, every: int = 5) -> None:
    """The race over time in one line (every ``every`` turns): the first deck's side's
    median standing, the other side's, and how many games were still going."""
    plan = outcome.plan
    name = rules_for(plan.arms[0].game).race_name
    race = outcome.tally.summary(0, outcome.numbers)["race"] if name else []
    marks = [r for r in race if r["turn"] % every == 0 and r["games"]]
    if marks:
        print(f"{name} as turns start (median, {plan.labels[0]}'s side - the other; games still going): "
              + ", ".join(f"turn {r['turn']}: {_median(r['this_side'])}-{_median(r['other_side'])} ({r['games']})"
                          for r in marks), file=out)


def columns(rows: Sequence[tuple[str, ...]], out: TextIO) -> None:
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    for r in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip(), file=out)


def _ais(spec: Any) -> str:
    return f"{spec.ai} AI" + (f" against {spec.opponent_ai}" if spec.opponent_ai else "")


def _median(d: dict[str, float]) -> str:
    return f"{d['median']:g}" if d.get("count") else "-"


def write_json(outcome: Outcome, path: Path) -> None:
    path.write_text(json.dumps(figures(outcome), indent=2) + "\n", encoding="utf-8")


def write_csv(outcome: Outcome, path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, CSV_FIELDS, extrasaction="ignore")
        writer.writeheader()
        for k, label in enumerate(outcome.plan.labels):
            for s in outcome.tally.games(k, outcome.numbers):
                writer.writerow({"arm": k, "label": label, **s})
