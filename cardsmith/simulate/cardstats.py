"""Per-card figures over a run's games, as 17lands reports them: the first deck's win rate
in the games where a card was in the opening hand (OH), drawn later (GD), in hand at all
(GIH), never seen (GNS), and the improvement when drawn (IWD = GIH - GNS), each with its
interval; and how often it was played and what that did (damage, Control applied, cards
drawn), per game."""
from __future__ import annotations

from typing import Any

from . import stats
from .cardwatch import CONTROL, DAMAGE, DRAWN, DRAWS, OPENING, PLAYED


def card_figures(games: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    played = [g for g in games if not g["error"] and g.get("cards")]
    names = sorted({name for g in played for name in g["cards"]})
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        rows = [(g["won"], g["cards"][name]) for g in played if name in g["cards"]]
        oh = [won for won, r in rows if r[OPENING]]
        gd = [won for won, r in rows if r[DRAWN]]
        gih = [won for won, r in rows if r[OPENING] or r[DRAWN]]
        gns = [won for won, r in rows if not (r[OPENING] or r[DRAWN])]
        gih_rate, gns_rate = stats.rate(sum(gih), len(gih)), stats.rate(sum(gns), len(gns))
        n = len(rows)
        out[name] = {
            "games": n,
            "opening_hand": stats.rate(sum(oh), len(oh)), "drawn": stats.rate(sum(gd), len(gd)),
            "in_hand": gih_rate, "not_seen": gns_rate, "improvement_when_drawn": stats.difference(gih_rate, gns_rate),
            "played_per_game": sum(r[PLAYED] for _, r in rows) / n,
            "damage_per_game": sum(r[DAMAGE] for _, r in rows) / n,
            "draws_per_game": sum(r[DRAWS] for _, r in rows) / n,
            "control_per_game": sum(r[CONTROL] for _, r in rows) / n,
        }
    return out


def card_table(figures: dict[str, dict[str, Any]]) -> list[tuple[str, ...]]:
    """Rows for the terminal, the largest improvement when drawn first."""
    rows: list[tuple[str, ...]] = [("card", "OH win", "GD win", "GIH win", "GNS win", "IWD (points)", "played", "damage", "control", "draws")]
    for name, f in sorted(figures.items(), key=lambda kv: -kv[1]["improvement_when_drawn"].value):
        rows.append((name, _pct(f["opening_hand"]), _pct(f["drawn"]), str(f["in_hand"]), _pct(f["not_seen"]),
                     str(f["improvement_when_drawn"]), f"{f['played_per_game']:.2f}",
                     f"{f['damage_per_game']:.2f}", f"{f['control_per_game']:.2f}", f"{f['draws_per_game']:.2f}"))
    return rows


def _pct(r: stats.Rate) -> str:
    return f"{100 * r.value:.1f}% ({r.n})" if r.n else "-"
