"""Ivion deckbuilding, IV-SETUP-9: the class/specialization split, the ultimate, the traits'
colour pips, and starter decks (001 § Make Your Own Hero; 000 § The Fox and the Forest
Rules Reference > Deck Customization > Pick Any Two Classes / Pick One Specialization /
Pick Two Traits / Build Your Deck, Making Your Hero 1-4; 001 § Learn to Play > Setup)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.decks import check_deck, compile_deck, load_deck
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library, compile_source
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.ivion.deck_archetypes import CLASSES, SPECIALIZATIONS
from cardsmith.runtime.ivion.deck_rules import deck_problems as ivion_deck_problems
from tests.dsl.ivion_format_decks import DESIGNERS, skill_cards


def hero(groups: list[tuple[str, int]], ultimate: str = "steward",
         traits: tuple[str, str] = ("gray", "gray"), head: str = "") -> tuple[CardLibrary, str]:
    """An Ivion library and deck text: for each (archetype, count), cards named
    "<archetype> <i>" taken 3 at a time, one deck line each from line 3 on; the ultimate
    "Ult" of ``ultimate``; traits "T1", "T2" with the pips given (comma-separated)."""
    cards, lines = skill_cards(groups)
    cards.append(f'card "Ult" {{ ultimate {ultimate} hp 30 }}')
    cards += [f'card "T{i}" {{ trait {"pips " + p if p else ""} }}' for i, p in enumerate(traits, 1)]
    text = f'deck "D" for ivion\n{head}feats "Ult", "T1", "T2"\n' + "\n".join(lines) + "\n"
    return CardLibrary(compile_source(DESIGNERS + "\n".join(cards), "ivion", "lib.ivion")), text


def problems(groups: list[tuple[str, int]], **kw: object) -> list[tuple[str, int, int]]:
    lib, text = hero(groups, **kw)  # type: ignore[arg-type]
    return [(m, at.line, at.col) for m, at in ivion_deck_problems(compile_deck(text, "d.deck"), lib)]


def test_the_archetype_table_is_the_printed_one() -> None:
    """000 § The Fox and the Forest Rules Reference > Archetypes: 12 classes and 24
    specializations in the data; 000 § Archetypes: Steward is gray, Avatar white and blue."""
    assert len(CLASSES) == 12 and len(SPECIALIZATIONS) == 24
    assert not set(CLASSES) & set(SPECIALIZATIONS)
    assert SPECIALIZATIONS["steward"] == ("gray",) and SPECIALIZATIONS["avatar"] == ("white", "blue")


@pytest.mark.parametrize("groups", [
    [("warrior", 30), ("steward", 15)],                       # one class
    [("warrior", 15), ("cryomancer", 15), ("steward", 15)],   # two classes, one shares gray
])
def test_a_constructed_hero_passes(groups: list[tuple[str, int]]) -> None:
    """000 Fox § Pick Any Two Classes: "You can also pick just one"."""
    assert problems(groups) == []


def test_thirty_class_and_fifteen_specialization_cards() -> None:
    """000 Fox § Build Your Deck: 30 cards from your classes and 15 from your specialization."""
    assert problems([("warrior", 27), ("steward", 18)]) == [
        ("an Ivion deck has 30 class cards; this one has 27 (Warrior) (IV-SETUP-9; 001 § Make Your Own Hero)", 1, 1),
        ("an Ivion deck has 15 cards from its specialization; this one has 18 from Steward "
         "(IV-SETUP-9; 001 § Make Your Own Hero)", 1, 1)]


def test_a_third_class_is_named_at_its_first_line() -> None:
    """001 § Make Your Own Hero: one or two classes (30 class cards total)."""
    found = problems([("warrior", 12), ("cryomancer", 9), ("witch", 9), ("steward", 15)])
    assert found == [('"witch 0" is a Witch card, a third class (this hero\'s are Warrior and '
                      'Cryomancer): the 30 class cards come from one or two classes (IV-SETUP-9; 001 § Make Your Own Hero)', 10, 3)]


def test_a_second_specialization_is_named_at_its_first_line() -> None:
    """001 § Make Your Own Hero: one specialization (15 specialization cards)."""
    found = problems([("warrior", 30), ("steward", 12), ("jarl", 3)])
    assert ('"jarl 0" is a Jarl card, a second specialization (this hero\'s is Steward): the 15 '
            'specialization cards come from one specialization (IV-SETUP-9; 001 § Make Your Own Hero)', 17, 3) in found
    assert ("an Ivion deck has 15 cards from its specialization; this one has 12 from Steward "
            "(IV-SETUP-9; 001 § Make Your Own Hero)", 1, 1) in found


def test_the_ultimate_comes_from_the_specialization() -> None:
    """000 Fox § Build Your Deck: the ultimate is a feat only available to that
    specialization; 001 § Make Your Own Hero: one ultimate (from your specialization)."""
    assert problems([("warrior", 30), ("steward", 15)], ultimate="jarl") == [
        ('the ultimate "Ult" is Jarl\'s; a hero\'s ultimate comes from its specialization, '
         'Steward (IV-SETUP-9; 001 § Make Your Own Hero)', 2, 7)]


def test_the_specialization_shares_a_colour_with_a_class() -> None:
    """000 Fox § Pick One Specialization: it must share a color with one of your classes."""
    found = problems([("cryomancer", 30), ("steward", 15)], traits=("", ""))
    assert found == [("the specialization Steward (gray) shares no colour with the classes "
                      "Cryomancer (blue); it must share one (IV-SETUP-9; 001 § Make Your Own Hero)", 13, 3)]


def test_trait_pips_count_archetypes() -> None:
    """001 § Make Your Own Hero 3: for each required color one of your archetypes must be
    that color; two pips of one color need two archetypes of that color."""
    # Warrior and Steward are both gray: a gray-gray trait is met
    assert problems([("warrior", 30), ("steward", 15)], traits=("gray, gray", "gray")) == []
    # Cryomancer (blue) and Jarl (red, gray): one gray archetype, not two
    found = problems([("cryomancer", 15), ("giant", 15), ("jarl", 15)], ultimate="jarl",
                     traits=("gray, gray", "blue"))
    assert found == [('the trait "T1" needs 2 gray archetypes; this hero (Cryomancer, Giant and '
                      'Jarl) has 1 (IV-SETUP-9; 001 § Make Your Own Hero)', 2, 14)]


def test_a_two_coloured_specialization_meets_two_different_pips() -> None:
    """000 Fox § Making Your Hero 3: a matching, multicolored specialization can satisfy
    both color requirements (Shift: a green and a gray archetype, or one that is both)."""
    assert problems([("giant", 30), ("jarl", 15)], ultimate="jarl", traits=("red, gray", "red")) == []
    found = problems([("giant", 30), ("jarl", 15)], ultimate="jarl", traits=("green, gray", "red"))
    assert [m for m, _, _ in found] == [
        'the trait "T1" needs 1 green archetype; this hero (Giant and Jarl) has 0 (IV-SETUP-9; 001 § Make Your Own Hero)']


def test_an_unknown_archetype_says_nothing() -> None:
    """A designer's archetype, or a card with none, can't be placed: the split, colour and
    trait checks that card could change are skipped (docs/ivion/choices.md)."""
    assert problems([("warrior", 15), ("mystic", 15), ("steward", 15)], traits=("blue", "red")) == []
    # what the unknown cards can't change is still checked
    found = problems([("warrior", 9), ("cryomancer", 9), ("witch", 12), ("mystic", 3), ("steward", 12)])
    assert len(found) == 1 and "a third class (this hero's are Warrior and Cryomancer)" in found[0][0]


def test_a_starter_deck_is_held_to_copies_and_feats_only() -> None:
    """001 § Learn to Play > Setup (c): a starter deck shuffles its remaining 40 cards."""
    lib, text = hero([("warrior", 25), ("steward", 15)], ultimate="jarl", traits=("blue", "red"),
                     head="starter\n")
    deck = compile_deck(text, "d.deck")
    assert deck.starter and ivion_deck_problems(deck, lib) == []
    lib, text = hero([("warrior", 25), ("steward", 15)], head="starter\n")
    text = text.replace('3 "warrior 0"', '4 "warrior 0"')
    [(msg, at)] = ivion_deck_problems(compile_deck(text, "d.deck"), lib)
    assert msg.startswith("4 copies of") and at.line == 4
    assert not compile_deck(text.replace("starter\n", ""), "d.deck").starter


@pytest.mark.parametrize("path", [bundled_cards_dir() / "ivion" / "decks" / f"{name}.deck"
                                  for name in ("steward", "winterborn")])
def test_bundled_decks_are_starters_that_also_meet_the_constructed_rules(path: Path) -> None:
    """The rulebook's sample decks (000 § Deckbuilding) say `starter`; with their stand-ins
    they also meet IV-SETUP-9 when checked as constructed decks."""
    lib = bundled_library("ivion")
    deck = load_deck(path, lib)
    assert deck.starter and check_deck(deck, lib) == []
    text = path.read_text().replace("\nstarter\n", "\n")
    assert check_deck(compile_deck(text, str(path), lib), lib) == []
