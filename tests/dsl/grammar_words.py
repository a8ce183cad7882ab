"""The quoted keywords of our grammar files, for tests that check tools against them."""
from __future__ import annotations

import re
from pathlib import Path

from cardsmith.dsl.languages import GRAMMAR_DIR

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_REGEX = re.compile(r"(?<![\w'\"])/(?:\\/|[^/\n])+/")
_QUOTED = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"")


#: grammars with their own docs page (docs/language.md covers the card and deck languages)
OWN_DOCS = {"scenario.tx": "scenarios.md"}


def grammar_files(*, only: str | None = None, cards: bool = False) -> list[Path]:
    files = sorted(GRAMMAR_DIR.glob("*.tx"))
    if only:
        files = [f for f in files if f.name == only]
    if cards:
        files = [f for f in files if f.name not in OWN_DOCS]
    return files


def quoted_keywords(*, only: str | None = None, cards: bool = False) -> set[str]:
    """Every quoted literal in every grammar ('in terrain', '{', "an enemy's" ...)."""
    out: set[str] = set()
    for f in grammar_files(only=only, cards=cards):
        text = _REGEX.sub("", _COMMENT.sub("", f.read_text()))
        for a, b in _QUOTED.findall(text):
            if a or b:
                out.add(a or b)
    return out


def keyword_words() -> set[str]:
    """The quoted literals split into words and punctuation."""
    words: set[str] = set()
    for kw in quoted_keywords():
        words.update(re.findall(r"[A-Za-z_']+|[^\sA-Za-z_']", kw))
    return words
