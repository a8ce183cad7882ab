"""A large but valid card file, for commands slow enough to interrupt (Ctrl-C tests)."""
from __future__ import annotations

from pathlib import Path

CARD = ('card "Big {n:06d}" {{\n  skill warrior  cost 1 action  range 2\n  types attack\n'
        '  deal 1 damage to target enemy\n}}\n\n')


def big_card_file(folder: Path, size: int) -> Path:
    """About ``size`` bytes of cards: parsing a megabyte takes about 13 s on the build machine."""
    path = folder / "big.ivion"
    per = len(CARD.format(n=0))
    path.write_text("".join(CARD.format(n=i) for i in range(size // per)), encoding="utf-8")
    return path
