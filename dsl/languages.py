"""The card languages: one grammar per game, sharing ``common.tx``.

Each entry names the game, its grammar file, its file extension and the function that
reads a card's header into plain fields for the game's ``make_header``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

GRAMMAR_DIR = Path(__file__).parent / "grammars"


def _ivion_header(card: Any) -> dict[str, Any]:
    """Ivion headers: kind and archetype, pips, costs and gains, range, banner, types."""
    fields: dict[str, Any] = {"cost": {}, "gain": {}, "types": [], "keywords": [], "pips": [],
                              "banner": [], "heroic": False, "instant": False}
    for h in card.headers:
        kind = h.__class__.__name__
        if kind == "KindHeader":
            fields["kind"] = h.kind
            fields["archetype"] = h.archetype or ""
            if h.hp:
                fields["hp"] = h.hp
        elif kind == "PipsHeader":
            fields["pips"].extend("gray" if p == "grey" else p for p in h.pips)
        elif kind in ("CostHeader", "GenHeader"):
            table = fields["cost" if kind == "CostHeader" else "gain"]
            what = "action" if h.what.startswith("action") else "power"
            table[what] = table.get(what, 0) + h.amount
        elif kind == "RangeHeader":
            fields["range"] = h.value
        elif kind == "BannerHeader":
            fields["banner"] = [] if h.none else list(h.kinds)
            fields["banner_given"] = True
        elif kind == "HeroicHeader":
            fields["heroic"] = True
        elif kind == "InstantHeader":
            fields["instant"] = True
        elif kind == "TypesHeader":
            fields["types"].extend(h.types)
        elif kind == "KeywordsHeader":
            fields["keywords"].extend(k.replace(" ", "_") for k in h.keywords)
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


def _sylvion_header(card: Any) -> dict[str, Any]:
    """Sylvion headers: kind (with a support's letter), cost, strength, vitality, copies."""
    fields: dict[str, Any] = {"keywords": [], "designer": False}
    for h in card.headers:
        kind = h.__class__.__name__
        if kind == "KindHeader":
            if "kind" in fields:
                fields["twice"] = "kind"
            fields["kind"] = h.kind
            if h.letter:
                fields["letter"] = h.letter
        elif kind == "CostHeader":
            fields["cost"] = h.amount
        elif kind == "StrengthHeader":
            fields["strength"] = h.value
        elif kind == "VitalityHeader":
            fields["vitality"] = h.value
        elif kind == "CopiesHeader":
            fields["copies"] = h.value
        elif kind == "KeywordsHeader":
            fields["keywords"].extend(h.keywords)
        elif kind == "DesignerHeader":
            fields["designer"] = True
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


@dataclass(frozen=True)
class Language:
    game: str
    grammar: str
    extension: str
    root: str                       # the card rule's collection attribute
    header: Callable[[Any], dict[str, Any]]

    @property
    def grammar_path(self) -> Path:
        return GRAMMAR_DIR / self.grammar


LANGUAGES: dict[str, Language] = {
    "ivion": Language("ivion", "ivion.tx", ".ivion", "cards", _ivion_header),
    "sylvion": Language("sylvion", "sylvion.tx", ".sylvion", "cards", _sylvion_header),
}


def by_extension(path: str | Path) -> Language | None:
    suffix = Path(path).suffix
    for lang in LANGUAGES.values():
        if lang.extension == suffix:
            return lang
    return None
