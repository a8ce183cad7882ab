"""What a card name in a deck or scenario file refers to: one dict of names per scope.

A reference is looked up in a few scopes, nearest first (a scenario's own ``card`` blocks,
then the card files it imports, then the game's card library); each scope is a dict from
casefolded name to target, built once, so resolving a reference is a dict lookup however
many cards there are (textX's default provider walks the whole model for every reference).

This module is deliberately free of textX: the scope provider (``scoping.py``) uses it while
textX resolves a file's references, and ``decks.check_deck`` uses the same lookup and the
same messages on the warm path, where a cached deck is checked without textX.

A target is whatever the scope holds: a compiled ``CardDef`` from a library or an imported
file, a textX model object (a scenario's own ``card`` block), or, where no library was
given to check against, the written name itself (a ``str``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .errors import did_you_mean


@dataclass(frozen=True, slots=True)
class Wording:
    """How one kind of file words a name that resolves to nothing."""
    unknown: str                      # .format(what=, name=)
    other_game: str = ""              # .format(name=, other=, game=); "" : say unknown
    hint: str = ""


DECK_WORDING = Wording('unknown {what} "{name}"', '"{name}" is a {other} card; this deck is for {game}')
SCENARIO_WORDING = Wording("unknown {what} '{name}'",
                           hint='define it with card "Name" { ... } or import its file')


class Unresolved(Exception):
    """A name no scope defines: the message and hint, located by whoever catches it."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class NameIndex:
    """Casefolded name -> target; the first definition of a name wins."""

    __slots__ = ("targets",)

    def __init__(self, targets: Iterable[tuple[str, Any]] = ()) -> None:
        self.targets: dict[str, Any] = {}
        for name, target in targets:
            self.targets.setdefault(name.casefold(), target)

    @classmethod
    def of_cards(cls, cards: Iterable[Any]) -> "NameIndex":
        return cls((c.name, c) for c in cards)

    def get(self, name: str) -> Any:
        return self.targets.get(name.casefold())

    def __len__(self) -> int:
        return len(self.targets)


def target_name(target: Any) -> str:
    """The name a target is defined under (its own spelling, not the reference's)."""
    return target if isinstance(target, str) else target.name


def target_game(target: Any) -> str | None:
    """The game of a compiled card; None for a file's own definitions (they share its game)."""
    return getattr(target, "game", None) if not isinstance(target, str) else None


def resolve(name: str, game: str, scopes: Sequence[NameIndex], what: str = "card",
            wording: Wording = DECK_WORDING) -> Any:
    """The target ``name`` refers to in ``game``, nearest scope first; else ``Unresolved``.

    A card of another game with that name is not a match: it only changes the message.
    """
    other: Any = None
    for scope in scopes:
        target = scope.get(name)
        if target is None:
            continue
        found = target_game(target)
        if found is None or found == game:
            return target
        other = other if other is not None else target
    if other is not None and wording.other_game:
        raise Unresolved(wording.other_game.format(name=name, other=target_game(other), game=game))
    names = [target_name(t) for scope in scopes for t in scope.targets.values()
             if target_game(t) in (None, game)]
    raise Unresolved(wording.unknown.format(what=what, name=name) + did_you_mean(name, names), wording.hint)
