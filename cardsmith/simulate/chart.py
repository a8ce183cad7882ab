"""``--chart FILE.png|.svg``: the win rates with their intervals as a picture (matplotlib,
the optional ``[plot]`` extra): one panel for the decks of the run, one for the first
deck's cards (win rate when in hand, or the fall without the card under --importance)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .pool import MissingExtra

FORMATS = (".png", ".svg")


def write_chart(figures: dict[str, Any], path: Path) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")                   # no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingExtra("--chart needs matplotlib: pip install 'cardsmith[plot]'") from None
    panels = [("win rate of each deck", [(a["label"], a["win_rate"]["rate"], a["win_rate"]["low"],
                                          a["win_rate"]["high"]) for a in figures["arms"]])]
    if figures.get("importance"):
        panels = [("win rate fall without the card", [(i["card"], -i["difference"], -i["high"], -i["low"])
                                                      for i in figures["importance"]])]
    elif figures.get("cards"):
        panels.append(("win rate with the card in hand", [
            (name, f["in_hand"]["rate"], f["in_hand"]["low"], f["in_hand"]["high"])
            for name, f in sorted(figures["cards"].items(), key=lambda kv: kv[1]["in_hand"]["rate"])]))
    tall = max(len(rows) for _, rows in panels)
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 1.2 + 0.3 * tall), squeeze=False)
    for ax, (title, rows) in zip(axes[0], panels):
        names = [r[0] for r in rows]
        values = [100 * r[1] for r in rows]
        errors = [[100 * (r[1] - r[2]) for r in rows], [100 * (r[3] - r[1]) for r in rows]]
        ax.errorbar(values, range(len(rows)), xerr=errors, fmt="o", capsize=3)
        ax.set_yticks(range(len(rows)), names)
        ax.set_xlabel("percent (95% interval)")
        ax.set_title(title)
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(f"{figures['game']}: {figures['games']} games from seed {figures['seed']}")
    fig.tight_layout()
    fig.savefig(path, format=path.suffix.lstrip(".").lower())
    plt.close(fig)
