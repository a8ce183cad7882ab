"""A large but valid set of card files, for commands slow enough to interrupt (Ctrl-C tests).

Each file stays under the size a card file may have (``userfiles.MAX_FILE_BYTES``), so the
cards are spread over a folder that ``cards FOLDER`` loads whole."""
from __future__ import annotations

from pathlib import Path

from cardsmith.dsl.userfiles import MAX_FILE_BYTES

CARD = ('card "Big {n:06d}" {{\n  skill warrior  cost 1 action  range 2\n  types attack\n'
        '  deal 1 damage to target enemy\n}}\n\n')


def big_card_file(folder: Path, size: int) -> Path:
    """A folder of about ``size`` bytes of cards (parsing a megabyte takes about 13 s on
    the build machine), in files of at most ``MAX_FILE_BYTES``."""
    path = folder / "big"
    path.mkdir()
    per = len(CARD.format(n=0))
    per_file = (MAX_FILE_BYTES * 9 // 10) // per
    total = size // per
    for k, start in enumerate(range(0, total, per_file)):
        cards = "".join(CARD.format(n=i) for i in range(start, min(total, start + per_file)))
        (path / f"big{k}.ivion").write_text(cards, encoding="utf-8")
    return path


def size_of(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.iterdir())
