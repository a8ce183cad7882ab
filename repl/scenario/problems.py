"""A problem with a scenario file, located where it stands (a ``CardError``, as the
language reports a card's), for the checker, the board builder and the marks alike."""
from __future__ import annotations

from typing import Any

from cardsmith.dsl.errors import CardError
from cardsmith.runtime.core.effects import Loc


def fail(sdef: Any, loc: Loc, message: str, hint: str = "") -> CardError:
    """The error for ``message`` at ``loc`` in the scenario ``sdef`` (its own file unless
    ``loc`` is in another: a deck, an imported card file)."""
    return CardError(message, loc.file or sdef.file, loc.line, loc.col, sdef.source, hint)
