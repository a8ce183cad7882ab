"""Rush of Ikorr deck files as the plain deck data the game takes.

Deck files use the shared deck language (``cardsmith.dsl.decks``) with its Ikorr lines:
``avatar "NAME"`` and ``N "CHAMPION" with "INFUSION"`` (004 § Deck Construction).  The deck
rules are checked by the game (``IkorrRules.check_deck``) when a deck is checked or a game
starts.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cardsmith.dsl.decks import DeckDef
from cardsmith.dsl.decks import load_deck as _load


def load_deck(path: str | Path) -> dict[str, Any]:
    return deck_options(_load(path))


def deck_options(deck: DeckDef) -> dict[str, Any]:
    """A loaded deck as the game's ``decks`` option takes it (notes kept, avatar always)."""
    data = deck.as_options()
    data["notes"] = list(deck.notes)
    data.setdefault("avatar", "")
    return data


def decks_dir() -> Path:
    import cardsmith.cards as pkg
    return Path(pkg.__file__).parent / "ikorr" / "decks"


def sample_decks() -> dict[str, dict[str, Any]]:
    """The bundled sample decks by name."""
    return {d["name"]: d for d in (load_deck(p) for p in sorted(decks_dir().glob("*.deck")))}
