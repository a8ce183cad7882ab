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
        # The card grammar's closed classes of words that are the game's (nouns and filters
        # are the tables above), each in the order the grammar tries them: a card can use
        # only its own game's (docs/language.md "Each game's words").
        self.units: list[str] = []          # after a number: 'deal 2 damage', 'you have 3 power'
        self.labels: list[str] = []         # conditions that label an effect: 'advantage: ...'
        self.zones: list[str] = []          # after 'to': 'return it to hand'
        self.sources: list[str] = []        # after 'from': 'put a card from discard'
        self.counted_zones: list[str] = []  # 'you have 15 cards in discard'
        self.distances: list[str] = []      # 'move up to 2 tiles', 'move it 1 space left'
        self.directions: list[str] = []     # 'move it 1 space left'
        self.states: list[str] = []         # conditions of several words: 'if it is near terrain'
        #: words of the game's that can't start a step (nor be an event or a phase), so that
        #: a step's unit or filter is never read as the next step's verb; a word left out is
        #: read as a verb where it stands alone ("unknown verb 'charges'; did you mean ...")
        self.reserved: list[str] = []

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

    def words(self, **classes: Iterable[str]) -> None:
        """Add words to the grammar's classes: ``vocab.words(units=("damage", "power"))``."""
        for kind, words in classes.items():
            table = getattr(self, kind, None)
            if kind not in GRAMMAR_CLASSES or not isinstance(table, list):
                raise ValueError(f"{self.game}: no class of words '{kind}' (classes: {', '.join(GRAMMAR_CLASSES)})")
            for word in words:
                if word in table:
                    raise ValueError(f"{self.game}: '{word}' registered twice as one of its {kind}")
                table.append(word)


#: the classes of words ``Vocabulary.words`` adds to
GRAMMAR_CLASSES: Final = ("units", "labels", "zones", "sources", "counted_zones", "distances",
                          "directions", "states", "reserved")


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


_ENTRY_POINTS: Final[dict[str, Any]] = {}


def _entry_points() -> dict[str, Any]:
    """The ``cardsmith.games`` entry points by game name, read once (none of them loaded)."""
    if not _ENTRY_POINTS:
        from importlib import metadata   # lazy: a slow import, needed only when a game is first asked for
        for ep in metadata.entry_points(group="cardsmith.games"):
            _ENTRY_POINTS.setdefault(ep.name, ep)
    return _ENTRY_POINTS


def game_names() -> list[str]:
    """Every game there is, registered here or installed, without building any of them."""
    return sorted(set(_GAMES) | set(_entry_points()))


def built_game(name: str) -> "GameRules | None":
    """The game's rules if they are built already, else None (nothing is loaded)."""
    return _GAMES.get(name)


def get_game(name: str) -> "GameRules":
    """A game's rules, built on first request: only that game's (building one game never
    builds another)."""
    if name not in _GAMES:
        ep = _entry_points().get(name)
        if ep is not None:
            register_game(ep.load())
    if name not in _GAMES:
        raise UnknownGame(f"unknown game '{name}'{did_you_mean(name, game_names())}")
    return _GAMES[name]


def known_word(word: str, known: Iterable[str], field: str, what: str) -> str:
    """``word`` if it is one of ``known``; else a ``HeaderError`` at it, with the closest
    word and the list ("unknown colour 'blu'; did you mean 'blue'? (white, blue, ...)")."""
    known = list(known)
    if word in known:
        return word
    listed = f" ({what}s: {', '.join(known)})" if len(known) <= 12 else ""
    raise HeaderError(f"unknown {what} '{word}'{did_you_mean(word, known)}{listed}", field, word)
