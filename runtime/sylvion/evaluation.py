"""How good a Sylvion position looks: the score the greedy and search AIs play for.

The forest is won at the end when the surviving Trees' vitality covers the Desolated Edges,
and lost at once when damage finds no Bloom Edge left (002 § Move Elementals; § End of the
Game).  So the score is an estimate of the final margin, in Edges: the vitality of the
Trees that will still stand, plus the Bloom Edges that will still be Bloom, minus the 12
Edges; with a steep fall where the forest would run out of Bloom before the end.

- The Elementals on the battlefield (and those just revealed on their stacks) are marched
  in their rows against the Fountains and Trees in their way, exactly as combat goes (002
  § Combat): what reaches the forest is damage, a Tree in the way is lost.
- What the stacks still hold is not known, only how much of it: each unrevealed card is an
  Elemental as often as the unseen Ravage cards are, of about the mean strength a Blaze
  leaves them.  A Fountain left standing holds back some of them, in proportion to its
  strength (counted at half: the forest will draw other defenders by then); a Tree is
  worth its vitality by the chance that none gets through to it before the end.
- Cards in hand are what the forest will defend and plant with later: a Tree kept for the
  last Defense still counts most of its vitality, a Fountain or an Animal what it can stop.

Public information and the cards in the deciding world only: the AIs score re-dealt
copies (``hidden.determinize``), so nothing hidden reaches a choice.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final, Mapping

from . import battlefield as bf

if TYPE_CHECKING:
    from cardsmith.runtime.core.state import GameState

    from .header import SylvionHeader

#: the mean strength of an Elemental still in a stack once the Blazes have had their way
FUTURE_STRENGTH: Final = 2.4
#: how many future Elementals a surviving Fountain of each strength holds back
HOLDS: Final = {0: 0.0, 1: 0.4, 2: 0.9, 3: 1.6, 4: 2.4}
#: the share of the damage a standing Fountain would stop that the score counts now (the
#: forest will draw other defenders by then)
KEEP: Final = 0.25   # tuned with the tactics (tactics.py)
#: a Bloom Edge kept is worth more than the one vitality it saves at the end: losing them
#: all loses at once; below LOW Bloom Edges each is worth more again
LIFE: Final = 1.5
LOW: Final = 3.0
#: what a card in hand is worth later, by kind (Edges of final margin)
TREE_IN_HAND: Final = 0.7        # per point of vitality the end will need
SPARE_TREE: Final = 0.15         # per point beyond it
FOUNTAIN_IN_HAND: Final = 0.45   # per point of strength, plus CARD
ANIMAL_IN_HAND: Final = 1.3      # plus 0.5 per point of cost: the costly ones do more
CARD: Final = 0.35               # any card: it pays for another


Line = list[tuple[int, str, int, int]]          # a row's cards: (space, kind, strength, vitality)


def battle(state: "GameState", headers: Mapping[str, "SylvionHeader"]) -> tuple[list[Line], list[float]]:
    """Each row's cards on the battlefield and revealed on its stack (space 0), and how many
    Elementals its stack still holds, as expected from the unseen Ravage cards' share."""
    cards = state.cards
    rows: list[Line] = [[] for _ in range(bf.ROWS)]
    for cid in state.zones["field"]:
        c = cards[cid]
        h = headers.get(c.name)
        if h is None or not c.attached_to:
            continue
        r, n = bf.parse_space(c.attached_to)
        rows[r].append((n, h.kind, h.strength + c.counters.get("strength", 0), h.vitality))
    unseen_elementals = unseen = 0
    hidden = []
    for r in range(bf.ROWS):
        stack = state.zones[bf.stack_zone(r)]
        hidden.append(len(stack))
        for k, cid in enumerate(stack):
            c = cards[cid]
            h = headers.get(c.name)
            if h is None:
                continue
            if k == 0 and c.revealed:
                hidden[r] -= 1
                if h.is_elemental:
                    rows[r].append((0, h.kind, h.strength + c.counters.get("strength", 0), 0))
                continue
            unseen += 1
            if h.is_elemental:
                unseen_elementals += 1
    share = unseen_elementals / unseen if unseen else 0.0
    return rows, [n * share for n in hidden]


def row_value(line: Line, coming: float) -> tuple[float, float, float, int]:
    """One row: the damage its Elementals will deal, the Trees' expected vitality, what its
    standing Fountains will hold back of what is still to come, and the Fountains destroyed
    (each draws a card)."""
    hit, standing, (walls, broken) = _march(line)
    held = min(coming, sum(HOLDS.get(min(s, 4), 2.4) for s in walls)) * FUTURE_STRENGTH * KEEP
    trees = 0.0
    for n, vitality, ahead in standing:
        if coming <= 0:
            trees += vitality
            continue
        guard = sum(HOLDS.get(min(s, 4), 2.4) for wn, s in ahead if wn < n)
        trees += vitality * math.exp(-max(0.0, coming - guard))    # no Elemental gets through
    return hit, trees, held, broken


def row_worth(line: Line, coming: float) -> float:
    """A row's part of the score, in Edges (``score`` less its hand and Bloom-low parts)."""
    hit, trees, held, broken = row_value(line, coming)
    return trees + held + CARD * broken - LIFE * hit


def card_value(h: "SylvionHeader") -> float:
    """What a Fountain or an Animal in hand is worth later (Trees: see ``score``)."""
    if h.kind == "fountain":
        return CARD + FOUNTAIN_IN_HAND * h.strength
    if h.kind == "animal":
        return CARD + ANIMAL_IN_HAND + 0.5 * h.cost
    return CARD


def score(state: "GameState", headers: Mapping[str, "SylvionHeader"]) -> float:
    """The expected final margin in Edges (see the module's docstring)."""
    cards = state.cards
    bloom = sum(1 for e in state.zones[bf.EDGES] if not cards[e].counters.get("desolated"))
    rows, coming = battle(state, headers)
    damage = trees = held = 0.0
    drawn = 0
    for line, due in zip(rows, coming):
        hit, vitality, hold, broken = row_value(line, due)
        damage += hit
        trees += vitality
        held += hold
        drawn += broken
    hand = CARD * drawn
    kept: list[int] = []
    for zone, ids in state.zones.items():
        if not (zone.startswith("hand:") or zone == "limbo"):
            continue
        for cid in ids:
            h = headers.get(cards[cid].name)
            if h is None:
                continue
            if h.kind == "tree":
                kept.append(h.vitality)
            hand += card_value(h)
    # Trees kept for the last Defense: worth most up to the vitality the end will ask for
    need = len(state.zones[bf.EDGES]) - bloom + 1 - trees
    for kept_vitality in sorted(kept, reverse=True):
        used = max(0.0, min(float(kept_vitality), need))
        hand += TREE_IN_HAND * used + SPARE_TREE * (kept_vitality - used)
        need -= used
    life = bloom - damage
    value = trees + LIFE * life - len(state.zones[bf.EDGES]) + hand + held
    if life < LOW:
        value -= 3.0 * (LOW - life)           # the forest may run out of Bloom before the end
    return value


def _march(line: list[tuple[int, str, int, int]]) -> tuple[float, list[tuple[int, int, list[tuple[int, int]]]],
                                                           tuple[list[int], int]]:
    """One row played out: each Elemental, nearest the forest first, walks into what stands
    before it (002 § Combat: the weaker is destroyed, both on a tie).  Returns the damage to
    the forest (an Elemental far from it counted at a little over half: there will be
    Defenses before it arrives), the Trees still standing (space, vitality, the Fountains then in the row)
    and the Fountains' strengths left with how many were destroyed (each draws a card)."""
    obstacles = sorted((n, kind, s, v) for n, kind, s, v in line if kind in ("fountain", "tree"))
    walkers = sorted(((n, s) for n, kind, s, _ in line if kind in ("elemental", "blazing elemental")),
                     reverse=True)
    alive = [True] * len(obstacles)
    hit = 0.0
    broken = 0
    for n, s in walkers:
        near = min(1.0, 0.55 + 0.15 * n)        # one far off can still be met later
        for k, (on, kind, strength, _) in enumerate(obstacles):
            if not alive[k] or on <= n:
                continue
            if s >= strength:                   # the weaker is destroyed; both on a tie
                alive[k] = False
                broken += kind == "fountain"
                if s > strength:
                    continue
            break
        else:
            hit += s * near
    walls = [(o[0], o[2]) for k, o in enumerate(obstacles) if alive[k] and o[1] == "fountain"]
    standing = [(o[0], o[3], walls) for k, o in enumerate(obstacles) if alive[k] and o[1] == "tree"]
    return hit, standing, ([s for _, s in walls], broken)
