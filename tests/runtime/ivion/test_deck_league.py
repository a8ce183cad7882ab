"""The Herocrafting League deck format (IV-SETUP-12: 000 § The Fox and the Forest Rules
Reference > Variant Game Modes > Herocrafting League): a Herocrafting deck ("creates a deck
using the rules for Herocrafting") whose cards are swapped for others of the same
archetype, and whose traits the hero's archetypes qualify for (a feat may be replaced once a
class is unlocked; Deck Customization > Making Your Hero 3 says what qualifying is)."""
from __future__ import annotations

from cardsmith.dsl.decks import check_deck, compile_deck
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library
from tests.runtime.ivion.test_deck_formats import HC_FEATS, problems

FOX = "000 § The Fox and the Forest Rules Reference"
LEAGUE = f"IV-SETUP-12; {FOX} > Herocrafting > How It Works"


def test_a_league_deck_keeps_the_herocrafting_counts() -> None:
    """Swaps stay inside an archetype, so each class pick and the specialization still give
    15 cards; an 18/12 split of the classes is no League deck (it is a standard one)."""
    good = [("warrior", 15), ("cryomancer", 15), ("winterborn", 15)]
    assert problems("herocrafting_league", good, HC_FEATS) == []
    found = problems("herocrafting_league", [("warrior", 18), ("cryomancer", 12), ("winterborn", 15)], HC_FEATS)
    assert found == [(f"a Herocrafting League deck has 15 cards from each class pick; this one has "
                      f"{n} from {pick}, not 15 ({LEAGUE} 3)", line, 3)
                     for n, pick, line in ((18, "Warrior", 4), (12, "Cryomancer", 10))]


def test_a_league_trait_may_be_met_by_the_specialization() -> None:
    """A replaced feat need not come from the classes' colours: Jarl (red, gray) meets the
    gray trait that Cryomancer and Giant can't, as in Make Your Own Hero; Herocrafting's own
    step 3 refuses it."""
    groups = [("cryomancer", 15), ("giant", 15), ("jarl", 15)]
    feats = {"U": "ultimate jarl hp 36", "T1": "trait pips gray", "T2": "trait pips red"}
    assert problems("herocrafting_league", groups, feats) == []
    assert [m for m, _, _ in problems("herocrafting", groups, feats)] == [
        "the trait \"T1\" needs 1 gray class pick; this hero's classes (Cryomancer and Giant) have 0: a "
        f"Herocrafting hero's traits are found by its classes' colours (IV-SETUP-11; {FOX} > "
        "Herocrafting > How It Works 3)"]
    feats["T2"] = "trait pips green"
    assert problems("herocrafting_league", groups, feats) == [
        ("the trait \"T2\" needs 1 green archetype; this hero (Cryomancer, Giant and Jarl) has 0 "
         f"(IV-SETUP-12; {FOX} > Deck Customization > Making Your Hero 3)", 3, 18)]


def test_a_league_ultimate_stays_the_specializations_and_copies_stay_three_a_pick() -> None:
    feats = dict(HC_FEATS, U="ultimate jarl hp 36")
    found = problems("herocrafting_league", [("warrior", 15), ("cryomancer", 15), ("winterborn", 15)],
                     feats, edit=('3 "warrior 0"', '4 "warrior 0"'))
    assert [m.split(";")[0] for m, _, _ in found] == [     # every violation, each once
        "a Herocrafting League deck has 45 cards",
        '4 copies of "warrior 0": at most 3 copies of a card by name (IV-SETUP-12',
        "a Herocrafting League deck has 15 cards from each class pick",
        "the ultimate \"U\" is Jarl's"]


def test_the_bundled_herocrafting_deck_is_a_league_deck_too() -> None:
    """The League starts from a Herocrafting deck: Frostguard checks as one."""
    lib = bundled_library("ivion")
    text = (bundled_cards_dir() / "ivion" / "decks" / "frostguard.deck").read_text()
    deck = compile_deck(text.replace("format herocrafting", "format herocrafting_league"), "f.deck", lib)
    assert deck.format == "herocrafting_league" and check_deck(deck, lib) == []
