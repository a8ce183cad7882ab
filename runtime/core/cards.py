"""A library of compiled card definitions, looked up by name."""
from __future__ import annotations

from typing import Callable, Generic, Iterable, Iterator, TypeVar

from .effects import CardDef
from .errors import UnknownCard
from .registry import did_you_mean

T = TypeVar("T")


class Derived(dict, Generic[T]):
    """Card name -> (definition, ``fn(definition)``), filled on first ask.

    A legal-action listing asks such facts of every card in hand at every decision; one
    dict look-up by name answers it, where finding the definition and then its facts
    costs two calls.  The library empties its tables whenever it changes."""

    def __init__(self, library: "CardLibrary", fn: Callable[[CardDef], T]) -> None:
        super().__init__()
        self.library = library
        self.fn = fn

    def __missing__(self, name: str) -> tuple[CardDef, T]:
        card = self.library.get(name)
        hit = self[name] = (card, self.fn(card))
        return hit


class CardLibrary:
    """Compiled cards by name.  Immutable definitions; the library itself can grow
    (``define`` in the REPL) and be reloaded."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._cards: dict[str, CardDef] = {}
        self._folded: dict[str, str] = {}
        self._derived: dict[Callable, Derived] = {}
        #: the most words a card name has: matching typed words against names tries no
        #: longer run than this, whatever the length of the line
        self.most_name_words = 0
        for card in cards:
            self.add(card)

    def add(self, card: CardDef) -> None:
        self._cards[card.name] = card
        self._folded[card.name.casefold()] = card.name
        self.most_name_words = max(self.most_name_words, len(card.name.split()))
        for table in self._derived.values():
            table.clear()

    def derived(self, fn: Callable[[CardDef], T]) -> Derived[T]:
        """The table of ``fn``'s facts by card name (see ``Derived``)."""
        table = self._derived.get(fn)
        if table is None:
            table = self._derived[fn] = Derived(self, fn)
        return table

    def name_words(self, words: list[str]) -> int:
        """How many leading ``words`` name a card (the longest run), 0 if none: a command
        line's card.  No run longer than the longest name is tried, so a line's length
        never matters."""
        for k in range(min(len(words), self.most_name_words), 0, -1):
            if " ".join(words[:k]) in self:
                return k
        return 0

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._folded

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def names(self, game: str | None = None) -> list[str]:
        return [c.name for c in self._cards.values() if game is None or c.game == game]

    def get(self, name: str) -> CardDef:
        card = self._cards.get(name)
        if card is not None:
            return card
        key = self._folded.get(name.casefold())
        if key is None:
            raise UnknownCard(f"unknown card '{name}'{did_you_mean(name, self._cards)}")
        return self._cards[key]

    def merged(self, other: "CardLibrary") -> "CardLibrary":
        lib = CardLibrary(self)
        for card in other:
            lib.add(card)
        return lib
