"""The quoted keywords of our grammars, for tests that check tools against them."""
from __future__ import annotations

import re

from cardsmith.dsl.languages import grammar_texts
from cardsmith.dsl.languages import quoted_keywords as keywords_of

#: grammars with their own docs page (docs/language.md covers the card and deck languages)
OWN_DOCS = {"scenario.tx": "scenarios.md"}


def grammars(*, only: str | None = None, cards: bool = False) -> dict[str, str]:
    """The grammars' texts by name: each game's card language ('ivion'), 'deck.tx' and
    'scenario.tx'."""
    texts = {name if name in _games() else f"{name}.tx": text for name, text in grammar_texts().items()}
    if only:
        texts = {n: t for n, t in texts.items() if n == only}
    if cards:
        texts = {n: t for n, t in texts.items() if n not in OWN_DOCS}
    return texts


def _games() -> set[str]:
    from cardsmith.runtime.core.registry import game_names
    return set(game_names())


def quoted_keywords(*, only: str | None = None, cards: bool = False) -> set[str]:
    """Every quoted literal in every grammar ('in terrain', '{', "an enemy's" ...)."""
    out: set[str] = set()
    for text in grammars(only=only, cards=cards).values():
        out |= keywords_of(text)
    return out


def keyword_words() -> set[str]:
    """The quoted literals split into words and punctuation."""
    words: set[str] = set()
    for kw in quoted_keywords():
        words.update(re.findall(r"[A-Za-z_']+|[^\sA-Za-z_']", kw))
    return words
