"""The Herocrafting icon (IV-SETUP-11: 000 § The Fox and the Forest Rules Reference >
Herocrafting > How It Works 1 and 3): "In each of your three chosen archetypes, 15 cards
will bear the Herocrafting icon"; a class picked twice takes "two copies of each of the
cards marked for Herocrafting instead of one"; the traits are "Herocrafting-marked" ones
(001 § Herocrafting > How It Works 3).  The printed data carries no icon, so a script says
how many of a card's copies bear it (``herocrafting N``); an archetype none of whose cards
says so is not held to it."""
from __future__ import annotations

import pytest

from cardsmith.dsl.decks import compile_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.ivion.deck_rules import deck_problems

HOW = "000 § The Fox and the Forest Rules Reference > Herocrafting > How It Works"


def library(mark_traits: bool = False) -> CardLibrary:
    """Warrior: five cards of 3 marked copies (15) and one unmarked; Cryomancer and
    Winterborn unmarked; an ultimate and three traits (one unmarked when traits are)."""
    cards = [f'card "W{i}" {{ skill warrior  herocrafting 3 }}' for i in range(5)]
    cards.append('card "W Plain" { skill warrior }')
    cards += [f'card "C{i}" {{ skill cryomancer }}' for i in range(5)]
    cards += [f'card "B{i}" {{ skill winterborn }}' for i in range(5)]
    cards += [f'card "S{i}" {{ skill steward }}' for i in range(5)]
    cards += ['card "US" { ultimate steward hp 42 }', 'card "T4" { trait pips gray }']
    mark = "  herocrafting 1" if mark_traits else ""
    cards += ['card "U" { ultimate winterborn hp 36 }', f'card "T1" {{ trait pips gray{mark} }}',
              f'card "T2" {{ trait pips blue{mark} }}', 'card "T3" { trait pips blue }']
    return CardLibrary(compile_source("\n".join(cards), "ivion", "lib.ivion"))


def problems(lines: list[str], feats: str = '"U", "T1", "T2"', lib: CardLibrary | None = None) -> list[tuple[str, int]]:
    text = f'deck "D" for ivion\nformat herocrafting\nfeats {feats}\n' + "\n".join(lines) + "\n"
    return [(m, at.line) for m, at in deck_problems(compile_deck(text, "d.deck"), lib or library())]


OTHERS = [f'3 "C{i}"' for i in range(5)] + [f'3 "B{i}"' for i in range(5)]


def test_the_marked_cards_make_the_deck() -> None:
    assert problems([f'3 "W{i}"' for i in range(5)] + OTHERS) == []


def test_an_unmarked_card_of_a_marked_archetype_is_refused_and_the_marked_one_missed() -> None:
    got = problems([f'3 "W{i}"' for i in range(4)] + ['3 "W Plain"'] + OTHERS)
    assert got == [
        (f"\"W Plain\" bears no Herocrafting icon: a Herocrafting deck takes Warrior's marked cards "
         f"(IV-SETUP-11; {HOW} 3)", 8),
        (f"\"W4\" is missing: 3 of its copies bear the Herocrafting icon, and a Herocrafting deck "
         f"takes each marked card of Warrior (IV-SETUP-11; {HOW} 3)", 4)]


def test_a_class_picked_twice_takes_two_copies_of_each_marked_card() -> None:
    """How It Works 1: one class picked twice (30 of its cards) takes its marked copies twice."""
    steward = [f'3 "S{i}"' for i in range(5)]
    feats = '"US", "T1", "T4"'
    assert problems([f'6 "W{i}"' for i in range(5)] + steward, feats) == []
    got = problems(['3 "W0"'] + [f'6 "W{i}"' for i in range(1, 5)] + ['3 "W Plain"'] + steward, feats)
    assert (f'3 copies of "W0": 3 of its copies bear the Herocrafting icon (Warrior picked twice: 6) '
            f"(IV-SETUP-11; {HOW} 1, 3)", 4) in got


def test_marked_traits_must_be_taken_when_traits_are_marked() -> None:
    lib = library(mark_traits=True)
    lines = [f'3 "W{i}"' for i in range(5)] + OTHERS
    assert problems(lines, lib=lib) == []
    assert problems(lines, '"U", "T1", "T3"', lib) == [
        (f"the trait \"T3\" bears no Herocrafting icon: a Herocrafting hero's traits are marked ones "
         f"(IV-SETUP-11; {HOW} 3)", 3)]


def test_other_formats_ignore_the_icon() -> None:
    """Make Your Own Hero picks any cards of the archetypes (001 § Make Your Own Hero 4), and a
    League deck swaps cards within an archetype: neither reads the icon."""
    lines = [f'3 "W{i}"' for i in range(4)] + ['3 "W Plain"'] + OTHERS
    for fmt in ("standard", "herocrafting_league"):
        text = f'deck "D" for ivion\nformat {fmt}\nfeats "U", "T1", "T2"\n' + "\n".join(lines) + "\n"
        assert deck_problems(compile_deck(text, "d.deck"), library()) == []


@pytest.mark.parametrize("header, message", [
    ("skill warrior  herocrafting 4", "herocrafting 4 is impossible (1..3 of a card's printed copies)"),
    ("ultimate warrior hp 30  herocrafting 1", "only a skill card or a trait can say 'herocrafting N' (the Herocrafting icon)"),
])
def test_a_bad_mark_is_refused_where_it_stands(header: str, message: str) -> None:
    with pytest.raises(CardError) as info:
        compile_source(f'card "X" {{\n  {header}\n}}\n', "ivion", "x.ivion")
    assert message in info.value.message and info.value.line == 2
