"""Reading Rush of Ikorr deck files into the plain deck data the game takes.

The format is the shared deck file (``deck "NAME" for ikorr``, ``note``, ``N "CARD"``) plus
two Ikorr lines: ``avatar "NAME"`` and ``N "CHAMPION" with "INFUSION"`` for champions that
carry an infusion in their sleeve (004 § Deck Construction).  The deck rules themselves
(``runtime.ikorr.decks.deck_problems``) are checked when a game starts or on request.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardsmith.runtime.core.errors import CardsmithError

_LINE = re.compile(r'^(\d+)\s+"([^"]+)"(?:\s+with\s+"([^"]+)")?\s*$')


def parse_deck(text: str, file: str = "<string>") -> dict[str, Any]:
    deck: dict[str, Any] = {"name": "", "avatar": "", "cards": [], "notes": []}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.strip().startswith("note") else raw.strip()
        if not line:
            continue
        m = re.match(r'^deck\s+"([^"]+)"\s+for\s+(\w+)$', line)
        if m:
            if m.group(2) != "ikorr":
                raise CardsmithError(f"{file}:{n}: this deck is for {m.group(2)}, not ikorr")
            deck["name"] = m.group(1)
            continue
        m = re.match(r'^note\s+"(.*)"$', line)
        if m:
            deck["notes"].append(m.group(1))
            continue
        m = re.match(r'^avatar\s+"([^"]+)"$', line)
        if m:
            deck["avatar"] = m.group(1)
            continue
        m = _LINE.match(line)
        if m:
            count, name, inf = int(m.group(1)), m.group(2), m.group(3)
            deck["cards"].extend([[name, inf] if inf else name] * count)
            continue
        raise CardsmithError(f"{file}:{n}: can't read this deck line: {raw.strip()!r}")
    return deck


def load_deck(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    return parse_deck(path.read_text(encoding="utf-8"), str(path))


def sample_decks() -> dict[str, dict[str, Any]]:
    """The bundled sample decks by name."""
    import cardsmith.cards as pkg
    folder = Path(pkg.__file__).parent / "ikorr" / "decks"
    return {d["name"]: d for d in (load_deck(p) for p in sorted(folder.glob("*.deck")))}
