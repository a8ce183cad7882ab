"""A Sylvion card's printed header: what it is, its cost, strength, vitality, letter.

Sylvan (Defender) cards: Fountain (strength, cost), Tree (vitality, strength 0), Animal
(cost).  Ravage cards: Elemental (strength), Support (letter: resolution order).  Blazing
Elementals are set aside; Edges frame the battlefield; a Scheme is a designer's always-on
rule card (the advanced game and expansions are scripted with them).
(002 § Overview and Setup; § Reinforcements > Animal / Tree / Fountain Cards; § Reveal
Ravage Cards > Elemental / Support Cards.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final
from cardsmith.runtime.core.native import pickle_by_constructor

SYLVAN: Final = ("fountain", "tree", "animal")
RAVAGE: Final = ("elemental", "support")
KINDS: Final = (*SYLVAN, *RAVAGE, "blazing elemental", "scheme", "edge")
MAX_COST: Final = 9
MAX_STRENGTH: Final = 9


@dataclass(frozen=True, slots=True)
class SylvionHeader:
    kind: str
    cost: int = 0
    strength: int = 0
    vitality: int = 0
    letter: str = ""
    copies: int = 0
    designer: bool = False

    @property
    def side(self) -> str:
        """Which pile the card belongs to: sylvan, ravage, supply (set aside), other."""
        if self.kind in SYLVAN:
            return "sylvan"
        if self.kind in RAVAGE:
            return "ravage"
        if self.kind == "blazing elemental":
            return "supply"
        return self.kind

    @property
    def is_elemental(self) -> bool:
        return self.kind in ("elemental", "blazing elemental")

    @property
    def is_defender(self) -> bool:
        """Trees and Fountains stand on the battlefield and fight Elementals."""
        return self.kind in ("tree", "fountain")


def make_header(fields: dict[str, Any], where: str) -> SylvionHeader:
    """Check a Sylvion header; raise ValueError naming the problem."""
    kind = fields.get("kind")
    if kind is None:
        raise ValueError("needs a kind: fountain, tree, animal, elemental, blazing elemental, "
                         "'support LETTER', scheme or edge")
    if fields.get("twice"):
        raise ValueError("has two kinds; a card is one thing")
    cost = int(fields.get("cost", 0))
    strength = int(fields.get("strength", 0))
    vitality = int(fields.get("vitality", 0))
    if not 0 <= cost <= MAX_COST:
        raise ValueError(f"cost {cost} is impossible (0..{MAX_COST})")
    if not 0 <= strength <= MAX_STRENGTH:
        raise ValueError(f"strength {strength} is impossible (0..{MAX_STRENGTH})")
    if not 0 <= vitality <= MAX_STRENGTH:
        raise ValueError(f"vitality {vitality} is impossible (0..{MAX_STRENGTH})")
    if "cost" in fields and kind not in SYLVAN:
        raise ValueError(f"a {kind} has no cost: only Sylvan cards are played from a hand")
    if "strength" in fields and kind not in ("fountain", "elemental", "blazing elemental"):
        raise ValueError(f"a {kind} has no strength (Trees fight at strength 0)")
    if "vitality" in fields and kind != "tree":
        raise ValueError("only a Tree has vitality")
    if kind == "support" and not fields.get("letter"):
        raise ValueError("a support needs its letter: 'support C'")
    copies = int(fields.get("copies", 0))
    if not 0 <= copies <= 48:
        raise ValueError(f"copies {copies} is impossible (0..48)")
    return SylvionHeader(kind=kind, cost=cost, strength=strength, vitality=vitality,
                         letter=fields.get("letter", ""), copies=copies,
                         designer=bool(fields.get("designer")))


pickle_by_constructor(globals())      # the frozen dataclasses above (see native.py)
