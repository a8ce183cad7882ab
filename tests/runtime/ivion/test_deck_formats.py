"""Deck formats: the ``format`` line, and Ivion's Paragon (IV-SETUP-10: 000 § Variant Rules >
Paragon) and Herocrafting (IV-SETUP-11: 000 § The Fox and the Forest Rules Reference >
Herocrafting > How It Works) deckbuilding rules, each problem's message and location."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.decks import check_deck, compile_deck, load_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library, compile_source
from cardsmith.runtime.core import get_game
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.ivion.deck_formats import FORMATS
from cardsmith.runtime.ivion.deck_rules import deck_problems as ivion_deck_problems
from tests.dsl import toygame
from tests.dsl.ivion_format_decks import DESIGNERS, PARAGON_DECK, line_of, skill_cards, write_paragon

PARAGON = "(IV-SETUP-10; 000 § Variant Rules > Paragon)"
HOW = "000 § The Fox and the Forest Rules Reference > Herocrafting > How It Works"


def hero(fmt: str, groups: list[tuple[str, int]], feats: dict[str, str]) -> tuple[CardLibrary, str]:
    """A library and an Ivion deck of format ``fmt``: line 1 the deck, 2 the format, 3 the
    feats (name -> header), then for each (archetype, count) cards "<archetype> <i>" 3 at
    a time, one line each."""
    cards, lines = skill_cards(groups)
    cards += [f'card "{name}" {{ {header} }}' for name, header in feats.items()]
    names = ", ".join(f'"{n}"' for n in feats)
    text = f'deck "D" for ivion\nformat {fmt}\nfeats {names}\n' + "\n".join(lines) + "\n"
    return CardLibrary(compile_source(DESIGNERS + "\n".join(cards), "ivion", "lib.ivion")), text


def problems(fmt: str, groups: list[tuple[str, int]], feats: dict[str, str],
             edit: tuple[str, str] = ("", "")) -> list[tuple[str, int, int]]:
    lib, text = hero(fmt, groups, feats)
    if edit[0]:
        text = text.replace(*edit)
    deck = compile_deck(text, "d.deck")
    return [(m, at.line, at.col) for m, at in ivion_deck_problems(deck, lib)]


THREE_ULTIMATES = {"U1": "ultimate steward hp 42", "U2": "ultimate jarl hp 36",
                   "U3": "ultimate winterborn hp 38"}
THREE_SPECS = [("steward", 15), ("jarl", 15), ("winterborn", 15)]


# ---- the format line ---------------------------------------------------------------------

def test_the_format_line_and_its_default() -> None:
    deck = compile_deck('deck "D" for ivion\nnote "x"\nformat paragon\n3 "A"\n', "d.deck")
    assert deck.format == "paragon"
    assert (deck.format_loc.line, deck.format_loc.col) == (3, 8)
    assert deck.as_options()["format"] == "paragon"
    plain = compile_deck('deck "D" for ivion\n3 "A"\n')
    assert plain.format == "standard" and "format" not in plain.as_options()


def test_a_second_format_line_is_refused_where_it_stands() -> None:
    with pytest.raises(CardError) as info:
        compile_deck('deck "D" for ivion\nformat paragon\n3 "A"\nformat herocrafting\n', "d.deck")
    err = info.value
    assert err.message == "a second 'format' line (the first is at line 2)"
    assert (err.line, err.col, err.hint) == (4, 1, "a deck is built for one format")


def test_an_unknown_format_is_reported_at_its_word_with_a_caret() -> None:
    lib = bundled_library("ivion")
    text = (bundled_cards_dir() / "ivion" / "decks" / "frostguard.deck").read_text()
    text = text.replace("format herocrafting", "format  herocrafing")
    [err] = check_deck(compile_deck(text, "f.deck", lib), lib)
    assert err.message == ("unknown ivion deck format 'herocrafing'; did you mean 'herocrafting'? "
                           "(known: standard, paragon, herocrafting, herocrafting_league)")
    assert (err.file, err.line, err.col) == ("f.deck", 2, 9)
    assert err.format().splitlines()[1:] == ["    format  herocrafing", "            ^"]


def test_another_games_decks_know_only_the_standard_format() -> None:
    toygame.install()           # tests/dsl's stand-in game (its conftest installs it there only)
    lib = CardLibrary(compile_source('card "A" { skill warrior  draw 1 card }', "toy", "t.toy"))
    deck = compile_deck('deck "D" for toy\nformat paragon\n1 "A"\n', "d.deck")
    [err] = check_deck(deck, lib)
    assert err.message == "unknown toy deck format 'paragon' (known: standard)"
    assert check_deck(compile_deck('deck "D" for toy\nformat standard\n1 "A"\n'), lib) == []


def test_the_formats_checked_are_the_formats_named() -> None:
    assert get_game("ivion").deck_formats == tuple(FORMATS)


# ---- Paragon ------------------------------------------------------------------------------

def test_a_paragon_hero_of_three_specializations_passes() -> None:
    """000 § Variant Rules > Paragon: three specializations, exactly 15 cards from each, each
    specialization's ultimate."""
    assert problems("paragon", THREE_SPECS, THREE_ULTIMATES) == []


def test_the_paragon_fixture_of_real_cards_passes(tmp_path: Path) -> None:
    lib = bundled_library("ivion")
    deck = load_deck(write_paragon(tmp_path), lib)
    assert deck.format == "paragon" and deck.size == 45
    assert check_deck(deck, lib) == []


def test_a_paragon_deck_checked_as_standard_breaks_the_standard_rules() -> None:
    """Without its format line the same deck is a standard deck (IV-SETUP-9)."""
    found = problems("standard", THREE_SPECS, THREE_ULTIMATES)
    assert ('"jarl 0" is a Jarl card, a second specialization (this hero\'s is Steward): the 15 '
            'specialization cards come from one specialization (IV-SETUP-9; 001 § Make Your Own Hero)', 9, 3) in found


def test_paragon_holds_no_class_card() -> None:
    found = problems("paragon", [("steward", 15), ("jarl", 15), ("warrior", 3), ("winterborn", 12)],
                     THREE_ULTIMATES)
    assert (f'"warrior 0" is a Warrior card, a class: a Paragon deck holds the cards of three '
            f'specializations and no class {PARAGON}', 14, 3) in found
    assert (f"a Paragon deck has exactly 15 cards from each specialization; this one has 12 from "
            f"Winterborn {PARAGON}", 15, 3) in found


def test_paragon_has_exactly_fifteen_cards_from_each_specialization() -> None:
    found = problems("paragon", [("steward", 18), ("jarl", 12), ("winterborn", 15)], THREE_ULTIMATES)
    assert found == [
        (f"a Paragon deck has exactly 15 cards from each specialization; this one has 18 from "
         f"Steward {PARAGON}", 4, 3),
        (f"a Paragon deck has exactly 15 cards from each specialization; this one has 12 from "
         f"Jarl {PARAGON}", 10, 3)]


def test_paragon_has_three_specializations_not_two_or_four() -> None:
    two = problems("paragon", [("steward", 30), ("jarl", 15)],
                   {"U1": "ultimate steward hp 42", "U2": "ultimate jarl hp 36",
                    "U3": "ultimate steward hp 40"})
    assert (f"a Paragon deck has the cards of three specializations; this one has 2 (Steward and "
            f"Jarl) {PARAGON}", 1, 1) in two
    assert (f'the ultimate "U3" is Steward\'s, like "U1": a Paragon hero has each '
            f'specialization\'s ultimate once {PARAGON}', 3, 19) in two
    four = problems("paragon", [("steward", 15), ("jarl", 15), ("winterborn", 12), ("ancient", 3)],
                    THREE_ULTIMATES)
    assert (f'"ancient 0" is an Ancient card, a fourth specialization (this hero\'s are Steward, '
            f'Jarl and Winterborn): a Paragon hero has three {PARAGON}', 18, 3) in four


def test_paragon_feats_are_the_three_ultimates_and_no_trait() -> None:
    feats = {"U1": "ultimate steward hp 42", "U2": "ultimate jarl hp 36", "T1": "trait pips gray"}
    assert problems("paragon", THREE_SPECS, feats) == [
        (f"a Paragon hero's feats are its three specializations' ultimates and no traits; this "
         f"deck has 2 ultimate(s) and 1 trait(s) {PARAGON}", 3, 7)]


def test_paragon_ultimates_come_from_its_specializations() -> None:
    feats = dict(THREE_ULTIMATES, U2="ultimate ancient hp 36")
    assert problems("paragon", THREE_SPECS, feats) == [
        (f'the ultimate "U2" is Ancient\'s; a Paragon hero\'s ultimates are its specializations\' '
         f'(Steward, Jarl and Winterborn) {PARAGON}', 3, 13)]


def test_paragon_size_and_copies_cite_their_sections() -> None:
    found = problems("paragon", THREE_SPECS, THREE_ULTIMATES, edit=('3 "steward 0"', '2 "steward 0"'))
    assert (f"a Paragon deck has 45 cards; this one has 44 {PARAGON}", 1, 1) in found
    found = problems("paragon", THREE_SPECS, THREE_ULTIMATES, edit=('3 "steward 0"', '4 "steward 0"'))
    assert ('4 copies of "steward 0": at most 3 copies of a card by name (IV-SETUP-10; 000 § The Fox '
            'and the Forest Rules Reference > Deck Customization > Build Your Deck)', 4, 3) in found


def test_the_paragon_fixture_with_a_class_card_reports_where_it_stands(tmp_path: Path) -> None:
    """The real-card fixture, read from its file, with Steward's Banner swapped for a Warrior card."""
    text = PARAGON_DECK.replace('3 "Steward\'s Banner"', '3 "Tenacity"')
    lib = bundled_library("ivion")
    path = write_paragon(tmp_path, text)
    cls, count = check_deck(load_deck(path, lib), lib)
    assert cls.message == (f'"Tenacity" is a Warrior card, a class: a Paragon deck holds the cards '
                           f'of three specializations and no class {PARAGON}')
    assert (cls.file, cls.line, cls.col) == (str(path), line_of(text, '3 "Tenacity"'), 3)
    assert cls.format().splitlines()[1:] == ['    3 "Tenacity"', "      ^"]
    assert count.message == (f"a Paragon deck has exactly 15 cards from each specialization; this "
                             f"one has 12 from Steward {PARAGON}")
    assert count.line == line_of(text, '3 "Hammer Strike"')


# ---- Herocrafting -----------------------------------------------------------------------

HC_FEATS = {"U": "ultimate winterborn hp 36", "T1": "trait pips gray", "T2": "trait pips blue"}


def hc(step: int) -> str:
    return f"(IV-SETUP-11; {HOW} {step})"


def test_a_herocrafting_hero_passes() -> None:
    """How It Works 1-4: two classes, a specialization sharing a colour, 15 cards from each,
    the specialization's ultimate and two traits of the classes' colours."""
    assert problems("herocrafting", [("warrior", 15), ("cryomancer", 15), ("winterborn", 15)],
                    HC_FEATS) == []


def test_the_bundled_herocrafting_deck_passes() -> None:
    lib = bundled_library("ivion")
    deck = load_deck(bundled_cards_dir() / "ivion" / "decks" / "frostguard.deck", lib)
    assert deck.format == "herocrafting" and not deck.starter
    assert check_deck(deck, lib) == []


def test_herocrafting_takes_fifteen_from_each_class_pick() -> None:
    """How It Works 3: 15 cards from each archetype; standard allows any split of 30."""
    groups = [("warrior", 18), ("cryomancer", 12), ("winterborn", 15)]
    assert problems("herocrafting", groups, HC_FEATS) == [
        (f"a Herocrafting deck has 15 cards from each class pick; this one has 18 from Warrior, "
         f"not 15 {hc(3)}", 4, 3),
        (f"a Herocrafting deck has 15 cards from each class pick; this one has 12 from Cryomancer, "
         f"not 15 {hc(3)}", 10, 3)]
    assert problems("standard", groups, HC_FEATS) == []


def test_one_class_picked_twice_gives_thirty_cards_and_double_copies() -> None:
    """How It Works 1: "You may pick the same class twice ... take two copies of each of the
    cards marked for Herocrafting instead of one"."""
    feats = {"U": "ultimate winterborn hp 36", "T1": "trait pips blue, blue", "T2": "trait pips blue"}
    six = ('3 "cryomancer 0"\n3 "cryomancer 1"', '6 "cryomancer 0"')
    assert problems("herocrafting", [("cryomancer", 30), ("winterborn", 15)], feats, edit=six) == []
    found = problems("herocrafting", [("cryomancer", 15), ("winterborn", 15), ("warrior", 15)],
                     feats)
    assert [m for m, _, _ in found if "class pick" in m] == [
        f"the trait \"T1\" needs 2 blue class picks; this hero's classes (Cryomancer and Warrior) "
        f"have 1: a Herocrafting hero's traits are found by its classes' colours {hc(3)}"]
    seven = ('3 "cryomancer 0"\n3 "cryomancer 1"', '7 "cryomancer 0"')
    found = problems("herocrafting", [("cryomancer", 30), ("winterborn", 15)], feats, edit=seven)
    assert (f'7 copies of "cryomancer 0": at most 6 copies of a card by name here (2 picks of its '
            f'class) (IV-SETUP-11; {HOW} 1; 000 § The Fox and the Forest Rules Reference > Using '
            f'This Box)', 4, 3) in found
    # one class alone is that class picked twice: 30 of its cards, not 15
    alone = problems("herocrafting", [("cryomancer", 15), ("winterborn", 15)], feats)
    assert (f"a Herocrafting deck has 15 cards from each class pick; this one has 15 from "
            f"Cryomancer (picked twice), not 30 {hc(3)}", 4, 3) in alone


def test_herocrafting_copies_of_a_class_picked_once_stay_at_three() -> None:
    found = problems("herocrafting", [("warrior", 15), ("cryomancer", 15), ("winterborn", 15)],
                     HC_FEATS, edit=('3 "warrior 0"', '4 "warrior 0"'))
    assert (f'4 copies of "warrior 0": at most 3 copies of a card by name (IV-SETUP-11; {HOW} 1; '
            f'000 § The Fox and the Forest Rules Reference > Using This Box)', 4, 3) in found


def test_herocrafting_has_two_classes_and_one_specialization() -> None:
    found = problems("herocrafting", [("warrior", 15), ("cryomancer", 12), ("witch", 3),
                                      ("winterborn", 12), ("jarl", 3)], HC_FEATS)
    assert ('"witch 0" is a Witch card, a third class (this hero\'s are Warrior and Cryomancer): '
            f'a Herocrafting hero picks two classes {hc(1)}', 13, 3) in found
    assert ('"jarl 0" is a Jarl card, a second specialization (this hero\'s is Winterborn): a '
            f'Herocrafting hero has one {hc(2)}', 18, 3) in found


def test_herocrafting_specialization_shares_a_colour_and_gives_the_ultimate() -> None:
    feats = {"U": "ultimate jarl hp 36", "T1": "trait pips gray", "T2": "trait pips blue"}
    found = problems("herocrafting", [("warrior", 15), ("cryomancer", 15), ("ancient", 15)], feats)
    assert found == [
        (f"the specialization Ancient (red) shares no colour with the classes Warrior and "
         f"Cryomancer; it must share one {hc(2)}", 14, 3),
        (f"the ultimate \"U\" is Jarl's; a Herocrafting hero's ultimate is its specialization's, "
         f"Ancient's {hc(4)}", 3, 7)]


def test_herocrafting_traits_come_from_the_classes_colours_alone() -> None:
    """How It Works 3: traits "based on the color of your two class choices"; in the standard
    format the specialization's colours count too (IV-SETUP-9)."""
    groups = [("cryomancer", 15), ("giant", 15), ("jarl", 15)]
    feats = {"U": "ultimate jarl hp 36", "T1": "trait pips gray", "T2": "trait pips red"}
    assert problems("standard", groups, feats) == []
    assert problems("herocrafting", groups, feats) == [
        (f"the trait \"T1\" needs 1 gray class pick; this hero's classes (Cryomancer and Giant) "
         f"have 0: a Herocrafting hero's traits are found by its classes' colours {hc(3)}", 3, 12)]


def test_herocrafting_feats_and_size_cite_their_section() -> None:
    feats = {"U": "ultimate winterborn hp 36", "T1": "trait pips gray"}
    found = problems("herocrafting", [("warrior", 15), ("cryomancer", 15), ("winterborn", 14)], feats)
    assert (f"a Herocrafting deck has 45 cards; this one has 44 (IV-SETUP-11; {HOW})", 1, 1) in found
    assert (f"a Herocrafting hero's feats are one ultimate and two traits; this deck has 1 "
            f"ultimate(s) and 1 trait(s) (IV-SETUP-11; {HOW})", 3, 7) in found


def test_an_unknown_archetype_keeps_the_checks_it_could_change_quiet() -> None:
    """As in the standard format (docs/ivion/choices.md, "Deckbuilding"): a designer's
    archetype may be the missing pick, so totals are not checked while the deck holds one."""
    assert problems("paragon", [("steward", 15), ("jarl", 15), ("mystic", 15)],
                    dict(THREE_ULTIMATES, U3="ultimate mystic hp 30")) == []
    assert problems("herocrafting", [("warrior", 15), ("mystic", 15), ("winterborn", 15)],
                    HC_FEATS) == []


@pytest.mark.parametrize("line", ["format Paragon", "format", 'format "paragon"'])
def test_a_malformed_format_line_is_a_located_syntax_error(line: str) -> None:
    with pytest.raises(CardError) as info:
        compile_deck(f'deck "D" for ivion\n{line}\n3 "A"\n', "d.deck")
    err = info.value
    assert "expected a format name (a lower-case word)" in err.message
    assert err.line in (2, 3) and err.col >= 1


def test_every_standard_problem_cites_iv_setup_9() -> None:
    """A standard deck's messages cite IV-SETUP-9 and their section, as Paragon's cite
    IV-SETUP-10 (001 § Make Your Own Hero; 000 Fox > Deck Customization > Build Your Deck
    for the copies): wrong size, a fourth copy, no ultimate, a third class, a second
    specialization, a trait whose pips the hero doesn't meet."""
    lib, text = hero("standard", [("warrior", 15), ("knight", 15), ("steward", 15), ("jarl", 3)],
                     {"U1": "ultimate jarl hp 36", "T1": "trait pips green"})
    text = text.replace("format standard\n", "").replace('3 "warrior 0"', '4 "warrior 0"')
    found = [m for m, _ in ivion_deck_problems(compile_deck(text, "d.deck"), lib)]
    assert len(found) >= 5
    for message in found:
        assert ("(IV-SETUP-9; 001 § Make Your Own Hero)" in message
                or "(IV-SETUP-9; 000 § The Fox and the Forest Rules Reference > Deck Customization > "
                   "Build Your Deck)" in message), message
    assert FORMATS["standard"].rule == "IV-SETUP-9"
