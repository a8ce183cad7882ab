"""Disguise's character-creation pile in ``cardsmith check`` (IV-ZONE-6; tsv "Disguise":
three traits go face down beneath it at character creation, their colour requirements
waived; docs/ivion/choices.md "Piles beneath a card"): its script carries the static
``beneath_at_creation = 3, trait, 0, repeats``, and every problem with its ``beneath``
line is located where it stands.  Traits and ultimates are told apart as 000 § Parts of a
Card > Traits and 001 § Additional Rules > Feats > TRAITS tell them."""
from __future__ import annotations

import io

import pytest

from cardsmith.cli import main
from cardsmith.dsl.decks import check_deck, compile_deck, resolve_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import bundled_library
from cardsmith.runtime.core import Game, get_game

CITE = '(tsv "Disguise"; docs/ivion/choices.md "Piles beneath a card")'
# A hero of Fletcher (green), Yeoman (green) and Warrior (gray): Disguise's two green pips
# are met, so the deck is good by every other rule.  Line 2 the feats, 3 the beneath line.
TRAITS = 'beneath "Disguise": "Spellbook", "Looming", "Looming"\n'
FLETCHER = ['Flint', 'Snap Shot', 'Dramatic Stunt', 'Applethrough', 'Trick Shot']
YEOMAN = ['Aim', 'Dukebane', 'Whistler', 'Nettle', 'Puncture', 'Bullseye', 'Breathe', 'Rain of Arrows']
CARDS = "".join(f'3 "{n}"\n' for n in FLETCHER + YEOMAN + ["Tenacity", "Challenge"])


def deck_text(beneath: str = TRAITS, feats: str = '"Fletch", "Disguise", "Strike"', extra: str = "") -> str:
    return f'deck "Masked Fletcher" for ivion\nfeats {feats}\n{beneath}{CARDS}{extra}'


def errors(text: str) -> list[CardError]:
    return check_deck(compile_deck(text, "d.deck"), bundled_library("ivion"))


def where(err: CardError) -> tuple[int, int]:
    return err.line, err.col


def test_the_static_says_what_the_pile_admits():
    """Data, not a special case on the name: Disguise's script carries the static."""
    card = bundled_library("ivion").get("Disguise")
    assert [ab.args for ab in card.abilities if getattr(ab, "rule", "") == "beneath_at_creation"] == \
        [(3, "trait", 0, "repeats")]


def test_any_three_traits_are_good_whatever_their_colours():
    """Spellbook (blue) and Looming (red, red) need colours this green and gray hero lacks:
    beneath Disguise that is waived, and a trait may be named twice."""
    assert errors(deck_text()) == []
    # the same trait as a feat of the hero's is held to its colours: the waiver is the card's
    found = errors(deck_text(feats='"Fletch", "Disguise", "Looming"'))
    assert [e.message.split(";")[0] for e in found] == ['the trait "Looming" needs 2 red archetypes']


def test_a_disguise_without_a_beneath_line_is_told_to_add_one():
    [err] = errors(deck_text(beneath=""))
    assert err.message == ('"Disguise" holds 3 traits from character creation: add a line '
                           f"'beneath \"Disguise\": \"CARD\", ...' naming them {CITE}")
    assert where(err) == (2, 17)


@pytest.mark.parametrize("line,named", [('beneath "Disguise": "Spellbook", "Looming"\n', 2),
                                        (TRAITS.replace('"Spellbook"', '"Spellbook", "Icicle"'), 4)])
def test_two_or_four_traits_are_refused_at_the_line(line, named):
    [err] = errors(deck_text(beneath=line))
    assert (err.message, where(err)) == (f'beneath "Disguise" go exactly 3 traits; this line names {named} {CITE}',
                                         (3, 9))


def test_an_ultimate_or_a_skill_card_beneath_is_refused_at_its_name():
    [err] = errors(deck_text(beneath=TRAITS.replace('"Looming", "Looming"', '"Looming", "Arcana"')))
    assert err.message == f'"Arcana" is an ultimate, not a trait: only traits go beneath "Disguise" {CITE}'
    assert where(err) == (3, 45)
    [err] = errors(deck_text(beneath=TRAITS.replace('"Spellbook"', '"Icebolt"')))
    assert err.message == f'"Icebolt" is a Cryomancer card, not a trait: only traits go beneath "Disguise" {CITE}'
    assert where(err) == (3, 21)


def test_a_trait_in_the_deck_is_refused_as_a_feat_not_let_in():
    """COPIES 0: the pile lets nothing into the deck, so the usual rules speak alone: the
    trait is refused where it stands, and counted in the 45 (no copies set apart)."""
    found = {e.message: where(e) for e in errors(deck_text(extra='1 "Looming"\n'))}
    assert found == {"\"Looming\" is a trait: feats go on the 'feats' line, not in the deck": (19, 3),
                     "an Ivion deck has 45 cards; this one has 46 (IV-SETUP-9; 001 § Make Your Own Hero)": (1, 1)}


def test_cardsmith_check_prints_the_place_and_a_caret(tmp_path):
    path = tmp_path / "masked.deck"
    path.write_text(deck_text(beneath=TRAITS.replace('"Spellbook"', '"Icebolt"')), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", str(path)], out, err) == 1
    text = out.getvalue() + err.getvalue()
    assert f"{path}:3:21: \"Icebolt\" is a Cryomancer card, not a trait" in text
    assert '    beneath "Disguise": "Icebolt", "Looming", "Looming"\n' + " " * 24 + "^" in text


def test_the_checked_deck_puts_its_traits_face_down_beneath_disguise():
    """The deck as checked reaches the game: all three, repeats kept, face down
    (static beneath_face_down)."""
    lib = bundled_library("ivion")
    opts = resolve_deck(compile_deck(deck_text(), "d.deck"), lib).as_options()
    g = Game.new(get_game("ivion"), lib, decks=[opts, opts], seed=2, first=0)
    disguise = next(c for c in g.state.zones["feats:0"] if g.name(c) == "Disguise")
    pile = g.state.zones[f"beneath:{disguise}"]
    assert sorted(g.name(c) for c in pile) == ["Looming", "Looming", "Spellbook"]
    assert not any(g.state.cards[c].revealed for c in pile)
