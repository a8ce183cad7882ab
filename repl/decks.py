"""Reading deck files for the REPL: the one place that knows the ``.deck`` format.

The language package is growing a real deck loader (``cardsmith.dsl.decks.load_deck``);
when it is there we use it, otherwise a minimal reader of the same format
(``feats "A", "B", "C"`` and ``N "Card"`` lines; ``deck``/``note`` lines and ``#``
comments ignored).  Everything else in the REPL asks this module, so swapping the reader
touches nothing else.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardsmith.runtime.core.errors import CardsmithError

_COUNT = re.compile(r'^(\d+)\s+"([^"]+)"\s*$')
_QUOTED = re.compile(r'"([^"]+)"')


def bundled_deck(game: str, name: str) -> Path:
    """A deck shipped with the cards: ``bundled_deck('ivion', 'steward')``."""
    from cardsmith.dsl.loader import bundled_cards_dir
    return bundled_cards_dir() / game / "decks" / f"{name}.deck"


def resolve_deck_path(game: str, text: str) -> Path:
    """A deck named by path, or by the name of a bundled deck ('steward')."""
    path = Path(text)
    if path.exists():
        return path
    bundled = bundled_deck(game, text.removesuffix(".deck"))
    if bundled.exists():
        return bundled
    raise CardsmithError(f"no deck file '{text}' (and no bundled {game} deck of that name)")


def load_deck_lists(path: str | Path) -> dict[str, Any]:
    """``{"name": ..., "cards": [45 names], "feats": [names]}`` from a deck file."""
    path = Path(path)
    try:
        from cardsmith.dsl.decks import load_deck  # the language's own loader, when present
    except ImportError:
        load_deck = None
    if load_deck is not None:
        try:
            deck = load_deck(path)
        except OSError as exc:
            raise CardsmithError(f"can't read deck {path}: {exc.strerror}") from None
        return {"name": deck.name, "cards": deck.card_names(), "feats": list(deck.feats)}
    return _read_minimal(path)


def _read_minimal(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardsmithError(f"can't read deck {path}: {exc.strerror}") from None
    name, cards, feats = path.stem, [], []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("note") else ""
        if not line:
            continue
        if line.startswith("deck "):
            found = _QUOTED.findall(line)
            name = found[0] if found else name
        elif line.startswith("feats"):
            feats = _QUOTED.findall(line)
        elif m := _COUNT.match(line):
            cards.extend([m.group(2)] * int(m.group(1)))
        else:
            raise CardsmithError(f"{path}:{n}: can't read this deck line: {raw.strip()}")
    return {"name": name, "cards": cards, "feats": feats}
