"""The fourth game's card language: its grammar file and the reader of its header lines
(see ``runtime/ivion/header_reader.py`` for what each name is for)."""
from __future__ import annotations

from typing import Any, Final

from cardsmith.runtime.core.keywords import read_keywords_line

GRAMMAR: Final = "header.tx"
HEADER_RULE: Final = "FourthHeader"
HEADER_USAGE: Final[dict[str, str]] = {"heap": "heap N", "keywords": "keywords encore"}


def read_header(card: Any) -> dict[str, Any]:
    """A card's header lines as the fields ``make_header`` takes, with where each stands."""
    fields: dict[str, Any] = {"keywords": []}
    where: dict[Any, Any] = {}
    fields["_where"] = where
    for h in card.items:
        kind = h.__class__.__name__
        if kind == "HeapHeader":
            where["heap"] = h
            fields["heap"] = h.copies
        elif kind == "KeywordsHeader":
            read_keywords_line(h, fields, where)
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


def read_declarations(model: Any) -> list[tuple[Any, dict[str, Any]]]:
    """Pebbles card files declare nothing."""
    return []
