"""Rush of Ikorr's card language: the grammar of its card files and the reader of their
header lines.

The language (``dsl/``) finds this module through ``IkorrRules.card_header`` (see
``runtime/ivion/header_reader.py`` for what each name is for).
"""
from __future__ import annotations

from typing import Any, Final

from cardsmith.runtime.core.keywords import read_keywords_line

GRAMMAR: Final = "header.tx"
HEADER_RULE: Final = "IkorrHeader"
HEADER_USAGE: Final[dict[str, str]] = {}

#: header lines that give one number, read into the field named after the line
_NUMBERS: Final = ("CostHeader", "AttackHeader", "HealthHeader", "RaidHeader",
                   "AllowanceHeader", "RequirementHeader")


def read_header(card: Any) -> dict[str, Any]:
    """Rush of Ikorr headers: kind, influence cost, attack/health/raid, aspects, loyalty,
    traits, Fabled/Unique, infusion allowance and requirement, keywords, Support."""
    fields: dict[str, Any] = {"aspects": [], "keywords": []}
    where: dict[Any, Any] = {}
    fields["_where"] = where
    for h in card.items:
        kind = h.__class__.__name__
        if kind == "KindHeader":
            fields.setdefault("kinds", []).append(h.kind)   # make_header checks there is one
        elif kind in _NUMBERS:
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
            read_keywords_line(h, fields, where)
        elif kind == "SupportHeader":
            fields["keywords"].append("support")
            fields["support"] = h.what
        elif kind == "NumberHeader":
            fields["number"] = h.value
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


def read_declarations(model: Any) -> list[tuple[Any, dict[str, Any]]]:
    """Rush of Ikorr card files declare nothing."""
    return []
