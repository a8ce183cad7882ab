"""Short answers to a pending question (issue 18 point 8): a line that is no option's full
text, such as ``pay 3 actions`` for ``pay 3 actions + 0 power``, answers the one option whose
words hold the typed words in order (a prefix, or some of its words).  When several options
hold them the line is refused with the candidates listed, so a script never gets a guess.
Only tried when no option's full text (or alias) matched: every line accepted before is
read as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.state import Action

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.view import GameView

#: at most this many candidates are listed in the refusal
SHOWN = 8


def holds_in_order(typed: list[str], words: list[str]) -> bool:
    """Whether ``typed`` are some of ``words``, in the same order."""
    it = iter(words)
    return all(any(w == t for w in it) for t in typed)


def short_answer(view: "GameView", game: "Game", words: list[str],
                 names: Callable[["GameView", "Game", Action], list[str]],
                 norm: Callable[[str], str]) -> Action | None:
    """The one option the typed words shorten, None if none does; several: ``CommandError``
    listing them (``names``: an option's normalised names, its text first)."""
    typed = norm(" ".join(words)).split()
    if not typed or typed[0].isdecimal():
        return None
    hits: list[Action] = []
    for action in game.legal_actions():
        if action not in hits and any(holds_in_order(typed, n.split()) for n in names(view, game, action)):
            hits.append(action)
    if len(hits) <= 1:
        return hits[0] if hits else None
    listing = "\n".join(f"  {k}. {a}" for k, a in enumerate(hits[:SHOWN], 1))
    more = f"\n  ... and {len(hits) - SHOWN} more" if len(hits) > SHOWN else ""
    raise CommandError(f"'{' '.join(words)}' could answer {len(hits)} options; write more of the one you mean "
                       f"(or its number in `legal`):\n{listing}{more}")
