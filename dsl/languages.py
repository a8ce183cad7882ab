"""The card languages: one grammar per game, sharing ``common.tx``.

Each entry names the game, its grammar file, its file extension and the function that
reads a card's header into plain fields for the game's ``make_header``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

GRAMMAR_DIR = Path(__file__).parent / "grammars"


def _ivion_header(card: Any) -> dict[str, Any]:
    """Ivion headers: kind and archetype, pips, costs and gains, range, banner, types.

    The words after a header are passed on as written: the game judges them
    (``make_header``), and ``_where`` says where each was written so that a problem is
    reported at its word: ``where[field]`` is the header line, ``where[(field, word)]``
    the word."""
    fields: dict[str, Any] = {"cost": {}, "gain": {}, "types": [], "keywords": [], "pips": [],
                              "banner": [], "heroic": False, "instant": False}
    # the compiler pops this before the game sees the fields
    where: dict[Any, Any] = {}
    fields["_where"] = where

    def words(field: str, items: Any) -> list[str]:
        for item in items:
            where.setdefault((field, item.word.replace(" ", "_")), item)
        return [item.word for item in items]

    for h in card.items:
        kind = h.__class__.__name__
        for word in _WHERE.get(kind, ()):
            where.setdefault(word, h)
        if kind == "KindHeader":
            fields["kind"] = {"trap deck": "trap", "rule card": "rule", "feather deck": "feather",
                              "arrowhead deck": "arrowhead"}.get(h.kind, h.kind)
            fields["archetype"] = words("archetype", [h.archetype])[0] if h.archetype else ""
            if h.hp:
                fields["hp"] = h.hp
        elif kind == "PipsHeader":
            fields["pips"].extend(words("pips", h.pips))
        elif kind in ("CostHeader", "GenHeader"):
            field = "cost" if kind == "CostHeader" else "gain"
            what = words(field, [h.what])[0]
            fields[field][what] = fields[field].get(what, 0) + h.amount
        elif kind == "RangeHeader":
            fields["range"] = h.value
        elif kind == "BannerHeader":
            fields["banner"] = [] if h.none else words("banner", h.kinds)
            fields["banner_given"] = True
        elif kind == "HeroicHeader":
            fields["heroic"] = True
        elif kind == "InstantHeader":
            fields["instant"] = True
        elif kind == "TypesHeader":
            fields["types"].extend(words("types", h.types))
        elif kind == "KeywordsHeader":
            fields["keywords"].extend(k.replace(" ", "_") for k in words("keywords", h.keywords))
        elif kind == "ChargedHeader":
            fields["charges"] = h.charges
        elif kind == "NoteHeader":
            fields["note"] = h.text
        elif kind == "PlayableHeader":
            fields["play_if"] = h.cond      # the compiler compiles it (``CardCompiler.card``)
    return fields


def _sylvion_header(card: Any) -> dict[str, Any]:
    """Sylvion headers: kind (with a support's letter), cost, strength, vitality, copies."""
    fields: dict[str, Any] = {"keywords": [], "designer": False}
    where: dict[Any, Any] = {}
    fields["_where"] = where
    for h in card.items:
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
            where.setdefault("keywords", h)
            for k in h.keywords:
                where.setdefault(("keywords", k.word), k)
                fields["keywords"].append(k.word)
        elif kind == "DesignerHeader":
            fields["designer"] = True
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


_WHERE = {"KindHeader": ("kind", "ultimate", "hp"), "PipsHeader": ("pips",),
          "CostHeader": ("cost",), "GenHeader": ("generate",), "RangeHeader": ("range",),
          "BannerHeader": ("banner",), "HeroicHeader": ("heroic",), "InstantHeader": ("instant",),
          "TypesHeader": ("types",), "KeywordsHeader": ("keywords",),
          "ChargedHeader": ("charged",), "PlayableHeader": ("playable",)}

#: what each Ivion header looks like, for hints when a header is malformed or misplaced
IVION_HEADERS = {
    "skill": "skill ARCHETYPE", "ultimate": "ultimate ARCHETYPE hp N", "trait": "trait",
    "trap": "trap deck", "feather": "feather deck", "arrowhead": "arrowhead deck",
    "pips": "pips blue, white", "cost": "cost N action|actions|power",
    "generates": "generates N action|actions|power", "range": "range N",
    "banner": "banner slow, silence, disarm  (or: banner none)", "heroic": "heroic",
    "instant": "instant", "types": "types attack, buff", "keywords": "keywords cantrip, once per game",
    "charged": "charged N", "note": 'note "text"', "playable": "playable if CONDITION",
}


def _ikorr_header(card: Any) -> dict[str, Any]:
    """Rush of Ikorr headers: kind, influence cost, attack/health/raid, aspects, loyalty,
    traits, Fabled/Unique, infusion allowance and requirement, keywords, Support."""
    fields: dict[str, Any] = {"aspects": [], "keywords": []}
    where: dict[Any, Any] = {}
    fields["_where"] = where
    for h in card.items:
        kind = h.__class__.__name__
        if kind == "KindHeader":
            fields.setdefault("kinds", []).append(h.kind)   # make_header checks there is one
        elif kind in ("CostHeader", "AttackHeader", "HealthHeader", "RaidHeader",
                      "AllowanceHeader", "RequirementHeader"):
            fields[kind[:-6].lower()] = h.value
        elif kind == "AspectsHeader":
            where.setdefault("aspects", h)
            for a in h.aspects or ():
                where.setdefault(("aspects", a.word), a)
                fields["aspects"].append(a.word)
        elif kind == "LoyaltyHeader":
            fields["loyalty"] = h.value
        elif kind == "TraitsHeader":
            fields["traits"] = h.value
        elif kind in ("FabledHeader", "UniqueHeader", "SampleHeader"):
            fields[kind[:-6].lower()] = True
        elif kind == "KeywordsHeader":
            where.setdefault("keywords", h)
            for k in h.keywords:
                where.setdefault(("keywords", k.word.replace(" ", "_")), k)
                fields["keywords"].append(k.word.replace(" ", "_"))
        elif kind == "SupportHeader":
            fields["keywords"].append("support")
            fields["support"] = h.what
        elif kind == "NumberHeader":
            fields["number"] = h.value
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


def _ivion_declarations(model: Any) -> list[tuple[Any, dict[str, Any]]]:
    """A file's ``archetype NAME KIND COLOUR[, COLOUR]`` lines, each with its fields for the
    game's ``declare`` (the words as written, and where each stands)."""
    out = []
    for d in getattr(model, "archetypes", None) or ():
        where: dict[Any, Any] = {"name": d.name, "kind": d.kind,
                                 ("kind", d.kind.word): d.kind, ("name", d.name.word): d.name}
        for c in d.colours:
            where.setdefault(("colours", c.word), c)
        out.append((d, {"declare": "archetype", "name": d.name.word, "kind": d.kind.word,
                        "colours": [c.word for c in d.colours], "_where": where}))
    return out


def _no_declarations(model: Any) -> list[tuple[Any, dict[str, Any]]]:
    return []


@dataclass(frozen=True)
class Language:
    """One game's card language: its grammar, file extension and header reader."""
    game: str
    grammar: str
    extension: str
    root: str                       # the card rule's collection attribute
    header: Callable[[Any], dict[str, Any]]
    header_usage: dict[str, str] = field(default_factory=dict)
    header_rule: str = ""           # the grammar rule of one header line (its words: header_words)
    #: the file-level declarations of a model, with fields for the game's ``declare``
    declarations: Callable[[Any], list[tuple[Any, dict[str, Any]]]] = _no_declarations

    @property
    def grammar_path(self) -> Path:
        return GRAMMAR_DIR / self.grammar


LANGUAGES: dict[str, Language] = {
    "ivion": Language("ivion", "ivion.tx", ".ivion", "cards", _ivion_header, IVION_HEADERS,
                      "IvionHeader", _ivion_declarations),
    "sylvion": Language("sylvion", "sylvion.tx", ".sylvion", "cards", _sylvion_header,
                        header_rule="SylvionHeader"),
    "ikorr": Language("ikorr", "ikorr.tx", ".ikorr", "cards", _ikorr_header, header_rule="IkorrHeader"),
}


def by_extension(path: str | Path) -> Language | None:
    suffix = Path(path).suffix
    for lang in LANGUAGES.values():
        if lang.extension == suffix:
            return lang
    return None


def known_games() -> list[str]:
    """Games a deck or scenario may name: those with a card language or registered rules.

    Deliberately without loading the games' packages: checking a file needs only names.
    """
    from cardsmith.runtime.core.registry import _GAMES
    return sorted(set(LANGUAGES) | set(_GAMES))
