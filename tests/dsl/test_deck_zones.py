"""Deck files fill the zones that cards make (IV-ZONE-6) at character creation: the cards
beneath a feat (`beneath "FEAT": ...`) and the Collection (`collection N "CARD"`);
docs/ivion/choices.md "Piles beneath a card" and "The Collection"; docs/language.md § Decks.
The card-language side (`put`) is checked here too: a bad step is a located error."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.decks import check_deck, compile_deck, load_deck, resolve_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import bundled_library, compile_source
from cardsmith.runtime.core import Game, get_game

HEAD = '''deck "Mage" for ivion
starter
feats "Arcana", "Spellbook", "Stormstruck"
'''
ZONES = '''beneath "Spellbook": "Counterspell", "wish", "Alter"
collection 3 "spark"
collection 1 "Aim"
'''
CARDS = '3 "Counterspell"\n3 "Polymorph"\n3 "Time Spiral"\n'


def library():
    return bundled_library("ivion")


BOOK = 'beneath "Spellbook": "Counterspell", "Wish", "Alter"\n'


def problem(lines: str, book: str = BOOK) -> CardError:
    """The one problem ``check_deck`` finds in the deck with these lines added (and, after
    them, Spellbook's beneath line: without one the deck has that problem too)."""
    [err] = check_deck(compile_deck(HEAD + lines + book + CARDS, "mage.deck"), library())
    return err


def test_beneath_and_collection_lines_compile_resolve_and_reach_the_game():
    """IV-ZONE-6; choices.md "Piles beneath a card" (a deck's beneath line, character
    creation), "The Collection" (collection lines); names resolve as a deck's do."""
    deck = compile_deck(HEAD + ZONES + CARDS, "mage.deck")
    assert deck.beneath == (("Spellbook", ("Counterspell", "wish", "Alter")),)
    assert deck.collection == ((3, "spark"), (1, "Aim"))
    assert deck.size == 9                                  # neither is part of the deck
    lib = library()
    assert check_deck(deck, lib) == []
    deck = resolve_deck(deck, lib)
    opts = deck.as_options()
    assert opts["beneath"] == {"Spellbook": ["Counterspell", "Wish", "Alter"]}
    assert opts["collection"] == ["Spark", "Spark", "Spark", "Aim"]
    g = Game.new(get_game("ivion"), lib, decks=[opts, opts], seed=3, first=0)
    book = next(c for c in g.state.zones["feats:0"] if g.name(c) == "Spellbook")
    assert sorted(g.name(c) for c in g.state.zones[f"beneath:{book}"]) == ["Alter", "Counterspell", "Wish"]
    storm = next(c for c in g.state.zones["feats:0"] if g.name(c) == "Stormstruck")
    assert [g.name(c) for c in g.state.zones[f"beneath:{storm}"]] == ["Spark"] * 3   # alice's first turn
    assert [g.name(c) for c in g.state.zones["collection:0"]] == ["Aim"]
    assert [g.name(c) for c in g.state.zones["collection:1"]] == ["Spark"] * 3 + ["Aim"]  # bob's turn comes
    assert not g.rules.zone_visible(g.state, "collection:1", 0) and g.rules.zone_visible(g.state, "collection:1", 1)


def test_a_deck_file_with_zones_loads_from_disk_and_from_the_cache(tmp_path: Path, monkeypatch):
    """docs/language.md § Decks (a deck is cached like a card file: the new lines survive)."""
    monkeypatch.setenv("CARDSMITH_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "mage.deck"
    path.write_text(HEAD + ZONES + CARDS)
    lib = library()
    cold = load_deck(path, lib)
    warm = load_deck(path, lib)
    assert cold.beneath == warm.beneath and cold.collection == warm.collection
    assert warm.collection == ((3, "Spark"), (1, "Aim"))


def test_beneath_must_name_one_of_the_decks_feats():
    """choices.md "Piles beneath a card" (only a feat holds cards from character creation)."""
    err = problem('beneath "Polymorph": "Wish"\n')
    assert "not one of this deck's feats" in err.message
    assert (err.line, err.col) == (4, 9)


def test_an_unknown_card_in_a_zone_line_is_located_with_a_hint():
    """docs/language.md § References and scoping (every name of a deck line is resolved)."""
    err = problem('collection 3 "Sprak"\n')
    assert "Sprak" in err.message and "Spark" in err.message and err.line == 4
    err = problem('beneath "Spellbook": "Counterspel"\n', book="")
    assert "Counterspel" in err.message and err.line == 4 and err.col == 22


@pytest.mark.parametrize("text, message", [
    ('collection 0 "Spark"\n', "impossible"),
    ('collection 2 "Spark"\ncollection 1 "spark"\n', "listed twice in the collection"),
    ('beneath "Spellbook": "Wish"\nbeneath "spellbook": "Alter"\n', "a second 'beneath"),
    ('beneath "Spellbook"\n', "expected"),
])
def test_bad_zone_lines_are_located_errors(text: str, message: str):
    """Bad input gives a clear located message (DESIGN § The language)."""
    with pytest.raises(CardError) as info:
        compile_deck(HEAD + text + CARDS, "mage.deck")
    assert message in str(info.value) and info.value.line >= 4


@pytest.mark.parametrize("step, message", [
    ('put 1 card from hand', "needs where to"),
    ('put 1 card to hand', "needs where from"),
    ('put this card named "Spark" to hand', "moves the cards it names"),
    ('put 1 card from hand to hand beneath this card', "one of 'to ZONE' and 'beneath SELECTOR'"),
    ('draw 1 card beneath this card', "does not take a 'beneath' clause"),
    ('put 1 card from graveyard to hand', "expected"),
])
def test_a_bad_put_step_is_a_located_error(step: str, message: str):
    """docs/language.md § How verbs declare their shape (checked at load time)."""
    text = f'card "T Bad" {{\n  skill warrior\n  {step}\n}}\n'
    with pytest.raises(CardError) as info:
        compile_source(text, "ivion", "bad.ivion")
    assert message in str(info.value), str(info.value)
    assert info.value.line == 3


PILES = ('pile feathers: "Finch", "crow", "Finch"\npile arrowheads: "Bodkin"\n'
         'pile traps: "Bearjaws", "Honeypot"\n')


def test_pile_lines_fill_the_games_piles_apart_from_the_deck():
    """IV-ZONE-6 (Trap deck, Feather and Arrowhead decks); choices.md "The Fletcher's
    Feather deck, Arrowhead deck and Master Arrow" (a deck file's pile lines)."""
    deck = resolve_deck(compile_deck(HEAD + BOOK + PILES + CARDS, "mage.deck"), library())
    opts = deck.as_options()
    assert opts["feathers"] == ["Finch", "Crow", "Finch"] and opts["arrowheads"] == ["Bodkin"]
    assert opts["traps"] == ["Bearjaws", "Honeypot"] and deck.size == 9
    g = Game.new(get_game("ivion"), library(), decks=[opts, opts], seed=3, first=0)
    assert sorted(g.name(c) for c in g.state.zones["feathers:0"]) == ["Crow", "Finch", "Finch"]
    assert sorted(g.name(c) for c in g.state.zones["traps:1"]) == ["Bearjaws", "Honeypot"]


def test_a_pile_line_names_a_known_pile_of_the_right_cards():
    """choices.md "The Fletcher's ..." (only Feather cards in the Feather deck ...); G-21."""
    err = problem('pile quivers: "Finch"\n')
    assert "unknown pile 'quivers'" in err.message and "feathers" in err.message and err.line == 4
    err = problem('pile feathers: "Finch", "Bodkin"\n')
    assert '"Bodkin" is an arrowhead card, not a card of the feathers pile' in err.message
    assert (err.line, err.col) == (4, 25)
    with pytest.raises(CardError, match="a second 'pile feathers' line"):
        compile_deck(HEAD + 'pile feathers: "Finch"\npile feathers: "Crow"\n' + CARDS, "mage.deck")
