"""Each game's card language has that game's words and no other's: the grammar's units,
nouns, filters ... come from the game's vocabulary (docs/language.md "Each game's words")."""
from __future__ import annotations

from typing import Any

import pytest

from cardsmith.dsl import languages, loader
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core import registry
from cardsmith.runtime.core.verbs import Verb

from . import toygame

GAMES = ("ivion", "sylvion", "ikorr")
HEADERS = {"ivion": "skill warrior", "sylvion": "tree  cost 1  vitality 2", "ikorr": "spell  cost 1"}


def compiled(game: str, body: str) -> Any:
    return compile_source(f'card "X" {{\n  {HEADERS[game]}\n  {body}\n}}\n', game, f"x.{game}")


def error_of(game: str, body: str) -> CardError:
    with pytest.raises(CardError) as info:
        compiled(game, body)
    return info.value


def test_each_game_counts_in_its_own_units() -> None:
    assert compiled("ikorr", "gain 2 influence")
    err = error_of("ivion", "gain 2 influence")
    assert (err.line, err.col) == (3, 10)           # at the word
    assert err.message.startswith("'gain' does not take 'influence' (expected 'action'")
    assert compiled("sylvion", "draw 2 cards")
    assert "'edges'" in error_of("ivion", "draw 2 edges").message


def test_a_noun_of_another_game_is_reported_at_the_word() -> None:
    err = error_of("ivion", "deal 2 damage to target champion")
    assert (err.line, err.col) == (3, 27)
    assert err.message.startswith("unexpected 'champion'; expected a number, 'other' or a noun ('enemy'")
    assert err.hint == "'champion' is not something ivion cards can select"
    assert compiled("ikorr", "deal 2 damage to target champion")


def test_a_label_of_another_game_means_nothing_here() -> None:
    assert compiled("ivion", "advantage: draw 1 card")
    assert "'advantage'" not in languages.language("sylvion").grammar
    err = error_of("sylvion", "advantage: draw 1 card")
    assert (err.line, err.col, err.message) == (3, 3, "'advantage' means nothing in sylvion")
    assert error_of("ivion", "combos: draw 1 card").message == "'combos' means nothing in ivion; did you mean 'combo'?"
    err = error_of("ivion", "types: attack")
    assert err.message == "'types:' is not a header: a header has no ':'"
    assert err.hint == "a 'types' header looks like: types attack, buff"


def test_a_zone_of_another_game_is_not_in_the_grammar() -> None:
    assert "'feat zone'" in languages.language("ivion").grammar
    assert "'feat zone'" not in languages.language("ikorr").grammar


@pytest.mark.parametrize("game", GAMES)
def test_every_unit_a_verb_counts_is_one_of_its_games_units(game: str) -> None:
    """Else the verb's unit could never be written: the grammar has only the game's units."""
    vocab = registry.get_game(game).vocab
    for name, verb in vocab.verbs.items():
        assert set(verb.units) - {""} <= set(vocab.units), (game, name)
    for name, ability in vocab.activations.items():
        assert set(getattr(ability, "units", None) or ()) <= set(vocab.units), (game, name)
    assert set(vocab.reserved).isdisjoint(vocab.verbs), "a reserved word can't be a verb"


class GoldRules(toygame.ToyRules):
    name = "toy_gold"


class Earn(Verb):
    amount = "required"
    units = ("gold",)


@pytest.fixture
def gold_game(monkeypatch: pytest.MonkeyPatch) -> GoldRules:
    """A game brought the way any game is: rules with a card header, a vocabulary with a
    word of its own; registered for this test only."""
    rules = toygame.build(GoldRules)
    rules.vocab.verb("earn")(Earn)
    rules.vocab.words(units=("gold",))
    monkeypatch.setitem(registry._GAMES, rules.name, rules)
    monkeypatch.setattr(languages, "_LANGUAGES", dict(languages._LANGUAGES))
    monkeypatch.setattr(loader, "_LANGUAGE_DIGESTS", dict(loader._LANGUAGE_DIGESTS))
    return rules  # type: ignore[return-value]


def test_a_new_game_adds_words_by_registering_them(gold_game: GoldRules) -> None:
    text = 'card "Coin" {\n  skill warrior\n  earn 3 gold\n}\n'
    [card] = compile_source(text, "toy_gold", "coin.toy_gold")
    assert card.effect[0].unit == "gold"
    with pytest.raises(CardError) as info:
        compile_source(text, "toy", "coin.toy")          # the same words, another game
    assert "unknown verb 'earn'" in info.value.message
    assert "'gold'" in languages.language("toy_gold").grammar
    assert "'gold'" not in languages.language("toy").grammar


def test_the_cache_key_has_the_games_grammar(gold_game: GoldRules) -> None:
    """The two games are made of the same files: only their generated grammars differ."""
    toy, gold = languages.language("toy"), languages.language("toy_gold")
    assert toy.folders() == gold.folders()
    assert loader._compiler_digest("toy") != loader._compiler_digest("toy_gold")
