"""Which of a Sylvion decision's options to try first, and how a search plays past its tree.

A search has about a hundred iterations a decision, and a Defense asks many small ones in a
row (which card, which space, which cards pay for it), so the order it tries them in, and
what its look-ahead does at each, decide much of what it finds.  The order reads the
battlefield as the evaluation does (``evaluation.row_worth``), without playing anything:

- a space for a Fountain or a Tree: the rows' worth with the card standing there, best
  first (a Fountain in front of the Elemental it stops, a Tree behind a wall);
- an Elemental for an Animal: the row's worth with it gone, best first (the Elephant's
  destroy; the Whale's push back is cheaper than that, but ranks alike);
- a Ravage card for the Hedgehogs: a Blaze by the standard Elementals it would make
  stronger, an Elemental by its strength, a Simoon by the Elementals it would move;
- cards to pay with: the one worth least in hand first;
- how far (the Whale): the farthest first.

The look-ahead lets the revealed cards be and ends Defense (``rules.rollout_action``) and
otherwise takes the first option of this order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from cardsmith.runtime.core.state import Action

from . import battlefield as bf, tactics
from .evaluation import battle, card_value, row_worth

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

    from .header import SylvionHeader


def ranked(game: "Game", options: list[Action], headers: Mapping[str, "SylvionHeader"]) -> list[Action]:
    """``options`` best first (see the module's docstring); the listing's order on ties."""
    pending = game.state.pending
    if pending is None or len(options) < 2:
        return options
    first = tactics.ranked(game, options, headers)
    if first is not None:
        return first
    kind = pending.kind
    worth = _worth(game, options, headers, kind)
    if worth is None:
        return options
    order = sorted(range(len(options)), key=lambda k: (-worth[k], k))
    return [options[k] for k in order]


def _worth(game: "Game", options: list[Action], headers: Mapping[str, "SylvionHeader"],
           kind: str) -> list[float] | None:
    state = game.state
    cards = state.cards
    if kind == "pick_cards":
        return [-card_value(headers[cards[a.args[0]].name]) if a.args and a.args[0] in cards
                and cards[a.args[0]].name in headers else 0.0 for a in options]
    if kind == "choose":
        return [float(a.args[0]) if a.args and str(a.args[0]).isdigit() else 0.0 for a in options]
    if kind != "target" or not state.agenda:
        return None
    playing = state.agenda[-1].data.get("card")
    if not isinstance(playing, str) or playing not in cards:
        return None
    h = headers.get(cards[playing].name)
    if h is None:
        return None
    rows, coming = battle(state, headers)
    base = [row_worth(line, due) for line, due in zip(rows, coming)]
    out = []
    for action in options:
        ref = action.args[0] if action.args else None
        if not isinstance(ref, str):
            out.append(0.0)
        elif ref.startswith("space:") and h.kind in ("fountain", "tree"):
            r, n = bf.parse_space(ref)
            line = rows[r] + [(n, h.kind, h.strength, h.vitality)]
            out.append(row_worth(line, coming[r]) - base[r])
        elif ref in cards:
            out.append(_removal_worth(game, ref, rows, coming, base, headers))
        else:
            out.append(0.0)
    return out


def _removal_worth(game: "Game", ref: str, rows: list, coming: list[float], base: list[float],
                   headers: Mapping[str, "SylvionHeader"]) -> float:
    """What taking a card off the battlefield or its stack is worth: an Elemental's row
    without it; a revealed Blaze or Simoon by what it would do."""
    state = game.state
    card = state.cards[ref]
    h = headers.get(card.name)
    if h is None:
        return 0.0
    if h.kind == "support":
        elementals = [(r, n, s) for r, line in enumerate(rows) for n, k, s, _ in line if k == "elemental"]
        if h.letter == "C":        # Blaze: +1 to each standard Elemental, a 0 becomes a 4
            return float(sum(4 if s == 0 else 1 for _, _, s in elementals))
        moving = sum(1 for line in rows for _, k, _, _ in line if k in ("elemental", "blazing elemental"))
        return 0.5 * moving        # Simoon: every Elemental a space nearer
    where = bf.position(game, ref)
    if where is None:
        return float(h.strength)
    r, n = where
    strength = h.strength + card.counters.get("strength", 0)
    line = list(rows[r])
    try:
        line.remove((n, h.kind, strength, 0))
    except ValueError:
        return float(strength)
    return row_worth(line, coming[r]) - base[r]
