"""The REPL's deck loading (``cardsmith.repl.decks``) with decks that import card files:
the imported cards join the session's library (kept by ``reload`` and ``save``), and a bad
import is a located error that leaves the game as it was."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.loader import bundled_cards_dir
from cardsmith.repl.commands import execute
from cardsmith.repl.decks import CARD_FILES, load_deck_lists, split_card_files
from cardsmith.repl.session import Session
from cardsmith.runtime.core import get_game

MY_BOLT = 'card "My Bolt" { skill winterborn  cost 1 action  types attack  deal 3 damage to target enemy }\n'


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    """Winterborn with its Icebolts swapped for a designer's own card, imported."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "bolt.ivion").write_text(MY_BOLT)
    text = (bundled_cards_dir() / "ivion" / "decks" / "winterborn.deck").read_text()
    assert '3 "Icebolt"' in text
    path = tmp_path / "mine.deck"
    path.write_text('import "cards/bolt.ivion"\n' + text.replace('3 "Icebolt"', '3 "my bolt"'))
    return path


def names(repl) -> list[str]:
    """Every card of the game, by name (in decks, hands, anywhere)."""
    return [repl.game.name(c) for c in repl.game.state.cards]


def test_the_deck_lists_name_the_files_the_deck_imports(deck: Path) -> None:
    options = load_deck_lists(deck, get_game("ivion"))
    assert options[CARD_FILES] == [str(deck.parent / "cards" / "bolt.ivion")]
    assert options["cards"].count("my bolt") == 3          # no library: names as written
    [plain], files = split_card_files([options])
    assert CARD_FILES not in plain and files == [deck.parent / "cards" / "bolt.ivion"]
    assert CARD_FILES in options                             # the caller's dict is left alone


def test_new_with_an_importing_deck_plays_its_cards(repl, deck: Path) -> None:
    repl(f"new decks steward {deck}")
    assert names(repl).count("My Bolt") == 3 and "Icebolt" not in names(repl)
    assert "My Bolt" in repl.session.library
    assert repl.session.card_paths == [deck.parent / "cards" / "bolt.ivion"]
    assert "reloaded" in repl("reload")                       # the imported file is re-read too
    assert "My Bolt" in repl.session.library
    repl(f"new decks steward {deck}")                          # not listed twice
    assert len(repl.session.card_paths) == 1


def test_a_saved_game_with_imported_cards_loads_again(repl, deck: Path, tmp_path: Path) -> None:
    repl(f"new decks {deck} steward")
    path = tmp_path / "game.json"
    repl(f"save {path}")
    other = Session(seed=1)
    result = execute(other, f"load {path}")
    assert result.ok, result.text
    assert other.g.to_json() == repl.game.to_json()


@pytest.mark.parametrize("bad,message", [
    ('import "cards/nope.ivion"', "mine.deck:1:1: can't import 'cards/nope.ivion': no such file"),
    ('3 "My Blot"', "did you mean 'My Bolt'?"),
])
def test_a_bad_deck_is_located_and_the_game_is_kept(repl, deck: Path, bad: str, message: str) -> None:
    text = deck.read_text()
    deck.write_text(text.replace('import "cards/bolt.ivion"', bad) if bad.startswith("import")
                    else text.replace('3 "my bolt"', bad))
    before = repl.game.to_json()
    out = repl.fails(f"new decks steward {deck}")
    assert message in out and "Traceback" not in out
    assert repl.game.to_json() == before and "My Bolt" not in repl.session.library


def test_a_broken_imported_file_is_located_in_that_file(repl, deck: Path) -> None:
    (deck.parent / "cards" / "bolt.ivion").write_text(MY_BOLT.replace("deal 3", "dael 3"))
    out = repl.fails(f"new decks steward {deck}")
    assert "bolt.ivion:1:" in out and "unknown verb 'dael'" in out


@pytest.mark.parametrize("game,decks,zone,first", [
    ("ivion", "winterborn steward", "feats:0", ["Winterburst", "Icicle", "Fragments"]),
    ("ikorr", "tide-oracle ember-regent", "avatar:0", ["Tide Oracle"]),
])
def test_new_plays_a_games_own_bundled_decks_by_name(repl, game: str, decks: str, zone: str,
                                                      first: list[str]) -> None:
    """``new GAME decks A B`` finds A and B among that game's bundled decks (the REPL once
    looked for every game's among Ivion's): the first player holds the first deck's feats
    (Ivion) or avatar (Rush of Ikorr)."""
    out = repl(f"new {game} decks {decks} seed 3")
    assert "no bundled" not in out and repl.session.game_name == game
    state = repl.game.state
    assert sorted(state.cards[c].name for c in state.zones[zone]) == sorted(first)


@pytest.mark.parametrize("game,message", [
    ("ivion", "no deck file or bundled ivion deck named 'nope' (bundled: " + ", ".join(
        sorted(p.stem for p in (bundled_cards_dir() / "ivion" / "decks").glob("*.deck"))) + ")"),
    ("ikorr", "no deck file or bundled ikorr deck named 'nope' (bundled: ember-regent, tide-oracle)"),
    ("sylvion", "no deck file or bundled sylvion deck named 'nope' (sylvion has no bundled decks)"),
])
def test_new_with_an_unknown_deck_names_the_games_bundled_ones(repl, game: str, message: str) -> None:
    before = repl.game.to_json()
    out = repl.fails(f"new {game} decks nope nope")
    assert message in out
    assert repl.session.game_name == "ivion" and repl.game.to_json() == before


def test_new_refuses_another_games_deck(repl) -> None:
    steward = get_game("ivion").bundled_decks()["steward"]
    out = repl.fails(f"new ikorr decks {steward} tide-oracle")
    assert f"{steward}:1:1: this deck is for ivion, not ikorr" in out
    assert repl.session.game_name == "ivion"
