"""The limits every Ivion deck is held to, starter or constructed: 45 cards, at most 3 copies
of a card, one ultimate and two traits on the feats line (not in the deck), and no deck line
Ivion has no use for (IV-SETUP-9; 000 § Rules Reference > Deck Customization > Build Your
Deck)."""
from __future__ import annotations

from cardsmith.dsl.decks import DeckDef, check_deck, compile_deck
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core import get_game
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.ivion.deck_rules import deck_problems as ivion_deck_problems


def ivion_deck(lines: str, feats: str = '"Shield Slam", "Strike", "Resilience"') -> DeckDef:
    return compile_deck(f'deck "D" for ivion\nfeats {feats}\n{lines}', "d.deck")


def big_library() -> CardLibrary:
    """15 cards to take 3 of each: 5 of the Steward specialization, 10 of the Warrior class
    (IV-SETUP-9: 15 specialization cards and 30 class cards), Steward's ultimate and two traits."""
    src = "".join(f'card "Skill {i}" {{ skill {"steward" if i < 5 else "warrior"} }}\n' for i in range(15))
    src += 'card "Shield Slam" { ultimate steward hp 30 }\ncard "Strike" { trait }\ncard "Resilience" { trait }\n'
    return CardLibrary(compile_source(src, "ivion", "lib.ivion"))


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
    assert msg == "an Ivion deck has 45 cards; this one has 44 (IV-SETUP-9; 001 § Make Your Own Hero)" and loc.line == 1
    assert split == ("an Ivion deck has 15 cards from its specialization; this one has 14 "
                     "from Steward (IV-SETUP-9; 001 § Make Your Own Hero)") and at.line == 1


def test_ivion_copies() -> None:
    deck = ivion_deck(full_deck().replace('3 "Skill 0"\n3 "Skill 1"', '4 "Skill 0"\n2 "Skill 1"'))
    [(msg, loc)] = ivion_deck_problems(deck, big_library())
    assert msg == ('4 copies of "Skill 0": at most 3 copies of a card by name (IV-SETUP-9; '
                   "000 § The Fox and the Forest Rules Reference > Deck Customization > Build Your Deck)")
    assert loc.line == 3


def test_ivion_feats() -> None:
    lib = big_library()
    problems = ivion_deck_problems(ivion_deck(full_deck(), '"Strike", "Resilience"'), lib)
    assert [m for m, _ in problems] == [
        "an Ivion hero has one ultimate and two traits; this deck has 0 ultimate(s) and 2 trait(s) (IV-SETUP-9; 001 § Make Your Own Hero)"]
    problems = ivion_deck_problems(ivion_deck(full_deck(), '"Shield Slam", "Strike", "Skill 1"'), lib)
    assert '"Skill 1" is a skill card, not a feat (an ultimate or a trait)' in [m for m, _ in problems]


def test_ivion_feat_in_the_deck() -> None:
    deck = ivion_deck(full_deck().replace('3 "Skill 0"', '2 "Skill 0"\n1 "Strike"'))
    problems = ivion_deck_problems(deck, big_library())
    assert [m for m, _ in problems] == [
        '"Strike" is a trait: feats go on the \'feats\' line, not in the deck',
        # a feat is no specialization card
        "an Ivion deck has 15 cards from its specialization; this one has 14 from Steward (IV-SETUP-9; 001 § Make Your Own Hero)"]


def test_ivion_refuses_an_avatar_and_attached_cards_where_they_stand() -> None:
    # an attached card ('with') reached Ivion's setup as a pair of names: a TypeError there
    deck = ivion_deck(full_deck().replace('3 "Skill 0"', '2 "Skill 0"\n1 "Skill 0" with "Strike"')
                      + 'avatar "Skill 1"\n')
    problems = [(m, at.line, at.col) for m, at in ivion_deck_problems(deck, big_library())]
    assert problems == [
        ('an Ivion deck has no \'avatar\' line ("Skill 1"): its hero is its feats and its cards', 19, 8),
        ('"Skill 0" with "Strike": an Ivion deck attaches no card to an entry (one card name a line)', 4, 3)]
