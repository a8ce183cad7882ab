"""A Rush of Ikorr card's printed header (rulebook 004 § Card Types, card anatomy).

Champions have an influence cost, attack, health, raid and an infusion allowance; locations
and spells a cost; infusions a requirement; avatars two aspects.  Checked when a card file
loads, so an impossible card never reaches a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final
from cardsmith.runtime.core.native import pickle_by_constructor
from cardsmith.runtime.core.registry import known_word

KINDS: Final = ("champion", "location", "spell", "avatar", "infusion", "influence")
ASPECTS: Final = ("ambition", "curiosity", "devotion", "fear", "intuition", "prophecy")
MAX_INFLUENCE: Final = 10


@dataclass(frozen=True, slots=True)
class IkorrHeader:
    kind: str
    cost: int = 0
    attack: int = 0
    health: int = 0
    raid: int = 0
    aspects: tuple[str, ...] = ()
    loyalty: str = ""
    traits: str = ""
    fabled: bool = False
    unique: bool = False
    allowance: int = 0          # infusion allowance (champions)
    requirement: int = 0        # infusion requirement (infusions)
    support: str = ""           # "any" or a loyalty: whom this champion's Support may boost
    number: str = ""            # printed collector number, e.g. ROI-022
    sample: bool = False        # made by cardsmith's designers, not printed
    base: str = ""              # an infused champion: the champion's own name
    infusion: str = ""          # an infused champion: the infusion's name


def make_header(fields: dict[str, Any], where: str) -> IkorrHeader:
    """Check an Ikorr header; raise ValueError naming the problem."""
    kinds = fields.get("kinds", [])
    if len(kinds) != 1:
        if not kinds:
            raise ValueError("needs a kind: champion, location, spell, avatar, infusion or influence")
        raise ValueError(f"a card has one kind; this one says {' and '.join(kinds)}")
    kind = kinds[0]
    cost = int(fields.get("cost", 0))
    if not 0 <= cost <= MAX_INFLUENCE:
        raise ValueError(f"cost {cost} is impossible: influence never exceeds {MAX_INFLUENCE}")
    aspects = tuple(dict.fromkeys(known_word(a, ASPECTS, "aspects", "aspect") for a in fields.get("aspects", ())))
    if kind == "avatar" and not 1 <= len(aspects) <= 2:
        raise ValueError("an avatar has one or two aspects ('aspects curiosity, prophecy')")
    if kind != "avatar" and len(aspects) > 2:
        raise ValueError("a card has at most two aspects")
    for stat in ("attack", "health", "raid", "allowance"):
        if stat in fields and kind != "champion":
            raise ValueError(f"only champions have {stat}; this is a {kind}")
        if not 0 <= int(fields.get(stat, 0)) <= 20:
            raise ValueError(f"{stat} {fields[stat]} is out of range (0..20)")
    if kind == "champion" and int(fields.get("health", 0)) < 1:
        raise ValueError("a champion needs 'health N' (at least 1)")
    if "requirement" in fields and kind != "infusion":
        raise ValueError("only infusions have a requirement")
    if fields.get("unique") and kind != "infusion":
        raise ValueError("only infusions are Unique (one copy per deck)")
    if fields.get("fabled") and kind not in ("champion", "location", "infusion"):
        raise ValueError("only champions, locations and infusions are Fabled")
    if "cost" in fields and kind in ("avatar", "influence"):
        raise ValueError(f"a{'n' if kind[0] in 'aeiou' else ''} {kind} has no influence cost")
    keywords = set(fields.get("keywords", ()))
    if keywords and kind not in ("champion", "infusion"):
        raise ValueError(f"keywords belong to champions (and infusions); this is a {kind}")
    return IkorrHeader(
        kind=kind, cost=cost, attack=int(fields.get("attack", 0)), health=int(fields.get("health", 0)),
        raid=int(fields.get("raid", 0)), aspects=aspects, loyalty=fields.get("loyalty", ""),
        traits=fields.get("traits", ""), fabled=bool(fields.get("fabled")),
        unique=bool(fields.get("unique")), allowance=int(fields.get("allowance", 0)),
        requirement=int(fields.get("requirement", 0)), support=fields.get("support", ""),
        number=fields.get("number", ""), sample=bool(fields.get("sample")))


pickle_by_constructor(globals())      # the frozen dataclasses above (see native.py)
