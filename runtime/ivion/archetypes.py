"""Ivion's archetypes: whether each is a class or a specialization, and its colours.

Every skill card belongs to an archetype, a class or a specialization, whose colours its
card shows (000 § Archetypes; 001 § Card Anatomy 9, "What Class or Specialization is this
card from?").  The table is the printed card data's Archetype, CardType (Class / Spec) and
Colorpip columns (shared/data/ivion-cards.tsv): a class is printed with two pips of one
colour, a specialization with one or two colours.  Relics (001 § Glossary > RELICS) are
cards of their own archetype, neither class nor specialization.

A card file may declare an archetype of its own (``archetype stormcaller class blue``): a
designer's hero is a main use of cardsmith, so such an archetype is checked and placed
like a printed one (docs/language.md, "A designer's archetype").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardsmith.runtime.core.native import pickle_by_constructor

CLASS: Final = "class"
SPECIALIZATION: Final = "specialization"
SPECIAL: Final = "special"          # relics: an archetype but neither class nor specialization
KINDS: Final = (CLASS, SPECIALIZATION)


@dataclass(frozen=True, slots=True)
class Archetype:
    name: str                       # as a card's header writes it: 'cryomancer', 'ebon_mage'
    kind: str                       # class | specialization | special
    colours: tuple[str, ...] = ()
    designer: bool = False          # declared by a card file, not printed

    @property
    def title(self) -> str:
        """'Ebon Mage'."""
        return " ".join(w.capitalize() for w in self.name.replace("_", " ").split())


def _table(kind: str, entries: dict[str, tuple[str, ...]]) -> dict[str, Archetype]:
    return {name: Archetype(name, kind, colours) for name, colours in entries.items()}


ARCHETYPES: Final[dict[str, Archetype]] = {
    **_table(CLASS, {
        "brigand": ("black",), "cryomancer": ("blue",), "druid": ("green",), "giant": ("red",),
        "knight": ("white",), "manifest": ("white",), "peasant": ("gray",), "sorcerer": ("red",),
        "warrior": ("gray",), "witch": ("black",), "wizard": ("blue",), "yeoman": ("green",),
    }),
    **_table(SPECIALIZATION, {
        "ancient": ("red",), "archmage": ("blue",), "avatar": ("white", "blue"),
        "baron": ("black", "blue"), "curseblade": ("black", "red"), "ebon_mage": ("black",),
        "enchantress": ("white", "red"), "errant": ("white", "gray"),
        "executioner": ("black", "gray"), "fletcher": ("green",), "friar": ("gray",),
        "huntsman": ("green", "black"), "illusionist": ("blue", "green"), "incarnate": ("white",),
        "invoker": ("red",), "jarl": ("red", "gray"), "poacher": ("red", "green"),
        "ruffian": ("black",), "saint": ("white",), "steward": ("gray",),
        "survivalist": ("gray", "green"), "watcher": ("blue", "gray"), "wilder": ("green",),
        "winterborn": ("blue",),
    }),
    "relic": Archetype("relic", SPECIAL),
}


pickle_by_constructor(globals())      # the frozen dataclass above (see native.py)
