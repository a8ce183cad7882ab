"""docs/language.md stays true to the grammar: its examples compile, its keywords are complete."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsmith.dsl.decks import compile_deck
from cardsmith.dsl.loader import compile_source

from .grammar_words import quoted_keywords

DOC = Path(__file__).resolve().parents[2] / "docs" / "language.md"
pytest.importorskip("cardsmith.runtime.ivion")


def blocks() -> list[str]:
    return re.findall(r"```\n(.*?)```", DOC.read_text(), re.S)


def test_every_grammar_keyword_is_documented() -> None:
    text = DOC.read_text()
    missing = sorted(k for k in quoted_keywords(cards=True) if k not in text)
    assert not missing, f"docs/language.md never mentions: {missing}"


def test_every_example_compiles() -> None:
    examples = blocks()
    assert len(examples) >= 6
    compiled = 0
    for block in examples:
        first = block.lstrip().split("\n", 1)[0]
        if re.match(r"\S+:\d+:\d+: ", first):
            continue                                    # the error samples
        if re.search(r'^deck "', block, re.M):            # a deck (its import lines may come first)
            compile_deck(block, "example.deck")
        elif "card \"" in block:
            source = re.sub(r'^import "[^"]*"\n', "", block, flags=re.M)
            game = ("ikorr" if re.search(r"^\s*(champion|location|spell|avatar|infusion)\b", source, re.M)
                    else "sylvion" if "space" in source else "ivion")
            compile_source(source, game, f"example.{game}")
        else:
            card = 'card "Example" {\n  skill warrior\n' + block + "}\n"
            compile_source(card, "ivion", "example.ivion")
        compiled += 1
    assert compiled >= 6


def test_reserved_words_are_listed() -> None:
    """The shared reserved words, and each game's (``Vocabulary.reserved``)."""
    from cardsmith.dsl.languages import GRAMMAR_DIR, language
    grammar = (GRAMMAR_DIR / "common.tx").read_text()
    alternatives = re.search(r"Reserved:\s*/\((.*?)@reserved\)\\b", grammar).group(1).split("|")
    shared = set()
    for alt in alternatives:
        shared.update([alt[:-2], alt[:-1]] if alt.endswith("s?") else [alt])
    section = DOC.read_text().split("## Reserved words", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([a-z]+)`", section))
    assert shared - listed == set(), "shared reserved words missing from the docs"
    assert len(shared) > 50
    for game in ("ivion", "sylvion", "ikorr"):
        words = set(language(game).rules.vocab.reserved)
        assert words - listed == set(), f"{game}'s reserved words missing from the docs"
