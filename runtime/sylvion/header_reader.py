"""Sylvion's card language: the grammar of its card files and the reader of their header lines.

The language (``dsl/``) finds this module through ``SylvionRules.card_header`` (see
``runtime/ivion/header_reader.py`` for what each name is for).
"""
from __future__ import annotations

from typing import Any, Final

from cardsmith.runtime.core.keywords import read_keywords_line

GRAMMAR: Final = "header.tx"
HEADER_RULE: Final = "SylvionHeader"
HEADER_USAGE: Final[dict[str, str]] = {}


def read_header(card: Any) -> dict[str, Any]:
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
            read_keywords_line(h, fields, where)
        elif kind == "DesignerHeader":
            fields["designer"] = True
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


def read_declarations(model: Any) -> list[tuple[Any, dict[str, Any]]]:
    """Sylvion card files declare nothing."""
    return []
