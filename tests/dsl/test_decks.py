"""Deck files: parsing, numbers, repeats, names checked against a library, game rules."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.decks import DeckDef, check_deck, compile_deck, deck_files, load_deck, resolve_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core import get_game
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import Loc
from cardsmith.runtime.ivion.deck_rules import deck_problems as ivion_deck_problems

STEWARD = '''deck "Steward" for toy
note "Hold is not in the printed data: Resilience stands in for it"
feats "Shield Slam", "Strike", "Resilience"
3 "Hammer Strike"   # the signature card
2 "Crushing Weight"
'''


def library(extra: str = "") -> CardLibrary:
    src = '''
card "Hammer Strike" { skill steward  deal 2 damage to target enemy }
card "Crushing Weight" { skill steward  draw 1 card }
card "Shield Slam" { ultimate steward hp 30 }
card "Strike" { trait }
card "Resilience" { trait }
''' + extra
    return CardLibrary(compile_source(src, "toy", "lib.toy"))


def test_compiles_to_a_frozen_deckdef() -> None:
    deck = compile_deck(STEWARD, "s.deck")
    assert deck == DeckDef("Steward", "toy", ((3, "Hammer Strike"), (2, "Crushing Weight")),
                           ("Shield Slam", "Strike", "Resilience"),
                           ("Hold is not in the printed data: Resilience stands in for it",))
    assert deck.size == 5
    assert deck.card_names() == ["Hammer Strike"] * 3 + ["Crushing Weight"] * 2
    assert deck.copies("hammer strike") == 3
    assert deck.loc == Loc("s.deck", 1, 1)
    assert deck.card_locs[1] == Loc("s.deck", 5, 3)
    assert deck.feat_locs[2] == Loc("s.deck", 3, 32)
    with pytest.raises(AttributeError):
        deck.name = "other"  # type: ignore[misc]


def test_good_deck_has_no_problems_and_resolves_spelling() -> None:
    deck = compile_deck(STEWARD.replace('"Hammer Strike"', '"hammer strike"'))
    assert check_deck(deck, library()) == []
    assert resolve_deck(deck, library()).cards[0] == (3, "Hammer Strike")


def test_unknown_card_did_you_mean() -> None:
    deck = compile_deck(STEWARD.replace('2 "Crushing Weight"', '2 "Crushing Wieght"'), "s.deck")
    [err] = check_deck(deck, library())
    assert err.message == 'unknown card "Crushing Wieght"; did you mean \'Crushing Weight\'?'
    assert (err.file, err.line, err.col) == ("s.deck", 5, 3)
    assert err.format().splitlines()[1].strip() == '2 "Crushing Wieght"'
    with pytest.raises(CardError, match="Crushing Wieght"):
        resolve_deck(deck, library())


def test_unknown_feat() -> None:
    deck = compile_deck(STEWARD.replace('"Strike"', '"Strik"'))
    [err] = check_deck(deck, library())
    assert err.message.startswith('unknown feat "Strik"; did you mean \'Strike\'?')
    assert (err.line, err.col) == (3, 22)


def test_card_of_another_game() -> None:
    deck = compile_deck(STEWARD.replace("for toy", "for ivion"), "s.deck")
    errors = check_deck(deck, library())
    assert len(errors) == 5
    assert errors[0].message == '"Hammer Strike" is a toy card; this deck is for ivion'


def test_unknown_game_points_at_the_game_word() -> None:
    with pytest.raises(CardError) as info:
        compile_deck('deck "X" for ivoin\n', "x.deck")
    err = info.value
    assert err.message == "unknown game 'ivoin'; did you mean 'ivion'?"
    assert (err.line, err.col) == (1, 14)
    assert "known games:" in err.hint


@pytest.mark.parametrize("count", ["0", "-1", "100"])
def test_impossible_counts(count: str) -> None:
    with pytest.raises(CardError) as info:
        compile_deck(f'deck "X" for toy\n{count} "Strike"\n')
    assert f'{count} copies of "Strike" is impossible (1..99)' == info.value.message
    assert info.value.line == 2


def test_card_listed_twice() -> None:
    with pytest.raises(CardError) as info:
        compile_deck('deck "X" for toy\n2 "Strike"\n1 "strike"\n')
    assert info.value.message == '"strike" is listed twice (first at line 2)'
    assert (info.value.line, info.value.col) == (3, 3)


def test_feat_listed_twice_and_two_feats_lines() -> None:
    with pytest.raises(CardError, match='feat "a" is listed twice'):
        compile_deck('deck "X" for toy\nfeats "A", "a"\n')
    with pytest.raises(CardError, match="a second 'feats' line"):
        compile_deck('deck "X" for toy\nfeats "A"\nfeats "B"\n')


def test_syntax_error_in_deck() -> None:
    with pytest.raises(CardError) as info:
        compile_deck('deck "X" for toy\nfeat "A"\n', "x.deck")
    err = info.value
    assert (err.line, err.col) == (2, 1)
    assert err.message.startswith("unexpected 'feat'; expected")
    assert err.hint == "did you mean 'feats'?"
    with pytest.raises(CardError, match="expected a \"quoted name\""):
        compile_deck('deck "X" for toy\n3 Strike\n')


def test_load_deck_file_and_folders(tmp_path: Path) -> None:
    f = tmp_path / "sub" / "steward.deck"
    f.parent.mkdir()
    f.write_text(STEWARD)
    (tmp_path / "cards.toy").write_text("")
    deck = load_deck(f)
    assert deck.name == "Steward" and deck.card_locs[0].file == str(f)
    assert load_deck(f) == deck             # second time from the cache
    assert deck_files([tmp_path]) == [f]
    with pytest.raises(CardError, match="can't read file"):
        load_deck(tmp_path / "nope.deck")


def test_game_rules_hook_is_used_when_present() -> None:
    class Rules:
        def check_deck(self, deck: DeckDef, lib: CardLibrary) -> list[tuple[str, Loc]]:
            return [(f"too few cards: {deck.size}", deck.loc)]

    deck = compile_deck(STEWARD, "s.deck")
    [err] = check_deck(deck, library(), Rules())
    assert err.message == "too few cards: 5" and err.line == 1


# ---- Ivion's deck rules ------------------------------------------------------------------

def ivion_deck(lines: str, feats: str = '"Shield Slam", "Strike", "Resilience"') -> DeckDef:
    return compile_deck(f'deck "D" for toy\nfeats {feats}\n{lines}', "d.deck")


def big_library() -> CardLibrary:
    """15 cards to take 3 of each: 5 of the Steward specialization, 10 of the Warrior class
    (IV-SETUP-9: 15 specialization cards and 30 class cards)."""
    extra = "".join(f'card "Skill {i}" {{ skill {"steward" if i < 5 else "warrior"} }}\n'
                    for i in range(15))
    return library(extra)


def full_deck() -> str:
    return "".join(f'3 "Skill {i}"\n' for i in range(15))


def test_ivion_rules_are_the_games_deck_hook() -> None:
    """``check_deck`` applies a game's rules through its ``GameRules.check_deck``."""
    deck = ivion_deck(full_deck().replace('3 "Skill 0"', '2 "Skill 0"'))
    problems = ivion_deck_problems(deck, big_library())
    assert problems and get_game("ivion").check_deck(deck, big_library()) == problems
    errors = check_deck(deck, big_library(), get_game("ivion"))
    assert [(e.message, e.line, e.col) for e in errors] == [(m, at.line, at.col) for m, at in problems]


def test_ivion_good_deck() -> None:
    assert ivion_deck_problems(ivion_deck(full_deck()), big_library()) == []


def test_ivion_deck_size() -> None:
    deck = ivion_deck(full_deck().replace('3 "Skill 0"', '2 "Skill 0"'))
    [(msg, loc), (split, at)] = ivion_deck_problems(deck, big_library())
    assert msg == "an Ivion deck has 45 cards; this one has 44" and loc.line == 1
    assert split == ("an Ivion deck has 15 cards from its specialization; this one has 14 "
                     "from Steward (IV-SETUP-9)") and at.line == 1


def test_ivion_copies() -> None:
    deck = ivion_deck(full_deck().replace('3 "Skill 0"\n3 "Skill 1"', '4 "Skill 0"\n2 "Skill 1"'))
    [(msg, loc)] = ivion_deck_problems(deck, big_library())
    assert msg == '4 copies of "Skill 0": at most 3 copies of a card by name'
    assert loc.line == 3


def test_ivion_feats() -> None:
    lib = big_library()
    problems = ivion_deck_problems(ivion_deck(full_deck(), '"Strike", "Resilience"'), lib)
    assert [m for m, _ in problems] == [
        "an Ivion hero has one ultimate and two traits; this deck has 0 ultimate(s) and 2 trait(s)"]
    problems = ivion_deck_problems(ivion_deck(full_deck(), '"Shield Slam", "Strike", "Skill 1"'), lib)
    assert '"Skill 1" is a skill card, not a feat (an ultimate or a trait)' in [m for m, _ in problems]


def test_ivion_feat_in_the_deck() -> None:
    deck = ivion_deck(full_deck().replace('3 "Skill 0"', '2 "Skill 0"\n1 "Strike"'))
    problems = ivion_deck_problems(deck, big_library())
    assert [m for m, _ in problems] == [
        '"Strike" is a trait: feats go on the \'feats\' line, not in the deck',
        # a feat is no specialization card
        "an Ivion deck has 15 cards from its specialization; this one has 14 from Steward (IV-SETUP-9)"]


def test_ivion_refuses_an_avatar_and_attached_cards_where_they_stand() -> None:
    # an attached card ('with') reached Ivion's setup as a pair of names: a TypeError there
    deck = ivion_deck(full_deck().replace('3 "Skill 0"', '2 "Skill 0"\n1 "Skill 0" with "Strike"')
                      + 'avatar "Skill 1"\n')
    problems = [(m, at.line, at.col) for m, at in ivion_deck_problems(deck, big_library())]
    assert problems == [
        ('an Ivion deck has no \'avatar\' line ("Skill 1"): its hero is its feats and its cards', 19, 8),
        ('"Skill 0" with "Strike": an Ivion deck attaches no card to an entry (one card name a line)', 4, 3)]
