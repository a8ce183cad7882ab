"""A Pygments lexer for cardsmith card, deck and scenario files.

Registered under the ``pygments.lexers`` entry point as ``cardsmith``, so ``pygmentize
FILE``, Sphinx and MkDocs colour our files with no configuration.  It is a plain
``RegexLexer``; what each word is comes from the grammars and the registered games, read
when the first text is coloured (``word_tokens``: it builds every game's card language,
a second or so once per process): the keywords of the shared grammars, each game's header
words, units, keywords, labels, conditions and nouns.  So a new keyword in a grammar, or a
new game's words, can't go uncoloured.  Words it doesn't know are names: verbs,
archetypes and events are the games' own words.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, Iterator

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String,
                            Whitespace, _TokenType)

from cardsmith.runtime.core.registry import game_names

#: what starts a line of a deck or scenario file (and 'import', any file's)
_DECLARING_RULES = {"deck": ("DeckFile", "DeckStmt"),
                    "scenario": ("ScenarioFile", "Note", "Goal", "SectionWord", "Expectation")}
#: rules of the shared card grammar whose words pick something (coloured as selectors)
_SELECTING_RULES = ("Determiner", "RefWord", "Whose")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:'s|'t)?")


def _words(phrases: Iterable[str]) -> set[str]:
    return {w for p in phrases for w in _WORD.findall(p.replace("_", " "))}


def _rule_words(mm: Any, rules: Iterable[str]) -> set[str]:
    from .errors import first_words
    out: set[str] = set()
    for rule in rules:
        out |= {w[1:-1] for w in first_words(mm[rule]._tx_peg_rule) if w.startswith("'")}
    return out


@lru_cache(maxsize=1)
def word_tokens() -> dict[str, _TokenType]:
    """word -> token type, from the grammars and every registered game; a word in two
    classes gets the first of: declaration, header word or unit, condition, selector,
    keyword."""
    from .languages import GRAMMAR_DIR, grammar_texts, header_grammar, language, quoted_keywords
    from .parsing import build_metamodel, metamodel
    declarations: set[str] = {"import"}
    headers: set[str] = set()
    conditions: set[str] = set()
    selectors: set[str] = set()
    for kind, rules in _DECLARING_RULES.items():
        declarations |= _rule_words(build_metamodel(GRAMMAR_DIR / f"{kind}.tx"), rules)
    for game in game_names():
        lang = language(game)
        vocab = lang.rules.vocab
        mm = metamodel(lang)
        # a unit that is also a noun ('counter target card') is coloured as the noun
        headers |= _words([*quoted_keywords(header_grammar(lang.rules)), *vocab.keywords])
        headers |= _words(vocab.units) - _words(vocab.nouns)
        conditions |= _words([*vocab.labels, *(c for c in vocab.conditions if "_" not in c)])
        selectors |= _words([*vocab.nouns, *vocab.zones, *vocab.sources, *vocab.counted_zones,
                             *vocab.distances]) | _words(_rule_words(mm, _SELECTING_RULES))
    # 'card "Name"' is a declaration only when a name follows (the lexer's rule), else a noun
    headers -= {"card", "deck", "import"}
    keywords = _words(k for text in grammar_texts().values() for k in quoted_keywords(text))
    tokens: dict[str, _TokenType] = {}
    for words, token in ((declarations - {"card", "deck"}, Keyword.Declaration), (headers, Keyword.Type),
                         (conditions, Name.Attribute), (selectors, Name.Builtin), (keywords, Keyword)):
        for w in sorted(words):
            tokens.setdefault(w, token)
    return tokens


def known_words() -> frozenset[str]:
    """Every word the lexer colours as one of ours."""
    return frozenset(word_tokens())


def _word(lexer: RegexLexer, match: Any) -> Iterator[tuple[int, _TokenType, str]]:
    """Classify one word: a keyword of ours, a Name bound with 'as', or a game's word."""
    word = match.group(0)
    token = word_tokens().get(word)
    if token is None:
        if len(word) > 1 and word.isupper():
            token = Keyword.Pseudo           # an ability word: DEATH, ACTION, RUSH
        else:
            token = Name.Variable if word[:1].isupper() else Name.Function
    yield match.start(), token, word


class CardsmithLexer(RegexLexer):
    """Card files (``.GAME``, one extension per registered game), decks (.deck) and scenarios."""

    name = "cardsmith"
    aliases = ["cardsmith", "cardsmith-deck", *game_names()]
    filenames = ["*.deck", "*.scenario", *(f"*.{game}" for game in game_names())]
    mimetypes = ["text/x-cardsmith"]
    url = "https://example.invalid/cardsmith"   # no public home page yet

    def __init__(self, **options: object) -> None:
        # keep leading and trailing blank lines: tokens must join back to the file
        options.setdefault("stripnl", False)
        super().__init__(**options)

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            # 'card "Name"' / 'deck "Name"': declarations only when a name follows
            (r'\b(card|deck)\b(\s+)(?=")', bygroups(Keyword.Declaration, Whitespace)),
            (r'"(?:\\.|[^"\\\n])*"', String.Double),
            (r"'(?:\\.|[^'\\\n])*'", String.Single),
            (r"[-+]?\d+", Number.Integer),
            (r"[A-Za-z_][A-Za-z0-9_]*(?:'s|'t)?", _word),
            (r"[{}(),:.\[\]]", Punctuation),
            (r"==|!=|<=|>=|[=<>!+\-]", Operator),
        ],
    }


__all__ = ["CardsmithLexer", "known_words", "word_tokens"]
