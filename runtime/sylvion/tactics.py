"""Rules of thumb a careful Sylvion player uses: the order the AIs try a decision's options in.

Two introductory games were won by hand (issue 16) by playing this way, and a search with
about a hundred iterations a decision finds little the order it tries things in does not
suggest, so the order is these rules:

- Hedgehogs on each Blaze that would make standard Elementals stronger (a 0 becomes a 4),
  else on a Simoon that would push an Elemental into the forest; otherwise let be.
- In Defense, first the Owls (three cards for two), then the Elephant on the Elemental
  whose removal is worth most (a Blazing 4 at a wall), then a Fountain where it stops the
  most (early walls of Fountains 3 and 4), then the Whale on what would get through.
- Trees are kept for the last Defense and planted there where nothing can reach them; one
  is planted earlier only behind a wall, and only when the hand is too full to keep it.
- A card is paid for with what the hand needs least: the weak Fountains and Trees early,
  never the Elephant or the Owl while anything else will do.

The worth of a move on the battlefield is read as the evaluation reads it
(``evaluation.row_worth``, without playing anything), so the rules and the score agree.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, Mapping

from cardsmith.runtime.core.state import Action

from . import battlefield as bf
from .evaluation import Line, battle, row_worth

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

    from .header import SylvionHeader

# The numbers below were tuned (one pass of coordinate search, each halved and raised by
# half, 300 games a trial) on seeds 10000-10299, never on the seeds the benchmarks report
# (0-399): on those the tactics alone went from 163 to 210 of 400 wins (docs/ai.md).

#: what a card in hand is worth keeping, by name: the first to go pays for the others
KEEP_WORTH: Final = {"Fountain 1": 0.6, "Tree 1": 0.5, "Fountain 2": 1.2, "Tree 2": 0.9, "Whale": 1.3,
                     "Tree 3": 1.4, "Fountain 3": 2.0, "Tree 4": 1.9, "Hedgehogs": 2.3, "Fountain 4": 2.7,
                     "Elephant": 3.0, "Owl": 3.2}
#: a Defense play must be worth at least this (Edges) to be made
WORTH_PLAYING: Final = 0.375
#: the Owl's worth: three cards for two, and a look at more of the deck
OWL: Final = 6.0
#: the hand size past which a Tree is planted rather than lost to the hand limit
FULL_HAND: Final = 12
#: what a Fountain's cost counts against it, per card paid (Edges)
FOUNTAIN_COST: Final = 0.45
#: what removing an Elemental must be worth for the Elephant, or pushing it back for the Whale
ELEPHANT: Final = 1.5
WHALE: Final = 1.2
#: what a revealed Support must threaten (Edges) for the Hedgehogs to be spent on it
HEDGEHOGS: Final = 3.75


def keep_worth(name: str, h: "SylvionHeader", late: bool) -> float:
    """How much the hand loses by discarding this card (late: the last turns, when a
    Tree is the margin itself)."""
    if h.kind == "tree" and late:
        return 1.0 + 0.8 * h.vitality
    worth = KEEP_WORTH.get(name)
    if worth is not None:
        return worth
    if h.kind == "fountain":
        return 0.3 + 0.6 * h.strength
    if h.kind == "tree":
        return 0.3 + 0.4 * h.vitality
    return 1.5 + 0.5 * h.cost


def turns_left(game: "Game") -> int:
    """Ravage cards still on the first stack: the turns after this one."""
    return max(len(game.state.zones[bf.stack_zone(r)]) for r in range(bf.ROWS))


def ranked(game: "Game", options: list[Action], headers: Mapping[str, "SylvionHeader"]) -> list[Action] | None:
    """``options`` best first by the rules of thumb, or None where they have no opinion
    (a target, a distance: ``policy`` orders those)."""
    pending = game.state.pending
    if pending is None or len(options) < 2:
        return None
    kind = pending.kind
    if kind == "react":
        worth = [_react_worth(game, a, headers) for a in options]
    elif kind == "defense":
        worth = _defense_worth(game, options, headers)
    elif kind == "pick_cards":
        late = turns_left(game) <= 2
        cards = game.state.cards
        worth = []
        for a in options:
            c = cards.get(a.args[0]) if a.args and isinstance(a.args[0], str) else None
            h = headers.get(c.name) if c is not None else None
            worth.append(0.0 if h is None or c is None else -keep_worth(c.name, h, late))
    else:
        return None
    order = sorted(range(len(options)), key=lambda k: (-worth[k], k))
    return [options[k] for k in order]


def _react_worth(game: "Game", action: Action, headers: Mapping[str, "SylvionHeader"]) -> float:
    """Hedgehogs on a Blaze that matters or a Simoon that would hurt; else let be."""
    if action.kind != "play":
        return 0.0
    best = max((support_worth(game, cid, headers) for cid in bf.revealed_tops(game)), default=0.0)
    return best - HEDGEHOGS


def support_worth(game: "Game", cid: str, headers: Mapping[str, "SylvionHeader"]) -> float:
    """What discarding a revealed Support saves: a Blaze by how much stronger it makes the
    standard Elementals (a 0 becomes a 4), a Simoon by the Elementals it would bring into
    the forest or onto a Tree."""
    state = game.state
    h = headers.get(state.cards[cid].name)
    if h is None or h.kind != "support":
        return 0.0
    rows, _ = battle(state, headers)
    if h.letter == "C":
        return float(sum(4 if s == 0 else 1 for line in rows for _, k, s, _ in line if k == "elemental"))
    worth = 0.0
    for line in rows:
        trees = [n for n, k, _, _ in line if k == "tree"]
        for n, k, s, _ in line:
            if k in ("elemental", "blazing elemental"):
                if n >= bf.SPACES:
                    worth += 1.5 * s
                elif any(t == n + 1 for t in trees):
                    worth += 1.0
    return worth


def _defense_worth(game: "Game", options: list[Action], headers: Mapping[str, "SylvionHeader"]) -> list[float]:
    state = game.state
    cards = state.cards
    rows, coming = battle(state, headers)
    base = [row_worth(line, due) for line, due in zip(rows, coming)]
    left = turns_left(game)
    last = left == 0
    # with two players only the active player plants: a Tree still in hand after its
    # holder's last turn as the active player is lost (002 § Rules for Two Players)
    my_last = left < len(state.players)
    hand = state.zones[bf.hand(state.active)]
    out = []
    for a in options:
        if a.kind == "end":
            out.append(WORTH_PLAYING)
            continue
        c = cards.get(a.args[0]) if a.args and isinstance(a.args[0], str) else None
        h = headers.get(c.name) if c is not None else None
        if h is None or c is None:
            out.append(0.0)
            continue
        if c.name == "Owl":
            # not into a full hand: the cards would go to the hand limit (and an Owl drawn
            # back by its own reshuffle would be played for ever)
            out.append(OWL if len(hand) < FULL_HAND else 0.0)
        elif h.kind == "fountain":
            out.append(best_space(rows, coming, base, h, last)[1] - FOUNTAIN_COST * h.cost)
        elif h.kind == "tree":
            gain = best_space(rows, coming, base, h, last)[1]
            if my_last:
                out.append(gain + 1.0)
            elif len(hand) >= FULL_HAND and gain >= 0.7 * h.vitality:
                out.append(gain * 0.5)
            else:
                out.append(0.0)
        elif c.name == "Elephant":
            out.append(best_removal(game, rows, coming, base, headers, 0) - ELEPHANT)
        elif c.name == "Whale":
            out.append(best_removal(game, rows, coming, base, headers, 3) - WHALE)
        else:
            out.append(0.0)
    return out


def best_space(rows: list[Line], coming: list[float], base: list[float], h: "SylvionHeader",
               last: bool) -> tuple[str, float]:
    """The empty space where a Fountain or Tree adds most to its row, and how much."""
    best, gain = "", float("-inf")
    for r, line in enumerate(rows):
        taken = {n for n, _, _, _ in line}
        for n in range(1, bf.SPACES + 1):
            if n in taken:
                continue
            worth = row_worth(line + [(n, h.kind, h.strength, h.vitality)], 0.0 if last else coming[r]) - \
                (row_worth(line, 0.0) if last else base[r])
            if worth > gain:
                best, gain = bf.space_key(r, n), worth
    return best, gain if best else 0.0


def best_removal(game: "Game", rows: list[Line], coming: list[float], base: list[float],
                 headers: Mapping[str, "SylvionHeader"], back: int) -> float:
    """The most a row gains by losing one of its Elementals (``back`` 0: destroyed), or by
    its being moved ``back`` spaces away from the forest."""
    best = 0.0
    for r, line in enumerate(rows):
        for k, (n, kind, s, v) in enumerate(line):
            if kind not in ("elemental", "blazing elemental") or n == 0:
                continue
            rest = line[:k] + line[k + 1:]
            if back:
                rest = rest + [(max(1, n - back), kind, s, v)]
            best = max(best, row_worth(rest, coming[r]) - base[r])
    return best
