"""Running a scenario's deck checks (``expect deck "NAME" accepted|rejected``: issue 18,
"Decks and formats in scenarios"; the language is ``dsl/scenario_decks.py``).

The deck is checked exactly as ``cardsmith check`` checks a deck file (every problem, each
where it stands, the game's own deck rules), against the scenario's cards: its ``card``
blocks and imports come first, then the game's library.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cardsmith.dsl.decks import compile_and_check, find_deck, load_and_check
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenario_decks import DeckCheck, DeckList
from cardsmith.runtime.core.effects import Loc
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.registry import get_game


def find(prep: Any, name: str) -> DeckList | Path:
    """The deck an ``expect deck`` names: a deck list of the file, else a deck file relative
    to the scenario, else a bundled deck of its game; a ``CardsmithError`` saying which were
    looked for."""
    sdef = prep.sdef
    for listed in sdef.decklists:
        if listed.name.casefold() == name.casefold():
            return listed
    beside = Path(sdef.file).parent / name
    try:
        return find_deck(str(beside) if beside.is_file() else name, get_game(sdef.game))
    except (CardsmithError, CardError) as exc:
        listed_names = ", ".join(f'"{d.name}"' for d in sdef.decklists) or "none"
        text = exc.format() if isinstance(exc, CardError) else str(exc)
        raise CardsmithError(f"no deck named \"{name}\": not a deck list of this file ({listed_names}), "
                             f"and {text}") from None


def check_name(prep: Any, cond: DeckCheck, loc: Loc, fail: Any) -> None:
    """Before anything runs: the deck must be found (``fail(sdef, loc, message)`` raises)."""
    try:
        find(prep, cond.deck)
    except CardsmithError as exc:
        raise fail(prep.sdef, loc, str(exc))


def holds(cond: DeckCheck, prep: Any) -> tuple[bool, str]:
    """Whether the deck is accepted (or rejected, for the reason given) by its game's deck
    rules, and if not, the problems found (or that there were none)."""
    try:
        found = find(prep, cond.deck)
    except CardsmithError as exc:
        return False, str(exc)
    rules = get_game(prep.sdef.game)
    if isinstance(found, DeckList):
        _, errors = compile_and_check(found.text, prep.sdef.file, prep.library, rules)
    else:
        _, errors = load_and_check(found, prep.library, rules)
    lines = [f"{e.file}:{e.line}:{e.col}: {e.message}" for e in errors]
    if cond.accepted:
        return (True, "") if not errors else (False, "the deck was rejected:\n" + "\n".join(lines))
    if not errors:
        return False, "the deck was accepted: its game's deck rules find no problem"
    if cond.reason and not any(cond.reason.casefold() in e.message.casefold() for e in errors):
        return False, "rejected, but for another reason:\n" + "\n".join(lines)
    return True, ""
