"""A deck naming a printed card that has no script yet: the card is reported as such at its
line, and the deck rules (001 § Make Your Own Hero; 000 § The Fox and the Forest Rules
Reference > Deck Customization > Making Your Hero) are still checked, the card placed by its
printed data (archetype, kind, pips), so every violation is listed at once."""
from __future__ import annotations

from pathlib import Path

from cardsmith.dsl.decks import check_deck, load_and_check
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library

STEWARD = (bundled_cards_dir() / "ivion" / "decks" / "steward.deck").read_text().replace("\nstarter\n", "\n")


def problems(tmp_path: Path, *edits: tuple[str, str]) -> list[tuple[int, str]]:
    text = STEWARD
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "d.deck"
    path.write_text(text)
    deck, errors = load_and_check(path, bundled_library)
    assert deck is None or errors == check_deck(deck, bundled_library("ivion"))
    return [(e.line, e.message) for e in errors]


def line(text: str) -> int:
    return STEWARD.splitlines().index(text) + 1


def test_the_constructed_steward_deck_is_legal(tmp_path: Path) -> None:
    assert problems(tmp_path) == []


def test_an_unscripted_class_card_is_reported_as_such_and_placed_by_its_printed_archetype(tmp_path: Path) -> None:
    """Humble is a printed Knight card (a class: white): with Warrior it makes the
    hero's two classes, so the 30 class cards still add up and nothing else is wrong."""
    assert problems(tmp_path, ('3 "Crush"', '3 "Humble"')) == [
        (line('3 "Crush"'), '"Humble" is a printed card (S1, Knight) with no script (not scripted '
                            "yet): the deck rules are checked with its printed data, but a deck "
                            "holding it can't be played")]


def test_an_unscripted_specialization_card_breaks_the_one_specialization_rule(tmp_path: Path) -> None:
    """Make Your Own Hero: one specialization (15 cards). Wild Growth is Wilder's: a second
    specialization, reported at its line beside the 15-card total it leaves short."""
    got = problems(tmp_path, ('3 "Hammer Strike"', '3 "Wild Growth"'))
    at = line('3 "Hammer Strike"')
    assert (at, '"Wild Growth" is a printed card (S2, Wilder) with no script (not scripted yet): the deck '
                "rules are checked with its printed data, but a deck holding it can't be played") in got
    assert (at, '"Wild Growth" is a Wilder card, a second specialization (this hero\'s is Steward): the 15 '
                "specialization cards come from one specialization (IV-SETUP-9; 001 § Make Your Own Hero)") in got
    assert (1, "an Ivion deck has 15 cards from its specialization; this one has 12 from Steward "
               "(IV-SETUP-9; 001 § Make Your Own Hero)") in got
    assert len(got) == 3


def test_a_card_printed_without_rules_text_gives_that_reason(tmp_path: Path) -> None:
    """Fight with Honor (Warrior) prints no rules text: nothing to script, and it says so."""
    [(at, msg)] = problems(tmp_path, ('2 "Goad"', '2 "Fight with Honor"'))
    assert at == line('2 "Goad"')
    assert msg.startswith('"Fight with Honor" is a printed card (S2, Warrior) with no script (its '
                          "printed data has no rules text to script)")


def test_every_violation_is_listed_with_an_unscripted_card_among_them(tmp_path: Path) -> None:
    """Size (45), copies (at most 3 by name), the 30 class cards and a trait's pips (Icicle
    is blue: none of Warrior, Knight and Steward is) are all reported, in line order."""
    got = problems(tmp_path, ('3 "Crush"', '3 "Humble"'), ('2 "Duck"', '4 "Duck"'),
                   ('"Resilience"', '"Icicle"'))
    assert [at for at, _ in got] == sorted(at for at, _ in got)
    assert [m.split(":")[0].split(";")[0] for _, m in got] == [
        "an Ivion deck has 45 cards", "an Ivion deck has 30 class cards",
        'the trait "Icicle" needs 1 blue archetype', '"Humble" is a printed card (S1, Knight) with no script (not scripted yet)',
        '4 copies of "Duck"']


def test_a_name_nobody_printed_still_stops_the_rules(tmp_path: Path) -> None:
    """A name neither scripted nor printed can't be placed: it is reported (with the closest
    name) and the archetype rules wait for it, as before."""
    got = problems(tmp_path, ('3 "Crush"', '3 "Crrush"'), ('3 "Tenacity"', '3 "Humble"'))
    assert [at for at, _ in got] == [line('3 "Tenacity"'), line('3 "Crush"')]
    assert got[1][1].startswith('unknown card "Crrush"')
