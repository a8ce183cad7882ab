"""Spellbook's character-creation limits in ``cardsmith check`` (IV-ZONE-6; tsv "Spellbook":
three different Archmage cards beneath it, up to two copies of each in the deck;
docs/ivion/choices.md "Piles beneath a card"): the static ``beneath_at_creation`` on its
script says what its pile admits, and each problem is located where it stands."""
from __future__ import annotations

import pytest

from cardsmith.dsl.decks import check_deck, compile_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library, compile_source
from cardsmith.runtime.core.cards import CardLibrary

CITE = '(tsv "Spellbook"; docs/ivion/choices.md "Piles beneath a card")'
FEATS = 'feats "Winterburst", "Icicle", "Spellbook"\n'
BOOK = 'beneath "Spellbook": "Counterspell", "Wish", "Alter"\n'


def winterborn(beneath: str = BOOK, extra: str = '2 "Counterspell"\n2 "Wish"\n') -> str:
    """The bundled Winterborn deck (45 cards: Winterborn and Cryomancer) built, not a
    starter, with Spellbook for a trait: line 5 the feats, 6 the beneath line, its
    own cards from line 7, ``extra`` at the end (lines 31 on)."""
    text = (bundled_cards_dir() / "ivion" / "decks" / "winterborn.deck").read_text()
    text = text.replace("starter\n", "").replace('feats "Winterburst", "Icicle", "Fragments"\n',
                                                 FEATS + beneath)
    return text + extra


def errors(text: str) -> list[CardError]:
    return check_deck(compile_deck(text, "w.deck"), bundled_library("ivion"))


def where(err: CardError) -> tuple[int, int]:
    return err.line, err.col


def test_a_spellbook_deck_with_its_archmage_copies_is_good():
    """Up to two copies of each card beneath Spellbook, on top of the 45 and not a second
    specialization; none at all is good too."""
    assert errors(winterborn()) == []
    assert errors(winterborn(extra='2 "Counterspell"\n2 "Wish"\n2 "Alter"\n')) == []
    assert errors(winterborn(extra="")) == []


def test_the_static_says_what_the_pile_admits():
    """Data, not a special case on the name: Spellbook's script carries the static."""
    book = bundled_library("ivion").get("Spellbook")
    assert [ab.args for ab in book.abilities if getattr(ab, "rule", "") == "beneath_at_creation"] == [(3, "archmage", 2)]


def test_a_third_copy_is_refused_at_its_line():
    [err] = errors(winterborn(extra='3 "Counterspell"\n'))
    assert err.message == (f'3 copies of "Counterspell": a card beneath "Spellbook" may be in the '
                           f'deck at most 2 times {CITE}')
    assert where(err) == (31, 3)
    assert str(err).startswith("w.deck:31:3: ") and '3 "Counterspell"' in str(err) and "^" in str(err)


def test_two_or_four_cards_beneath_is_refused_at_the_line():
    [err] = errors(winterborn(beneath='beneath "Spellbook": "Counterspell", "Wish"\n'))
    assert err.message == (f'beneath "Spellbook" go exactly 3 different Archmage cards; this line '
                           f'names 2 {CITE}')
    assert where(err) == (6, 9)
    [err] = errors(winterborn(beneath=BOOK.replace('"Alter"', '"Alter", "Polymorph"')))
    assert "this line names 4" in err.message and where(err) == (6, 9)


def test_a_card_named_twice_beneath_is_refused_at_the_second():
    [err] = errors(winterborn(beneath=BOOK.replace('"Alter"', '"wish"')))
    assert err.message == f'"Wish" is named twice beneath "Spellbook": its 3 cards are all different {CITE}'
    assert where(err) == (6, 46)


def test_a_card_of_another_archetype_beneath_is_refused_at_its_name():
    [err] = errors(winterborn(beneath=BOOK.replace('"Alter"', '"Icebolt"')))
    assert err.message == (f'"Icebolt" is a Cryomancer card, not an Archmage card: only Archmage '
                           f'cards go beneath "Spellbook" {CITE}')
    assert where(err) == (6, 46)


def test_a_spellbook_without_a_beneath_line_is_told_to_add_one():
    [err] = errors(winterborn(beneath="", extra=""))
    assert err.message.startswith('"Spellbook" holds 3 different Archmage cards from character creation: '
                                  "add a line 'beneath \"Spellbook\": \"CARD\", ...'")
    assert err.message.endswith(CITE) and where(err) == (5, 32)


def test_an_archmage_card_not_beneath_spellbook_is_still_a_second_specialization():
    """Only the three named cards are let in; Polymorph makes Archmage the deck's own
    archetype, so every Archmage card counts as a specialization choice again."""
    found = errors(winterborn(extra='2 "Counterspell"\n1 "Polymorph"\n'))
    [err] = [e for e in found if "a second specialization" in e.message]
    assert err.message.startswith('"Counterspell" is an Archmage card, a second specialization '
                                  "(this hero's is Winterborn)")
    assert where(err) == (31, 3)
    assert any("this one has 48" in e.message for e in found)     # counted in the 45 again


def test_the_static_is_held_to_its_shape_as_the_card_compiles():
    text = 'card "T Book" {\n  trait  pips blue\n  static beneath_at_creation = 3, archmage\n}\n'
    with pytest.raises(CardError) as info:
        compile_source(text, "ivion", "book.ivion")
    assert "expected '= N, KIND, COPIES'" in str(info.value) and info.value.line == 3


def test_a_designers_feat_with_the_static_gets_the_same_checks():
    """Any feat may say it (here two Winterborn cards beneath, one copy each in a deck)."""
    lib = bundled_library("ivion").merged(CardLibrary(compile_source(
        'card "T Tome" {\n  trait  pips blue\n  static beneath_at_creation = 2, winterborn, 1\n}\n',
        "ivion", "tome.ivion")))
    text = ('deck "D" for ivion\nstarter\nfeats "Winterburst", "Icicle", "T Tome"\n'
            'beneath "T Tome": "Frostbite", "Counterspell"\n')
    [err] = check_deck(compile_deck(text, "d.deck"), lib)
    assert "not a Winterborn card: only Winterborn cards go beneath \"T Tome\"" in err.message
    assert where(err) == (4, 32)
