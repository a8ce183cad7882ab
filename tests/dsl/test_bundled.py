"""The bundled Ivion cards and decks, through the real Ivion vocabulary."""
from __future__ import annotations

import re

import pytest

from cardsmith.dsl.decks import check_deck, deck_files, load_deck, resolve_deck
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library, card_files, load_file
from cardsmith.dsl.render import header_line, render_card, render_lines
from cardsmith.runtime.core.registry import get_game

ivion = pytest.importorskip("cardsmith.runtime.ivion")


def test_every_bundled_card_compiles_and_renders() -> None:
    rules = get_game("ivion")
    lib = bundled_library("ivion", use_cache=False)
    assert len(lib) >= 40
    for card in lib:
        assert header_line(card, rules), card.name
        lines = render_lines(card, rules)
        for line in lines:
            assert line[0].isupper() and line.endswith((".", ")")), (card.name, line)
            assert not re.search(r"None|Sel\(|Num\(|_|\{|\}", line), (card.name, line)
        if card.effect or card.abilities:
            assert lines, card.name
        assert render_card(card, rules).startswith(card.name + "\n")


def test_rendering_is_the_same_from_the_cache() -> None:
    rules = get_game("ivion")
    for f in card_files([bundled_cards_dir() / "ivion"]):
        fresh = load_file(f, use_cache=False)
        load_file(f)
        cached = load_file(f)
        assert [render_card(c, rules) for c in cached] == [render_card(c, rules) for c in fresh]


def test_bundled_decks_are_legal() -> None:
    lib = bundled_library("ivion")
    decks = deck_files([bundled_cards_dir() / "ivion"])     # Rush of Ikorr's: tests/runtime/ikorr
    assert len(decks) >= 2
    for f in decks:
        deck = load_deck(f)
        assert check_deck(deck, lib, get_game("ivion")) == [], f
        resolved = resolve_deck(deck, lib)
        assert resolved.size == 45 and len(resolved.feats) == 3
        assert len(deck.as_options()["cards"]) == 45
