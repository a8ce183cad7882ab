"""Ivion's card language: the grammar of its card files and the reader of their header lines.

The language (``dsl/``) finds this module through ``IvionRules.card_header``: it joins
``GRAMMAR`` (package data beside this module) to the shared card grammar, and hands each
parsed card to ``read_header`` for the plain fields ``header.make_header`` judges.
"""
from __future__ import annotations

from typing import Any, Final

#: the grammar of Ivion card files, in this package
GRAMMAR: Final = "header.tx"
#: the rule of one header line (its first words are the header words)
HEADER_RULE: Final = "IvionHeader"

#: what each Ivion header looks like, for hints when a header is malformed or misplaced
HEADER_USAGE: Final = {
    "skill": "skill ARCHETYPE", "ultimate": "ultimate ARCHETYPE hp N", "trait": "trait",
    "trap": "trap deck", "feather": "feather deck", "arrowhead": "arrowhead deck",
    "pips": "pips blue, white", "cost": "cost N action|actions|power",
    "generates": "generates N action|actions|power", "range": "range N",
    "banner": "banner slow, silence, disarm  (or: banner none)", "heroic": "heroic",
    "instant": "instant", "types": "types attack, buff", "keywords": "keywords cantrip, once per game",
    "charged": "charged N", "note": 'note "text"', "playable": "playable if CONDITION",
    "herocrafting": "herocrafting N  (N of its printed copies bear the Herocrafting icon)",
}

#: the words a header error uses to name each header line (``where[word]`` is that line):
#: the compiler reports a message at the line of the first of them it uses
_WHERE: Final = {"KindHeader": ("kind", "ultimate", "hp"), "PipsHeader": ("pips",),
                 "CostHeader": ("cost",), "GenHeader": ("generate",), "RangeHeader": ("range",),
                 "BannerHeader": ("banner",), "HeroicHeader": ("heroic",), "InstantHeader": ("instant",),
                 "TypesHeader": ("types",), "KeywordsHeader": ("keywords",),
                 "ChargedHeader": ("charged",), "PlayableHeader": ("playable",),
                 "HerocraftingHeader": ("herocrafting",)}

_KINDS: Final = {"trap deck": "trap", "rule card": "rule", "feather deck": "feather",
                 "arrowhead deck": "arrowhead"}


def read_header(card: Any) -> dict[str, Any]:
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
            fields["kind"] = _KINDS.get(h.kind, h.kind)
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
        elif kind == "HerocraftingHeader":
            fields["herocrafting"] = h.copies
        elif kind == "PlayableHeader":
            fields["play_if"] = h.cond      # the compiler compiles it (``CardCompiler.card``)
    return fields


def read_declarations(model: Any) -> list[tuple[Any, dict[str, Any]]]:
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
