"""The bundled sample decks (issue 19, "Deckbuilding"): every specialization whose cards are
scripted enough has a bundled deck that is legal by 001 § Make Your Own Hero (000 § The Fox
and the Forest Rules Reference > Deck Customization > Making Your Hero), and plays; every
other one has the reasons it can't (``runtime/ivion/sample_decks.py``)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from cardsmith.dsl.decks import check_deck, compile_deck, load_deck
from cardsmith.dsl.loader import bundled_library
from cardsmith.play import main as play_main
from cardsmith.runtime.core import get_game
from cardsmith.runtime.ivion import sample_decks
from cardsmith.runtime.ivion.deck_archetypes import archetype_kind, tally
from cardsmith.runtime.ivion.deck_rules import deck_problems
from cardsmith.runtime.ivion.printed import printed_cards

LIB = bundled_library("ivion")
FOUND = sample_decks.samples(LIB, [c.name for c in printed_cards()])
BUNDLED = get_game("ivion").bundled_decks()
REGENERATE = "run `python -m cardsmith.runtime.ivion.sample_decks` to write it"


def hero_spec(name: str) -> str:
    """The specialization most of a bundled deck's cards come from ('' for none)."""
    deck = load_deck(BUNDLED[name], LIB)
    _, count, _ = tally(deck, LIB)
    specs = [k for k in count if archetype_kind(k) == "specialization"]
    return max(specs, key=lambda k: count[k]).replace(" ", "_") if specs else ""


def test_every_specialization_is_either_sampled_or_told_why_not() -> None:
    assert len(FOUND) == 24                                     # 000 § Archetypes: the data's 24
    for s in FOUND:
        assert (s.deck is None) == bool(s.why), s.spec
    assert {s.spec for s in FOUND if s.deck} >= {"steward", "winterborn", "fletcher", "archmage"}


@pytest.mark.parametrize("sample", [s for s in FOUND if s.deck], ids=lambda s: s.spec)
def test_a_buildable_specialization_has_a_legal_bundled_deck(sample: sample_decks.Sample) -> None:
    assert sample.spec in BUNDLED, f"no bundled deck for {sample.title}: {REGENERATE}"
    assert hero_spec(sample.spec) == sample.spec
    deck = load_deck(BUNDLED[sample.spec], LIB)
    constructed = replace(deck, starter=False)        # a starter deck meets the constructed rules too
    assert check_deck(deck, LIB) == [] and deck_problems(constructed, LIB) == []
    assert deck.size == 45 and len(deck.feats) == 3 and all(n <= 3 for n, _ in deck.cards)


def test_the_written_deck_is_the_sample_and_reads_back() -> None:
    fletcher = next(s for s in FOUND if s.spec == "fletcher")
    assert fletcher.deck is not None
    text = sample_decks.deck_text(fletcher.deck)
    assert text.splitlines()[1] == f'note "{sample_decks.GENERATED}"'
    deck = compile_deck(text, "fletcher.deck", LIB)
    assert check_deck(deck, LIB) == []
    assert dict(deck.piles)["feathers"] and dict(deck.piles)["arrowheads"]     # Fletch's piles


def test_a_specialization_without_its_ultimate_or_cards_says_so() -> None:
    """A spec is 10 skill cards and an ultimate (000 § The Fox and the Forest Rules Reference >
    Ultimates): an empty library gives every reason at once."""
    from cardsmith.runtime.core.cards import CardLibrary
    s = sample_decks.build("wilder", CardLibrary(), [])
    assert s.deck is None and s.why == (
        "its ultimate is not scripted",
        "scripted skill cards: 0 of its 10 (15 cards need 5 different ones)",
        "no class sharing a colour with it (green) has enough scripted cards for 30 class cards, "
        "alone or with another class")


@pytest.mark.parametrize("name", sorted(s.spec for s in FOUND if s.deck and s.spec in BUNDLED
                                        and sample_decks.is_generated(BUNDLED[s.spec])))
def test_a_generated_sample_plays_a_whole_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    import io
    out, err = io.StringIO(), io.StringIO()
    assert play_main(["--decks", name, "winterborn", "--seed", "2"], out, err) == 0, err.getvalue()
    assert "winner:" in out.getvalue()


def test_the_paragon_sample_is_three_specializations_and_starts_at_the_highest_hp() -> None:
    """000 § Variant Rules > Paragon: 15 cards from each of three specializations, their
    three ultimates as feats, and the highest maximum HP among them (Shield Slam's 42)."""
    import io
    deck = load_deck(BUNDLED["paragon"], LIB)
    assert deck.format == "paragon" and check_deck(deck, LIB) == []
    _, count, _ = tally(deck, LIB)
    assert sorted(count.values()) == [15, 15, 15] and all(archetype_kind(k) == "specialization" for k in count)
    assert [LIB.get(f).header.kind for f in deck.feats] == ["ultimate"] * 3
    built = sample_decks.paragon(LIB, [c.name for c in printed_cards()])
    assert built is not None and check_deck(compile_deck(sample_decks.deck_text(built), "p.deck", LIB), LIB) == []
    out, err = io.StringIO(), io.StringIO()
    assert play_main(["--decks", "paragon", "fletcher", "--seed", "4"], out, err) == 0, err.getvalue()
    high = max(LIB.get(f).header.hp for f in deck.feats)
    assert f"alice starts at {high} HP" in out.getvalue() and high == 42
