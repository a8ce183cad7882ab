"""The card languages: for each game, its card grammar joined to the shared one and filled in
with the game's words, built on first use from what the game registered.

A card file's extension is its game's name (``mine.ivion``).  The game brings its card
header (``GameRules.card_header``: the grammar of its card files and the reader of their
header lines, in its own package) and its words (``GameRules.vocab``: units, nouns,
filters, labels, zones ...).  ``grammars/common.tx`` holds what every game shares (steps,
selectors, conditions, triggers, statics) and names each class of game words with a
placeholder, ``@units``; ``card_grammar`` fills each in with the game's words, so a card
can use only the words of its own game, and a new game adds words by registering them.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from cardsmith.runtime.core.errors import UnknownGame
from cardsmith.runtime.core.registry import Vocabulary, game_names, get_game
from cardsmith.runtime.core.rules import GameRules

GRAMMAR_DIR = Path(__file__).parent / "grammars"
#: the shared card grammar, which every game's card grammar imports as ``common``
SHARED = "common.tx"
#: extensions of the files all games share: no game is named after one
SHARED_EXTENSIONS = (".deck", ".scenario")

#: the classes of game words in the shared grammar, by placeholder: where a game's
#: vocabulary keeps them (in the order the grammar tries them)
GAME_WORDS: dict[str, Callable[[Vocabulary], Iterable[str]]] = {
    "units": lambda v: v.units,
    "nouns": lambda v: v.nouns,
    "filters": lambda v: v.filters,
    "labels": lambda v: v.labels,
    "zones": lambda v: v.zones,
    "sources": lambda v: v.sources,
    "counted_zones": lambda v: v.counted_zones,
    "distances": lambda v: v.distances,
    "directions": lambda v: v.directions,
    "states": lambda v: v.states,
}
#: a rule that matches nothing: a class of words the game has none of
NOTHING = "/(?!)/"
_PLACEHOLDER = re.compile(r"@([a-z_]+)")
_IMPORT = re.compile(r"^import\s+common\s*$", re.M)


@dataclass(frozen=True)
class Language:
    """One game's card language: its grammar's text and the game's header reader."""
    rules: GameRules
    grammar: str
    #: the file rule's list of cards
    root = "cards"

    @property
    def game(self) -> str:
        return str(self.rules.name)

    @property
    def extension(self) -> str:
        return "." + self.game

    @property
    def header_rule(self) -> str:
        return str(self.rules.card_header.HEADER_RULE)

    @property
    def header_usage(self) -> dict[str, str]:
        return dict(self.rules.card_header.HEADER_USAGE)

    def header(self, card: Any) -> dict[str, Any]:
        return dict(self.rules.card_header.read_header(card))

    def declarations(self, model: Any) -> list[tuple[Any, dict[str, Any]]]:
        return list(self.rules.card_header.read_declarations(model))

    def packages(self) -> list[str]:
        """The packages whose modules make the language what it is: the game's rules
        package and its card header's (dotted names)."""
        out: list[str] = []
        for module in (type(self.rules).__module__, self.rules.card_header.__name__):
            package = module.rpartition(".")[0]
            if package not in out:
                out.append(package)
        return out

    def folders(self) -> list[Path]:
        """The folders of ``packages`` (the cache key reads all their files)."""
        out: list[Path] = []
        for package in self.packages():
            folder = Path(str(sys.modules[package].__file__)).parent
            if folder not in out:
                out.append(folder)
        return out


_LANGUAGES: dict[str, Language] = {}


def language(game: str) -> Language:
    """The card language of a registered game, built (with the game) on first use.

    Raises ``UnknownGame`` for a name that is no game's, or a game without card files."""
    lang = _LANGUAGES.get(game)
    if lang is None:
        if "." + game in SHARED_EXTENSIONS:
            raise UnknownGame(f"'{game}' is not a game: .{game} files are shared by all games")
        rules = get_game(game)
        if rules.card_header is None:
            raise UnknownGame(f"{game} has no card files")
        lang = _LANGUAGES[game] = Language(rules, card_grammar(rules))
    return lang


def game_of(path: str | Path) -> str:
    """The game a file's extension names ('' for none), without asking whether it is one."""
    suffix = Path(path).suffix
    name = suffix[1:]
    if suffix in SHARED_EXTENSIONS or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        return ""
    return name


def by_extension(path: str | Path) -> str | None:
    """The game whose card file this is, by its extension, or None."""
    game = game_of(path)
    return game if game and game in known_games() else None


def known_games() -> list[str]:
    """Games a deck, scenario or card file may name, without building any of them."""
    return game_names()


def extensions() -> str:
    """The card file extensions there are, for messages (".ikorr, .ivion, .sylvion")."""
    return ", ".join("." + g for g in known_games())


# ---- the grammar -------------------------------------------------------------------------

def header_grammar(rules: GameRules) -> str:
    """The text of the game's own card grammar (package data beside its card header)."""
    from importlib.resources import files
    header = rules.card_header
    return files(header.__name__.rpartition(".")[0]).joinpath(header.GRAMMAR).read_text("utf-8")


def card_grammar(rules: GameRules) -> str:
    """The textX grammar of a game's card files: the game's own grammar (its file rule
    first: textX's root), then the shared rules with each class of words the game's."""
    own = header_grammar(rules)
    if not _IMPORT.search(own):
        raise ValueError(f"{rules.name}'s card grammar must 'import common' (the shared card grammar)")
    shared = (GRAMMAR_DIR / SHARED).read_text("utf-8")
    return _IMPORT.sub("", own) + "\n" + fill(shared, rules.vocab)


def fill(shared: str, vocab: Vocabulary) -> str:
    """The shared grammar with its placeholders (outside comments) replaced by the
    vocabulary's words."""
    def words(match: re.Match[str]) -> str:
        kind = match.group(1)
        if kind == "reserved":
            return "".join("|" + re.escape(w) for w in vocab.reserved)
        if kind not in GAME_WORDS:
            raise ValueError(f"common.tx: unknown class of game words '@{kind}'")
        found = prefix_safe(GAME_WORDS[kind](vocab))
        return " | ".join(_quoted(w) for w in found) if found else NOTHING
    out, at = [], 0
    for comment in _COMMENT.finditer(shared):
        out += [_PLACEHOLDER.sub(words, shared[at:comment.start()]), comment.group()]
        at = comment.end()
    return "".join(out) + _PLACEHOLDER.sub(words, shared[at:])


def prefix_safe(words: Iterable[str]) -> list[str]:
    """The words in their order, except that a phrase comes before a word that would match
    at its start ('attack cards' before 'attack card', 'near terrain' before 'near'): a
    grammar tries them in order and takes the first that matches."""
    out: list[str] = []
    for w in dict.fromkeys(words):
        at = next((k for k, v in enumerate(out) if _matches_within(v, w)), len(out))
        out.insert(at, w)
    return out


def _matches_within(word: str, phrase: str) -> bool:
    """Whether the grammar's ``word`` would match at the start of ``phrase``: a phrase of
    several words matches as written, one word only as a whole word (textX's autokwd)."""
    if phrase == word or not phrase.startswith(word):
        return False
    return " " in word or not (phrase[len(word)].isalnum() or phrase[len(word)] == "_")


def _quoted(word: str) -> str:
    return f'"{word}"' if "'" in word else f"'{word}'"


# ---- for tools that read the grammars (the lexers, the docs' tests) ------------------------

def grammar_texts() -> dict[str, str]:
    """The text of every grammar, by the extension of its files: each game's card language
    (which builds every game), then the decks' and scenarios'."""
    texts = {game: language(game).grammar for game in known_games()}
    texts.update({ext[1:]: (GRAMMAR_DIR / f"{ext[1:]}.tx").read_text("utf-8") for ext in SHARED_EXTENSIONS})
    return texts


_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_REGEX = re.compile(r"(?<![\w'\"])/(?:\\/|[^/\n])+/")
_QUOTED_WORD = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"")


def quoted_keywords(grammar: str) -> set[str]:
    """Every quoted literal of a grammar's text ('in terrain', '{', "an enemy's" ...)."""
    text = _REGEX.sub("", _COMMENT.sub("", grammar))
    return {a or b for a, b in _QUOTED_WORD.findall(text) if a or b}
