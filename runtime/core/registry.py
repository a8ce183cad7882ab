"""Where games register their words, so the core and the language never import a game.

Each game owns a ``Vocabulary``: its verbs (one small class each, registered under its
name, in the manner of Forge's effect registry), nouns for selectors, filters,
conditions, trigger events, quantities and static rules.  The card language looks words up
here to compile and to check a card at load time ("unknown verb 'dmg'; did you mean
'deal'?"); the engine looks them up to run a card.

Games are found through the ``cardsmith.games`` entry point and loaded on first use.
"""
from __future__ import annotations

import difflib
from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable, Final, Iterable

from .errors import HeaderError, UnknownGame

if TYPE_CHECKING:
    from .keywords import Keyword
    from .rules import GameRules


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


class Vocabulary:
    """The words one game gives meaning to."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.verbs: dict[str, Any] = {}
        self.nouns: dict[str, Any] = {}
        self.filters: dict[str, Any] = {}
        self.conditions: dict[str, Any] = {}
        self.events: dict[str, Any] = {}
        self.quantities: dict[str, Any] = {}
        self.statics: dict[str, Any] = {}
        self.activations: dict[str, Any] = {}   # activated-ability words (ACTION, RUSH ...)
        self.keywords: dict[str, "Keyword"] = {}    # keyword -> what it does (its meaning, its hooks)

    # Registration decorators: ``@vocab.verb("deal")`` on a class registers one instance.
    def _register(self, table: dict[str, Any], names: tuple[str, ...]) -> Callable:
        def deco(obj: Any) -> Any:
            instance = obj() if isinstance(obj, type) else obj
            for name in names:
                if name in table:
                    raise ValueError(f"{self.game}: '{name}' registered twice")
                table[name] = instance
            return obj
        return deco

    def verb(self, *names: str) -> Callable:
        return self._register(self.verbs, names)

    def noun(self, *names: str) -> Callable:
        return self._register(self.nouns, names)

    def filter(self, *names: str) -> Callable:
        return self._register(self.filters, names)

    def condition(self, *names: str) -> Callable:
        return self._register(self.conditions, names)

    def event(self, *names: str) -> Callable:
        return self._register(self.events, names)

    def quantity(self, *names: str) -> Callable:
        return self._register(self.quantities, names)

    def static(self, *names: str) -> Callable:
        return self._register(self.statics, names)

    def activation(self, *names: str) -> Callable:
        return self._register(self.activations, names)

    def keyword(self, keyword: "Keyword") -> "Keyword":
        """Register a keyword under its own name (``Keyword.name``)."""
        self._register(self.keywords, (keyword.name,))(keyword)
        return keyword


_GAMES: Final[dict[str, "GameRules"]] = {}


def lazy_game(package: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game package: ``GAME`` is built by the package's
    ``game`` module on first request, so importing the package (as unpickling a cached
    card header does) stays cheap."""
    def __getattr__(name: str) -> Any:
        if name == "GAME":
            return import_module(package + ".game").GAME
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__


def register_game(rules: "GameRules") -> "GameRules":
    _GAMES[rules.name] = rules
    return rules


def _load_entry_points() -> None:
    from importlib import metadata   # lazy: a slow import, needed only when a game is first asked for

    for ep in metadata.entry_points(group="cardsmith.games"):
        if ep.name not in _GAMES:
            register_game(ep.load())


def game_names() -> list[str]:
    _load_entry_points()
    return sorted(_GAMES)


def get_game(name: str) -> "GameRules":
    if name not in _GAMES:
        _load_entry_points()
    if name not in _GAMES:
        raise UnknownGame(f"unknown game '{name}'{did_you_mean(name, _GAMES)}")
    return _GAMES[name]


def known_word(word: str, known: Iterable[str], field: str, what: str) -> str:
    """``word`` if it is one of ``known``; else a ``HeaderError`` at it, with the closest
    word and the list ("unknown colour 'blu'; did you mean 'blue'? (white, blue, ...)")."""
    known = list(known)
    if word in known:
        return word
    listed = f" ({what}s: {', '.join(known)})" if len(known) <= 12 else ""
    raise HeaderError(f"unknown {what} '{word}'{did_you_mean(word, known)}{listed}", field, word)
