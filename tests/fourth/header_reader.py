"""The fourth game's card language: its grammar file and the reader of its header lines
(see ``runtime/ivion/header_reader.py`` for what each name is for)."""
from __future__ import annotations

from typing import Any, Final

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
            where.setdefault("keywords", h)
            for k in h.keywords:
                where.setdefault(("keywords", k.word), k)
                fields["keywords"].append(k.word)
        elif kind == "NoteHeader":
            fields["note"] = h.text
    return fields


def read_declarations(model: Any) -> list[tuple[Any, dict[str, Any]]]:
    """Pebbles card files declare nothing."""
    return []
